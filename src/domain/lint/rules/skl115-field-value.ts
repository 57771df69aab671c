import { fieldKeys, knownFields } from "../../agents/index.js"
import { fieldValueProblem } from "../../agents/fieldValue.js"
import { activeProfiles } from "../profiles.js"
import type { AgentProfile } from "../../agents/profile.js"
import { frontmatterData, has, keyAt, type Finding, type Rule } from "../types.js"

/**
 * The specification's own fields, whose values SKL101–SKL114 check: an `allowed-tools: 7` was reported
 * twice, by SKL114 and here, in two wordings (an author's probe).
 */
const SPEC_CHECKED = new Set(["name", "description", "license", "compatibility", "metadata", "allowed-tools"])

/**
 * Each field whose value an agent of `profiles` does not read as intended,
 * with the message naming those agents (issue 43): lint's SKL115 and the
 * warning `skc build` gives for its targets.
 */
export const fieldValueProblems = (
  data: Readonly<Record<string, unknown>>,
  profiles: ReadonlyArray<AgentProfile>
): ReadonlyArray<{ readonly field: string; readonly message: string }> => {
  // field → problem → the profiles that see it, so two agents with one reading give one finding.
  const problems = new Map<string, Map<string, Array<string>>>()
  for (const profile of profiles) {
    // Each key written that the agent reads as a checked field (its other spellings too), reported under that key.
    const written = knownFields(profile).flatMap((spec) =>
      spec.value.kind === "any" || SPEC_CHECKED.has(spec.name)
        ? []
        : fieldKeys(spec).flatMap((key) => (has(data, key) && data[key] !== null ? [{ key, kind: spec.value }] : []))
    )
    for (const { key, kind } of written) {
      const problem = fieldValueProblem(kind, data[key])
      if (problem === undefined) continue
      const byProblem = problems.get(key) ?? new Map<string, Array<string>>()
      problems.set(key, byProblem)
      const names = byProblem.get(problem) ?? []
      if (!names.includes(profile.name)) names.push(profile.name)
      byProblem.set(problem, names)
    }
  }
  const out: Array<{ field: string; message: string }> = []
  for (const [field, byProblem] of problems) {
    for (const [problem, names] of byProblem) out.push({ field, message: `${field}: ${problem} (${names.join(", ")})` })
  }
  return out
}

export const skl115: Rule = {
  id: "SKL115",
  name: "field-value",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "DECISIONS #51 (issue 43); each agent's frontmatter reference, in docs/agents.md",
  summary: "A field's value is one the agents it is linted for read as intended.",
  doc: "Each active agent profile (`--agent`, else the project's `[build] targets`, else `claude`) says what value each of its fields takes: `effort` one of Claude Code's levels, `context` only `fork`, booleans, lists of strings, the `hooks` map of the settings format. A value outside that is ignored or misread by the agent (`context: forked` runs the skill inline; a misspelt hook event never fires), so lint reports it as an error, naming the agent. An empty field (`effort:`) is left alone, and the specification's own fields are checked by SKL101–SKL114.",
  fix: "Write the value the message lists (docs/agents.md has every field's values), or remove the field.",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined) return []
    return fieldValueProblems(data, activeProfiles(s)).map(
      (p): Finding => ({ file: "SKILL.md", ...keyAt(s.frontmatter, p.field), message: p.message })
    )
  }
}
