/**
 * A target of a many-skill run that failed (`skc build a b`, `skc lint a b`):
 * the run goes on with the others, and its document says what failed and
 * why, as the error would have been printed had the target been named alone.
 * One shape for every command that takes several skills, so that a CI
 * script reads `build` and `lint` failures alike.
 */
import { errorHeadline, isSkcError, renderError } from "../../domain/errors.js"

export interface TargetFailure {
  /** The RFC-0005 code (`E001`), null for an `error:` line without one (DECISIONS #34). */
  readonly code: string | null
  /** The error's first line, exactly as RFC-0005 words it (`error[E001]: skill 'x' not found`). */
  readonly message: string
  /** Every line printed for it: the first line, then the indented detail. */
  readonly text: string
}

export const targetFailure = (error: unknown): TargetFailure => {
  if (isSkcError(error)) return { code: error.code ?? null, message: errorHeadline(error), text: renderError(error) }
  const message = `error[E999]: ${String(error)}`
  return { code: "E999", message, text: message }
}
