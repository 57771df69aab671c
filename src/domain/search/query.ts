/**
 * The bag-of-words AND query of RFC-0004:C-QUERY-SYNTAX, as words.
 *
 * 1. split on ASCII whitespace only (U+0020, U+0009, U+000A, U+000D) — a
 *    non-breaking or ideographic space stays inside its token;
 * 2. drop empty tokens;
 * 3. each token is a literal term whatever punctuation or query syntax
 *    (`AND`, `*`, `:`, `NEAR(`) it holds: `indexQuery.ts` makes it a
 *    searched word of the typed query, and the SQLite adapter quotes it as
 *    an FTS5 phrase (its `fts5Match.ts`), whose tokenizer then
 *    strips punctuation and applies stemming exactly as at index time;
 * 4. every word must be held (implicit AND).
 */

const ASCII_WHITESPACE = /[ \t\n\r]+/

/** The query's tokens; empty when the query is empty or ASCII whitespace only (E004). */
export const queryTokens = (query: string): ReadonlyArray<string> => query.split(ASCII_WHITESPACE).filter((t) => t.length > 0)

/**
 * The typographic apostrophes (’ U+2019, ʼ U+02BC) as the straight one:
 * "it’s" is "it's" to a reader, and to FTS5's tokenizer all of them split
 * the word alike.
 */
export const straightApostrophes = (text: string): string => text.replace(/[\u2019\u02bc]/g, "'")
