/**
 * Running a command's use case: the part of the CLI that does not need
 * @effect/cli, so the fast path (src/cli/fast.ts) can run well-formed
 * invocations of hot commands without loading the parser library.
 */
import { Effect, Layer } from "effect"
import { InvalidOption } from "../domain/errors.js"
import type { Tokenizer } from "../domain/config.js"
import { isVerboseEnv, livePorts } from "./layers.js"

/** Unknown `--format` values are E100 (DECISIONS #32). */
export const checkFormat = <F extends string>(value: string, formats: ReadonlyArray<F>): Effect.Effect<F, InvalidOption> =>
  (formats as ReadonlyArray<string>).includes(value)
    ? Effect.succeed(value as F)
    : Effect.fail(new InvalidOption({ message: `unknown format '${value}' (expected ${formats.join(", ")})` }))

export interface RunOptions {
  readonly verbose: boolean
  readonly cliTokenizer?: Tokenizer
}

export const write = (text: string) =>
  Effect.sync(() => {
    if (text.length > 0) process.stdout.write(text.endsWith("\n") ? text : text + "\n")
  })

export const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n"

let exitStatus = 0
/**
 * A command that succeeded as a command but reports a failure through its
 * exit status (`skc run`: the tool's own exit code, tool-skills spec §4.3).
 */
export const setExitStatus = (status: number) => Effect.sync(() => void (exitStatus = status))
export const requestedExitStatus = () => exitStatus

/**
 * Run `program` (a use case plus its rendering) with the live ports. The
 * verbose flag is honoured from the option or `SKC_VERBOSE`.
 */
export const runWithLive = <A, E, R>(options: RunOptions, program: Effect.Effect<A, E, R>) => {
  const verboseOn = options.verbose || isVerboseEnv()
  const started = performance.now()
  const layer = livePorts(verboseOn, options.cliTokenizer === undefined ? {} : { cliTokenizer: options.cliTokenizer })
  return program.pipe(
    Effect.provide(layer as Layer.Layer<R>),
    Effect.ensuring(
      verboseOn
        ? Effect.sync(() => void process.stderr.write(`skc: done in ${(performance.now() - started).toFixed(1)} ms\n`))
        : Effect.void
    )
  )
}
