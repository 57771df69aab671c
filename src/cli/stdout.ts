/**
 * What happens when the output cannot be written (issue 19).
 *
 * - EPIPE on stdout (`skc … | head`): the reader has what it wanted; the
 *   process ends quietly with status 0, as `head` expects of its writer.
 * - Any other write error (ENOSPC on a full disk, EIO): one error line on
 *   stderr and status 1 — never Node's "Unhandled 'error' event" stack trace.
 * - stderr itself failing: nothing left to tell, so end quietly with the
 *   status the command would have had.
 *
 * Node reports these as 'error' events on the streams (also for the
 * synchronous pipes and files of Linux), so listeners are all it takes.
 */
const messages: Record<string, string> = {
  ENOSPC: "no space left on device",
  EIO: "input/output error",
  EDQUOT: "disk quota exceeded",
  EFBIG: "file too large"
}

export const describeWriteError = (e: NodeJS.ErrnoException): string => {
  const code = e.code ?? "EIO"
  return `error: cannot write to standard output: ${messages[code] ?? e.message} (${code})`
}

let installed = false

export const guardOutputStreams = (): void => {
  if (installed) return
  installed = true
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0)
    try {
      process.stderr.write(describeWriteError(e) + "\n")
    } catch {
      // stderr is gone too.
    }
    process.exit(1)
  })
  process.stderr.on("error", () => process.exit(process.exitCode === undefined ? 0 : Number(process.exitCode)))
}
