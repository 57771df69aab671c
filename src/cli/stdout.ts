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
import { endOnWriteFailure, NOT_CREATED } from "../layers.js"

let installed = false

/**
 * Run `guard` on `process[name]` when the stream is first created, not
 * before: Node creates each standard stream on first use, and creating
 * stderr (a pipe, for agents and CI: Node's `net` module) costs a fresh
 * process a few milliseconds that most commands, which write nothing to
 * it, never need (issue 30); stdout likewise, which `writeStdout` writes
 * without a stream. Where Node's getter cannot be wrapped, the
 * stream is created and guarded at once.
 */
const guardWhenCreated = (name: "stdout" | "stderr", guard: (stream: NodeJS.WriteStream) => void): void => {
  const original = Object.getOwnPropertyDescriptor(process, name)
  const create = original?.get
  if (original === undefined || create === undefined || original.configurable !== true) {
    guard(process[name])
    return
  }
  const get = Object.assign(
    function () {
      Object.defineProperty(process, name, original)
      const stream = create.call(process) as NodeJS.WriteStream
      guard(stream)
      return stream
    },
    // Until then, the Output port's Node adapter (`writeStdout`) writes to the descriptor itself.
    { [NOT_CREATED]: true }
  )
  Object.defineProperty(process, name, { ...original, get })
}

export const guardOutputStreams = (): void => {
  if (installed) return
  installed = true
  guardWhenCreated("stdout", (stdout) => stdout.on("error", endOnWriteFailure))
  guardWhenCreated("stderr", (stderr) =>
    stderr.on("error", () => process.exit(process.exitCode === undefined ? 0 : Number(process.exitCode)))
  )
}
