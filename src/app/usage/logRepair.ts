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
import { FOREIGN_WAL_CODE, FOREIGN_WAL_SUFFIX, isCorruptLog, ORPHANED_WAL_CODE, type LogStoreError } from "../../ports/AccessLog.js"
import { warn } from "../../ports/Diagnostics.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"


/** Which file is at `dbFile` now (undefined: none, or an adapter that cannot tell). */
const identityAt = (dbFile: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const info = yield* fs.statOption(dbFile).pipe(unseenAs(undefined))
    return info?.identity
  })

/**
 * Move a corrupt log aside; whether it was moved (a read-only directory cannot be repaired).
 * `found`: the identity of the file found corrupt. Several processes meeting one corrupt log each repair it:
 * the file at the path is moved only while it is still that one, and a process whose rename finds it gone
 * (another moved it) leaves the `-wal` and `-shm` alone, which may already be the fresh log's (a QA run
 * with 8 processes lost a row, and moved a healthy new log aside as corrupt).
 */
export const moveAsideCorruptLog = Effect.fnUntraced(function* (dbFile: string, reason: string, found?: string, foreignWal = false) {
  const fs = yield* FileSystem
  const target = yield* freeAsideName(dbFile)
  if (found !== undefined && (yield* identityAt(dbFile)) !== found) return true
  const moved = yield* fs.rename(dbFile, target).pipe(
    Effect.as("moved" as const),
    Effect.catch((e) => Effect.succeed(e.code === "ENOENT" ? ("gone" as const) : ("kept" as const)))
  )
  if (moved === "gone") return true
  if (moved === "kept") {
    yield* warn(Warning.notice(`access log '${dbFile}' is corrupt (${reason}) and cannot be moved aside here; it is ignored`))
    return false
  }
  // Another database's -wal is kept where SQLite never reads it as the moved log's: as `<target>-wal` the
  // first open of the moved log would apply it again and orphan the rows the move kept.
  const walTarget = foreignWal ? `${target}${FOREIGN_WAL_SUFFIX}` : `${target}-wal`
  yield* fs.rename(`${dbFile}-wal`, walTarget).pipe(Effect.ignore)
  yield* fs.remove(`${dbFile}-shm`).pipe(Effect.ignore)
  const kept = foreignWal ? ` (its rows are there; the other database's -wal is kept as '${walTarget}')` : ""
  yield* warn(Warning.notice(`access log '${dbFile}' was corrupt (${reason}); moved aside to '${target}'${kept}, a new log starts with the next write`))
  return true
})

/**
 * No database when the operation began, and none now: what it found unsound is a -wal beside none (the log
 * moved or deleted without it). The -wal goes aside alone, kept with its rows; a log made next to it would
 * have reset it. Left alone when a database has appeared meanwhile (another process made a fresh log, whose
 * -wal this may already be) or when the -wal is gone (another process moved it).
 */
const moveAsideOrphanedWal = Effect.fnUntraced(function* (dbFile: string, reason: string) {
  const fs = yield* FileSystem
  if ((yield* identityAt(dbFile)) !== undefined) return true
  const target = yield* freeAsideName(dbFile)
  const moved = yield* fs.rename(`${dbFile}-wal`, `${target}-wal`).pipe(
    Effect.as("moved" as const),
    Effect.catch((e) => Effect.succeed(e.code === "ENOENT" ? ("gone" as const) : ("kept" as const)))
  )
  if (moved === "gone") return true
  if (moved === "kept") {
    // A read-only directory: the -wal stays (its rows with it), and no log is made beside it here.
    yield* warn(Warning.notice(`access log '${dbFile}' is unsound (${reason}) and its -wal cannot be moved aside here; it is left as it is`))
    return false
  }
  yield* fs.remove(`${dbFile}-shm`).pipe(Effect.ignore)
  yield* warn(
    Warning.notice(
      `access log '${dbFile}' was unsound (${reason}); its -wal moved aside to '${target}-wal', a new log starts with the next write (to read its rows, put it beside the moved log as '<that file>-wal')`
    )
  )
  return true
})

/**
 * Run a log operation on `dbFile`; on corruption move the file aside and run
 * it once more (a write recreates the log, a read sees an empty one). When
 * the file cannot be moved, `orElse` (if given) stands in for the result.
 * A log another process repaired meanwhile (another file at the path than
 * the one the operation began on) is not moved: the operation runs again on it.
 */
export const withLogRepair = Effect.fnUntraced(function* <A, R>(dbFile: string, op: Effect.Effect<A, LogStoreError, R>, orElse?: () => A) {
  const before = yield* identityAt(dbFile)
  return yield* op.pipe(
    Effect.catchIf(isCorruptLog, (e) =>
      Effect.gen(function* () {
        // Moved only while it is still the file the operation began on; else another process repaired it.
        // The reason in skc's own words where it has them (a damaged -wal, a directory), else SQLite's code.
        // A -wal beside no database: the -wal alone goes aside. The database at the path now, if any, is
        // another process's fresh log, which a rename here moved aside as corrupt (a hostile probe, 8 processes).
        const moved =
          e.code === ORPHANED_WAL_CODE
            ? yield* moveAsideOrphanedWal(dbFile, e.reason ?? e.code)
            : yield* moveAsideCorruptLog(dbFile, e.reason ?? e.code, before, e.code === FOREIGN_WAL_CODE)
        if (!moved && orElse !== undefined) return orElse()
        return yield* op
      })
    )
  )
})
