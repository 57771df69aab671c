import { metadataFindings } from "../metadataIssues.js"
import type { Rule } from "../types.js"

export const skl105: Rule = {
  id: "SKL105",
  name: "description-required",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY",
  summary: "The frontmatter must have a `description` field.",
  doc: "Agents decide whether to activate a skill from its `description` alone (it is loaded for every installed skill at start-up); without it an agent that follows the specification does not load the skill, and Claude Code lists it with the first line of its body instead (its CHANGELOG 2.1.69), which rarely says when to use it.",
  fix: "Add `description:` saying what the skill does and when to use it.",
  check: (s) => metadataFindings(s, "SKL105")
}
