/**
 * UsageHistory that loads the SQLite adapter only when a log database exists
 * to be read: `skc match` on skills that were never used never pays for
 * loading @effect/sql and SQLite.
 */
import { Effect, Layer } from "effect"
import { UsageHistory } from "../../ports/UsageHistory.js"

export const LazySqliteUsageHistoryLayer = Layer.succeed(UsageHistory, {
  lastAccess: (dbPath, skill) =>
    Effect.promise(() => import("./SqliteUsageHistory.js")).pipe(
      Effect.flatMap((m) => m.sqliteUsageHistory.lastAccess(dbPath, skill))
    )
})
