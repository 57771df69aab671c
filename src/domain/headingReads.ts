/**
 * Which heading of the current outline a logged `show` read.
 *
 * The log names a section by its text and file (DECISIONS #18), and one file
 * may hold two headings of one text (the published docx skill has "Images"
 * under both "Creating" and "Editing"). `show` without `--line` shows the
 * first of them in outline order (RFC-0002:C-SHOW "return the first match");
 * with `--line N` it shows the one whose section holds line N and logs that
 * heading's start line as `args.line`. So a read counts for exactly the
 * heading `show` showed, never for every heading of its text: else the
 * second "Images" would look read whenever the first was, and an author
 * would never learn it is not.
 *
 * Pure; `src/app/usage/statsOutline.ts` feeds it the outline and the log's rows.
 */
import { compareBytewise } from "./sourcePaths.js"
import type { OutlineSection } from "./stats.js"

/** A heading of the current outline with its section, `[line, endLine)` (DECISIONS #15). */
export interface OutlineHeading extends OutlineSection {
  readonly line: number
  readonly endLine: number
}

/** Successful `show`s of one heading text in one file, at one logged `args.line` (null: none logged). */
export interface SectionRead {
  readonly section: string
  readonly file: string | null
  readonly line: number | null
  readonly count: number
}

/** One key per (file, heading text): what the log names a section by, and every stats view groups on. */
export const sectionKey = (file: string | null, section: string): string => `${file ?? ""}\u0000${section}`

/** Each (file, text) of the outline and its headings' indexes, in outline order. */
const byText = (outline: ReadonlyArray<OutlineHeading>): Map<string, Array<number>> => {
  const out = new Map<string, Array<number>>()
  outline.forEach((h, i) => {
    const key = sectionKey(h.file, h.section)
    const list = out.get(key)
    if (list === undefined) out.set(key, [i])
    else list.push(i)
  })
  return out
}

/** Whether a (file, text) names more than one heading of `outline`: only then does a read need its line. */
export const sharedTexts = (outline: ReadonlyArray<OutlineHeading>): ReadonlySet<string> =>
  new Set([...byText(outline)].filter(([, list]) => list.length > 1).map(([key]) => key))


/**
 * The reads of each heading of `outline` (same index); a read of no heading
 * (renamed or removed since) counts for none. A read without a line counts
 * for the first heading of its text in its file (what `show` shows); one
 * with a line for the innermost heading of that text whose section holds
 * it, as `show --line` picks (src/domain/search/sectionMatch.ts).
 */
export const readsPerHeading = (
  outline: ReadonlyArray<OutlineHeading>,
  reads: ReadonlyArray<SectionRead>
): ReadonlyArray<number> => {
  const index = byText(outline)
  const counts = outline.map(() => 0)
  for (const r of reads) {
    const candidates = index.get(sectionKey(r.file, r.section))
    if (candidates === undefined) continue
    const line = r.line
    // Outline order puts a nested heading after the one holding it: the last holder is the innermost.
    const holders = line === null ? [] : candidates.filter((i) => outline[i]!.line <= line && line < outline[i]!.endLine)
    // No line, or one no heading of that text holds any more (the file changed since the read): the heading
    // of that text `show` shows without `--line` is the first, and the text is still there, so not gone.
    const at = holders.length > 0 ? holders[holders.length - 1]! : candidates[0]!
    counts[at]! += r.count
  }
  return counts
}

/** NULL first, then bytewise: the order of C-QUERIES' ties as the SQL stores sort them. */
const byFile = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : compareBytewise(a, b))

/**
 * The `sections` view's rows by logged line folded back into one entry per
 * section and file (RFC-0003:C-QUERIES), ordered as it asks: count
 * descending, then file, then heading, both ascending.
 */
export const oneEntryPerSection = (
  reads: ReadonlyArray<SectionRead>
): Array<{ section: string; file: string | null; count: number }> => {
  const merged = new Map<string, { section: string; file: string | null; count: number }>()
  for (const r of reads) {
    const key = sectionKey(r.file, r.section)
    const m = merged.get(key)
    if (m === undefined) merged.set(key, { section: r.section, file: r.file, count: r.count })
    else m.count += r.count
  }
  return [...merged.values()].sort((a, b) => b.count - a.count || byFile(a.file, b.file) || compareBytewise(a.section, b.section))
}

/**
 * Per heading of `outline` (files in order, headings in file order), the nearest heading above it in its
 * file that was read (`counts`), whose `show` may have sent its text: undefined when none was, or when it was
 * read itself. An agent's probe read "Step 2" (six subsections) three times and `stats` listed the six as never
 * shown with no word of it; counted as read, a page cut short (`--max-lines 3`) made unsent ones read.
 */
export const readAbove = (outline: ReadonlyArray<OutlineHeading>, counts: ReadonlyArray<number>): ReadonlyArray<OutlineHeading | undefined> => {
  const open: Array<{ readonly h: OutlineHeading; readonly read: boolean }> = []
  return outline.map((h, i) => {
    while (open.length > 0) {
      const top = open[open.length - 1]!.h
      if (top.file === h.file && top.level < h.level && h.line < top.endLine) break
      open.pop()
    }
    const above = [...open].reverse().find((o) => o.read)?.h
    const read = (counts[i] ?? 0) > 0
    open.push({ h, read })
    return read ? undefined : above
  })
}
