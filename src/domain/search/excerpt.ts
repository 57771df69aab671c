/**
 * A snippet cut from a whole highlighted text, in time linear in its length
 * (issue 19, RFC-0004:C-SEARCH snippet parameters).
 *
 * FTS5's `snippet()` scores every candidate window against every hit, so on
 * one section holding tens of thousands of hits it is quadratic (a 1 MB
 * section took seconds, 30 MB minutes). For large documents the adapter asks
 * FTS5 for `highlight()` instead, which marks every hit in one pass, with
 * the control characters `HIT_OPEN` / `HIT_CLOSE`, and this module picks the
 * window: the `tokens` consecutive tokens holding the most hits (the first
 * such window), rendered like `snippet()`: `[MATCH]…[/MATCH]` around each
 * hit, `...` where text before or after was left out.
 *
 * Tokens are what `unicode61` counts as tokens: runs of letters, numbers,
 * marks and private-use characters.
 */

export const HIT_OPEN = "\u0001"
export const HIT_CLOSE = "\u0002"

const TOKEN_OR_MARK = /[\p{L}\p{N}\p{M}\p{Co}]+|[\u0001\u0002]/gu

export interface ExcerptMarkers {
  readonly open: string
  readonly close: string
  readonly ellipsis: string
}

export const RFC_MARKERS: ExcerptMarkers = { open: "[MATCH]", close: "[/MATCH]", ellipsis: "..." }

const stripMarks = (s: string): string => (s.includes(HIT_OPEN) || s.includes(HIT_CLOSE) ? s.replace(/[\u0001\u0002]/g, "") : s)

/** The best window of `tokens` tokens of `highlighted`, rendered with `markers`. Linear in the text. */
export const excerptOf = (highlighted: string, tokens: number, markers: ExcerptMarkers = RFC_MARKERS): string => {
  // One pass: token offsets and, per token, the hit it belongs to (-1: none).
  const starts: Array<number> = []
  const ends: Array<number> = []
  const hitOf: Array<number> = []
  let hit = -1
  let hits = 0
  for (const m of highlighted.matchAll(TOKEN_OR_MARK)) {
    if (m[0] === HIT_OPEN) hit = hits++
    else if (m[0] === HIT_CLOSE) hit = -1
    else {
      starts.push(m.index)
      ends.push(m.index + m[0].length)
      hitOf.push(hit)
    }
  }
  const n = starts.length
  if (n === 0) return stripMarks(highlighted).trim()
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
  const last = bestStart + width - 1
  let out = bestStart > 0 ? markers.ellipsis : stripMarks(highlighted.slice(0, starts[0]))
  for (let i = bestStart; i <= last; i++) {
    if (i > bestStart) out += stripMarks(highlighted.slice(ends[i - 1], starts[i]))
    const opens = hitOf[i] !== -1 && (i === bestStart || hitOf[i - 1] !== hitOf[i])
    const closes = hitOf[i] !== -1 && (i === last || hitOf[i + 1] !== hitOf[i])
    out += (opens ? markers.open : "") + highlighted.slice(starts[i], ends[i]) + (closes ? markers.close : "")
  }
  out += last < n - 1 ? markers.ellipsis : stripMarks(highlighted.slice(ends[last]))
  return out
}
