/**
 * Finding the heading `skc show --section` names (RFC-0002:C-SHOW,
 * DECISIONS #23).
 *
 * - The query is trimmed; if it contains ` — ` (em-dash with spaces, as the
 *   compiled stub writes `Title — description`), only the part before it is
 *   kept. One refinement: when a heading equals the whole trimmed query
 *   (a heading that itself contains ` — `, copied from the outline), that
 *   heading is the one meant and wins over the shortened query.
 * - Matching is case-insensitive (full Unicode lowercase, not only ASCII)
 *   and blind to the Unicode form (NFC and NFD spellings of `é` are one).
 *   An empty (or blank) query matches only headings without text (a `##`
 *   line alone is one in CommonMark, and outline lists it).
 * - With several matches the first in outline order wins (files bytewise,
 *   then line); the caller warns W001. A `line` (a search result's, an
 *   extension of the RFC) picks the match whose section holds it instead:
 *   two headings of one file ("Images" under "Creating" and under
 *   "Editing") cannot be told apart by the file.
 * - Only when nothing matches as written: a heading whose words are the
 *   query's once decoration (an emoji at either end) and typography (dashes,
 *   curly quotes, `…`) are set aside: "Streaming — Python" is found as
 *   "Streaming - Python", as a model types it.
 * - Without a match, up to 5 suggestions: headings with the query's words
 *   and other punctuation, then headings starting with the query, then
 *   headings containing it, then headings the query contains (at least
 *   3 characters, e.g. `Getting Started Guide` → `Getting Started`), then
 *   word prefixes and typos; each in outline order, every kind within the
 *   `--file` given before any other file's.
 */
import { headingWithArguments } from "../agents/claudeBody.js"
import { compareBytewise } from "../sourcePaths.js"
import { editDistance, typoBound } from "../suggest.js"
import { composed } from "../unicodeForm.js"
import { visible } from "../visible.js"

export interface HeadingEntry {
  readonly file: string
  readonly text: string
  readonly level: number
  readonly start_line: number
  readonly end_line: number
}

export const MAX_SUGGESTIONS = 5
const EM_DASH_SEPARATOR = " \u2014 "

/** Trimmed query, and the part before ` — ` when there is one. */
export const normalizeSectionQuery = (query: string): { readonly primary: string; readonly whole: string } => {
  const whole = query.trim()
  const at = whole.indexOf(EM_DASH_SEPARATOR)
  return { primary: at === -1 ? whole : whole.slice(0, at).trim(), whole }
}

/**
 * A heading or query as matching compares it: case folded, control characters other than a tab dropped. A
 * heading holding one (`## Second` and a NUL byte, in a file saved as binary by mistake) could never be
 * asked for: no shell argument or JSON string an agent writes holds it, and E020 suggested it again.
 */
export const foldCase = (s: string): string => {
  // eslint-disable-next-line no-control-regex
  const shown = /[\u0000-\u0008\u000a-\u001f\u007f]/.test(s) ? s.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "") : s
  // One Unicode form (`Café` typed composed finds a heading saved decomposed), then case; each run of white
  // space (a tab, a no-break space) one space, as the compiled stub lists the heading for the agent to paste
  // back: `## Non\u00a0Breaking Space` is listed as "Non Breaking Space", which found nothing (E020 suggesting
  // a heading that read the same).
  const folded = composed(shown).toLowerCase()
  return /[^\S ]|  /.test(folded) ? folded.replace(/\s+/gu, " ") : folded
}

/** Bytewise (UTF-8, i.e. code point) comparison, as outline orders files. */
export const compareCodePoints = compareBytewise

export const outlineOrder = (a: HeadingEntry, b: HeadingEntry): number =>
  compareCodePoints(a.file, b.file) || a.start_line - b.start_line

/** Strip `./` and duplicate slashes and turn `\` into `/`, so `--file ./refs/a.md` names `refs/a.md`. */
export const normalizeRelPath = (p: string): string =>
  p
    .replaceAll("\\", "/")
    .split("/")
    .filter((seg) => seg !== "" && seg !== ".")
    .join("/")

export type SectionMatch =
  | {
      readonly _tag: "Found"
      readonly heading: HeadingEntry
      readonly matches: number
      /** Every matching heading in outline order, `heading` first. */
      readonly all: ReadonlyArray<HeadingEntry>
    }
  | {
      readonly _tag: "NotFound"
      readonly query: string
      readonly suggestions: ReadonlyArray<HeadingEntry>
      /** With a `line` no matching section holds: that line, and where the matching headings are. */
      readonly notAt?: { readonly line: number; readonly headings: ReadonlyArray<HeadingEntry> }
    }

/** Whether a heading answers a folded form of the query: its text, folded, equal to it unless a caller says otherwise. */
export type HeadingTest = (heading: HeadingEntry, folded: string) => boolean

const sameText: HeadingTest = (h, folded) => foldCase(h.text) === folded

const matchesOf = (headings: ReadonlyArray<HeadingEntry>, folded: string, file: string | undefined, test: HeadingTest) =>
  headings.filter((h) => (file === undefined || h.file === file) && test(h, folded))

/** Match over every indexed heading (any order; outline order is applied here). */
export const matchSection = (
  all: ReadonlyArray<HeadingEntry>,
  query: string,
  file: string | undefined,
  line?: number,
  test: HeadingTest = sameText
): SectionMatch => {
  const headings = [...all].sort(outlineOrder)
  const fileFilter = file === undefined ? undefined : normalizeRelPath(file)
  const { primary, whole } = normalizeSectionQuery(query)
  // With a line: the first form of the query (whole, then before ` — `) whose headings hold it, else where the first form's are.
  let notAt: { readonly line: number; readonly headings: ReadonlyArray<HeadingEntry> } | undefined
  for (const candidate of primary === whole ? [primary] : [whole, primary]) {
    // An empty query finds the headings without text (`##` alone), which outline lists like any other.
    const found = matchesOf(headings, foldCase(candidate), fileFilter, test)
    if (found.length === 0) continue
    if (line === undefined) return { _tag: "Found", heading: found[0], matches: found.length, all: found }
    // Per file, the innermost matching section holding the line (outline order puts a nested one later). Line
    // numbers are per file: without `file`, two files may each hold it, and the first wins with W001.
    const innermost = new Map<string, HeadingEntry>()
    for (const h of found) if (h.start_line <= line && line < h.end_line) innermost.set(h.file, h)
    const picked = [...innermost.values()]
    if (picked.length > 0) return { _tag: "Found", heading: picked[0]!, matches: picked.length, all: picked }
    notAt ??= { line, headings: found }
  }
  if (notAt !== undefined) return { _tag: "NotFound", query: primary, suggestions: [], notAt }
  // A heading decorated with an emoji or a symbol ("🚀 High-Level Workflow", "✅ CORRECT - Using Excel
  // Formulas", as published skills write them) is asked for by its words: tried only when nothing matched as
  // written, and only where the decoration is all that differs. It cost an agent an E020 and a second call.
  // So is one whose dashes or quotes are typographic ("Streaming — Python", asked for as "Streaming - Python":
  // a model types the ASCII form, and E020 suggested five other files' "Streaming" instead).
  if (line === undefined && test === sameText) {
    for (const candidate of primary === whole ? [primary] : [whole, primary]) {
      const bare = plainly(candidate)
      const found = bare === "" ? [] : headings.filter((h) => (fileFilter === undefined || h.file === fileFilter) && plainly(h.text) === bare)
      if (found.length > 0) return { _tag: "Found", heading: found[0]!, matches: found.length, all: found }
    }
    // A heading holding a control character, asked as skc printed it (`Evil \x1b[2J heading`: every text view
    // escapes them, `visible`): E020's own suggestion, pasted back, found nothing (a robustness probe).
    if (whole.includes("\\")) {
      const asked = foldCase(whole)
      const found = headings.filter((h) => (fileFilter === undefined || h.file === fileFilter) && visible(h.text) !== h.text && foldCase(visible(h.text)) === asked)
      if (found.length > 0) return { _tag: "Found", heading: found[0]!, matches: found.length, all: found }
    }
  }
  // A heading asked with its ATX marks (`## Step 3`, an outline line typed short) is still not matched
  // (RFC-0002:C-SHOW matches the text), but its suggestions are those of the text: "Next Steps" came before
  // "Step 3: Fill the Form", the marks weighing as a word.
  const unmarked = primary.replace(/^#{1,6}\s+/, "").replace(/\s+#+$/, "")
  return { _tag: "NotFound", query: primary, suggestions: suggestSections(headings, unmarked === "" ? primary : unmarked, fileFilter) }
}

/** Emoji, symbols and the joiners between them, at a heading's start or end: decoration, not its words. */
const DECORATION = /^[\p{Extended_Pictographic}\p{So}\p{Sk}\u200d\ufe0f\s]+|[\p{Extended_Pictographic}\p{So}\p{Sk}\u200d\ufe0f\s]+$/gu

/**
 * A heading or query as its words: case folded, its decoration at either end dropped, each run of dashes
 * (- ‐ ‒ – — ― −, `--`) with the spaces around it one ASCII hyphen, its curly quotes straight, `…` three dots,
 * without backticks, asterisks and inline HTML tags, its white space runs one space.
 */
const plainly = (s: string): string =>
  foldCase(s)
    .replace(DECORATION, "")
    .replace(/\s*[-\u2010-\u2015\u2212]+\s*/gu, "-")
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/gu, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/gu, '"')
    .replaceAll("\u2026", "...")
    // Inline code and emphasis marks, which headings are listed without: a heading copied from the file as
    // written (`## Put constraints in the strategy, not in \`assume()\``) found nothing (a probe as an agent).
    .replace(/[`*]+/g, "")
    // Inline HTML tags, which the outline lists a heading without: `## <kbd>Ctrl</kbd> keys`, as an agent reads
    // it after `open`, found nothing while the outline said "Ctrl keys" (a stats probe).
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, "")
    .replace(/\s+/g, " ")
    .trim()

/**
 * The headings the query is once Claude Code has substituted their argument
 * placeholders (claudeBody.ts): the compiled stub lists "Deploy $0", and an
 * agent that ran `/deploy staging` reads "Deploy staging" and asks for it.
 * Tried only when no heading matches as written. `names` are the skill's
 * `arguments`. `matchSection`'s rules otherwise (the whole query, then the
 * part before ` — `; outline order; a `line`), over the headings that hold
 * a placeholder.
 */
export const matchSectionWithArguments = (
  all: ReadonlyArray<HeadingEntry>,
  query: string,
  file: string | undefined,
  names: ReadonlyArray<string>,
  line?: number
): Extract<SectionMatch, { _tag: "Found" }> | undefined => {
  const matchers = new Map<HeadingEntry, (folded: string) => boolean>()
  for (const h of all) {
    const matches = h.text.includes("$") ? headingWithArguments(h.text, names, foldCase) : undefined
    if (matches !== undefined) matchers.set(h, matches)
  }
  if (matchers.size === 0) return undefined
  const found = matchSection([...matchers.keys()], query, file, line, (h, folded) => matchers.get(h)!(folded))
  return found._tag === "Found" ? found : undefined
}

/** Prefix, then substring, then contained-in-query matches; at most 5, outline order inside each group. */
export const suggestSections = (
  sorted: ReadonlyArray<HeadingEntry>,
  query: string,
  file: string | undefined
): ReadonlyArray<HeadingEntry> => {
  const q = foldCase(query)
  if (q.length === 0) return []
  const out: Array<HeadingEntry> = []
  const seen = new Set<HeadingEntry>()
  // Headings of the `--file` given come first, every kind of likeness in it before any other file's: that is
  // where the user looked (taking each kind over all files first let five other files' "Streaming" push out
  // the given file's "Streaming — Python").
  const fileFilter = file === undefined ? undefined : normalizeRelPath(file)
  const pools = fileFilter === undefined ? [sorted] : [sorted.filter((h) => h.file === fileFilter), sorted.filter((h) => h.file !== fileFilter)]
  for (const pool of pools) suggestFrom(pool, q, out, seen)
  return out
}

/** `suggestSections`' kinds of likeness, most alike first, over one pool of headings, into `out`. */
const suggestFrom = (pool: ReadonlyArray<HeadingEntry>, q: string, out: Array<HeadingEntry>, seen: Set<HeadingEntry>): void => {
  const take = (pred: (text: string) => boolean) => {
    for (const h of pool) {
      if (out.length >= MAX_SUGGESTIONS) return
      if (!seen.has(h) && pred(foldCase(h.text))) {
        seen.add(h)
        out.push(h)
      }
    }
  }
  // The same words with other punctuation between them ("Streaming Python", "Streaming -- Python").
  const words = wordsOf(q).join(" ")
  if (words !== "") take((t) => wordsOf(t).join(" ") === words)
  take((t) => t.startsWith(q))
  take((t) => t.includes(q))
  take((t) => t.length >= 3 && q.includes(t))
  // Issue 25 item 3: "rollback" → "Rolling back" (the query spelled by the heading's word prefixes),
  // "Watermarks" → "Add Watermark" (a word one typo away), then a typo of the whole heading.
  const squeezed = q.replace(/\s+/g, "")
  take((t) => spelledByWordPrefixes(squeezed, wordsOf(t)))
  // Each distinct word once: a pasted paragraph of 40,000 words against 10,000 headings took minutes.
  const queryWords = [...new Set(wordsOf(q).filter((w) => w.length >= 4))].slice(0, MAX_TYPO_WORDS)
  take((t) => wordsOf(t).some((w) => w.length >= 4 && queryWords.some((qw) => editDistance(qw, w, typoBound(qw)) <= typoBound(qw))))
  take((t) => editDistance(q, t, typoBound(q)) <= typoBound(q))
}

const wordsOf = (text: string): ReadonlyArray<string> => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0)

/** The query words a heading's words are compared with for a typo (a heading is a few words; a longer query was pasted). */
const MAX_TYPO_WORDS = 32

/** Whether `query` is prefixes (2+ letters each) of two or more consecutive `words`, in order. */
export const spelledByWordPrefixes = (query: string, words: ReadonlyArray<string>): boolean => {
  // Recovery: a state (query position, word, words used up to 2) that failed fails again: remembered, so a
  // long query against a heading of alike words ("aaaa aaaa …") visits each state once instead of every
  // split of every word (3^words paths: 20 words hung `skc show` and `skc_show`).
  const failed = new Set<number>()
  const from = (qi: number, wi: number, used: number): boolean => {
    if (qi === query.length) return used >= 2
    const word = words[wi]
    if (word === undefined) return false
    const state = (qi * (words.length + 1) + wi) * 3 + Math.min(used, 2)
    if (failed.has(state)) return false
    for (let k = Math.min(word.length, query.length - qi); k >= 2; k--) {
      if (query.startsWith(word.slice(0, k), qi) && from(qi + k, wi + 1, used + 1)) return true
    }
    failed.add(state)
    return false
  }
  if (query.length < 4) return false
  for (let start = 0; start < words.length; start++) if (from(0, start, 0)) return true
  return false
}

export interface TruncatedLines {
  readonly lines: ReadonlyArray<string>
  /** Lines left out by `--max-lines` (0 when nothing was cut). */
  readonly omitted: number
}

/** `--max-lines n`: the first n lines and how many were cut (RFC-0002:C-SHOW, C-OPEN). */
export const truncateLines = (lines: ReadonlyArray<string>, maxLines: number | undefined): TruncatedLines =>
  maxLines === undefined || lines.length <= maxLines
    ? { lines, omitted: 0 }
    : { lines: lines.slice(0, maxLines), omitted: lines.length - maxLines }

/** The line `--max-lines` appends when it cut something. */
export const moreLinesMarker = (omitted: number): string => `... (${omitted} more lines)`
