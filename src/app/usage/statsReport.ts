/**
 * Everything the HTML report of one skill shows (issue 17): the summary, the
 * current outline with each section's reads, reads per day, the searches
 * (and those that found nothing), what agents looked for and the skill does
 * not have, and the failed lookups. Several aggregations of the same log,
 * all under the same filters; the rendering is `src/render/statsHtml.ts`.
 */
import { Effect } from "effect"
import { funnelOf, type SkillReport } from "../../domain/stats.js"
import { sectionKey } from "../../domain/headingReads.js"
import { resolveCommandSkill } from "../skills/index.js"
import { statsRuntimeOf } from "./statsRuntime.js"
import { aggregateLog, foldDatedSummary, latestEval, parseFilters, sayFilteredOut, sayUncounted, sectionReadsByLine, type StatsQuery } from "./stats.js"
import { headingReadCounts, outlineSections } from "./statsOutline.js"
import { splitMisnamed } from "./misnamedLookups.js"

export type { OutlineReads, SkillReport } from "../../domain/stats.js"


export const statsReport = Effect.fn("skc.statsReport")(function* (input: Pick<StatsQuery, "skill" | "since" | "until" | "project" | "reader" | "include_author" | "limit">) {
  const filters = yield* parseFilters(input)
  const resolved = yield* resolveCommandSkill(input.skill)
  const skill = { ...resolved, runtimeDir: yield* statsRuntimeOf(resolved) }
  // Filters that let no access through are said as for the text and JSON views (a probe: the page was empty, nothing said).
  yield* sayFilteredOut(skill.name, skill.runtimeDir, filters)
  yield* sayUncounted(skill.name, skill.runtimeDir)
  const at = (groupBy: Parameters<typeof aggregateLog>[1]) => aggregateLog(skill.runtimeDir, groupBy, filters)
  const summaryRows = yield* at("summary")
  const fold = yield* foldDatedSummary(skill.runtimeDir, summaryRows.groupBy === "summary" ? summaryRows.groups : [], filters)
  const [timeline, searches, unanswered, errors] = [yield* at("timeline"), yield* at("search"), yield* at("unanswered"), yield* at("errors")]
  const funnel = yield* at("funnel")
  const files = yield* at("files")
  const outline = yield* outlineSections(skill.sourceDir)
  const evaluated = yield* latestEval(skill.runtimeDir)
  // Each read for the one heading `show` showed: the second of two "Images" stays unread until shown (src/domain/headingReads.ts).
  const reads = yield* headingReadCounts(outline, fold.ranked, sectionReadsByLine(skill.runtimeDir, filters))
  const inOutline = new Set(outline.map((s) => sectionKey(s.file, s.section)))
  const looked = splitMisnamed(fold.unanswered, outline)
  const report: SkillReport = {
    skill: skill.name,
    skill_path: skill.canonicalSourceDir,
    filters,
    period: fold.period,
    summary: fold.data,
    commands: fold.commands,
    outline: outline.map((s, i) => ({ file: s.file, section: s.section, level: s.level, line: s.line, count: reads[i] ?? 0 })),
    gone: fold.ranked.filter((r) => !inOutline.has(sectionKey(r.file, r.section))),
    files: files.groupBy === "files" ? files.rows : [],
    timeline: timeline.groupBy === "timeline" ? timeline.rows : [],
    searches: searches.groupBy === "search" ? searches.rows : [],
    unansweredSearches: unanswered.groupBy === "unanswered" ? unanswered.rows : [],
    // Those that named a section or file the skill has, in another form, last and marked with what they meant.
    lookedFor: [...looked.missing, ...looked.misnamed],
    errors: errors.groupBy === "errors" ? errors.rows : [],
    ...(evaluated === undefined ? {} : { latestEval: evaluated }),
    ...(funnel.groupBy === "funnel" ? { funnel: funnelOf(funnel.rows) } : {}),
    ...(input.limit === undefined ? {} : { limit: input.limit })
  }
  return report
})
