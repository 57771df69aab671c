/**
 * Words for activation matching: lowercase letters and digits, English stop
 * words and the boilerplate of skill descriptions ("Use when the user
 * asks…") dropped, each word Porter-stemmed. One function for requests and
 * for skill metadata so both sides agree.
 */
import { isAscii } from "../ascii.js"
import { porterStem } from "./stem.js"
import { spellingVariants } from "../search/spelling.js"
import { STOP_WORDS as SEARCH_STOP_WORDS } from "../search/rank.js"

const STOP_WORDS = new Set(
  (
    "a an the and or but nor so to of in on at by for with from into onto about over under as is are was were be been being " +
    "am do does did doing have has had having i me my we our us you your yours he she it its they them their this that these " +
    "those there here what which who whom whose when where why how all any both each few more most other some such no not only " +
    "own same than too very can could will would shall should may might must just also please need needs want wants like get " +
    "let lets help make sure via using use used uses user users skill skills ask asks asked if then else out up down off again " +
    "once i'm it's can't don't one new " +
    // What is left of a contraction once its apostrophe splits it ("isn't" is "isn" and "t"; one-letter
    // words go anyway): the function word it spells, never a word of the request's subject.
    "isn aren wasn weren doesn didn hasn haven hadn shouldn wouldn couldn mustn needn won ll ve re"
  ).split(/\s+/)
)

/**
 * Search's stop words a request still weighs: the verbs of asking ("show", "tell", "give", "say") and the
 * vague nouns and fillers ("thing", "way", "stuff", "now", "done") search drops from a question because no
 * heading answers them. The judge's measured figures (docs/benchmarks.md, `match.accuracy`, `eval.pass`)
 * were taken with them weighed; a description that says "show" or "done" still meets a request that does.
 */
const REQUEST_KEEPS: ReadonlySet<string> = new Set(
  "show give tell say says said thing things something anything stuff way ways possible really now done got gets don im whats what's".split(" ")
)

/**
 * The function words search's stop list has beside those (src/domain/search/rank.ts): time and place words,
 * counts and quantifiers, dropped from a request. Weighed, "before" in "start my dev server before running
 * playwright" decided for claude-api (its description says "before"), and "two" and "during" halved the
 * coverage of "merge two pdfs during the build" (an agent's probe; DECISIONS #44: stop words never decide a
 * match). A description keeps them: its length is what BM25 normalises by, and shortened it lifted one
 * skill over the threshold for a greeting.
 *
 * Derived from search's list, so a function word search learns to drop leaves requests too, unless it is
 * one of `REQUEST_KEEPS`.
 */
const REQUEST_STOP_WORDS: ReadonlySet<string> = new Set(
  [...SEARCH_STOP_WORDS].filter((w) => !STOP_WORDS.has(w) && !REQUEST_KEEPS.has(w))
)

/** Whether a word is one of the function words activation matching drops ("it", "can", "will", "a"). */
export const isMatchStopWord = (word: string): boolean => STOP_WORDS.has(word.toLowerCase())

export interface Term {
  /** The word as it appears (lowercased). */
  readonly word: string
  /** Its stem: what is compared. */
  readonly stem: string
}

export const words = (text: string): ReadonlyArray<string> => {
  // ASCII text needs no folding, and its words are runs of a-z and 0-9 (../ascii.ts).
  const split = isAscii(text)
    ? text.toLowerCase().split(/[^a-z0-9]+/)
    : text
        .normalize("NFKD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        // A Latin word inside CJK text ("解析SARIF文件") is a word of its own: one token, it matched nothing (a judge probe).
        .replace(/([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])(?=[a-z0-9])|([a-z0-9])(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])/gu, "$1$2 ")
        // A mark is part of its word: Japanese voicing marks (NFKD's "ペ" is "ヘ" + U+309A) and the vowel signs of
        // Indic scripts cut words in pieces at each one; the Latin accents are gone already (folded above).
        .split(/[^\p{L}\p{N}\p{M}]+/u)
  return split.filter((w) => w.length > 0)
}

/** Stems already computed: a catalogue's descriptions are stemmed again for every request (`skc eval` asks hundreds). */
const stems = new Map<string, string>()
const MAX_STEMS = 50_000

/**
 * The stem of a word's one spelling among its British and American ones
 * (the first in code-unit order of the word and `spellingVariants`), so that
 * "colours" in a request and "colors" in a description share a stem, as
 * search finds either (issue 25, src/domain/search/spelling.ts).
 */
const stemOf = (word: string): string => {
  const known = stems.get(word)
  if (known !== undefined) return known
  const variants = /^[a-z]+$/.test(word) ? spellingVariants(word) : []
  const stem = porterStem(variants.reduce((first, v) => (v < first ? v : first), word))
  if (stems.size >= MAX_STEMS) stems.clear()
  stems.set(word, stem)
  return stem
}

/** The words of `text` that are not `dropped`, one-letter ones apart from digits, with their stems. */
const termsWithout =
  (dropped: (word: string) => boolean) =>
  (text: string): ReadonlyArray<Term> =>
    words(text)
      .filter((w) => !dropped(w) && (w.length > 1 || /\d/.test(w)))
      .map((word) => ({ word, stem: stemOf(word) }))

export const terms = termsWithout((w) => STOP_WORDS.has(w))

/**
 * Words the activation judge weighs (bm25.ts): `terms` with "skill", "skills" and "new" kept. They are the
 * subject of a request about skills ("create a new skill for my team"), which otherwise went to whichever
 * description held "create" and "team"; where a catalogue's descriptions all say "This skill…", their IDF
 * makes them weigh next to nothing.
 */
const SUBJECT_WORDS: ReadonlySet<string> = new Set(["skill", "skills", "new"])
export const matchTerms = termsWithout((w) => STOP_WORDS.has(w) && !SUBJECT_WORDS.has(w))

/** A request's words the activation judge weighs: `matchTerms` without the function words of `REQUEST_STOP_WORDS`. */
export const requestTerms = termsWithout((w) => (STOP_WORDS.has(w) && !SUBJECT_WORDS.has(w)) || REQUEST_STOP_WORDS.has(w))
