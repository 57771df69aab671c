/**
 * `skc stats … --from <postgres-url>` / `--team` (issue 18): the same views
 * as `skc stats` (RFC-0003) — one skill in text or JSON, its HTML report,
 * and `--all` — answered by the team store over every machine's pushed rows,
 * optionally only some machines or users.
 *
 * The local use cases run unchanged: only their log reads are pointed at the
 * team store (the `AccessLog` port's `aggregate`, for the logs of the skills
 * concerned), so the counting rules, orderings and JSON shape stay exactly
 * RFC-0003's; the report gains `source` (where the rows came from) and,
 * when filtered, `machines`/`users`. `--all` lists the skills that resolve
 * here, as locally, each counted over the team's rows of that skill name.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import type { TeamSource } from "../../domain/stats.js"
import { homeAsTilde, identityHash } from "../../domain/teamRows.js"
import { Env } from "../../ports/Env.js"
import { AccessLog, type AccessLogService } from "../../ports/AccessLog.js"
import { Hasher } from "../../ports/Hasher.js"
import { TeamLogStore } from "../../ports/TeamLogStore.js"
import { ACROSS_SKILLS, logDbIn } from "./accessLog.js"
import { Settings } from "../shared/index.js"
import { type ResolvedSkill, resolveCommandSkill } from "../skills/index.js"
import { skillsInScope } from "../skills/index.js"
import { rowCount, stats, type StatsQuery } from "./stats.js"
import type { StatsFilters } from "../../domain/stats.js"
import { Warning } from "../../domain/errors.js"
import { warn } from "../../ports/Diagnostics.js"
import { statsAll, type StatsAllInput } from "./statsAll.js"
import { statsReport } from "./statsReport.js"

export interface TeamScope {
  /** The store as shown to people (never with a password). */
  readonly source: string
  /** Host or user names, or their hashes as `sync --to` printed them. */
  readonly machines?: ReadonlyArray<string>
  readonly users?: ReadonlyArray<string>
}

export type TeamStatsInput = StatsQuery & TeamScope

/** Each machine or user given, and its hash: people know host names, `sync --to` shows hashes. */
const identities = (sha256Hex: (s: string) => string, kind: "machine" | "user", values: ReadonlyArray<string> | undefined): ReadonlyArray<string> =>
  (values ?? []).flatMap((v) => [v, identityHash(sha256Hex, kind, v)])

/** The homes a push writes as `~` (`pushIdentity`). */
const homesOf = Effect.map(Effect.service(Env), (env) => [env.realHome])

/** Filters as the team store holds the rows: each `--project` as given and as pushed, its home written `~` (`homeAsTilde`). */
const pushedForm = (filters: StatsFilters, homes: ReadonlyArray<string>): StatsFilters => ({
  ...filters,
  projects: [...new Set(filters.projects.flatMap((p) => [p, homeAsTilde(p, homes)]))]
})

/** Whether `--machine` or `--user` narrows the team's rows. */
const narrowsTeam = (scope: TeamScope): boolean => (scope.machines ?? []).length > 0 || (scope.users ?? []).length > 0

/**
 * Run `use` with the access log of `skills` read from the team store (each
 * skill's rows by its name), and the global log's (skill `*`); any other log is still read locally.
 */
const onTeam = <A, E, R>(scope: TeamScope, skills: Effect.Effect<ReadonlyArray<ResolvedSkill>, E, R>, use: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const local = yield* AccessLog
    const team = yield* TeamLogStore
    const path = yield* Path
    const { sha256Hex } = yield* Hasher
    const byLog = new Map((yield* skills).map((s) => [logDbIn(s.runtimeDir, path), s.name]))
    // The global log of cross-skill questions nothing answered (`stats --all`'s `unanswered_all`): the team's
    // rows of skill `*`, as every machine pushes them. Before, the local machine's were shown as the team's.
    const { stores } = yield* Settings
    byLog.set(logDbIn(stores.globalDir, path), ACROSS_SKILLS)
    const homes = yield* homesOf
    const machines = identities(sha256Hex, "machine", scope.machines)
    const users = identities(sha256Hex, "user", scope.users)
    const pointed: AccessLogService = {
      ...local,
      aggregate: (dbFile, groupBy, filters) => {
        const name = byLog.get(dbFile)
        return name === undefined ? local.aggregate(dbFile, groupBy, filters) : team.aggregate(groupBy, { ...pushedForm(filters, homes), machines, users, skills: [name] })
      }
    }
    return yield* use.pipe(Effect.provideService(AccessLog, pointed))
  })

/** What a team view's report adds: where the rows came from and who was asked for. */
export const teamSourceOf = (scope: TeamScope): TeamSource => ({
  source: scope.source,
  ...(scope.machines && scope.machines.length > 0 ? { machines: [...scope.machines] } : {}),
  ...(scope.users && scope.users.length > 0 ? { users: [...scope.users] } : {})
})

/**
 * `--machine` and `--user` that let none of the skill's team rows through while it has some: said, with the
 * count without them (a host name typed otherwise than the one that pushed, `alice-laptop.local` for
 * `alice-laptop`, read as an unread skill). The store applies them, so the local check cannot see them.
 */
const sayTeamFilteredOut = Effect.fnUntraced(function* (scope: TeamScope, skill: string, filters: StatsFilters) {
  if (!narrowsTeam(scope)) return
  const team = yield* TeamLogStore
  const { sha256Hex } = yield* Hasher
  const asked = pushedForm(filters, yield* homesOf)
  const count = (machines: ReadonlyArray<string>, users: ReadonlyArray<string>) =>
    team.aggregate("commands", { ...asked, machines, users, skills: [skill] }).pipe(Effect.map((rows) => rowCount(rows, filters)))
  // Recovery: the note only adds to the report; a store that cannot count leaves it out.
  const narrowed = yield* count(identities(sha256Hex, "machine", scope.machines), identities(sha256Hex, "user", scope.users)).pipe(Effect.orElseSucceed(() => 1))
  if (narrowed > 0) return
  // Recovery: as above.
  const all = yield* count([], []).pipe(Effect.orElseSucceed(() => 0))
  if (all === 0) return
  const given = [...(scope.machines ?? []).map((m) => `--machine ${m}`), ...(scope.users ?? []).map((u) => `--user ${u}`)].join(", ")
  yield* warn(Warning.notice(`no team row of '${skill}' passes ${given}: the team database holds ${all} of its rows without them (sync --to lists machines and users by hash)`))
})

/** One skill's view (text or JSON). */
export const teamStats = Effect.fn("skc.teamStats")(function* (input: TeamStatsInput) {
  const outcome = yield* onTeam(input, Effect.map(resolveCommandSkill(input.skill), (s) => [s]), stats(input))
  // The skill and filters the view resolved, not resolved again.
  yield* sayTeamFilteredOut(input, outcome.report.skill, outcome.report.filters)
  return { ...outcome, report: { ...outcome.report, ...teamSourceOf(input) } }
})

/** One skill's HTML report. */
export const teamStatsReport = Effect.fn("skc.teamStatsReport")(function* (input: Parameters<typeof statsReport>[0] & TeamScope) {
  const report = yield* onTeam(input, Effect.map(resolveCommandSkill(input.skill), (s) => [s]), statsReport(input))
  return { ...report, ...teamSourceOf(input) }
})

/** `--all`: every skill that resolves here, over the team's rows. */
export const teamStatsAll = Effect.fn("skc.teamStatsAll")(function* (input: StatsAllInput & TeamScope) {
  const report = yield* onTeam(input, skillsInScope, statsAll(input))
  // --machine or --user that let no row of any skill through: every skill listed "never read" said why.
  if (narrowsTeam(input) && report.skills.length > 0 && report.skills.every((r) => r.accesses === 0)) {
    const team = yield* TeamLogStore
    const names = report.skills.map((r) => r.skill)
    // Recovery: the note only adds to the report; a store that cannot count leaves it out.
    const all = yield* team
      .aggregate("commands", { ...pushedForm(report.filters, yield* homesOf), machines: [], users: [], skills: names })
      .pipe(Effect.map((rows) => rowCount(rows, report.filters)), Effect.orElseSucceed(() => 0))
    if (all > 0) yield* warn(Warning.notice(`no team row of any skill passes the --machine or --user given: the team database holds ${all} of their rows without them`))
  }
  return { ...report, ...teamSourceOf(input) }
})
