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
import { isStopWord, wordOf } from "../../domain/search/rank.js"
import { correctedQuestion, headingVocabulary } from "../../domain/search/typoCorrection.js"
import type { QueryableIndex } from "../build/index.js"

/** The words of `words` (as `wordOf` reads them) that `hits` (per word, in order) says no section holds. */
export const unheldWords = (words: ReadonlyArray<string>, hits: ReadonlyArray<number>): ReadonlySet<string> =>
  new Set(words.filter((_, i) => (hits[i] ?? 0) === 0).map(wordOf))

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
    const headings: Array<string> = []
    for (const q of indexes) for (const h of yield* q.index.allHeadings) headings.push(h.text)
    return correctedQuestion(tokens, missing, headingVocabulary(headings))
  },
  // Recovery: an index that cannot be read for the suggestion suggests nothing; the search has answered already.
  (effect) => effect.pipe(Effect.orElseSucceed(() => undefined))
)
