import { metadataFindings } from "../metadataIssues.js"
import type { Rule } from "../types.js"

export const skl101: Rule = {
  id: "SKL101",
  name: "name-required",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY",
  summary: "The frontmatter must have a `name` field.",
  doc: "The `name` field identifies the skill to agents and to skc; the Agent Skills format requires it. Reported only when the frontmatter parses (otherwise SKL100 reports the problem).",
  fix: "Add `name: <skill-name>` to the frontmatter, equal to the directory name.",
  check: (s) => metadataFindings(s, "SKL101")
}
