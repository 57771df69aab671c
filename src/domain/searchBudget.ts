/**
 * The size budget of a search answer (`max_bytes`; 16 KB by default over
 * MCP, docs/mcp.md "Payload budgets"). `skc_search` with a large `limit`
 * over a project's skills answered with about 90 KB, all of it in the
 * agent's context; as an outline does (src/domain/outlineBudget.ts), a
 * search over its budget keeps what fits and says what it left out and how
 * to ask for it, never a silently cut list.
 *
 * Rule: the results are best first (issue 47: in the order of their printed
 * scores), so the answer keeps the longest run of whole results from the
 * first that fits and drops the rest: what is kept is still in score order,
 * and a result is never cut inside. The first result is always kept (a
 * result is one heading and a snippet of at most 32 tokens): an answer that
 * matched is never returned as "no results", which the access log would
 * count as a question left unanswered. The left-out results are counted per
 * file (and skill, across skills), the largest groups named.
 *
 * The budget is in bytes of the tool result as sent (the text rendering,
 * the structured content and its `notices`), estimated per result.
 */
import { Schema } from "effect"
import { largestGroups, truncationReserve } from "./outlineBudget.js"

/** What the budget reads of a result (src/app/search/searchSchema.ts `SearchResultItem`). */
export interface BudgetResult {
  readonly skill?: string
  readonly file: string
  readonly section: string
  readonly line: number
  readonly snippet: string
}

/** Where left-out results are: a file (of a skill, across skills), and how many. */
export const OmittedResults = Schema.Struct({
  /** Only when several skills were searched. */
  skill: Schema.optionalKey(Schema.String),
  file: Schema.String,
  count: Schema.Int
})
export type OmittedResults = typeof OmittedResults.Type

/** The shape of an outline's `truncated` (src/domain/outlineBudget.ts), its groups files rather than sections. */
export const SearchTruncation = Schema.Struct({
  /** Results left out (the lowest scored). */
  omitted: Schema.Int,
  /** The largest groups of left-out results, most first (at most `MAX_GROUPS`). */
  under: Schema.Array(OmittedResults),
  /** What to ask next. */
  hint: Schema.String
})
export type SearchTruncation = typeof SearchTruncation.Type

/** The longest skill name (agentskills.io: 64 characters), for a result that names its skill only in its hint. */
const SKILL_NAME_MAX = 64

/**
 * Bytes a result costs: its object in the structured content, and its lines of text
 * (`<skill>: <file>#<section> (score: …)`, the snippet, `line N`) inside the text
 * content's JSON string; text before any heading also has a "read it with: skc_open …"
 * step on its line and, over MCP, in `notices`.
 */
export const resultCost = (r: BudgetResult): number => {
  const place = `${r.skill === undefined ? "" : `${r.skill}: `}${r.section === "" ? r.file : `${r.file}#${r.section}`}`
  const text = JSON.stringify(`${place} (score: 00000.00)\n  ${r.snippet}\n  line ${r.line}\n\n`).length
  const step = r.section === "" ? 2 * (120 + SKILL_NAME_MAX + JSON.stringify(place).length) : 0
  return JSON.stringify(r).length + 1 + text + step
}

/**
 * Bytes of the answer around its results: the tool result's envelope, the query
 * (whole in the structured content; in the text at most 200 characters, on the
 * partial answer's first line and a "Did you mean" line), the skipped skills (in the
 * structured content, the text and `notices`) and the text's notes.
 */
export const answerCost = (query: string, skipped: ReadonlyArray<{ readonly skill: string; readonly reason: string }> = []): number =>
  1024 + JSON.stringify(query).length + 2 * JSON.stringify(Array.from(query).slice(0, 200).join("")).length + 3 * JSON.stringify(skipped).length

/** A named group's bytes: its object in the structured content and its words in the text line and the notice. */
const groupCost = (g: OmittedResults): number => 3 * JSON.stringify(g).length

const HINT = "pass max_bytes (a larger budget) to see the rest"

/**
 * How many of `results` (best first) fit `maxBytes` beside the rest of the answer
 * (`envelope`: `answerCost`), and what was left out (undefined when nothing was).
 */
export const fitResults = (
  results: ReadonlyArray<BudgetResult>,
  maxBytes: number,
  envelope: number
): { readonly keep: number; readonly truncation?: SearchTruncation } => {
  const costs = results.map(resultCost)
  if (envelope + costs.reduce((n, c) => n + c, 0) <= maxBytes) return { keep: results.length }
  const reserve = truncationReserve(maxBytes)
  const room = maxBytes - reserve - envelope
  let keep = 0
  let spent = 0
  while (keep < results.length && (keep === 0 || spent + costs[keep]! <= room)) spent += costs[keep++]!
  if (keep === results.length) return { keep }
  const groups = new Map<string, OmittedResults>()
  for (const r of results.slice(keep)) {
    const key = `${r.skill ?? ""}\u0000${r.file}`
    const at = groups.get(key)
    groups.set(key, { ...(r.skill === undefined ? {} : { skill: r.skill }), file: r.file, count: (at?.count ?? 0) + 1 })
  }
  return { keep, truncation: { omitted: results.length - keep, under: largestGroups(groups.values(), reserve, groupCost), hint: HINT } }
}

/** The text line that says what a search over its budget left out: the tool's parameter, or at a terminal the option. */
export const searchTruncationLine = (t: SearchTruncation, surface: "mcp" | "cli" = "mcp"): string => {
  const where = t.under.map((g) => `${g.count} in ${g.skill === undefined ? g.file : `${g.skill}: ${g.file}`}`)
  const rest = t.omitted - t.under.reduce((n, g) => n + g.count, 0)
  const places = [...where, ...(rest > 0 ? [`${rest} elsewhere`] : [])]
  const hint = surface === "cli" ? t.hint.replace(/\bmax_bytes \(/, "--max-bytes (") : t.hint
  return (
    `… ${t.omitted} more result${t.omitted === 1 ? "" : "s"} not shown (result budget)` +
    (places.length > 0 ? `: ${places.join(", ")}` : "") +
    `; ${hint}`
  )
}
