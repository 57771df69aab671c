// The per-skill summary line of a lint over several skills (DECISIONS #39: on stdout): two skills of one name
// from two folders (`skill-creator` in two published repositories) printed two identical lines; the folder
// now follows the name when, and only when, another report of the run shares it.
import { describe, expect, it } from "vitest"
import type { LintOutcome, LintReport } from "../../src/app/lint/lint.js"
import { lintTextParts, renderLintText } from "../../src/render/lint.js"

const report = (skill: string, path: string): LintReport => ({ skill, path, skipped: false, diagnostics: [] })

describe("lint summary lines", () => {
  it("name the folder of skills that share a name, and only of those", () => {
    const o: LintOutcome = {
      single: false,
      reports: [report("skill-creator", "anthropic/skill-creator"), report("skill-creator", "openai/.system/skill-creator"), report("pdf", "anthropic/pdf")],
      agents: ["claude"]
    }
    expect(lintTextParts(o).map((p) => p.stdout)).toEqual([
      "skill-creator (anthropic/skill-creator): 0 errors, 0 warnings",
      "skill-creator (openai/.system/skill-creator): 0 errors, 0 warnings",
      "pdf: 0 errors, 0 warnings"
    ])
    expect(renderLintText(o).split("\n")[1]).toBe("skill-creator (openai/.system/skill-creator): 0 errors, 0 warnings")
  })

  it("a skill named alone keeps its plain summary", () => {
    expect(renderLintText({ single: true, reports: [report("pdf", "pdf")], agents: ["claude"] })).toBe("pdf: 0 errors, 0 warnings")
  })
})
