/**
 * "Did you mean …?" for a search that found nothing or only a partial
 * answer (src/domain/search/typoCorrection.ts): each content word no
 * section holds (`unheld`, from the search's own counts) replaced by the
 * closest word of the searched skills' headings when it reads as a typo of
 * it. One skill's search asks its own index; a search across skills asks
 * every index it searched, so "pasword" is answered with the spelling one
 * of those skills uses.
 */
import { Effect } from "effect"
import { fallbackTokens, isStopWord, wordOf } from "../../domain/search/rank.js"
import { asAsked } from "../../domain/search/matchedTerms.js"
import { correctedQuestion, headingVocabulary, typoOf } from "../../domain/search/typoCorrection.js"
import type { QueryableIndex } from "../build/index.js"

/**
 * The headings' words of a set of indexes and the corrections asked of them
 * so far, remembered by the indexes' identity (file, source hash and time of
 * indexing: a rebuilt index is another). A long-lived MCP server asks the
 * same skills again and again, and a question across 26 skills with a word
 * none holds ("how do I review a pull request for security problems" in the
 * benchmark's catalogue) read every heading of all 26 on every call, about
 * a millisecond. Indexes kept in memory (no file) are read each time.
 */
interface Known {
  readonly vocabulary: ReadonlyMap<string, number>
  readonly typos: Map<string, string | undefined>
}
const remembered = new Map<string, Known>()
/** Sets of indexes remembered at most (the oldest goes first); each set's corrections at most. */
const REMEMBERED_SETS = 8
const REMEMBERED_TYPOS = 1024

const identityOf = (indexes: ReadonlyArray<QueryableIndex>): string | undefined =>
  indexes.every((q) => q.path !== undefined)
    ? indexes.map((q) => `${q.path}\0${q.meta.source_hash}\0${q.meta.indexed_at ?? ""}`).join("\n")
    : undefined

const remember = (identity: string, known: Known): void => {
  if (remembered.size >= REMEMBERED_SETS) remembered.delete(remembered.keys().next().value!)
  remembered.set(identity, known)
}

/** The words of `words` (as `wordOf` reads them) that `hits` (per word, in order) says no section holds. */
export const unheldWords = (words: ReadonlyArray<string>, hits: ReadonlyArray<number>): ReadonlySet<string> =>
  new Set(words.filter((_, i) => (hits[i] ?? 0) === 0).map(wordOf))

/**
 * For a question of two or more content words that nothing answered, when
 * some section holds some of them: which words some section holds, which
 * none does, and whether the held ones alone make a narrower question that
 * is sure to answer (`answers`: one or two of them, with some missing; one
 * word is its own AND query, two need only one of them). "respond to a
 * customer faq" in a skill whose sections say "FAQ" but never "respond" or
 * "customer": held "faq", the narrower question "faq". Before, the answer
 * said that no section held "these words", and an agent took it that the
 * skill had nothing on FAQs. Undefined when no word is held (then that is
 * true).
 */
export const heldWords = (tokens: ReadonlyArray<string>, unheld: ReadonlySet<string>): Narrower | undefined => {
  // The words searched: content words, each once, at most MAX_FALLBACK_TERMS. A word past that limit was
  // never counted, so it is neither held nor missing (a pasted page of 3,000 words held by no section was
  // answered "No section holds enough of these words together", its 33rd word taken as held).
  const content = fallbackTokens(tokens)
  const held = content.filter((t) => !unheld.has(wordOf(t)))
  if (content.length < 2 || held.length === 0) return undefined
  const missing = content.filter((t) => unheld.has(wordOf(t)))
  // Shown as `matched_terms` shows a word: without the sentence's punctuation ("system," was quoted with its comma).
  return { held: held.map(asAsked), missing: missing.map(asAsked), answers: held.length <= 2 && missing.length > 0 }
}

/** The words of a question some section holds and those none holds, as asked (without the sentence's punctuation); whether the held ones answer alone. */
export interface Narrower {
  readonly held: ReadonlyArray<string>
  readonly missing: ReadonlyArray<string>
  readonly answers: boolean
}

/**
 * The question as it was probably meant, or undefined when every content
 * word is held somewhere or none is close to a heading word (the headings
 * are read only when some word is held nowhere). Never fails: a suggestion
 * is a courtesy, and the search has already answered.
 */
export const correctionIn = Effect.fnUntraced(
  function* (indexes: ReadonlyArray<QueryableIndex>, tokens: ReadonlyArray<string>, unheld: ReadonlySet<string>) {
    const missing = new Set(tokens.flatMap((t, i) => (!isStopWord(t) && unheld.has(wordOf(t)) ? [i] : [])))
    if (missing.size === 0) return undefined
    const identity = identityOf(indexes)
    let known = identity === undefined ? undefined : remembered.get(identity)
    if (known === undefined) {
      const headings: Array<string> = []
      for (const q of indexes) for (const h of yield* q.index.allHeadings) headings.push(h.text)
      known = { vocabulary: headingVocabulary(headings), typos: new Map() }
      if (identity !== undefined) remember(identity, known)
    }
    const { vocabulary, typos } = known
    return correctedQuestion(tokens, missing, vocabulary, (word) => {
      if (typos.has(word)) return typos.get(word)
      const fixed = typoOf(word, vocabulary)
      if (typos.size >= REMEMBERED_TYPOS) typos.clear()
      typos.set(word, fixed)
      return fixed
    })
  },
  // Recovery: an index that cannot be read for the suggestion suggests nothing; the search has answered already.
  (effect) => effect.pipe(Effect.orElseSucceed(() => undefined))
)
