/**
 * Fixes a lint rule attaches to its findings (issue 50), in the spirit of
 * markdownlint's `fixInfo`: a fix is a list of range edits on the text of the
 * finding's file, written by the rule that knows what is wrong.
 *
 * - `fix`: certain — `skc lint --fix` applies it and the editor offers it as
 *   the preferred quick fix. A rule sets it only when the result is the one
 *   any author would write (docs/rules.md says, per rule, when that is).
 * - `suggestions`: guided edits ("add a trigger phrase") that need the
 *   author's judgement; only the editor offers them, never `--fix`.
 *
 * Offsets are UTF-16 code units of the file's text as the snapshot holds it
 * (no byte order mark: lint's reader drops it and the writer puts it back).
 * Edits are applied from the end of the text backwards, so each one's
 * offsets stay valid, and everything outside them is kept as it was: line
 * endings, quoting, key order.
 */

export interface TextEdit {
  /** Start offset (inclusive). */
  readonly start: number
  /** End offset (exclusive); equal to `start` for an insertion. */
  readonly end: number
  readonly text: string
}

export interface Fix {
  /** What the edit does, in a few words ("quote '1.0'"): the quick fix's title. */
  readonly title: string
  /** Non-overlapping edits of the finding's file. */
  readonly edits: ReadonlyArray<TextEdit>
}

/** The texts whose line starts were computed last, newest last: rules ask again for each finding of one file. */
const recentStarts: Array<{ readonly source: string; readonly starts: ReadonlyArray<number> }> = []
const RECENT_STARTS_MAX = 8

/**
 * Offset of the start of each line, lines ended by `\n`, `\r\n` or a lone `\r` (as `splitLines` ends them).
 * The last few texts' answers are kept: a rule that places a guided edit for each of its findings asked it
 * afresh each time, a scan of the whole file per finding (a 1 MB file with 1,000 findings took seconds).
 */
export const lineStarts = (source: string): ReadonlyArray<number> => {
  for (let i = recentStarts.length - 1; i >= 0; i--) {
    const kept = recentStarts[i]!
    if (kept.source === source) return kept.starts
  }
  const starts = computeLineStarts(source)
  recentStarts.push({ source, starts })
  if (recentStarts.length > RECENT_STARTS_MAX) recentStarts.shift()
  return starts
}

const computeLineStarts = (source: string): ReadonlyArray<number> => {
  const out = [0]
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i)
    if (c === 10) out.push(i + 1)
    else if (c === 13) {
      if (source.charCodeAt(i + 1) === 10) i++
      out.push(i + 1)
    }
  }
  return out
}

/** Offset of a 1-based line and column (UTF-16 units), or undefined past the text. */
export const offsetAt = (starts: ReadonlyArray<number>, line: number, column: number): number | undefined => {
  const start = starts[line - 1]
  return start === undefined ? undefined : start + column - 1
}

/** 0-based line and character of an offset (the editor's position). */
export const positionAt = (starts: ReadonlyArray<number>, offset: number): { readonly line: number; readonly character: number } => {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  return { line: lo, character: offset - starts[lo]! }
}

const overlaps = (a: TextEdit, b: TextEdit): boolean =>
  a.start < b.end && b.start < a.end || (a.start === a.end && a.start === b.start) || (b.start === b.end && b.start === a.start)

/**
 * The edits of several fixes that can be applied together: a fix whose edits
 * overlap an accepted one waits for the next pass (the caller lints again).
 */
export const compatibleFixes = (fixes: ReadonlyArray<Fix>): ReadonlyArray<Fix> => {
  const taken: Array<TextEdit> = []
  const out: Array<Fix> = []
  for (const fix of fixes) {
    if (fix.edits.some((e) => taken.some((t) => overlaps(e, t)) || fix.edits.some((o) => o !== e && overlaps(o, e)))) continue
    taken.push(...fix.edits)
    out.push(fix)
  }
  return out
}

/** The text with non-overlapping edits applied, from the last one backwards. */
export const applyEdits = (source: string, edits: ReadonlyArray<TextEdit>): string => {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end)
  let out = source
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  return out
}
