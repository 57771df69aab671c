/**
 * The access log on SQLite (RFC-0007:C-LOGGING), on `node:sqlite` directly
 * (./nodeSqlite.ts, DECISIONS #42).
 *
 * Why not the `SqlClient`: a client opens the database inside a scope,
 * switches to WAL without a busy timeout of our choosing, and reports every
 * failure as one `SqlError` — while the log needs (1) the exact open/write
 * failure to decide on the EAFP fallback, (2) retries on a busy database so
 * that many agents calling skc at once never lose a row, and (3) the
 * cheapest possible write path (one connection per row, no pool, no extra
 * modules, left open for a CLI process's exit: "Left open" below), since
 * every gateway call pays for it. The calls are synchronous, so each
 * operation is a single `Effect.try`.
 *
 * This module is only ever loaded through `AccessLogLazy.ts` (dynamic import).
 */
import { asText, listRows, nullableText, summaryGroups, text } from "../statsRows.js"
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs"
import { mkdirAll } from "../node/mkdirAll.js"
import { dirname } from "node:path"
import { Duration, Effect, Schedule } from "effect"
import type { AccessLogRow, AccessLogService, AggregateRows, GroupBy, LogPage, LogSpan, Period } from "../../ports/AccessLog.js"
import { FOREIGN_WAL_CODE, LogStoreError, ORPHANED_WAL_CODE, RETIRED_LOG_CODE } from "../../ports/AccessLog.js"
import { AGENT_COMMANDS, fractionOf, loggedTimestampSql, secondsKey, untilKey, type StatsFilters } from "../../domain/stats.js"
import { fileStamp, SqliteConnections, type ConnectionPool, type PoolEntry, type PooledLog } from "./ConnectionPool.js"
import { statsOf } from "../node/fileStamp.js"
import { DB_HEADER_READ_BYTES, walAtRisk, walProblem } from "./walHeader.js"
import { Database, isHeldBySqlite, openImmutable, type OpenOptions, type Statement } from "./nodeSqlite.js"
import { argOf, byAuthorOf, CATCH_UP_CHUNK, catchUp, keptAndRecentRows, keptLacksCommand, keptSummaryRows, SUMMARY_SCHEMA, summaryIsCurrent, summaryKey } from "./accessSummary.js"

/** How the adapter opens a database: the real driver, or a test's instrumented one. */
export type DatabaseConstructor = new (file: string, options?: OpenOptions) => Database

export const COLUMNS = ["timestamp", "run_id", "command", "skill", "skill_path", "cwd", "args", "error"] as const

/**
 * 2: the kept summary (./accessSummary.ts, issue 30). 3: its groups counted when a summary is asked
 * for, no longer by a trigger at every insert. An older log gains the current schema at its next write.
 */
const SCHEMA_VERSION = 3
/** The mark `skc sync` leaves in a fallback log it has begun to merge (`markMerging`). */
const MERGING_TABLE = "skc_sync_merging"
const SCHEMA = `
CREATE TABLE IF NOT EXISTS access_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  timestamp TEXT NOT NULL,
  run_id TEXT NOT NULL,
  command TEXT NOT NULL,
  skill TEXT NOT NULL,
  skill_path TEXT NOT NULL,
  cwd TEXT NOT NULL,
  args TEXT NOT NULL DEFAULT '{}',
  error TEXT
);
CREATE INDEX IF NOT EXISTS access_log_timestamp ON access_log(timestamp);
${SUMMARY_SCHEMA}
`
/**
 * The stamp, written only where the log's version was found lower (`openForWrite`): the repairs and the
 * retiring that run `SCHEMA` again never lower a newer skc's stamp, which `foreignWal` (walHeader.ts) takes
 * for a -wal of another database.
 */
const STAMP = `PRAGMA user_version = ${SCHEMA_VERSION};`

/**
 * Waiting for a lock held by another process happens here, in Effect
 * (`Effect.retry` with a `Schedule`), never inside SQLite: its busy handler
 * sleeps synchronously, and so would freeze the MCP server's event loop
 * while another skc process writes. Connections therefore open with no busy
 * timeout, and an operation that meets SQLITE_BUSY/LOCKED is retried whole
 * after a short, growing, jittered pause (at most 100 ms), for up to 10 s.
 */
const BUSY_TIMEOUT_MS = 0
const BUSY_BUDGET = "10 seconds"

const codeOf = (e: unknown): string => {
  const code = (e as { code?: unknown })?.code
  return typeof code === "string" ? code : "UNKNOWN"
}
const isBusy = (e: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(codeOf(e))

/** Short, growing, jittered pauses (at most 100 ms) for up to `budget`. */
const busyRetries = (budget: Duration.Input) =>
  Schedule.min([Schedule.exponential("5 millis", 1.5), Schedule.spaced("100 millis")]).pipe(Schedule.jittered, Schedule.upTo({ duration: budget }))
const busySchedule = busyRetries(BUSY_BUDGET)

const retryWhileBusy = <A>(self: Effect.Effect<A, LogStoreError>) => Effect.retry(self, { schedule: busySchedule, while: isBusy })

const failure = (op: LogStoreError["op"], path: string) => (e: unknown) => {
  const message = e instanceof Error ? e.message : String(e)
  const reason = e instanceof UnsoundLog ? { reason: e.message } : {}
  return new LogStoreError({ op, path, code: message.includes(RETIRED_MESSAGE) ? RETIRED_LOG_CODE : codeOf(e), message, ...reason })
}

/**
 * A log `checkHeader` finds unsound before SQLite opens it, with SQLite's code for it (NOTADB, CORRUPT) so
 * that it is repaired as SQLite's own findings are, and the reason said in skc's words (`LogStoreError.reason`).
 */
class UnsoundLog extends Error {
  constructor(
    message: string,
    readonly code: "SQLITE_NOTADB" | "SQLITE_CORRUPT" | typeof ORPHANED_WAL_CODE | typeof FOREIGN_WAL_CODE
  ) {
    super(message)
  }
}

/**
 * A retired log (`retire`, RFC-0007:C-SYNC) holds a trigger that aborts every insert. The check runs inside
 * the inserting statement, once it holds the write lock and has read the schema as last committed (a
 * connection prepared before the trigger existed prepares its statement again): a row is committed before
 * the retiring or refused, never written to a file its sync has already read for the last time. Only a
 * retired log holds it, so no other write pays for it.
 */
const RETIRED_MESSAGE = "skillc: this log is retired by skc sync"
const RETIRE_SQL = `CREATE TRIGGER IF NOT EXISTS skillc_retired BEFORE INSERT ON access_log BEGIN SELECT RAISE(ABORT, '${RETIRED_MESSAGE}'); END;`
const UNRETIRE_SQL = "DROP TRIGGER IF EXISTS skillc_retired;"

const exists = (file: string) => {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1")

/** The reason given for a -wal that holds rows beside no database (the repair moves the -wal alone aside). */
const ORPHANED_WAL = "its database file is missing while its -wal holds rows (the log was moved or deleted without its -wal)"

/**
 * A file that does not start as a database is SQLITE_NOTADB, as SQLite says
 * of it — except where a write-ahead log of an earlier file still lies beside
 * it (the log was replaced while a connection, such as the MCP server's
 * pooled one, had it open): SQLite would then read the old file's pages from
 * that log and write into the new file's bytes. Reported here, the caller
 * moves the file and its `-wal` aside (src/app/usage/logRepair.ts). Missing, empty
 * and very short files are left to SQLite. Whether there was a file to open, so that a writer makes a
 * missing one without looking again (`createWithUmask`).
 */
const checkHeader = (dbFile: string): boolean => {
  // A log this process has open through SQLite is read no further here: closing a descriptor of it would
  // drop the connections' locks (nodeSqlite.ts `isHeldBySqlite`). SQLite opened it as a database; its
  // `-wal` is still checked (SQLite locks the `-shm`, never the `-wal`).
  const now = statsOf(dbFile)
  if (now !== undefined && now.isFile() && isHeldBySqlite(now.dev, now.ino)) {
    const atRisk = walAtRisk(dbFile, Number(now.size))
    if (atRisk !== undefined) throw new UnsoundLog(atRisk, "SQLITE_CORRUPT")
    return true
  }
  let fd: number
  try {
    // Non-blocking: a FIFO in the log's place blocked this open (and SQLite's) for good, the process deaf
    // to SIGTERM; opened so, it is seen below for what it is.
    fd = openSync(dbFile, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch {
    return false
  }
  try {
    const info = fstatSync(fd)
    // A directory where the log should be: every row went to the fallback without a word, `stats` said "No
    // recorded accesses" and `sync` E041. Not a database: moved aside like any other (logRepair.ts).
    if (info.isDirectory()) throw new UnsoundLog("a directory, not a database", "SQLITE_NOTADB")
    if (!info.isFile()) throw new UnsoundLog("not a regular file (a FIFO, a socket or a device), not a database", "SQLITE_NOTADB")
    const head = Buffer.alloc(DB_HEADER_READ_BYTES)
    const n = readSync(fd, head, 0, head.length, 0)
    // SQLite's own words for this one (the repair warning has always said SQLITE_NOTADB): no reason of skc's.
    if (n >= SQLITE_HEADER.length && !head.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER)) {
      throw Object.assign(new Error("file is not a database"), { code: "SQLITE_NOTADB" })
    }
    // The rows of its -wal that SQLite would drop without a word, or a -wal of another database that would
    // overwrite them (walHeader.ts).
    const problem = walProblem(dbFile, info.size, n === head.length ? head : undefined)
    if (problem?.atRisk !== undefined) throw new UnsoundLog(problem.atRisk, "SQLITE_CORRUPT")
    if (problem?.foreign !== undefined) throw new UnsoundLog(problem.foreign, FOREIGN_WAL_CODE)
  } finally {
    closeSync(fd)
  }
  return true
}

/** The columns of RFC-0007:C-LOGGING's `access_log` after `id`, as an older table gets them: rows kept, a default for each. */
const LOG_COLUMNS: ReadonlyArray<readonly [name: string, added: string]> = [
  ["timestamp", "TEXT NOT NULL DEFAULT ''"],
  ["run_id", "TEXT NOT NULL DEFAULT ''"],
  ["command", "TEXT NOT NULL DEFAULT ''"],
  ["skill", "TEXT NOT NULL DEFAULT ''"],
  ["skill_path", "TEXT NOT NULL DEFAULT ''"],
  ["cwd", "TEXT NOT NULL DEFAULT ''"],
  ["args", "TEXT NOT NULL DEFAULT '{}'"],
  ["error", "TEXT"]
]

/**
 * An `access_log` of an older or foreign schema, brought to this one before it is stamped (in the caller's
 * transaction): each missing column added, its rows kept. It was stamped as current unchanged, and every
 * row then went to the fallback log without a word, `stats` failed E999 "no such column: args" and `sync`
 * said E041 "not writable" (an old-data probe). A table no row can be written into — no `id`, or a column
 * of its own that must be given and has no default — is another program's: the log is moved aside whole
 * (logRepair.ts, its rows kept there) and made afresh.
 */
/** The columns of the log's `access_log` table. */
const columnsOf = (db: Database) => db.prepare("PRAGMA table_info(access_log)").all() as Array<{ name: string; notnull: number; dflt_value: unknown; pk: number }>

const migrateColumns = (db: Database): void => {
  // A view (or anything else) named access_log: no row can be written into it, nor an index made on it.
  const kind = (db.prepare("SELECT type FROM sqlite_master WHERE name = 'access_log'").get() as { type?: unknown } | undefined)?.type
  if (kind !== undefined && kind !== "table") throw new UnsoundLog(`its access_log is a ${String(kind)}, not skc's table`, "SQLITE_CORRUPT")
  if (!hasTable(db)) return
  const columns = columnsOf(db)
  const names = new Set(columns.map((c) => c.name))
  const known = new Set(["id", ...LOG_COLUMNS.map(([n]) => n)])
  const blocking = columns.filter((c) => !known.has(c.name) && c.notnull === 1 && c.dflt_value === null && c.pk === 0).map((c) => c.name)
  if (!names.has("id") || blocking.length > 0) {
    const why = !names.has("id") ? "no id column" : `column${blocking.length === 1 ? "" : "s"} ${blocking.join(", ")} that no row of skc's fills`
    throw new UnsoundLog(`its access_log table is not skc's (${why})`, "SQLITE_CORRUPT")
  }
  for (const [name, added] of LOG_COLUMNS) if (!names.has(name)) db.exec(`ALTER TABLE access_log ADD COLUMN ${name} ${added}`)
}

/** Whether the log holds skc's `access_log`: a table with an `id` and every column a row of skc's fills. */
const hasSkcTable = (db: Database): boolean => {
  if (!hasTable(db)) return false
  const names = new Set(columnsOf(db).map((c) => c.name))
  return names.has("id") && LOG_COLUMNS.every(([n]) => names.has(n))
}

/**
 * Open for writing: create the directories, the file, WAL mode and the schema
 * when missing. `synchronous = NORMAL` in WAL mode keeps every commit atomic
 * and durable across process crashes without an fsync per row.
 */
const openForWrite = (Sqlite: DatabaseConstructor, dbFile: string): Database => {
  mkdirAll(dirname(dbFile))
  if (!checkHeader(dbFile)) {
    // A -wal whose database is gone: the log moved or deleted without it (a CLI leaves its rows in the -wal,
    // so the database file alone may hold none). A log made beside it reset it, and every row in it was lost
    // without a word (an operator's `mv logs.db logs.db.old`: 60 of 90 rows, a many-hands probe). Reported as
    // unsound, so that the -wal is moved aside with a warning (src/app/usage/logRepair.ts) before a log is made.
    if (!exists(dbFile)) {
      const risk = walAtRisk(dbFile, 0)
      // Rows beside no database: ORPHANED_WAL; a -wal that is a directory or a FIFO, or whose header is damaged, said as such.
      if (risk !== undefined) throw new UnsoundLog(risk.startsWith("it is ") ? ORPHANED_WAL : risk, ORPHANED_WAL_CODE)
    }
    createWithUmask(dbFile)
  }
  const db = new Sqlite(dbFile, { timeout: BUSY_TIMEOUT_MS })
  try {
    const version = db.pragma("user_version", { simple: true }) as number
    // A log of a newer skc keeps its version: stamped down to this one's, the newer skc would migrate it again.
    // One stamped as this skc's whose table is gone or not skc's (dropped by hand, another program's) is
    // brought back too: it was trusted by its stamp, and every row then went to the fallback log, which
    // `sync` could never merge ("no such table", said as E041 "not writable"; a robustness probe).
    if (version < SCHEMA_VERSION || (version === SCHEMA_VERSION && !hasSkcTable(db))) {
      db.pragma("journal_mode = WAL")
      db.exec("BEGIN IMMEDIATE")
      try {
        migrateColumns(db)
        db.exec(`${SCHEMA}${STAMP}COMMIT;`)
      } catch (e) {
        // `isTransaction` is newer than Node 22.13: a rollback with none open only fails, and is let go.
        try {
          db.exec("ROLLBACK")
        } catch {
          // none open
        }
        throw e
      }
    }
    db.pragma("synchronous = NORMAL")
    return db
  } catch (e) {
    db.close()
    throw e
  }
}

/**
 * A new log made as the process's other files are, 0666 less the umask: SQLite makes its files 0644
 * whatever the umask (SQLITE_DEFAULT_FILE_PERMISSIONS), and gives the `-wal` and `-shm` the database's own
 * mode. In a checkout two engineers share (umask 002, a group-writable project), the second one's reads
 * could not enter the first one's log and waited in a fallback neither could sync (a two-user probe). An
 * empty file is an empty database to SQLite; one made meanwhile by another process is left as it is.
 */
const createWithUmask = (dbFile: string): void => {
  try {
    closeSync(openSync(dbFile, constants.O_CREAT | constants.O_WRONLY | constants.O_EXCL, 0o666))
  } catch {
    // Recovery: made by another writer first (EEXIST), or not makeable here: SQLite's own open says which.
  }
}

const openForRead = (Sqlite: DatabaseConstructor, dbFile: string): Database | undefined => {
  // A read meets what a write would: a directory in the log's place, or a log whose -wal rows SQLite would
  // drop, is reported (and moved aside) here too.
  checkHeader(dbFile)
  if (!exists(dbFile)) return undefined
  return new Sqlite(dbFile, { readonly: true, timeout: BUSY_TIMEOUT_MS })
}

/** What `readOnlyFirst` returns when a read-only connection cannot read the log here. */
const NOT_READ: unique symbol = Symbol("not read")

/**
 * Run `f` on a read-only connection, which never writes the database file nor deletes its `-wal`: in WAL
 * mode the last connection to close checkpoints the `-wal` into the database and deletes the `-wal` and
 * `-shm`, and only a writable connection can. A damaged fallback `skc sync` refused (E042: "skc keeps it unread … recover its rows with
 * sqlite3's .recover") was so rewritten by the very read that refused it, its `-wal` gone, and the next sync
 * found the rewritten file sound and deleted it (a probe, DECISIONS #30: "its file kept"). Corruption and a
 * busy log fail here as they would on any connection; `NOT_READ` when a read-only connection cannot read
 * it at all (a `-wal` index it would have to rebuild and may not write: SQLITE_READONLY, SQLITE_CANTOPEN).
 */
const readOnlyFirst = <A>(Sqlite: DatabaseConstructor, dbFile: string, f: (db: Database) => A): A | typeof NOT_READ => {
  let db: Database | undefined
  try {
    db = new Sqlite(dbFile, { readonly: true, timeout: BUSY_TIMEOUT_MS })
    return f(db)
  } catch (e) {
    if (isBusy(e) || isCorruptCode(codeOf(e))) throw e
    return NOT_READ
  } finally {
    db?.close()
  }
}

/**
 * SQLite's own verdict on the whole log (`PRAGMA quick_check`: every page of every table and index, its
 * `-wal`'s included), on `db`; unsound, a corrupt log. About 0.1 s for 300,000 rows.
 */
const quickCheck = (db: Database): void => {
  const first = db.prepare("PRAGMA quick_check(1)").get()
  const verdict = first === undefined ? "ok" : String(Object.values(first)[0])
  if (verdict !== "ok") throw new UnsoundLog(`SQLite's check finds it damaged: ${verdict.replace(/\s+/g, " ").trim().slice(0, 200)}`, "SQLITE_CORRUPT")
}

/**
 * Fail as corrupt when the log at `dbFile` is not sound, found without changing a byte of it: before `skc
 * sync` opens a fallback for writing (`markMerging`, `retire`), whose close would checkpoint into a damaged
 * file the user is then told to recover (E042, DECISIONS #30: "its file kept"). A log a read-only
 * connection cannot read here is left to the writer's open, as before.
 */
const checkSound = (Sqlite: DatabaseConstructor, dbFile: string): void => {
  checkHeader(dbFile)
  if (exists(dbFile)) readOnlyFirst(Sqlite, dbFile, quickCheck)
}

/**
 * Run `f` on a connection that sees every committed row, the `-wal`'s included; `undefined` when there is no
 * database. For `sync`, which deletes what it has read: a read-only connection that needs to write (the
 * `-wal` index of a log whose writer still has it open, or one a killed writer left, as another user: the
 * sandboxed agent) fails SQLITE_READONLY, and `withReader`'s fallback, the immutable snapshot, reads the
 * database file alone. The rows still in the `-wal` were then deleted unsynced (an MCP server writing while
 * `skc sync` looped: 2 of 300 lost). Here a failure fails the read (E042 for sync, the file kept). A
 * read-only connection reads first, so that a log found damaged is left as it was (`readOnlyFirst`); a
 * writable one only where that one cannot read. `check`: SQLite's `quick_check` first (`quickCheck`), so
 * that a log damaged where no query of `f` reads is unsound too, as `skc sync` finds it (`checkSound`).
 */
const withWholeReader = <A>(Sqlite: DatabaseConstructor, dbFile: string, f: (db: Database) => A, check = false): A | undefined => {
  // A fallback whose -wal rows SQLite would drop is not read (and then deleted) as if it had none: E042 keeps it.
  checkHeader(dbFile)
  if (!exists(dbFile)) return undefined
  const read = readOnlyFirst(Sqlite, dbFile, (db) => {
    if (check) quickCheck(db)
    return f(db)
  })
  if (read !== NOT_READ) return read
  const db = new Sqlite(dbFile, { timeout: BUSY_TIMEOUT_MS })
  try {
    return f(db)
  } finally {
    db.close()
  }
}

/** SQLite's words for "this file is not a (sound) database": the log is moved aside and recreated. */
export const isCorruptCode = (code: string): boolean => /^SQLITE_(CORRUPT|NOTADB)/.test(code)

/**
 * A read connection that writes nothing anywhere (issue 19). A WAL-mode
 * database cannot be opened even read-only where its `-shm` file cannot be
 * created or written (a read-only runtime, a full disk): SQLite answers
 * SQLITE_READONLY or SQLITE_CANTOPEN. Opened `immutable`, SQLite takes no
 * lock and needs neither `-shm` nor `-wal`. Rows still only in the `-wal`
 * file (a writer killed mid-session) are not seen: `stats` reads what it can.
 */
const openSnapshot = (dbFile: string): Database => openImmutable(dbFile)

/**
 * Run `f` on a read connection; `undefined` when there is no database. A
 * failure that is neither a lock (retried by the caller) nor corruption
 * (reported as such) is tried once more on the in-memory snapshot.
 */
const withReader = <A>(Sqlite: DatabaseConstructor, dbFile: string, f: (db: Database) => A): A | undefined => {
  let db: Database | undefined
  try {
    db = openForRead(Sqlite, dbFile)
    if (db === undefined) return undefined
    return f(db)
  } catch (e) {
    if (isBusy(e) || isCorruptCode(codeOf(e))) throw e
    db?.close()
    db = undefined
    let snapshot: Database
    try {
      snapshot = openSnapshot(dbFile)
    } catch {
      throw e
    }
    try {
      return f(snapshot)
    } finally {
      snapshot.close()
    }
  } finally {
    db?.close()
  }
}

const hasTableNamed = (db: Database, name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined
const hasTable = (db: Database) => hasTableNamed(db, "access_log")

// --- aggregation SQL (RFC-0003:C-QUERIES, C-FILTERS) -------------------------

/** WHERE clause and parameters for the filters; shared by every query so filters apply before aggregation. */
export const filterClause = (filters: StatsFilters): { sql: string; params: Array<string | number> } => {
  const parts: Array<string> = []
  const params: Array<string | number> = []
  // A range over the bounds' whole seconds, then the rows of a bound's own second on the wrong side of its
  // fraction taken out (`secondsKey`, domain/stats.ts). The fraction of `…SS.500Z` is `0.500`; of `…SSZ`, `0`.
  const fraction = "CAST('0' || substr(timestamp, 20, length(timestamp) - 20) AS REAL)"
  if (filters.since !== null) {
    parts.push(`timestamp >= ? AND NOT (substr(timestamp, 1, 19) = ? AND ${fraction} < ?)`)
    params.push(secondsKey(filters.since), secondsKey(filters.since), fractionOf(filters.since))
  }
  if (filters.until !== null) {
    parts.push(`timestamp <= ? AND NOT (substr(timestamp, 1, 19) = ? AND ${fraction} > ?)`)
    params.push(untilKey(filters.until), secondsKey(filters.until), fractionOf(filters.until))
  }
  // A row whose timestamp is damaged ('', 'not-a-time': other writers) cannot be placed in a time range.
  if (filters.since !== null || filters.until !== null) parts.push(loggedTimestampSql())
  if (filters.projects.length > 0) {
    // Prefix match on path segments: `/a/b` matches `/a/b` and `/a/b/…`, never `/a/bc`.
    const ors = filters.projects.map((p) => {
      const prefix = p.endsWith("/") ? p : p + "/"
      params.push(p, prefix.length, prefix)
      return "(cwd = ? OR substr(cwd, 1, ?) = ?)"
    })
    parts.push(`(${ors.join(" OR ")})`)
  }
  if (filters.readers.length > 0) {
    // `--reader`: the token name a served call recorded, when it is a JSON string (json_extract gives an
    // object's JSON text, which a name must not match: PostgreSQL's `jsonb_typeof` check, teamSql.ts). A row
    // whose args are not JSON reads as null (json_type would fail on it: guarded first), as one without
    // `user`: neither is any reader's.
    const user = `CASE WHEN json_valid(args) THEN CASE WHEN json_type(args, '$.user') = 'text' THEN json_extract(args, '$.user') END END`
    parts.push(`${user} IN (${filters.readers.map(() => "?").join(", ")})`)
    params.push(...filters.readers)
  }
  return { sql: parts.length === 0 ? "1" : parts.join(" AND "), params }
}

const J = (key: string) => argOf(key)

/** A row recorded as the author's own call (DECISIONS #45); rows without a role are not. */
export const BY_AUTHOR = byAuthorOf()

/**
 * `args.line` of a `show --line` row: a positive integer, else NULL (another writer's "x" or 0 is no
 * line, and one group with the rows that have none, as in PostgreSQL's `teamSql.ts`). `json_type` fails
 * on text that is not JSON: guarded first, as `--reader`'s `user` is.
 */
const SHOWN_LINE = `CASE WHEN json_valid(args) THEN CASE WHEN json_type(args, '$.line') = 'integer' AND json_extract(args, '$.line') > 0 THEN json_extract(args, '$.line') END END`

/** Agent reads only (issue 17, DECISIONS #45), unless the author's own work is asked for. */
export const audienceClause = (filters: Pick<StatsFilters, "include_author">): string => (filters.include_author ? "1" : readsClause(filters))

/**
 * The funnel's reads (issue 49 item 4): reads of the skill, the author's own too with `include_author`;
 * never build, lint, eval or stats, which with `include_author` counted as reads (a `skc stats` made one).
 */
export const readsClause = (filters: Pick<StatsFilters, "include_author">): string =>
  `command IN (${AGENT_COMMANDS.map((c) => `'${c}'`).join(", ")})${filters.include_author ? "" : ` AND NOT ${BY_AUTHOR}`}`

/**
 * The summary's one grouped scan, for filtered summaries and logs whose kept
 * summary cannot be brought up to date (./accessSummary.ts); also the
 * per-skill floor of `stats --all` (bench/stats.mjs). SQLite groups by
 * sorting every row, so the three predicates share one small integer key
 * (`summaryKey().flags`) instead of three sort columns. The outer query,
 * over the few groups, names them again.
 */
export const summarySql = (where: string): string => {
  const k = summaryKey()
  return `SELECT command, section, file, (flags & 1) <> 0 AS failed, (flags & 2) <> 0 AS missing,
      unanswered, (flags & 4) <> 0 AS by_author, count, start, "end"
    FROM (SELECT command, ${k.section} AS section, ${k.file} AS file, ${k.flags} AS flags, ${k.unanswered} AS unanswered,
          count(*) AS count, min(timestamp) AS start, max(timestamp) AS "end"
        FROM access_log WHERE ${where} GROUP BY 1, 2, 3, 4, 5)`
}

/**
 * The SQL of each query type; exported so the benchmark's floor runs exactly
 * the same statements. `where` holds the filters; `audience` the agent-only
 * clause, which summary and commands do not take (they show both, labelled).
 */
export const aggregateSql = (groupBy: GroupBy, where: string, audience = "1"): string => {
  const counted = `${where} AND ${audience}`
  switch (groupBy) {
    case "summary":
      return summarySql(where)
    case "sections":
      // By `args.line` too: which of two headings of one text was read (src/domain/headingReads.ts).
      return `SELECT section, file, line, count(*) AS count FROM (
          SELECT ${J("section")} AS section, ${J("file")} AS file, ${SHOWN_LINE} AS line FROM access_log
          WHERE command = 'show' AND error IS NULL AND ${counted})
        WHERE section IS NOT NULL GROUP BY section, file, line ORDER BY count DESC, file ASC, section ASC, line ASC`
    case "files":
      return `SELECT file, count(*) AS count FROM (
          SELECT CASE command WHEN 'show' THEN ${J("file")} ELSE ${J("path")} END AS file FROM access_log
          WHERE command IN ('show', 'open') AND error IS NULL AND ${counted})
        WHERE file IS NOT NULL GROUP BY file ORDER BY count DESC, file ASC`
    case "commands":
      // A BLOB command counted as the text it holds, as the summary's groups count it (accessSummary.ts).
      return `SELECT ${summaryKey().command} AS command, coalesce(${J("via")}, 'cli') AS via, ${BY_AUTHOR} AS by_author, count(*) AS count FROM access_log WHERE ${where}
        GROUP BY 1, 2, 3 ORDER BY 1 ASC, via ASC, by_author ASC`
    case "projects":
      return `SELECT cwd AS project, count(*) AS count FROM access_log WHERE ${counted} GROUP BY cwd ORDER BY count DESC, project ASC`
    case "users":
    case "clients": {
      // Issue 49 item 2: rows without the key (CLI, stdio) are one group, listed last.
      const key = groupBy === "users" ? "user" : "client"
      return `SELECT ${J(key)} AS ${key}, count(*) AS count FROM access_log WHERE ${counted}
        GROUP BY 1 ORDER BY ${key} IS NULL ASC, count DESC, ${key} ASC`
    }
    case "funnel":
      // Issue 49 item 4: activations by trigger (and all of them), then the counted reads.
      // The filters once (their `?` parameters are bound once), in a common table the three parts read.
      return `WITH f AS (SELECT * FROM access_log WHERE ${where})
        SELECT coalesce(${J("trigger")}, 'unknown') AS trigger, count(*) AS count, count(DISTINCT ${J("session")}) AS sessions, 0 AS sections
          FROM f WHERE command = 'activate' GROUP BY 1
        UNION ALL SELECT '*', count(*), count(DISTINCT ${J("session")}), 0 FROM f WHERE command = 'activate'
        UNION ALL SELECT NULL, count(*), 0,
            count(DISTINCT CASE WHEN command = 'show' AND error IS NULL THEN ${J("file")} || char(31) || ${J("section")} END)
          FROM f WHERE command <> 'activate' AND ${audience}`
    case "errors":
      return `SELECT target, command, error, count(*) AS count FROM (
          SELECT coalesce(CASE command WHEN 'show' THEN ${J("section")} WHEN 'open' THEN ${J("path")}
            WHEN 'search' THEN ${J("query")} WHEN 'sources' THEN ${J("dir")} END, skill) AS target, command, error
          FROM access_log WHERE error IS NOT NULL AND ${counted})
        GROUP BY target, command, error ORDER BY count DESC, target ASC, command ASC, error ASC`
    case "search":
      // Every run counts; what it found is the newest run that ran (no error): a failed run (a stale index,
      // E002) logs result_count 0 and made a query that answers read as one that finds nothing (docs/stats.md).
      return `WITH s AS (
          SELECT id, error, ${J("query")} AS query, ${J("result_count")} AS result_count, ${J("partial")} AS partial
          FROM access_log WHERE command = 'search' AND ${counted})
        SELECT g.query AS query, g.count AS count, s.result_count AS result_count, s.partial AS partial FROM (
          SELECT query, count(*) AS count, max(CASE WHEN error IS NULL THEN id END) AS newest FROM s
          WHERE query IS NOT NULL GROUP BY query) g
        LEFT JOIN s ON s.id = g.newest ORDER BY g.count DESC, g.query ASC`
    case "unanswered":
      // The latest dated row's time (src/domain/stats.ts LOGGED_TIMESTAMP); a damaged one only when no row has a date.
      return `SELECT query, count(*) AS count, coalesce(max(CASE WHEN ${loggedTimestampSql()} THEN timestamp END), max(timestamp)) AS last FROM (
          SELECT ${J("query")} AS query, timestamp FROM access_log
          WHERE command = 'search' AND error IS NULL AND ${J("result_count")} = 0 AND ${counted})
        WHERE query IS NOT NULL GROUP BY query ORDER BY count DESC, query ASC`
    case "timeline":
      // A damaged timestamp is no day (src/domain/stats.ts LOGGED_TIMESTAMP).
      return `SELECT substr(timestamp, 1, 10) AS day, count(*) AS count FROM access_log WHERE ${counted} AND ${loggedTimestampSql()}
        GROUP BY day ORDER BY day ASC`
  }
}

/** issue 46 item 4: `stats` logs itself, so its own rows never make a view's period (or each call would move it). */
export const NOT_STATS = "command <> 'stats'"

/** The period: the earliest and latest access timestamp (RFC-0003:C-SCHEMA), damaged ones left out (src/domain/stats.ts). */
export const periodSql = (where: string) => {
  const dated = `CASE WHEN ${loggedTimestampSql()} THEN timestamp END`
  return `SELECT min(${dated}) AS start, max(${dated}) AS end FROM access_log WHERE ${where}`
}


const emptyRows = (groupBy: GroupBy): AggregateRows => {
  const period: Period = { start: null, end: null }
  return groupBy === "summary" ? { groupBy, period, groups: [] } : ({ groupBy, period, rows: [] } as AggregateRows)
}

/**
 * The summary's answer from grouped rows (the scan's, the kept groups, or both). Its period is that of
 * the rows it counts; the caller folds it from the groups (it knows which ones count).
 */
const summaryOf = (rows: Array<Record<string, unknown>>): AggregateRows => ({
  groupBy: "summary",
  period: { start: null, end: null },
  groups: summaryGroups(rows)
})

const runAggregate = (db: Database, groupBy: GroupBy, filters: StatsFilters): AggregateRows => {
  const { sql: where, params } = filterClause(filters)
  // The funnel and the reads per day count reads only: with `include_author`, not build, lint, eval or stats
  // rows (a day of `skc stats` calls was a bar of "reads" past the period the report named).
  const audience = groupBy === "funnel" || groupBy === "timeline" ? readsClause(filters) : audienceClause(filters)
  const rows = db.prepare(aggregateSql(groupBy, where, audience)).all(...params)
  if (groupBy === "summary") return summaryOf(rows)
  // The funnel counts activations and the counted reads: those make its period (a build does not).
  const counted = groupBy === "commands" ? where : groupBy === "funnel" ? `${where} AND (command = 'activate' OR (${audience}))` : `${where} AND ${audience}`
  const p = db.prepare(periodSql(`${counted} AND ${NOT_STATS}`)).get(...params) ?? {}
  return listRows(groupBy, { start: nullableText(p.start), end: nullableText(p.end) }, rows)
}

/** No filter the kept groups cannot answer: they hold neither time, nor project, nor reader. */
const unfiltered = (f: StatsFilters): boolean => f.since === null && f.until === null && f.projects.length === 0 && f.readers.length === 0

/** The kept groups in one read transaction, when they count every row. */
const readKept = (db: Database): AggregateRows | undefined =>
  db.transaction(() =>
    summaryIsCurrent(db)
      ? summaryOf(keptSummaryRows(db))
      : undefined
  )

/**
 * The summary from the kept groups (./accessSummary.ts): read when current,
 * else brought up to date on a write connection first, the groups read in
 * the catch-up's last write transaction; where the log cannot be written (a
 * read-only runtime), the kept groups with the rows after the watermark
 * added, read only. `undefined` when there is no log or no kept groups: the
 * caller then runs the grouped scan, which reports what is wrong if
 * anything is.
 */
const keptSummary = (Sqlite: DatabaseConstructor, dbFile: string): AggregateRows | undefined => {
  try {
    const db = openForRead(Sqlite, dbFile)
    if (db === undefined) return undefined
    try {
      if (!hasTable(db)) return undefined
      const kept = readKept(db)
      if (kept !== undefined) return kept
    } finally {
      db.close()
    }
    const writer = openForWrite(Sqlite, dbFile)
    try {
      return catchUp(writer, CATCH_UP_CHUNK, () => readKept(writer))
    } finally {
      writer.close()
    }
  } catch (e) {
    // Another writer's lock (an agent's row being written): the caller (`aggregate`) tries the whole read
    // again after a pause, and past summaryBusySchedule's budget answers read only (`keptAndRecent`); the grouped
    // scan would read every row of a long log.
    if (isBusy(e)) throw e
    // A log this reader cannot write (or open for writing): the kept groups plus the rows after the
    // watermark, read only; a damaged file fails here, for the caller to report.
    return keptAndRecent(Sqlite, dbFile)
  }
}

/** The kept groups plus the rows after their watermark, read only: nothing is written (WAL readers read through a writer's lock). */
const keptAndRecent = (Sqlite: DatabaseConstructor, dbFile: string): AggregateRows | undefined =>
  withReader(Sqlite, dbFile, (db) =>
    db.transaction(() => {
      const rows = hasTable(db) ? keptAndRecentRows(db) : undefined
      return rows === undefined ? undefined : summaryOf(rows)
    })
  )

/**
 * How long a summary waits for another writer's lock to bring the kept groups up to date before it
 * answers read only: an agent's row holds it for milliseconds; a process holding it longer (a long
 * transaction) made skc stats wait out the whole 10 s of retries and fail E999 "database is locked".
 */
const summaryBusySchedule = busyRetries("1 second")

/** The statement that appends one row, values in `COLUMNS` order (also the search benchmark's floor, bench/_search-floor.cjs). */
export const INSERT_ROW_SQL = `INSERT INTO access_log (${COLUMNS.join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`
const valuesOf = (row: AccessLogRow) => COLUMNS.map((c) => row[c])

/**
 * The insert statement. SQLite compiles the kept summary's trigger into it,
 * so a log whose summary tables were dropped by hand (the trigger left
 * behind) fails here with "no such table": the tables are made again
 * (empty, behind the watermark: the next summary catches up) and the row
 * is written, never lost.
 */
const prepareInsert = (db: Database): Statement => {
  try {
    return db.prepare(INSERT_ROW_SQL)
  } catch (e) {
    if (!/no such table: (main\.)?access_summary/.test(e instanceof Error ? e.message : String(e))) throw e
    // Whichever of the two was dropped, the groups start over from the first row.
    db.exec(`BEGIN IMMEDIATE;${SCHEMA}DELETE FROM access_summary; UPDATE access_summary_state SET through = 0;COMMIT;`)
    return db.prepare(INSERT_ROW_SQL)
  }
}

/**
 * Left open (issue 47, `cli.search.all`). Closing the last connection of a
 * WAL database checkpoints it: the `-wal` is copied into the database and
 * deleted, with an fsync of each, about 1.5 ms a log; `search --all` writes
 * 26 logs. A CLI process ends with `process.exit` (src/layers.ts,
 * `exitLeavingLogsOpen`), which closes nothing, so a connection it leaves
 * open leaves its row in the `-wal` beside the log: committed, as durable
 * as every row (a crash of the process loses nothing; a power loss may lose
 * the last commits, `synchronous = NORMAL`'s own terms), and read from
 * there by the next connection, as the rows of the MCP server's pooled
 * connections are while it runs. SQLite reads it at the next open, so a
 * connection whose `-wal` has grown past `KEPT_WAL_BYTES` (about twenty
 * rows) is closed, checkpointing as every write once did. At most
 * `LEFT_OPEN_MAX` stay open, one per log (an earlier one of the same log is
 * closed first, which checkpoints nothing while the new one is open).
 */
const KEPT_WAL_BYTES = 256 * 1024
const LEFT_OPEN_MAX = 64
const leftOpen = new Map<string, Database>()

/** Close without a word: the row is written, and a failed close must not read as a failed write (a second row). */
const closeQuietly = (db: Database | undefined): void => {
  try {
    db?.close()
  } catch {
    // Nothing is lost: the row was committed before.
  }
}

/** After its row: `db` left open, unless its `-wal` is due a checkpoint; never throws. */
const leaveOpen = (dbFile: string, db: Database): void => {
  const earlier = leftOpen.get(dbFile)
  leftOpen.delete(dbFile)
  closeQuietly(earlier)
  const wal = statsOf(`${dbFile}-wal`)
  if (wal === undefined || Number(wal.size) > KEPT_WAL_BYTES) return closeQuietly(db)
  leftOpen.set(dbFile, db)
  if (leftOpen.size <= LEFT_OPEN_MAX) return
  const [oldest, first] = leftOpen.entries().next().value as [string, Database]
  leftOpen.delete(oldest)
  closeQuietly(first)
}

/** Close every log connection left open (tests; a process that ends otherwise than by `process.exit` closes them itself). */
export const closeLeftOpen = (): void => {
  for (const db of leftOpen.values()) closeQuietly(db)
  leftOpen.clear()
}

/**
 * One row on a connection of its own: open, insert, then close it, or
 * leave it open for the process's exit (the CLI: one or a few rows per
 * process, "Left open" above).
 */
const appendOnce = (Sqlite: DatabaseConstructor, dbFile: string, row: AccessLogRow, leave = false): void => {
  const db = openForWrite(Sqlite, dbFile)
  let written = false
  try {
    prepareInsert(db).run(...valuesOf(row))
    written = true
  } finally {
    if (written && leave) leaveOpen(dbFile, db)
    else db.close()
  }
}

/**
 * One row through the session's pool (`skc mcp`, issue 16): the write
 * connection of an earlier call is used again while the file at `dbFile` is
 * the one it wrote last (`fileStamp`: device, inode, size, times, taken again
 * after each write). Anything else — the log moved aside as corrupt,
 * deleted, overwritten, checkpointed by another process — closes it and
 * opens the file again through `openForWrite`, where a missing log is
 * created and a corrupt one fails with SQLITE_CORRUPT/NOTADB for the caller
 * to repair (src/app/usage/logRepair.ts). A failed write drops the connection, so
 * the caller's retry (busy) or repair starts from a fresh one.
 */
const appendPooled = (
  Sqlite: DatabaseConstructor,
  pool: ConnectionPool<PooledLog>,
  dbFile: string,
  row: AccessLogRow,
  held?: Array<PoolEntry<PooledLog>>
): void => {
  let entry = pool.get(dbFile, fileStamp(dbFile))
  if (entry === undefined) {
    const db = openForWrite(Sqlite, dbFile)
    let insert: Statement
    try {
      insert = prepareInsert(db)
    } catch (e) {
      db.close()
      throw e
    }
    const stamp = fileStamp(dbFile)
    const value: PooledLog = { insert: (values) => void insert.run(...values), close: () => db.close() }
    if (stamp === undefined) {
      // Gone again already: write through it once, keep nothing.
      try {
        value.insert(valuesOf(row))
      } finally {
        db.close()
      }
      return
    }
    entry = pool.put(dbFile, stamp, value)
  }
  if (held !== undefined) {
    pool.acquire(entry)
    held.push(entry)
  }
  try {
    entry.value.insert(valuesOf(row))
  } catch (e) {
    pool.retire(dbFile)
    throw e
  }
  const after = fileStamp(dbFile)
  if (after === undefined) pool.retire(dbFile)
  else entry.stamp = after
}

/** One selected row as the port's value (a missing `args` reads as `{}`). */
const logRow = (r: Record<string, unknown>): AccessLogRow => ({
  timestamp: text(r.timestamp),
  run_id: text(r.run_id),
  command: text(r.command),
  skill: text(r.skill),
  skill_path: text(r.skill_path),
  cwd: text(r.cwd),
  args: r.args === null || r.args === undefined ? "{}" : asText(r.args),
  error: nullableText(r.error)
})

export const makeSqliteAccessLog = (Sqlite: DatabaseConstructor): AccessLogService => ({
  // A batch holds each log's connection until its last row is written: a connection in use is never the one
  // the pool evicts, so a cross-skill search answered by more skills than the pool's bound grows the bound
  // instead of closing (and checkpointing) the logs the next call writes to again (ConnectionPool.ts).
  appendEach: (rows) =>
    Effect.flatMap(SqliteConnections, ({ pools, logsLeftOpen }) =>
      Effect.sync(() => {
        const held: Array<PoolEntry<PooledLog>> = []
        try {
          return rows.map(({ dbFile, row }) => {
            try {
              if (pools === undefined) appendOnce(Sqlite, dbFile, row, logsLeftOpen)
              else appendPooled(Sqlite, pools.logs, dbFile, row, held)
              return undefined
            } catch (e) {
              return failure("write", dbFile)(e)
            }
          })
        } finally {
          for (const e of held) pools?.logs.release(e)
        }
      })
    ),

  append: (dbFile, row) =>
    Effect.flatMap(SqliteConnections, ({ pools, logsLeftOpen }) =>
      Effect.try({
        try: () => (pools === undefined ? appendOnce(Sqlite, dbFile, row, logsLeftOpen) : appendPooled(Sqlite, pools.logs, dbFile, row)),
        catch: failure("write", dbFile)
      })
    ).pipe(retryWhileBusy),

  aggregate: (dbFile, groupBy, filters) => {
    const scan = Effect.try({
      try: () => withReader(Sqlite, dbFile, (db) => (hasTable(db) ? runAggregate(db, groupBy, filters) : emptyRows(groupBy))) ?? emptyRows(groupBy),
      catch: failure("read", dbFile)
    }).pipe(retryWhileBusy)
    if (!(groupBy === "summary" && unfiltered(filters))) return scan
    return Effect.try({ try: () => keptSummary(Sqlite, dbFile), catch: failure("read", dbFile) }).pipe(
      Effect.retry({ schedule: summaryBusySchedule, while: isBusy }),
      // A lock held past the budget: read only, the kept groups plus the rows after their watermark.
      Effect.catchIf(isBusy, () => Effect.try({ try: () => keptAndRecent(Sqlite, dbFile), catch: failure("read", dbFile) }).pipe(retryWhileBusy)),
      Effect.flatMap((kept) => (kept === undefined ? scan : Effect.succeed(kept)))
    )
  },

  // The rowid walked backwards, stopping at the first row of `command`: no index of its own (each would
  // cost every append). A command neither the kept groups nor the rows after their watermark hold is not
  // looked for at all: the walk would read the whole log to find nothing (issue 30).
  latest: (dbFile, command) =>
    Effect.try({
      try: () =>
        withReader(Sqlite, dbFile, (db) => {
          if (!hasTable(db) || keptLacksCommand(db, command)) return undefined
          const r = db.prepare("SELECT timestamp, args FROM access_log WHERE command = ? ORDER BY id DESC LIMIT 1").get(command)
          return r === undefined ? undefined : { timestamp: text(r.timestamp), args: r.args === null || r.args === undefined ? "{}" : asText(r.args) }
        }),
      catch: failure("read", dbFile)
    }).pipe(retryWhileBusy),

  readAll: (dbFile) =>
    Effect.try({
      try: () => {
        const rows = withReader(Sqlite, dbFile, (db) => {
          if (!hasTable(db)) return []
          return db.prepare(`SELECT ${COLUMNS.join(", ")} FROM access_log ORDER BY id`).all().map(logRow)
        })
        if (rows === undefined) throw Object.assign(new Error(`no such file: ${dbFile}`), { code: "ENOENT" })
        return rows
      },
      catch: failure("read", dbFile)
    }).pipe(retryWhileBusy),

  readPage: (dbFile, after, limit) =>
    Effect.try({
      try: () => {
        const page = withReader(Sqlite, dbFile, (db): LogPage => {
          if (!hasTable(db)) return { rows: [], last: after, ...(after === 0 ? { total: 0 } : {}) }
          const raw = db.prepare(`SELECT id, ${COLUMNS.join(", ")} FROM access_log WHERE id > ? ORDER BY id LIMIT ?`).all(after, limit)
          const last = raw.length === 0 ? after : Number(raw[raw.length - 1]!.id)
          const total = after === 0 ? Number((db.prepare("SELECT count(*) AS n FROM access_log").get() as { n: number }).n) : undefined
          return { rows: raw.map(logRow), last, ...(total === undefined ? {} : { total }) }
        })
        if (page === undefined) throw Object.assign(new Error(`no such file: ${dbFile}`), { code: "ENOENT" })
        return page
      },
      catch: failure("read", dbFile)
    }).pipe(retryWhileBusy),

  // The span's end is the timestamp of its `limit`-th row (one step of the timestamp index), and the span
  // every row up to and including it: the rows of one second stay together. Spans walk the text timestamps
  // only, so that `last` (text) orders exactly as SQLite orders them; a row whose timestamp is not text (a
  // damaged log: a number, a blob) comes once, with the first span. Walking them too looped: a blob sorts
  // after every text but reads back as text ("1"), and the next span started over below it.
  readSpan: (dbFile, after, limit) =>
    Effect.try({
      try: () => {
        const span = withWholeReader(Sqlite, dbFile, (db): LogSpan => {
          if (!hasTable(db)) return { rows: [], ids: [], last: undefined, ...(after === undefined ? { skillPaths: [] } : {}) }
          const from = after === undefined ? ["typeof(timestamp) = 'text'"] : ["typeof(timestamp) = 'text'", "timestamp > ?"]
          const bound = after === undefined ? [] : [after]
          const edge = db.prepare(`SELECT timestamp FROM access_log WHERE ${from.join(" AND ")} ORDER BY timestamp LIMIT 1 OFFSET ?`).get(...bound, Math.max(0, limit - 1))
          const where = edge === undefined ? from : [...from, "timestamp <= ?"]
          const params = edge === undefined ? bound : [...bound, edge.timestamp as string]
          const texts = db.prepare(`SELECT id, ${COLUMNS.join(", ")} FROM access_log WHERE ${where.join(" AND ")} ORDER BY timestamp, id`).all(...params)
          const last = texts.length === 0 ? undefined : String(texts[texts.length - 1]!.timestamp)
          const others = after === undefined ? db.prepare(`SELECT id, ${COLUMNS.join(", ")} FROM access_log WHERE typeof(timestamp) != 'text' ORDER BY id`).all() : []
          const read = [...texts, ...others]
          const rows = read.map(logRow)
          const ids = read.map((r) => Number(r.id))
          const skillPaths =
            after === undefined ? db.prepare("SELECT DISTINCT skill_path FROM access_log ORDER BY skill_path").all().map((r) => text(r.skill_path)) : undefined
          const marked = after === undefined ? hasTableNamed(db, MERGING_TABLE) : undefined
          return { rows, ids, last, ...(skillPaths === undefined ? {} : { skillPaths }), ...(marked === undefined ? {} : { marked }) }
        }, after === undefined)
        if (span === undefined) throw Object.assign(new Error(`no such file: ${dbFile}`), { code: "ENOENT" })
        return span
      },
      catch: failure("read", dbFile)
    }).pipe(retryWhileBusy),

  merge: (dbFile, rows, { dryRun, exact }) =>
    Effect.try({
      try: () => {
        if (rows.length === 0) return 0
        if (dryRun) {
          if (exact === true) return rows.length
          const db = openForRead(Sqlite, dbFile)
          if (db === undefined) return rows.length
          try {
            return hasTable(db) ? missingRows(db, rows).length : rows.length
          } finally {
            db.close()
          }
        }
        const db = openForWrite(Sqlite, dbFile)
        try {
          const insert = prepareInsert(db)
          return db.transaction(() => {
            const missing = exact === true ? rows : missingRows(db, rows)
            for (const row of missing) insert.run(...valuesOf(row))
            return missing.length
          }, "IMMEDIATE")
        } finally {
          db.close()
        }
      },
      catch: failure("write", dbFile)
    }).pipe(retryWhileBusy),

  exclusively: (lockFile, waitMs, effect) =>
    Effect.acquireUseRelease(
      Effect.try({
        try: () => {
          mkdirAll(dirname(lockFile))
          const db = new Sqlite(lockFile, { timeout: BUSY_TIMEOUT_MS })
          try {
            // A rollback-journal database whose EXCLUSIVE lock is held until the transaction ends: no -wal to share.
            db.exec("PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE;")
            return db
          } catch (e) {
            db.close()
            throw e
          }
        },
        catch: failure("open", lockFile)
      }).pipe(Effect.retry({ schedule: busyRetries(Duration.millis(waitMs)), while: isBusy })),
      () => effect,
      (db) => Effect.sync(() => closeQuietly(db))
    ),

  markMerging: (dbFile) =>
    Effect.try({
      try: () => {
        // A damaged fallback is refused as it is, never written (and so checkpointed) first: E042 keeps it whole.
        checkSound(Sqlite, dbFile)
        const db = openForWrite(Sqlite, dbFile)
        try {
          // A table of its own, beside the log's: a writer of any version leaves it alone. Checked and made in
          // one transaction, so of two syncs marking one file only one finds it unmarked.
          return db.transaction(() => {
            if (hasTableNamed(db, MERGING_TABLE)) return false
            db.exec(`CREATE TABLE ${MERGING_TABLE} (started TEXT NOT NULL); INSERT INTO ${MERGING_TABLE} VALUES (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));`)
            return true
          }, "IMMEDIATE")
        } finally {
          db.close()
        }
      },
      catch: failure("write", dbFile)
    }).pipe(retryWhileBusy),

  retire: (dbFile, retired) =>
    Effect.try({
      try: () => {
        if (!exists(dbFile)) return
        // Neither retired nor taken back into use when damaged (a sync's E042): opened for writing, its close
        // checkpointed the -wal into the file skc had just promised to keep unread, and deleted the -wal.
        checkSound(Sqlite, dbFile)
        const db = new Sqlite(dbFile, { timeout: BUSY_TIMEOUT_MS })
        try {
          // A log a writer has just created and not yet given its table (openForWrite: file, then schema, then
          // the row) is retired too: the schema is written with the trigger, in one transaction, so the writer
          // finds it (user_version) and its row is refused. Retired only when it had the table, such a log
          // took the row after the sync's last read (an MCP server writing while sync looped: 1 of 300 lost).
          if (retired) db.exec(`BEGIN IMMEDIATE;${SCHEMA}${RETIRE_SQL}COMMIT;`)
          else if (hasTable(db)) db.exec(UNRETIRE_SQL)
        } finally {
          db.close()
        }
      },
      catch: failure("write", dbFile)
    }).pipe(retryWhileBusy)
})

/**
 * The rows of `rows` that `db` does not hold yet, counting multiplicity: a
 * row is a duplicate when every column but `id` matches (DECISIONS #30), and
 * n identical incoming rows against m stored ones add n − m. One scan of the
 * stored rows in the incoming rows' time range (the timestamp index), counted
 * in a map: linear in both, where a count query per row was quadratic
 * (issue 29 item 4: 20,000 rows took 15.7 s).
 */
const missingRows = (db: Database, rows: ReadonlyArray<AccessLogRow>): ReadonlyArray<AccessLogRow> => {
  let first = rows[0]!.timestamp
  let last = first
  for (const r of rows) {
    if (r.timestamp < first) first = r.timestamp
    if (r.timestamp > last) last = r.timestamp
  }
  const stored = new Map<string, number>()
  for (const r of db.prepare(`SELECT ${COLUMNS.join(", ")} FROM access_log WHERE timestamp BETWEEN ? AND ?`).all(first, last)) {
    const key = JSON.stringify(COLUMNS.map((c) => r[c] ?? null))
    stored.set(key, (stored.get(key) ?? 0) + 1)
  }
  const missing: Array<AccessLogRow> = []
  for (const row of rows) {
    const key = JSON.stringify(valuesOf(row).map((v) => v ?? null))
    const left = stored.get(key) ?? 0
    if (left > 0) stored.set(key, left - 1)
    else missing.push(row)
  }
  return missing
}

/** The service on Node's built-in SQLite. */
export const loadSqliteAccessLog = (): AccessLogService => makeSqliteAccessLog(Database)
