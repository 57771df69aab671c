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
  const bySkill = new Map<string | undefined, Array<SearchResultItem>>()
  for (const r of results) if (r.section !== "") bySkill.set(r.skill, [...(bySkill.get(r.skill) ?? []), r])
  const repeated = new Map<string, RepeatedRead>()
  for (const [skill, rows] of bySkill) {
    const index = indexOf(skill)
    if (index === undefined) continue
    // Recovery: the hint only adds to a result; without it the result still names its file and line.
    const counts = yield* index.headingCounts(rows.map((r) => r.section)).pipe(Effect.orElseSucceed(() => []))
    for (const r of rows) {
      const text = asciiLower(r.section)
      const inFiles = counts.filter((c) => c.text === text)
      if (inFiles.reduce((n, c) => n + c.count, 0) < 2) continue
      repeated.set(headingKey(skill, r.file, r.section), (inFiles.find((c) => c.file === r.file)?.count ?? 0) > 1 ? "line" : "file")
    }
  }
  return repeated as ReadonlyMap<string, RepeatedRead>
})

/** What a repeated heading's read adds to a result's size on `surface` (`skill`: as the one-skill search was asked). */
export const repeatedHeadingCost = (repeated: ReadonlyMap<string, RepeatedRead>, surface: AnswerSurface, skill?: string) => (r: SearchResultItem): number => {
  const by = repeated.get(headingKey(r.skill, r.file, r.section))
  return by === undefined ? 0 : addedLineCost(repeatedHeadingRead(r.skill ?? skill ?? "<skill>", r, by, surface === "mcp" ? "tools" : "cli"), surface)
}
