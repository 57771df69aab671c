// A new-user probe: `skc open <skill> mid.md --from-line 3 --max-lines 1` on a 1 MB line printed 256 KiB of it
// with "the file goes on: --from-line 3 shows its next lines" (the same line: an agent paging looped), and
// with max_bytes "goes on for 260400 more bytes … a larger max_bytes reads it whole" (about 998,000 were left,
// and no max_bytes read more). The rest of a line past what open keeps of one line is counted in bytes, and
// the next page is the line after it. Real files, read through the node adapter's readHead.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { build } from "../../src/app/build/build.js"
import { openFile } from "../../src/app/search/open.js"
import { HEAD_MAX_BYTES, lineHeadOf } from "../../src/domain/lineHead.js"
import { diskWorld } from "../helpers/worlds.js"

const LONG = 1_000_000

describe("open of a line longer than open keeps of one line", () => {
  it("lineHead: the rest of a line the byte cap cut, in bytes", () => {
    const bytes = new TextEncoder().encode(`a\n${"b".repeat(300_000)}\r\nc\nd`)
    const read = lineHeadOf(bytes, 3)
    expect(read.head.length).toBe(HEAD_MAX_BYTES)
    expect(read.cutLineLeft).toBe(300_000 - (HEAD_MAX_BYTES - 2))
    // Cut by the line count: no rest.
    expect(lineHeadOf(bytes, 1).cutLineLeft).toBeUndefined()
  })

  it.live("counts the rest of the line in bytes and pages on to the next line, with or without max_bytes", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-open-long-line-")
      const root = join(w.work, ".skillc", "skills", "longline")
      mkdirSync(join(root, "references"), { recursive: true })
      writeFileSync(join(root, "SKILL.md"), "---\nname: longline\ndescription: Long lines. Use when testing.\n---\n# Long\n\nSee references/mid.md.\n")
      writeFileSync(join(root, "references", "mid.md"), `# Mid\n\n${"b".repeat(LONG)}\nlast line here\n`)
      yield* w.run(build({ skill: "longline" }))

      const plain = (yield* w.run(openFile({ skill: "longline", path: "references/mid.md", from_line: 3, max_lines: 1 }))).result
      expect(plain).toMatchObject({ truncated: true, next_line: 4 })
      const shown = plain.content.indexOf("\n... (line 3")
      expect(shown).toBeGreaterThan(0)
      expect(plain.content.slice(shown)).toBe(
        `\n... (line 3 goes on for ${LONG - shown} more bytes, then 1 more lines: skc open reads at most ${HEAD_MAX_BYTES / 1024} KB of one line with max_lines)\n`
      )

      const paged = (yield* w.run(openFile({ skill: "longline", path: "references/mid.md", from_line: 3, max_lines: 1, max_bytes: 2000 }))).result
      expect(paged).toMatchObject({ truncated: true, next_line: 4 })
      const at = paged.content.indexOf("\n... (line 3")
      expect(paged.content.slice(at)).toMatch(new RegExp(`^\\n\\.\\.\\. \\(line 3 goes on for ${LONG - at} more bytes, then 1 more lines: skc open reads at most`))

      // The next page reads on.
      const next = (yield* w.run(openFile({ skill: "longline", path: "references/mid.md", from_line: 4, max_lines: 1 }))).result
      expect(next.content).toBe("last line here\n")
    }))
})
