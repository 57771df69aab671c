/**
 * One process at a time (`skc sync` of a project, the approval store's writers): `body` run holding a lock
 * held by the process (AccessLog.exclusively, a database's exclusive lock), which goes with the process
 * whatever ends it, `kill -9` included. Its own failures are said in the caller's words: `busy` when another
 * process held it past `waitMs` (a user's matter: try again), `failed` for an I/O failure taking it (a full
 * or read-only home: RFC-0005's E999, with its cause).
 */
import { Effect } from "effect"
import { InternalError, UsageError, type SkcError } from "../../domain/errors.js"
import { AccessLog, isBusyLog, LogStoreError } from "../../ports/AccessLog.js"

export const holdingProcessLock = Effect.fnUntraced(function* <A, E, R>(
  lock: string,
  waitMs: number,
  body: Effect.Effect<A, E, R>,
  say: {
    readonly busy: string
    readonly failed: (code: string) => string
    /** The lock cannot be created where it lives (a read-only home): the caller's own error, when it has one. */
    readonly unwritable?: (code: string) => SkcError
  }
) {
  const log = yield* AccessLog
  return yield* log.exclusively(lock, waitMs, body).pipe(
    Effect.catchIf(
      (e): e is LogStoreError => e instanceof LogStoreError && e.path === lock,
      (e) =>
        Effect.fail(
          isBusyLog(e)
            ? new UsageError({ message: say.busy })
            : say.unwritable !== undefined && UNWRITABLE.has(e.code)
              ? say.unwritable(e.code)
              : new InternalError({ message: say.failed(e.code), cause: e })
        )
    )
  )
})

/** The codes of a place this user may not write: permissions, a read-only mount, SQLite's own words for them. */
const UNWRITABLE: ReadonlySet<string> = new Set(["EACCES", "EPERM", "EROFS", "SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_READONLY_DIRECTORY"])
