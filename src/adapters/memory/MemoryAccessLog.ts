/**
 * An in-memory AccessLog for app tests and embedders without SQLite: each
 * database file is an array of rows in a Map by path. The views are the
 * SQLite adapter's statements (`aggregateSql` in ../sqlite/AccessLogSqlite.ts)
 * written as plain loops over the rows — same filters, audience, groups and
 * orderings — and decoded by the same `statsRows` helpers, so a use case
 * reads the same `AggregateRows` from either. The real behaviour (WAL,
 * retries, corruption) is the SQLite adapter's, tested on real files.
 */
import { Effect, Layer, Semaphore } from "effect"
import { compareBytewise } from "../../domain/sourcePaths.js"
import { AGENT_COMMANDS, isLoggedTimestamp, notAfter, notBefore, type StatsFilters } from "../../domain/stats.js"
import {
  AccessLog,
  LogStoreError,
  RETIRED_LOG_CODE,
  type AccessLogRow,
  type AccessLogService,
  type AggregateRows,
  type GroupBy,
  type LogPage,
  type LogSpan
} from "../../ports/AccessLog.js"
import { listRows, summaryGroups } from "../statsRows.js"

type Row = Record<string, unknown>
interface Stored extends AccessLogRow {
  readonly id: number
}

const COLUMNS = ["timestamp", "run_id", "command", "skill", "skill_path", "cwd", "args", "error"] as const

/** `args.<key>` as parsed JSON, or undefined when `args` is not a JSON object or lacks it. */
const argOf = (row: AccessLogRow, key: string): unknown => {
  let parsed: unknown
  try {
    parsed = JSON.parse(row.args)
  } catch {
    return undefined
  }
  return parsed === null || typeof parsed !== "object" || Array.isArray(parsed) ? undefined : (parsed as Record<string, unknown>)[key]
}

/** `json_extract(args, '$.<key>')` when `args` is valid JSON, else null; booleans read as SQLite's 1/0. */
const J = (row: AccessLogRow, key: string): unknown => {
  const v = argOf(row, key)
  if (v === undefined || v === null) return null
  if (typeof v === "boolean") return v ? 1 : 0
  return typeof v === "object" ? JSON.stringify(v) : v
}

/** `args.user` when it is a string (`J` would give an object's JSON text): who read, for `--reader`. */
const userOf = (row: AccessLogRow): string | undefined => {
  const user = argOf(row, "user")
  return typeof user === "string" ? user : undefined
}

const passes = (row: AccessLogRow, f: StatsFilters): boolean => {
  if (f.since !== null && !notBefore(row.timestamp, f.since)) return false
  if (f.until !== null && !notAfter(row.timestamp, f.until)) return false
  // As the SQL: a damaged timestamp cannot be placed in a time range.
  if ((f.since !== null || f.until !== null) && !isLoggedTimestamp(row.timestamp)) return false
  // As the SQL: only a JSON string `args.user` equal to a name; args that are not JSON have none.
  if (f.readers.length > 0) {
    const user = userOf(row)
    if (user === undefined || !f.readers.includes(user)) return false
  }
  if (f.projects.length > 0) {
    // Prefix match on path segments, as the SQL does: `/a/b` matches `/a/b` and `/a/b/…`, never `/a/bc`.
    return f.projects.some((p) => row.cwd === p || row.cwd.startsWith(p.endsWith("/") ? p : p + "/"))
  }
  return true
}

/** `args.line` of a `show --line` row: a positive integer, else null (SQLite's `SHOWN_LINE`). */
const shownLine = (row: AccessLogRow): number | null => {
  const v = argOf(row, "line")
  return typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : null
}

const byAuthor = (row: AccessLogRow) => J(row, "role") === "author"
/** The funnel's reads, as the SQL adapters' `readsClause`: the author's own too with `include_author`. */
const isRead = (row: AccessLogRow, f: StatsFilters) => (AGENT_COMMANDS as ReadonlyArray<string>).includes(row.command) && (f.include_author || !byAuthor(row))
/** What a view counts: agent reads, or everything with `include_author` (as `audienceClause`). */
const counted = (row: AccessLogRow, f: StatsFilters) => f.include_author || isRead(row, f)

/** SQLite's default ordering of text: NULL first, then bytewise. */
const cmp = (a: unknown, b: unknown): number =>
  a === b ? 0 : a === null || a === undefined ? -1 : b === null || b === undefined ? 1 : typeof a === "number" && typeof b === "number" ? a - b : compareBytewise(String(a), String(b))

/** Group `rows` by `keyOf` (null: left out); each group keeps its key values, count, oldest and newest row. */
const group = (rows: ReadonlyArray<Stored>, keyOf: (r: Stored) => Row | null) => {
  const groups = new Map<string, { key: Row; count: number; start: string; end: string; datedEnd: string | null; newest: Stored }>()
  for (const r of rows) {
    const key = keyOf(r)
    if (key === null) continue
    const k = JSON.stringify(key)
    const g = groups.get(k)
    const dated = isLoggedTimestamp(r.timestamp) ? r.timestamp : null
    if (g === undefined) groups.set(k, { key, count: 1, start: r.timestamp, end: r.timestamp, datedEnd: dated, newest: r })
    else {
      g.count++
      if (r.timestamp < g.start) g.start = r.timestamp
      if (r.timestamp > g.end) g.end = r.timestamp
      if (dated !== null && (g.datedEnd === null || dated > g.datedEnd)) g.datedEnd = dated
      if (r.id > g.newest.id) g.newest = r
    }
  }
  return [...groups.values()]
}

const withCount = (g: { readonly key: Row; readonly count: number }): Row => ({ ...g.key, count: g.count })

const byCountThen =
  (...keys: ReadonlyArray<string>) =>
  (a: Row, b: Row): number => {
    const c = Number(b.count) - Number(a.count)
    if (c !== 0) return c
    for (const k of keys) {
      const d = cmp(a[k], b[k])
      if (d !== 0) return d
    }
    return 0
  }

const aggregateRows = (all: ReadonlyArray<Stored>, groupBy: GroupBy, filters: StatsFilters): AggregateRows => {
  const where = all.filter((r) => passes(r, filters))
  if (groupBy === "summary") {
    const groups = group(where, (r) => ({
      command: r.command,
      section: r.command === "show" ? J(r, "section") : null,
      file: r.command === "show" ? J(r, "file") : r.command === "open" ? J(r, "path") : null,
      failed: r.error !== null,
      missing: r.error !== null && ["error[E020]", "error[E021]"].includes(r.error.slice(0, 11)),
      unanswered: r.command === "search" && r.error === null && J(r, "result_count") === 0 ? J(r, "query") : null,
      by_author: byAuthor(r)
    }))
    return { groupBy, period: { start: null, end: null }, groups: summaryGroups(groups.map((g) => ({ ...g.key, count: g.count, start: g.start, end: g.end }))) }
  }
  const audience =
    groupBy === "commands" || groupBy === "funnel"
      ? where
      : groupBy === "timeline"
        ? where.filter((r) => isRead(r, filters))
        : where.filter((r) => counted(r, filters))
  // issue 46 item 4: `stats` rows never make a view's period. The funnel's is that of what it counts:
  // activations and the counted reads (as the SQL adapters).
  const timed = groupBy === "funnel" ? where.filter((r) => r.command === "activate" || isRead(r, filters)) : audience
  const times = timed.filter((r) => r.command !== "stats" && isLoggedTimestamp(r.timestamp)).map((r) => r.timestamp).sort()
  const period = { start: times[0] ?? null, end: times[times.length - 1] ?? null }
  const ok = audience.filter((r) => r.error === null)
  const rows = (() => {
    switch (groupBy) {
      case "sections":
        return group(
          ok.filter((r) => r.command === "show"),
          (r) => (J(r, "section") === null ? null : { section: J(r, "section"), file: J(r, "file"), line: shownLine(r) })
        )
          .map(withCount)
          .sort(byCountThen("file", "section", "line"))
      case "files":
        return group(
          ok.filter((r) => r.command === "show" || r.command === "open"),
          (r) => {
            const file = r.command === "show" ? J(r, "file") : J(r, "path")
            return file === null ? null : { file }
          }
        )
          .map(withCount)
          .sort(byCountThen("file"))
      case "commands":
        return group(audience, (r) => ({ command: r.command, via: J(r, "via") ?? "cli", by_author: byAuthor(r) }))
          .map(withCount)
          .sort((a, b) => cmp(a.command, b.command) || cmp(a.via, b.via) || Number(a.by_author) - Number(b.by_author))
      case "projects":
        return group(audience, (r) => ({ project: r.cwd }))
          .map(withCount)
          .sort(byCountThen("project"))
      case "funnel": {
        // Issue 49 item 4: as the SQL adapters (src/adapters/sqlite/AccessLogSqlite.ts).
        const activations = where.filter((r) => r.command === "activate")
        const byTrigger = new Map<string, Array<Stored>>()
        for (const r of activations) {
          const t = String(J(r, "trigger") ?? "unknown")
          byTrigger.set(t, [...(byTrigger.get(t) ?? []), r])
        }
        const sessions = (rs: ReadonlyArray<Stored>) => new Set(rs.map((r) => J(r, "session")).filter((s) => s !== null && s !== undefined)).size
        const reads = where.filter((r) => isRead(r, filters))
        const sections = new Set(reads.filter((r) => r.command === "show" && r.error === null).map((r) => `${String(J(r, "file"))}\u001f${String(J(r, "section"))}`))
        return [
          ...[...byTrigger].map(([trigger, rs]) => ({ trigger, count: rs.length, sessions: sessions(rs), sections: 0 })),
          { trigger: "*", count: activations.length, sessions: sessions(activations), sections: 0 },
          { trigger: null, count: reads.length, sessions: 0, sections: sections.size }
        ]
      }
      case "users":
      case "clients": {
        const key = groupBy === "users" ? "user" : "client"
        return group(audience, (r) => ({ [key]: J(r, key) }))
          .map(withCount)
          .sort((a, b) => Number(a[key] === null) - Number(b[key] === null) || Number(b.count) - Number(a.count) || cmp(String(a[key]), String(b[key])))
      }
      case "errors": {
        const target = (r: Stored) =>
          (r.command === "show" ? J(r, "section") : r.command === "open" ? J(r, "path") : r.command === "search" ? J(r, "query") : r.command === "sources" ? J(r, "dir") : null) ??
          r.skill
        return group(
          audience.filter((r) => r.error !== null),
          (r) => ({ target: target(r), command: r.command, error: r.error })
        )
          .map(withCount)
          .sort(byCountThen("target", "command", "error"))
      }
      case "search": {
        // Every run counts; `result_count`/`partial` are the query's newest run that ran (no error), as SQLite's.
        const byQuery = (r: Stored) => (J(r, "query") === null ? null : { query: J(r, "query") })
        const searches = audience.filter((r) => r.command === "search")
        const ran = new Map(group(searches.filter((r) => r.error === null), byQuery).map((g) => [JSON.stringify(g.key), g.newest] as const))
        return group(searches, byQuery)
          .map((g) => {
            const newest = ran.get(JSON.stringify(g.key))
            return { ...g.key, count: g.count, result_count: newest === undefined ? null : J(newest, "result_count"), partial: newest === undefined ? null : J(newest, "partial") }
          })
          .sort(byCountThen("query"))
      }
      case "unanswered":
        return group(
          ok.filter((r) => r.command === "search" && J(r, "result_count") === 0),
          (r) => (J(r, "query") === null ? null : { query: J(r, "query") })
        )
          // The latest dated row's time; a damaged one only when no row of the query has a date (as SQLite's coalesce).
          .map((g) => ({ ...g.key, count: g.count, last: g.datedEnd ?? g.end }))
          .sort(byCountThen("query"))
      case "timeline":
        return group(audience, (r) => (isLoggedTimestamp(r.timestamp) ? { day: r.timestamp.slice(0, 10) } : null))
          .map(withCount)
          .sort((a, b) => cmp(a.day, b.day))
    }
  })()
  return listRows(groupBy, period, rows)
}

const missingFile = (dbFile: string) => new LogStoreError({ op: "read", path: dbFile, code: "ENOENT", message: `no such file: ${dbFile}` })
const keyOf = (row: AccessLogRow) => JSON.stringify(COLUMNS.map((c) => row[c] ?? null))

export interface MemoryAccessLog extends AccessLogService {
  /** The rows of each database written, by path, in id order (for assertions). */
  readonly databases: Map<string, Array<Stored>>
}

export const makeMemoryAccessLog = (): MemoryAccessLog => {
  const databases = new Map<string, Array<Stored>>()
  const retired = new Set<string>()
  // Logs `markMerging` marked (by path: this adapter models no rename).
  const merging = new Set<string>()
  const locks = new Map<string, Semaphore.Semaphore>()
  const lockOf = (file: string) =>
    Effect.suspend(() => {
      const have = locks.get(file)
      if (have !== undefined) return Effect.succeed(have)
      return Effect.map(Semaphore.make(1), (made) => {
        locks.set(file, made)
        return made
      })
    })
  const refused = (dbFile: string) =>
    new LogStoreError({ op: "write", path: dbFile, code: RETIRED_LOG_CODE, message: `${dbFile} is retired: write to its path again` })
  const nextId = (rows: ReadonlyArray<Stored>) => (rows.length === 0 ? 1 : rows[rows.length - 1]!.id + 1)
  const insert = (dbFile: string, row: AccessLogRow) => {
    const rows = databases.get(dbFile) ?? []
    databases.set(dbFile, rows)
    rows.push({ ...row, id: nextId(rows) })
  }
  /** The rows of `incoming` not held yet, counting multiplicity (DECISIONS #30), as the SQLite adapter's merge. */
  const missingRows = (held: ReadonlyArray<Stored>, incoming: ReadonlyArray<AccessLogRow>) => {
    const stored = new Map<string, number>()
    for (const r of held) stored.set(keyOf(r), (stored.get(keyOf(r)) ?? 0) + 1)
    return incoming.filter((r) => {
      const left = stored.get(keyOf(r)) ?? 0
      if (left > 0) stored.set(keyOf(r), left - 1)
      return left === 0
    })
  }
  return {
    databases,
    append: (dbFile, row) => (retired.has(dbFile) ? Effect.fail(refused(dbFile)) : Effect.sync(() => insert(dbFile, row))),
    appendEach: (rows) => Effect.sync(() => rows.map(({ dbFile, row }) => (retired.has(dbFile) ? refused(dbFile) : void insert(dbFile, row)))),
    // One process: every holder is a fiber of this one, taken in turn.
    exclusively: (lockFile, _waitMs, effect) => Effect.flatMap(lockOf(lockFile), (lock) => lock.withPermits(1)(effect)),
    retire: (dbFile, on) =>
      Effect.sync(() => {
        if (!on) retired.delete(dbFile)
        else if (databases.has(dbFile)) retired.add(dbFile)
      }),
    aggregate: (dbFile, groupBy, filters) => Effect.sync(() => aggregateRows(databases.get(dbFile) ?? [], groupBy, filters)),
    latest: (dbFile, command) =>
      Effect.sync(() => {
        const rows = databases.get(dbFile) ?? []
        for (let i = rows.length - 1; i >= 0; i--) {
          const r = rows[i]!
          if (r.command === command) return { timestamp: r.timestamp, args: r.args }
        }
        return undefined
      }),
    readAll: (dbFile) => {
      const rows = databases.get(dbFile)
      return rows === undefined ? Effect.fail(missingFile(dbFile)) : Effect.succeed(rows.map(({ id: _, ...row }) => row))
    },
    readPage: (dbFile, after, limit) => {
      const rows = databases.get(dbFile)
      if (rows === undefined) return Effect.fail(missingFile(dbFile))
      const page = rows.filter((r) => r.id > after).slice(0, limit)
      const result: LogPage = {
        rows: page.map(({ id: _, ...row }) => row),
        last: page.length === 0 ? after : page[page.length - 1]!.id,
        ...(after === 0 ? { total: rows.length } : {})
      }
      return Effect.succeed(result)
    },
    readSpan: (dbFile, after, limit) => {
      const rows = databases.get(dbFile)
      if (rows === undefined) return Effect.fail(missingFile(dbFile))
      // As the SQLite adapter: timestamp then id order, the rows of the span's last timestamp kept together.
      const later = rows
        .filter((r) => after === undefined || r.timestamp > after)
        .sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.id - b.id))
      const edge = later[Math.max(0, limit - 1)]?.timestamp
      const span = edge === undefined ? later : later.filter((r) => r.timestamp <= edge)
      const result: LogSpan = {
        rows: span.map(({ id: _, ...row }) => row),
        ids: span.map((r) => r.id),
        last: span.length === 0 ? undefined : span[span.length - 1]!.timestamp,
        ...(after === undefined ? { skillPaths: [...new Set(rows.map((r) => r.skill_path))].sort(), marked: merging.has(dbFile) } : {})
      }
      return Effect.succeed(result)
    },
    markMerging: (dbFile) =>
      Effect.sync(() => {
        if (merging.has(dbFile)) return false
        merging.add(dbFile)
        return true
      }),
    merge: (dbFile, rows, { dryRun, exact }) =>
      Effect.sync(() => {
        if (rows.length === 0) return 0
        const missing = exact === true ? rows : missingRows(databases.get(dbFile) ?? [], rows)
        if (!dryRun) for (const r of missing) insert(dbFile, r)
        return missing.length
      })
  }
}

export const MemoryAccessLogLayer = (log: AccessLogService = makeMemoryAccessLog()) => Layer.succeed(AccessLog, log)
