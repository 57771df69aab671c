/**
 * What the skill listing costs an agent's context at start (`skc budget`,
 * issue 27, docs/eval.md "skc budget"). Pure: the discovered skills and the
 * agent's documented limits in, the cost, the cuts and the overflow out.
 *
 * Claude Code (code.claude.com/docs/en/skills, "Skill descriptions are cut
 * short"; constants as reported in anthropics/claude-code#64606): the
 * listing gets `contextTokens × 4 × 0.01` characters (1 % of the window at
 * 4 characters per token; `SLASH_COMMAND_TOOL_CHAR_BUDGET` replaces it),
 * each description is cut at 1,536 characters, and skills past the budget
 * are listed by name only. The entry format is not documented: skc counts
 * `- name: description` and a newline, and keeps discovery order where
 * Claude Code ranks by recent use.
 */
import type { Agent } from "./agents.js"
import { thousands } from "../thousands.js"

export const CLAUDE_DEFAULT_CONTEXT_TOKENS = 200_000
export const CLAUDE_LISTING_FRACTION = 0.01
export const CHARS_PER_TOKEN = 4
export const CLAUDE_MAX_DESCRIPTION = 1536
export const CLAUDE_LIMITS_SOURCE = "https://code.claude.com/docs/en/skills (Skill descriptions are cut short)"

export interface ListingLimits {
  /** Characters the whole listing may take; null when the agent documents no limit. */
  readonly budget_chars: number | null
  /** The context window the budget was computed from; null when not applicable. */
  readonly context_tokens: number | null
  /** Where each description is cut; null when the agent documents no cut. */
  readonly max_description_chars: number | null
  /** How the budget was set: the documented default, --context-tokens, or the environment override. */
  readonly basis: string
  readonly source: string | null
}

export const listingLimits = (agent: Agent, options: { readonly contextTokens?: number; readonly charBudget?: number } = {}): ListingLimits => {
  if (agent !== "claude") {
    return { budget_chars: null, context_tokens: null, max_description_chars: null, basis: `no documented listing limit for ${agent}`, source: null }
  }
  const tokens = options.contextTokens ?? CLAUDE_DEFAULT_CONTEXT_TOKENS
  if (options.charBudget !== undefined) {
    return { budget_chars: options.charBudget, context_tokens: null, max_description_chars: CLAUDE_MAX_DESCRIPTION, basis: "SLASH_COMMAND_TOOL_CHAR_BUDGET", source: CLAUDE_LIMITS_SOURCE }
  }
  return {
    budget_chars: Math.floor(tokens * CHARS_PER_TOKEN * CLAUDE_LISTING_FRACTION),
    context_tokens: tokens,
    max_description_chars: CLAUDE_MAX_DESCRIPTION,
    basis: `1 % of a ${thousands(tokens)}-token context window at ${CHARS_PER_TOKEN} characters per token`,
    source: CLAUDE_LIMITS_SOURCE
  }
}

export interface ListedSkill {
  readonly name: string
  readonly description: string
}

export interface BudgetEntry {
  readonly name: string
  readonly description_chars: number
  /** The entry as listed with its (possibly cut) description. */
  readonly entry_chars: number
  /** The description is longer than the agent's cut. */
  readonly truncated: boolean
  /** Whether the agent lists it with its description or, past the budget, by name only. */
  readonly listed: "full" | "name-only"
}

export interface Budget {
  readonly limits: ListingLimits
  readonly skills: ReadonlyArray<BudgetEntry>
  /** Every entry with its description (what the listing would take without a budget). */
  readonly total_chars: number
  readonly estimated_tokens: number
  /** Characters the listing takes as the agent lists it (names only past the budget). */
  readonly used_chars: number
  /** Budget left after the full entries; null without a budget. */
  readonly room_chars: number | null
  readonly truncated: ReadonlyArray<string>
  readonly names_only: ReadonlyArray<string>
  /**
   * One more skill of the set's mean entry size: whether it fits after the
   * others, and which skills would lose their description were it listed first
   * (a skill used recently moves up in Claude Code's ranking).
   */
  readonly one_more: { readonly entry_chars: number; readonly fits: boolean | null; readonly displaced: ReadonlyArray<string> }
}

const chars = (s: string) => [...s].length
const entryChars = (name: string, description: string | null) => chars(name) + 3 + (description === null ? 0 : 2 + chars(description))

/** Full entries in order while they fit; the rest by name only. */
const place = (entries: ReadonlyArray<{ name: string; full: number; bare: number }>, budget: number | null) => {
  let used = 0
  let fullUsed = 0
  const fits = new Set<string>()
  let open = true
  for (const e of entries) {
    if (open && (budget === null || fullUsed + e.full <= budget)) {
      fits.add(e.name)
      fullUsed += e.full
      used += e.full
    } else {
      open = false
      used += e.bare
    }
  }
  return { fits, used, fullUsed }
}

export const computeBudget = (skills: ReadonlyArray<ListedSkill>, limits: ListingLimits): Budget => {
  const cut = limits.max_description_chars
  const sized = skills.map((s) => {
    const length = chars(s.description)
    const listedDescription = cut !== null && length > cut ? [...s.description].slice(0, cut).join("") : s.description
    return { name: s.name, length, truncated: cut !== null && length > cut, full: entryChars(s.name, listedDescription), bare: entryChars(s.name, null) }
  })
  const placed = place(sized, limits.budget_chars)
  const total = sized.reduce((n, s) => n + s.full, 0)
  const mean = sized.length === 0 ? 0 : Math.round(total / sized.length)
  const newcomer = { name: "\u0000new", full: mean, bare: 0 }
  const withNew = place([newcomer, ...sized], limits.budget_chars)
  const room = limits.budget_chars === null ? null : limits.budget_chars - placed.fullUsed
  return {
    limits,
    skills: sized.map((s) => ({
      name: s.name,
      description_chars: s.length,
      entry_chars: s.full,
      truncated: s.truncated,
      listed: placed.fits.has(s.name) ? "full" : "name-only"
    })),
    total_chars: total,
    estimated_tokens: Math.ceil(total / CHARS_PER_TOKEN),
    used_chars: placed.used,
    room_chars: room,
    truncated: sized.filter((s) => s.truncated).map((s) => s.name),
    names_only: sized.filter((s) => !placed.fits.has(s.name)).map((s) => s.name),
    one_more: {
      entry_chars: mean,
      fits: room === null ? null : placed.fits.size === sized.length && room >= mean,
      displaced: sized.filter((s) => placed.fits.has(s.name) && !withNew.fits.has(s.name)).map((s) => s.name)
    }
  }
}
