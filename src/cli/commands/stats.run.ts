// Handler of `skc stats`, shared by the @effect/cli command and the fast path.
import { Clock, Effect, Option, Schema } from "effect"
import { InvalidOption } from "../../domain/errors.js"
import { effectiveLimit } from "../../domain/stats.js"
import { checkFormat, json, runWithLive, write } from "../runtime.js"

export interface StatsFlags {
  readonly skill: Option.Option<string>
  readonly groupBy: string
  readonly since: Option.Option<string>
  readonly until: Option.Option<string>
  readonly project: ReadonlyArray<string>
  readonly includeAuthor: boolean
  readonly limit: Option.Option<number>
  readonly all: boolean
  readonly format: string
  readonly verbose: boolean
}

const invalid = (message: string) => Effect.fail(new InvalidOption({ message }))

export const runStats = (o: StatsFlags) =>
  runWithLive(
    { verbose: o.verbose },
    Effect.gen(function* () {
      const format = yield* checkFormat(o.format, ["text", "json", "html"] as const)
      const skill = Option.getOrUndefined(o.skill)
      if (o.all && skill !== undefined) return yield* invalid("--all takes no skill: it reports every skill that resolves from here")
      if (!o.all && skill === undefined) return yield* invalid("missing skill (or --all for every skill)")
      if ((o.all || format === "html") && o.groupBy !== "summary") {
        return yield* invalid(`--group-by ${o.groupBy} is for one skill in text or JSON; ${o.all ? "--all" : "--format html"} shows its own view`)
      }
      const given = Option.getOrUndefined(o.limit)
      if (given !== undefined && given < 1) return yield* invalid("--limit must be at least 1")
      const limit = effectiveLimit(given, format)
      const common = {
        since: Option.getOrUndefined(o.since),
        until: Option.getOrUndefined(o.until),
        project: o.project.length === 0 ? undefined : [...o.project],
        include_author: o.includeAuthor ? true : undefined
      }
      const now = yield* Clock.currentTimeMillis

      if (o.all) {
        const [{ statsAll }, { renderStatsAll }, { renderAllHtml }] = yield* Effect.promise(() =>
          Promise.all([import("../../app/statsAll.js"), import("../render/stats.js"), import("../../render/statsHtml.js")])
        )
        const report = yield* statsAll({ ...common, limit: format === "html" ? given : limit })
        if (format === "json") return yield* write(json(report))
        return yield* write(format === "html" ? renderAllHtml(report, now) : renderStatsAll(report, now))
      }

      const [{ stats, StatsInput, statsLogArgs }, { logged }, { renderStats }] = yield* Effect.promise(() =>
        Promise.all([import("../../app/stats.js"), import("../../app/accessLog.js"), import("../render/stats.js")])
      )
      const input = yield* Schema.decodeUnknown(StatsInput)({ skill, group_by: o.groupBy, ...common, limit }).pipe(
        Effect.mapError((e) => new InvalidOption({ message: e.message }))
      )
      // The limit as given (not text's default of 10): the command's own parameters (DECISIONS #18).
      const logArgs = statsLogArgs({ ...input, limit: given })
      if (format === "html") {
        const [{ statsReport }, { renderSkillHtml }] = yield* Effect.promise(() =>
          Promise.all([import("../../app/statsReport.js"), import("../../render/statsHtml.js")])
        )
        const report = yield* statsReport(input).pipe(logged("stats", input.skill, () => logArgs))
        return yield* write(renderSkillHtml(report, now))
      }
      const outcome = yield* stats(input).pipe(logged("stats", input.skill, () => logArgs))
      if (format === "json") return yield* write(json(outcome.report))
      return yield* write(renderStats(outcome, now))
    })
  )
