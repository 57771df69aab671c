/**
 * SKL205 and the tool-skill dialect (issue 50, QA from Neovim): the dialect
 * parses tools from H3 headings only (tool-skills spec §3; §8 starts the
 * body with `### git_status`), so `# Tool Skill` then `### git_log` is its
 * structure. SKL205 warned there, and its "Make it H2" made the skill one
 * with no tools (SKL507).
 */
import { describe, expect, it } from "vitest"
import { configureRules, runRules } from "../../src/domain/lint/runner.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"

const lint = (files: Record<string, string>, dirName = "git") => {
  const entries = Object.keys(files).map((path) => ({ path, type: "file" as const }))
  const snapshot = makeSnapshot({ dirName, entries, markdownFiles: entries.map((e) => ({ path: e.path, source: files[e.path]! })) })
  return runRules(snapshot, configureRules(RULES, {}).rules)
}

const TOOL_SKILL = (body: string) => `---\nname: git\nversion: 1.0.0\ndescription: Git history. Use when the user asks about commits.\n---\n${body}`
const TOOL = "### Git-Log\n\nShow recent commits.\n\n#### Parameters\n\n| Name | Type | Required | Description |\n|------|------|----------|-------------|\n| n | integer | no | How many. |\n\n#### Command\n\n```bash\ngit log -n {{n}}\n```\n"

describe("SKL205 heading-hierarchy in a tool skill (tool-skills spec §3)", () => {
  it("does not warn, nor offer 'Make it H2', on a tool block at H3 under the title", () => {
    const found = lint({ "SKILL.md": TOOL_SKILL(`# Tool Skill\n\n${TOOL}`) })
    expect(found.filter((d) => d.rule === "SKL205")).toEqual([])
    expect(found.map((d) => d.rule)).not.toContain("SKL507")
  })

  it("still warns on an H3 under an H1 that is no tool block, and on other files of the skill", () => {
    const found = lint({ "SKILL.md": TOOL_SKILL(`# Tool Skill\n\n${TOOL}\n# Notes\n\n### Deep\n\nText.\n`), "notes.md": "# Notes\n\n### Deep\n" })
    const skl205 = found.filter((d) => d.rule === "SKL205").map((d) => [d.file, d.message])
    expect(skl205).toEqual([
      ["SKILL.md", "heading level skipped: H1 to H3"],
      ["notes.md", "heading level skipped: H1 to H3"]
    ])
  })

  it("a plain skill (no tool dialect) is linted as before", () => {
    const found = lint({ "SKILL.md": "---\nname: git\ndescription: Git history. Use when asked.\n---\n# Git\n\n### Log\n\nText.\n" })
    expect(found.filter((d) => d.rule === "SKL205")).toHaveLength(1)
  })
})
