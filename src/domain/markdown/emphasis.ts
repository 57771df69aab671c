/**
 * Emphasis for inline flattening (inline.ts): delimiter runs of `*` and `_`
 * (CommonMark 6.2, left- and right-flanking by micromark's character
 * classes) and their matching, after which matched delimiters disappear from
 * the text and unmatched ones stay literal.
 */
import type { Delimiter, InlineState } from "./inlineState.js"
import { lazy } from "../lazy.js"
import { isAsciiPunctuation } from "./syntax.js"

// micromark's character classes for emphasis flanking.
const UNICODE_WHITESPACE = /\s/
// Made at first use (../lazy.ts): most documents' headings have no emphasis to classify.
const UNICODE_PUNCTUATION = lazy(() => /[\p{P}\p{S}]/u)

type CharClass = 0 | 1 | 2 // other, whitespace, punctuation

const classify = (ch: string | undefined): CharClass => {
  if (ch === undefined || UNICODE_WHITESPACE.test(ch)) return 1
  const code = ch.charCodeAt(0)
  if (code < 128) return isAsciiPunctuation(code) ? 2 : 0
  return UNICODE_PUNCTUATION().test(ch) ? 2 : 0
}

const codePointBefore = (s: string, pos: number): string | undefined => {
  if (pos <= 0) return undefined
  const low = s.charCodeAt(pos - 1)
  if (low >= 0xdc00 && low <= 0xdfff && pos >= 2) {
    const high = s.charCodeAt(pos - 2)
    if (high >= 0xd800 && high <= 0xdbff) return s.slice(pos - 2, pos)
  }
  return s[pos - 1]
}

const codePointAt = (s: string, pos: number): string | undefined => {
  if (pos >= s.length) return undefined
  const cp = s.codePointAt(pos)!
  return String.fromCodePoint(cp)
}

/** A run of `cc` (`*` or `_`) at `pos`: kept as a part and pushed on the delimiter stack. */
export const delimiterRun = (f: InlineState, cc: number): void => {
  const source = f.source
  const start = f.pos
  while (f.pos < f.n && source.charCodeAt(f.pos) === cc) f.pos++
  const count = f.pos - start
  const before = classify(codePointBefore(source, start))
  const after = classify(codePointAt(source, f.pos))
  const leftFlanking = after !== 1 && (after !== 2 || before !== 0)
  const rightFlanking = before !== 1 && (before !== 2 || after !== 0)
  let canOpen = leftFlanking
  let canClose = rightFlanking
  if (cc === 95) {
    canOpen = leftFlanking && (!rightFlanking || before === 2)
    canClose = rightFlanking && (!leftFlanking || after === 2)
  }
  const part = f.push(source.slice(start, f.pos), false)
  const d: Delimiter = { cc, count, part, prev: f.delimiters, next: null, canOpen, canClose }
  if (f.delimiters !== null) f.delimiters.next = d
  f.delimiters = d
}

/**
 * Matches emphasis delimiters above `bottom` the way micromark's attention
 * resolver does: closers left to right, each with the nearest usable opener.
 * Unlike commonmark.js, the "multiple of 3" rule looks at what is left of
 * the runs after earlier matches, not their original lengths, and there is
 * no openers-bottom shortcut (it assumes original lengths).
 */
export const processEmphasis = (f: InlineState, bottom: Delimiter | null): void => {
  const parts = f.parts
  let closer = f.delimiters
  while (closer !== null && closer.prev !== bottom) closer = closer.prev
  while (closer !== null) {
    if (!closer.canClose) {
      closer = closer.next
      continue
    }
    let opener = closer.prev
    while (opener !== null && opener !== bottom) {
      const oddMatch =
        (closer.canOpen || opener.canClose) && closer.count % 3 !== 0 && (opener.count + closer.count) % 3 === 0
      if (opener.cc === closer.cc && opener.canOpen && !oddMatch) break
      opener = opener.prev
    }
    if (opener === null || opener === bottom) {
      const next: Delimiter | null = closer.next
      if (!closer.canOpen) f.removeDelimiter(closer)
      closer = next
      continue
    }
    const use = closer.count >= 2 && opener.count >= 2 ? 2 : 1
    opener.count -= use
    closer.count -= use
    parts[opener.part] = parts[opener.part].slice(0, parts[opener.part].length - use)
    parts[closer.part] = parts[closer.part].slice(0, parts[closer.part].length - use)
    // Delimiters between a matched pair can no longer match anything.
    if (opener.next !== closer) {
      opener.next = closer
      closer.prev = opener
    }
    if (opener.count === 0) f.removeDelimiter(opener)
    if (closer.count === 0) {
      const next: Delimiter | null = closer.next
      f.removeDelimiter(closer)
      closer = next
    }
  }
  while (f.delimiters !== null && f.delimiters !== bottom) f.removeDelimiter(f.delimiters)
}
