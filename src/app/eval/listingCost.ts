/**
 * What one skill's listing entry costs each agent it is written for (the
 * editor's hover on `description`, issue 50): the entry's characters and
 * estimated tokens, its share of the agent's listing budget, and whether the
 * agent cuts its text. The same listing (`modelListing`) and limits
 * (`agentLimits`: `[agents.<name>]`, the environment override) `skc budget`
 * counts, for a skill of one.
 */
import { Effect } from "effect"
import { capLength, listingFacts, type CapUnit } from "../../domain/agents/listing.js"
import type { AgentProfile } from "../../domain/agents/profile.js"
import { modelListing } from "../../domain/protocol/listing.js"
import { CHARS_PER_TOKEN } from "../../domain/protocol/tokens.js"
import { agentLimits } from "../skills/index.js"

export interface EntryCost {
  readonly agent: string
  readonly title: string
  /** False when the agent never lists the skill to its model (`disable-model-invocation: true`). */
  readonly listed: boolean
  /** Listed only once a file matching its `paths:` is touched (Claude Code); the cost is what it then takes. */
  readonly conditional: boolean
  /** Code points of the entry's text (description, then `when_to_use` for Claude) before any cut. */
  readonly text_chars: number
  /** `- name: text` and a newline, with the text as the agent cuts it. */
  readonly entry_chars: number
  readonly tokens: number
  /** The listing budget in characters; null when the agent documents none. */
  readonly budget_chars: number | null
  /** Where the agent cuts an entry's text, in `cap_unit`; null when it does not. */
  readonly cap_chars: number | null
  /** The entry's text before any cut in the unit the cap counts (`text_chars` is code points; Claude Code's cap counts UTF-16 units). */
  readonly cap_length: number
  readonly cap_unit: CapUnit
  readonly truncated: boolean
}

export const listingCost = Effect.fn("skc.listingCost")(function* (
  name: string,
  data: Readonly<Record<string, unknown>>,
  profiles: ReadonlyArray<AgentProfile>,
  /** The SKILL.md's path: Codex's entry names it, so it counts there. */
  skillMd = ""
) {
  const description = typeof data.description === "string" ? data.description : ""
  const out: Array<EntryCost> = []
  for (const profile of profiles) {
    const limits = yield* agentLimits(profile, undefined)
    const facts = listingFacts(profile, data, description)
    const listing = modelListing(profile, limits, [
      {
        name,
        description,
        scope: "project",
        dir: "",
        path: skillMd,
        link_target: null,
        deployed_by_skc: false,
        allowed_tools: null,
        warnings: [],
        // A conditional skill is counted as it is listed once a matching file is touched.
        listing: { model: facts.model, command: facts.command, when_to_use: facts.when_to_use, paths: null }
      }
    ])
    const entry = listing.entries[0]
    const capped = capLength(profile, facts.text)
    const conditional = entry !== undefined && facts.paths !== null && profile.listing.layout === "claude"
    out.push({
      agent: profile.name,
      title: profile.title,
      listed: entry !== undefined,
      conditional,
      text_chars: entry?.text_chars ?? 0,
      entry_chars: entry?.entry_chars ?? 0,
      // The entry as this agent lists it: its own line's characters (Codex names the file, Gemini CLI writes
      // XML), or the agent's own token count when its budget is in tokens. One `- name: text` line for every
      // agent gave each the same figure beside different characters (an editor probe).
      tokens: entry === undefined ? 0 : listing.unit === "tokens" && entry.listed === "full" ? entry.cost : Math.ceil(entry.entry_chars / CHARS_PER_TOKEN),
      budget_chars: limits.budget_chars,
      cap_chars: limits.max_description_chars,
      cap_length: capped.length,
      cap_unit: capped.unit,
      truncated: entry?.truncated ?? false
    })
  }
  return out as ReadonlyArray<EntryCost>
})
