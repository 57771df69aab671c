/**
 * SQLite through Node's built-in `node:sqlite` (DECISIONS #42): no native
 * addon, nothing built at install time, the same FTS5 (`porter unicode61`,
 * `bm25()`, `snippet()`) on Node 22 and 24.
 *
 * The adapters were written against a small synchronous surface (open,
 * prepare, run/get/all, exec, pragma, close); this module gives exactly that
 * surface over `DatabaseSync`, so the adapters, tests and benchmarks say what
 * they do in SQL and stay independent of the driver's spelling. Two things
 * it adds on top of `node:sqlite`:
 *
 * - **SQLite's own error names.** `node:sqlite` reports every failure as
 *   `code: "ERR_SQLITE_ERROR"` with the numeric result in `errcode`. The
 *   adapters decide on retries (SQLITE_BUSY/LOCKED) and repair
 *   (SQLITE_CORRUPT/NOTADB) by name, so failures are re-thrown with `code`
 *   set to the primary result code's name (`SQLITE_BUSY`, …); the numeric
 *   code stays in `errcode`.
 * - **The ExperimentalWarning of Node 22**, printed when `node:sqlite` is
 *   first loaded, is dropped — that warning only, never any other: skc's
 *   output must not carry a runtime's notice on every command.
 *
 * The module is loaded on first use (`process.getBuiltinModule`), not by an
 * import: commands that never touch SQLite do not pay for it at start-up.
 */
import type * as NodeSqlite from "node:sqlite"
import { accessSync, constants as fsConstants, statSync } from "node:fs"
import { dirname } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

type DatabaseSync = NodeSqlite.DatabaseSync
type StatementSync = NodeSqlite.StatementSync

let sqlite: typeof NodeSqlite | undefined

const EXPERIMENTAL_SQLITE = /^SQLite is an experimental feature/

/** `node:sqlite`, loaded once, with Node 22's ExperimentalWarning for it (and only it) suppressed. */
export const nodeSqlite = (): typeof NodeSqlite => {
  if (sqlite !== undefined) return sqlite
  const emitWarning = process.emitWarning
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: Array<unknown>) {
    const text = typeof warning === "string" ? warning : warning?.message
    const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type ?? (warning as Error)?.name
    if (type === "ExperimentalWarning" && typeof text === "string" && EXPERIMENTAL_SQLITE.test(text)) return
    return (emitWarning as (...args: Array<unknown>) => void).call(this, warning, ...rest)
  } as typeof process.emitWarning
  try {
    sqlite = process.getBuiltinModule("node:sqlite") as typeof NodeSqlite | undefined
  } finally {
    process.emitWarning = emitWarning
  }
  if (sqlite === undefined) {
    throw Object.assign(new Error(`node:sqlite is not available in Node ${process.version} (skc needs Node >= 22.16)`), {
      code: "ENOMODULE"
    })
  }
  return sqlite
}

/** SQLite's primary result codes by number (https://sqlite.org/rescode.html), for the names the adapters test. */
const RESULT_NAMES: Record<number, string> = {
  1: "SQLITE_ERROR",
  2: "SQLITE_INTERNAL",
  3: "SQLITE_PERM",
  4: "SQLITE_ABORT",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  8: "SQLITE_READONLY",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  12: "SQLITE_NOTFOUND",
  13: "SQLITE_FULL",
  14: "SQLITE_CANTOPEN",
  15: "SQLITE_PROTOCOL",
  16: "SQLITE_EMPTY",
  17: "SQLITE_SCHEMA",
  18: "SQLITE_TOOBIG",
  19: "SQLITE_CONSTRAINT",
  20: "SQLITE_MISMATCH",
  21: "SQLITE_MISUSE",
  22: "SQLITE_NOLFS",
  23: "SQLITE_AUTH",
  24: "SQLITE_FORMAT",
  25: "SQLITE_RANGE",
  26: "SQLITE_NOTADB"
}

/**
 * A Node whose built-in SQLite has no FTS5 (Node 22.13.0 to 22.15.1; a distribution's build without it) answers
 * every search index statement "no such module: fts5": said with what it means and the way on, not as a bare
 * SQLite message under E999 (a probe of each official Node 22 binary).
 */
const NO_FTS5 = /no such module: fts5/i
const fts5Explained = (err: { message?: unknown }): void => {
  if (typeof err.message !== "string" || !NO_FTS5.test(err.message) || err.message.includes("Node.js")) return
  try {
    err.message = `${err.message} (the SQLite built into Node.js ${process.version} has no FTS5, which skc's search index needs: use Node.js 22.16 or newer)`
  } catch {
    // a frozen error keeps its message
  }
}

/** The SQLite name of a `node:sqlite` failure (`SQLITE_BUSY`, …); other errors keep their code. */
export const named = (e: unknown): unknown => {
  if (typeof e !== "object" || e === null) return e
  const err = e as { code?: unknown; errcode?: unknown; message?: unknown }
  fts5Explained(err)
  if (err.code === "ERR_SQLITE_ERROR" && typeof err.errcode === "number") {
    const name = RESULT_NAMES[err.errcode & 0xff]
    if (name !== undefined) {
      try {
        err.code = name
      } catch {
        // a frozen error keeps Node's code
      }
    }
  }
  return e
}

const guard = <A>(f: () => A): A => {
  try {
    return f()
  } catch (e) {
    throw named(e)
  }
}

export type Row = Record<string, unknown>
export type Param = null | number | bigint | string | Uint8Array

/** A prepared statement: `run` for changes, `get` for the first row, `all` for every row. */
export class Statement {
  readonly statement: StatementSync
  constructor(statement: StatementSync) {
    this.statement = statement
  }
  run(...params: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return guard(() => this.statement.run(...(params as Array<Param>)))
  }
  get(...params: ReadonlyArray<unknown>): Row | undefined {
    return guard(() => this.statement.get(...(params as Array<Param>)) as Row | undefined)
  }
  all(...params: ReadonlyArray<unknown>): Array<Row> {
    return guard(() => this.statement.all(...(params as Array<Param>)) as Array<Row>)
  }
}

/**
 * A bounded cache of `db`'s prepared statements by SQL text, least recently
 * used dropped first: a connection prepares each statement it runs again
 * once (the SqlClient of ./SqliteClient.ts and the search index's reads).
 */
export const preparedCache = (db: Database, capacity: number) => {
  const cache = new Map<string, Statement>()
  return (sql: string): Statement => {
    let statement = cache.get(sql)
    if (statement !== undefined) cache.delete(sql)
    else statement = db.prepare(sql)
    cache.set(sql, statement)
    if (cache.size > capacity) cache.delete(cache.keys().next().value as string)
    return statement
  }
}

/**
 * SQLite's Unix file layer opens paths of at most 512 bytes (MAX_PATHNAME); past that it says only "unable to
 * open database file": the length is said. The text is src/domain/sqlitePathLimit.ts's `pathTooLongText`,
 * written again here because Node loads this file by type stripping alone (test/e2e/node-sqlite-warning), which
 * resolves no `.js` import to its `.ts`: it imports node's modules only. test/adapters/nodeSqlite.test.ts
 * checks that `pathTooLongIn` finds what this writes.
 */
const SQLITE_MAX_PATHNAME = 512
const tooLong = (e: unknown, location: string): unknown => {
  const bytes = Buffer.byteLength(location)
  if (bytes < SQLITE_MAX_PATHNAME || !(e instanceof Error) || !/unable to open database file/.test(e.message)) return e
  try {
    e.message = `${e.message} (its path is ${bytes} bytes; SQLite opens paths of at most ${SQLITE_MAX_PATHNAME}: use a shorter directory)`
  } catch {
    // a frozen error keeps its message
  }
  return e
}

/**
 * The same message for a file opened to write in a directory it cannot be made in (a read-only mount, a
 * directory of another user's): the reason is said, with the directory. A build probe read only "unable to
 * open database file", and `search` then sent it to the build that failed so.
 */
const unwritable = (e: unknown, location: string, readonly: boolean): unknown => {
  if (readonly || !(e instanceof Error) || !/unable to open database file/.test(e.message) || /its path is \d+ bytes/.test(e.message)) return e
  const dir = dirname(location)
  try {
    accessSync(dir, fsConstants.W_OK)
    return e
  } catch (why) {
    const code = (why as { code?: unknown }).code
    try {
      e.message = `${e.message} (its directory ${dir} ${code === "ENOENT" ? "does not exist" : `is not writable${typeof code === "string" ? `: ${code}` : ""}`})`
    } catch {
      // a frozen error keeps its message
    }
    return e
  }
}

export interface OpenOptions {
  /** Open read-only: never creates the file, never writes (default false). */
  readonly readonly?: boolean
  /** Milliseconds SQLite's own busy handler waits for a lock (default 0: fail at once with SQLITE_BUSY). */
  readonly timeout?: number
}

/**
 * One connection. A missing file opened read-only fails with
 * SQLITE_CANTOPEN; opened for writing it is created.
 */
export class Database {
  readonly db: DatabaseSync
  // `DatabaseSync#isOpen` is newer than Node 22.13.
  private open = true
  /** The file's `heldFiles` key while this connection is open. */
  private held: string | undefined
  constructor(location: string, options: OpenOptions = {}) {
    const { DatabaseSync } = nodeSqlite()
    try {
      this.db = guard(() => new DatabaseSync(location, { readOnly: options.readonly ?? false, timeout: options.timeout ?? 0 }))
    } catch (e) {
      throw unwritable(tooLong(e, location), location, options.readonly ?? false)
    }
    this.held = holdFile(location)
  }
  prepare(sql: string): Statement {
    return new Statement(guard(() => this.db.prepare(sql)))
  }
  exec(sql: string): this {
    guard(() => this.db.exec(sql))
    return this
  }
  /**
   * `PRAGMA <source>`: its rows, or with `simple` the first column of the
   * first row (`pragma("user_version", { simple: true })` → 3).
   */
  pragma(source: string, options?: { readonly simple?: boolean }): unknown {
    const rows = this.prepare(`PRAGMA ${source}`).all()
    if (options?.simple !== true) return rows
    const first = rows[0]
    return first === undefined ? undefined : Object.values(first)[0]
  }
  /** Transactions of this wrapper open now: an inner one is part of the outer (SQLite has no nested BEGIN). */
  private depth = 0
  /** Run `f` inside BEGIN … COMMIT, rolled back when it throws; inside another transaction, as part of it. */
  transaction<A>(f: () => A, mode: "DEFERRED" | "IMMEDIATE" = "DEFERRED"): A {
    if (this.depth > 0) {
      this.depth++
      try {
        return f()
      } finally {
        this.depth--
      }
    }
    this.exec(`BEGIN ${mode}`)
    this.depth++
    try {
      const result = f()
      this.depth--
      this.exec("COMMIT")
      return result
    } catch (e) {
      this.depth = 0
      try {
        this.exec("ROLLBACK")
      } catch {
        // SQLite rolled back already (a failed COMMIT or an I/O error)
      }
      throw e
    }
  }
  get isOpen(): boolean {
    return this.open
  }
  close(): void {
    if (!this.open) return
    this.open = false
    try {
      guard(() => this.db.close())
    } finally {
      releaseFile(this.held)
      this.held = undefined
    }
  }
}

/**
 * The files this process has open through SQLite, by device and inode, with how many connections each.
 * POSIX record locks belong to a process and a file: closing any descriptor of the file drops every lock
 * the process holds on it (fcntl(2)), its SQLite connections' included. SQLite keeps that rule for its own
 * descriptors; a descriptor skc opens beside them is skc's to keep (`isHeldBySqlite`). A WAL connection's
 * shared lock on its database is how another process's connection knows, closing, that it is not the last
 * one: with the server's lock dropped by a header read, an external `sqlite3` that read the log checkpointed
 * and deleted its `-wal` under the server's pooled writer, whose later rows were lost and whose log then
 * read as corrupt and was moved aside (a team-server probe).
 */
const heldFiles = new Map<string, number>()

const fileKey = (path: string): string | undefined => {
  try {
    const s = statSync(path, { bigint: true, throwIfNoEntry: false })
    return s === undefined ? undefined : `${s.dev}:${s.ino}`
  } catch {
    return undefined
  }
}

/** The file a connection opened at `location` (a path or a `file:` URL) holds; undefined for a database in memory. */
const holdFile = (location: string): string | undefined => {
  if (location === "" || location === ":memory:") return undefined
  let path = location
  if (location.startsWith("file:")) {
    try {
      path = fileURLToPath(new URL(location))
    } catch {
      return undefined
    }
  }
  const key = fileKey(path)
  if (key !== undefined) heldFiles.set(key, (heldFiles.get(key) ?? 0) + 1)
  return key
}

const releaseFile = (key: string | undefined): void => {
  if (key === undefined) return
  const n = (heldFiles.get(key) ?? 1) - 1
  if (n <= 0) heldFiles.delete(key)
  else heldFiles.set(key, n)
}

/** Whether a connection of this process has the file with this device and inode open: no descriptor of it may be closed beside it. */
export const isHeldBySqlite = (dev: bigint | number, ino: bigint | number): boolean => heldFiles.has(`${dev}:${ino}`)

/**
 * A read-only connection that needs no write anywhere: SQLite's `immutable`
 * URI parameter skips locking and the `-shm`/`-wal` files, which a WAL-mode
 * database otherwise needs even to be read. For files in read-only places or
 * on a full disk; rows still only in a `-wal` file are not seen.
 */
export const openImmutable = (file: string): Database => new Database(`${pathToFileURL(file).href}?immutable=1`, { readonly: true })
