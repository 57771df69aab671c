/**
 * Access logs that repair themselves (issue 19, RFC-0007:C-LOGGING).
 *
 * A `logs.db` that SQLite reports as corrupt (SQLITE_CORRUPT, SQLITE_NOTADB)
 * used to stay broken for good: `stats` failed with E999 from then on, every
 * new row went silently to the fallback and `sync` reported E041. Now the
 * file (and its `-wal`, which belongs to it) is renamed to
 * `logs.db.corrupt-<YYYYMMDDTHHMMSSZ>` (`-2`, `-3`… for a second one in the
 * same second) with a warning — kept, never deleted,
 * so nothing is lost that a person could still recover — and the operation is
 * tried once more: a write then creates a fresh log, a read finds none.
 */
import { Effect } from "effect"
import { Warning } from "../../domain/errors.js"
import { freeAsideName } from "../shared/index.js"
import { isCorruptLog, type LogStoreError } from "../../ports/AccessLog.js"
import { warn } from "../../ports/Diagnostics.js"
import { FileSystem } from "../../ports/FileSystem.js"


/** Move a corrupt log aside; whether it was moved (a read-only directory cannot be repaired). */
export const moveAsideCorruptLog = Effect.fnUntraced(function* (dbFile: string, reason: string) {
  const fs = yield* FileSystem
  const target = yield* freeAsideName(dbFile)
  const moved = yield* fs.rename(dbFile, target).pipe(
    Effect.as(true),
    Effect.catch((e) => (e.code === "ENOENT" ? Effect.succeed(true) : Effect.succeed(false)))
  )
  if (!moved) {
    yield* warn(Warning.notice(`access log '${dbFile}' is corrupt (${reason}) and cannot be moved aside here; it is ignored`))
    return false
  }
  yield* fs.rename(`${dbFile}-wal`, `${target}-wal`).pipe(Effect.ignore)
  yield* fs.remove(`${dbFile}-shm`).pipe(Effect.ignore)
  yield* warn(Warning.notice(`access log '${dbFile}' was corrupt (${reason}); moved aside to '${target}', a new log starts with the next write`))
  return true
})

/**
 * Run a log operation on `dbFile`; on corruption move the file aside and run
 * it once more (a write recreates the log, a read sees an empty one). When
 * the file cannot be moved, `orElse` (if given) stands in for the result.
 */
export const withLogRepair = <A, R>(dbFile: string, op: Effect.Effect<A, LogStoreError, R>, orElse?: () => A) =>
  op.pipe(
    Effect.catchIf(isCorruptLog, (e) =>
      Effect.gen(function* () {
        const moved = yield* moveAsideCorruptLog(dbFile, e.code)
        if (!moved && orElse !== undefined) return orElse()
        return yield* op
      })
    )
  )
