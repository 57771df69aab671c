/**
 * UsageHistory on the real access log, opened read-only so that a reader
 * never creates a database, never takes a write lock and never changes the
 * journal mode of a log another process is writing.
 */
import { Effect, Layer } from "effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import * as SqliteClient from "./SqliteClient.js"
import { AGENT_COMMANDS } from "../../domain/stats.js"
import { BY_AUTHOR } from "./AccessLogSqlite.js"
import { UsageHistory, type UsageHistoryService } from "../../ports/UsageHistory.js"

const parseTimestamp = (t: unknown): number | undefined => {
  if (typeof t !== "string") return undefined
  const ms = Date.parse(t)
  return Number.isNaN(ms) ? undefined : ms
}

export const sqliteUsageHistory: UsageHistoryService = {
  lastAccess: (dbPath, skill) =>
    Effect.gen(function* () {
      const sql = yield* SqliteClient.make({ filename: dbPath, readonly: true, disableWAL: true })
      // RFC 3339 UTC timestamps of one format sort as text.
      // Agent reads only (issue 17): the author's build, lint and stats say nothing about activation.
      // …and not the author's own trial calls (DECISIONS #45).
      // …and not a cross-skill search's row (`scope: "all"`): the skill was among the answers of a question asked
      // of every skill, not one an agent chose; every skill a `search --all` listed got match's recency boost.
      const rows = yield* sql<{ t: unknown }>`SELECT MAX(timestamp) AS t FROM access_log WHERE skill = ${skill} AND ${sql.in("command", AGENT_COMMANDS)}
        AND NOT ${sql.literal(BY_AUTHOR)} AND NOT (args LIKE '%"scope":"all"%' AND json_valid(args) AND COALESCE(json_extract(args, '$.scope'), '') = 'all')`
      return parseTimestamp(rows[0]?.t)
    }).pipe(
      Effect.scoped,
      Effect.provide(Reactivity.layer),
      Effect.catchCause(() => Effect.succeed(undefined))
    )
}

export const SqliteUsageHistoryLayer = Layer.succeed(UsageHistory, sqliteUsageHistory)
