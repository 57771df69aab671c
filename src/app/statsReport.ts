/**
 * Everything the HTML report of one skill shows (issue 17): the summary, the
 * current outline with each section's reads, reads per day, the searches
 * (and those that found nothing), what agents looked for and the skill does
 * not have, and the failed lookups. Several aggregations of the same log,
 * all under the same filters; the rendering is `src/render/statsHtml.ts`.
 */
import { Effect } from "effect"
import type { ErrorsData, SearchData, StatsFilters, SummaryData, UnansweredData, UnansweredItem } from "../domain/stats.js"
import type { Period } from "../ports/AccessLog.js"
import { resolveSkill } from "./resolve.js"
import { aggregateLog, foldSummary, parseFilters, type StatsInput } from "./stats.js"
import { outlineSections } from "./statsOutline.js"

/** A heading of the current outline and how often it was shown in the period. */
export interface OutlineReads {
  readonly file: string
  readonly section: string
  readonly level: number
  readonly count: number
}

export interface SkillReport {
  readonly skill: string
  readonly skill_path: string
  readonly filters: StatsFilters
  readonly period: Period
  readonly summary: SummaryData
  /** Every command with its count (author work included), busiest first. */
  readonly commands: Readonly<Record<string, number>>
  /** The current outline in outline order (files bytewise, then line). */
  readonly outline: ReadonlyArray<OutlineReads>
  /** Sections shown that are no longer in the outline (renamed or removed since). */
  readonly gone: ReadonlyArray<{ readonly section: string; readonly file: string | null; readonly count: number }>
  readonly timeline: ReadonlyArray<{ readonly day: string; readonly count: number }>
  readonly searches: SearchData
  readonly unansweredSearches: UnansweredData
  readonly lookedFor: ReadonlyArray<UnansweredItem>
  readonly errors: ErrorsData
}

const key = (file: string | null, section: string) => `${file ?? ""}\u0000${section}`

export const statsReport = (input: Pick<StatsInput, "skill" | "since" | "until" | "project" | "include_author">) =>
  Effect.gen(function* () {
    const filters = yield* parseFilters(input)
    const skill = yield* resolveSkill(input.skill)
    const at = (groupBy: Parameters<typeof aggregateLog>[1]) => aggregateLog(skill.runtimeDir, groupBy, filters)
    const summaryRows = yield* at("summary")
    const fold = foldSummary(summaryRows.groupBy === "summary" ? summaryRows.groups : [], filters)
    const [timeline, searches, unanswered, errors] = [yield* at("timeline"), yield* at("search"), yield* at("unanswered"), yield* at("errors")]
    const outline = yield* outlineSections(skill.sourceDir)
    const reads = new Map(fold.ranked.map((r) => [key(r.file, r.section), r.count]))
    const inOutline = new Set(outline.map((s) => key(s.file, s.section)))
    const report: SkillReport = {
      skill: skill.name,
      skill_path: skill.canonicalSourceDir,
      filters,
      period: fold.period,
      summary: fold.data,
      commands: fold.commands,
      outline: outline.map((s) => ({ ...s, count: reads.get(key(s.file, s.section)) ?? 0 })),
      gone: fold.ranked.filter((r) => !inOutline.has(key(r.file, r.section))),
      timeline: timeline.groupBy === "timeline" ? timeline.rows : [],
      searches: searches.groupBy === "search" ? searches.rows : [],
      unansweredSearches: unanswered.groupBy === "unanswered" ? unanswered.rows : [],
      lookedFor: fold.unanswered,
      errors: errors.groupBy === "errors" ? errors.rows : []
    }
    return report
  })
