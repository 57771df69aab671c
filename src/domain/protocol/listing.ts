/**
 * The one skill listing an agent shows its model at start (progressive
 * disclosure level 1), as its profile builds it (DECISIONS #51, issue 43):
 * `skc prompt` renders it, `skc budget` counts it, `skc match` and `skc eval`
 * score against it, so they can never disagree. Pure.
 *
 * In discovery order: a manual-only skill (`disable-model-invocation: true`)
 * is left out and reported apart; each entry's text is the profile's text
 * fields joined (Claude: `description` + " " + `when_to_use`), cut at the
 * per-entry cap; entries keep their text while the listing fits the budget,
 * and every entry from the first that does not fit is listed by name only.
 */
import { cutAt } from "../agents/listing.js"
import type { AgentProfile } from "../agents/profile.js"
import type { ListingLimits } from "./budget.js"
import type { DiscoveredSkill } from "./discovery.js"

export interface ListingEntry {
  readonly name: string
  /** `<dir>/SKILL.md` as the agent reads it. */
  readonly location: string
  /** The text as listed: joined, then cut at the cap (even for a name-only entry: what it would show). */
  readonly text: string
  /** Code points of `description` alone. */
  readonly description_chars: number
  /** Code points of the joined text before the cut. */
  readonly text_chars: number
  readonly truncated: boolean
  /** `- name: text` and a newline, with the cut text. */
  readonly entry_chars: number
  /** `- name` and a newline. */
  readonly bare_chars: number
  readonly listed: "full" | "name-only"
  /** People can call it as a command; false: `user-invocable: false` (still listed to the model). */
  readonly command: boolean
  /** Globs that make it conditional; null when it always applies. */
  readonly paths: ReadonlyArray<string> | null
}

export interface ModelListing {
  readonly entries: ReadonlyArray<ListingEntry>
  /** Skills never listed to the model (`disable-model-invocation: true`), in discovery order. */
  readonly manual_only: ReadonlyArray<string>
}

const chars = (s: string) => [...s].length
const entryChars = (name: string, text: string | null) => chars(name) + 3 + (text === null ? 0 : 2 + chars(text))

/** A discovered skill's entry text as the profile joins it: `description`, then the other text fields (`when_to_use`). */
export const entryText = (profile: AgentProfile, skill: Pick<DiscoveredSkill, "description" | "listing">): string =>
  skill.listing.when_to_use === null ? skill.description : `${skill.description}${profile.listing.joiner}${skill.listing.when_to_use}`

export const modelListing = (profile: AgentProfile, limits: ListingLimits, skills: ReadonlyArray<DiscoveredSkill>): ModelListing => {
  const cap = limits.max_description_chars
  const budget = limits.budget_chars
  const entries: Array<ListingEntry> = []
  const manual: Array<string> = []
  let fullUsed = 0
  let open = true
  for (const s of skills) {
    if (!s.listing.model) {
      manual.push(s.name)
      continue
    }
    const joined = entryText(profile, s)
    const text = cutAt(joined, cap)
    const entry = entryChars(s.name, text)
    if (open && (budget === null || fullUsed + entry <= budget)) fullUsed += entry
    else open = false
    entries.push({
      name: s.name,
      location: s.path,
      text,
      description_chars: chars(s.description),
      text_chars: chars(joined),
      truncated: text !== joined,
      entry_chars: entry,
      bare_chars: entryChars(s.name, null),
      listed: open ? "full" : "name-only",
      command: s.listing.command,
      paths: s.listing.paths
    })
  }
  return { entries, manual_only: manual }
}
