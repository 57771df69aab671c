/**
 * The start and the end of every CLI invocation, shared by the full entry
 * (main.ts) and the per-command entries (single.ts), so both begin and end
 * the same way. `begin`: the output guards, `-v`, and the home check (no
 * usable home is an error before anything runs). `exitStatus`: an `Exit` to
 * the process's exit status — a failure becomes its RFC-0005 line on stderr
 * and status 1, an interrupt is 130, a defect's stack trace is printed only
 * with `-v`.
 */
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import { renderError, skcErrorOfCause } from "../domain/errors.js"
import { isVerboseEnv } from "../layers.js"
import { visible } from "../domain/visible.js"
import { cwdProblem, homeProblem, homeWarning } from "./home.js"
import { guardOutputStreams } from "./stdout.js"
import { isAbsolute } from "node:path"

/**
 * Begin an invocation: `{ verboseOn }` to go on with, or the exit status when
 * it must end here (no usable home; its error line is written). `checkHome`
 * false skips the check (help needs no home).
 */
export const begin = (argv: ReadonlyArray<string>, checkHome: boolean): { readonly verboseOn: boolean } | number => {
  guardOutputStreams()
  const noHome = checkHome ? (homeProblem(process.env) ?? (namesItsProject(argv) ? undefined : cwdProblem())) : undefined
  if (noHome !== undefined) {
    process.stderr.write(renderError(noHome) + "\n")
    return 1
  }
  const homeNote = checkHome ? homeWarning(process.env) : undefined
  if (homeNote !== undefined) process.stderr.write(visible(homeNote) + "\n")
  return { verboseOn: argv.includes("-v") || argv.includes("--verbose") || isVerboseEnv() }
}

/**
 * `skc mcp --project <absolute path>`: the server works in the project it is given (DECISIONS #47), so a
 * working directory removed under it does not matter; it refused to start, saying the cwd was gone.
 */
const namesItsProject = (argv: ReadonlyArray<string>): boolean => {
  if (argv[0] !== "mcp") return false
  const at = argv.findIndex((a) => a === "--project" || a.startsWith("--project="))
  if (at === -1) return false
  const value = argv[at]!.startsWith("--project=") ? argv[at]!.slice("--project=".length) : argv[at + 1]
  return value !== undefined && isAbsolute(value)
}

/** The exit status of a finished invocation, after writing its error line (and, with `-v`, the stack) to stderr. */
export const exitStatus = (exit: Exit.Exit<number, unknown>, verboseOn: boolean): number => {
  if (Exit.isSuccess(exit)) return exit.value
  if (Cause.hasInterruptsOnly(exit.cause)) return 130
  const { error, defect } = skcErrorOfCause(exit.cause)
  process.stderr.write(renderError(error) + "\n")
  if (verboseOn && defect !== undefined) {
    process.stderr.write(`${defect instanceof Error && defect.stack ? defect.stack : Cause.pretty(exit.cause)}\n`)
  }
  return 1
}
