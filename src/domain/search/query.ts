/**
 * The bag-of-words AND query of RFC-0004:C-QUERY-SYNTAX.
 *
 * 1. split on ASCII whitespace only (U+0020, U+0009, U+000A, U+000D) — a
 *    non-breaking or ideographic space stays inside its token;
 * 2. drop empty tokens;
 * 3. double every `"` and wrap the token in double quotes, making it a
 *    literal FTS5 term whatever punctuation or FTS5 syntax (`AND`, `*`, `:`,
 *    `NEAR(`) it holds; FTS5's own tokenizer then strips punctuation and
 *    applies stemming exactly as at index time;
 * 4. join with spaces (implicit AND).
 *
 * With the `cjk` tokenizer step 3 segments the token first
 * (`设置API` → `"设 置 API"`), so a CJK word becomes a phrase of its
 * characters, matching the character-level index (see cjk.ts).
 */
import { segmentCjk } from "./cjk.js"
import { spellingVariants } from "./spelling.js"

const ASCII_WHITESPACE = /[ \t\n\r]+/

/** The query's tokens; empty when the query is empty or ASCII whitespace only (E004). */
export const queryTokens = (query: string): ReadonlyArray<string> => query.split(ASCII_WHITESPACE).filter((t) => t.length > 0)

export const quoteTerm = (token: string): string => `"${token.replaceAll('"', '""')}"`

/**
 * One token as the literal FTS5 term of step 3; a word spelt two ways
 * ("colors", "colours": `spelling.ts`) is the group of its spellings, any
 * of which the text may hold.
 */
export const termOf = (token: string, options: { readonly segmentsCjk: boolean }): string => {
  const literal = quoteTerm(options.segmentsCjk ? segmentCjk(token, " ") : token)
  const word = token.toLowerCase().replace(/^[^a-z]+|[^a-z]+$/g, "")
  const variants = /^[a-z]+$/.test(word) ? spellingVariants(word) : []
  return variants.length === 0 ? literal : `(${[literal, ...variants.map(quoteTerm)].join(" OR ")})`
}

/**
 * Terms that must all be held (implicit AND of step 4). FTS5 takes a bare
 * space only between phrases, so a spelling group is joined with `AND`,
 * which means the same.
 */
export const allOfExpression = (terms: ReadonlyArray<string>): string => terms.join(terms.some((t) => t.startsWith("(")) ? " AND " : " ")

/** The FTS5 MATCH expression, or undefined for an empty query. */
export const buildMatchExpression = (query: string, options: { readonly segmentsCjk: boolean }): string | undefined => {
  const tokens = queryTokens(query)
  if (tokens.length === 0) return undefined
  return allOfExpression(tokens.map((t) => termOf(t, options)))
}

/** Quoted terms joined by OR (the partial-match fallback of DECISIONS #37). */
export const anyOfExpression = (terms: ReadonlyArray<string>): string => terms.join(" OR ")

/**
 * An expression restricted to the heading column (FTS5 column filter
 * `section : ( … )`): the rows whose own heading matches it. Used by the
 * partial fallback, where the headings above a section count as held by it
 * (docs/search.md).
 */
export const inHeading = (expression: string): string => `section : (${expression})`

/**
 * The rows holding `term` in their heading or text, or in their file name
 * unless that file is a SKILL.md (FTS5 column filters and NOT): what a
 * section holds across skills, where every skill has a SKILL.md
 * (src/app/services/searchRows.ts).
 */
export const heldOutsideSkillMd = (term: string): string => `({section content} : (${term})) OR (file : (${term}) NOT file : "SKILL.md")`
