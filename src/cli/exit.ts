/**
 * The end of every CLI invocation: an `Exit` to the process's exit status.
 * A failure becomes its RFC-0005 line on stderr and status 1; an interrupt
 * is 130; a defect's stack trace is printed only with `-v`. Shared by the
 * full entry (main.ts) and the per-command entries (single.ts), so both
 * end the same way.
 */
import * as Cause from "effect/Cause"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { InternalError, isSkcError, renderError, type SkcError } from "../domain/errors.js"

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

/** The exit status of a finished invocation, after writing its error line (and, with `-v`, the stack) to stderr. */
export const exitStatus = (exit: Exit.Exit<number, unknown>, verboseOn: boolean): number => {
  if (Exit.isSuccess(exit)) return exit.value
  if (Cause.isInterruptedOnly(exit.cause)) return 130
  const { error, defect } = toSkcError(exit.cause)
  process.stderr.write(renderError(error) + "\n")
  if (verboseOn && defect !== undefined) {
    process.stderr.write(`${defect instanceof Error && defect.stack ? defect.stack : Cause.pretty(exit.cause)}\n`)
  }
  return 1
}
