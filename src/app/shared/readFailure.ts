/**
 * A file or folder of a skill that skc may not read (chmod 000, another
 * owner) is the user's to fix, so it is a clear error naming it rather than
 * E999 with a raw EACCES (issue 29 item 5). RFC-0005 has no code for it, so
 * it is an `error:` line (DECISIONS #34). Every other failure stays
 * internal (E999) with its cause.
 */
import { InternalError, UsageError } from "../../domain/errors.js"
import type { FsError } from "../../ports/FileSystem.js"
import { describeIoCode } from "../../domain/ioWords.js"

const DENIED = new Set(["EACCES", "EPERM"])
const READS = new Set(["read", "readdir", "stat", "readlink", "realpath"])

/**
 * The one mapping of a file-system failure skc did not expect to E999
 * (issue 44 item 7: it was copied into six services), with the operation,
 * path and code in the message and the failure as its cause.
 */
/**
 * The system's reason for `e`: its code, with its words for a full or failing disk ("no space left on
 * device (ENOSPC)"), else its message (Node 24's recursive rmSync can throw with an empty code).
 */
export const ioReason = (e: FsError): string => (e.code !== "" ? describeIoCode(e.code) : e.message)

export const fsInternal = (e: FsError): InternalError => new InternalError({ message: `${e.op} '${e.path}': ${ioReason(e)}`, cause: e })

/** `e` as the error a command shows. */
export const readFailure = (e: FsError): InternalError | UsageError => {
  if (!DENIED.has(e.code) || !READS.has(e.op)) return fsInternal(e)
  const shown = e.path
  const what = e.op === "readdir" ? "directory" : "file"
  return new UsageError({
    message: `cannot read ${what} '${shown}': permission denied`,
    detail: [`make it readable (chmod u+r${e.op === "readdir" ? "x" : ""}) or remove it from the skill`]
  })
}
