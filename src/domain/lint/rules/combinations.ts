/**
 * SKL116 and SKL117 (DECISIONS #51; issue 43): the `combinations` of every
 * active agent profile, run over SKILL.md's frontmatter and body.
 */
import type { AgentProfile, CombinationFinding, CombinationRule, SkillFacts } from "../../agents/profile.js"
import { activeProfiles, skillFacts } from "../profiles.js"
import { keyLine, type Finding, type SkillSnapshot } from "../types.js"

/** Whether `profile` has a combination of `rule` (`skc discover` then reads the skill's body for it). */
export const hasCombinations = (profile: AgentProfile, rule: CombinationRule["rule"]): boolean => profile.combinations.some((c) => c.rule === rule)

/** What `profile`'s combinations of `rule` find in `facts`, each message naming the agent (lint's and discover's words). */
export const agentCombinations = (
  facts: SkillFacts,
  profile: AgentProfile,
  rule: CombinationRule["rule"]
): ReadonlyArray<{ readonly finding: CombinationFinding; readonly message: string }> =>
  profile.combinations.filter((c) => c.rule === rule).flatMap((c) => c.check(facts).map((finding) => ({ finding, message: `${finding.message} (${profile.name})` })))

export const combinationFindings = (s: SkillSnapshot, rule: CombinationRule["rule"]): ReadonlyArray<Finding> => {
  const facts = skillFacts(s)
  if (facts === undefined) return []
  const out: Array<Finding> = []
  const seen = new Set<string>()
  for (const profile of activeProfiles(s)) {
    for (const { finding: f, message } of agentCombinations(facts, profile, rule)) {
      const line = f.line ?? (f.field !== undefined ? keyLine(s.frontmatter, f.field) : facts.bodyLine)
      const key = `${line}\u0000${f.message}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ file: "SKILL.md", line, ...(f.column === undefined ? {} : { column: f.column }), message })
    }
  }
  return out
}
