/**
 * The CLI entry. `--version` and well-formed invocations of hot commands
 * run on the fast path; everything else goes through @effect/cli (loaded
 * lazily). Every failure maps to its RFC-0005 line on stderr and exit
 * status 1; nothing but a command's result reaches stdout, and no stack
 * trace reaches a user unless `-v`.
 */
import { Cause, Effect, Exit, Option } from "effect"
import { InternalError, isSkcError, renderError, type SkcError } from "../domain/errors.js"
import { VERSION } from "../domain/version.js"
import { isVerboseEnv } from "../layers.js"
import { fastCommands, parseFast } from "./fast.js"
import { runCommand } from "./runner.js"

export { VERSION }

const toSkcError = (cause: Cause.Cause<unknown>): { error: SkcError; defect?: unknown } => {
  const failure = Cause.failureOption(cause) as Option.Option<unknown>
  if (Option.isSome(failure)) {
    const e = failure.value
    if (isSkcError(e)) return { error: e }
    return { error: new InternalError({ message: String((e as Error)?.message ?? e), cause: e }), defect: e }
  }
  const defect = Cause.squash(cause)
  const message = defect instanceof Error ? defect.message : String(defect)
  return { error: new InternalError({ message, cause: defect }), defect }
}

/** The invocation as an effect whose value is the exit status. */
const program = (args: ReadonlyArray<string>): Effect.Effect<number, unknown> => {
  const fast = args.length > 0 ? fastCommands[args[0]!] : undefined
  const values = fast === undefined ? undefined : parseFast(fast, args.slice(1))
  if (fast !== undefined && values !== undefined) return runCommand(fast.spec, values as { format: string; verbose: boolean })
  return Effect.flatMap(
    Effect.promise(() => import("./app.js")),
    ({ runFullCli }) => runFullCli(args.length === 0 ? ["--help"] : args)
  )
}

export const main = async (argv: ReadonlyArray<string>): Promise<number> => {
  if (argv.length === 1 && argv[0] === "--version") {
    process.stdout.write(VERSION + "\n")
    return 0
  }
  const verboseOn = argv.includes("-v") || argv.includes("--verbose") || isVerboseEnv()
  const exit = await Effect.runPromiseExit(program(argv))
  if (Exit.isSuccess(exit)) return exit.value
  if (Cause.isInterruptedOnly(exit.cause)) return 130
  const { error, defect } = toSkcError(exit.cause)
  process.stderr.write(renderError(error) + "\n")
  if (verboseOn && defect !== undefined) {
    process.stderr.write(`${defect instanceof Error && defect.stack ? defect.stack : Cause.pretty(exit.cause)}\n`)
  }
  return 1
}
