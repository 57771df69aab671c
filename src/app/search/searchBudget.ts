/**
 * A search answer's results within its budget (`max_bytes`, src/domain/searchBudget.ts):
 * shared by the search of one skill and the search across skills, applied before
 * `partial` and the access-log rows are worked out, so both count the results returned.
 */
import { Effect } from "effect"
import { answerCost, fitResults, overBudget, type AnswerSurface, type SearchTruncation } from "../../domain/searchBudget.js"
import type { RepeatedRead } from "../../domain/search/repeatedHeading.js"
import type { OpenIndex } from "../../ports/SearchIndex.js"
import { AnswerSurfaceRef } from "../shared/index.js"
import { repeatedHeadingCost, repeatedHeadingsOf } from "./repeatedHeadings.js"
import { render, type Found } from "./searchRows.js"
import type { SearchInput, SearchResultItem } from "./searchSchema.js"

export const withinBudget = (
  results: ReadonlyArray<SearchResultItem>,
  input: SearchInput,
  skipped?: ReadonlyArray<{ readonly skill: string; readonly reason: string }>,
  surface: AnswerSurface = "mcp",
  /** Bytes a result's text adds beyond its lines (a repeated heading's read, src/app/search/repeatedHeadings.ts). */
  extra: (r: SearchResultItem) => number = () => 0
): { readonly kept: ReadonlyArray<SearchResultItem>; readonly keep: number; readonly truncation?: SearchTruncation } => {
  // No budget named (the CLI's default): every result.
  if (input.max_bytes === undefined) return { kept: results, keep: results.length }
  const { keep, truncation } = fitResults(results, input.max_bytes, answerCost(input.query, skipped, surface), surface, extra)
  return { kept: results.slice(0, keep), keep, ...(truncation === undefined ? {} : { truncation }) }
}

/** How many results are excerpted first under a budget, then twice as many until they overflow it. */
const FIRST_RENDERED = 64

/**
 * A result left out by the budget, never excerpted: the budget only counts it under its file (and skill).
 * Never returned: `overBudget` held for the results excerpted before it, so the run kept ends before it.
 */
const unrendered =
  (withSkill: boolean) =>
  ({ c }: Found): SearchResultItem => ({
    ...(withSkill ? { skill: c.skill } : {}),
    file: c.place.file,
    section: "",
    line: c.place.line,
    end_line: c.place.end_line,
    snippet: "",
    score: c.score,
    matched_terms: []
  })

/**
 * The answer's results rendered (excerpts, repeated headings' reads) and kept within its budget.
 * Excerpts are the costly part of a result (FTS5's `snippet` reads the section's text), and
 * a budget keeps only the first few dozen: with one, results are excerpted in growing runs
 * until they overflow it, the rest only counted. `skc_search` with `limit: 100000` over a
 * 60,000-section skill excerpted all 60,000 (2.3 s of a 7.8 s call, the server answering
 * nothing else meanwhile) to return 34 within 16 KB. Without a budget (the CLI's default):
 * every result.
 */
export const renderedWithinBudget = Effect.fnUntraced(function* (
  found: ReadonlyArray<Found>,
  withSkill: boolean,
  input: SearchInput,
  indexOf: (skill: string | undefined) => OpenIndex | undefined,
  skipped?: ReadonlyArray<{ readonly skill: string; readonly reason: string }>,
  /** The skill a one-skill search was asked of (its results carry no `skill`). */
  skill?: string
) {
  const surface = yield* AnswerSurfaceRef
  const budget = input.max_bytes
  const envelope = answerCost(input.query, skipped, surface)
  const rendered: Array<SearchResultItem> = []
  const repeated = new Map<string, RepeatedRead>()
  let upTo = budget === undefined ? found.length : Math.min(found.length, FIRST_RENDERED)
  for (;;) {
    const run = yield* render(found.slice(rendered.length, upTo), withSkill)
    // One by one: a spread of 100,000 results would pass the engine's limit on a call's arguments.
    for (const r of run) rendered.push(r)
    // A result whose heading its skill repeats names the `show` of its own section (its size counted in the budget).
    // Whether a heading repeats is the skill's, not the answer's: each run's results are asked once.
    for (const [key, read] of yield* repeatedHeadingsOf(run, indexOf)) repeated.set(key, read)
    if (budget === undefined || upTo >= found.length) break
    if (overBudget(rendered, budget, envelope, surface, repeatedHeadingCost(repeated, surface, skill))) break
    upTo = Math.min(found.length, upTo * 2)
  }
  const all = rendered.length === found.length ? rendered : [...rendered, ...found.slice(rendered.length).map(unrendered(withSkill))]
  return { ...withinBudget(all, input, skipped, surface, repeatedHeadingCost(repeated, surface, skill)), repeated }
})
