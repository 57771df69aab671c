/**
 * `skc stats` (RFC-0003): aggregate a skill's access log.
 *
 * The log is `<runtime>/.skillc-meta/logs.db` of the resolved skill
 * (RFC-0003:C-CLI); a missing database is an empty log, never an error.
 * Filters are validated first (E030/E031), then applied inside the query, so
 * they hold before aggregation (C-FILTERS). Orderings and ties are those of
 * C-QUERIES (see `AccessLogSqlite.aggregateSql`).
 *
 * Counting rules (DECISIONS #17, #18, #29): every row passing the filters
 * counts in `summary.total_accesses`, `commands` and `projects`. `sections`
 * and `files` count successful accesses only (a failed lookup accessed
 * nothing; it is listed under `errors`); `search` counts every query issued.
 */
import { Effect, Schema } from "effect"
import { Path } from "@effect/platform/Path"
import { InternalError, InvalidFilter } from "../domain/errors.js"
import { compareBytewise as bytewise } from "../domain/sourcePaths.js"
import {
  parseGroupBy,
  parseTimeFilter,
  type OutlineSection,
  type StatsData,
  type StatsFilters,
  type StatsGroupBy,
  type StatsReport
} from "../domain/stats.js"
import { AccessLog, type AggregateRows, type SummaryGroup } from "../ports/AccessLog.js"
import { FileSystem } from "../ports/FileSystem.js"
import { logDbIn } from "./accessLog.js"
import { withLogRepair } from "./logRepair.js"
import { resolveSkill } from "./resolve.js"
import { Settings } from "./Settings.js"
import { outlineSections } from "./statsOutline.js"

export const StatsInput = Schema.Struct({
  skill: Schema.String.annotations({ description: "Skill name or path" }),
  group_by: Schema.optional(
    Schema.String.annotations({
      description: "Aggregation dimension: summary, sections, files, commands, projects, errors, search (default summary)"
    })
  ),
  since: Schema.optional(Schema.String.annotations({ description: "Include accesses on or after (RFC 3339 or YYYY-MM-DD)" })),
  until: Schema.optional(Schema.String.annotations({ description: "Include accesses on or before (RFC 3339 or YYYY-MM-DD)" })),
  project: Schema.optional(Schema.Array(Schema.String).annotations({ description: "Only accesses from these directories or below" }))
})
export type StatsInput = typeof StatsInput.Type

/** Beyond the JSON document: what the text view adds for a person. */
export interface StatsInsights {
  /** Summary only: the busiest sections (same order as `sections`). */
  readonly topSections: ReadonlyArray<{ readonly section: string; readonly file: string | null; readonly count: number }>
  /** Summary only: counts per command. */
  readonly commands: Readonly<Record<string, number>>
  /** Summary and sections: headings of the current outline never shown in the period. */
  readonly unusedSections: ReadonlyArray<OutlineSection>
}

export interface StatsOutcome {
  /** The JSON document of RFC-0003:C-SCHEMA. */
  readonly report: StatsReport
  readonly insights: StatsInsights
}

/**
 * Canonicalise a `--project` path (C-FILTERS): absolute, `.`/`..` resolved,
 * symlinks resolved. A path that does not exist (a deleted project still has
 * logs) keeps its missing tail below its deepest existing, canonical ancestor.
 */
const canonicalProject = (raw: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const { stores } = yield* Settings
    if (raw.trim() === "" || raw.includes("\0")) {
      return yield* Effect.fail(new InvalidFilter({ message: `--project ${JSON.stringify(raw)}: expected a directory path` }))
    }
    let dir = path.resolve(stores.cwd, raw)
    const tail: Array<string> = []
    for (;;) {
      const real = yield* fs.realPath(dir).pipe(Effect.option)
      if (real._tag === "Some") return tail.length === 0 ? real.value : path.join(real.value, ...tail.reverse())
      const parent = path.dirname(dir)
      if (parent === dir) return path.resolve(stores.cwd, raw)
      tail.push(path.basename(dir))
      dir = parent
    }
  })

export const parseFilters = (input: Pick<StatsInput, "since" | "until" | "project">) =>
  Effect.gen(function* () {
    const since = input.since === undefined ? null : yield* parseTimeFilter("since", input.since)
    const until = input.until === undefined ? null : yield* parseTimeFilter("until", input.until)
    const projects: Array<string> = []
    for (const p of input.project ?? []) {
      const canonical = yield* canonicalProject(p)
      if (!projects.includes(canonical)) projects.push(canonical)
    }
    const filters: StatsFilters = { since, until, projects }
    return filters
  })

const sectionKey = (file: string | null, section: string) => `${file ?? ""}\u0000${section}`

/** Fold the summary's grouped scan into the C-SCHEMA summary plus the text view's extras. */
const foldSummary = (groups: ReadonlyArray<SummaryGroup>) => {
  let total = 0
  let errors = 0
  const sections = new Map<string, { section: string; file: string | null; count: number }>()
  const files = new Set<string>()
  const commands: Record<string, number> = {}
  for (const g of groups) {
    total += g.count
    if (g.failed) errors += g.count
    commands[g.command] = (commands[g.command] ?? 0) + g.count
    if (g.failed) continue
    if (g.command === "show" && g.section !== null) {
      const key = sectionKey(g.file, g.section)
      const s = sections.get(key)
      if (s === undefined) sections.set(key, { section: g.section, file: g.file, count: g.count })
      else s.count += g.count
    }
    if ((g.command === "show" || g.command === "open") && g.file !== null) files.add(g.file)
  }
  const ranked = [...sections.values()].sort(
    (a, b) => b.count - a.count || bytewise(a.file ?? "", b.file ?? "") || bytewise(a.section, b.section)
  )
  const sortedCommands = Object.fromEntries(
    Object.entries(commands).sort(([a, x], [b, y]) => y - x || bytewise(a, b))
  )
  return {
    data: { total_accesses: total, unique_sections: sections.size, unique_files: files.size, error_count: errors },
    ranked,
    commands: sortedCommands
  }
}

const toData = (rows: AggregateRows): { data: StatsData; ranked: ReadonlyArray<{ section: string; file: string | null; count: number }>; commands: Record<string, number> } => {
  switch (rows.groupBy) {
    case "summary": {
      const s = foldSummary(rows.groups)
      return { data: { query: "summary", data: s.data }, ranked: s.ranked, commands: s.commands }
    }
    case "sections":
      return { data: { query: "sections", data: rows.rows }, ranked: rows.rows, commands: {} }
    case "files":
      return { data: { query: "files", data: rows.rows }, ranked: [], commands: {} }
    case "commands":
      return {
        data: { query: "commands", data: Object.fromEntries(rows.rows.map((r) => [r.command, r.count])) },
        ranked: [],
        commands: {}
      }
    case "projects":
      return { data: { query: "projects", data: rows.rows }, ranked: [], commands: {} }
    case "errors":
      return { data: { query: "errors", data: rows.rows }, ranked: [], commands: {} }
    case "search":
      return { data: { query: "search", data: rows.rows }, ranked: [], commands: {} }
  }
}

const TOP_SECTIONS = 10

const emptyAggregate = (groupBy: StatsGroupBy): AggregateRows => {
  const period = { start: null, end: null }
  return groupBy === "summary" ? { groupBy, period, groups: [] } : ({ groupBy, period, rows: [] } as AggregateRows)
}

export const stats = (input: StatsInput) =>
  Effect.gen(function* () {
    const log = yield* AccessLog
    const path = yield* Path
    const groupBy: StatsGroupBy = yield* parseGroupBy(input.group_by ?? "summary")
    const filters = yield* parseFilters(input)
    const skill = yield* resolveSkill(input.skill)
    const dbFile = logDbIn(skill.runtimeDir, path)
    // A corrupt log is moved aside (an empty log is reported); one that cannot be moved is ignored (issue 19).
    const rows = yield* withLogRepair(dbFile, log.aggregate(dbFile, groupBy, filters), () => emptyAggregate(groupBy)).pipe(
      Effect.mapError((e) => new InternalError({ message: `cannot read access log '${e.path}': ${e.message}`, cause: e }))
    )
    const { data, ranked, commands } = toData(rows)
    // Key order as C-SCHEMA writes it (not significant, but kind to readers).
    const report = {
      skill: skill.name,
      skill_path: skill.canonicalSourceDir,
      query: data.query,
      filters,
      period: rows.period,
      data: data.data
    } as StatsReport
    let unusedSections: ReadonlyArray<OutlineSection> = []
    if (groupBy === "summary" || groupBy === "sections") {
      const shown = new Set(ranked.map((r) => sectionKey(r.file, r.section)))
      const outline = yield* outlineSections(skill.sourceDir)
      unusedSections = outline.filter((s) => !shown.has(sectionKey(s.file, s.section)))
    }
    const outcome: StatsOutcome = {
      report,
      insights: { topSections: groupBy === "summary" ? ranked.slice(0, TOP_SECTIONS) : [], commands, unusedSections }
    }
    return outcome
  })
