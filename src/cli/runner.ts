/**
 * The one generic runner of every CLI command (fast path and effect/cli
 * alike): check `--format`, load the command's handler, turn the flags into
 * the use case's input, run it on the live layer (logged when it names a
 * skill, DECISIONS #17/#18), print text or JSON, and answer the exit status
 * as a value. Failures stay typed; src/cli/main.ts renders them.
 */
import { Clock, Effect, Option } from "effect"
import type { AnyCommandSpec, EmitContext, Handler } from "../commands/spec.js"
import { InternalError, InvalidOption, type SkcError, Warning } from "../domain/errors.js"
import { warn } from "../ports/Diagnostics.js"
import { jsonText, printText } from "../commands/output.js"
import { Settings } from "../app/shared/Settings.js"
import { logCall } from "../commands/logging.js"
import { CallerRole } from "../app/usage/accessLog.js"
import { AnswerSurfaceRef } from "../app/shared/answerSurface.js"
import { cliCallerRole, isRole } from "../domain/stats.js"
import { Progress } from "../ports/Progress.js"
import { colourAllowed, Env } from "../ports/Env.js"
import { checkFormat, runWithLive } from "./runtime.js"
import { cliProgress, HeapTuningLive } from "../layers.js"
import { shellWord } from "../domain/shellWord.js"

/** Flags every command has, as both parsers give them. */
interface CommonValues {
  readonly format: string
  readonly verbose: boolean
  readonly [key: string]: unknown
}

/**
 * The use case's input from the flags: required flags present (E100
 * otherwise, DECISIONS #32), then the handler's raw input decoded with its
 * Schema, or its own `fromFlags`.
 */
const inputOf = <I>(spec: AnyCommandSpec, handler: Handler<CommonValues, I, unknown>, values: CommonValues): Effect.Effect<I, SkcError> => {
  for (const [key, f] of Object.entries(spec.flags)) {
    if (f.required === true && Option.isOption(values[key]) && Option.isNone(values[key])) {
      // `skc show pdf`: the agent has the skill and no heading yet; the command that lists the headings is the way on.
      const headings = spec.name === "show" && f.name === "section" && typeof values.skill === "string" ? values.skill : undefined
      return Effect.fail(
        new InvalidOption({
          message: `missing required option --${f.name}`,
          ...(headings === undefined ? {} : { suggestion: `the headings to choose from: skc outline ${shellWord(headings)}` })
        })
      )
    }
  }
  if (handler.fromFlags !== undefined) return handler.fromFlags(values)
  const { input, toInput } = handler
  if (input === undefined || toInput === undefined) {
    return Effect.fail(new InternalError({ message: `command ${spec.name}: the handler has neither fromFlags nor input and toInput` }))
  }
  return Effect.flatMap(
    Effect.promise(() => import("../commands/decode.js")),
    ({ decodeFlags }) => decodeFlags(input, toInput(values))
  )
}

/**
 * Everything the runner checks before the use case runs: `--format` among its values, required flags
 * present, the flags decoded into the use case's input (allowed values, ranges, combinations). No service,
 * no side effect: `runCommand` runs the use case on what this answers, `checkArgv` (src/cli/main.ts) stops here.
 */
export const checkInvocation = (spec: AnyCommandSpec, values: CommonValues) =>
  Effect.gen(function* () {
    const format = yield* checkFormat(values.format, spec.flags.format.choices ?? ["text", "json"])
    const handler = yield* Effect.promise(() => spec.load())
    const input = yield* inputOf(spec, handler, values)
    return { format, handler, input }
  })

export const runCommand = (spec: AnyCommandSpec, values: CommonValues): Effect.Effect<number, unknown> =>
  runWithLive(
    { verbose: values.verbose },
    Effect.gen(function* () {
      const { format, handler, input } = yield* checkInvocation(spec, values)
      const run = handler.run(input).pipe(Effect.provideService(Progress, cliProgress()))
      const useCase = spec.batch === true ? Effect.provide(run, HeapTuningLive) : run
      // DECISIONS #45: who makes this call, recorded with every row it logs.
      const env = yield* Env
      const skcRole = env.get("SKC_ROLE")
      // A role other than the two (`Author`, `agents`) fell back to the terminal test without a word, so
      // the calls counted as the other reader's; said as an invalid SKILLC_TOKENIZER is.
      if (skcRole !== undefined && skcRole !== "" && !isRole(skcRole)) {
        yield* warn(Warning.notice(`invalid SKC_ROLE value '${skcRole}' (expected 'agent' or 'author'); ignored`))
      }
      const role = cliCallerRole(skcRole, env.stdinIsTTY, env.stdoutIsTTY)
      // An answer's budget (`--max-bytes`) is of the one form printed, not of an MCP tool result's two.
      const surface = format === "json" ? "json" : "text"
      const result = yield* logCall(spec.name, handler.log, input, useCase).pipe(
        Effect.provideService(CallerRole, { role }),
        Effect.provideService(AnswerSurfaceRef, surface),
        Effect.tapError((error) => (handler.emitFailure === undefined ? Effect.void : handler.emitFailure(error as SkcError, input, format)))
      )
      const { stores } = yield* Settings
      const ctx: EmitContext = {
        format,
        cwd: stores.cwd,
        home: stores.home,
        verbose: values.verbose,
        colour: colourAllowed(env, "stdout"),
        now: yield* Clock.currentTimeMillis
      }
      if (handler.emit !== undefined) yield* handler.emit(result, ctx, input)
      else yield* printText(format === "json" ? jsonText(handler.json === undefined ? result : handler.json(result)) : handler.text(result, ctx))
      return handler.exitStatus === undefined ? 0 : handler.exitStatus(result)
    })
  )
