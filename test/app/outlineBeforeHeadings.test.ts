// An agent's probe: pdf's forms.md opens with five lines ("run check_fillable_fields first, then pick a
// branch") above its first heading; the outline began at its first heading with no sign of them, and the agent
// took a branch's script for the first step. The outline names such lines and the read that shows them.
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { outline } from "../../src/app/search/outline.js"
import { renderOutline } from "../../src/render/outline.js"
import { memoryWorld } from "../../src/testing.js"

const root = "/proj/.skillc/skills/pdf"
const files = {
  [`${root}/SKILL.md`]: "---\nname: pdf\ndescription: PDF forms. Use when filling PDFs.\n---\n\n# PDF\n\nSee forms.md.\n",
  [`${root}/forms.md`]: "**CRITICAL: run check_fillable_fields first.**\n\nThen pick a branch below.\n\n\n# Fillable fields\n\nx\n\n# Non-fillable fields\n\ny\n",
  [`${root}/plain.md`]: "\n\n# Plain\n\nz\n"
}

describe("outline: text above a file's first heading (DECISIONS #10, additive before_headings)", () => {
  it("is listed with its lines in JSON, and in text with the open that reads it; frontmatter and blank lines are not such text", async () => {
    const w = memoryWorld({ files })
    const r = Result.getOrThrow(await w.run(outline({ skill: "pdf" })))
    expect(r.before_headings).toEqual([{ file: "forms.md", from_line: 1, to_line: 5 }])
    const cli = renderOutline(r, "cli").split("\n")
    expect(cli[cli.indexOf("forms.md") + 1]).toBe("  (lines 1–5: text before the first heading; read with: skc open pdf forms.md --max-lines 5)")
    expect(renderOutline(r, "mcp")).toContain('read with: skc_open skill="pdf" path="forms.md" max_lines=5)')
  })

  it("below a frontmatter: the read starts at the text, not at the file's top (the reader has the frontmatter already)", async () => {
    // A probe as an agent (sixty-second pass): canvas-design's SKILL.md has lines 7–14 above its first heading, and
    // the step `max_lines=14` sent its frontmatter (about 600 bytes of description) again.
    const skill = "---\nname: pdf\ndescription: PDF forms. Use when filling PDFs.\n---\n\nRead forms.md first.\nThen pick a branch.\n\n# PDF\n\nx\n"
    const w = memoryWorld({ files: { [`${root}/SKILL.md`]: skill } })
    const r = Result.getOrThrow(await w.run(outline({ skill: "pdf" })))
    expect(r.before_headings).toEqual([{ file: "SKILL.md", from_line: 6, to_line: 8 }])
    expect(renderOutline(r, "cli")).toContain("  (lines 6–8: text before the first heading; read with: skc open pdf SKILL.md --from-line 6 --max-lines 3)")
    expect(renderOutline(r, "mcp")).toContain('read with: skc_open skill="pdf" path="SKILL.md" from_line=6 max_lines=3)')
  })

  it("none: no field at all", async () => {
    const w = memoryWorld({ files: { [`${root}/SKILL.md`]: files[`${root}/SKILL.md`]! } })
    const r = Result.getOrThrow(await w.run(outline({ skill: "pdf" })))
    expect(r).not.toHaveProperty("before_headings")
  })
})
