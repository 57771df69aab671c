import { AGENT_SKILLS_FIELDS, frontmatterDialects } from "../dialects.js"
import { frontmatterData, keyLine, stringList, withOptions, type Rule } from "../types.js"

export const skl109: Rule = {
  id: "SKL109",
  name: "frontmatter-known",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #3",
  summary: "Frontmatter fields are those of the Agent Skills format.",
  doc: `Known fields are the Agent Skills format's six: ${AGENT_SKILLS_FIELDS.map((f) => `\`${f}\``).join(", ")}, plus the fields of a dialect that applies to the skill (the tool-skill dialect's fields when the skill declares tools). Anything else is most likely a typo (\`descripton\`) or a field agents ignore.`,
  fix: "Fix the spelling, move custom data under `metadata:` (a map of strings), or list the field in `extra-fields`.",
  ...withOptions<{ "extra-fields": ReadonlyArray<string> }>({ "extra-fields": stringList("Further field names to accept.") }, (s, option) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined) return []
    const known = new Set([...AGENT_SKILLS_FIELDS, ...option("extra-fields")])
    for (const d of frontmatterDialects) if (d.applies(s)) for (const f of d.fields) known.add(f)
    return Object.keys(data)
      .filter((k) => !known.has(k))
      .map((k) => ({ file: "SKILL.md", line: keyLine(s.frontmatter, k), message: `unknown frontmatter field: '${k}'` }))
  })
}
