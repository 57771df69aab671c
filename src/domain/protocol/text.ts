/**
 * Words for activation matching: lowercase letters and digits, English stop
 * words and the boilerplate of skill descriptions ("Use when the user
 * asks…") dropped, each word Porter-stemmed. One function for requests and
 * for skill metadata so both sides agree.
 */
import { porterStem } from "./stem.js"

const STOP_WORDS = new Set(
  (
    "a an the and or but nor so to of in on at by for with from into onto about over under as is are was were be been being " +
    "am do does did doing have has had having i me my we our us you your yours he she it its they them their this that these " +
    "those there here what which who whom whose when where why how all any both each few more most other some such no not only " +
    "own same than too very can could will would shall should may might must just also please need needs want wants like get " +
    "let lets help make sure via using use used uses user users skill skills ask asks asked if then else out up down off again " +
    "once i'm it's can't don't one new"
  ).split(/\s+/)
)

export interface Term {
  /** The word as it appears (lowercased). */
  readonly word: string
  /** Its stem: what is compared. */
  readonly stem: string
}

export const words = (text: string): ReadonlyArray<string> =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)

export const terms = (text: string): ReadonlyArray<Term> =>
  words(text)
    .filter((w) => !STOP_WORDS.has(w) && (w.length > 1 || /\d/.test(w)))
    .map((word) => ({ word, stem: porterStem(word) }))
