/**
 * ASCII fast paths for the Unicode property classes of the search code.
 *
 * V8 builds a class such as `[\p{L}\p{N}\p{M}\p{Co}]` (hundreds of ranges)
 * and compiles its regular expression at first use: measured on Node 24,
 * 2.5–3.8 ms for the token class and 1.3 ms for the word-trim pattern of
 * rank.ts, paid by every `skc search` (a process per question) although
 * nearly every query, and most skill text, is ASCII. On ASCII input each
 * class equals a plain one: `\p{L}` is `A-Za-z`, `\p{N}` is `0-9`, and
 * `\p{M}` (marks) and `\p{Co}` (private use) hold no ASCII character. So a
 * caller tests its input with `isAscii` and uses the plain pattern when it
 * holds; the Unicode one is still built, at first use, for the rest.
 */

/**
 * True when every UTF-16 code unit of `text` is below U+0080. Linear, no
 * allocation. Also what `show` asks before using the index's ASCII-only
 * NOCASE heading lookup.
 */
export const isAscii = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false
  return true
}

/**
 * `text` with its ASCII capitals lowered and every other character kept: how SQLite's `lower()` and its
 * NOCASE collation fold, so that a heading key made here equals one the index's query returns.
 */
export const asciiLower = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase())
