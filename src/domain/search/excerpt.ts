/**
 * A snippet of a large document, in time linear in its length (issue 19,
 * RFC-0004:C-SEARCH snippet parameters). Pure.
 *
 * FTS5's `snippet()` scores every candidate window against every hit, and
 * `highlight()` rebuilds its whole output string on every hit, so both are
 * quadratic in the hits of one row (a 1 MB section full of hits took
 * seconds, 30 MB minutes). For documents above a size the adapter reads
 * the text and this module finds the hits itself, the way the index
 * tokenizes (`unicode61`: runs of letters, numbers and marks, case and
 * diacritics folded; `porter`: English stems), then picks the window: the
 * `tokens` consecutive tokens holding the most hits (the first such window),
 * rendered like `snippet()`: `[MATCH]…[/MATCH]` around each hit, `...` where
 * text before or after was left out.
 */
import { isAscii } from "../ascii.js"
import { lazy } from "../lazy.js"
import { porterStem } from "../protocol/stem.js"

export interface ExcerptMarkers {
  readonly open: string
  readonly close: string
  readonly ellipsis: string
}

export const RFC_MARKERS: ExcerptMarkers = { open: "[MATCH]", close: "[/MATCH]", ellipsis: "..." }

// What unicode61 keeps inside a token: letters, numbers, marks, private use.
// Made at first use (../lazy.ts): `show` loads this module and never excerpts.
const TOKEN = lazy(() => /[\p{L}\p{N}\p{M}\p{Co}]+/gu)
const DIACRITICS = lazy(() => /\p{M}/gu)
// The same tokens in ASCII text (../ascii.ts: the Unicode class costs milliseconds to build).
const ASCII_TOKEN = /[A-Za-z0-9]+/g

/** The token pattern for `text`: the plain one when `text` is ASCII. */
const tokensOf = (text: string): RegExp => (isAscii(text) ? ASCII_TOKEN : TOKEN())

/** A token as the index compares it: case-folded, diacritics removed, stemmed with `porter`. */
export const tokenNormalizer = (stems: boolean): ((token: string) => string) => {
  const memo = new Map<string, string>()
  return (token) => {
    let n = memo.get(token)
    if (n === undefined) {
      // An ASCII token has no diacritic to fold.
      const folded = isAscii(token) ? token.toLowerCase() : token.toLowerCase().normalize("NFD").replace(DIACRITICS(), "")
      n = stems ? porterStem(folded) : folded
      // The vocabulary of one document is small next to its length: memoising keeps stemming linear.
      if (memo.size < 100_000) memo.set(token, n)
    }
    return n
  }
}

/** Phrases (a query's: `queryPhrases` of indexQuery.ts) as their normalized tokens; a phrase without a token is dropped. */
export const phrasesOf = (phrases: ReadonlyArray<string>, normalize: (token: string) => string): ReadonlyArray<ReadonlyArray<string>> =>
  phrases.map((phrase) => [...phrase.matchAll(tokensOf(phrase))].map((t) => normalize(t[0]))).filter((p) => p.length > 0)

/** The best window of `tokens` tokens of `text` for `phrases`, rendered with `markers`. Linear in the text. */
export const excerptOf = (
  text: string,
  phrases: ReadonlyArray<ReadonlyArray<string>>,
  normalize: (token: string) => string,
  tokens: number,
  markers: ExcerptMarkers = RFC_MARKERS
): string => {
  const starts: Array<number> = []
  const ends: Array<number> = []
  const words: Array<string> = []
  for (const m of text.matchAll(tokensOf(text))) {
    starts.push(m.index)
    ends.push(m.index + m[0].length)
    words.push(normalize(m[0]))
  }
  const n = starts.length
  if (n === 0) return text.trim()
  // Hits: each occurrence of a phrase is one hit (its tokens share an id), first phrase wins on overlap.
  const byFirst = new Map<string, Array<ReadonlyArray<string>>>()
  for (const p of phrases) {
    const list = byFirst.get(p[0])
    if (list === undefined) byFirst.set(p[0], [p])
    else list.push(p)
  }
  const hitOf = new Int32Array(n).fill(-1)
  let hits = 0
  for (let i = 0; i < n; i++) {
    const candidates = byFirst.get(words[i])
    if (candidates === undefined || hitOf[i] !== -1) continue
    for (const p of candidates) {
      if (i + p.length > n) continue
      let ok = true
      for (let k = 1; k < p.length && ok; k++) ok = words[i + k] === p[k]
      if (!ok) continue
      for (let k = 0; k < p.length; k++) hitOf[i + k] = hits
      hits++
      break
    }
  }
  const width = Math.min(tokens, n)
  // Sliding window over the hit tokens: O(n).
  let inWindow = 0
  for (let i = 0; i < width; i++) if (hitOf[i] !== -1) inWindow++
  let best = inWindow
  let bestStart = 0
  for (let s = 1; s + width <= n; s++) {
    if (hitOf[s - 1] !== -1) inWindow--
    if (hitOf[s + width - 1] !== -1) inWindow++
    if (inWindow > best) {
      best = inWindow
      bestStart = s
    }
  }
  // Centre the hits of that window in it (FTS5's snippet() also pads both sides).
  let first = -1
  let lastHit = -1
  for (let i = bestStart; i < bestStart + width; i++) {
    if (hitOf[i] === -1) continue
    if (first === -1) first = i
    lastHit = i
  }
  if (first !== -1) bestStart = Math.max(0, Math.min(n - width, first - Math.floor((width - (lastHit - first + 1)) / 2)))
  const last = bestStart + width - 1
  let out = bestStart > 0 ? markers.ellipsis : text.slice(0, starts[0])
  for (let i = bestStart; i <= last; i++) {
    if (i > bestStart) out += text.slice(ends[i - 1], starts[i])
    const opens = hitOf[i] !== -1 && (i === bestStart || hitOf[i - 1] !== hitOf[i])
    const closes = hitOf[i] !== -1 && (i === last || hitOf[i + 1] !== hitOf[i])
    out += (opens ? markers.open : "") + text.slice(starts[i], ends[i]) + (closes ? markers.close : "")
  }
  out += last < n - 1 ? markers.ellipsis : text.slice(ends[last])
  return out
}

/**
 * Which of `phrases` occur in `text` (each as consecutive tokens, the way
 * the index tokenizes). Used for a skill's name and description, which the
 * index does not hold (issue 14, docs/search.md).
 */
export const heldPhrases = (
  text: string,
  phrases: ReadonlyArray<ReadonlyArray<string>>,
  normalize: (token: string) => string
): ReadonlyArray<boolean> => {
  const words = [...text.matchAll(tokensOf(text))].map((m) => normalize(m[0]))
  return phrases.map((p) => p.length > 0 && words.some((_, i) => p.every((w, k) => words[i + k] === w)))
}
