/**
 * SKL116 and SKL117 (DECISIONS #51; issue 43): the `combinations` of every
 * active agent profile, run over SKILL.md's frontmatter and body.
 */
import type { CombinationRule } from "../../agents/profile.js"
import { activeProfiles, skillFacts } from "../profiles.js"
import { keyLine, type Finding, type SkillSnapshot } from "../types.js"

export const combinationFindings = (s: SkillSnapshot, rule: CombinationRule["rule"]): ReadonlyArray<Finding> => {
  const facts = skillFacts(s)
  if (facts === undefined) return []
  const out: Array<Finding> = []
  const seen = new Set<string>()
  for (const profile of activeProfiles(s)) {
    for (const c of profile.combinations) {
      if (c.rule !== rule) continue
      for (const f of c.check(facts)) {
        const line = f.line ?? (f.field !== undefined ? keyLine(s.frontmatter, f.field) : facts.bodyLine)
        const message = `${f.message} (${profile.name})`
        const key = `${line}\u0000${f.message}`
        if (seen.has(key)) continue
        seen.add(key)
        out.push({ file: "SKILL.md", line, message })
      }
    }
  }
  return out
}
