/**
 * Running a program on the live layer: the part of the CLI that does not
 * need effect/cli, so the fast path (src/cli/fast.ts) can run well-formed
 * invocations of hot commands without loading the parser library.
 */
import { Effect } from "effect"
import { InvalidOption } from "../domain/errors.js"
import type { Tokenizer } from "../domain/config.js"
import { isVerboseEnv, Live, stderrDiagnostics, type LiveServices } from "../layers.js"

/** Unknown `--format` values are E100 (DECISIONS #32). */
export const checkFormat = (value: string, formats: ReadonlyArray<string>): Effect.Effect<string, InvalidOption> =>
  formats.includes(value)
    ? Effect.succeed(value)
    : Effect.fail(new InvalidOption({ message: `unknown format '${value}' (expected ${formats.join(", ")})` }))

export interface RunOptions {
  readonly verbose: boolean
  readonly cliTokenizer?: Tokenizer
}

/**
 * Run `program` with the live layer. Only programs whose requirements `Live`
 * provides are accepted (test/types/layers.test.ts keeps it so). The verbose
 * flag is honoured from the option or `SKC_VERBOSE`.
 */
export const runWithLive = <A, E>(options: RunOptions, program: Effect.Effect<A, E, LiveServices>) => {
  const verboseOn = options.verbose || isVerboseEnv()
  // process.hrtime, not performance.now(): the first use of `performance` loads perf_hooks (issue 30).
  const started = process.hrtime.bigint()
  const layer = Live({
    diagnostics: stderrDiagnostics(verboseOn),
    ...(options.cliTokenizer === undefined ? {} : { cliTokenizer: options.cliTokenizer })
  })
  return program.pipe(
    Effect.provide(layer),
    Effect.ensuring(
      verboseOn
        ? Effect.sync(() => void process.stderr.write(`skc: done in ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)} ms\n`))
        : Effect.void
    )
  )
}
