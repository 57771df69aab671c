// Issue 29 item 5 (DECISIONS #46): a store skill deleted after its build
// leaves its deployed stub in .claude/skills/. The stub is no longer served
// silently as a foreign skill of its own: every command that resolves it
// says its source is gone and what to run, and `show` of a section only the
// source held is E020 saying why.
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("issue 29 item 5: a deleted store skill's stub", () => {
  it("outline, search and show say the source is gone, once each", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "w")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: w\ndescription: Widgets. Use when making widgets.\n---\n# W\n\n## Gears\n\nTurn them.\n")
    expect(sb.run(["build", "w"]).code).toBe(0)
    rmSync(dir, { recursive: true })
    const gone = /^warning: 'w' is a stub deployed by skc whose source \(.*\/\.skillc\/skills\/w\) is not here: .*run 'skc build w'/
    for (const args of [["outline", "w"], ["search", "w", "gears"], ["show", "w", "--section", "Gears"]]) {
      const r = await sb.runAsync(args)
      expect(r.stderr, args.join(" ")).toMatch(gone)
      // One warning, although the command resolves the skill more than once.
      expect(r.stderr.match(/stub deployed by skc/g)?.length, args.join(" ")).toBe(1)
    }
    const show = await sb.runAsync(["show", "w", "--section", "Gears"])
    expect(show.code).toBe(1)
    expect(show.stderr).toMatch(/^error\[E020\]: section not found: 'Gears'\n {2}only the stub's headings are here/m)
  })
})
