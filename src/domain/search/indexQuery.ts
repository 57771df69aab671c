/**
 * What a search asks of an index (RFC-0004:C-QUERY-SYNTAX, DECISIONS #37,
 * #44), in the domain's terms rather than any backend's query language
 * (issue 44 item 5): the words, how they combine and where they are looked
 * for. The SQLite adapter renders it as an FTS5 MATCH expression
 * (its `fts5Match.ts`); the in-memory adapter matches it
 * directly.
 *
 * A word is a phrase of the index's tokens, held as typed: the backend's
 * tokenizer strips its punctuation and stems it exactly as at index time
 * (so no term carries a stem or prefix flag: skc asks for no prefix match,
 * and stemming is the index's, never the query's). With the `cjk` tokenizer
 * a CJK word is first segmented into its characters (`设置API` →
 * `设 置 API`), a phrase of the character-level index (see cjk.ts). A word
 * spelt two ways ("colors", "colours": `spelling.ts`) is held when any of
 * its spellings is, and so is a word of a group of synonyms ("make",
 * "create": `synonyms.ts`, issue 47).
 */
import { isAscii } from "../ascii.js"
import { isStopWord } from "./rank.js"
import { segmentCjk } from "./cjk.js"
import { queryTokens, straightApostrophes } from "./query.js"
import { spellingVariants } from "./spelling.js"
import { synonymsOf } from "./synonyms.js"

/** One searched word: the phrases any of which holds it, as typed (or segmented) first, then its other spellings. */
export interface QueryTerm {
  readonly phrases: readonly [string, ...Array<string>]
}

/**
 * Where the words are looked for: in every column (file name, heading,
 * text), in the heading only, or in the heading and text and in the file
 * name unless that file is named `exceptFile` (across skills every skill
 * has a SKILL.md, so its name says nothing about a section), or in the file
 * name only, unless the file is named `exceptFile` (a file's name as a
 * heading above its sections, issue 47).
 */
export type QueryScope =
  | { readonly _tag: "Everywhere" }
  | { readonly _tag: "Heading" }
  | { readonly _tag: "OutsideFileNamed"; readonly exceptFile: string }
  | { readonly _tag: "FileNameExcept"; readonly exceptFile: string }

export interface IndexQuery {
  /** Never empty. */
  readonly terms: ReadonlyArray<QueryTerm>
  /** `all`: a row holds every word (the RFC's implicit AND); `any`: at least one (the partial fallback of DECISIONS #37). */
  readonly combine: "all" | "any"
  readonly scope: QueryScope
}

const EVERYWHERE: QueryScope = { _tag: "Everywhere" }

/**
 * A token in its compatibility form (Unicode NFKC), when that differs:
 * fullwidth letters typed with an East Asian input method ("ｐｄｆ") and
 * the ligatures of text copied out of a PDF ("conﬁgure") are the plain
 * letters to a reader, but the index's tokenizer (unicode61) folds case and
 * diacritics only, so "ｐｄｆ" found nothing. ASCII has no such forms.
 */
export const compatibilityForm = (token: string): string | undefined => {
  if (isAscii(token)) return undefined
  const folded = token.normalize("NFKC")
  return folded === token ? undefined : folded
}

/**
 * The word a possessive is of: "document's" (or "document’s") is
 * "document". As typed it is the phrase "document s" of the index's words,
 * held only where the text says "document's"; the question asks about the
 * document (issue 47, docs/search.md "Apostrophes and hyphens"). Undefined for any
 * other word.
 */
export const possessiveBase = (word: string): string | undefined => /^([a-z0-9][a-z0-9.+#-]*)'s$/.exec(straightApostrophes(word))?.[1]

/**
 * The closed form of a hyphenated word: "e-mail" is "email", "front-end"
 * "frontend", "set-up" "setup". As typed it is the phrase "e mail" of the
 * index's words, which a text writing "email" does not hold; the two
 * spellings are one word to a reader (docs/search.md "Apostrophes and
 * hyphens"). Undefined for any other word.
 */
export const closedCompound = (word: string): string | undefined =>
  /^[a-z0-9]+(?:-[a-z0-9]+)+$/.test(word) ? word.replace(/-/g, "") : undefined

/**
 * The open form of a closed compound of a verb and its particle:
 * "writeup" is "write up", "setup" "set up", "login" "log in", "layout"
 * "lay out", "plugin" "plug in", "rollback" "roll back". The index holds
 * the words a text writes, and a text writing "write-up" or "set up"
 * holds the phrase, never the closed word; a question's closed word found
 * nothing in an internal-comms skill whose description says "a
 * post-incident write-up" (issue 47, sixty-first pass). The reverse
 * direction (the index's "setup" for a question's "set up") is the closed
 * form of the hyphenated word (`closedCompound`). A wrong split ("beg
 * in" of "begin") is a phrase no text says; a function word before the
 * particle ("within", "moreover") is none. Undefined for any other word.
 */
export const openCompound = (word: string): string | undefined => {
  const m = /^([a-z]{3,})(up|out|in|off|down|back|over)$/.exec(word)
  // A function word before the particle is no verb: "within" is not "with in", which "with in-place
  // edits" holds; "moreover" is not "more over".
  return m === null || isStopWord(m[1]!) ? undefined : `${m[1]} ${m[2]}`
}

/**
 * The noun of a number joined to it by a hyphen: "5-slide" is "slide",
 * "3-statement" "statement", "10-page" "page". As typed it is the phrase
 * "5 slide" of the index's words, which no text about slides holds, and its
 * closed form "5slide" is no word; the number only counts the noun (issue
 * 47: "make a 5-slide deck" found no pptx section). Undefined for any other
 * word.
 */
export const countedNoun = (word: string): string | undefined => /^\d+(?:\.\d+)?-([a-z]+(?:-[a-z]+)*)$/.exec(word)?.[1]

/**
 * One token as a searched word, segmented with the `cjk` tokenizer: as
 * typed, then its compatibility form, the word a possessive is of, the noun
 * a number counts or a hyphenated word's closed form, its other spellings and the other words
 * of its group.
 */
/** The most words one phrase of the index query holds (`phrasePrefix`). */
export const MAX_PHRASE_WORDS = 64

/**
 * A token of more than MAX_PHRASE_WORDS words (letters and digits between other characters) cut after its
 * last one: a pasted blob without spaces (`pdf.pdf.pdf…`, 30,000 times) was one phrase FTS5 matched
 * position by position in every row holding its word, 0.8 s in the CLI and 38 s over MCP for a 1 MiB
 * request. A section holding the whole phrase holds its start; one holding only the start answers too, a
 * pasted blob's nearest answer. Any other token as it is.
 */
export const phrasePrefix = (token: string): string => {
  if (token.length < MAX_PHRASE_WORDS * 2) return token
  const word = /[\p{L}\p{N}]+/gu
  let n = 0
  for (let m = word.exec(token); m !== null; m = word.exec(token)) {
    if (++n === MAX_PHRASE_WORDS) return token.slice(0, m.index + m[0].length)
  }
  return token
}

export const termOf = (whole: string, options: { readonly segmentsCjk: boolean }): QueryTerm => {
  const token = phrasePrefix(whole)
  const asWord = (t: string) => (options.segmentsCjk ? segmentCjk(t, " ") : t)
  const folded = compatibilityForm(token)
  const plain = folded ?? token
  const bare = plain.toLowerCase().replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, "")
  const counted = countedNoun(bare)
  const other = possessiveBase(bare) ?? counted ?? closedCompound(bare)
  const word = (other ?? plain.toLowerCase()).replace(/^[^a-z]+|[^a-z]+$/g, "")
  const opened = other === undefined ? openCompound(word) : undefined
  const variants = /^[a-z]+$/.test(word) ? spellingVariants(word) : []
  // Its other spellings, then the other words of its group (issue 47: "make" is also "create").
  const synonyms = /^[a-z]+$/.test(word) ? synonymsOf(word).filter((x) => !variants.includes(x)) : []
  return {
    phrases: [
      asWord(token),
      ...(folded === undefined ? [] : [asWord(folded)]),
      ...(other === undefined ? [] : [asWord(other)]),
      ...(opened === undefined ? [] : [opened]),
      ...variants,
      ...synonyms
    ]
  }
}

/** Rows holding every one of `terms`, anywhere. */
export const allOf = (terms: ReadonlyArray<QueryTerm>): IndexQuery => ({ terms, combine: "all", scope: EVERYWHERE })

/** Rows holding at least one of `terms`, anywhere. */
export const anyOf = (terms: ReadonlyArray<QueryTerm>): IndexQuery => ({ terms, combine: "any", scope: EVERYWHERE })

/** Rows holding `term`, anywhere. */
export const holding = (term: QueryTerm): IndexQuery => allOf([term])

/** The same query, looked for in the heading only: the rows whose own heading matches it. */
export const inHeading = (query: IndexQuery): IndexQuery => ({ ...query, scope: { _tag: "Heading" } })

/**
 * The rows holding `term` in their heading or text, or in their file name
 * unless that file is a SKILL.md: what a section holds across skills
 * (src/app/search/searchRows.ts).
 */
export const heldOutsideSkillMd = (term: QueryTerm): IndexQuery => ({ terms: [term], combine: "all", scope: { _tag: "OutsideFileNamed", exceptFile: "SKILL.md" } })

/** The rows whose file's name holds `term`, except the rows of files named SKILL.md (every skill has one). */
export const inFileNameNotSkillMd = (term: QueryTerm): IndexQuery => ({ terms: [term], combine: "all", scope: { _tag: "FileNameExcept", exceptFile: "SKILL.md" } })

/** The RFC's query (every word, anywhere), or undefined for an empty query (E004). */
export const indexQueryOf = (query: string, options: { readonly segmentsCjk: boolean }): IndexQuery | undefined => {
  const tokens = queryTokens(query)
  return tokens.length === 0 ? undefined : allOf(tokens.map((t) => termOf(t, options)))
}

/** Every phrase of the query, word by word, each word's spellings in order (what an excerpt marks). */
export const queryPhrases = (query: IndexQuery): ReadonlyArray<string> => query.terms.flatMap((t) => t.phrases)
