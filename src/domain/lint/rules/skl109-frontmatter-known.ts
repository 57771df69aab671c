import { fieldKeys, knownFields, type AgentProfile } from "../../agents/index.js"
import { editDistance, typoBound } from "../../suggest.js"
import { AGENT_SKILLS_FIELDS, frontmatterDialects } from "../dialects.js"
import { activeProfiles, allFieldNames, profileList, profilesKnowing } from "../profiles.js"
import { lineStarts } from "../fix.js"
import { frontmatterData, keyAt, keyLine, stringList, suggested, withOptions, type Rule, type SkillSnapshot } from "../types.js"

/** The guided edit (issue 50): the key at the start of its line renamed to the field meant. */
const renameKey = (s: SkillSnapshot, key: string, line: number, meant: string) => {
  const source = s.markdownFiles.find((f) => f.path === "SKILL.md")?.source
  const at = source === undefined ? undefined : lineStarts(source)[line - 1]
  if (source === undefined || at === undefined || !source.startsWith(`${key}:`, at)) return undefined
  return { title: `Rename '${key}' to '${meant}'`, edits: [{ start: at, end: at + key.length, text: meant }] }
}

/** The closest field any profile knows, within a typo's distance (issue 43). */
const closestField = (field: string): string | undefined => {
  const bound = typoBound(field)
  let best: { name: string; d: number } | undefined
  for (const name of allFieldNames()) {
    const d = editDistance(field.toLowerCase(), name, bound)
    if (d <= bound && (best === undefined || d < best.d)) best = { name, d }
  }
  return best?.name
}

/**
 * The field names `profiles` know, beside the Agent Skills format's six and `extra`: what SKL109 reports
 * nothing of (a dialect's fields are the caller's to add). Discovery asks it too, for a profile that makes an
 * unknown field an error.
 */
export const knownFieldKeys = (profiles: ReadonlyArray<AgentProfile>, extra: ReadonlyArray<string> = []): Set<string> => {
  const known = new Set([...AGENT_SKILLS_FIELDS, ...extra])
  for (const p of profiles) for (const f of knownFields(p)) for (const k of fieldKeys(f)) known.add(k)
  return known
}

export const skl109: Rule = {
  id: "SKL109",
  name: "frontmatter-known",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #3, #51",
  summary: "Frontmatter fields are known to the agents the skill is linted for.",
  doc: `Known fields are the Agent Skills format's six (${AGENT_SKILLS_FIELDS.map((f) => `\`${f}\``).join(", ")}), the fields of every active agent profile (\`--agent\`, else the project's \`[build] targets\`, else \`claude\`; docs/agents.md lists them), plus the fields of a dialect that applies to the skill (the tool-skill dialect's fields when the skill declares tools). Anything else is most likely a typo (\`descripton\`) or a field those agents ignore; the message says which other agent knows the field, or the field meant. Under the strict \`agentskills\` profile every field outside the six is unknown, and an error, as in skills-ref.`,
  guided: "\"Rename '<key>' to '<field>'\": renames a misspelt key to the known field it is closest to, when that field is not already there.",
  fix: "Fix the spelling, lint for the agent that reads the field (`--agent`), move custom data under `metadata:` (a map of strings), or list the field in `extra-fields`.",
  ...withOptions<{ "extra-fields": ReadonlyArray<string> }>({ "extra-fields": stringList("Further field names to accept.") }, (s, option) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined) return []
    const profiles = activeProfiles(s)
    const known = knownFieldKeys(profiles, option("extra-fields"))
    for (const d of frontmatterDialects) if (d.applies(s)) for (const f of d.fields) known.add(f)
    return Object.keys(data)
      .filter((k) => !known.has(k))
      .map((k) => {
        const others = profilesKnowing(k)
        const typo = others.length === 0 ? closestField(k) : undefined
        const message =
          others.length > 0
            ? `unknown frontmatter field '${k}' for ${profileList(profiles)} (known to ${profileList(others)})`
            : typo !== undefined
              ? `unknown frontmatter field: '${k}'; did you mean '${typo}'?`
              : `unknown frontmatter field: '${k}'`
        const line = keyLine(s.frontmatter, k)
        // Only when the field meant is not there already (renaming would make a duplicate key).
        return { file: "SKILL.md", ...keyAt(s.frontmatter, k), message, ...suggested(typo !== undefined && !Object.prototype.hasOwnProperty.call(data, typo) ? renameKey(s, k, line, typo) : undefined) }
      })
  })
}
