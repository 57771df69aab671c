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
 *
 * Who (issue 17): by default only agent reads pass — `outline`, `show`,
 * `open`, `sources`, `search`, over the CLI or MCP — and `include_author`
 * adds the author's `build`, `lint` and `stats`. `summary` and `commands`
 * always show both sides, labelled.
 */
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { InternalError, InvalidFilter, Warning } from "../../domain/errors.js"
import { compareBytewise as bytewise } from "../../domain/sourcePaths.js"
import {
  capList,
  EVERY_DATED_ROW,
  funnelOf,
  isLoggedTimestamp,
  counts,
  narrowsRows,
  unnarrowed,
  parseGroupBy,
  latestEvalOf,
  roleOf,
  type LatestEval,
  type OutlineSection,
  type Role,
  type RoleCounts,
  type StatsFilters,
  type StatsGroupBy,
  type StatsReport,
  type SummaryData,
  type UnansweredItem,
  type Via
} from "../../domain/stats.js"
import { warn } from "../../ports/Diagnostics.js"
import { AccessLog, type AggregateRows, type GroupBy, type Period, type SummaryGroup } from "../../ports/AccessLog.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { logDbIn } from "./accessLog.js"
import { withLogRepair } from "./logRepair.js"
import { resolveCommandSkill } from "../skills/index.js"
import { statsRuntimeOf } from "./statsRuntime.js"
import { Settings } from "../shared/index.js"
import { headingReadCounts, outlineSections, sharesItsText } from "./statsOutline.js"
import { splitMisnamed } from "./misnamedLookups.js"
import { unsyncedNote, unsyncedRows } from "./unsyncedLogs.js"
import { asideLogs, asideNote } from "./asideLogs.js"
import { oneEntryPerSection, readAbove, sectionKey, type SectionRead } from "../../domain/headingReads.js"
import { timeFilter } from "./timeFilter.js"

export const StatsInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path" }),
  group_by: Schema.optional(
    Schema.String.annotate({
      description: "summary (default), sections, files, commands, projects, errors, search, unanswered, users, clients or funnel"
    })
  ),
  since: Schema.optional(Schema.String.annotate({ description: "On or after (RFC 3339 or YYYY-MM-DD)" })),
  until: Schema.optional(Schema.String.annotate({ description: "On or before (RFC 3339 or YYYY-MM-DD)" })),
  project: Schema.optional(Schema.Array(Schema.String).annotate({ description: "Only accesses from these directories or below" })),
  include_author: Schema.optional(
    Schema.Boolean.annotate({ description: "Count the author's calls too" })
  ),
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0)).annotate({ description: "Most entries of a list view" }))
})
export type StatsInput = typeof StatsInput.Type

/**
 * The CLI's request of one skill: the tool's input plus `--reader` (token names of `skc mcp --http`,
 * matched against `args.user`). A team lead's filter, not an agent's: the `skc_stats` tool does not list
 * it, so the tool list every agent session pays for stays within its budget (issue 26 item 3).
 */
export type StatsQuery = StatsInput & { readonly reader?: ReadonlyArray<string> }

/** The `args` of the access-log row (DECISIONS #18): the command's own parameters, CLI and MCP alike. */
export const statsLogArgs = (input: StatsQuery) => ({
  group_by: input.group_by ?? "summary",
  since: input.since,
  until: input.until,
  project: input.project ?? [],
  reader: input.reader ?? [],
  include_author: input.include_author ?? false,
  limit: input.limit
})

/** Beyond the JSON document: what the text view adds for a person. */
export interface StatsInsights {
  /** Summary only: the busiest sections (same order as `sections`), capped by the limit. */
  readonly topSections: ReadonlyArray<{
    readonly section: string
    readonly file: string | null
    readonly count: number
    /** Not in the current outline (renamed or removed since it was read), as the HTML report marks it. */
    readonly gone?: true
  }>
  readonly topSectionsMore: number
  /** Summary only: counts per command, every command, busiest first. */
  readonly commands: Readonly<Record<string, number>>
  /** Summary only: each command's calls by role (DECISIONS #45), in the order of `commands`. */
  readonly commandRoles?: Readonly<Record<string, RoleCounts>>
  /** Summary and sections: headings of the current outline never shown in the period, capped by the limit. */
  readonly unusedSections: ReadonlyArray<OutlineSection>
  readonly unusedMore: number
  /** Summary only: what agents looked for and the skill did not have, most frequent first, capped. */
  readonly unanswered: ReadonlyArray<UnansweredItem>
  readonly unansweredMore: number
  /**
   * Summary only: failed lookups that named something the skill has, in a form `show`/`open` do not take,
   * each with what it meant (src/app/usage/misnamedLookups.ts), most frequent first, capped.
   */
  readonly misnamed?: ReadonlyArray<UnansweredItem>
  readonly misnamedMore?: number
  /**
   * Sections only: the reads of each heading of the current outline (`line` its heading's), each read counted
   * for the one heading `show` showed: the editor's hover on one of two headings of one text (issue 50).
   */
  readonly headingReads?: ReadonlyArray<{ readonly file: string; readonly section: string; readonly line: number; readonly count: number }>
  /** Sections only: the rows of `data` (same order) whose heading the current outline no longer has. */
  readonly sectionsGone?: ReadonlyArray<boolean>
}

/**
 * The JSON document of one skill's stats (RFC-0003:C-SCHEMA) and the MCP
 * tool's `outputSchema` (open: later fields do not break clients).
 */
/** RFC-0003:C-SCHEMA: common fields plus `query` and its `data`, one variant per group-by (DECISIONS #4). */
const statsVariant = <Q extends string, D extends Schema.Top, X extends Schema.Struct.Fields = {}>(query: Q, data: D, extra?: X) =>
  Schema.Struct({
    skill: Schema.String,
    skill_path: Schema.String,
    filters: Schema.Struct({
      since: Schema.NullOr(Schema.String),
      until: Schema.NullOr(Schema.String),
      projects: Schema.Array(Schema.String),
      readers: Schema.Array(Schema.String),
      include_author: Schema.Boolean
    }),
    period: Schema.Struct({ start: Schema.NullOr(Schema.String), end: Schema.NullOr(Schema.String) }),
    query: Schema.Literal(query),
    limit: Schema.optional(Schema.Int),
    more: Schema.optional(Schema.Int),
    data,
    ...(extra as X)
  })

/** `summary`: the skill's latest `skc eval` (issue 27), an additive field (DECISIONS #40), absent when never evaluated. */
const LatestEvalOutput = Schema.Struct({
  timestamp: Schema.String,
  judge: Schema.String,
  agent: Schema.String,
  queries: Schema.Int,
  passed: Schema.Int,
  pass_rate: Schema.Number,
  precision: Schema.NullOr(Schema.Number),
  recall: Schema.NullOr(Schema.Number),
  min_pass: Schema.Number,
  meets_min_pass: Schema.Boolean
})

export const StatsDocument = Schema.Union([
  statsVariant(
    "summary",
    Schema.Struct({
      total_accesses: Schema.Int,
      unique_sections: Schema.Int,
      unique_files: Schema.Int,
      error_count: Schema.Int,
      agent_accesses: Schema.Int,
      author_accesses: Schema.Int,
      unanswered: Schema.Int
    }),
    { latest_eval: Schema.optional(LatestEvalOutput) }
  ),
  statsVariant("sections", Schema.Array(Schema.Struct({ section: Schema.String, file: Schema.NullOr(Schema.String), count: Schema.Int }))),
  statsVariant("files", Schema.Array(Schema.Struct({ file: Schema.String, count: Schema.Int }))),
  statsVariant("commands", Schema.Record(Schema.String, Schema.Int)),
  statsVariant("projects", Schema.Array(Schema.Struct({ project: Schema.String, count: Schema.Int }))),
  statsVariant(
    "errors",
    Schema.Array(Schema.Struct({ target: Schema.String, command: Schema.String, error: Schema.String, count: Schema.Int }))
  ),
  statsVariant(
    "search",
    Schema.Array(Schema.Struct({ query: Schema.String, count: Schema.Int, result_count: Schema.NullOr(Schema.Int), partial: Schema.Boolean }))
  ),
  statsVariant("unanswered", Schema.Array(Schema.Struct({ query: Schema.String, count: Schema.Int, last: Schema.String }))),
  statsVariant("users", Schema.Array(Schema.Struct({ user: Schema.NullOr(Schema.String), count: Schema.Int }))),
  statsVariant("clients", Schema.Array(Schema.Struct({ client: Schema.NullOr(Schema.String), count: Schema.Int }))),
  statsVariant(
    "funnel",
    Schema.Struct({
      activated: Schema.Int,
      sessions: Schema.Int,
      by_trigger: Schema.Record(Schema.String, Schema.Int),
      reads: Schema.Int,
      sections_read: Schema.Int,
      signals: Schema.Array(Schema.Literals(["activated_but_nothing_read", "read_without_activation"]))
    })
  )
])

/** Every report is a document of `StatsDocument`: the compiler checks the two against each other (issue 28). */
export const statsDocument = (r: StatsReport): typeof StatsDocument.Type => r

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
const canonicalProject = Effect.fnUntraced(function* (raw: string) {
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

/**
 * `--reader` names as given (exact: token names are case-sensitive), each once. Nothing is trimmed or
 * split: a name is what `args.user` holds. An empty name can be no token's (E031, as a malformed filter).
 */
const parseReaders = Effect.fnUntraced(function* (given: ReadonlyArray<string>) {
  const readers: Array<string> = []
  for (const r of given) {
    if (r === "") return yield* Effect.fail(new InvalidFilter({ message: `--reader "": expected a token name` }))
    if (!readers.includes(r)) readers.push(r)
  }
  return readers
})

export const parseFilters = Effect.fn("skc.parseFilters")(function* (input: Pick<StatsQuery, "since" | "until" | "project" | "reader" | "include_author">) {
  const since = input.since === undefined ? null : yield* timeFilter("since", input.since)
  const until = input.until === undefined ? null : yield* timeFilter("until", input.until)
  // A window that ends before it starts holds nothing: said, not answered with a report of zeros (E031).
  if (since !== null && until !== null && Date.parse(since) > Date.parse(until)) {
    return yield* Effect.fail(new InvalidFilter({ message: `--since ${input.since} --until ${input.until}: the window ends before it starts` }))
  }
  const projects: Array<string> = []
  for (const p of input.project ?? []) {
    const canonical = yield* canonicalProject(p)
    if (!projects.includes(canonical)) projects.push(canonical)
  }
  const readers = yield* parseReaders(input.reader ?? [])
  const filters: StatsFilters = { since, until, projects, readers, include_author: input.include_author ?? false }
  return filters
})


const byCountThenTarget = (a: { count: number; target: string }, b: { count: number; target: string }) =>
  b.count - a.count || bytewise(a.target, b.target)

/** What the summary's grouped scan says, folded: C-SCHEMA's summary and the text view's extras. */
export interface SummaryFold {
  readonly data: SummaryData
  readonly period: Period
  /** Sections shown successfully, busiest first (C-QUERIES ties: file, then heading). */
  readonly ranked: ReadonlyArray<{ section: string; file: string | null; count: number }>
  /** Every command with its count (author work included), busiest first. */
  readonly commands: Record<string, number>
  /** Each command's calls by role (DECISIONS #45), in the order of `commands`. */
  readonly commandRoles: Record<string, RoleCounts>
  /** Everything agents looked for and the skill did not have, most frequent first. */
  readonly unanswered: ReadonlyArray<UnansweredItem>
  /** Newest counted agent read, or null. */
  readonly lastRead: string | null
}

/**
 * Fold the summary's grouped scan (DECISIONS #17): rows of the counted
 * audience make the totals, the period, sections and files; both audiences
 * are counted apart; unanswered questions are zero-result searches plus
 * `show`/`open` lookups of something the skill does not have (E020/E021).
 */
export const foldSummary = (groups: ReadonlyArray<SummaryGroup>, filters: Pick<StatsFilters, "include_author">): SummaryFold => {
  let total = 0
  let errors = 0
  let agent = 0
  let author = 0
  let start: string | null = null
  let end: string | null = null
  let lastRead: string | null = null
  const sections = new Map<string, { section: string; file: string | null; count: number }>()
  const files = new Set<string>()
  const commands: Record<string, number> = {}
  const commandRoles: Record<string, RoleCounts> = {}
  const unanswered = new Map<string, UnansweredItem & { count: number }>()
  const addUnanswered = (kind: UnansweredItem["kind"], target: string, count: number, file?: string) => {
    const key = `${kind}\u0000${target}\u0000${file ?? ""}`
    const u = unanswered.get(key)
    if (u === undefined) unanswered.set(key, { kind, target, ...(file === undefined ? {} : { file }), count })
    else u.count += count
  }
  for (const g of groups) {
    commands[g.command] = (commands[g.command] ?? 0) + g.count
    const role = roleOf(g.command, g.byAuthor)
    ;(commandRoles[g.command] ??= { agent: 0, author: 0 })[role] += g.count
    if (role === "agent") {
      agent += g.count
      if (lastRead === null || g.end > lastRead) lastRead = g.end
    } else author += g.count
    if (!counts(filters, g.command, g.byAuthor)) continue
    total += g.count
    // issue 46 item 4: `stats` logs itself; its own rows never make the period.
    if (g.command !== "stats") {
      if (start === null || g.start < start) start = g.start
      if (end === null || g.end > end) end = g.end
    }
    if (g.unanswered !== null) addUnanswered("search", g.unanswered, g.count)
    if (g.failed) {
      errors += g.count
      if (g.missing && g.command === "show" && g.section !== null) addUnanswered("show", g.section, g.count, g.file ?? undefined)
      if (g.missing && g.command === "open" && g.file !== null) addUnanswered("open", g.file, g.count)
      continue
    }
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
  const sortedCommands = Object.fromEntries(Object.entries(commands).sort(([a, x], [b, y]) => y - x || bytewise(a, b)))
  const looked = [...unanswered.values()].sort((a, b) => byCountThenTarget(a, b) || bytewise(a.kind, b.kind) || bytewise(a.file ?? "", b.file ?? ""))
  return {
    data: {
      total_accesses: total,
      unique_sections: sections.size,
      unique_files: files.size,
      error_count: errors,
      agent_accesses: agent,
      author_accesses: author,
      unanswered: looked.length
    },
    period: { start, end },
    ranked,
    commands: sortedCommands,
    commandRoles: Object.fromEntries(Object.keys(sortedCommands).map((c) => [c, commandRoles[c]!])),
    unanswered: looked,
    lastRead
  }
}

/**
 * `foldSummary` of a skill's summary groups, with a period (RFC-0003:C-SCHEMA: the earliest and latest
 * access timestamp) and a last read of dated rows only. A group's oldest and newest timestamp are
 * compared as text, so a row another tool logged with `''` is every group's oldest and one with
 * `not-a-time` its newest: the fold then names them ("from '' to not-a-time"). Only then is the
 * grouped scan run again over the dated rows (`EVERY_DATED_ROW`: the stores leave damaged timestamps
 * out of any time range), for the period and the last read; every count stays the first fold's, so a
 * row with a damaged timestamp is still counted (C-FILTERS: without time filters, all data).
 */
export const foldDatedSummary = Effect.fnUntraced(function* (runtimeDir: string, groups: ReadonlyArray<SummaryGroup>, filters: StatsFilters) {
  const fold = foldSummary(groups, filters)
  const damaged = (t: string | null) => t !== null && !isLoggedTimestamp(t)
  if (!damaged(fold.period.start) && !damaged(fold.period.end) && !damaged(fold.lastRead)) return fold
  const dated = yield* aggregateLog(runtimeDir, "summary", { ...filters, ...EVERY_DATED_ROW })
  const again = foldSummary(dated.groupBy === "summary" ? dated.groups : [], filters)
  return { ...fold, period: again.period, lastRead: again.lastRead }
})

/**
 * The commands view (C-QUERIES: every logged command is a key), with roles
 * and channels beside it. `by_role` splits each command's calls by the role
 * of each row (DECISIONS #45, the summary's rule: a terminal's `show` is the
 * author's), so the view's "Agent reads" is the summary's (issue 46 item 4).
 */
const foldCommands = (rows: ReadonlyArray<{ command: string; via: string; byAuthor: boolean; count: number }>) => {
  const totals: Record<string, number> = {}
  const via: Record<string, Partial<Record<Via, number>>> = {}
  const byRole: Record<string, RoleCounts> = {}
  for (const r of rows) {
    totals[r.command] = (totals[r.command] ?? 0) + r.count
    const split = (byRole[r.command] ??= { agent: 0, author: 0 })
    split[roleOf(r.command, r.byAuthor)] += r.count
    const channel: Via = r.via === "mcp" ? "mcp" : "cli"
    const v = (via[r.command] ??= {})
    v[channel] = (v[channel] ?? 0) + r.count
  }
  const sorted = Object.entries(totals).sort(([a, x], [b, y]) => y - x || bytewise(a, b))
  return {
    data: Object.fromEntries(sorted) as Record<string, number>,
    roles: Object.fromEntries(sorted.map(([c]) => [c, roleOf(c)])) as Record<string, Role>,
    by_role: Object.fromEntries(sorted.map(([c]) => [c, byRole[c]!])) as Record<string, RoleCounts>,
    via
  }
}

const emptyAggregate = (groupBy: GroupBy): AggregateRows => {
  const period = { start: null, end: null }
  return groupBy === "summary" ? { groupBy, period, groups: [] } : ({ groupBy, period, rows: [] } as AggregateRows)
}

/**
 * The `sections` view's rows by logged line (`show --line`): which of two headings of one text each
 * read was (src/domain/headingReads.ts), under the same filters and audience as the view.
 */
export const sectionReadsByLine = (runtimeDir: string, filters: StatsFilters) =>
  Effect.map(aggregateLog(runtimeDir, "sections", filters), (rows): ReadonlyArray<SectionRead> => (rows.groupBy === "sections" ? rows.rows : []))

/** Read one aggregation of a skill's log, its failures as E999 with the database named. */
export const aggregateLog = Effect.fn("skc.aggregateLog")(function* (runtimeDir: string, groupBy: GroupBy, filters: StatsFilters) {
  const log = yield* AccessLog
  const path = yield* Path
  const dbFile = logDbIn(runtimeDir, path)
  // A corrupt log is moved aside (an empty log is reported); one that cannot be moved is ignored (issue 19).
  return yield* withLogRepair(dbFile, log.aggregate(dbFile, groupBy, filters), () => emptyAggregate(groupBy)).pipe(
    Effect.mapError((e) => new InternalError({ message: `cannot read access log '${e.path}': ${e.message}`, cause: e }))
  )
})

/**
 * The skill's newest `skc eval` result (issue 27), or `undefined`: never
 * evaluated, or a log this one lookup cannot read (the counts beside it
 * already said what there is to say about the log; an eval line is no
 * reason to fail them).
 */
export const latestEval = Effect.fn("skc.latestEval")(function* (runtimeDir: string) {
  const log = yield* AccessLog
  const path = yield* Path
  // Recovery: see the doc above, an eval line is no reason to fail the counts beside it.
  const row = yield* log.latest(logDbIn(runtimeDir, path), "eval").pipe(Effect.orElseSucceed(() => undefined))
  const found: LatestEval | undefined = row === undefined ? undefined : latestEvalOf(row.timestamp, row.args)
  return found
})

/** The UTC day after an instant's (`2026-12-06T00:00:00Z` → `2026-12-07`). */
const nextDay = (instant: string): string => new Date(Date.parse(instant) + 86_400_000).toISOString().slice(0, 10)

/**
 * The rows of a `commands` aggregate the views count under `filters`: an agent's reads (an author's too with
 * `include_author`), never a `stats` call. Every row counted, the note "its log holds 126 without them" sat
 * beside a view of 114 and grew with each `stats` that wrote it (a probe).
 */
export const rowCount = (rows: AggregateRows, filters: Pick<StatsFilters, "include_author">): number =>
  rows.groupBy === "commands" ? rows.rows.reduce((n, row) => (row.command !== "stats" && counts(filters, row.command, row.byAuthor) ? n + row.count : n), 0) : 0

/**
 * Filters that let no row through while the log holds some, said (RFC-0003:C-FILTERS leaves the report as
 * it is): `skc stats my-skill --project ~/code/webap` (a typo, or a directory gone) answered "No section has
 * been shown." and exit 0, and a reader could not tell an unread skill from a filter matching nothing. Each
 * `--project` that names no directory here is said too (a deleted project still has rows, so it filters).
 */
export const sayFilteredOut = Effect.fnUntraced(function* (skill: string, runtimeDir: string, filters: StatsFilters) {
  if (!narrowsRows(filters)) return
  const count = (f: StatsFilters) => aggregateLog(runtimeDir, "commands", f).pipe(Effect.map((rows) => rowCount(rows, f)))
  if ((yield* count(filters)) > 0) return
  const all = yield* count(unnarrowed(filters))
  if (all === 0) return
  const fs = yield* FileSystem
  const given = [
    ...filters.projects.map((p) => `--project ${p}`),
    ...filters.readers.map((r) => `--reader ${r}`),
    ...(filters.since === null ? [] : [`--since ${filters.since}`]),
    ...(filters.until === null ? [] : [`--until ${filters.until}`])
  ]
  const missing: Array<string> = []
  for (const p of filters.projects) if ((yield* fs.statOption(p).pipe(unseenAs(undefined)))?.type !== "directory") missing.push(p)
  const gone = missing.length === 0 ? "" : `; ${missing.map((p) => `'${p}'`).join(", ")} ${missing.length === 1 ? "names" : "name"} no directory here`
  // `--until 2026-12-06` is that day's first instant (RFC-0003:C-FILTERS): a reader asking for the day got nothing.
  const midnight = filters.until !== null && filters.until.endsWith("T00:00:00Z") ? `; --until ${filters.until.slice(0, 10)} is that day's first instant: --until ${nextDay(filters.until)} takes in the whole day` : ""
  yield* warn(Warning.notice(`no access of '${skill}' passes the filters (${given.join(", ")}): its log holds ${all} without them${gone}${midnight}`))
})

/**
 * Rows the figures leave out, said on stderr by every view of one skill (text, JSON, the HTML report: the
 * report said nothing of them, a stats probe): a sandboxed agent's reads waiting in the cwd's fallback log
 * (unsyncedLogs.ts), and logs moved aside as damaged (asideLogs.ts).
 */
export const sayUncounted = Effect.fnUntraced(function* (name: string, runtimeDir: string) {
  for (const unsynced of yield* unsyncedRows([name])) yield* warn(Warning.notice(unsyncedNote(unsynced)))
  const aside = yield* asideLogs(runtimeDir)
  if (aside.length > 0) yield* warn(Warning.notice(asideNote(aside)))
})

export const stats = Effect.fn("skc.stats")(function* (input: StatsQuery) {
  const groupBy: StatsGroupBy = yield* Effect.fromResult(parseGroupBy(input.group_by ?? "summary"))
  const filters = yield* parseFilters(input)
  const resolved = yield* resolveCommandSkill(input.skill)
  const skill = { ...resolved, runtimeDir: yield* statsRuntimeOf(resolved) }
  const rows = yield* aggregateLog(skill.runtimeDir, groupBy, filters)
  yield* sayFilteredOut(skill.name, skill.runtimeDir, filters)
  yield* sayUncounted(skill.name, skill.runtimeDir)
  const limit = input.limit
  const head = { skill: skill.name, skill_path: skill.canonicalSourceDir, query: groupBy, filters }
  const capped = <A>(items: ReadonlyArray<A>) => {
    const { shown, more } = capList(items, limit)
    return { data: shown, extra: limit === undefined ? {} : { limit, more } }
  }
  const noInsights: StatsInsights = {
    topSections: [],
    topSectionsMore: 0,
    commands: {},
    commandRoles: {},
    unusedSections: [],
    unusedMore: 0,
    unanswered: [],
    unansweredMore: 0,
    misnamed: [],
    misnamedMore: 0
  }
  /**
   * Headings of the current outline no read counted for: each read counts for the one heading `show`
   * showed (the first of its text, or the one at its logged line), so the second of two "Images" is
   * listed, with its line, until it is itself shown (src/domain/headingReads.ts).
   */
  const unusedOf = <E, R>(reads: ReadonlyArray<{ section: string; file: string | null; count: number }>, byLine: Effect.Effect<ReadonlyArray<SectionRead>, E, R>) =>
    Effect.gen(function* () {
      const outline = yield* outlineSections(skill.sourceDir)
      const counts = yield* headingReadCounts(outline, reads, byLine)
      const shares = sharesItsText(outline)
      const unused: Array<OutlineSection> = []
      const above = readAbove(outline, counts)
      outline.forEach((h, i) => {
        const within = above[i]
        if (counts[i] === 0) unused.push({ file: h.file, section: h.section, level: h.level, ...(shares(h) ? { line: h.line } : {}), ...(within === undefined ? {} : { within: within.section }) })
      })
      const perHeading = outline.map((h, i) => ({ file: h.file, section: h.section, line: h.line, count: counts[i] ?? 0 }))
      // A read section whose heading the outline no longer has (a read without its file matches any file).
      const current = new Set(outline.map((h) => `${h.file}\u0000${h.section}`))
      const titles = new Set(outline.map((h) => h.section))
      const inOutline = (r: { readonly section: string; readonly file: string | null }) => (r.file === null ? titles.has(r.section) : current.has(`${r.file}\u0000${r.section}`))
      return { ...capList(unused, limit), perHeading, inOutline, outline }
    })
  // Key order as C-SCHEMA writes it (not significant, but kind to readers).
  switch (rows.groupBy) {
    case "summary": {
      const s = yield* foldDatedSummary(skill.runtimeDir, rows.groups, filters)
      const top = capList(s.ranked, limit)
      const unused = yield* unusedOf(s.ranked, sectionReadsByLine(skill.runtimeDir, filters))
      // A lookup that named a section or file the skill has, in another form, is not something it lacks.
      const split = splitMisnamed(s.unanswered, unused.outline)
      const looked = capList(split.missing, limit)
      const misnamed = capList(split.misnamed, limit)
      const evaluated = yield* latestEval(skill.runtimeDir)
      const outcome: StatsOutcome = {
        // `latest_eval` is additive (DECISIONS #40): absent when the skill was never evaluated.
        report: { ...head, query: "summary", period: s.period, data: s.data, ...(evaluated === undefined ? {} : { latest_eval: evaluated }) },
        insights: {
          // An author's probe: a renamed heading's reads were listed as if the section still existed (the HTML said so).
          topSections: top.shown.map((t) => (unused.inOutline(t) ? t : { ...t, gone: true as const })),
          topSectionsMore: top.more,
          commands: s.commands,
          commandRoles: s.commandRoles,
          unusedSections: unused.shown,
          unusedMore: unused.more,
          unanswered: looked.shown,
          unansweredMore: looked.more,
          misnamed: misnamed.shown,
          misnamedMore: misnamed.more
        }
      }
      return outcome
    }
    case "sections": {
      // One entry per section and file (C-QUERIES); the rows' lines only say which heading was read.
      const entries = oneEntryPerSection(rows.rows)
      const c = capped(entries)
      const unused = yield* unusedOf(entries, Effect.succeed(rows.rows))
      const outcome: StatsOutcome = {
        report: { ...head, query: "sections", period: rows.period, ...c.extra, data: c.data },
        insights: {
          ...noInsights,
          unusedSections: unused.shown,
          unusedMore: unused.more,
          headingReads: unused.perHeading,
          // As the summary and the HTML report mark them: a renamed heading's reads read as a section that still exists.
          sectionsGone: c.data.map((r) => !unused.inOutline(r))
        }
      }
      return outcome
    }
    case "commands": {
      const c = foldCommands(rows.rows)
      const outcome: StatsOutcome = {
        report: { ...head, query: "commands", period: rows.period, data: c.data, roles: c.roles, by_role: c.by_role, via: c.via },
        insights: noInsights
      }
      return outcome
    }
    case "files":
    case "projects":
    case "errors":
    case "search":
    case "unanswered":
    case "users":
    case "clients": {
      const c = capped<unknown>(rows.rows)
      const report = { ...head, query: rows.groupBy, period: rows.period, ...c.extra, data: c.data } as StatsReport
      const outcome: StatsOutcome = { report, insights: noInsights }
      return outcome
    }
    case "funnel": {
      const outcome: StatsOutcome = { report: { ...head, query: "funnel", period: rows.period, data: funnelOf(rows.rows) }, insights: noInsights }
      return outcome
    }
    case "timeline":
      return yield* Effect.die(new Error("timeline is not a query type"))
  }
})
