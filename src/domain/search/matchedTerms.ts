/**
 * What a search result's one score is made of, as the result shows it
 * (issue 47 item 1: "the additive fields that explain it (terms held, field
 * matched)"): each word of the question the section holds, and where. An
 * agent taking the first hit can see whether it holds the question's words
 * itself or only through a heading above it or its skill's description
 * (docs/search.md "One score": `coordination` and `evidence` count exactly
 * these). Pure.
 */
import type { WordsHeld } from "./rank.js"

/**
 * Where a word is held:
 * - `section`: the section itself, its heading, its text or its file's name;
 * - `above`: a heading above it (or, for a question answered in part, its
 *   file's name, which then counts as a heading above its sections);
 * - `skill`: its skill's name or description.
 */
export const MATCHED_FIELDS = ["section", "above", "skill"] as const
export type MatchedField = (typeof MATCHED_FIELDS)[number]

export interface MatchedTerm {
  readonly word: string
  readonly fields: ReadonlyArray<MatchedField>
}

/**
 * A word as the question has it, for display, without the sentence's
 * punctuation around it ("Excel," is "Excel", "(pivot)" is "pivot"); a
 * name's own signs stay ("C++", "C#", ".NET"). Not `wordOf` (./rank.ts),
 * which is a word's identity for counting: lower case, signs dropped.
 */
export const asAsked = (token: string): string => token.replace(/^["'“‘«(\[{]+|[,.;:!?"'”’»)\]}]+$/gu, "") || token

/** The bits of `WordsHeld` that say each field. */
const BITS_OF: Readonly<Record<MatchedField, "own" | "inherited" | "described">> = { section: "own", above: "inherited", skill: "described" }

/**
 * The words of `words` (the searched ones, word i: bit i of `held`) that a
 * result holds, in the question's order, each once. Without `held` (a row
 * of the AND query) the section holds every word itself.
 */
export const matchedTerms = (words: ReadonlyArray<string>, held: WordsHeld | undefined): ReadonlyArray<MatchedTerm> => {
  // Per word as asked, the fields that hold it (bit k: MATCHED_FIELDS[k]; an AND row: 1, its section): a word
  // asked twice gathers both.
  const placesOf = new Map<string, number>()
  words.forEach((token, i) => {
    const places = held === undefined ? 1 : MATCHED_FIELDS.reduce((mask, f, k) => ((held[BITS_OF[f]] & (1 << i)) !== 0 ? mask | (1 << k) : mask), 0)
    if (places === 0) return
    const word = asAsked(token)
    placesOf.set(word, (placesOf.get(word) ?? 0) | places)
  })
  return [...placesOf].map(([word, places]) => ({ word, fields: MATCHED_FIELDS.filter((_, k) => (places & (1 << k)) !== 0) }))
}
