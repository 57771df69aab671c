import { frontmatterData, has, type Rule } from "../types.js"

export const skl101: Rule = {
  id: "SKL101",
  name: "name-required",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY",
  summary: "The frontmatter must have a `name` field.",
  doc: "The `name` field identifies the skill to agents and to skc; the Agent Skills format requires it. Reported only when the frontmatter parses (otherwise SKL100 reports the problem).",
  fix: "Add `name: <skill-name>` to the frontmatter, equal to the directory name.",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    return data === undefined || has(data, "name")
      ? []
      : [{ file: "SKILL.md", line: 1, message: "missing required frontmatter field: name" }]
  }
}
