/**
 * `skc stats <skill> --from <postgres-url>` (issue 18): the same views as
 * `skc stats` (RFC-0003), answered by the team store over every machine's
 * pushed rows of the skill, optionally only some machines or users.
 *
 * The local use case runs unchanged: only its log read is pointed at the
 * team store (the `AccessLog` port's `aggregate`, for this skill's log), so
 * the counting rules, orderings and JSON shape stay exactly RFC-0003's; the
 * report gains `source` (where the rows came from) and, when filtered,
 * `machines`/`users`.
 */
import { Effect } from "effect"
import { Path } from "@effect/platform/Path"
import { identityHash } from "../domain/teamRows.js"
import { AccessLog } from "../ports/AccessLog.js"
import { Hasher } from "../ports/Hasher.js"
import { TeamLogStore } from "../ports/TeamLogStore.js"
import { logDbIn } from "./accessLog.js"
import { resolveSkill } from "./resolve.js"
import { stats, type StatsInput } from "./stats.js"

export interface TeamStatsInput extends StatsInput {
  /** The store as shown to people (never with a password). */
  readonly source: string
  /** Host or user names, or their hashes as `sync --to` printed them. */
  readonly machines?: ReadonlyArray<string>
  readonly users?: ReadonlyArray<string>
}

export const teamStats = (input: TeamStatsInput) =>
  Effect.gen(function* () {
    const local = yield* AccessLog
    const team = yield* TeamLogStore
    const path = yield* Path
    const { sha256Hex } = yield* Hasher
    const skill = yield* resolveSkill(input.skill)
    const ownLog = logDbIn(skill.runtimeDir, path)
    // A name or its hash: people know host names, `sync --to` shows hashes.
    const either = (kind: "machine" | "user", values: ReadonlyArray<string> | undefined) =>
      (values ?? []).flatMap((v) => [v, identityHash(sha256Hex, kind, v)])
    const machines = either("machine", input.machines)
    const users = either("user", input.users)
    const pointed = {
      ...local,
      aggregate: (dbFile: string, groupBy: Parameters<typeof local.aggregate>[1], filters: Parameters<typeof local.aggregate>[2]) =>
        dbFile === ownLog
          ? team.aggregate(groupBy, { ...filters, machines, users, skills: [skill.name] })
          : local.aggregate(dbFile, groupBy, filters)
    }
    const outcome = yield* stats(input).pipe(Effect.provideService(AccessLog, pointed))
    const who = {
      ...(input.machines && input.machines.length > 0 ? { machines: [...input.machines] } : {}),
      ...(input.users && input.users.length > 0 ? { users: [...input.users] } : {})
    }
    return { ...outcome, report: { ...outcome.report, source: input.source, ...who } }
  })
