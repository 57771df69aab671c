/**
 * OpenAI Codex's skill listing, as Codex renders it for its model
 * (openai/codex `codex-rs/core-skills/src/render.rs`; checked against the
 * `codex debug prompt-input` output of Codex 0.171.0, docs/agents.md "OpenAI
 * Codex"). Pure.
 *
 * What differs from the generic listing (src/domain/protocol/listing.ts):
 *
 * - **Order.** Codex's own system skills, then the repository's skills,
 *   then the user's (and plugins'), each by name, then by path: not
 *   discovery order.
 * - **The line.** `- <name>: <description> (file: r<k>/<path>)`, name and
 *   description on one line (each run of white space one space); `r<k>`
 *   names the skills directory the skill was found in, in a table of roots
 *   printed once above the list, and `<path>` is the SKILL.md's path below
 *   it as found (a linked skill directory keeps its link's name). With no
 *   description: `- <name>: (file: …)`. The path is part of every entry's
 *   cost; the table is not counted against the budget.
 * - **The cost.** Each line with its newline: its characters under the
 *   8,000-character fallback (no context window known), else its estimated
 *   tokens, the UTF-8 bytes divided by 4 and rounded up, against a budget of
 *   2 % of the window in tokens.
 * - **Past the budget.** When every full line does not fit but every line
 *   without its description does, Codex shortens descriptions, handing the
 *   room out one character at a time to each skill in turn (a short
 *   description is kept whole, its unused share goes to the others); when
 *   even the bare lines do not fit, every skill is listed bare while it fits
 *   and the others are left out of the listing entirely.
 */

/** A skill as Codex lists it. */
export interface CodexSkill {
  readonly name: string
  /** The description (Codex lists `description` alone, on one line). */
  readonly description: string
  /** The SKILL.md as the line names it (`r1/pdf/SKILL.md`). */
  readonly file: string
  /** Codex's prompt order: 0 its system skills, 1 the repository's, 2 the user's and plugins'. */
  readonly scopeRank: number
}

export interface CodexBudget {
  readonly unit: "characters" | "tokens"
  readonly limit: number
}

export interface CodexLine {
  readonly skill: CodexSkill
  /** Code points of the description kept (all of it when listed whole). */
  readonly kept: number
  /** The line as listed, without its newline; the bare line for a skill left out. */
  readonly line: string
  /** The line with its newline, in the budget's unit; 0 when left out. */
  readonly cost: number
  /** `full`: whole description; `cut`: shortened; `name-only`: bare line; `omitted`: not listed at all. */
  readonly state: "full" | "cut" | "name-only" | "omitted"
}

import { compareBytewise as bytewise } from "../sourcePaths.js"
import { utf8Bytes as bytesOf } from "../utf8.js"

const codePoints = (s: string) => [...s]

/** Unicode's White_Space characters, which Rust's `split_whitespace` splits on. */
const WHITE_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u

/** A name or description as Codex keeps it (`sanitize_single_line`): every run of white space one space, none at the ends. */
export const singleLine = (text: string): string => text.split(WHITE_SPACE).filter((w) => w !== "").join(" ")

/** What Codex ends a description it caps with (TRUNCATED_SKILL_DESCRIPTION_SUFFIX). */
export const CODEX_TRUNCATED_SUFFIX = "..."

/**
 * Codex's per-entry cap (`truncate_skill_description`, core-skills/src/model_visible.rs and
 * ext/skills/src/host_render.rs): a description over `cap` characters (code points; 1,024 by default)
 * is listed as its first `cap - 3` and `...`, before any cut for the budget.
 */
export const codexCut = (text: string, cap: number | null): string => {
  if (cap === null) return text
  const chars = [...text]
  return chars.length <= cap ? text : `${chars.slice(0, Math.max(0, cap - CODEX_TRUNCATED_SUFFIX.length)).join("")}${CODEX_TRUNCATED_SUFFIX}`
}

/** Tokens as Codex estimates them from a byte count: four bytes a token, rounded up. */
export const tokensOfBytes = (bytes: number): number => Math.ceil(bytes / 4)

/** What `text` costs in the budget's unit. */
const costOf = (unit: CodexBudget["unit"], chars: number, bytes: number) => (unit === "tokens" ? tokensOfBytes(bytes) : chars)
const textCost = (unit: CodexBudget["unit"], text: string) => costOf(unit, codePoints(text).length, bytesOf(text))

/** The line Codex writes for `skill` with the first `kept` code points of its description. */
export const codexLine = (skill: CodexSkill, kept: number): string => {
  const description = codePoints(skill.description).slice(0, kept).join("")
  return description === "" ? `- ${skill.name}: (file: ${skill.file})` : `- ${skill.name}: ${description} (file: ${skill.file})`
}


/** Codex's prompt order: scope, then name, then path. */
export const codexOrder = (skills: ReadonlyArray<CodexSkill>): ReadonlyArray<CodexSkill> =>
  [...skills].sort((a, b) => a.scopeRank - b.scopeRank || bytewise(a.name, b.name) || bytewise(a.file, b.file))

/** Lay out `skills` (in any order) within `budget` (null: no budget) as Codex does. */
export const codexListing = (skills: ReadonlyArray<CodexSkill>, budget: CodexBudget | null): ReadonlyArray<CodexLine> => {
  const ordered = codexOrder(skills)
  const unit = budget?.unit ?? "characters"
  const whole = (s: CodexSkill): CodexLine => {
    const line = codexLine(s, Infinity)
    const n = codePoints(s.description).length
    return { skill: s, kept: n, line, cost: textCost(unit, `${line}\n`), state: "full" }
  }
  const full = ordered.map(whole)
  if (budget === null || full.reduce((n, l) => n + l.cost, 0) <= budget.limit) return full

  const bare = ordered.map((s) => {
    const line = codexLine(s, 0)
    return { line, cost: textCost(unit, `${line}\n`) }
  })
  const bareTotal = bare.reduce((n, l) => n + l.cost, 0)
  if (bareTotal > budget.limit) {
    // Even the bare lines do not fit: each is listed bare while it fits (a later, shorter one may still fit).
    let used = 0
    return ordered.map((s, i): CodexLine => {
      const b = bare[i]!
      if (used + b.cost <= budget.limit) {
        used += b.cost
        return { skill: s, kept: 0, line: b.line, cost: b.cost, state: s.description === "" ? "full" : "name-only" }
      }
      return { skill: s, kept: 0, line: b.line, cost: 0, state: "omitted" }
    })
  }

  // Every bare line fits: the room left is handed out one description character at a time, skill by skill.
  const extra = ordered.map((s, i) => {
    const bareChars = codePoints(bare[i]!.line).length + 1
    const bareBytes = bytesOf(bare[i]!.line) + 1
    const base = costOf(unit, bareChars, bareBytes)
    const costs = [0]
    let chars = 0
    let bytes = 0
    for (const ch of codePoints(s.description)) {
      chars += 1
      bytes += bytesOf(ch)
      // The description and the space after it.
      costs.push(Math.max(0, costOf(unit, bareChars + chars + 1, bareBytes + bytes + 1) - base))
    }
    return costs
  })
  const kept = ordered.map(() => 0)
  const spent = ordered.map(() => 0)
  let remaining = budget.limit - bareTotal
  for (let changed = true; changed; ) {
    changed = false
    for (let i = 0; i < ordered.length; i++) {
      const costs = extra[i]!
      if (kept[i]! >= costs.length - 1) continue
      const delta = Math.max(0, costs[kept[i]! + 1]! - spent[i]!)
      if (delta <= remaining) {
        kept[i] = kept[i]! + 1
        spent[i] = costs[kept[i]!]!
        remaining -= delta
        changed = true
      }
    }
  }
  return ordered.map((s, i): CodexLine => {
    const n = codePoints(s.description).length
    const line = codexLine(s, kept[i]!)
    return { skill: s, kept: kept[i]!, line, cost: textCost(unit, `${line}\n`), state: kept[i] === n ? "full" : kept[i] === 0 ? "name-only" : "cut" }
  })
}
