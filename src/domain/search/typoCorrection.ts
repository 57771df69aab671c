/**
 * "Did you mean …?" for a search of one skill that found nothing, or only
 * sections holding some of the words: each word
 * of the question that no section holds, replaced by the closest word of
 * the skill's headings when it reads as a typo of it ("watermrk" →
 * "watermark"). The headings are the skill's own vocabulary for what it
 * covers, in the spelling its author uses; the index's terms are stems
 * ("configur"), which no one should be told to type. Pure: the caller gives
 * the words held nowhere and the headings.
 */
import { porterStem } from "../protocol/stem.js"
import { editDistance } from "../suggest.js"

/**
 * The largest edit distance taken for a typo of a word of `length` letters.
 * Short words have too many neighbours ("tiff" is one edit from "diff"), so
 * a word is corrected only from five letters on, by one edit up to six.
 */
const bound = (length: number): number => (length <= 6 ? 1 : length <= 9 ? 2 : 3)

/** The words of some headings, lower case, ASCII letters only, each with how many headings hold it. */
export const headingVocabulary = (headings: ReadonlyArray<string>): ReadonlyMap<string, number> => {
  const counts = new Map<string, number>()
  for (const h of headings) {
    for (const w of new Set(h.toLowerCase().split(/[^a-z]+/))) if (w.length >= 3) counts.set(w, (counts.get(w) ?? 0) + 1)
  }
  return counts
}

/**
 * The closest word of `vocabulary` to `word` as a typo (within `bound`, not
 * a form of the same word: the stemmer already joins those), the more
 * frequent one on a tie; undefined when none is close or the word is not
 * a plain ASCII word of five letters or more.
 */
export const typoOf = (word: string, vocabulary: ReadonlyMap<string, number>): string | undefined => {
  const w = word.toLowerCase()
  if (!/^[a-z]{5,}$/.test(w) || vocabulary.has(w)) return undefined
  const max = bound(w.length)
  const stem = porterStem(w)
  let best: { readonly word: string; readonly d: number; readonly n: number } | undefined
  for (const [candidate, n] of vocabulary) {
    const d = editDistance(w, candidate, max)
    if (d > max || porterStem(candidate) === stem) continue
    if (best === undefined || d < best.d || (d === best.d && (n > best.n || (n === best.n && candidate < best.word)))) best = { word: candidate, d, n }
  }
  return best?.word
}

/**
 * The question with each token at `missing` (indices of words no section
 * holds) replaced by its typo's correction, as typed otherwise; undefined
 * when no token was corrected, or when fewer than half of the words held
 * nowhere read as typos. A question of mostly unknown words is not a
 * misspelt one: it is in another language or about what the skill does not
 * cover, and correcting the one word that happens to lie near a heading
 * word suggests a question that still finds nothing ("comment remplir un
 * formulaire PDF" was "Did you mean 'command remplir un formulaire PDF'?").
 * No language list is needed: the rule reads only the skill's own words.
 */
export const correctedQuestion = (
  tokens: ReadonlyArray<string>,
  missing: ReadonlySet<number>,
  vocabulary: ReadonlyMap<string, number>,
  /** `typoOf` over `vocabulary`, or a caller's remembered answers of it. */
  typo: (word: string) => string | undefined = (word) => typoOf(word, vocabulary)
): string | undefined => {
  let corrected = 0
  const out = tokens.map((t, i) => {
    if (!missing.has(i)) return t
    const fixed = typo(t.replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, ""))
    if (fixed === undefined) return t
    corrected++
    return fixed
  })
  return corrected > 0 && 2 * corrected >= missing.size ? out.join(" ") : undefined
}
