/**
 * The access log (RFC-0007:C-LOGGING): one SQLite database per runtime
 * directory (`<runtime>/.skillc-meta/logs.db`) holding the `access_log` table.
 *
 * The port speaks in database files, not skills: where a row goes (primary or
 * fallback, EAFP) is an application decision (`src/app/usage/accessLog.ts`), and
 * the stats and sync use cases read and merge files the app has located.
 * Aggregations run inside the store (SQL) because logs grow to millions of rows.
 */
import { Context, Data, Effect } from "effect"
import type { AccessLogRow } from "../domain/logRows.js"
import type { StatsFilters } from "../domain/stats.js"

export type { AccessLogRow } from "../domain/logRows.js"

/**
 * A log database could not be used. `code` is the SQLite or system error code
 * (`SQLITE_READONLY`, `SQLITE_CANTOPEN`, `SQLITE_CORRUPT`, `SQLITE_NOTADB`,
 * `ENOTDIR`, `EACCES`…).
 */
export class LogStoreError extends Data.TaggedError("LogStoreError")<{
  readonly op: "open" | "write" | "read"
  readonly path: string
  readonly code: string
  readonly message: string
  /** Why the log is unsound in the adapter's own words (a damaged `-wal`, a directory in its place), where SQLite has none. */
  readonly reason?: string
}> {}

/** Rows grouped by everything the summary needs, computed in one scan. */
export interface SummaryGroup {
  readonly command: string
  /** `show`: the section; otherwise null. */
  readonly section: string | null
  /** `show`: the matched file; `open`: the path; otherwise null. */
  readonly file: string | null
  readonly failed: boolean
  /** A failure that means "the skill does not have it": `show` E020, `open` E021. */
  readonly missing: boolean
  /** `search` that ran and found nothing (`result_count` 0): its query; otherwise null. */
  readonly unanswered: string | null
  /** Rows recorded as the author's own calls (`args.role` = "author", DECISIONS #45). */
  readonly byAuthor: boolean
  readonly count: number
  /** Oldest and newest timestamp of the group. */
  readonly start: string
  readonly end: string
}

export interface Period {
  readonly start: string | null
  readonly end: string | null
}

export type AggregateRows =
  | { readonly groupBy: "summary"; readonly period: Period; readonly groups: ReadonlyArray<SummaryGroup> }
  /**
   * One row per heading text, file and logged `args.line` (null: none; `show --line` logs the start line of
   * the heading it showed, the one of two headings of one text it read). The use case merges the lines back
   * into RFC-0003:C-QUERIES' one entry per section and file; the lines say which heading was read
   * (src/domain/headingReads.ts).
   */
  | {
      readonly groupBy: "sections"
      readonly period: Period
      readonly rows: ReadonlyArray<{ section: string; file: string | null; line: number | null; count: number }>
    }
  | { readonly groupBy: "files"; readonly period: Period; readonly rows: ReadonlyArray<{ file: string; count: number }> }
  | {
      readonly groupBy: "commands"
      readonly period: Period
      /** One row per command, channel (`via`: `mcp` when `args.via` says so, else `cli`) and role (`byAuthor`, DECISIONS #45). */
      readonly rows: ReadonlyArray<{ command: string; via: string; byAuthor: boolean; count: number }>
    }
  | { readonly groupBy: "projects"; readonly period: Period; readonly rows: ReadonlyArray<{ project: string; count: number }> }
  /** Issue 49 item 2: by `args.user` (the HTTP token's name) and `args.client` (the MCP client); null: none recorded. */
  | { readonly groupBy: "users"; readonly period: Period; readonly rows: ReadonlyArray<{ user: string | null; count: number }> }
  | { readonly groupBy: "clients"; readonly period: Period; readonly rows: ReadonlyArray<{ client: string | null; count: number }> }
  /**
   * Issue 49 item 4: activations (`activate` rows) per `args.trigger` with
   * their distinct sessions, one row `trigger: "*"` for all of them, and one
   * row `trigger: null` for the counted reads with the distinct sections shown.
   */
  | {
      readonly groupBy: "funnel"
      readonly period: Period
      readonly rows: ReadonlyArray<{ trigger: string | null; count: number; sessions: number; sections: number }>
    }
  | {
      readonly groupBy: "errors"
      readonly period: Period
      readonly rows: ReadonlyArray<{ target: string; command: string; error: string; count: number }>
    }
  | {
      readonly groupBy: "search"
      readonly period: Period
      /** `result_count`/`partial` of the query's newest row. */
      readonly rows: ReadonlyArray<{ query: string; count: number; result_count: number | null; partial: boolean }>
    }
  | { readonly groupBy: "unanswered"; readonly period: Period; readonly rows: ReadonlyArray<{ query: string; count: number; last: string }> }
  /** Counted rows per UTC day (`YYYY-MM-DD`), oldest first: the report's reads over time. */
  | { readonly groupBy: "timeline"; readonly period: Period; readonly rows: ReadonlyArray<{ day: string; count: number }> }

export type GroupBy = AggregateRows["groupBy"]

/** One page of a log read in id order (`AccessLogService.readPage`). */
export interface LogPage {
  readonly rows: ReadonlyArray<AccessLogRow>
  /** The local id of the last row of the page; the `after` of the next page. */
  readonly last: number
  /** Rows in the whole log: given with the first page (`after` 0) only. */
  readonly total?: number
}

/** One span of a log read in timestamp order (`AccessLogService.readSpan`). */
export interface LogSpan {
  readonly rows: ReadonlyArray<AccessLogRow>
  /** Each row's local id in the log read, in the order of `rows`: which rows a merge took (`skc sync`). */
  readonly ids: ReadonlyArray<number>
  /** The timestamp of the span's last rows, the `after` of the next span; undefined when no span follows. */
  readonly last: string | undefined
  /** Every source the whole log's rows name (`skill_path`, each once): given with the first span only. */
  readonly skillPaths?: ReadonlyArray<string>
  /** Whether the log bears `markMerging`'s mark (a merge began on it): given with the first span only. */
  readonly marked?: boolean
}

/** The newest row of one command in a log (`AccessLogService.latest`): when, and its `args` as logged (JSON text). */
export interface LatestRow {
  readonly timestamp: string
  readonly args: string
}

export interface AccessLogService {
  /**
   * Append one row, creating the parent directories, the database and the
   * schema when missing. Safe under many concurrent writers (WAL + busy
   * timeout + retries); a failure means this location cannot take the row.
   */
  readonly append: (dbFile: string, row: AccessLogRow) => Effect.Effect<void, LogStoreError>
  /**
   * Several rows, each appended to its own log as `append` would, in one
   * call (`search --all` writes a row in each skill that answered): the
   * failure of each row, in order, `undefined` for a row written. No retry
   * here: the caller takes a failed row through `append` again (busy
   * retries, repair, fallback). Optional: without it rows go one by one.
   */
  readonly appendEach?: (
    rows: ReadonlyArray<{ readonly dbFile: string; readonly row: AccessLogRow }>
  ) => Effect.Effect<ReadonlyArray<LogStoreError | undefined>>
  /**
   * Aggregate the rows passing `filters`; a missing database is an empty log.
   * `summary` and `commands` return author work too (each group names its
   * command, so the caller labels and splits); every other view counts only
   * agent reads unless `filters.include_author`.
   */
  readonly aggregate: (dbFile: string, groupBy: GroupBy, filters: StatsFilters) => Effect.Effect<AggregateRows, LogStoreError>
  /**
   * The newest row (highest local id) of `command` in a database, or
   * `undefined` when it holds none; a missing database holds none. One
   * indexed lookup, whatever the log's size: `stats` shows the skill's
   * latest `eval` beside its reads (issue 27).
   */
  readonly latest: (dbFile: string, command: string) => Effect.Effect<LatestRow | undefined, LogStoreError>
  /** Every row of a database (sync source); fails when it cannot be read. */
  readonly readAll: (dbFile: string) => Effect.Effect<ReadonlyArray<AccessLogRow>, LogStoreError>
  /**
   * Up to `limit` rows whose local id is above `after`, in id order, and the
   * last id read (`after` again when none): a large log read page by page in
   * bounded memory (`sync --to`, issue 18). With `after` 0 the page also says
   * how many rows the log holds. Fails when the database cannot be read.
   */
  readonly readPage: (dbFile: string, after: number, limit: number) => Effect.Effect<LogPage, LogStoreError>
  /**
   * About `limit` rows whose timestamp is after `after` (from the first when
   * undefined), in timestamp then id order, every row of the span's last
   * timestamp included: rows identical to the second are never split between
   * spans, so `merge` of one span at a time adds exactly what a merge of the
   * whole log would (DECISIONS #30), in bounded memory (`sync`). Rows whose
   * timestamp is not text (a damaged log) come once, with the first span.
   * Fails when the database cannot be read.
   */
  readonly readSpan: (dbFile: string, after: string | undefined, limit: number) => Effect.Effect<LogSpan, LogStoreError>
  /**
   * Add to `dbFile` the rows it does not hold yet, in one transaction, and
   * return how many were (or, with `dryRun`, would be) added. Rows are
   * compared on every column but `id` as a multiset, so legitimately repeated
   * rows survive and a second merge of the same rows adds nothing (DECISIONS #30); with `exact`, none is.
   */
  readonly merge: (
    dbFile: string,
    rows: ReadonlyArray<AccessLogRow>,
    /**
     * `exact`: every row given is added, none compared: the caller knows that none of them is in `dbFile`
     * yet (`skc sync` of a fallback never merged before). Two calls of one agent session (`SKC_RUN_ID`) with
     * the same arguments in the same second are two equal rows, and compared they were one.
     */
    options: { readonly dryRun: boolean; readonly exact?: boolean }
  ) => Effect.Effect<number, LogStoreError>
  /**
   * Mark the log `dbFile` as being merged (`skc sync`, a fallback it holds aside): true when it had never
   * been marked (so none of its rows can be in a skill's log yet), false when a merge began on it before (a
   * sync killed or failed midway, its rows partly merged). Fails when the log cannot be written.
   */
  readonly markMerging: (dbFile: string) => Effect.Effect<boolean, LogStoreError>
  /**
   * Retire the log `dbFile` (`retired` true), or take it back into use: once
   * retired, no append commits to it. A writer that opened it earlier fails
   * with code `RETIRED_LOG_CODE` and writes to its path again (`skc sync`
   * retires a fallback it has renamed aside before its last read of it, so
   * that no row lands there after that read: RFC-0007:C-SYNC). Decided inside
   * the writer's own write, so a row is either committed before the retiring
   * or refused. A missing database stays missing.
   */
  readonly retire: (dbFile: string, retired: boolean) => Effect.Effect<void, LogStoreError>
  /**
   * Run `effect` holding the exclusive lock `lockFile` (a database of its own, made when missing): one `skc
   * sync` of a project at a time. Waits up to `waitMs` for another holder, then fails with a busy code
   * (`isBusyLog`). The lock goes with the process that holds it, whatever ends it.
   */
  readonly exclusively: <A, E, R>(lockFile: string, waitMs: number, effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | LogStoreError, R>
}

/** The code of an append refused by a retired log (`retire`): the row goes to the log's path again. */
export const RETIRED_LOG_CODE = "SKC_LOG_RETIRED"

/**
 * A `-wal` holding rows beside no database (the log moved or deleted without it): unsound as a corrupt log
 * is (`isCorruptLog`), and repaired by moving the `-wal` alone aside, never a database at the path, which is
 * then another process's fresh log.
 */
export const ORPHANED_WAL_CODE = "SQLITE_CORRUPT_SKC_ORPHANED_WAL"

/**
 * The code of a log whose `-wal` is another database's (the SQLite adapter's `foreignWal`):
 * corrupt, so the log is moved aside, but its `-wal` is kept under a name SQLite never reads as that
 * file's (`FOREIGN_WAL_SUFFIX`): beside the moved log as `<file>-wal`, the first open would apply it and
 * orphan the very rows the move kept.
 */
export const FOREIGN_WAL_CODE = "SQLITE_CORRUPT_SKC_FOREIGN_WAL"

/** What a foreign `-wal` is renamed to beside its moved-aside log (`<that file>.foreign-wal`). */
export const FOREIGN_WAL_SUFFIX = ".foreign-wal"

export class AccessLog extends Context.Service<AccessLog, AccessLogService>()("skillc/AccessLog") {}

/** Another process holds the lock (SQLITE_BUSY*, SQLITE_LOCKED*), longer than the wait allowed. */
export const isBusyLog = (e: LogStoreError): boolean => /^SQLITE_(BUSY|LOCKED)/.test(e.code)

/** SQLite's words for "this file is not a (sound) database" (SQLITE_CORRUPT*, SQLITE_NOTADB): the log is moved aside. */
export const isCorruptLog = (e: LogStoreError): boolean => /^SQLITE_(CORRUPT|NOTADB)/.test(e.code)

/** `log.appendEach`, or for a log without it each row through `append`, its failure kept. */
export const appendEachOf =
  (log: AccessLogService) =>
  (rows: ReadonlyArray<{ readonly dbFile: string; readonly row: AccessLogRow }>): Effect.Effect<ReadonlyArray<LogStoreError | undefined>> =>
    log.appendEach !== undefined
      ? log.appendEach(rows)
      : Effect.forEach(rows, ({ dbFile, row }) => Effect.match(log.append(dbFile, row), { onFailure: (e) => e, onSuccess: () => undefined }))

/**
 * `log` with every write dropped and every read as it was: the benchmarks'
 * baseline without logging (`SKC_BENCH_DISABLE_LOG=1`, chosen by the
 * composition root, src/layers.ts; `skc stats` still reads the logs there).
 * Use cases never look at that switch themselves (issue 28 item 3).
 */
export const withoutWrites = (log: AccessLogService): AccessLogService => ({
  ...log,
  append: () => Effect.void,
  appendEach: (rows) => Effect.succeed(rows.map(() => undefined))
})

/**
 * A log that keeps nothing (issue 28 item 3): every row is accepted and
 * dropped, every database reads as empty. For embedders who want no access
 * log (`makeLiveLayer({ accessLog: noAccessLog })`).
 */
export const noAccessLog: AccessLogService = {
  append: () => Effect.void,
  appendEach: (rows) => Effect.succeed(rows.map(() => undefined)),
  retire: () => Effect.void,
  exclusively: (_lockFile, _waitMs, effect) => effect,
  aggregate: (_dbFile, groupBy) =>
    Effect.succeed(
      groupBy === "summary"
        ? { groupBy, period: { start: null, end: null }, groups: [] }
        : ({ groupBy, period: { start: null, end: null }, rows: [] } as AggregateRows)
    ),
  latest: () => Effect.succeed(undefined),
  readAll: () => Effect.succeed([]),
  readPage: (_dbFile, after) => Effect.succeed({ rows: [], last: after, ...(after === 0 ? { total: 0 } : {}) }),
  readSpan: (_dbFile, after) => Effect.succeed({ rows: [], ids: [], last: undefined, ...(after === undefined ? { skillPaths: [] } : {}) }),
  merge: () => Effect.succeed(0),
  markMerging: () => Effect.succeed(true)
}
