/**
 * SQLite connections kept open across the calls of a long-lived process
 * (`skc mcp`, issue 16): the read-only search indexes (issue 14's
 * `skc_search` without `skill` opens one per skill) and the access logs'
 * write connections (RFC-0007:C-LOGGING, one row per call). A one-shot CLI
 * process has no pools and keeps opening and closing per use.
 *
 * A pooled connection is only ever used for the file it was opened on: every
 * use first stats the path and compares its identity (device, inode, size,
 * modification and change times) with the one recorded when the connection
 * was opened or last written through. A build replaces an index by an
 * atomic rename (a new inode), so the next call reopens: never an answer
 * from an index of other sources (DECISIONS #22). A log moved aside as
 * corrupt, deleted, overwritten in place, or checkpointed by another process
 * changes identity too, and is reopened through the normal open path (which
 * is where corruption is detected and repaired).
 *
 * Bounded: at most `max` connections per pool, least recently used closed
 * first; all are closed when the session ends (`closeAll`, the server's
 * runtime finalizer). A connection in use by a request (`acquire`d and not
 * yet `release`d) is never the one evicted: when every connection is in use
 * (a cross-skill search holds one index per skill in scope until it
 * answers), the bound grows to fit them, up to `ceiling`. Least recently
 * used eviction alone is the worst policy for that cyclic use: with 78
 * skills in scope and 64 connections, every call found none of its
 * indexes open and reopened all 78 (103 ms a call instead of 18). A
 * connection found stale while in use, or evicted at the ceiling, is
 * closed by its last user.
 *
 * This module is light (no SQLite): the server creates the pools, the SQLite
 * adapters (loaded lazily) use them through the `SqliteConnections` reference.
 */
import { Context } from "effect"
import type { OpenIndex } from "../../ports/SearchIndex.js"

export { fileStamp } from "../node/fileStamp.js"

export interface PoolEntry<T> {
  readonly value: T
  /** `fileStamp` of the path when the entry was opened or last written through. */
  stamp: string
  users: number
  retired: boolean
}

export interface ConnectionPool<T> {
  /** The entry for `key` when its stamp is `stamp` (most recently used now); a stale entry is retired. */
  readonly get: (key: string, stamp: string | undefined) => PoolEntry<T> | undefined
  /** Keep `value` for `key` (retiring any previous entry), evicting beyond the bound the least recently used entry not in use. */
  readonly put: (key: string, stamp: string, value: T) => PoolEntry<T>
  /** Drop `key`'s entry: closed now, or by its last user. */
  readonly retire: (key: string) => void
  readonly acquire: (entry: PoolEntry<T>) => void
  readonly release: (entry: PoolEntry<T>) => void
  readonly closeAll: () => void
  readonly size: () => number
}

export const makeConnectionPool = <T>(max: number, close: (value: T) => void, ceiling: number = Math.max(max, MAX_POOLED_CEILING)): ConnectionPool<T> => {
  const entries = new Map<string, PoolEntry<T>>()
  // The bound now: `max`, grown to the largest set of connections in use at once (never past `ceiling`).
  let bound = Math.min(max, ceiling)
  const closeQuietly = (e: PoolEntry<T>) => {
    try {
      close(e.value)
    } catch {
      // A connection that cannot close cleanly is dropped all the same.
    }
  }
  const retireEntry = (e: PoolEntry<T>) => {
    if (e.retired) return
    e.retired = true
    if (e.users === 0) closeQuietly(e)
  }
  const retire = (key: string) => {
    const e = entries.get(key)
    if (e === undefined) return
    entries.delete(key)
    retireEntry(e)
  }
  return {
    get: (key, stamp) => {
      const e = entries.get(key)
      if (e === undefined) return undefined
      if (stamp === undefined || e.stamp !== stamp) {
        retire(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, e)
      return e
    },
    put: (key, stamp, value) => {
      retire(key)
      const e: PoolEntry<T> = { value, stamp, users: 0, retired: false }
      entries.set(key, e)
      while (entries.size > bound) {
        // The least recently used connection no request is using; when every one is in use, the bound
        // grows to hold them (up to the ceiling, where the least recently used goes all the same).
        let idle: string | undefined
        for (const [k, v] of entries) {
          if (v.users === 0 && v !== e) {
            idle = k
            break
          }
        }
        if (idle !== undefined) retire(idle)
        else if (bound < ceiling) bound = Math.min(ceiling, entries.size)
        else retire(entries.keys().next().value as string)
      }
      return e
    },
    retire,
    acquire: (e) => void e.users++,
    release: (e) => {
      e.users--
      if (e.retired && e.users === 0) closeQuietly(e)
    },
    closeAll: () => {
      for (const key of [...entries.keys()]) retire(key)
    },
    size: () => entries.size
  }
}

/** Open connections per pool (the same bound as the freshness records, src/adapters/node/WatchingFreshness.ts). */
export const MAX_POOLED = 64

/**
 * How far a pool's bound grows while every connection is in use (one index per skill a cross-skill
 * search asks): 1,024 read-only index connections hold 1,024 file descriptors, well under what Node
 * raises its own limit to on start (the hard limit), and only as many as were in use at once.
 */
export const MAX_POOLED_CEILING = 1024

/** A read-only index connection and its queries. */
export interface PooledIndex {
  readonly index: OpenIndex
  readonly close: () => void
}

/** A log's write connection: one prepared INSERT. */
export interface PooledLog {
  readonly insert: (values: ReadonlyArray<unknown>) => void
  readonly close: () => void
}

/** The pools of one session: the index connections and the log writers. */
export interface SqlitePools {
  readonly indexes: ConnectionPool<PooledIndex>
  readonly logs: ConnectionPool<PooledLog>
  readonly closeAll: () => void
}

/**
 * How far the log writers' bound grows while a batch holds them (one log per skill that answered a
 * cross-skill search): a WAL log holds three file descriptors (the database, its `-wal` and `-shm`).
 */
export const MAX_POOLED_LOGS_CEILING = 256

export const makeSqlitePools = (max: number = MAX_POOLED): SqlitePools => {
  const indexes = makeConnectionPool<PooledIndex>(max, (c) => c.close())
  const logs = makeConnectionPool<PooledLog>(max, (c) => c.close(), Math.max(max, MAX_POOLED_LOGS_CEILING))
  return {
    indexes,
    logs,
    closeAll: () => {
      indexes.closeAll()
      logs.closeAll()
    }
  }
}

/**
 * The pools the SQLite adapters use, if any: none by default (open and close
 * per use, the library and the tests), the session's when the MCP server
 * provides them (`PooledConnectionsLive`, src/layers.ts).
 *
 * `logsLeftOpen`: a one-shot process that ends with `process.exit` (the CLI,
 * `exitLeavingLogsOpen` in src/layers.ts) leaves its access logs' write
 * connections open instead of closing each after its row
 * (AccessLogSqlite.ts, "Left open"): the close of a WAL database's last
 * connection checkpoints it, two fsyncs per log written.
 */
export interface SqliteConnectionsService {
  readonly pools: SqlitePools | undefined
  readonly logsLeftOpen?: boolean
}

export const SqliteConnections = Context.Reference<SqliteConnectionsService>("skillc/SqliteConnections", {
  defaultValue: () => ({ pools: undefined })
})
