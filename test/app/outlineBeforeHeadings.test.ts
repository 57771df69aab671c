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

  it("none: no field at all", async () => {
    const w = memoryWorld({ files: { [`${root}/SKILL.md`]: files[`${root}/SKILL.md`]! } })
    const r = Result.getOrThrow(await w.run(outline({ skill: "pdf" })))
    expect(r).not.toHaveProperty("before_headings")
  })
})
