/**
 * What Claude Code's own settings files change in its skill listing (Claude
 * Code 2.1.332; docs/agents.md "Claude Code"). Pure: each file's text in,
 * the listing settings out, then merged as Claude Code merges them.
 *
 * - `skillListingBudgetFraction` (0 < f ≤ 1): the listing's share of the
 *   context window, instead of 1 %.
 * - `skillListingMaxDescChars` (a positive integer): the per-entry cap,
 *   instead of 1,536.
 * - `skillOverrides`: per skill (by its directory name), `on`, `off` (not
 *   loaded at all), `user-invocable-only` (a person may call it; the model
 *   never sees it) or `name-only` (listed as `- name`, never with its text).
 * - `model` (a string): the model a session starts with, whose window sizes
 *   the listing's budget (`ANTHROPIC_MODEL` beats it; claude.ts
 *   `claudeListingWindow`).
 * - `disableBundledSkills` (a boolean): `true` hides Claude Code's own
 *   bundled skills from the model, as `CLAUDE_CODE_DISABLE_BUNDLED_SKILLS`
 *   does (CHANGELOG 2.1.169), so they take none of the listing's budget.
 *
 * Files, later ones winning, `skillOverrides` merged skill by skill:
 * `~/.claude/settings.json`, then the working directory's
 * `.claude/settings.json` and `.claude/settings.local.json` (checked with the
 * real client: a repository root's settings do not apply from a directory
 * below it).
 */

export type SkillOverride = "on" | "off" | "user-invocable-only" | "name-only"

const OVERRIDES: ReadonlySet<string> = new Set(["on", "off", "user-invocable-only", "name-only"])

export interface ClaudeListingSettings {
  readonly listingFraction?: { readonly value: number; readonly from: string }
  readonly maxDescChars?: { readonly value: number; readonly from: string }
  readonly skillOverrides: ReadonlyMap<string, SkillOverride>
  /** `disableBundledSkills` as set (`value`) and the file that set it; the environment variable is the caller's. */
  readonly bundledSkillsOff?: { readonly value: boolean; readonly from: string }
  /** `model`: the model sessions start with, and the file that set it. */
  readonly model?: { readonly value: string; readonly from: string }
}

export const NO_CLAUDE_SETTINGS: ClaudeListingSettings = { skillOverrides: new Map() }

/** One settings file's listing settings (`from`: how to name the file), and what in it Claude Code would not take. */
export const parseClaudeSettings = (
  text: string,
  from: string
): { readonly settings: ClaudeListingSettings; readonly problems: ReadonlyArray<string> } => {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (e) {
    return { settings: NO_CLAUDE_SETTINGS, problems: [`${from} is not JSON (${e instanceof Error ? e.message : String(e)}); ignored`] }
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { settings: NO_CLAUDE_SETTINGS, problems: [`${from} is not a JSON object; ignored`] }
  const o = data as Record<string, unknown>
  const problems: Array<string> = []
  const fraction = o.skillListingBudgetFraction
  const cap = o.skillListingMaxDescChars
  const overrides = new Map<string, SkillOverride>()
  let listingFraction: ClaudeListingSettings["listingFraction"]
  let maxDescChars: ClaudeListingSettings["maxDescChars"]
  if (fraction !== undefined) {
    if (typeof fraction === "number" && fraction > 0 && fraction <= 1) listingFraction = { value: fraction, from }
    else problems.push(`${from}: skillListingBudgetFraction must be a number above 0 and at most 1; ignored`)
  }
  if (cap !== undefined) {
    if (typeof cap === "number" && Number.isInteger(cap) && cap > 0) maxDescChars = { value: cap, from }
    else problems.push(`${from}: skillListingMaxDescChars must be a positive integer; ignored`)
  }
  const bundled = o.disableBundledSkills
  let bundledSkillsOff: ClaudeListingSettings["bundledSkillsOff"]
  if (bundled !== undefined) {
    if (typeof bundled === "boolean") bundledSkillsOff = { value: bundled, from }
    else problems.push(`${from}: disableBundledSkills must be true or false; ignored`)
  }
  const named = o.model
  let model: ClaudeListingSettings["model"]
  if (named !== undefined) {
    if (typeof named === "string" && named.trim() !== "") model = { value: named.trim(), from }
    else problems.push(`${from}: model must be a model name; ignored`)
  }
  const raw = o.skillOverrides
  if (raw !== undefined) {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) problems.push(`${from}: skillOverrides must be an object; ignored`)
    else
      for (const [name, state] of Object.entries(raw as Record<string, unknown>)) {
        if (typeof state === "string" && OVERRIDES.has(state)) overrides.set(name, state as SkillOverride)
        else problems.push(`${from}: skillOverrides.${name} must be one of on, off, user-invocable-only, name-only; ignored`)
      }
  }
  return {
    settings: {
      ...(listingFraction ? { listingFraction } : {}),
      ...(maxDescChars ? { maxDescChars } : {}),
      skillOverrides: overrides,
      ...(bundledSkillsOff ? { bundledSkillsOff } : {}),
      ...(model ? { model } : {})
    },
    problems
  }
}

/** The files' settings merged, the later winning (`skillOverrides` skill by skill). */
export const mergeClaudeSettings = (layers: ReadonlyArray<ClaudeListingSettings>): ClaudeListingSettings => {
  let listingFraction: ClaudeListingSettings["listingFraction"]
  let maxDescChars: ClaudeListingSettings["maxDescChars"]
  let bundledSkillsOff: ClaudeListingSettings["bundledSkillsOff"]
  let model: ClaudeListingSettings["model"]
  const skillOverrides = new Map<string, SkillOverride>()
  for (const l of layers) {
    model = l.model ?? model
    listingFraction = l.listingFraction ?? listingFraction
    maxDescChars = l.maxDescChars ?? maxDescChars
    bundledSkillsOff = l.bundledSkillsOff ?? bundledSkillsOff
    for (const [k, v] of l.skillOverrides) skillOverrides.set(k, v)
  }
  return {
    ...(listingFraction ? { listingFraction } : {}),
    ...(maxDescChars ? { maxDescChars } : {}),
    skillOverrides,
    ...(bundledSkillsOff ? { bundledSkillsOff } : {}),
    ...(model ? { model } : {})
  }
}

/** Claude Code's reading of a boolean environment variable (`1`, `true`, `yes`, `on`, in any case). */
export const envTruthy = (value: string | undefined): boolean =>
  value !== undefined && ["1", "true", "yes", "on"].includes(value.trim().toLowerCase())

/** The variable that turns Claude Code's bundled skills off (CHANGELOG 2.1.169). */
export const DISABLE_BUNDLED_SKILLS_ENV = "CLAUDE_CODE_DISABLE_BUNDLED_SKILLS"
