// An agent's probe over the Skills extension: a page of `show` ended inside a ```tsx block, its
// "... (N more lines)" marker read as code, and the next page began with bare code. The page says where the
// open block began (`open_fence_line`), scanned from the section's heading (from the file's start for
// `open`), the next page's too. Real files.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { build } from "../../src/app/build/build.js"
import { openFile } from "../../src/app/search/open.js"
import { show } from "../../src/app/search/show.js"
import { diskWorld } from "../helpers/worlds.js"

const SKILL = [
  "---",
  "name: fences",
  "description: Fenced code. Use when testing.",
  "---",
  "# Fences",
  "",
  "## Example",
  "",
  "Before the code.",
  "",
  "```tsx",
  "function Tracker() {",
  "  const a = 1",
  "  return a",
  "}",
  "```",
  "",
  "After the code.",
  ""
].join("\n")

describe("a page of show cut inside a fenced code block", () => {
  it.live("says the line that opened it; a page that ends outside any block says nothing", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-open-fence-")
      const root = join(w.work, ".skillc", "skills", "fences")
      mkdirSync(root, { recursive: true })
      writeFileSync(join(root, "SKILL.md"), SKILL)
      writeFileSync(join(root, "ref.md"), `# Ref\n\n\`\`\`python\n${"x = 1\n".repeat(200)}\`\`\`\n`)
      yield* w.run(build({ skill: "fences" }))
      // Lines 7..: the heading, a blank, text, a blank, the fence (line 11), then code.
      const first = yield* w.run(show({ skill: "fences", section: "Example", max_lines: 6 }))
      expect(first).toMatchObject({ truncated: true, next_line: 13, open_fence_line: 11 })
      // The next page starts inside the block (line 13) and still ends inside it.
      const second = yield* w.run(show({ skill: "fences", section: "Example", from_line: 13, max_lines: 2 }))
      expect(second).toMatchObject({ next_line: 15, open_fence_line: 11 })
      // A page past the closing fence: none.
      const third = yield* w.run(show({ skill: "fences", section: "Example", max_lines: 11 }))
      expect(third.next_line).toBe(18)
      expect(third.open_fence_line).toBeUndefined()
      // open: the first page of the file, cut inside the block.
      const opened = yield* w.run(openFile({ skill: "fences", path: "SKILL.md", max_lines: 12 }))
      expect(opened.result).toMatchObject({ truncated: true, next_line: 13, open_fence_line: 11 })
      // A later page is read with the lines before it: the block opened on the page before is named (it said
      // nothing before the sixty-ninth pass); one that opens on the page itself too; past the close, none.
      const fenceOf = (r: { readonly result: unknown }) => (r.result as { open_fence_line?: number }).open_fence_line
      expect(fenceOf(yield* w.run(openFile({ skill: "fences", path: "SKILL.md", from_line: 12, max_lines: 2 })))).toBe(11)
      expect(fenceOf(yield* w.run(openFile({ skill: "fences", path: "SKILL.md", from_line: 9, max_lines: 4 })))).toBe(11)
      expect(fenceOf(yield* w.run(openFile({ skill: "fences", path: "SKILL.md", from_line: 13, max_lines: 4 })))).toBeUndefined()
      // The same over a byte budget (a whole-file read, MCP's max_bytes): a page starting inside the block.
      const budgeted = yield* w.run(openFile({ skill: "fences", path: "ref.md", from_line: 40, max_bytes: 300 }))
      expect(budgeted.result).toMatchObject({ truncated: true })
      expect(fenceOf(budgeted)).toBe(3)
    }))

  it.live("a fence indented under a numbered step counts (seventieth pass: the line scan missed four spaces)", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-open-fence-list-")
      const root = join(w.work, ".skillc", "skills", "steps")
      mkdirSync(root, { recursive: true })
      const lines = ["---", "name: steps", "description: Numbered steps. Use when testing.", "---", "# Steps", "", "## Fill the form", "", "1. Run the script:", "", "    ```bash", ...Array.from({ length: 20 }, (_, i) => `    echo ${i}`), "    ```", "", "2. Check the output.", ""]
      writeFileSync(join(root, "SKILL.md"), lines.join("\n"))
      yield* w.run(build({ skill: "steps" }))
      // Lines 7..: the heading, a blank, the step, a blank, the fence (line 11), code from line 12.
      const page = yield* w.run(show({ skill: "steps", section: "Fill the form", max_lines: 8 }))
      expect(page).toMatchObject({ truncated: true, next_line: 15, open_fence_line: 11 })
      const opened = yield* w.run(openFile({ skill: "steps", path: "SKILL.md", from_line: 14, max_lines: 3 }))
      expect((opened.result as { open_fence_line?: number }).open_fence_line).toBe(11)
      // Past the closing fence (line 32): none.
      const after = yield* w.run(openFile({ skill: "steps", path: "SKILL.md", from_line: 30, max_lines: 4 }))
      expect((after.result as { open_fence_line?: number }).open_fence_line).toBeUndefined()
    }))
})
