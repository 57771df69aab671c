/**
 * What the skill listing costs an agent's context at start (`skc budget`,
 * issue 27, docs/eval.md "skc budget"). Pure: the agent's listing (one
 * listing, shared with `skc prompt`: src/domain/protocol/listing.ts) and its
 * limits in, the cost, the cuts and the overflow out.
 *
 * The limits come from the agent's profile (DECISIONS #51, issue 43;
 * src/domain/agents): Claude Code gives the listing 1 % of the context
 * window at 4 characters per token (`SLASH_COMMAND_TOOL_CHAR_BUDGET`
 * replaces it) and cuts each entry (`description` + `when_to_use`) at 1,536
 * characters; Codex gives it 2 % of the window, or 8,000 characters when the
 * window is unknown; an agent that documents no budget gets none, said
 * plainly. `[agents.<name>]` in skc's configuration overrides each fact, and
 * `--context-tokens` beats the configured window. The entry format is not
 * documented: skc counts `- name: text` and a newline, and keeps discovery
 * order where Claude Code ranks by recent use.
 */
import { claude } from "../agents/claude.js"
import type { AgentProfile } from "../agents/profile.js"
import type { AgentOverrides } from "../config.js"
import { thousands } from "../thousands.js"
import type { ModelListing } from "./listing.js"

/** Claude Code's per-entry cap (lint's SKL rule on description length reads it). */
export const CLAUDE_MAX_DESCRIPTION = claude.listing.perEntryCap!
export const CLAUDE_LIMITS_SOURCE = "https://code.claude.com/docs/en/skills (Skill descriptions are cut short)"
export const CHARS_PER_TOKEN = 4

export interface ListingLimits {
  /** Characters the whole listing may take; null when the agent documents no limit. For a budget in tokens, those tokens × 4. */
  readonly budget_chars: number | null
  /** The budget in tokens when the agent counts tokens (Codex with a known window); null when it counts characters or has none. */
  readonly budget_tokens: number | null
  /** The context window the budget was computed from; null when not applicable. */
  readonly context_tokens: number | null
  /** Where each entry's text (description, then `when_to_use` for Claude) is cut; null when the agent documents no cut. */
  readonly max_description_chars: number | null
  /** Where the budget came from: the profile's default, --context-tokens, `[agents.<name>]`, the environment override, or why there is none. */
  readonly basis: string
  /** The profile's source for the budget; null when the agent documents none. */
  readonly source: string | null
}

export interface LimitOptions {
  /** `--context-tokens`: beats the configured window. */
  readonly contextTokens?: number | undefined
  /** The value of the profile's environment override (`SLASH_COMMAND_TOOL_CHAR_BUDGET`), when set to a positive integer. */
  readonly envChars?: number | undefined
  /** `[agents.<name>]` of skc's configuration. */
  readonly overrides?: AgentOverrides | undefined
  /**
   * The window of the model the agent runs (the profile's `modelWindow`), with why; beats the profile's
   * default window, not `--context-tokens` or `[agents.<name>] context_tokens`.
   */
  readonly modelWindow?: { readonly tokens: number; readonly why: string } | undefined
  /**
   * What the agent's own settings files set (Claude Code's skillListingBudgetFraction and
   * skillListingMaxDescChars), each with the file it came from; skc's `[agents.<name>]` beats them.
   */
  readonly agentSettings?: {
    readonly listingFraction?: { readonly value: number; readonly from: string } | undefined
    readonly maxDescChars?: { readonly value: number; readonly from: string } | undefined
  }
}

const percent = (f: number) => `${Math.round(f * 100 * 10_000) / 10_000} %`

/** The listing limits of `profile` (DECISIONS #51): the profile's budget rule with its overrides applied. */
export const listingLimits = (profile: AgentProfile, options: LimitOptions = {}): ListingLimits => {
  const rule = profile.listing.budget
  const o = options.overrides ?? {}
  const config = `[agents.${profile.name}]`
  const own = options.agentSettings ?? {}
  const cap = o.entry_cap ?? own.maxDescChars?.value ?? profile.listing.perEntryCap
  const source = rule.kind === "fraction" ? rule.source : null
  const fixed = (budget: number, basis: string): ListingLimits => ({ budget_chars: budget, budget_tokens: null, context_tokens: null, max_description_chars: cap, basis, source })
  if (rule.kind === "fraction" && rule.envOverride !== null && options.envChars !== undefined) return fixed(options.envChars, rule.envOverride)
  if (o.budget_chars !== undefined) return fixed(o.budget_chars, `${config} budget_chars in skc's configuration`)
  if (rule.kind === "unknown") return { budget_chars: null, budget_tokens: null, context_tokens: null, max_description_chars: cap, basis: rule.note, source: null }
  const tokens = options.contextTokens ?? o.context_tokens ?? options.modelWindow?.tokens ?? rule.defaultContextTokens
  const fraction = o.listing_fraction ?? own.listingFraction?.value ?? rule.fraction
  const fractionFrom =
    o.listing_fraction !== undefined
      ? ` (${config} listing_fraction)`
      : own.listingFraction !== undefined
        ? ` (skillListingBudgetFraction in ${own.listingFraction.from})`
        : ""
  if (tokens === null) {
    if (rule.fallbackChars === null) {
      return { budget_chars: null, budget_tokens: null, context_tokens: null, max_description_chars: cap, basis: `${profile.title} has no budget without its context window (give --context-tokens)`, source }
    }
    return fixed(rule.fallbackChars, `${profile.title}'s documented fallback when the context window is unknown; give --context-tokens for ${percent(fraction)} of it`)
  }
  const tokensFrom =
    options.contextTokens !== undefined
      ? "--context-tokens"
      : o.context_tokens !== undefined
        ? `${config} context_tokens`
        : "default"
  const window =
    `${percent(fraction)}${fractionFrom} of a ${thousands(tokens)}-token context window` +
    `${tokensFrom === "default" ? "" : ` (${tokensFrom})`}`
  if (rule.unit === "tokens") {
    // Codex: `window × 2 / 100` in whole tokens, at least 1; each entry's cost is estimated from its bytes.
    const budgetTokens = Math.max(1, Math.floor(Math.round(tokens * fraction * 1e6) / 1e6))
    return {
      budget_chars: budgetTokens * rule.charsPerToken,
      budget_tokens: budgetTokens,
      context_tokens: tokens,
      max_description_chars: cap,
      basis: `${window}, in tokens (each entry's UTF-8 bytes ÷ ${rule.charsPerToken}, rounded up)`,
      source
    }
  }
  return {
    // Rounded before the floor: 0.29 × 800,000 is 231,999.99999999997 in binary.
    budget_chars: Math.floor(Math.round(tokens * rule.charsPerToken * fraction * 1e6) / 1e6),
    budget_tokens: null,
    context_tokens: tokens,
    max_description_chars: cap,
    basis: `${window} at ${rule.charsPerToken} characters per token${tokensFrom === "default" && options.modelWindow !== undefined ? `; the window: ${options.modelWindow.why}` : ""}`,
    source
  }
}

export interface BudgetEntry {
  readonly name: string
  readonly description_chars: number
  /** The entry's text as the agent joins it (description, then `when_to_use`), before the cut. */
  readonly text_chars: number
  /** The entry as listed with its (possibly cut) text. */
  readonly entry_chars: number
  /** The text is longer than the agent's cut. */
  readonly truncated: boolean
  /** Whether the agent lists it with its text or, past the budget, by name only, or (Codex) not at all. */
  readonly listed: "full" | "name-only" | "omitted"
  /** People can call it as a command (false: `user-invocable: false`, still listed to the model). */
  readonly command: boolean
  /** The globs that make it conditional (`paths:`); null when it always applies. */
  readonly paths: ReadonlyArray<string> | null
  /** The name the agent lists it under when not its own (Claude Code: a plugin's skill as `<plugin>:<name>`). */
  readonly listed_as?: string
}

export interface Budget {
  /** How the agent lays out and cuts its listing: `codex` orders by name and shortens every description past the budget. */
  readonly layout: "entry" | "codex" | "claude" | "gemini" | "opencode" | "copilot"
  readonly limits: ListingLimits
  readonly skills: ReadonlyArray<BudgetEntry>
  /** Every entry with its text (what the listing would take without a budget). */
  readonly total_chars: number
  readonly estimated_tokens: number
  /** Characters the listing takes as the agent lists it (names only past the budget). */
  readonly used_chars: number
  /** Budget left after the full entries; null without a budget (a budget in tokens: its tokens left × 4). */
  readonly room_chars: number | null
  /** Estimated tokens the listing takes of a budget in tokens (Codex with a known window); null otherwise. */
  readonly used_tokens: number | null
  /** Entries whose text is cut: at the agent's per-entry cap, or shortened to fit the budget (Codex). */
  readonly truncated: ReadonlyArray<string>
  /** Of those, the entries Codex shortened to fit the budget (its line shorter than with its whole, capped text). */
  readonly shortened: ReadonlyArray<string>
  readonly names_only: ReadonlyArray<string>
  /** Of `names_only`, those the agent's settings list by name only (Claude Code's `skillOverrides: name-only`): no sign of an overflow. */
  readonly names_only_by_setting: ReadonlyArray<string>
  /** Past the budget, not listed at all (Codex, when even the entries without text do not fit). */
  readonly omitted: ReadonlyArray<string>
  /** Skills the model never sees (`disable-model-invocation: true`): they cost the listing nothing. */
  readonly manual_only: ReadonlyArray<string>
  /** Skills kept out of the listing a session starts with until a file matching their `paths:` is touched (Claude Code). */
  readonly conditional: ReadonlyArray<string>
  /** Skills turned off in the agent's own settings (Claude Code's `skillOverrides: off`). */
  readonly off: ReadonlyArray<string>
  /** Claude Code's legacy commands (`.claude/commands`): in the same listing after the skills, counted in its cost. */
  readonly commands: ReadonlyArray<{ readonly name: string; readonly entry_chars: number; readonly listed: "full" | "name-only" }>
  /**
   * One more skill of the set's mean entry size: whether it fits after the
   * others, and which skills would lose their text were it listed first
   * (a skill used recently moves up in Claude Code's ranking).
   */
  readonly one_more: { readonly entry_chars: number; readonly fits: boolean | null; readonly displaced: ReadonlyArray<string> }
}

/** The budget less what is `used` of it (in the budget's unit), in characters: a budget in tokens gives its tokens left × 4. */
const roomLeft = (listing: ModelListing, limits: ListingLimits, used: number): number | null => {
  if (limits.budget_tokens !== null && listing.unit === "tokens") return (limits.budget_tokens - used) * CHARS_PER_TOKEN
  return limits.budget_chars === null ? null : limits.budget_chars - used
}

/** Codex shortened the entry to fit the budget: listed with less than its whole (per-entry capped) text. A cap alone is no shortening. */
const shortenedForBudget = (listing: ModelListing, e: ModelListing["entries"][number]): boolean =>
  listing.layout === "codex" && e.listed === "full" && e.entry_chars < e.whole_chars

/**
 * Whether one more entry of `mean` characters, listed after the others, keeps its text. Claude Code gives
 * each entry its text back in order while that text fits what is left, skipping the ones that do not
 * (claudeListing.ts): a newcomer after a name-only entry still gets its text when the room left holds it.
 * The other layouts stop at the first entry past the budget, and Codex shortens every text instead, so
 * there it fits only when every entry is listed whole (a name-only entry by the settings is no overflow).
 */
const oneMoreFits = (listing: ModelListing, entries: ModelListing["entries"], room: number, mean: number): boolean =>
  room >= mean &&
  (listing.layout === "claude" || entries.every((e) => (e.listed === "full" || e.nameOnlySetting === true) && !shortenedForBudget(listing, e)))

/** The cost of `listing` (built with `limits`). */
export const computeBudget = (listing: ModelListing, limits: ListingLimits): Budget => {
  const all = listing.entries
  // The skills' rows; Claude Code's legacy commands count toward the listing, reported apart.
  const entries = all.filter((e) => e.kind !== "command")
  const commands = all.filter((e) => e.kind === "command")
  // Claude Code joins its lines with one newline between them (each entry counts its own): the whole
  // listing is one newline shorter than its entries, as `used` and the room left count it.
  const total = all.reduce((n, e) => n + e.whole_chars, 0) - (listing.layout === "claude" && all.length > 0 ? 1 : 0)
  const fullUsed = entries.filter((e) => e.listed === "full").reduce((n, e) => n + e.entry_chars, 0)
  const cost = all.reduce((n, e) => n + e.cost, 0)
  // Claude Code counts its lines as listed with one newline between them: exactly the entries' costs.
  const used =
    listing.layout === "claude" ? cost : entries.reduce((n, e) => n + (e.listed === "full" ? e.entry_chars : e.listed === "name-only" ? e.bare_chars : 0), 0)
  const mean = entries.length === 0 ? 0 : Math.round(entries.reduce((n, e) => n + e.whole_chars, 0) / entries.length)
  const usedTokens = listing.unit === "tokens" ? cost : null
  // Codex's room is its budget less what its lines cost as listed (tokens × 4 for a budget in tokens); the
  // entry layout's is what the full entries leave.
  const room = roomLeft(listing, limits, listing.layout === "entry" ? fullUsed : cost)
  // Listed first, a newcomer takes `mean` of the budget; the full entries after it keep their text while they
  // fit. Codex orders by name and shortens every description instead, so no one entry is displaced there.
  const displaced: Array<string> = []
  if (limits.budget_chars !== null && listing.layout === "claude") {
    // Claude Code: past the budget every entry is bare, then each gets its text back in order while
    // the text fits what is left; the newcomer, ranked first by its use, gets its text first.
    const bare = all.reduce((n, e) => n + e.bare_chars, 0)
    if (total + mean - 1 > limits.budget_chars) {
      let left = limits.budget_chars - bare - mean
      for (const e of all) {
        const extra = e.entry_chars - e.bare_chars
        if (extra <= left) left -= extra
        else if (e.listed === "full" && e.kind !== "command") displaced.push(e.name)
      }
    }
  } else if (limits.budget_chars !== null && listing.layout !== "codex") {
    let taken = mean
    let open = taken <= limits.budget_chars
    for (const e of entries) {
      if (open && taken + e.entry_chars <= limits.budget_chars) taken += e.entry_chars
      else {
        open = false
        if (e.listed === "full") displaced.push(e.name)
      }
    }
  }
  return {
    layout: listing.layout,
    limits,
    skills: entries.map((e) => ({
      name: e.name,
      description_chars: e.description_chars,
      text_chars: e.text_chars,
      entry_chars: e.entry_chars,
      truncated: e.truncated,
      listed: e.listed,
      command: e.command,
      paths: e.paths
    })),
    total_chars: total,
    estimated_tokens: Math.ceil(total / CHARS_PER_TOKEN),
    used_chars: used,
    room_chars: room,
    used_tokens: usedTokens,
    truncated: entries.filter((e) => e.truncated).map((e) => e.name),
    shortened: entries.filter((e) => shortenedForBudget(listing, e)).map((e) => e.name),
    names_only: entries.filter((e) => e.listed === "name-only").map((e) => e.name),
    names_only_by_setting: entries.filter((e) => e.nameOnlySetting === true).map((e) => e.name),
    omitted: entries.filter((e) => e.listed === "omitted").map((e) => e.name),
    manual_only: listing.manual_only,
    conditional: listing.conditional,
    off: listing.off,
    commands: commands.map((e) => ({ name: e.name, entry_chars: e.entry_chars, listed: e.listed === "full" ? ("full" as const) : ("name-only" as const) })),
    one_more: {
      entry_chars: mean,
      fits: room === null ? null : oneMoreFits(listing, entries, room, mean),
      displaced
    }
  }
}
