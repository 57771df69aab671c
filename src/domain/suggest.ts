/**
 * "Did you mean …?" (issue 25 item 3): the closest of the names skc knows
 * for a name it could not find — skills (what `skc list` shows), files of a
 * skill, `--group-by` values. Pure: the callers give the candidates.
 *
 * Order of preference, so that the suggestion is the one a person meant:
 * the same name in another case (`FORMS.md` → `forms.md`), then the same
 * last path segment, then the smallest edit distance within a bound that
 * grows with the name's length (a typo, a missing or doubled letter, two
 * swapped letters), then, for a name of three characters or more, the
 * names it begins or is a whole part of (`slack-gif` → `slack-gif-creator`),
 * never a name that merely shares a letter or two.
 */
import { visible } from "./visible.js"

/** Edit distance with adjacent transpositions (optimal string alignment); stops early past `max`. */
export const editDistance = (a: string, b: string, max = Number.POSITIVE_INFINITY): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows = a.length + 1
  const cols = b.length + 1
  let prevPrev = new Array<number>(cols).fill(0)
  let prev = Array.from({ length: cols }, (_, j) => j)
  for (let i = 1; i < rows; i++) {
    const cur = new Array<number>(cols).fill(0)
    cur[0] = i
    let best = cur[0]
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prevPrev[j - 2]! + 1)
      cur[j] = v
      if (v < best) best = v
    }
    if (best > max) return max + 1
    prevPrev = prev
    prev = cur
  }
  return prev[cols - 1]!
}

/** The largest edit distance still taken for a typo of `name`. */
export const typoBound = (name: string): number => (name.length <= 3 ? 1 : name.length <= 8 ? 2 : 3)

/** A path's last segment, or a plugin-qualified name's skill (`superpowers:brainstorming`, as Claude Code names a plugin's skill). */
const lastSegment = (p: string) => p.slice(Math.max(p.lastIndexOf("/"), p.lastIndexOf(":")) + 1)

/**
 * Up to `limit` candidates closest to `query`, best first (ties in the
 * candidates' order); empty when none is close.
 */
export const closest = (query: string, candidates: ReadonlyArray<string>, limit = 3): ReadonlyArray<string> => {
  const q = query.toLowerCase()
  const unique = [...new Set(candidates)].filter((c) => c !== query)
  const exactFold = unique.filter((c) => c.toLowerCase() === q)
  if (exactFold.length > 0) return exactFold.slice(0, limit)
  const base = lastSegment(q)
  const sameBase = unique.filter((c) => lastSegment(c.toLowerCase()) === base)
  if (sameBase.length > 0) return sameBase.slice(0, limit)
  const bound = typoBound(q)
  const typos = unique
    .map((c, i) => ({ c, i, d: Math.min(editDistance(q, c.toLowerCase(), bound), editDistance(base, lastSegment(c.toLowerCase()), bound)) }))
    .filter((x) => x.d <= bound)
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.c)
  if (typos.length > 0 || q.length < 3) return typos
  // A name cut short or a part of one: `slack-gif` for `slack-gif-creator`, `pptxgenjs` for
  // `pptxgenjs.md`, `gif` for `slack-gif-creator` (whole hyphen- or dot-separated parts only).
  const parts = (c: string) => `-${c.toLowerCase().replace(/[./_]/g, "-")}-`
  const wanted = `-${q.replace(/[./_]/g, "-")}-`
  return unique.filter((c) => c.toLowerCase().startsWith(q) || parts(c).includes(wanted) || parts(lastSegment(c)).includes(wanted)).slice(0, limit)
}

/** The one detail line: `did you mean 'a'?` or `did you mean 'a' or 'b'?`; undefined when there is nothing to suggest. */
export const didYouMean = (suggestions: ReadonlyArray<string>): string | undefined => {
  if (suggestions.length === 0) return undefined
  // Names and paths are untrusted: a newline or tab in one is shown escaped, as everywhere else, and
  // cannot break the message's one-line hint in two (the message keeps only its own line breaks).
  const quoted = suggestions.map((s) => `'${visible(s)}'`)
  return `did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`}?`
}
