import { metadataFindings } from "../metadataIssues.js"
import type { Rule } from "../types.js"

export const skl100: Rule = {
  id: "SKL100",
  name: "frontmatter-valid",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #16, #21",
  summary: "SKILL.md must start with `---` frontmatter that closes and parses as YAML.",
  doc:
    "SKILL.md must begin with a line that is exactly `---`, close the frontmatter at the next `---` line, and hold a YAML mapping in between. Agents read `name` and `description` from it at start-up, so a skill without valid frontmatter is never discovered. Duplicate keys, tabs used as indentation and other YAML errors are reported with the parser's message and line.",
  fix: "Start the file with `---`, put `name:` and `description:` on their own lines, close with `---`, and fix the YAML error at the reported line (quote values containing `: `, indent with spaces).",
  check: (s) => metadataFindings(s, "SKL100")
}
