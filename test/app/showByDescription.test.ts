// A new-user probe: two example files each hold "# Structure"; the stub lists them as "Structure — First
// example of a deploy run" and "Structure — <the other's description>". `show --section` with the first
// answered one.md with W001 naming two.md as "the next", though the description names one file. The part
// after " — " now picks the files whose description it is (cut at 120 characters with "…" as the stub cuts it).
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { build } from "../../src/app/build/build.js"
import { show } from "../../src/app/search/show.js"
import { diskWorld } from "../helpers/worlds.js"

const LONG = "A second example of a deploy run, written at length so that the listing cuts it: it goes on past the hundred and twenty characters."

describe("show 'Title — description' where several files hold the title", () => {
  it.live("the description names the file; without it, or with one no file has, W001 as before", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-show-described-")
      const root = join(w.work, ".skillc", "skills", "deploy")
      mkdirSync(join(root, "examples"), { recursive: true })
      writeFileSync(join(root, "SKILL.md"), "---\nname: deploy\ndescription: Deploy runs. Use when deploying.\n---\n# Deploy\n\nSee examples/.\n")
      writeFileSync(join(root, "examples", "one.md"), "---\ndescription: First example of a deploy run\n---\n# Structure\n\nOne's text.\n")
      writeFileSync(join(root, "examples", "two.md"), `---\ndescription: "${LONG}"\n---\n# Structure\n\nTwo's text.\n`)
      yield* w.run(build({ skill: "deploy" }))
      w.takeWarnings()

      const first = yield* w.run(show({ skill: "deploy", section: "Structure — First example of a deploy run" }))
      expect(first.content).toContain("One's text.")
      expect(w.takeWarnings().filter((l) => l.includes("W001"))).toEqual([])

      const cut = `${Array.from(LONG).slice(0, 120).join("")}…`
      const second = yield* w.run(show({ skill: "deploy", section: `Structure — ${cut}` }))
      expect(second.content).toContain("Two's text.")
      expect(w.takeWarnings().filter((l) => l.includes("W001"))).toEqual([])

      yield* w.run(show({ skill: "deploy", section: "Structure" }))
      expect(w.takeWarnings().filter((l) => l.includes("W001"))).toHaveLength(1)
      yield* w.run(show({ skill: "deploy", section: "Structure — no file says this" }))
      expect(w.takeWarnings().filter((l) => l.includes("W001"))).toHaveLength(1)
    }))
})
