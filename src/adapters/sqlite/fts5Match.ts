/**
 * The typed index query (`domain/search/indexQuery.ts`) as the FTS5 MATCH
 * expression the SQLite adapter binds (issue 44 item 5: the port speaks
 * the domain's query, this adapter its own language).
 *
 * - a phrase is double-quoted with every `"` doubled: a literal FTS5 term
 *   whatever punctuation or FTS5 syntax it holds;
 * - a word with several spellings is the group `("a" OR "b")`;
 * - `all` joins words with a space (implicit AND), or with `AND` once a
 *   group is among them (FTS5 takes a bare space only between phrases);
 *   `any` joins them with `OR`;
 * - the heading scope is the column filter `section : ( … )`; the scope
 *   outside a file name is
 *   `({section content} : ( … )) OR (file : ( … ) NOT file : "SKILL.md")`;
 *   the file name alone is `file : ( … ) NOT file : "SKILL.md"`.
 */
import type { IndexQuery, QueryTerm } from "../../domain/search/indexQuery.js"

export const quotePhrase = (phrase: string): string => `"${phrase.replaceAll('"', '""')}"`

const termMatch = (term: QueryTerm): string =>
  term.phrases.length === 1 ? quotePhrase(term.phrases[0]) : `(${term.phrases.map(quotePhrase).join(" OR ")})`

/** The words combined, without a column filter. */
const wordsMatch = (query: IndexQuery): string => {
  const terms = query.terms.map(termMatch)
  if (query.combine === "any") return terms.join(" OR ")
  return terms.join(terms.some((t) => t.startsWith("(")) ? " AND " : " ")
}

/** The words in the file-name column, except in a file named `exceptFile`. */
const inFileNameExcept = (words: string, exceptFile: string): string => `file : (${words}) NOT file : ${quotePhrase(exceptFile)}`

/** The FTS5 MATCH expression of `query`. */
export const fts5Match = (query: IndexQuery): string => {
  const words = wordsMatch(query)
  switch (query.scope._tag) {
    case "Everywhere":
      return words
    case "Heading":
      return `section : (${words})`
    case "OutsideFileNamed":
      return `({section content} : (${words})) OR (${inFileNameExcept(words, query.scope.exceptFile)})`
    case "FileNameExcept":
      return inFileNameExcept(words, query.scope.exceptFile)
  }
}
