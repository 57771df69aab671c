/**
 * `skc stats --all` (issue 17): one row per skill that resolves from here —
 * agent reads in the period, last read, busiest section, unanswered
 * questions — and the skills no agent read. Each skill costs exactly one
 * grouped scan of its log: the summary's (the SQLite access log's `summarySql`),
 * so `--all` over N skills costs about N summaries (bench/stats-all.mjs checks it).
 * Not logged: it names no skill, and it is the author's own work anyway.
 */
import { Effect, Schema } from "effect"
import { Warning } from "../../domain/errors.js"
import { warn } from "../../ports/Diagnostics.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { Path } from "effect/Path"
import { scanMarkdown } from "../../domain/markdown/model.js"
import { isMarkdownPath } from "../../domain/sourcePaths.js"
import { compareBytewise as bytewise } from "../../domain/sourcePaths.js"
import { narrowsRows, unnarrowed, type SkillUsageRow, type StatsAllReport } from "../../domain/stats.js"
import { Settings } from "../shared/index.js"
import { skillsInScope } from "../skills/index.js"
import { aggregateLog, foldDatedSummary, parseFilters, rowCount } from "./stats.js"
import { unsyncedAllNote, unsyncedRows } from "./unsyncedLogs.js"

export const StatsAllInput = Schema.Struct({
  since: Schema.optional(Schema.String),
  until: Schema.optional(Schema.String),
  project: Schema.optional(Schema.Array(Schema.String)),
  reader: Schema.optional(Schema.Array(Schema.String)),
  include_author: Schema.optional(Schema.Boolean),
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0)))
})
export type StatsAllInput = typeof StatsAllInput.Type

export type { SkillUsageRow, StatsAllReport } from "../../domain/stats.js"

/**
 * Whether a skill's most-read section is no longer a heading of its file (renamed or deleted since): said, as
 * the one-skill views say it, not shown as a current section (a stats probe). One file read per skill, and
 * only its headings scanned; a file that cannot be read is not said to be gone.
 */
const topGone = Effect.fnUntraced(function* (sourceDir: string, file: string | null, section: string) {
  // A logged name that is no path inside the skill (absolute, `..`) or no markdown file says nothing here.
  if (file === null || file.startsWith("/") || file.split("/").includes("..") || !isMarkdownPath(file)) return false
  const fs = yield* FileSystem
  const path = yield* Path
  const text = yield* fs.readFileString(path.join(sourceDir, ...file.split("/"))).pipe(
    Effect.map((t): string | null => t),
    unseenAs(null),
    // Recovery: an unreadable file (permissions, a race) says nothing of its headings.
    Effect.orElseSucceed(() => undefined)
  )
  if (text === undefined) return false
  return text === null || !scanMarkdown(text).headings.some((h) => h.text === section)
})

export const statsAll = Effect.fn("skc.statsAll")(function* (input: StatsAllInput) {
  const filters = yield* parseFilters(input)
  const skills = yield* skillsInScope
  const rows: Array<SkillUsageRow> = []
  for (const skill of skills) {
    const agg = yield* aggregateLog(skill.runtimeDir, "summary", filters)
    const fold = yield* foldDatedSummary(skill.runtimeDir, agg.groupBy === "summary" ? agg.groups : [], filters)
    const top = fold.ranked[0]
    rows.push({
      skill: skill.name,
      scope: skill.scope,
      skill_path: skill.canonicalSourceDir,
      reads: fold.data.agent_accesses,
      author: fold.data.author_accesses,
      accesses: fold.data.total_accesses,
      last_read: fold.lastRead,
      top_section: top === undefined ? null : { section: top.section, file: top.file, count: top.count, ...((yield* topGone(skill.sourceDir, top.file, top.section)) ? { gone: true as const } : {}) },
      unanswered: fold.data.unanswered,
      errors: fold.data.error_count
    })
  }
  rows.sort((a, b) => b.reads - a.reads || bytewise(a.skill, b.skill))
  // A sandboxed agent's reads waiting in the cwd's local logs: said, not counted (unsyncedLogs.ts). A local log
  // is named by the skill's name alone: counted once however many skills share the name.
  const waiting = yield* unsyncedRows(skills.map((s) => s.name))
  if (waiting.length > 0) yield* warn(Warning.notice(unsyncedAllNote(waiting)))
  // Questions asked of every skill at once that none answered: the global log's (DECISIONS #44).
  const { stores } = yield* Settings
  const across = yield* aggregateLog(stores.globalDir, "unanswered", filters)
  const unansweredAll = across.groupBy === "unanswered" ? across.rows : []
  const neverRead = rows.filter((r) => r.reads === 0).map((r) => r.skill).sort(bytewise)
  // Filters that let no row of any skill through: said, so that "Never read" listing every skill is not taken
  // for the skills' usage (a probe: --machine typed otherwise listed every skill as never read).
  // The global log's questions that pass them count too: the warning sat above "Questions no skill answered: 2".
  if (narrowsRows(filters) && rows.length > 0 && rows.every((r) => r.accesses === 0) && unansweredAll.length === 0) {
    let all = 0
    for (const skill of skills) all += rowCount(yield* aggregateLog(skill.runtimeDir, "commands", unnarrowed(filters)), filters)
    if (all > 0) yield* warn(Warning.notice(`no access of any skill passes the filters: their logs hold ${all} without them`))
  }
  const limit = input.limit
  const shown = limit === undefined ? rows : rows.slice(0, limit)
  const report: StatsAllReport = {
    query: "all",
    filters,
    skills: shown,
    never_read: neverRead,
    unanswered_all: limit === undefined ? unansweredAll : unansweredAll.slice(0, limit),
    total_skills: rows.length,
    // The cap applies to the questions too: say how many it left out, as `more` does for the skills.
    ...(limit === undefined ? {} : { limit, more: rows.length - shown.length, unanswered_all_more: Math.max(0, unansweredAll.length - limit) })
  }
  return report
})
