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

/**
 * Invisible marks the index's tokenizer keeps inside a word: the bidirectional isolates (U+2066–U+2069) and
 * the Arabic letter mark (U+061C), newer than SQLite's Unicode tables, so "\u2066fill\u2069" (text pasted
 * from a right-to-left page) was a word no section holds, while the description check, which drops them,
 * found it. So does the soft hyphen (U+00AD, in text copied out of a hyphenated PDF or web page): "fi\u00adll"
 * found nothing (a search probe). The other invisible marks (zero-width space, joiners, the older directional
 * marks) the tokenizer drops itself.
 */
const UNKNOWN_MARKS = /[\u00ad\u061c\u2066-\u2069]/g

/**
 * The query's tokens, each once (the first spelling of a token repeated in another case: FTS5 folds case);
 * empty when the query is empty or ASCII whitespace only (E004). A repeated word adds nothing to an AND
 * query, but each repeat was one more phrase for FTS5 to intersect, in time that grows faster than their
 * number: a query of "x " 40,000 times took 2 s in the CLI, and one of 300,000 (under the MCP server's
 * 1 MiB request limit) kept a server's CPU for minutes.
 */
export const queryTokens = (query: string): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const tokens: Array<string> = []
  for (const typed of query.split(ASCII_WHITESPACE)) {
    const t = typed.replace(UNKNOWN_MARKS, "")
    if (t.length === 0) continue
    const key = t.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    tokens.push(t)
  }
  return tokens
}

/**
 * The typographic apostrophes (’ U+2019, ʼ U+02BC) as the straight one:
 * "it’s" is "it's" to a reader, and to FTS5's tokenizer all of them split
 * the word alike.
 */
export const straightApostrophes = (text: string): string => text.replace(/[\u2019\u02bc]/g, "'")
