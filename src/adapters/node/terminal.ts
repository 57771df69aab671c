/**
 * Whether a standard stream is a terminal, without creating
 * `process.stdin`/`stdout`/`stderr`: the first use of one loads Node's
 * stream modules (for a pipe, `net` too; for a file or `/dev/null`, the file
 * streams and `fs/promises`), 2–4 ms of a fresh process's start-up each,
 * while most commands never read standard input and write nothing to
 * standard error (issue 30).
 *
 * A terminal is a character device, so one `fstat` settles pipes, files and
 * sockets, which is what agents and CI give. `/dev/null` (a child started
 * with its stdio ignored) is a character device too and is recognised by
 * its device number. Any other character device asks `tty.isatty`, as Node
 * itself does when it creates the stream.
 */
import { fstatSync, statSync } from "node:fs"
import { lazy } from "../../domain/lazy.js"

const known = new Map<number, boolean>()

/** `/dev/null`'s device number, looked up once (undefined on Windows or where it cannot be). */
const devNull = lazy((): { readonly rdev: bigint | undefined } => {
  if (process.platform === "win32") return { rdev: undefined }
  try {
    return { rdev: statSync("/dev/null", { bigint: true }).rdev }
  } catch {
    return { rdev: undefined }
  }
})

const probe = (fd: number): boolean => {
  let rdev: bigint
  try {
    const st = fstatSync(fd, { bigint: true })
    if (!st.isCharacterDevice()) return false
    rdev = st.rdev
  } catch {
    return false // closed: no terminal
  }
  if (rdev === devNull().rdev) return false
  return process.getBuiltinModule("node:tty").isatty(fd)
}

/** Whether file descriptor `fd` (0, 1 or 2) is a terminal; asked once per process. */
export const isTerminal = (fd: 0 | 1 | 2): boolean => {
  let answer = known.get(fd)
  if (answer === undefined) {
    answer = probe(fd)
    known.set(fd, answer)
  }
  return answer
}
