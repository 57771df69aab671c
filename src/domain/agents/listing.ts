/**
 * How one agent's profile turns a skill's frontmatter into what its listing
 * shows (DECISIONS #51): whether the model sees the skill at all
 * (`disable-model-invocation: true` keeps it out), whether people can call
 * it as a command (`user-invocable: false` hides it from the menu), the
 * entry's text (`description`, then `when_to_use` for Claude, cut at the
 * per-entry cap) and whether it is conditional (`paths:`). Pure.
 */
import { claudeCut, claudeOneLine } from "./claudeListing.js"
import { codexCut } from "./codexListing.js"
import { claudePaths, narrowsFiles } from "./claudePaths.js"
import { booleanValue } from "./fieldValue.js"
import type { AgentProfile } from "./profile.js"

export interface ListingFacts {
  /** The model sees the skill in its listing; false for a manual-only skill. */
  readonly model: boolean
  /** People can call it as a command (`/name`). */
  readonly command: boolean
  /** The entry's text as the agent joins it, before the per-entry cap. */
  readonly text: string
  /** The `when_to_use`-like texts joined after the description, null when none. */
  readonly when_to_use: string | null
  /** Glob patterns that make the skill conditional; null when it always applies. */
  readonly paths: ReadonlyArray<string> | null
}

/** A text's length in code points, as the agents count a listing's characters. */
export const codePoints = (s: string) => [...s].length

/** Cut `text` at `cap` code points (never inside a surrogate pair). */
export const cutAt = (text: string, cap: number | null): string => (cap === null || codePoints(text) <= cap ? text : [...text].slice(0, cap).join(""))

/** The unit an agent's per-entry cap counts: Claude Code compares JavaScript's `length` (claudeCut), the others code points. */
export type CapUnit = "UTF-16 units" | "characters"

/**
 * How long `text` (the joined entry text, before any cut) is in the unit
 * `profile`'s cap counts, and that unit: the hover compares this length with
 * the cap, so it must be the length the cut was decided on (40 emoji are 40
 * code points but 80 UTF-16 units).
 */
export const capLength = (profile: AgentProfile, text: string): { readonly length: number; readonly unit: CapUnit } =>
  profile.listing.layout === "claude" ? { length: claudeOneLine(text).length, unit: "UTF-16 units" } : { length: codePoints(text), unit: "characters" }

/** The entry text `profile`'s agent lists: Claude Code ends a cut text with `…` (claudeListing.ts), Codex with `...` (codexListing.ts); the others cut at `cap`. */
export const listedCut = (profile: AgentProfile, text: string, cap: number | null): string =>
  profile.listing.layout === "claude" ? claudeCut(claudeOneLine(text), cap) : profile.listing.layout === "codex" ? codexCut(text, cap) : cutAt(text, cap)

/**
 * The text an agent lists for a skill, and the fields it came from: its
 * profile's text fields in order (Claude: `description`, then `when_to_use`),
 * the others trimmed and left out when empty, joined by the profile's
 * joiner. The listing, SKL108 and SKL702 all read it from here.
 */
export const listedText = (
  profile: AgentProfile,
  data: Readonly<Record<string, unknown>>,
  description: string
): { readonly text: string; readonly fields: ReadonlyArray<string> } => {
  const fields: Array<string> = []
  const texts: Array<string> = []
  for (const field of profile.listing.textFields) {
    const v = field === "description" ? description : typeof data[field] === "string" ? (data[field] as string).trim() : ""
    if (field !== "description" && v === "") continue
    fields.push(field)
    texts.push(v)
  }
  return { text: texts.join(profile.listing.joiner), fields }
}

export const listingFacts = (profile: AgentProfile, data: Readonly<Record<string, unknown>>, description: string): ListingFacts => {
  const rule = profile.listing
  // Each boolean as this agent reads it: Claude takes yes/no, Cursor only true/false (the field's kind says).
  const flag = (field: string) => {
    const kind = profile.fields.find((f) => f.name === field)?.value
    return booleanValue(data[field], kind?.kind === "boolean" && kind.words === true)
  }
  const manual = rule.manualOnlyField === null ? false : flag(rule.manualOnlyField) === true
  const command = rule.commandMenuField === null ? true : flag(rule.commandMenuField) !== false
  const listed = listedText(profile, data, description)
  const rawPaths = rule.conditionalField === null ? undefined : data[rule.conditionalField]
  // Only Claude Code's profile has a conditional field; its patterns are read as Claude Code reads them.
  const paths = rawPaths === undefined || rawPaths === null ? null : claudePaths(rawPaths)
  return {
    model: !manual,
    command,
    text: listed.text,
    when_to_use: listed.fields.length === 1 ? null : listed.text.slice(description.length + rule.joiner.length),
    paths: paths === null || !narrowsFiles(paths) ? null : paths
  }
}
