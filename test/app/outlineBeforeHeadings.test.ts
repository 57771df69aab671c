// An agent's probe: pdf's forms.md opens with five lines ("run check_fillable_fields first, then pick a
// branch") above its first heading; the outline began at its first heading with no sign of them, and the agent
// took a branch's script for the first step. The outline names such lines and the read that shows them.
import { Effect, Result } from "effect"
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

// A probe on published skills (sixty-third pass): interpreting-culture-index has seven reference files with no
// heading; its outline named none of them (RFC-0002:C-OUTLINE scans every .md file), `--tokens` counted them in the
// total without naming them, and `--file` of one printed nothing.
describe("outline: a markdown file with no heading (RFC-0002:C-OUTLINE)", () => {
  const skillMd = "---\nname: pdf\ndescription: PDF forms. Use when filling PDFs.\n---\n\n# PDF\n\nSee refs.\n"
  const withPlain = {
    [`${root}/SKILL.md`]: skillMd,
    [`${root}/a-notes.md`]: "just text\nabout zebras\n\n\n",
    [`${root}/refs/z.md`]: "# Z\n\nz\n",
    [`${root}/refs/plain.md`]: "no heading here\njust text\n",
    [`${root}/empty.md`]: "\n\n"
  }

  it("is listed in its bytewise place with its lines and the read that shows them; a blank file is not", async () => {
    const r = Result.getOrThrow(await memoryWorld({ files: withPlain }).run(outline({ skill: "pdf" })))
    expect(r.before_headings).toEqual([
      { file: "a-notes.md", from_line: 1, to_line: 2 },
      { file: "refs/plain.md", from_line: 1, to_line: 2 }
    ])
    expect(renderOutline(r, "cli")).toBe(
      [
        "SKILL.md",
        "  # PDF",
        "a-notes.md",
        "  (lines 1–2: no headings; read with: skc open pdf a-notes.md --max-lines 2)",
        "refs/plain.md",
        "  (lines 1–2: no headings; read with: skc open pdf refs/plain.md --max-lines 2)",
        "refs/z.md",
        "  # Z",
        ""
      ].join("\n")
    )
  })

  it("--tokens names it with its tokens; --file of it shows it (it printed nothing)", async () => {
    const w = memoryWorld({ files: withPlain })
    const t = renderOutline(Result.getOrThrow(await w.run(outline({ skill: "pdf", tokens: true }))), "cli")
    expect(t).toMatch(/^refs\/plain\.md {2}\(~\d+ tokens\)$/m)
    const one = Result.getOrThrow(await w.run(outline({ skill: "pdf", file: "refs/plain.md" })))
    expect(renderOutline(one, "cli")).toBe("refs/plain.md\n  (lines 1–2: no headings; read with: skc open pdf refs/plain.md --max-lines 2)\n")
  })

  it("past a quarter of max_bytes the rest are counted, not listed, and the answer stays within the budget", async () => {
    const many: Record<string, string> = { [`${root}/SKILL.md`]: skillMd }
    for (let i = 0; i < 200; i++) many[`${root}/notes/n${String(i).padStart(3, "0")}.md`] = "plain text\n"
    const r = Result.getOrThrow(await memoryWorld({ files: many }).run(outline({ skill: "pdf", max_bytes: 4096 })))
    const listed = r.before_headings?.length ?? 0
    expect(listed).toBeGreaterThan(0)
    expect(r.files_without_headings_omitted).toBe(200 - listed)
    expect(r.headings.map((h) => h.text)).toEqual(["PDF"])
    const text = renderOutline(r, "mcp")
    expect(text).toContain(`… ${200 - listed} more files without headings not shown (result budget); list the skill's files with: skc_sources skill="pdf"`)
    expect(Buffer.byteLength(text) + Buffer.byteLength(JSON.stringify(r))).toBeLessThanOrEqual(4096)
  })
})

// A hostile-input probe (sixty-third pass): `outline --file` of a symlink leading out of the skill said E021 "file
// not found" with a did-you-mean, where open says E012 (RFC-0005: a path that escapes the skill root).
describe("outline --file of a symlink that leads out of the skill", () => {
  it("is E012, as open says", async () => {
    const w = memoryWorld({ files: { [`${root}/SKILL.md`]: "---\nname: pdf\ndescription: PDF forms. Use when filling PDFs.\n---\n\n# PDF\n", "/outside/secret.md": "# Secret\n" } })
    Effect.runSync(w.fs.symlink("/outside/secret.md", `${root}/out.md`, "file"))
    const r = await w.run(outline({ skill: "pdf", file: "out.md" }))
    expect(Result.isFailure(r) && (r.failure as { code?: string }).code).toBe("E012")
  })
})
