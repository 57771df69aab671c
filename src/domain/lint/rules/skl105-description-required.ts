import { frontmatterData, has, type Rule } from "../types.js"

export const skl105: Rule = {
  id: "SKL105",
  name: "description-required",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY",
  summary: "The frontmatter must have a `description` field.",
  doc: "Agents decide whether to activate a skill from its `description` alone (it is loaded for every installed skill at start-up); without it the skill is never chosen.",
  fix: "Add `description:` saying what the skill does and when to use it.",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    return data === undefined || has(data, "description")
      ? []
      : [{ file: "SKILL.md", line: 1, message: "missing required frontmatter field: description" }]
  }
}
