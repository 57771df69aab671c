/**
 * Which results of an answer have a heading their skill repeats (src/domain/search/repeatedHeading.ts):
 * one query per skill with results, over that skill's own index. A hint only: an index that cannot
 * answer leaves its results without it.
 */
import { Effect } from "effect"
import { asciiLower } from "../../domain/ascii.js"
import { headingKey, repeatedHeadingRead, type RepeatedRead } from "../../domain/search/repeatedHeading.js"
import { addedLineCost, type AnswerSurface } from "../../domain/searchBudget.js"
import type { OpenIndex } from "../../ports/SearchIndex.js"
import type { SearchResultItem } from "./searchSchema.js"

/** By `headingKey`, the results whose heading another section of the same skill has, and what tells theirs apart. */
export const repeatedHeadingsOf = Effect.fnUntraced(function* (results: ReadonlyArray<SearchResultItem>, indexOf: (skill: string | undefined) => OpenIndex | undefined) {
  // Linear in the results: an answer of 16,000 results (a large `limit` over a 60,000-section skill) copied
  // each skill's list per result and scanned every count per result, 8 s of a 13 s search (an MCP probe: the
  // server answered nothing else meanwhile).
  const bySkill = new Map<string | undefined, Array<SearchResultItem>>()
  for (const r of results) {
    if (r.section === "") continue
    const rows = bySkill.get(r.skill)
    if (rows === undefined) bySkill.set(r.skill, [r])
    else rows.push(r)
  }
  const repeated = new Map<string, RepeatedRead>()
  for (const [skill, rows] of bySkill) {
    const index = indexOf(skill)
    if (index === undefined) continue
    // Recovery: the hint only adds to a result; without it the result still names its file and line.
    const counts = yield* index.headingCounts(rows.map((r) => r.section)).pipe(Effect.orElseSucceed(() => []))
    // Each heading text's rows (one per file holding it) and their total.
    const byText = new Map<string, { total: number; inFile: Map<string, number> }>()
    for (const c of counts) {
      const entry = byText.get(c.text) ?? { total: 0, inFile: new Map<string, number>() }
      entry.total += c.count
      entry.inFile.set(c.file, (entry.inFile.get(c.file) ?? 0) + c.count)
      byText.set(c.text, entry)
    }
    for (const r of rows) {
      const entry = byText.get(asciiLower(r.section))
      if (entry === undefined || entry.total < 2) continue
      repeated.set(headingKey(skill, r.file, r.section), (entry.inFile.get(r.file) ?? 0) > 1 ? "line" : "file")
    }
  }
  return repeated as ReadonlyMap<string, RepeatedRead>
})

/** What a repeated heading's read adds to a result's size on `surface` (`skill`: as the one-skill search was asked). */
export const repeatedHeadingCost = (repeated: ReadonlyMap<string, RepeatedRead>, surface: AnswerSurface, skill?: string) => (r: SearchResultItem): number => {
  const by = repeated.get(headingKey(r.skill, r.file, r.section))
  return by === undefined ? 0 : addedLineCost(repeatedHeadingRead(r.skill ?? skill ?? "<skill>", r, by, surface === "mcp" ? "tools" : "cli"), surface)
}
