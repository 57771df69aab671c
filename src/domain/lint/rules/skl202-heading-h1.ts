import type { Rule } from "../types.js"
import { toolSkillDialect } from "./tool-skill.js"

export const skl202: Rule = {
  id: "SKL202",
  name: "heading-h1",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-REGISTRY, DECISIONS #13",
  summary: "SKILL.md has at least one H1 heading.",
  doc: "The H1 titles the skill in outlines, the compiled stub and search results. Headings inside code blocks, HTML or the frontmatter do not count. Not applied to tool skills, whose body is a list of `### tool` blocks by their dialect's design.",
  fix: "Add `# <Skill Title>` after the frontmatter.",
  appliesTo: (s) => !toolSkillDialect.applies(s),
  check: (s) => {
    const facts = s.markdown("SKILL.md")
    if (facts === undefined || facts.headings.some((h) => h.level === 1)) return []
    return [{ file: "SKILL.md", line: facts.bodyStartLine > facts.lineCount ? 1 : facts.bodyStartLine, message: "no H1 heading found" }]
  }
}
