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
 * The budget is in bytes of the answer as sent, estimated per result: over
 * MCP the tool result (the text rendering, the structured content and its
 * `notices`), at a terminal the one form printed (`--format text` or
 * `json`; `AnswerSurface`). The question's own echo counts for at most its
 * first 200 characters (`QUERY_COUNTED`): the caller wrote it and holds it,
 * and a pasted page of 20 KB counted whole left one result of ten under the
 * default 16 KB (a probe of issue 47's sixty-first pass).
 */
import { Schema } from "effect"
import { largestGroups, truncationReserve } from "./outlineBudget.js"
import { hintAsOptions, prettyJsonBytes, printedGroupBytes, reserveOn, type AnswerSurface } from "./answerSurface.js"
import { utf8Bytes } from "./utf8.js"

export type { AnswerSurface } from "./answerSurface.js"

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

/** How much of the question an answer's size counts: what the text output repeats (src/render/search.ts). */
export const QUERY_COUNTED = 200

const placeOf = (r: BudgetResult): string => `${r.skill === undefined ? "" : `${r.skill}: `}${r.section === "" ? r.file : `${r.file}#${r.section}`}`

/** A result's lines of text as printed (`<skill>: <file>#<section> (score: …)`, the snippet, `line N`, a blank line). */
const textLines = (r: BudgetResult, place: string): string => `${place} (score: 00000.00)\n  ${r.snippet}\n  line ${r.line}\n\n`

/**
 * Bytes a result costs: its object in the structured content, and its lines of text
 * (`<skill>: <file>#<section> (score: …)`, the snippet, `line N`) inside the text
 * content's JSON string; text before any heading also has a "read it with: skc_open …"
 * step on its line and, over MCP, in `notices`.
 */
export const resultCost = (r: BudgetResult): number => {
  const place = placeOf(r)
  const text = JSON.stringify(textLines(r, place)).length
  const step = r.section === "" ? 2 * (120 + SKILL_NAME_MAX + JSON.stringify(place).length) : 0
  return JSON.stringify(r).length + 1 + text + step
}

/**
 * Bytes a result costs in the form printed at a terminal: its object in the JSON document as printed (two
 * spaces a level, inside `results`, and its comma), or its lines of text and, before any heading, the read step.
 */
export const printedResultCost = (r: BudgetResult, surface: "text" | "json"): number => {
  if (surface === "json") return prettyJsonBytes(r, 2)
  const place = placeOf(r)
  return utf8Bytes(textLines(r, place)) + (r.section === "" ? 120 + SKILL_NAME_MAX + utf8Bytes(place) : 0)
}

/**
 * Bytes a line added after a result's `line N` costs (`; ` and `text`, src/domain/search/repeatedHeading.ts):
 * over MCP inside the text content's JSON string and again as a notice; at a terminal in the text only (the
 * JSON document is the RFC's, without it).
 */
export const addedLineCost = (text: string, surface: AnswerSurface): number =>
  surface === "mcp" ? 2 * JSON.stringify(`; ${text}`).length : surface === "text" ? utf8Bytes(`; ${text}`) : 0

/** A result's cost on `surface`. */
export const resultCostOn = (surface: AnswerSurface) => (r: BudgetResult): number => (surface === "mcp" ? resultCost(r) : printedResultCost(r, surface))

/**
 * Bytes of the answer around its results: the envelope (the tool result's, or the
 * JSON document's keys, or the text's notes), the query as counted (its first
 * `QUERY_COUNTED` characters: in the structured content or the JSON document, and
 * in the text on the partial answer's first line and a "Did you mean" line) and the
 * skipped skills (over MCP in the structured content, the text and `notices`).
 */
export const answerCost = (query: string, skipped: ReadonlyArray<{ readonly skill: string; readonly reason: string }> = [], surface: AnswerSurface = "mcp"): number => {
  const counted = Array.from(query).slice(0, QUERY_COUNTED).join("")
  if (surface === "mcp") return 1024 + 3 * JSON.stringify(counted).length + 3 * JSON.stringify(skipped).length
  if (surface === "json") return 256 + utf8Bytes(JSON.stringify(counted)) + utf8Bytes(JSON.stringify(skipped, null, 2))
  return 256 + 2 * utf8Bytes(counted) + utf8Bytes(JSON.stringify(skipped))
}

/**
 * A named group's bytes: over MCP its object in the structured content and its words in the text line and
 * the notice; at a terminal as printed.
 */
const groupCostOn = (surface: AnswerSurface) => (g: OmittedResults): number => (surface === "mcp" ? 3 * JSON.stringify(g).length : printedGroupBytes(g, surface))

const HINT = "pass max_bytes (a larger budget) to see the rest"

/**
 * How many of `results` (best first) fit `maxBytes` beside the rest of the answer
 * (`envelope`: `answerCost`), and what was left out (undefined when nothing was).
 */
export const fitResults = <R extends BudgetResult>(
  results: ReadonlyArray<R>,
  maxBytes: number,
  envelope: number,
  surface: AnswerSurface = "mcp",
  /** Bytes a result adds beyond what `resultCostOn` counts (`addedLineCost`). */
  extra: (r: R) => number = () => 0
): { readonly keep: number; readonly truncation?: SearchTruncation } => {
  // Each result's cost, worked out only up to the first that cannot fit: an answer of 60,000 results under
  // a 16 KB budget costs its first few dozen (the results past them are only counted, by file).
  const costs: Array<number> = []
  const costOf = (i: number): number => (costs[i] ??= resultCostOn(surface)(results[i]!) + extra(results[i]!))
  if (!passes(results.length, costOf, envelope, maxBytes)) return { keep: results.length }
  const reserve = reserveOn(surface, maxBytes, truncationReserve(maxBytes))
  const room = maxBytes - reserve - envelope
  let keep = 0
  let spent = 0
  while (keep < results.length && (keep === 0 || spent + costOf(keep) <= room)) spent += costOf(keep++)
  if (keep === results.length) return { keep }
  const groups = new Map<string, OmittedResults>()
  for (const r of results.slice(keep)) {
    const key = `${r.skill ?? ""}\u0000${r.file}`
    const at = groups.get(key)
    groups.set(key, { ...(r.skill === undefined ? {} : { skill: r.skill }), file: r.file, count: (at?.count ?? 0) + 1 })
  }
  return { keep, truncation: { omitted: results.length - keep, under: largestGroups(groups.values(), reserve, groupCostOn(surface)), hint: surface === "mcp" ? HINT : hintAsOptions(HINT) } }
}

/**
 * Whether `results`, the first of an answer, already cannot all fit in `maxBytes` with the envelope: then
 * neither can the whole answer, and `fitResults` keeps a run of them only (it stops at the first that does not
 * fit, and its room is under `maxBytes`). What lets a search excerpt only the results a budget can hold.
 */
export const overBudget = <R extends BudgetResult>(
  results: ReadonlyArray<R>,
  maxBytes: number,
  envelope: number,
  surface: AnswerSurface = "mcp",
  extra: (r: R) => number = () => 0
): boolean => passes(results.length, (i) => resultCostOn(surface)(results[i]!) + extra(results[i]!), envelope, maxBytes)

/** Whether the first `n` results' costs and the envelope pass `maxBytes`, summed only until they do. */
const passes = (n: number, costOf: (i: number) => number, envelope: number, maxBytes: number): boolean => {
  let whole = envelope
  for (let i = 0; i < n && whole <= maxBytes; i++) whole += costOf(i)
  return whole > maxBytes
}

/** The text line that says what a search over its budget left out: the tool's parameter, or at a terminal the option. */
export const searchTruncationLine = (t: SearchTruncation, surface: "mcp" | "cli" = "mcp"): string => {
  const where = t.under.map((g) => `${g.count} in ${g.skill === undefined ? g.file : `${g.skill}: ${g.file}`}`)
  const rest = t.omitted - t.under.reduce((n, g) => n + g.count, 0)
  const places = [...where, ...(rest > 0 ? [`${rest} elsewhere`] : [])]
  const hint = surface === "cli" ? hintAsOptions(t.hint) : t.hint
  return (
    `… ${t.omitted} more result${t.omitted === 1 ? "" : "s"} not shown (result budget)` +
    (places.length > 0 ? `: ${places.join(", ")}` : "") +
    `; ${hint}`
  )
}
