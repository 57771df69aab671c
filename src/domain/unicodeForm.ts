/**
 * One Unicode text, two ways of writing it: `é` as one code point (NFC, what keyboards type) or as `e`
 * and a combining accent (NFD, how macOS names files and what text copied from its file names holds).
 * Headings, file names and skill names are compared in one form so an author's typing finds them.
 */

import { isAscii } from "./ascii.js"

/** The composed form (NFC); ASCII text, which has one form, as it is. */
export const composed = (s: string): string => (isAscii(s) ? s : s.normalize("NFC"))

/** Whether two texts are the same letters, written in the same or in different Unicode forms. */
export const sameUnicodeText = (a: string, b: string): boolean => a === b || composed(a) === composed(b)
