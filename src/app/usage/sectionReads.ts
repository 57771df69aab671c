/**
 * How often agents read each section of a skill lately (the editor's hover
 * on a heading, issue 50): `skc stats --group-by sections --since <days
 * ago>` as a map, agent reads only (DECISIONS #45: the author's own calls
 * are not reads). The same use case `skc stats` runs, so the numbers agree.
 */
import { Clock, Effect } from "effect"
import { stats } from "./stats.js"
import { sectionKey } from "../../domain/headingReads.js"

/**
 * `file` + NUL + heading text → successful reads of the headings of that text, and `file` + NUL + line +
 * NUL + text → those of the one heading at that line: of two "Images" in one file, each read counts for the
 * heading `show` showed (src/domain/headingReads.ts), so the hover on the unread one says 0.
 */
export type SectionReads = ReadonlyMap<string, number>

export { sectionKey }

/** The key of one heading: its file, start line (1-based) and text. */
export const headingAtKey = (file: string, line: number, section: string): string => `${file}\u0000${line}\u0000${section}`

/**
 * The reads of the heading of `section` at `line` of `file`: its own count when the file on disk has a
 * heading of that text there, else (an edited buffer whose lines moved) the count of every heading of the text.
 */
export const readsOfHeading = (reads: SectionReads, file: string, line: number, section: string): number =>
  reads.get(headingAtKey(file, line, section)) ?? reads.get(sectionKey(file, section)) ?? 0

export const sectionReads = Effect.fn("skc.sectionReads")(
  function* (skillDir: string, days: number) {
    const now = yield* Clock.currentTimeMillis
    const since = new Date(now - days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z")
    const outcome = yield* stats({ skill: skillDir, group_by: "sections", since })
    const reads = new Map<string, number>()
    if (outcome.report.query === "sections") for (const r of outcome.report.data) reads.set(sectionKey(r.file, r.section), r.count)
    for (const h of outcome.insights.headingReads ?? []) reads.set(headingAtKey(h.file, h.line, h.section), h.count)
    return { available: true, reads: reads as SectionReads }
  },
  // Recovery: a skill with no readable log (never built, a log skc cannot open) has no read counts; the hover says so instead of failing.
  (effect) => effect.pipe(Effect.orElseSucceed(() => ({ available: false, reads: new Map() as SectionReads })))
)
