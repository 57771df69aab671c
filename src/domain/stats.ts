/**
 * Usage analytics facts (RFC-0003): query types, filter parsing and the
 * response schema. Pure: the aggregation itself runs in the log store.
 */
import { Result } from "effect"
import { InvalidFilter, InvalidQueryType } from "./errors.js"

/**
 * DECISIONS #4: `search` is a valid query type beside RFC-0003:C-CLI's six.
 * `unanswered` (issue 17) lists the searches that found nothing, most frequent first.
 */
export const GROUP_BYS = ["summary", "sections", "files", "commands", "projects", "errors", "search", "unanswered", "users", "clients", "funnel"] as const
export type StatsGroupBy = (typeof GROUP_BYS)[number]

export const parseGroupBy = (value: string): Result.Result<StatsGroupBy, InvalidQueryType> =>
  (GROUP_BYS as ReadonlyArray<string>).includes(value)
    ? Result.succeed(value as StatsGroupBy)
    : Result.fail(new InvalidQueryType({ type: value, valid: GROUP_BYS }))

/** Filters as applied: normalised UTC timestamps and canonical project paths. */
export interface StatsFilters {
  readonly since: string | null
  readonly until: string | null
  readonly projects: ReadonlyArray<string>
  /**
   * `--reader`: only rows whose `args.user` (the token name of a call served
   * by `skc mcp --http` with tokens) is one of these, exactly (token names are
   * case-sensitive as the operator wrote them). Empty: every row, those without
   * a reader included; given, a row without `args.user` (CLI, stdio, HTTP
   * without tokens) never passes. Echoed in the JSON `filters` (RFC-0003:C-FILTERS).
   */
  readonly readers: ReadonlyArray<string>
  /**
   * Whether the author's own work (`build`, `lint`, `stats`) counts. Off by
   * default: stats answer "what did agents read" (issue 17). Echoed in the
   * JSON `filters` like every applied filter (RFC-0003:C-FILTERS).
   */
  readonly include_author: boolean
}

/**
 * A logged timestamp as RFC-0007:C-LOGGING writes it (`YYYY-MM-DDTHH:MM:SSZ`, UTC; fractions of a second
 * as other writers add them). Other tools write into the same table, so a row may hold `''` or
 * `not-a-time`: such a row is still counted where no time is asked (RFC-0003:C-FILTERS: without time
 * filters all data is included), but it is never a period's start or end (C-SCHEMA: the earliest and
 * latest *access timestamp*), never a day of the timeline, and never inside a `--since`/`--until` range
 * it cannot be placed in (docs/stats.md, "Damaged timestamps"). `loggedTimestampSql` is the same test
 * in SQL (GLOB, case-sensitive as this pattern is), so the log stores and this module agree.
 */
export const LOGGED_TIMESTAMP = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[\s\S]*)?Z$/

const GLOB_STAMP = "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]"

/** `LOGGED_TIMESTAMP` as an SQLite condition on `column`. */
export const loggedTimestampSql = (column = "timestamp"): string => `(${column} GLOB '${GLOB_STAMP}Z' OR ${column} GLOB '${GLOB_STAMP}.*Z')`

export const isLoggedTimestamp = (value: string): boolean => LOGGED_TIMESTAMP.test(value)

/**
 * A `--since`/`--until` bound (`…SSZ`, or with a fraction `…SS.500Z`) against a logged timestamp that may
 * carry a fraction (`…SS.500Z`, another writer's): compared as text, `.` sorts before `Z`, so `…57.500Z`
 * was before `--since …57Z` and within `--until …57Z`. The SQL adapters keep a plain range on the column
 * (its index) over the bounds' whole seconds and take out the rows of a bound's own second on the wrong
 * side of its fraction. `secondsKey`: the seconds of a bound or timestamp, `YYYY-MM-DDTHH:MM:SS` (a
 * `since` bound compared without its `Z`); `untilKey`: the last text of `until`'s second (`…SSZ`, after
 * every `…SS.fffZ`).
 */
export const secondsKey = (stamp: string): string => stamp.slice(0, 19)
export const untilKey = (until: string): string => `${secondsKey(until)}Z`
/** The fraction of a second a timestamp or bound carries (`….500Z` → 0.5); 0 for whole seconds. */
export const fractionOf = (stamp: string): number => {
  const m = /\.([0-9]+)Z$/.exec(stamp)
  return m === null ? 0 : Number(`0.${m[1]}`)
}
/** Whether a logged timestamp is at or after `since`, and at or before `until` (both inclusive, to the fraction). */
export const notBefore = (stamp: string, since: string): boolean =>
  stamp >= secondsKey(since) && !(secondsKey(stamp) === secondsKey(since) && fractionOf(stamp) < fractionOf(since))
export const notAfter = (stamp: string, until: string): boolean =>
  stamp <= untilKey(until) && !(secondsKey(stamp) === secondsKey(until) && fractionOf(stamp) > fractionOf(until))

/**
 * Time filters that every dated row passes and no damaged one does: the grouped scan run again when a
 * summary's folded period came out damaged (src/app/usage/stats.ts `foldDatedSummary`).
 */
export const EVERY_DATED_ROW = { since: "0000-01-01T00:00:00Z", until: "9999-12-31T23:59:59.999999999Z" } as const

// ---------------------------------------------------------------------------
// Who made a logged call: an agent reading the skill, or its author working on it
// ---------------------------------------------------------------------------

/** Commands (and their MCP tools, DECISIONS #31) through which an agent reads a skill. */
export const AGENT_COMMANDS = ["outline", "show", "open", "sources", "search", "load"] as const
/** Commands an author runs on a skill: not reads, left out of stats and match's recency by default. */
export const AUTHOR_COMMANDS = ["build", "lint", "stats"] as const

export type Role = "agent" | "author"

/** Calls of one command by role (DECISIONS #45). */
export interface RoleCounts {
  agent: number
  author: number
}

/**
 * The role of a logged row (DECISIONS #45): author work when the command is
 * (`build`, `lint`, `stats`, and any command of a future version not known
 * to be an agent read, so that reads are never inflated by something that
 * is not one) or when the row was recorded as the author's (`args.role`, an
 * author trying their skill from a terminal); else an agent's read. Rows
 * written before roles were recorded have none and count by command.
 */
export const roleOf = (command: string, byAuthor = false): Role =>
  !byAuthor && (AGENT_COMMANDS as ReadonlyArray<string>).includes(command) ? "agent" : "author"

/** Whether the filters narrow the rows (not the author's own, which every view leaves out by default). */
export const narrowsRows = (f: StatsFilters): boolean => f.projects.length > 0 || f.readers.length > 0 || f.since !== null || f.until !== null

/** The same filters without the narrowing ones: what the log holds for the view's rows as a whole. */
export const unnarrowed = (f: StatsFilters): StatsFilters => ({ ...f, since: null, until: null, projects: [], readers: [] })

/** Whether a row of `command` (recorded as the author's or not) counts under `filters`. */
export const counts = (filters: Pick<StatsFilters, "include_author">, command: string, byAuthor = false): boolean =>
  filters.include_author || roleOf(command, byAuthor) === "agent"

/**
 * Who makes a CLI call (DECISIONS #45): `SKC_ROLE=agent|author` when set;
 * else a person when standard input or output is a terminal (agents run
 * commands through pipes), an agent otherwise. An MCP call is an agent's.
 */
export const cliCallerRole = (skcRole: string | undefined, stdinIsTerminal: boolean, stdoutIsTerminal: boolean): Role =>
  isRole(skcRole) ? skcRole : stdinIsTerminal || stdoutIsTerminal ? "author" : "agent"

/** Whether `SKC_ROLE` names a role; any other value is not taken (and the CLI warns of it). */
export const isRole = (value: string | undefined): value is Role => value === "agent" || value === "author"

/** How `args.via` marks a call made through the MCP server; a row without it came from the CLI. */
export type Via = "cli" | "mcp"

// ---------------------------------------------------------------------------
// Caps on list views: `--limit` (issue 17)
// ---------------------------------------------------------------------------

/** Entries of a list view shown in text when `--limit` is not given; JSON lists everything unless asked. */
export const DEFAULT_TEXT_LIMIT = 10

/** The limit in force: the given one, else 10 in text and none (`undefined`) in JSON. */
export const effectiveLimit = (given: number | undefined, format: "text" | "json" | "html"): number | undefined =>
  given ?? (format === "text" ? DEFAULT_TEXT_LIMIT : undefined)

/** The first `limit` entries and how many were left out. */
export const capList = <A>(items: ReadonlyArray<A>, limit: number | undefined): { readonly shown: ReadonlyArray<A>; readonly more: number } =>
  limit === undefined || items.length <= limit ? { shown: items, more: 0 } : { shown: items.slice(0, limit), more: items.length - limit }

/** `YYYY-MM-DDTHH:MM:SSZ` of an epoch-millisecond instant (fraction dropped). */
export const formatTimestamp = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z")

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/

/**
 * `Date.UTC` for every year RFC 3339 allows: `Date.UTC` reads years 0–99 as 1900–1999, so
 * `--since 0000-01-01` filtered from 1900 and echoed it, and 0000-02-29 (a leap day) was refused.
 */
const utc = (year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0): number => {
  const d = new Date(0)
  d.setUTCFullYear(year, monthIndex, day)
  d.setUTCHours(hour, minute, second, 0)
  return d.getTime()
}

const daysIn = (year: number, month: number) => new Date(utc(year, month, 0)).getUTCDate()

/**
 * Parse a `--since`/`--until` value (RFC-0003:C-FILTERS): RFC 3339 with any
 * offset and optional fraction, or `YYYY-MM-DD` meaning the start of that day
 * in UTC. Returns epoch milliseconds, or `undefined` when malformed.
 */
export const parseInstant = (value: string): number | undefined => {
  const d = DATE_ONLY.exec(value)
  const t = d === null ? DATE_TIME.exec(value) : null
  const m = d ?? t
  if (m === null) return undefined
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined
  if (t === null) return utc(year, month - 1, day)
  const [hour, minute, second] = [Number(t[4]), Number(t[5]), Number(t[6])]
  if (hour > 23 || minute > 59 || second > 60) return undefined
  const fraction = t[7] === undefined ? 0 : Number(`0${t[7]}`) * 1000
  const zone = t[8]
  let offsetMinutes = 0
  if (zone !== "Z" && zone !== "z") {
    const [oh, om] = [Number(zone.slice(1, 3)), Number(zone.slice(4, 6))]
    if (oh > 23 || om > 59) return undefined
    offsetMinutes = (zone[0] === "-" ? -1 : 1) * (oh * 60 + om)
  }
  return utc(year, month - 1, day, hour, minute, second) + fraction - offsetMinutes * 60_000
}

/**
 * Normalise a time filter to the stored form: `…SSZ`, or `…SS.fffZ` for a
 * bound with a fraction of a second (to the millisecond, rounded inwards:
 * since up, until down). skc logs whole seconds, other writers fractions
 * (docs/stats.md); both bounds stay inclusive to the fraction (`notBefore`,
 * `notAfter`). They were rounded to whole seconds, which turned a window
 * within one second into "ends before it starts" and left out rows in it.
 */
export const parseTimeFilter = (flag: "since" | "until", value: string): Result.Result<string, InvalidFilter> => {
  const ms = parseInstant(value.trim())
  if (ms === undefined) {
    return Result.fail(
      new InvalidFilter({ message: `--${flag} ${value}: expected an RFC 3339 timestamp (2026-01-30T12:00:00Z) or a date (2026-01-30)` })
    )
  }
  const inwards = flag === "since" ? Math.ceil(ms) : Math.floor(ms)
  return Result.succeed(new Date(inwards).toISOString().replace(".000Z", "Z"))
}

// ---------------------------------------------------------------------------
// Response schema (RFC-0003:C-SCHEMA)
// ---------------------------------------------------------------------------

export interface SummaryData {
  /** Rows counted under the filters: agent reads, plus author work with `--include-author`. */
  readonly total_accesses: number
  readonly unique_sections: number
  readonly unique_files: number
  readonly error_count: number
  /** Both sides of the split, whatever `include_author` says (issue 17: shown both, labelled). */
  readonly agent_accesses: number
  readonly author_accesses: number
  /** Distinct things agents looked for and the skill did not have (see `UnansweredItem`). */
  readonly unanswered: number
}
export type SectionsData = ReadonlyArray<{ readonly section: string; readonly file: string | null; readonly count: number }>
export type FilesData = ReadonlyArray<{ readonly file: string; readonly count: number }>
export type CommandsData = Readonly<Record<string, number>>
export type ProjectsData = ReadonlyArray<{ readonly project: string; readonly count: number }>
/**
 * Issue 49 item 2: counted rows by the token that made them (`args.user`,
 * `skc mcp --http`) and by the MCP client (`args.client`, `name/version` of
 * its `clientInfo`); null for rows without one (the CLI, stdio sessions).
 */
export type UsersData = ReadonlyArray<{ readonly user: string | null; readonly count: number }>
export type ClientsData = ReadonlyArray<{ readonly client: string | null; readonly count: number }>

/**
 * Issue 49 item 4: a skill's funnel over the period — activations (Claude
 * Code's `skill_activated`, imported as `activate` rows) by trigger, then
 * the agent reads skc served — and what the two say together. Listing is
 * not measured: Claude Code lists every deployed skill in every session and
 * exports no event for it.
 */
export interface FunnelData {
  readonly activated: number
  /** Distinct Claude Code sessions with an activation. */
  readonly sessions: number
  /** Activations per `invocation_trigger` (`user-slash`, `claude-proactive`, `nested-skill`, `unknown`), most first. */
  readonly by_trigger: Readonly<Record<string, number>>
  /** Counted reads (agent reads unless `include_author`) and the distinct sections shown. */
  readonly reads: number
  readonly sections_read: number
  /** `activated_but_nothing_read`, `read_without_activation`: empty when neither holds. */
  readonly signals: ReadonlyArray<FunnelSignal>
}
export type FunnelSignal = "activated_but_nothing_read" | "read_without_activation"

/** The funnel of the adapter's rows (see `AggregateRows` "funnel"). */
export const funnelOf = (rows: ReadonlyArray<{ trigger: string | null; count: number; sessions: number; sections: number }>): FunnelData => {
  const all = rows.find((r) => r.trigger === "*")
  const reads = rows.find((r) => r.trigger === null)
  const byTrigger = rows
    .filter((r): r is typeof r & { trigger: string } => r.trigger !== null && r.trigger !== "*")
    .sort((a, b) => b.count - a.count || (a.trigger < b.trigger ? -1 : a.trigger > b.trigger ? 1 : 0))
  const activated = all?.count ?? 0
  const read = reads?.count ?? 0
  const signals: Array<FunnelSignal> = []
  if (activated > 0 && read === 0) signals.push("activated_but_nothing_read")
  if (read > 0 && activated === 0) signals.push("read_without_activation")
  return {
    activated,
    sessions: all?.sessions ?? 0,
    by_trigger: Object.fromEntries(byTrigger.map((r) => [r.trigger, r.count])),
    reads: read,
    sections_read: reads?.sections ?? 0,
    signals
  }
}
export type ErrorsData = ReadonlyArray<{ readonly target: string; readonly command: string; readonly error: string; readonly count: number }>
/**
 * A search query with its frequency and what its latest run found:
 * `result_count` and `partial` as logged (RFC-0004:C-LOGGING, DECISIONS #37),
 * null for rows logged before skc recorded them.
 */
export interface SearchEntry {
  readonly query: string
  readonly count: number
  readonly result_count: number | null
  readonly partial: boolean
}
export type SearchData = ReadonlyArray<SearchEntry>
/** Searches that ran and found nothing, most frequent first, ties by query; `last` is the newest such search. */
export type UnansweredData = ReadonlyArray<{ readonly query: string; readonly count: number; readonly last: string }>

/**
 * Something agents looked for that the skill does not have: a search that
 * found nothing, a heading `show` did not find (E020), a file `open` did not
 * find (E021).
 */
export interface UnansweredItem {
  readonly kind: "search" | "show" | "open"
  readonly target: string
  /**
   * A `show`'s `--file`, when one was given: the heading was looked for there (E020), or the file itself
   * was not found (E021, a mistyped name). Without it a skill was said to lack a heading it has.
   */
  readonly file?: string
  readonly count: number
  /**
   * What the lookup named that the skill has, in a form `show`/`open` do not take (a search label pasted as a
   * section, a file without its `.md`): its file and, for a section, its heading (src/app/usage/misnamedLookups.ts).
   */
  readonly meant?: { readonly file: string; readonly section?: string }
}

export type StatsData =
  | { readonly query: "summary"; readonly data: SummaryData }
  | { readonly query: "sections"; readonly data: SectionsData }
  | { readonly query: "files"; readonly data: FilesData }
  | { readonly query: "commands"; readonly data: CommandsData }
  | { readonly query: "projects"; readonly data: ProjectsData }
  | { readonly query: "errors"; readonly data: ErrorsData }
  | { readonly query: "search"; readonly data: SearchData }
  | { readonly query: "unanswered"; readonly data: UnansweredData }
  | { readonly query: "users"; readonly data: UsersData }
  | { readonly query: "clients"; readonly data: ClientsData }
  | { readonly query: "funnel"; readonly data: FunnelData }

/** The JSON document of `skc stats --format json`. */
export type StatsReport = {
  readonly skill: string
  readonly skill_path: string
  readonly filters: StatsFilters
  readonly period: { readonly start: string | null; readonly end: string | null }
  /** List views capped by `--limit`: the cap and how many entries it left out. */
  readonly limit?: number
  readonly more?: number
  /** `commands` view: each command's role, and its calls per channel (`cli`, `mcp`). */
  readonly roles?: Readonly<Record<string, Role>>
  /** `commands` view: each command's calls by the role of each row (DECISIONS #45; issue 46 item 4), which `roles` alone cannot say. */
  readonly by_role?: Readonly<Record<string, RoleCounts>>
  readonly via?: Readonly<Record<string, Readonly<Partial<Record<Via, number>>>>>
  /** `summary` view: the skill's newest `skc eval` result (issue 27); absent when it was never evaluated. */
  readonly latest_eval?: LatestEval
} & StatsData

/**
 * A skill's latest `skc eval` (issue 27): the `args` of the newest `eval`
 * row of its log (src/app/eval/eval.ts writes them) and that row's time. Not
 * filtered by `--since`/`--until`/`--project`: it is the skill's current
 * verdict, shown beside the reads of whatever period is asked for.
 */
export interface LatestEval {
  readonly timestamp: string
  readonly judge: string
  readonly agent: string
  readonly queries: number
  readonly passed: number
  readonly pass_rate: number
  /** Null when nothing fired for the skill (no precision to speak of), as in the eval report. */
  readonly precision: number | null
  readonly recall: number | null
  readonly min_pass: number
  readonly meets_min_pass: boolean
}

/**
 * The latest eval from a logged row; `undefined` when its `args` are not
 * what `skc eval` writes (a hand-edited or foreign row is not shown, never
 * an error).
 */
export const latestEvalOf = (timestamp: string, argsText: string): LatestEval | undefined => {
  let a: unknown
  try {
    a = JSON.parse(argsText)
  } catch {
    return undefined
  }
  if (a === null || typeof a !== "object") return undefined
  const r = a as Record<string, unknown>
  const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v)
  const numOrNull = (v: unknown): v is number | null => v === null || num(v)
  if (typeof r.judge !== "string" || typeof r.agent !== "string" || typeof r.meets_min_pass !== "boolean") return undefined
  if (!num(r.queries) || !num(r.passed) || !num(r.pass_rate) || !num(r.min_pass) || !numOrNull(r.precision) || !numOrNull(r.recall)) return undefined
  return {
    timestamp,
    judge: r.judge,
    agent: r.agent,
    queries: r.queries,
    passed: r.passed,
    pass_rate: r.pass_rate,
    precision: r.precision,
    recall: r.recall,
    min_pass: r.min_pass,
    meets_min_pass: r.meets_min_pass
  }
}

/** A section of the current outline. */
export interface OutlineSection {
  readonly file: string
  readonly section: string
  readonly level: number
  /**
   * Its heading's line, in an "unused sections" entry whose text another heading of its file shares:
   * which of them was never shown (src/domain/headingReads.ts). Absent when the text names it alone.
   */
  readonly line?: number
  /**
   * In an "unused sections" entry: the nearest section above it that was shown, whose `show` sends its
   * subsections' text too unless a page cut it short (`--max-lines`, a `from_line` page, MCP's page size),
   * which the log's counts do not tell.
   */
  readonly within?: string
}

// ---------------------------------------------------------------------------
// What `stats --all` and the HTML report hold (issue 17): data shapes, filled
// by src/app/usage/statsAll.ts and src/app/usage/statsReport.ts, drawn by src/render.
// ---------------------------------------------------------------------------

export interface SkillUsageRow {
  readonly skill: string
  /** Where the skill resolved from (RFC-0007:C-RESOLUTION, DECISIONS #38): project, global, agent-project, agent-user… */
  readonly scope: string
  readonly skill_path: string
  /** Agent reads in the period. */
  readonly reads: number
  /** The author's build, lint and stats in the period (counted in `accesses` only with `include_author`). */
  readonly author: number
  /** Rows counted under the filters (= `reads`, plus `author` with `include_author`). */
  readonly accesses: number
  /** Newest agent read in the period, or null. */
  readonly last_read: string | null
  /** The section shown most often in the period, or null. */
  readonly top_section: {
    readonly section: string
    readonly file: string | null
    readonly count: number
    /** No longer a heading of its file (renamed or deleted since the reads); absent while it is (additive). */
    readonly gone?: true
  } | null
  /** Distinct things agents looked for that the skill does not have. */
  readonly unanswered: number
  readonly errors: number
}

/**
 * Where a team view's rows came from (issue 18, `skc stats --from`/`--team`):
 * the database as shown to people (never with a password) and the
 * `--machine`/`--user` filters as given. Absent for a local view.
 */
export interface TeamSource {
  readonly source?: string
  readonly machines?: ReadonlyArray<string>
  readonly users?: ReadonlyArray<string>
}

/** The `--format json` document of `skc stats --all`. */
export interface StatsAllReport extends TeamSource {
  readonly query: "all"
  readonly filters: StatsFilters
  /** Busiest first (reads, then name); capped by `limit` when given. */
  readonly skills: ReadonlyArray<SkillUsageRow>
  /** Names of the skills with no agent read in the period, by name (never capped in JSON). */
  readonly never_read: ReadonlyArray<string>
  /**
   * Cross-skill questions (`search --all`) that no skill answered, most
   * asked first (DECISIONS #44: kept in the global log, never in a skill's).
   */
  readonly unanswered_all: ReadonlyArray<{ readonly query: string; readonly count: number; readonly last: string }>
  /** With `limit`: the questions of `unanswered_all` the cap left out (`more` counts the skills'). */
  readonly unanswered_all_more?: number
  readonly total_skills: number
  readonly limit?: number
  readonly more?: number
}

/**
 * A heading of the current outline and how often it was shown in the period: each read counted for the
 * one heading `show` showed, never for every heading of its text (src/domain/headingReads.ts).
 */
export interface OutlineReads {
  readonly file: string
  readonly section: string
  readonly level: number
  /** The heading's line (two headings of one text in a file are told apart by it). Optional: reports built before have none. */
  readonly line?: number
  readonly count: number
}

/** Everything the HTML report of one skill shows. */
export interface SkillReport extends TeamSource {
  readonly skill: string
  readonly skill_path: string
  readonly filters: StatsFilters
  readonly period: { readonly start: string | null; readonly end: string | null }
  readonly summary: SummaryData
  /** Every command with its count (author work included), busiest first. */
  readonly commands: Readonly<Record<string, number>>
  /** The current outline in outline order (files bytewise, then line). */
  readonly outline: ReadonlyArray<OutlineReads>
  /** Sections shown that are no longer in the outline (renamed or removed since). */
  readonly gone: ReadonlyArray<{ readonly section: string; readonly file: string | null; readonly count: number }>
  /**
   * Reads per file, as `--group-by files` counts them (a section shown, or the file opened whole), busiest
   * first: a file opened whole is read though none of its headings was shown. Optional: reports built before have none.
   */
  readonly files?: FilesData
  readonly timeline: ReadonlyArray<{ readonly day: string; readonly count: number }>
  readonly searches: SearchData
  readonly unansweredSearches: UnansweredData
  readonly lookedFor: ReadonlyArray<UnansweredItem>
  readonly errors: ErrorsData
  /** The skill's newest `skc eval` result, when it was ever evaluated (issue 27). */
  readonly latestEval?: LatestEval
  /** Issue 49 item 4: activated (Claude Code's telemetry, by trigger) → read; the report draws it. */
  readonly funnel?: FunnelData
  /** `--limit`: the rows each list of the HTML report shows (its default bound otherwise); the outline is whole. */
  readonly limit?: number
}
