/**
 * `skc search` (RFC-0004:C-SEARCH, C-QUERY-SYNTAX, C-ERRORS, DECISIONS #37,
 * issue 14): BM25-ranked full-text search over one skill's index, or over
 * every built skill that resolves from the cwd (`--all`, `skc_search`
 * without `skill`). E004 for an empty query comes first (no I/O needed),
 * then resolution, then the index selection of RFC-0004 (E002/E003). No
 * results is an empty list, not an error.
 *
 * The steps (the why is in docs/search.md):
 * 1. one skill: the RFC's AND query; when it finds anything, that is the
 *    whole answer; otherwise, for two or more terms, the query's content
 *    words joined by OR (`partial: true`), ranked by how many of them a
 *    section holds (DECISIONS #37);
 * 2. every skill (DECISIONS #44): the content words in every index, ranked
 *    as one collection (words held — the skill's name and description
 *    counting as a heading above its files —, then BM25 with the IDF of all
 *    indexes);
 * 3. per index, a section whose descendant also matched is dropped unless
 *    its own text matches too (no echo of parents);
 * 4. excerpts for the rows returned only (their cost grows with the text,
 *    never with the rows matched).
 */
import { Effect, Schema } from "effect"
import { EmptyQuery } from "../../domain/errors.js"
import { queryTokens } from "../../domain/search/query.js"
import { compareRanked, fallbackTokens, isStopWord, type Rankable } from "../../domain/search/rank.js"
// A foreign skill (DECISIONS #38) is indexed on demand into its cache; every other skill keeps E002.
import { openForQueryOnDemand as openForQuery } from "../build/index.js"
import { resolveCommandSkill } from "../skills/index.js"
import { searchAcross } from "./searchAcross.js"
import { DEFAULT_LIMIT, type SearchInput, type SearchResult } from "./searchSchema.js"
import { evaluate, ownIndex, pick, render, type Found, type Opened } from "./searchRows.js"

export { DEFAULT_LIMIT, SearchInput, SearchResult, SearchResultItem } from "./searchSchema.js"
export const search = Effect.fn("skc.search")(function* (input: SearchInput) {
  // E004 needs no skill and no index: it is checked before any I/O.
  if (queryTokens(input.query).length === 0) return yield* Effect.fail(new EmptyQuery())
  // Issue 45 item 4: no indexed text holds NUL, and SQLite would refuse it as an unusable index (E002).
  if (input.query.includes("\u0000")) return yield* Effect.fail(new EmptyQuery({ holdsNul: true }))
  return input.skill !== undefined ? yield* searchOne(input, input.skill) : yield* searchAcross(input)
})

/**
 * The `args` of the access-log row (RFC-0004:C-LOGGING, DECISIONS #18):
 * every search logs how many results it gave, so `skc stats` can list the
 * questions a skill left unanswered; `partial: true` when the answer held
 * only some of the words (DECISIONS #37), absent otherwise.
 */
export const searchLogArgs = (input: SearchInput, result: SearchResult | undefined) => {
  const partial = (result as { readonly partial?: unknown } | undefined)?.partial === true
  return partial
    ? { query: input.query, result_count: result?.results.length ?? 0, partial: true }
    : { query: input.query, result_count: result?.results.length ?? 0 }
}

/**
 * The order `skc search <skill>` gives one index's rows: its
 * own BM25 for the AND query (the order of `rank`), terms held then its own
 * BM25 for the partial one.
 */
const ownOrder = <R extends Rankable>(scored: ReadonlyArray<R>, mode: "all" | "any"): ReadonlyArray<R> =>
  mode === "all" ? scored : [...scored].sort(compareRanked)

/**
 * One skill's own answer, before excerpts (RFC-0004, DECISIONS #37): the AND
 * query of every token when it finds anything, else the partial query of
 * the content words: what `skc search <skill>` returns.
 */
const ownAnswer = (opened: Opened, query: ReadonlyArray<string>, limit: number) =>
  Effect.gen(function* () {
    // Issue 47 item 2 (DECISIONS #37 as #44 reads it): a function word never matches on its own. The
    // AND query holds the content words ("fill a form" is "fill form"); a query of function words
    // only keeps its words. Snippets then highlight the words searched, never a lone "a".
    const contentWords = query.filter((t) => !isStopWord(t))
    const tokens = contentWords.length > 0 ? contentWords : query
    // The RFC's ranking: BM25 alone, best first (the order of `rank`). The best few rows usually
    // suffice; only when parent elimination leaves fewer than `limit` of them is every row read.
    const window = Math.max(4 * limit, 40)
    let all = yield* evaluate(opened, tokens, "all", false, window)
    let chosen = yield* pick(all, ownOrder(all.scored, "all"), limit)
    if (chosen.length < limit && all.scored.length === window) {
      all = yield* evaluate(opened, tokens, "all", false)
      chosen = yield* pick(all, ownOrder(all.scored, "all"), limit)
    }
    if (chosen.length > 0) return chosen.map((c): Found => ({ c, tokens, mode: "all" }))
    const fallback = fallbackTokens(tokens)
    if (tokens.length < 2 || fallback.length === 0) return []
    const any = yield* evaluate(opened, fallback, "any", false)
    const partial = yield* pick(any, ownOrder(any.scored, "any"), limit)
    return partial.map((c): Found => ({ c, tokens: fallback, mode: "any" }))
  })

const searchOne = (input: SearchInput, name: string) =>
  Effect.scoped(
    Effect.gen(function* () {
      const skill = yield* resolveCommandSkill(name)
      const q = yield* openForQuery(skill)
      const found = yield* ownAnswer(ownIndex(skill, q), queryTokens(input.query), input.limit ?? DEFAULT_LIMIT)
      const results = yield* render(found, false)
      const partial = found.length > 0 && found[0]!.mode === "any"
      return { query: input.query, ...(partial ? { partial: true as const } : {}), results } satisfies SearchResult as SearchResult
    })
  )

