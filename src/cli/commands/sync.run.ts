// Handler of `skc sync`. Successes go to stdout; each failed skill is an
// error line on stderr and the command exits 1 (RFC-0007:C-SYNC partial failure).
import { Effect, Option } from "effect"
import { renderError } from "../../domain/errors.js"
import { checkFormat, json, runWithLive, write } from "../runtime.js"

export interface SyncFlags {
  readonly skill: Option.Option<string>
  readonly project: Option.Option<string>
  readonly dryRun: boolean
  readonly format: string
  readonly verbose: boolean
}

export const runSync = (o: SyncFlags) =>
  runWithLive(
    { verbose: o.verbose },
    Effect.gen(function* () {
      const format = yield* checkFormat(o.format, ["text", "json"] as const)
      const [{ sync }, { renderSync, syncJson }] = yield* Effect.promise(() =>
        Promise.all([import("../../app/sync.js"), import("../render/sync.js")])
      )
      const result = yield* sync({ skill: Option.getOrUndefined(o.skill), project: Option.getOrUndefined(o.project), dry_run: o.dryRun })
      yield* write(format === "json" ? json(syncJson(result)) : renderSync(result))
      const failures = result.failed.map((f) => f.error)
      const last = failures.at(-1)
      if (last === undefined) return
      // main prints the last one; the others first, in order.
      for (const e of failures.slice(0, -1)) process.stderr.write(renderError(e) + "\n")
      return yield* Effect.fail(last)
    })
  )
