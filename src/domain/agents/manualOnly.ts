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

/** The agents a skill is manual-only for by a field they read, and the agents among `targets` that offer it to their model. */
export interface ManualOnlyIgnored {
  readonly readers: ReadonlyArray<AgentProfile>
  readonly ignoring: ReadonlyArray<AgentProfile>
}

/**
 * Whether the frontmatter makes the skill manual-only for an agent that reads such a field while agents
 * among `targets` offer it to their model; undefined when it is manual-only for none, or for every target.
 */
export const manualOnlyIgnoredBy = (data: Readonly<Record<string, unknown>>, targets: ReadonlyArray<AgentProfile>): ManualOnlyIgnored | undefined => {
  const readers = PROFILES.filter((p) => p.listing.manualOnlyField !== null && !listingFacts(p, data, "").model)
  const ignoring = readers.length === 0 ? [] : targets.filter((p) => listingFacts(p, data, "").model)
  return ignoring.length === 0 ? undefined : { readers, ignoring }
}

/**
 * The build's warning for those agents. An agent that reads the field but not the value as written
 * (`disable-model-invocation: yes`, which GitHub Copilot and Cursor take only as `true`) is said apart from
 * the agents that read no such field: it was told it "reads no such field", where SKL115 beside the
 * warning said what it does read (an agent-profile probe).
 */
export const manualOnlyNotice = (skill: string, { readers, ignoring }: ManualOnlyIgnored): string => {
  const fields = [...new Set(readers.map((p) => p.listing.manualOnlyField!))]
  const codex = ignoring.some((p) => p.name === "codex") ? "; Codex keeps a skill manual with policy.allow_implicit_invocation: false in agents/openai.yaml, which a built skill does not carry" : ""
  const valueOnly = ignoring.filter((p) => p.listing.manualOnlyField !== null)
  const noField = ignoring.filter((p) => p.listing.manualOnlyField === null)
  /** `<agents> read(s) <what> and offer(s) it to their model`, or nothing for no agent. */
  const offering = (agents: ReadonlyArray<AgentProfile>, reads: string): ReadonlyArray<string> => {
    if (agents.length === 0) return []
    const one = agents.length === 1
    return [`${listed(agents.map((p) => p.title))} ${one ? "reads" : "read"} ${reads} and ${one ? "offers it to its" : "offer it to their"} model`]
  }
  const valueFields = [...new Set(valueOnly.map((p) => `'${p.listing.manualOnlyField!}'`))].join(", ")
  const parts = [...offering(noField, "no such field"), ...offering(valueOnly, `${valueFields} only as true or false`).map((s) => `${s}; write true`)]
  return `${skill}: ${fields.map((f) => `'${f}'`).join(", ")} makes it manual-only for ${listed(readers.map((p) => p.title))}, but ${parts.join("; ")}${codex}`
}

/** `a`, `a and b`, `a, b and c`. */
const listed = (names: ReadonlyArray<string>): string => (names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`)
