/**
 * The team log store on PostgreSQL (issue 18), through `@effect/sql-pg`.
 *
 * The schema comes from `@effect/sql`'s Migrator (table `skc_migrations`),
 * so a later skc can add a migration and every team server catches up on its
 * next push or query. Pushes are one `INSERT … SELECT FROM unnest(…) ON
 * CONFLICT (row_id) DO NOTHING` per batch: one round trip per batch, each
 * batch its own transaction, so what was committed stays committed and a
 * rerun after a failure sends only what is missing (same stable row ids).
 *
 * The password never travels on a command line: the URL may omit it and
 * the driver then reads `PGPASSWORD` or `~/.pgpass` like `psql`. The URL is
 * held as `Redacted` so that it never reaches a log or an error message.
 */
import { listRows, nullableText, summaryGroups } from "../statsRows.js"
import { PgClient } from "@effect/sql-pg"
import * as Migrator from "@effect/sql/Migrator"
import * as SqlClient from "@effect/sql/SqlClient"
import { Effect, Layer, Redacted, Schedule } from "effect"
import { LogStoreError, type AggregateRows } from "../../ports/AccessLog.js"
import { TeamLogStore, type TeamLogRow, type TeamLogStoreService } from "../../ports/TeamLogStore.js"
import { CREATE_TABLE, TABLE, pgAggregateSql, pgAudienceClause, pgFilterClause, pgPeriodSql } from "./teamSql.js"

/** Rows per INSERT: large enough to amortise the round trip, small enough to keep a failed batch cheap to resend. */
export const PUSH_BATCH = 5000

/** What a URL is shown as: scheme, host, port and database, never the user's password. */
export const describeUrl = (url: string): string => {
  try {
    const u = new URL(url)
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}${u.pathname}`
  } catch {
    return "postgres://…"
  }
}

const failure = (op: LogStoreError["op"], where: string) => (e: unknown) => {
  const cause = (e as { cause?: unknown })?.cause ?? e
  const code = (cause as { code?: unknown })?.code
  const message = cause instanceof Error ? cause.message : e instanceof Error ? e.message : String(e)
  return new LogStoreError({ op, path: where, code: typeof code === "string" ? code : "PG_ERROR", message })
}

const migrations = Migrator.fromRecord({
  "1_access_log": Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe(CREATE_TABLE).raw)
})

/**
 * Run the migrations. Several machines may migrate one fresh server at the
 * same moment; the loser of a race on the migrations table sees a unique
 * violation or a lock error and simply runs again (the second run is a no-op).
 */
const migrate = Migrator.make({})({ loader: migrations, table: "skc_migrations" }).pipe(
  Effect.retry(Schedule.recurs(3).pipe(Schedule.addDelay(() => "50 millis")))
)

/** `args` as JSON text for the `jsonb` column, or null where it is not JSON (as SQLite's `json_valid` guard). */
const jsonOrNull = (args: string): string | null => {
  try {
    JSON.parse(args)
    return args
  } catch {
    return null
  }
}


const INSERT = `INSERT INTO ${TABLE}
  (row_id, machine, user_hash, timestamp, run_id, command, skill, skill_path, cwd, args, args_json, error)
  SELECT r, m, u, t, ri, c, s, sp, w, a, aj::jsonb, e
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
    $9::text[], $10::text[], $11::text[], $12::text[]) AS x(r, m, u, t, ri, c, s, sp, w, a, aj, e)
  ON CONFLICT (row_id) DO NOTHING`

const insertParams = (rows: ReadonlyArray<TeamLogRow>): Array<Array<string | null>> => [
  rows.map((r) => r.row_id),
  rows.map((r) => r.machine),
  rows.map((r) => r.user),
  rows.map((r) => r.timestamp),
  rows.map((r) => r.run_id),
  rows.map((r) => r.command),
  rows.map((r) => r.skill),
  rows.map((r) => r.skill_path),
  rows.map((r) => r.cwd),
  rows.map((r) => r.args),
  rows.map((r) => jsonOrNull(r.args)),
  rows.map((r) => r.error)
]

/** The service over an open client; the schema must be migrated (see `layer`). */
export const makeTeamLogPg = (sql: SqlClient.SqlClient, where: string): TeamLogStoreService => ({
  push: (rows, options) =>
    Effect.gen(function* () {
      const size = Math.max(1, options?.batchSize ?? PUSH_BATCH)
      let added = 0
      for (let i = 0; i < rows.length; i += size) {
        const batch = rows.slice(i, i + size)
        const result = yield* sql.unsafe(INSERT, insertParams(batch)).raw
        added += Number((result as { rowCount?: unknown })?.rowCount ?? 0)
        if (options?.onBatch) yield* options.onBatch(i + batch.length, rows.length)
      }
      return added
    }).pipe(Effect.mapError(failure("write", where))),

  aggregate: (groupBy, filters) =>
    Effect.gen(function* () {
      const { sql: clause, params } = pgFilterClause(filters)
      const audience = pgAudienceClause(filters)
      const rows = (yield* sql.unsafe(pgAggregateSql(groupBy, clause, audience), params)) as ReadonlyArray<Record<string, unknown>>
      if (groupBy === "summary") return { groupBy, period: { start: null, end: null }, groups: summaryGroups(rows) } satisfies AggregateRows
      const periodWhere = groupBy === "commands" ? clause : `${clause} AND ${audience}`
      const [p] = (yield* sql.unsafe(pgPeriodSql(periodWhere), params)) as ReadonlyArray<Record<string, unknown>>
      return listRows(groupBy, { start: nullableText(p?.start), end: nullableText(p?.end) }, rows)
    }).pipe(Effect.mapError(failure("read", where))),

  count: sql
    .unsafe(`SELECT count(*) AS n FROM ${TABLE}`)
    .pipe(
      Effect.map((rows) => Number((rows as ReadonlyArray<Record<string, unknown>>)[0]?.n ?? 0)),
      Effect.mapError(failure("read", where))
    )
})

/**
 * The team store at `url`: connect, migrate, serve. Failing to connect or
 * migrate is a `LogStoreError` naming the server (without its password).
 */
export const layer = (url: string, options?: { readonly applicationName?: string }): Layer.Layer<TeamLogStore, LogStoreError> => {
  const where = describeUrl(url)
  const client = PgClient.layer({
    url: Redacted.make(url),
    maxConnections: 1,
    connectTimeout: "10 seconds",
    applicationName: options?.applicationName ?? "skc"
  }).pipe(
    Layer.mapError(failure("open", where))
  )
  const store = Layer.effect(
    TeamLogStore,
    Effect.gen(function* () {
      yield* migrate.pipe(Effect.mapError(failure("open", where)))
      return makeTeamLogPg(yield* SqlClient.SqlClient, where)
    })
  )
  return Layer.provide(store, client)
}
