// Handler of `skc stats`, shared by the @effect/cli command and the fast path.
import { Clock, Effect, Option, Schema } from "effect"
import { InvalidOption } from "../../domain/errors.js"
import { checkFormat, json, runWithLive, write } from "../runtime.js"

export interface StatsFlags {
  readonly skill: string
  readonly groupBy: string
  readonly since: Option.Option<string>
  readonly until: Option.Option<string>
  readonly project: ReadonlyArray<string>
  readonly format: string
  readonly verbose: boolean
}

export const runStats = (o: StatsFlags) =>
  runWithLive(
    { verbose: o.verbose },
    Effect.gen(function* () {
      const format = yield* checkFormat(o.format, ["text", "json"] as const)
      const [{ stats, StatsInput }, { logged }, { renderStats }] = yield* Effect.promise(() =>
        Promise.all([import("../../app/stats.js"), import("../../app/accessLog.js"), import("../render/stats.js")])
      )
      const input = yield* Schema.decodeUnknown(StatsInput)({
        skill: o.skill,
        group_by: o.groupBy,
        since: Option.getOrUndefined(o.since),
        until: Option.getOrUndefined(o.until),
        project: o.project.length === 0 ? undefined : [...o.project]
      }).pipe(Effect.mapError((e) => new InvalidOption({ message: e.message })))
      const outcome = yield* stats(input).pipe(
        logged("stats", input.skill, () => ({ group_by: input.group_by, since: input.since, until: input.until, project: input.project ?? [] }))
      )
      if (format === "json") return yield* write(json(outcome.report))
      return yield* write(renderStats(outcome, yield* Clock.currentTimeMillis))
    })
  )
