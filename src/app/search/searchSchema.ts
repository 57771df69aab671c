/**
 * The input and result Schemas of `skc search` (RFC-0004:C-SEARCH): shared by
 * the one-skill search, the search across skills and the rows both build, so
 * none of them imports another (issue 44 item 3: no import circle).
 */
import { Schema } from "effect"
import { MATCHED_FIELDS } from "../../domain/search/matchedTerms.js"
import { SearchTruncation } from "../../domain/searchBudget.js"

export const DEFAULT_LIMIT = 10

/**
 * Where a section holding every word of a partial answer's question is (DECISIONS #37: none of the
 * results returned holds them): past the results the limit allowed (`limit`: a larger limit shows it), or
 * among them but left out by the result budget (`max_bytes`: a larger budget shows it).
 */
export type WholeFurther = "limit" | "max_bytes"

/** The budget of a search answer sent over MCP when the call names none (docs/mcp.md "Payload budgets"). */
export const MCP_SEARCH_MAX_BYTES = 16384

export const SearchInput = Schema.Struct({
  skill: Schema.optional(
    Schema.String.annotate({ description: "Skill name or path; omit for all" })
  ),
  query: Schema.String.annotate({
    description: "Words to find"
  }),
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))).annotate({ description: `Maximum results (default ${DEFAULT_LIMIT})` }),
  skills: Schema.optional(
    Schema.Array(Schema.String).annotate({ description: "Without skill: only these" })
  ),
  max_bytes: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1024))).annotate({
    description: "Budget in bytes (default 16384)"
  })
})
export type SearchInput = typeof SearchInput.Type

/**
 * One result (RFC-0004:C-SEARCH). The Schema is the JSON document's and the
 * MCP tool's `outputSchema` (open: later fields do not break clients); the
 * type is derived from it, so the two cannot drift (issue 28).
 */
export const SearchResultItem = Schema.Struct({
  /** Only when several skills were searched. */
  skill: Schema.optionalKey(Schema.String),
  file: Schema.String,
  /** Heading text; `""` for a `.txt` file or text before a file's first heading. */
  section: Schema.String,
  /** 1-based line where the section (or preamble) starts. */
  line: Schema.Int,
  /** Exclusive end line (the next same-or-higher heading, or EOF+1). */
  end_line: Schema.Int,
  /** `[MATCH]…[/MATCH]` around hits, `...` where text was left out, at most 32 tokens. */
  snippet: Schema.String,
  /**
   * For a long stretch without headings (section `""`, 40 lines or more): the line of the hit the snippet
   * shows, so a read can start there (additive; absent when the section's own line is enough).
   */
  match_line: Schema.optionalKey(Schema.Int),
  /**
   * The one score (issue 47, docs/search.md "One score"): BM25, negated, with the words held, the headings
   * above and the skill's name and description inside it; above 0 for every result, higher is better, the
   * results in its order. Across skills: with the IDF of all searched indexes (DECISIONS #44).
   */
  score: Schema.Number,
  /**
   * What the score is made of (issue 47 item 1): each word of the question the result holds, in the
   * question's order, and where — `section` (its heading, text or file name), `above` (a heading above it,
   * or its file's name as one) and `skill` (its skill's name or description). docs/search.md "One score".
   */
  matched_terms: Schema.Array(
    Schema.Struct({
      word: Schema.String,
      fields: Schema.Array(Schema.Literals(MATCHED_FIELDS))
    })
  )
})
export type SearchResultItem = typeof SearchResultItem.Type

export const SearchResult = Schema.Struct({
  query: Schema.String,
  /** DECISIONS #37: present (true) only when no section holds every word. */
  partial: Schema.optionalKey(Schema.Literal(true)),
  results: Schema.Array(SearchResultItem),
  /** Across skills: the skills that could not be searched, and why. */
  skipped: Schema.optionalKey(Schema.Array(Schema.Struct({ skill: Schema.String, reason: Schema.String }))),
  /** What the result budget (`max_bytes`) left out, and how to ask for it (additive, as an outline's). */
  truncated: Schema.optionalKey(SearchTruncation)
})
export type SearchResult = typeof SearchResult.Type

