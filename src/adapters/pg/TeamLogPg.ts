/**
 * The team log store on PostgreSQL (issue 18), through `@effect/sql-pg`.
 *
 * The schema comes from `@effect/sql`'s Migrator (table `skc_migrations`),
 * so a later skc can add a migration and every team server catches up on its
 * next push or query. A push sends each batch with the COPY protocol
 * (`pg-copy-streams`) into a temporary staging table and moves it over with
 * `INSERT … SELECT … ON CONFLICT (row_id) DO NOTHING`, each batch its own
 * transaction, so what was committed stays committed and a rerun after a
 * failure sends only what is missing (same stable row ids).
 *
 * The password never travels on a command line: the URL may omit it and
 * it is then read from `PGPASSWORD` or `~/.pgpass` like `psql` does
 * (./pgPassword.ts). The URL goes to the drivers only; messages show
 * `describeUrl`'s form.
 */
import { describeUrl } from "../../domain/urlPassword.js"
import { listRows, nullableText, summaryGroups } from "../statsRows.js"
import * as Reactivity from "effect/reactivity/Reactivity"
import { PgClient } from "@effect/sql-pg"
import pg from "pg"
import { from as copyFrom } from "pg-copy-streams"
import * as Migrator from "effect/sql/Migrator"
import * as SqlClient from "effect/sql/SqlClient"
import { isSqlError } from "effect/sql/SqlError"
import { Effect, Result, Layer, Redacted, Schedule } from "effect"
import { LogStoreError, type AggregateRows } from "../../ports/AccessLog.js"
import { TeamLogStore, type PushOptions, type TeamLogRow, type TeamLogStoreService } from "../../ports/TeamLogStore.js"
import { ADD_ESCAPED, COPY_STAGE, CREATE_STAGE, CREATE_TABLE, INSERT_FROM_STAGE, TABLE, copyText, pgAggregateSql, pgAudienceClause, pgReadsClause, pgFilterClause, pgPeriodSql } from "./teamSql.js"
import { driverUrl, pgSettings } from "./pgPassword.js"
import { isSqlState } from "../../domain/teamStoreFailure.js"

/** Rows per batch (one transaction): large enough to amortise its round trips and commit, small enough to keep a failed batch cheap to resend. */
export const PUSH_BATCH = 10_000

/** `url` with `password` in it, for the driver only (never shown); as given when it has one already or cannot be read. */
const withUrlPassword = (url: string, password: string | undefined): string => {
  if (password === undefined) return url
  try {
    const parsed = new URL(url)
    if (parsed.password !== "" || parsed.username === "") return url
    parsed.password = encodeURIComponent(password)
    return parsed.toString()
  } catch {
    return url
  }
}

/** What a URL is shown as (src/domain/urlPassword.ts): scheme, host, port and database. */
export { describeUrl }

/** The driver's own error: a `SqlError`'s is its reason's cause (a failed migration holds the `SqlError`). */
const driverError = (e: unknown): unknown => (isSqlError(e) ? e.reason.cause : e)

/**
 * How long a statement of skc's waits for a lock (`lock_timeout`) and how
 * long it may run (`statement_timeout`) on the team store, set for every
 * connection skc opens there (docs/team.md). A table another session holds
 * (`LOCK TABLE … IN ACCESS EXCLUSIVE MODE`, a long migration, a VACUUM FULL)
 * makes a push or a read fail after these, with a message that says so,
 * instead of waiting for ever. A batch of a push (10,000 rows) and a view
 * of `stats --from` take well under a second on a healthy server.
 */
export const LOCK_TIMEOUT_MS = 5_000
export const STATEMENT_TIMEOUT_MS = 30_000
/**
 * How long skc waits for an answer the server owes, past which it gives up: `statement_timeout` is the
 * server's own bound and cannot help when the server (or the network) stops answering. A stopped
 * PostgreSQL (SIGSTOP) or a listener that took the login and went silent held `sync --to` and
 * `stats --from` for ever (a probe: killed after 90 s with nothing said).
 */
export const ANSWER_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 10_000

/** `effect`, failed with "no answer" when the server gives none within `ms`. */
const answeredWithin =
  (ms: number) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | Error, R> =>
    Effect.timeoutOrElse(effect, {
      duration: ms,
      orElse: () => Effect.fail(new Error(`no answer from the server in ${ms / 1000} s (it or the network stopped answering)`))
    })

/** What a timeout's SQLSTATE means for the user: the server's own words do not say which setting, or why. */
const timeoutHint = (code: unknown, message: string): string => {
  if (code === "55P03" && /lock timeout/i.test(message)) {
    return ` (another session holds a lock on the team table; skc waits ${LOCK_TIMEOUT_MS / 1000} s for one: lock_timeout)`
  }
  if (code === "57014" && /statement timeout/i.test(message)) {
    return ` (a statement of skc's ran longer than ${STATEMENT_TIMEOUT_MS / 1000} s: statement_timeout)`
  }
  return ""
}

/** The driver's own error under whatever wraps it (a SqlError, an Effect failure with a `cause`). */
const driverCause = (e: unknown): unknown => driverError(isSqlError(e) ? e : typeof e === "object" && e !== null && "cause" in e ? (e.cause ?? e) : e)

const failure = (op: LogStoreError["op"], where: string) => (e: unknown) => {
  const cause = driverCause(e)
  const code = (cause as { code?: unknown })?.code
  const message = cause instanceof Error ? cause.message : e instanceof Error ? e.message : String(e)
  return new LogStoreError({ op, path: where, code: typeof code === "string" ? code : "PG_ERROR", message: `${message}${timeoutHint(code, message)}` })
}

/**
 * The statements of `script` one by one: the client prepares every
 * statement (the extended protocol), which takes one command at a time.
 */
const statementsOf = (script: string): ReadonlyArray<string> =>
  script
    .split(";")
    .map((s) => s.trim())
    .filter((s) => s !== "")

const MIGRATIONS = {
  "1_access_log": Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.forEach(statementsOf(CREATE_TABLE), (statement) => sql.unsafe(statement).raw, { discard: true })
  ),
  // Issue 45 item 5: rows stored escaped are marked (teamSql.ts).
  "2_escaped": Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe(ADD_ESCAPED).raw)
}
const migrations = Migrator.fromRecord(MIGRATIONS)

/** An effect run again (three times at most, 50 ms apart) while it fails by losing a race on the schema (`LOST_RACE`). */
const retryLostRace = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.retry({ schedule: Schedule.recurs(3).pipe(Schedule.addDelay(() => Effect.succeed("50 millis"))), while: (e) => LOST_RACE.has(sqlStateOf(e) ?? "") }))

/**
 * Run the migrations. Several machines may migrate one fresh server at the
 * same moment; the loser of a race on the migrations table sees a unique
 * violation or a lock error and simply runs again (the second run is a no-op).
 */
const runMigrations = retryLostRace(Migrator.make({})({ loader: migrations, table: "skc_migrations" }))

/**
 * The SQLSTATEs of losing a race on the migrations (a unique violation, a table or type made meanwhile, a lock or
 * a deadlock): worth running again. Anything else, a server that does not answer above all, fails at once: retried
 * whole, a silent server took four connection timeouts (50 s) where docs/team.md says 10 s.
 */
const LOST_RACE: ReadonlySet<string> = new Set(["23505", "42P07", "42710", "55P03", "40P01"])

/** The SQLSTATE of a failure of either driver, when it has one. */
const sqlStateOf = (e: unknown): string | undefined => {
  const code = (driverCause(e) as { code?: unknown })?.code
  return typeof code === "string" && isSqlState(code) ? code : undefined
}

/** How a refusal to migrate names what is missing (teamStoreFailure.ts then gives no privilege hint). */
export const PENDING_PREFIX = "skc's migration(s)"

/** The newest migration's number: a database that has it needs nothing run. */
const LATEST_MIGRATION = Math.max(...Object.keys(MIGRATIONS).map((id) => Number.parseInt(id, 10)))

/**
 * Migrate only when the database lacks a migration. The migrator locks its
 * table (LOCK … ACCESS EXCLUSIVE) on every run, which a role that may only
 * read (an analyst's, for `stats --from`) is refused, and which would make
 * every reader wait on every other. A database already migrated is only
 * read here (SELECT on the migrations table).
 */
const migrate = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  sql
    .unsafe<{ readonly latest: number | string | null; readonly present: boolean | null }>(
      `SELECT max(migration_id) AS latest, to_regclass('${TABLE}') IS NOT NULL AS present FROM skc_migrations`
    )
    .pipe(
      Effect.map((rows) => ({ latest: Number(rows[0]?.latest ?? 0), present: rows[0]?.present !== false })),
      // Recovery: no migrations table yet (a fresh database), or one this role cannot read: the migrator decides.
      // A failure without a SQLSTATE (no answer, a refused or broken connection) is the store's failure, at once.
      Effect.catch((e) => (sqlStateOf(e) === undefined ? Effect.fail(e) : Effect.succeed({ latest: 0, present: true }))),
      Effect.flatMap(({ latest, present }) =>
        Effect.andThen(
          latest > 0 && !present ? remakeDropped : Effect.void,
          latest >= LATEST_MIGRATION
            ? Effect.void
            : runMigrations.pipe(
                // A database an older skc set up, read by a role that may not alter it (an analyst's): "permission
                // denied for table skc_migrations" sent its owner granting reads the role already had.
                Effect.mapError((e) => (latest > 0 && sqlStateOf(e) === "42501" ? olderSchema(latest, e) : e))
              )
        )
      )
    )
)

/**
 * The access log dropped by hand while `skc_migrations` still lists its migrations (a team probe): the
 * migrator, which goes by that list, never made it again, and every push and team view failed for good
 * with a hint to push. Every migration is idempotent (`IF NOT EXISTS`), so all of them run again, in order.
 */
const remakeDropped = retryLostRace(Effect.forEach(Object.values(MIGRATIONS), (m) => m, { discard: true }))

/** The migrations a database set up at `latest` lacks, as the refusal to apply them says. */
const olderSchema = (latest: number, e: unknown): Error => {
  const missing = Object.keys(MIGRATIONS).filter((id) => Number.parseInt(id, 10) > latest)
  const cause = driverCause(e) as { message?: unknown } | undefined
  return Object.assign(
    new Error(
      `${typeof cause?.message === "string" ? cause.message : "permission denied"}: the team database was set up by an older skc and lacks ${PENDING_PREFIX} ${missing.join(", ")}, which only a role that may alter skc's tables applies: run any skc command against it once as that role (skc stats --from, skc sync --to)`
    ),
    { code: "42501" }
  )
}

/** Whatever was thrown or emitted, as an Error (what `release` takes to destroy a connection). */
const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)))

/** A failure of the caller's batch source, kept apart from the store's own failures. */
class SourceFailure {
  constructor(readonly error: unknown) {}
}

/** A promise whose rejection is handled here and reported where it is awaited (never "unhandled"). */
const quiet = <A>(p: Promise<A>): Promise<A> => {
  p.catch(() => {})
  return p
}

/** One batch through the staging table: BEGIN, COPY, INSERT … ; COMMIT. `copiedNow` once the INSERT is handed to the driver. */
const sendBatch = async (client: pg.PoolClient, text: string, copiedNow: () => void): Promise<number> => {
  await client.query("BEGIN")
  await new Promise<void>((resolve, reject) => {
    const stream = client.query(copyFrom(COPY_STAGE))
    stream.on("error", reject)
    // 'finish' comes once the server has taken the whole COPY.
    stream.on("finish", resolve)
    stream.end(text)
  })
  const moving = client.query(`${INSERT_FROM_STAGE}; COMMIT`) as unknown as Promise<ReadonlyArray<pg.QueryResult>>
  copiedNow()
  const results = await moving
  return Number(results[0]?.rowCount ?? 0)
}

/**
 * A failure that belongs to a row's data, not to the server or the
 * connection: SQLSTATE classes 22 (data exception: a value the column
 * cannot hold) and 23 (integrity constraint violation).
 */
const isRowFailure = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | undefined)?.code
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"))
}

/**
 * Send one batch on the connection — BEGIN, COPY the rows into the staging
 * table, move them over and COMMIT — one statement after the other.
 * `copied` settles once the rows are in the staging table, right after the
 * INSERT has been handed to the driver; `committed` with how many rows were new.
 *
 * A batch refused for one row's data (issue 45 item 5) is rolled back and
 * sent again a row at a time, each row its own transaction: every other row
 * is stored, and each refused one is handed to `onRejected` with the
 * server's message (a rerun tries it again; the rest are already there).
 */
const startBatch = (
  client: pg.PoolClient,
  text: string,
  onRejected?: (rowId: string, reason: string) => void
): { readonly copied: Promise<void>; readonly committed: Promise<number> } => {
  let copiedNow: () => void = () => {}
  const copied = new Promise<void>((resolve) => (copiedNow = resolve))
  const committed = quiet(
    (async () => {
      try {
        return await sendBatch(client, text, copiedNow)
      } catch (e) {
        if (!isRowFailure(e)) throw e
        await client.query("ROLLBACK")
        let added = 0
        for (const line of text.split("\n")) {
          if (line === "") continue
          try {
            added += await sendBatch(client, `${line}\n`, () => {})
          } catch (rowError) {
            if (!isRowFailure(rowError)) throw rowError
            await client.query("ROLLBACK")
            // The row id is the line's first field (hex: never escaped).
            onRejected?.(line.slice(0, line.indexOf("\t")), rowError instanceof Error ? rowError.message : String(rowError))
          }
        }
        copiedNow()
        return added
      }
    })()
  )
  // A batch that fails before its INSERT is sent settles `copied` by failing too.
  return { copied: quiet(Promise.race([copied, committed.then(() => undefined)])), committed }
}

/** A connection of its own for a push, with the staging table; destroyed rather than reused after a failure. */
const acquire = (pool: pg.Pool) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: async () => {
        const client = await pool.connect()
        const held = { client, broken: undefined as Error | undefined, onError: (e: unknown) => void (held.broken ??= asError(e)) }
        // The driver reports a connection lost mid-query both as the query's failure and as an
        // `error` event, which must be listened to.
        client.on("error", held.onError)
        try {
          await client.query(CREATE_STAGE)
        } catch (e) {
          client.off("error", held.onError)
          client.release(asError(e))
          throw e
        }
        return held
      },
      catch: (e) => e
    }),
    (held, exit) =>
      Effect.sync(() => {
        held.client.off("error", held.onError)
        // A failed or interrupted push may have left a transaction open: the server rolls it back when the connection goes.
        held.client.release(held.broken ?? (exit._tag === "Failure" ? new Error("push failed") : undefined))
      })
  )

/**
 * The push pipeline: while the server moves batch k into the team table,
 * batch k+1 is pulled (read, converted) and encoded here; batch k+1 is sent
 * once batch k has committed and `onBatch` has been told.
 */
const pushPipeline = <E>(
  pool: pg.Pool,
  next: Effect.Effect<ReadonlyArray<TeamLogRow> | undefined, E>,
  options: Pick<PushOptions, "onBatch" | "onRejected"> | undefined,
  answerMs: number
) =>
  Effect.scoped(
    Effect.gen(function* () {
      const held = yield* acquire(pool)
      const { client } = held
      // A batch the server never answers (a COPY's end, its COMMIT) is given up, its connection destroyed.
      const wait = <A>(p: Promise<A>) =>
        Effect.tryPromise({ try: () => p, catch: (e) => e }).pipe(
          answeredWithin(answerMs),
          Effect.tapError((e) => Effect.sync(() => void (held.broken ??= asError(e))))
        )
      let added = 0
      let sent = 0
      let inflight: { readonly committed: Promise<number>; readonly rows: number } | undefined
      for (;;) {
        // A source that fails lets the batch in flight finish first: what was sent is committed.
        const pulled = yield* Effect.result(next)
        const batch = Result.isSuccess(pulled) ? pulled.success : undefined
        const text = batch === undefined || batch.length === 0 ? undefined : copyText(batch)
        if (inflight !== undefined) {
          added += yield* wait(inflight.committed)
          sent += inflight.rows
          inflight = undefined
          if (options?.onBatch) yield* options.onBatch(sent, sent + (batch?.length ?? 0))
        }
        if (Result.isFailure(pulled)) return yield* Effect.fail(pulled.failure)
        if (text === undefined || batch === undefined) break
        const started = startBatch(client, text, options?.onRejected)
        yield* wait(started.copied)
        inflight = { committed: started.committed, rows: batch.length }
      }
      return added
    })
  )

/** The service over an open client and its pool; the schema must be migrated (see `layer`). */
export const makeTeamLogPg = (sql: SqlClient.SqlClient, pool: pg.Pool, where: string, answerMs: number = ANSWER_TIMEOUT_MS): TeamLogStoreService => ({
  push: (rows, options) => {
    const size = Math.max(1, options?.batchSize ?? PUSH_BATCH)
    let i = 0
    const next = Effect.sync(() => {
      if (i >= rows.length) return undefined
      const batch = rows.slice(i, i + size)
      i += batch.length
      return batch
    })
    const onBatch = options?.onBatch
    return pushPipeline(pool, next, {
      ...(onBatch === undefined ? {} : { onBatch: (sent: number) => onBatch(sent, rows.length) }),
      ...(options?.onRejected === undefined ? {} : { onRejected: options.onRejected })
    }, answerMs).pipe(
      Effect.mapError(failure("write", where))
    )
  },

  pushFrom: <E>(next: Effect.Effect<ReadonlyArray<TeamLogRow> | undefined, E>, options?: Pick<PushOptions, "onBatch" | "onRejected">) =>
    pushPipeline(pool, next.pipe(Effect.mapError((e) => new SourceFailure(e))), options, answerMs).pipe(
      Effect.mapError((e): LogStoreError | E => (e instanceof SourceFailure ? (e.error as E) : failure("write", where)(e)))
    ),

  aggregate: (groupBy, filters) =>
    Effect.gen(function* () {
      const { sql: clause, params } = pgFilterClause(filters)
      // As SQLite's: the funnel and the reads per day count reads only (build, lint, eval, stats never).
      const audience = groupBy === "funnel" || groupBy === "timeline" ? pgReadsClause(filters) : pgAudienceClause(filters)
      const rows = (yield* sql.unsafe(pgAggregateSql(groupBy, clause, audience), params)) as ReadonlyArray<Record<string, unknown>>
      if (groupBy === "summary") return { groupBy, period: { start: null, end: null }, groups: summaryGroups(rows) } satisfies AggregateRows
      // issue 46 item 4: `stats` rows never make a view's period.
      // The funnel counts activations and the counted reads: those make its period (a build does not).
      const periodWhere = `${groupBy === "commands" ? clause : groupBy === "funnel" ? `${clause} AND (command = 'activate' OR (${audience}))` : `${clause} AND ${audience}`} AND command <> 'stats'`
      const [p] = (yield* sql.unsafe(pgPeriodSql(periodWhere), params)) as ReadonlyArray<Record<string, unknown>>
      return listRows(groupBy, { start: nullableText(p?.start), end: nullableText(p?.end) }, rows)
    }).pipe(answeredWithin(answerMs), Effect.mapError(failure("read", where))),

  count: sql
    .unsafe(`SELECT count(*) AS n FROM ${TABLE}`)
    .pipe(
      Effect.map((rows) => Number((rows as ReadonlyArray<Record<string, unknown>>)[0]?.n ?? 0)),
      answeredWithin(answerMs),
      Effect.mapError(failure("read", where))
    )
})

/**
 * The team store at `url`: connect, migrate, serve. Failing to connect or
 * migrate is a `LogStoreError` naming the server (without its password).
 * `@effect/sql-pg` (its own wire protocol, one connection) runs the views
 * and the migrations; a `pg` pool of one connection, opened by the first
 * push, runs the COPY of a push, which `@effect/sql-pg` does not speak. Both
 * connect with the same settings (./pgPassword.ts) and application name.
 */
export const layer = (url: string, options?: { readonly applicationName?: string; readonly answerTimeoutMs?: number }): Layer.Layer<TeamLogStore, LogStoreError> => {
  const answerMs = options?.answerTimeoutMs ?? ANSWER_TIMEOUT_MS
  const where = describeUrl(url)
  // The password is given (read by pgSettings as pg reads it, the password file included): left to pg, the
  // password file is read by its deprecated path, which prints a DeprecationWarning on every push. It goes
  // into the driver's URL: pg lets the URL's fields override a `password` option, even an absent one.
  const pool = (password: string | undefined) => Effect.acquireRelease(
    Effect.sync(() => {
      const p = new pg.Pool({
        connectionString: withUrlPassword(driverUrl(url), password),
        max: 1,
        connectionTimeoutMillis: 10_000,
        // The driver's own bound on a statement's answer (BEGIN, the staging table, ROLLBACK).
        query_timeout: answerMs,
        lock_timeout: LOCK_TIMEOUT_MS,
        statement_timeout: STATEMENT_TIMEOUT_MS,
        application_name: options?.applicationName ?? "skc"
      })
      // An idle connection the server closes is dropped by the pool; nothing to report.
      p.on("error", () => {})
      return p
    }),
    (p) => Effect.promise(() => p.end()).pipe(Effect.interruptible, Effect.timeoutOption("1 second"))
  )
  return Layer.effect(
    TeamLogStore,
    Effect.gen(function* () {
      const settings = yield* Effect.tryPromise({ try: () => pgSettings(url), catch: (e) => e })
      const p = yield* pool(settings.password)
      const sql = yield* PgClient.make({
        // The same sslmode as the pool's (driverUrl): TLS, the certificate and host name verified.
        url: Redacted.make(driverUrl(url)),
        host: settings.host,
        port: settings.port,
        database: settings.database,
        username: settings.username,
        password: settings.password === undefined ? undefined : Redacted.make(settings.password),
        applicationName: options?.applicationName ?? "skc",
        connectTimeout: "10 seconds",
        // Sent in every connection's startup packet, as the pool's above: a reconnection keeps them.
        startupParameters: { lock_timeout: `${LOCK_TIMEOUT_MS}ms`, statement_timeout: `${STATEMENT_TIMEOUT_MS}ms` },
        maxConnections: 1
      })
      yield* migrate.pipe(Effect.provideService(SqlClient.SqlClient, sql), answeredWithin(answerMs))
      return makeTeamLogPg(sql, p, where, answerMs)
    }).pipe(Effect.mapError(failure("open", where)))
  ).pipe(Layer.provide(Reactivity.layer))
}
