// A new-user probe (seventy-third pass): `skc open pdf SKILL.md --from-line 99999` answered "from_line 99999
// is past the end", the MCP parameter's name at a terminal. The refusal names the option as the caller
// wrote it: `--from-line` at a terminal (text or JSON), `from_line` over MCP (E100 either way). Real files.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { build } from "../../src/app/build/build.js"
import { openFile } from "../../src/app/search/open.js"
import { AnswerSurfaceRef } from "../../src/app/shared/index.js"
import { diskWorld } from "../helpers/worlds.js"

describe("open: from_line past the end names the option as written", () => {
  it.live("--from-line at a terminal, from_line over MCP; a binary file's refusal too", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-open-from-line-name-")
      const root = join(w.work, ".skillc", "skills", "pages")
      mkdirSync(join(root, "assets"), { recursive: true })
      writeFileSync(join(root, "SKILL.md"), "---\nname: pages\ndescription: Pages. Use when testing.\n---\n# Pages\n\nOne.\n")
      writeFileSync(join(root, "assets", "logo.png"), new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]))
      yield* w.run(build({ skill: "pages" }))
      const refusal = (path: string, surface?: "mcp" | "text" | "json") =>
        Effect.map(
          Effect.flip(w.run(surface === undefined ? openFile({ skill: "pages", path, from_line: 99 }) : openFile({ skill: "pages", path, from_line: 99 }).pipe(Effect.provideService(AnswerSurfaceRef, surface)))),
          (e) => String((e as { message?: unknown }).message)
        )
      expect(yield* refusal("SKILL.md", "text")).toBe("--from-line 99 is past the end of 'SKILL.md' (7 lines)")
      expect(yield* refusal("SKILL.md", "json")).toBe("--from-line 99 is past the end of 'SKILL.md' (7 lines)")
      expect(yield* refusal("SKILL.md")).toBe("from_line 99 is past the end of 'SKILL.md' (7 lines)")
      expect(yield* refusal("assets/logo.png", "text")).toBe("--from-line reads lines of text, and 'assets/logo.png' is a binary file")
    }))
})
