/**
 * The one generic runner of every CLI command (fast path and @effect/cli
 * alike): check `--format`, load the command's handler, turn the flags into
 * the use case's input, run it on the live layer (logged when it names a
 * skill, DECISIONS #17/#18), print text or JSON, and answer the exit status
 * as a value. Failures stay typed; src/cli/main.ts renders them.
 */
import { Clock, Effect } from "effect"
import type { AnyCommandSpec, EmitContext } from "../commands/spec.js"
import { jsonText, printText } from "../commands/output.js"
import { Settings } from "../app/Settings.js"
import { logCall } from "../commands/logging.js"
import { stderrProgress } from "../adapters/node/StderrProgress.js"
import { Progress } from "../ports/Progress.js"
import { checkFormat, runWithLive } from "./runtime.js"

/** Flags every command has, as both parsers give them. */
interface CommonValues {
  readonly format: string
  readonly verbose: boolean
  readonly [key: string]: unknown
}

export const runCommand = (spec: AnyCommandSpec, values: CommonValues): Effect.Effect<number, unknown> =>
  runWithLive(
    { verbose: values.verbose },
    Effect.gen(function* () {
      const format = yield* checkFormat(values.format, spec.flags.format.choices ?? ["text", "json"])
      const handler = yield* Effect.promise(() => spec.load())
      const input = yield* handler.fromFlags(values)
      const useCase = handler.run(input).pipe(Effect.provideService(Progress, stderrProgress()))
      const result = yield* logCall(spec.name, handler.log, input, useCase)
      const { stores } = yield* Settings
      const ctx: EmitContext = {
        format,
        cwd: stores.cwd,
        home: stores.home,
        verbose: values.verbose,
        colour: process.stdout.isTTY === true && (process.env.NO_COLOR ?? "") === "",
        now: yield* Clock.currentTimeMillis
      }
      if (handler.emit !== undefined) yield* handler.emit(result, ctx)
      else yield* printText(format === "json" ? jsonText(handler.json === undefined ? result : handler.json(result)) : handler.text(result, ctx))
      return handler.exitStatus === undefined ? 0 : handler.exitStatus(result)
    })
  )
