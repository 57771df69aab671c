// An agent's probe: pdf's stub lists forms.md by its first heading ("Fillable fields"), and `skc_show`
// of it began at that heading; the file's opening lines above it ("CRITICAL: You MUST complete these
// steps in order … first check … fillable") are in no section (RFC-0002:C-SHOW: a section runs from its
// heading), and the agent never learned they were there. `show` of a file's first heading now says where
// such text is and the `open` that reads it (additive `before_heading`, as outline's `before_headings`).
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { show } from "../../src/app/search/show.js"
import { preambleAbove, PREAMBLE_LINES_SCANNED } from "../../src/domain/markdown/preamble.js"
import { textAboveNote } from "../../src/render/show.js"
import { diskWorld } from "../helpers/worlds.js"

const FORMS = "**CRITICAL: run check_fillable_fields first.**\n\nThen pick a branch below.\n\n\n# Fillable fields\n\nx\n\n# Non-fillable fields\n\ny\n"

describe("show: text above its file's first heading (RFC-0002:C-SHOW, additive before_heading)", () => {
  const w = diskWorld("skc-show-before-")
  const dir = join(w.work, ".skillc", "skills", "pdf")
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), "---\nname: pdf\ndescription: PDF forms. Use when filling PDFs.\n---\n\n# PDF\n\nSee forms.md.\n")
  writeFileSync(join(dir, "forms.md"), FORMS)
  const section = (name: string, extra: { from_line?: number } = {}) => w.run(show({ skill: "pdf", section: name, ...extra }))

  it.live("the first heading's answer names the lines above it and the open that reads them; later headings and SKILL.md's after frontmatter do not", () =>
    Effect.gen(function* () {
      yield* w.run(Effect.flatMap(resolveSkill("pdf"), indexSkill))
      const first = yield* section("Fillable fields")
      expect(first.before_heading).toEqual({ from_line: 1, to_line: 5 })
      expect(textAboveNote(first, "cli")).toBe("note: forms.md has text above this heading (lines 1–5) that no section holds; read it with: skc open pdf forms.md --max-lines 5")
      expect(textAboveNote(first, "tools")).toBe('forms.md has text above this heading (lines 1–5) that no section holds; read it with: skc_open skill="pdf" path="forms.md" max_lines=5')
      expect(yield* section("Non-fillable fields")).not.toHaveProperty("before_heading")
      // Frontmatter and blank lines are no such text.
      expect(yield* section("PDF")).not.toHaveProperty("before_heading")
      // A later page of the section is not its start.
      expect(yield* section("Fillable fields", { from_line: 7 })).not.toHaveProperty("before_heading")
    }))

  it("preambleAbove: exact below the bound (a heading in a code block is no heading), nothing past it", () => {
    const lines = ["intro", "```", "# not a heading", "```", "", "# First"]
    expect(preambleAbove(lines, 6)).toEqual({ from_line: 1, to_line: 5 })
    expect(preambleAbove(["# Top", "text", "## Second"], 3)).toBeUndefined()
    const far = [...Array.from({ length: PREAMBLE_LINES_SCANNED + 1 }, () => "text"), "# Late"]
    expect(preambleAbove(far, far.length)).toBeUndefined()
  })
})
