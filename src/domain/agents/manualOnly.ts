/**
 * A skill written to be invoked by a person only (`disable-model-invocation:
 * true`, which Claude Code and Cursor read) deployed where other agents read
 * it: Codex, GitHub Copilot, Gemini CLI, OpenCode and Amp read no such field
 * from the shared `.agents/skills` (DECISIONS #53) and offer the skill to
 * their model, so a "never on its own" deploy skill may run when a model
 * decides to. `skc build` says so. Codex keeps a skill manual with
 * `policy.allow_implicit_invocation: false` in `agents/openai.yaml`, a
 * source file a built skill's stub does not carry. Pure.
 */
import { PROFILES } from "./index.js"
import { listingFacts } from "./listing.js"
import type { AgentProfile } from "./profile.js"

/**
 * The agents among `targets` that offer the skill to their model although its frontmatter makes it
 * manual-only for an agent that reads such a field; none when it is manual-only for none, or for all of them.
 */
export const manualOnlyIgnoredBy = (data: Readonly<Record<string, unknown>>, targets: ReadonlyArray<AgentProfile>): ReadonlyArray<AgentProfile> => {
  const manualFor = PROFILES.filter((p) => p.listing.manualOnlyField !== null && !listingFacts(p, data, "").model)
  if (manualFor.length === 0) return []
  return targets.filter((p) => listingFacts(p, data, "").model)
}

/** The build's warning for those agents. */
export const manualOnlyNotice = (skill: string, data: Readonly<Record<string, unknown>>, ignoring: ReadonlyArray<AgentProfile>): string => {
  const fields = [...new Set(PROFILES.flatMap((p) => (p.listing.manualOnlyField !== null && !listingFacts(p, data, "").model ? [p.listing.manualOnlyField] : [])))]
  const readers = PROFILES.filter((p) => p.listing.manualOnlyField !== null && fields.includes(p.listing.manualOnlyField)).map((p) => p.title)
  const codex = ignoring.some((p) => p.name === "codex") ? "; Codex keeps a skill manual with policy.allow_implicit_invocation: false in agents/openai.yaml, which a built skill does not carry" : ""
  return (
    `${skill}: ${fields.map((f) => `'${f}'`).join(", ")} makes it manual-only for ${readers.join(" and ")}, but ${ignoring.map((p) => p.title).join(", ")} ` +
    `read no such field and offer it to their model${codex}`
  )
}
