/**
 * An `@effect/sql` `SqlClient` over `node:sqlite` (DECISIONS #42, #43).
 *
 * The readers of the search index and of the usage history speak to SQLite
 * through the `SqlClient` service (tagged templates, `sql.unsafe`,
 * `sql.in`). Its SQLite driver package was built on the native
 * better-sqlite3 addon, which npm 11 no longer builds for `npm install -g`
 * and `npx`; this is the same client shape on Node's built-in driver: one
 * connection per client, statements prepared once per client (a bounded
 * cache), calls serialised by a one-permit semaphore, the connection closed
 * with the client's scope. It is to be swapped for the Effect 4 driver
 * package built on `node:sqlite` once the registry serves one (DECISIONS #43).
 *
 * Open failures are failures of `make` (a `SqlError`), never defects.
 */
import * as Reactivity from "effect/reactivity/Reactivity"
import * as Client from "effect/sql/SqlClient"
import type { Connection } from "effect/sql/SqlConnection"
import { classifySqliteError, SqlError } from "effect/sql/SqlError"
import * as Statement from "effect/sql/Statement"
import { Effect, Scope, Semaphore, Stream } from "effect"
import { Database, preparedCache } from "./nodeSqlite.js"

export interface SqliteClientConfig {
  readonly filename: string
  readonly readonly?: boolean | undefined
  /** Statements kept prepared per connection (least recently used dropped first); default 200. */
  readonly prepareCacheSize?: number | undefined
  /** Leave the journal mode as it is (readers, throwaway files); default false: WAL. */
  readonly disableWAL?: boolean | undefined
  /**
   * A connection already open (and filled) to take over instead of opening
   * `filename`: an in-memory index built for one call (issue 29 item 5) has
   * no file another connection could open. Closed with the client's scope.
   */
  readonly database?: Database | undefined
}

/**
 * A `SqlError` whose reason is classified from SQLite's own error name (the
 * `code` ./nodeSqlite.ts sets: `SQLITE_BUSY`, …); the driver's error stays
 * the reason's `cause`.
 */
const failed = (message: string, operation: string) => (cause: unknown) =>
  new SqlError({ reason: classifySqliteError(cause, { message, operation }) })

export const make = (options: SqliteClientConfig): Effect.Effect<Client.SqlClient, SqlError, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function* () {
    const db = yield* Effect.acquireRelease(
      Effect.try({
        try: () => {
          if (options.database !== undefined) return options.database
          const db = new Database(options.filename, { readonly: options.readonly ?? false })
          try {
            if (options.disableWAL !== true) db.pragma("journal_mode = WAL")
          } catch (e) {
            db.close()
            throw e
          }
          return db
        },
        catch: failed(`Failed to open ${options.filename}`, "connect")
      }),
      (db) => Effect.sync(() => db.close())
    )
    const prepare = preparedCache(db, options.prepareCacheSize ?? 200)

    // `all()` runs any statement to its end: rows for a query, none for a change.
    const run = (sql: string, params: ReadonlyArray<unknown>) =>
      Effect.try({ try: () => prepare(sql).all(...params) as ReadonlyArray<any>, catch: failed("Failed to execute statement", "execute") })

    const connection: Connection = {
      execute: (sql, params, transformRows) => (transformRows ? Effect.map(run(sql, params), transformRows) : run(sql, params)),
      executeRaw: (sql, params) =>
        Effect.try({ try: () => prepare(sql).run(...params), catch: failed("Failed to execute statement", "execute") }),
      executeValues: (sql, params) => Effect.map(run(sql, params), (rows) => rows.map((row) => Object.values(row))),
      executeValuesUnprepared: (sql, params) =>
        Effect.try({
          try: () => db.prepare(sql).all(...params).map((row) => Object.values(row)),
          catch: failed("Failed to execute statement", "execute")
        }),
      executeUnprepared: (sql, params, transformRows) => {
        const rows = Effect.try({
          try: () => db.prepare(sql).all(...(params ?? [])) as ReadonlyArray<any>,
          catch: failed("Failed to execute statement", "execute")
        })
        return transformRows ? Effect.map(rows, transformRows) : rows
      },
      executeStream: () => Stream.die(new Error("executeStream is not supported by skc's SQLite client"))
    }

    const semaphore = yield* Semaphore.make(1)
    const acquirer = semaphore.withPermits(1)(Effect.succeed(connection))
    const transactionAcquirer = Effect.uninterruptibleMask((restore) =>
      Effect.as(
        Effect.andThen(
          restore(semaphore.take(1)),
          Effect.tap(Effect.scope, (scope) => Scope.addFinalizer(scope, semaphore.release(1)))
        ),
        connection
      )
    )
    return yield* Client.make({
      acquirer,
      compiler: Statement.makeCompilerSqlite(),
      transactionAcquirer,
      driver: "sqlite",
      spanAttributes: [["db.system.name", "sqlite"]]
    })
  })
