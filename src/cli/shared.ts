/**
 * What every command shares: `--format`, `-v/--verbose`, running a use case
 * on the live layer, and writing its rendered output.
 */
import { Args, HelpDoc, Options } from "@effect/cli"
import { Data, Effect, Layer } from "effect"
import { InvalidOption } from "../domain/errors.js"
import type { Tokenizer } from "../domain/config.js"
import { isVerboseEnv, livePorts } from "./layers.js"

export const verboseOption = Options.boolean("verbose").pipe(
  Options.withAlias("v"),
  Options.withDescription("Print resolved paths and timings to stderr (also SKC_VERBOSE=1).")
)

export const formatOption = <const F extends ReadonlyArray<string>>(formats: F = ["text", "json"] as unknown as F) =>
  Options.text("format").pipe(
    Options.withDescription(`Output format: ${formats.join(", ")}.`),
    Options.withDefault(formats[0] as string)
  )

/** Unknown `--format` values are E100 (DECISIONS #32). */
export const checkFormat = <F extends string>(value: string, formats: ReadonlyArray<F>): Effect.Effect<F, InvalidOption> =>
  (formats as ReadonlyArray<string>).includes(value)
    ? Effect.succeed(value as F)
    : Effect.fail(new InvalidOption({ message: `unknown format '${value}' (expected ${formats.join(", ")})` }))

export const optionalNumber = (name: string, description: string) =>
  Options.integer(name).pipe(Options.withDescription(description), Options.optional)

export interface RunOptions {
  readonly verbose: boolean
  readonly cliTokenizer?: Tokenizer
}

export const write = (text: string) =>
  Effect.sync(() => {
    if (text.length > 0) process.stdout.write(text.endsWith("\n") ? text : text + "\n")
  })

export const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n"

/**
 * Run `program` (a use case plus its rendering) with the live ports. The
 * verbose flag is honoured from the option or `SKC_VERBOSE`.
 */
export const runWithLive = <A, E, R>(
  options: RunOptions,
  program: Effect.Effect<A, E, R>
) => {
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

/**
 * A positional argument. @effect/cli would take an unknown flag such as
 * `--bogus` as the argument's value; a value starting with `-` is refused as
 * an unknown option instead (E100), so typos never become skill names.
 */
export const positional = (name: string, description: string) =>
  Args.text({ name }).pipe(
    Args.withDescription(description),
    Args.mapEffect((value) =>
      value.startsWith("-") && value.length > 1
        ? Effect.fail(HelpDoc.p(`unknown option '${value}'`))
        : Effect.succeed(value)
    )
  )

/**
 * Exit with a status without printing an error line: the command has already
 * reported why (e.g. `skc lint` when an error-severity rule fired, RFC-0008:C-DIAGNOSTICS).
 */
export class ExitStatus extends Data.TaggedError("ExitStatus")<{ readonly code: number }> {}
