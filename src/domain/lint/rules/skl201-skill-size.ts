import { positiveInteger, withOptions, type Rule } from "../types.js"

export const skl201: Rule = {
  id: "SKL201",
  name: "skill-size",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-REGISTRY",
  summary: "SKILL.md is at most 500 lines.",
  doc: "The whole SKILL.md is loaded into the agent's context on activation; the Agent Skills format recommends under 500 lines and moving detail into reference files that load on demand. The diagnostic sits on the first line past the limit, so an inline `skilllint-disable SKL201` above the long content silences it.",
  fix: "Move detailed sections into `references/*.md` and link them from SKILL.md.",
  ...withOptions<{ "max-lines": number }>({ "max-lines": positiveInteger("Maximum number of lines.", 500) }, (s, option) => {
    const facts = s.markdown("SKILL.md")
    const max = option("max-lines")
    if (facts === undefined || facts.lineCount <= max) return []
    return [{ file: "SKILL.md", line: max + 1, message: `SKILL.md has ${facts.lineCount} lines; maximum is ${max}` }]
  })
}
