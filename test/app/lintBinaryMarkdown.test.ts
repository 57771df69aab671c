/**
 * A Markdown file that is binary (NUL bytes and bytes that are not UTF-8: an image or archive named `.md`, a
 * corrupted document) was skipped without a word: `skc lint` exited 0 and the editor showed nothing for a
 * linked `references/bin.md` an agent would read as garbage (an editor probe of the seventy-ninth pass).
 * SKL207 says so at its first line, `skc lint` and the editor alike (open, the buffer is the editor's
 * decoding of no text, and the disk's verdict stands); a binary file not named `.md` stays unread.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { lintSkills } from "../../src/app/lint/lint.js"
import { lintBuffers } from "../../src/app/lint/lintBuffers.js"
import { diskWorld, memoryLayer } from "../helpers/worlds.js"

const SKILL = "---\nname: bin\ndescription: Binary things. Use when the user asks about binary things.\n---\n\n# Bin\n\nRead [bin](references/bin.md) and see [the logo](assets/logo.png).\n"
const BIN = Uint8Array.from({ length: 4096 }, (_, k) => (k * 37) & 0xff)

describe("SKL207: a binary Markdown file", () => {
  it.effect("is reported at its first line, with nothing else about it; a binary image is not", () =>
    Effect.gen(function* () {
      const o = yield* lintSkills({ skill: "x/bin" }).pipe(
        Effect.provide(memoryLayer({ files: { "/proj/x/bin/SKILL.md": SKILL, "/proj/x/bin/references/bin.md": BIN, "/proj/x/bin/assets/logo.png": BIN } }))
      )
      const ds = o.reports[0]!.diagnostics
      expect(ds.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual(["references/bin.md:1 SKL207"])
      expect(ds[0]!.message).toContain("a binary file, not text")
    }))

  it.live("in the editor too, open or not", () => {
    const w = diskWorld("skc-lint-binary-")
    const root = join(w.work, ".skillc", "skills", "bin")
    mkdirSync(join(root, "references"), { recursive: true })
    writeFileSync(join(root, "SKILL.md"), SKILL.replace(" and see [the logo](assets/logo.png)", ""))
    writeFileSync(join(root, "references", "bin.md"), BIN)
    const garbage = new TextDecoder("latin1").decode(BIN)
    return Effect.gen(function* () {
      const closed = yield* lintBuffers(root, new Map())
      const opened = yield* lintBuffers(root, new Map([["references/bin.md", garbage]]))
      expect(closed.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual(["references/bin.md:1 SKL207"])
      expect(opened.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual(["references/bin.md:1 SKL207"])
    }).pipe(w.run)
  })
})
