/**
 * `skc search` (RFC-0004:C-SEARCH, C-QUERY-SYNTAX, C-ERRORS): BM25-ranked
 * full-text search over the skill's index. E004 for an empty query comes
 * first (no I/O needed), then resolution, then the index selection of
 * RFC-0004 (E002/E003). No results is an empty list, not an error.
 */
import { Effect, Schema } from "effect"
import { EmptyQuery, IndexUnusable } from "../domain/errors.js"
import { unsegmentCjk } from "../domain/search/cjk.js"
import { buildMatchExpression, queryTokens } from "../domain/search/query.js"
import { openForQueryOnDemand as openForQuery } from "./indexing.js"
import { resolveSkill } from "./resolve.js"

export const DEFAULT_LIMIT = 10

export const SearchInput = Schema.Struct({
  skill: Schema.String.annotations({ description: "Skill name or path" }),
  query: Schema.String.annotations({ description: "Words that must all appear in a section (any order)" }),
  limit: Schema.optional(Schema.Int.pipe(Schema.positive())).annotations({ description: `Maximum results (default ${DEFAULT_LIMIT})` })
})
export type SearchInput = typeof SearchInput.Type

export interface SearchResultItem {
  readonly file: string
  /** Heading text; `""` for a `.txt` file or text before a file's first heading. */
  readonly section: string
  /** `[MATCH]…[/MATCH]` around hits, `...` where text was left out, at most 32 tokens. */
  readonly snippet: string
  /** BM25, negated: positive, higher is better. */
  readonly score: number
}

/** The `--format json` document (RFC-0004:C-SEARCH) and MCP structured content. */
export interface SearchResult {
  readonly query: string
  readonly results: ReadonlyArray<SearchResultItem>
}

export const search = (input: SearchInput) =>
  // E004 needs no skill and no index: it is checked before any I/O.
  queryTokens(input.query).length === 0 ? Effect.fail(new EmptyQuery()) : searchIndexed(input)

const searchIndexed = (input: SearchInput) =>
  Effect.scoped(
    Effect.gen(function* () {
      const skill = yield* resolveSkill(input.skill)
      const { index, tokenizer } = yield* openForQuery(skill)
      const match = buildMatchExpression(input.query, tokenizer)
      if (match === undefined) return yield* Effect.fail(new EmptyQuery())
      const hits = yield* index
        .search(match, input.limit ?? DEFAULT_LIMIT)
        .pipe(Effect.mapError((e) => new IndexUnusable({ skill: skill.name, reason: `corrupt (${e.message})` })))
      const restore = tokenizer.segmentsCjk ? unsegmentCjk : (s: string) => s
      const result: SearchResult = {
        query: input.query,
        results: hits.map((h) => ({ file: h.file, section: restore(h.section), snippet: restore(h.snippet), score: h.score }))
      }
      return result
    })
  )

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
