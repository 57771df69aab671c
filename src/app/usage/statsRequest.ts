/**
 * `skc stats` as the command line asks for it (RFC-0003, issue 17, issue 18;
 * issue 28 item 4: this was the command spec's own logic): one skill in text
 * or JSON (`stats`), every skill (`statsAll`), one skill's HTML report
 * (`statsReport`), each from the local logs or from the team database. The
 * flags are checked here, with the messages docs/stats.md gives; the spec
 * only converts its flags and picks the team store's layer.
 *
 * MCP's `skc_stats` passes a plain `StatsInput` (one skill, JSON view), a
 * narrowing of `StatsRequest`.
 */
import { Effect, Schema } from "effect"
import { InvalidOption } from "../../domain/errors.js"
import { stats, StatsInput, type StatsQuery } from "./stats.js"
import { statsAll } from "./statsAll.js"
import { statsReport } from "./statsReport.js"
import { bothTeamDatabases } from "./teamDatabase.js"
import { importOtelFile, type ActivationImport } from "./activations.js"

/** What the CLI asks for; `skill` is absent with `all`. */
export type StatsRequest = Omit<StatsQuery, "skill"> & {
  readonly skill?: string
  readonly all?: boolean
  readonly html?: boolean
  /** The `--limit` given (null: none), logged instead of text's default of 10 (DECISIONS #18). */
  readonly given_limit?: number | null
  /** `--from`: the team database (issue 18), with its `--machine`/`--user` filters; `--team`: the config's. */
  readonly from?: string
  readonly team?: boolean
  readonly machines?: ReadonlyArray<string>
  readonly users?: ReadonlyArray<string>
  /** `--import-otel <file>` (issue 49 item 4): record the file's skill activations instead of reporting. */
  readonly import_otel?: string
}

/** The command line's values, absent ones undefined. */
export interface StatsFlags {
  readonly skill: string | undefined
  readonly groupBy: string
  readonly since: string | undefined
  readonly until: string | undefined
  readonly project: ReadonlyArray<string>
  /** `--reader`: token names of `skc mcp --http` (`args.user`), locally as on the team store. */
  readonly reader: ReadonlyArray<string>
  readonly includeAuthor: boolean
  readonly limit: number | undefined
  readonly all: boolean
  readonly format: string
  readonly from: string | undefined
  readonly team: boolean
  readonly machine: ReadonlyArray<string>
  readonly user: ReadonlyArray<string>
  readonly importOtel?: string | undefined
}

/** What a request gives: one skill's outcome, one skill's HTML report, or every skill's. */
export type StatsView =
  | { readonly kind: "one"; readonly outcome: Effect.Success<ReturnType<typeof stats>> }
  | { readonly kind: "html"; readonly report: Effect.Success<ReturnType<typeof statsReport>> }
  | { readonly kind: "all"; readonly report: Effect.Success<ReturnType<typeof statsAll>> }
  | { readonly kind: "import"; readonly result: ActivationImport }

const invalid = (message: string) => Effect.fail(new InvalidOption({ message }))

/** The request the flags make, or E100 with what is wrong (docs/stats.md). */
export const statsRequestOf: (o: StatsFlags) => Effect.Effect<StatsRequest, InvalidOption> = Effect.fnUntraced(function* (o: StatsFlags) {
  const skill = o.skill
  if (o.importOtel !== undefined) {
    // Issue 49 item 4: the skills are the export's; nothing else applies.
    if (skill !== undefined || o.all || o.groupBy !== "summary" || o.from !== undefined || o.team || o.format === "html") {
      return yield* invalid("--import-otel takes no skill, --all, --group-by, --from/--team or --format html: it records the file's activations")
    }
    const request: StatsRequest = { import_otel: o.importOtel }
    return request
  }
  if (o.all && skill !== undefined) return yield* invalid("--all takes no skill: it reports every skill that resolves from here")
  if (!o.all && skill === undefined) return yield* invalid("missing skill (or --all for every skill)")
  if ((o.all || o.format === "html") && o.groupBy !== "summary") {
    return yield* invalid(`--group-by ${o.groupBy} is for one skill in text or JSON; ${o.all ? "--all" : "--format html"} shows its own view`)
  }
  const from = o.from
  if (from !== undefined && o.team) return yield* invalid(bothTeamDatabases("--from"))
  const team = from !== undefined || o.team
  if (!team && (o.machine.length > 0 || o.user.length > 0)) {
    return yield* invalid("--machine and --user filter the team database: add --from <postgres-url> or --team")
  }
  const given = o.limit
  if (given !== undefined && given < 1) return yield* invalid("--limit must be at least 1")
  // 10 entries per list in text, all in JSON (and in the HTML skill report) unless given.
  const limit = given ?? (o.format === "text" ? 10 : undefined)
  const request = {
    skill,
    group_by: o.groupBy,
    since: o.since,
    until: o.until,
    project: o.project.length === 0 ? undefined : [...o.project],
    reader: o.reader.length === 0 ? undefined : [...o.reader],
    include_author: o.includeAuthor ? true : undefined,
    // One skill's HTML report: the --limit given caps its lists (its own bound otherwise, HTML_LIST_ROWS); the outline is whole.
    limit: o.format === "html" && !o.all ? given : limit,
    all: o.all,
    html: o.format === "html",
    given_limit: given ?? null,
    ...(team ? { ...(from === undefined ? {} : { from }), team: o.team, machines: [...o.machine], users: [...o.user] } : {})
  }
  // One skill: the use case's own Schema decides what is valid (E100 otherwise).
  if (!o.all) {
    const one = { ...request, all: undefined, html: undefined, given_limit: undefined, from: undefined, team: undefined, machines: undefined, users: undefined, reader: undefined }
    yield* Schema.decodeUnknownEffect(StatsInput)(one).pipe(Effect.mapError((e) => new InvalidOption({ message: e.message })))
  }
  return request as StatsRequest
})

/** Whether the request reads the team database (`--from`, `--team`) instead of the local logs. */
export const fromTeam = (r: StatsRequest): boolean => r.from !== undefined || r.team === true

/** The request over the local logs. */
export const statsLocal = (r: StatsRequest) =>
  r.import_otel !== undefined
    ? Effect.map(importOtelFile(r.import_otel), (result): StatsView => ({ kind: "import", result }))
    : r.all === true
    ? Effect.map(statsAll(r), (report): StatsView => ({ kind: "all", report }))
    : r.html === true
      ? Effect.map(statsReport(r as StatsQuery), (report): StatsView => ({ kind: "html", report }))
      : Effect.map(stats(r as StatsQuery), (outcome): StatsView => ({ kind: "one", outcome }))

/** The request over the team store the caller provides (issue 18): `source` is the database as shown to people. */
export const statsFromTeam = Effect.fn("skc.statsFromTeam")(function* (r: StatsRequest, source: string) {
  // Loaded only when asked for, as the team store itself.
  const team = yield* Effect.promise(() => import("./teamStats.js"))
  const scope = { source, machines: r.machines, users: r.users }
  return yield* r.all === true
    ? Effect.map(team.teamStatsAll({ ...r, ...scope }), (report): StatsView => ({ kind: "all", report }))
    : r.html === true
      ? Effect.map(team.teamStatsReport({ ...(r as StatsQuery), ...scope }), (report): StatsView => ({ kind: "html", report }))
      : Effect.map(team.teamStats({ ...(r as StatsQuery), ...scope }), (outcome): StatsView => ({ kind: "one", outcome }))
})
