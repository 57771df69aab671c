/**
 * The AccessLog port for the CLI and the MCP server: a light proxy that loads
 * the SQLite adapter (and `node:sqlite`) on first use, so
 * that commands which never touch the log — and start-up itself — never pay
 * for it. A failure to load becomes a `LogStoreError` like any other, which
 * the logging wrapper turns into W002 rather than a failed command.
 */
import { Effect, Layer } from "effect"
import { AccessLog, appendEachOf, LogStoreError, type AccessLogService } from "../../ports/AccessLog.js"

let loading: Promise<AccessLogService> | undefined

const service = (path: string) =>
  Effect.tryPromise({
    try: () => (loading ??= import("./AccessLogSqlite.js").then((m) => m.loadSqliteAccessLog())),
    catch: (e) => {
      loading = undefined
      return new LogStoreError({ op: "open", path, code: "ENOMODULE", message: `cannot load SQLite: ${e instanceof Error ? e.message : String(e)}` })
    }
  })

export const lazyAccessLog: AccessLogService = {
  append: (dbFile, row) => Effect.flatMap(service(dbFile), (s) => s.append(dbFile, row)),
  // A module that cannot load fails every row alike: the caller then tries each one as `append`.
  appendEach: (rows) =>
    Effect.flatMap(Effect.result(service(rows[0]?.dbFile ?? "")), (loaded) =>
      loaded._tag === "Failure"
        ? Effect.succeed(rows.map(() => loaded.failure))
        : appendEachOf(loaded.success)(rows)
    ),
  aggregate: (dbFile, groupBy, filters) => Effect.flatMap(service(dbFile), (s) => s.aggregate(dbFile, groupBy, filters)),
  latest: (dbFile, command) => Effect.flatMap(service(dbFile), (s) => s.latest(dbFile, command)),
  readAll: (dbFile) => Effect.flatMap(service(dbFile), (s) => s.readAll(dbFile)),
  readPage: (dbFile, after, limit) => Effect.flatMap(service(dbFile), (s) => s.readPage(dbFile, after, limit)),
  readSpan: (dbFile, after, limit) => Effect.flatMap(service(dbFile), (s) => s.readSpan(dbFile, after, limit)),
  merge: (dbFile, rows, options) => Effect.flatMap(service(dbFile), (s) => s.merge(dbFile, rows, options)),
  markMerging: (dbFile) => Effect.flatMap(service(dbFile), (s) => s.markMerging(dbFile)),
  retire: (dbFile, retired) => Effect.flatMap(service(dbFile), (s) => s.retire(dbFile, retired)),
  exclusively: (lockFile, waitMs, effect) => Effect.flatMap(service(lockFile), (s) => s.exclusively(lockFile, waitMs, effect))
}

export const AccessLogLive = Layer.succeed(AccessLog, lazyAccessLog)
