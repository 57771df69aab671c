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
export type MatchedField = "section" | "above" | "skill"

export interface MatchedTerm {
  readonly word: string
  readonly fields: ReadonlyArray<MatchedField>
}

/**
 * A word as the question has it, without the sentence's punctuation around
 * it ("Excel," is "Excel", "(pivot)" is "pivot"); a name's own signs stay
 * ("C++", "C#", ".NET").
 */
const asAsked = (token: string): string => token.replace(/^["'“‘«(\[{]+|[,.;:!?"'”’»)\]}]+$/gu, "") || token

/**
 * The words of `words` (the searched ones, word i: bit i of `held`) that a
 * result holds, in the question's order, each once. Without `held` (a row
 * of the AND query) the section holds every word itself.
 */
export const matchedTerms = (words: ReadonlyArray<string>, held: WordsHeld | undefined): ReadonlyArray<MatchedTerm> => {
  const byWord = new Map<string, Set<MatchedField>>()
  words.forEach((token, i) => {
    const bit = 1 << i
    const fields: Array<MatchedField> =
      held === undefined
        ? ["section"]
        : [...((held.own & bit) !== 0 ? ["section" as const] : []), ...((held.inherited & bit) !== 0 ? ["above" as const] : []), ...((held.described & bit) !== 0 ? ["skill" as const] : [])]
    if (fields.length === 0) return
    const word = asAsked(token)
    const known = byWord.get(word) ?? new Set<MatchedField>()
    for (const f of fields) known.add(f)
    byWord.set(word, known)
  })
  const order: ReadonlyArray<MatchedField> = ["section", "above", "skill"]
  return [...byWord].map(([word, fields]) => ({ word, fields: order.filter((f) => fields.has(f)) }))
}
