/**
 * The search index on SQLite FTS5 through `node:sqlite` (RFC-0004:C-INDEX,
 * DECISIONS #42), read and written through ./nodeSqlite.ts directly. Import
 * this module dynamically, only from commands that touch the index: it
 * pulls in SQLite, which the rest of the CLI must not pay for at start-up.
 *
 * Reads no longer go through the `SqlClient` of ./SqliteClient.ts (issue
 * 47, `cli.search.all`): every statement there is a span, a compiled
 * statement, a scope and a semaphore permit, and every connection a client
 * built with its own services; `search --all` opens one index per skill and
 * asks each a few statements, and in a fresh process that machinery cost
 * about 1 ms per skill, more than SQLite's own work. The reads are
 * synchronous calls of a connection nothing else uses meanwhile, so they
 * need none of it: each is one `Effect.try` on a statement prepared once
 * per connection. The usage history keeps the `SqlClient`.
 *
 * Reading: the file is opened read-only (search and show never create or
 * change anything in the runtime directory). Every failure — not a
 * database, no `index_meta`, a truncated file, a missing table, a failed
 * query — is reported as corruption, never as an internal error
 * (RFC-0004: "all failures map to the same handling").
 *
 * Writing: a complete index is built (through `node:sqlite` directly, see
 * `fillDatabase`) in a temporary file next to the final one (`.search-<hash16>.db.<pid>.<random>.tmp`, never matching
 * `search-*.db`), flushed to disk, then renamed over the final name. A build
 * killed at any moment therefore leaves the previous index or the complete
 * new one; `index_meta` is written last inside the single transaction as a
 * second guard.
 *
 * Writing is cooperative (issue 29 item 3): rows go in inside one
 * transaction, but in slices of a few milliseconds with a turn of the event
 * loop (`setImmediate`) between them, so a long-lived server (`skc mcp`)
 * keeps answering while a large skill is indexed. The temporary file is
 * this write's alone, so holding its transaction across turns is safe.
 */
import { EventLoop } from "../../ports/EventLoop.js"
import { Database, preparedCache } from "./nodeSqlite.js"
import { Cause, Effect, Exit, Layer, Scope } from "effect"
import * as fs from "node:fs"
import { mkdirAll } from "../node/mkdirAll.js"
import { processAlive } from "../node/processAlive.js"
import * as nodePath from "node:path"
import { nodeCrypto } from "../node/lazyCrypto.js"
import type { HeadingRow } from "../../domain/search/documents.js"
import { asciiLower } from "../../domain/ascii.js"
import { excerptOf, phrasesOf, tokenNormalizer } from "../../domain/search/excerpt.js"
import { queryPhrases, type IndexQuery } from "../../domain/search/indexQuery.js"
import { averagesSql, rowCountOfAverages } from "./fts5RowCount.js"
import { parseIndexMeta, type MetaRead } from "../../domain/search/indexState.js"
import { fts5Match } from "./fts5Match.js"
import { fileStamp, SqliteConnections, type ConnectionPool, type PooledIndex } from "./ConnectionPool.js"
import { forgetDamage, isDamage, knownDamage, markDamaged } from "./damageMarker.js"
import type { TokenizerChoice } from "../../domain/search/tokenizer.js"
import { documentRemover, INSERT_OWN, INSERT_PLACE, INSERT_SECTION, QUERIED_TABLES } from "./indexTables.js"
import { MEMBER_SPAN, noteAcrossUse, pruneAcross, readMembers, refreshMembers, sameMembers, stampMembers, type Member } from "./acrossIndex.js"
import {
  type AcrossIndex,
  IndexReadFailed,
  IndexWriteFailed,
  SearchIndex,
  type IndexChanges,
  type HeadingCount,
  type IndexContents,
  type ColumnWeights,
  type IndexedSourceFile,
  type IndexWriter,
  type OpenIndex,
  type PathRows,
  type RankedRow,
  type RowPlace,
  type SearchHit,
  type SearchIndexService,
  type SourceStamp
} from "../../ports/SearchIndex.js"

/** What went wrong, in the driver's words: a `Cause` by its failure, an error by its cause when it has one. */
const message = (e: unknown): string => {
  if (Cause.isCause(e)) return message(Cause.squash(e))
  const cause = typeof e === "object" && e !== null && "cause" in e ? e.cause : undefined
  if (cause instanceof Error) return cause.message
  return e instanceof Error ? e.message : String(e)
}

/**
 * How long a read waits for a write lock another process holds on the index (a `sqlite3` shell in a
 * transaction): skc's own builds write a new file and rename it, so such a lock is brief or foreign. Without
 * a wait, the read failed at once and the index was called "corrupt (database is locked)" (E002), a build
 * then replacing it as damaged.
 */
const READ_BUSY_TIMEOUT_MS = 5000

/** A connection to `filename`, closed with the surrounding scope; open failures are values. */
const connect = (filename: string, readonly: boolean) =>
  Effect.acquireRelease(
    Effect.try({ try: () => new Database(filename, { readonly, ...(readonly ? { timeout: READ_BUSY_TIMEOUT_MS } : {}) }), catch: (e) => e }),
    (db) => Effect.sync(() => db.close())
  ).pipe(Effect.result)

/** Statements kept prepared per connection. */
const PREPARED_PER_CONNECTION = 16

/** Run any statement to its end on `db` (rows for a query), each prepared once per connection. */
const statementRunner = (db: Database) => {
  const prepare = preparedCache(db, PREPARED_PER_CONNECTION)
  return <A>(sql: string, params: ReadonlyArray<unknown>): ReadonlyArray<A> => prepare(sql).all(...params) as ReadonlyArray<A>
}

/** RFC-0004:C-SEARCH: snippets of at most 32 tokens. */
const SNIPPET_TOKENS = 32

export const SEARCH_SQL =
  "SELECT file, section, snippet(sections, 2, '[MATCH]', '[/MATCH]', '...', 32) AS snippet, -bm25(sections) AS score " +
  "FROM sections WHERE sections MATCH ? ORDER BY rank LIMIT ?"
/**
 * The rows matching, best first, by `bm25()` with the given column weights
 * (written into the statement: they are skc's constants, never input), ties
 * in rowid order. Sorted by SQLite on the function's value rather than
 * through FTS5's `rank` column (`rank MATCH 'bm25(…)' ORDER BY rank`): the
 * same order, 25–45 % less time on the 60 MB index of the search benchmark
 * (issue 30: 45 → 33 ms for "gateway runtime" with a LIMIT, 101 → 56 ms
 * without).
 */
const scoresSql = (w: ColumnWeights) =>
  `SELECT rowid, -bm25(sections, ${w.map((x) => Number(x).toFixed(3)).join(", ")}) AS score FROM sections WHERE sections MATCH ? `
export const rankSql = (w: ColumnWeights, limited: boolean) => `${scoresSql(w)}ORDER BY score DESC, rowid${limited ? " LIMIT ?" : ""}`
const ROW_COUNT_SQL = "SELECT count(*) AS n FROM section_places"
const AVERAGES_SQL = averagesSql("sections")
/** FTS5 walks the word's doclist without ranking anything: about 2 ms for a word of 18,000 of 21,000 sections. */
const HITS_SQL = "SELECT count(*) AS n FROM sections WHERE sections MATCH ?"
/** The same count, stopping at the bound: FTS5 reads a word's doclist as the rows are asked for. */
const HITS_UP_TO_SQL = "SELECT count(*) AS n FROM (SELECT 1 FROM sections WHERE sections MATCH ? LIMIT ?)"
/** The matching rows alone: no bm25() per row, no sort. */
const MATCHING_SQL = "SELECT rowid FROM sections WHERE sections MATCH ?"
const FIRST_PLACE_SQL = "SELECT id AS rowid, file, section, line, end_line, level, subsections FROM section_places WHERE file = ? ORDER BY line LIMIT 1"
const PLACES_SQL =
  "SELECT id AS rowid, file, section, line, end_line, level, subsections FROM section_places WHERE id IN (SELECT value FROM json_each(?))"
/** Driven by the few rowids asked about (a parent's own text is checked only when it comes up for an answer). */
const OWN_SQL = "SELECT value AS rowid FROM json_each(?) WHERE value IN (SELECT rowid FROM section_own WHERE section_own MATCH ?)"
/**
 * Up to this many characters FTS5's own `snippet()` cuts the excerpt; above
 * it the text is read and excerpt.ts finds the hits and the window in
 * linear time (`snippet()` and `highlight()` are quadratic in the hits of
 * one row, issue 19).
 */
export const SNIPPET_MAX_CHARS = 16_384
/**
 * The rows of a JSON array of rowids, for the FTS5 table `sections`. A
 * JavaScript number binds as a REAL, which FTS5's rowid lookup ignores (it
 * returned every match): cast it.
 */
const FTS_ROWIDS_IN = "rowid IN (SELECT CAST(value AS INTEGER) FROM json_each(?))"
const EXCERPTS_SQL =
  `SELECT rowid, CASE WHEN length(content) <= ${SNIPPET_MAX_CHARS} THEN snippet(sections, 2, '[MATCH]', '[/MATCH]', '...', 32) END AS snippet, ` +
  `CASE WHEN length(content) > ${SNIPPET_MAX_CHARS} THEN content END AS content ` +
  `FROM sections WHERE sections MATCH ? AND ${FTS_ROWIDS_IN}`
/** The same of the rows' own text (`section_own`, sections with subsections). */
const OWN_EXCERPTS_SQL =
  `SELECT rowid, CASE WHEN length(own) <= ${SNIPPET_MAX_CHARS} THEN snippet(section_own, 0, '[MATCH]', '[/MATCH]', '...', 32) END AS snippet, ` +
  `CASE WHEN length(own) > ${SNIPPET_MAX_CHARS} THEN own END AS content ` +
  `FROM section_own WHERE section_own MATCH ? AND ${FTS_ROWIDS_IN}`
/** The first characters of rows' content (`OpenIndex.leads`); FTS5 looks each rowid up. */
const LEADS_SQL = `SELECT rowid, substr(content, 1, ?) AS lead FROM sections WHERE ${FTS_ROWIDS_IN}`
const HEADINGS_NAMED_SQL =
  "SELECT file, text, level, start_line, end_line FROM headings WHERE text = ? COLLATE NOCASE ORDER BY file, start_line"
const ALL_HEADINGS_SQL = "SELECT file, text, level, start_line, end_line FROM headings ORDER BY file, start_line"
// SQLite's lower() and NOCASE both fold ASCII only, as `asciiLower` does.
const HEADING_COUNTS_SQL =
  "SELECT lower(text) AS text, file, count(*) AS count FROM headings WHERE text COLLATE NOCASE IN (SELECT value FROM json_each(?)) GROUP BY lower(text), file"
/**
 * Up to this many headings, a connection reads every repeated heading of its skill once (about 30 µs for a
 * skill of a few dozen headings), and answers `headingCounts` from it: a pooled connection of `skc mcp`
 * then asks nothing per call (26 statements a cross-skill call cost about 0.5 ms). A larger skill (the
 * benchmark's 21,544 headings: 6.5 ms) is asked for the texts of each answer's results only (about 14 µs).
 */
const REPEATED_MAP_MAX_HEADINGS = 2000
const HEADINGS_OVER_SQL = `SELECT count(*) AS n FROM (SELECT 1 FROM headings LIMIT ${REPEATED_MAP_MAX_HEADINGS + 1})`
const REPEATED_HEADINGS_SQL =
  "SELECT lower(text) AS text, file, count(*) AS count FROM headings WHERE lower(text) IN (SELECT lower(text) FROM headings GROUP BY lower(text) HAVING count(*) > 1) GROUP BY lower(text), file"
const HAS_SOURCE_FILES_SQL = "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'source_files'"
const SOURCE_FILES_SQL = "SELECT path, size, mtime_ms, hash, trusted, title, description FROM source_files"
const SOURCE_STAMPS_SQL = "SELECT path, size, mtime_ms, trusted FROM source_files"
const SKILL_DESCRIPTION_SQL = "SELECT description FROM source_files WHERE path = 'SKILL.md'"
const SOURCE_HASH_SQL = "SELECT hash FROM source_files WHERE path = ?"

interface SourceStampRow {
  readonly path: string
  readonly size: number
  readonly mtime_ms: number
  readonly trusted: number
}

const toSourceStamp = (r: SourceStampRow): SourceStamp => ({ path: r.path, size: r.size, mtimeMs: r.mtime_ms, trusted: r.trusted === 1 })

interface SourceFileRow {
  readonly path: string
  readonly size: number
  readonly mtime_ms: number
  readonly hash: string
  readonly trusted: number
  readonly title: string | null
  readonly description: string | null
}

const toIndexedSourceFile = (r: SourceFileRow): IndexedSourceFile => ({
  path: r.path,
  size: r.size,
  mtimeMs: r.mtime_ms,
  hash: r.hash,
  trusted: r.trusted === 1,
  title: r.title ?? undefined,
  description: r.description ?? undefined
})

const failedIndex = (meta: MetaRead, path: string): OpenIndex => {
  const fail = Effect.fail(new IndexReadFailed({ path, message: meta._tag === "Corrupt" ? meta.reason : "no index" }))
  return {
    meta,
    search: () => fail,
    rank: () => fail,
    scores: () => fail,
    matching: () => fail,
    rowCount: fail,
    hits: () => fail,
    firstPlace: () => fail,
    places: () => fail,
    ownMatching: () => fail,
    excerpts: () => fail,
    ownExcerpts: () => fail,
    leads: () => fail,
    headingsNamed: () => fail,
    allHeadings: fail,
    headingCounts: () => fail,
    sourceFiles: fail,
    sourceStamps: fail,
    skillDescription: fail,
    sourceHash: () => fail
  }
}

/** SQLite's in-header page count against the file size: a truncated copy is corrupt even if its first pages read fine. */
const sizeProblem = (path: string, pageSize: number, pageCount: number): string | undefined => {
  const size = fs.statSync(path).size
  return size < pageSize * pageCount ? `file is truncated (${size} of ${pageSize * pageCount} bytes)` : undefined
}

/**
 * Open `path` for the scope: one connection, closed with it. `stamp`: the file's identity as the caller
 * stat'ed it (the pool's), else taken here; a read that finds the file damaged marks it under that identity
 * (damageMarker.ts), and an index already marked so is corrupt without a query.
 */
const openOnce = (path: string, stamp: string | undefined = fileStamp(path)): Effect.Effect<OpenIndex, never, Scope.Scope> =>
  Effect.gen(function* () {
    if (stamp === undefined && !fs.existsSync(path)) return failedIndex({ _tag: "Missing" }, path)
    const damaged = knownDamage(path, stamp)
    if (damaged !== undefined) return failedIndex({ _tag: "Corrupt", reason: damaged }, path)
    const client = yield* connect(path, true)
    if (client._tag === "Failure") return failedIndex({ _tag: "Corrupt", reason: message(client.failure) }, path)
    return yield* indexOn(client.success, path, { stamp })
  })

/** The tables every skill's index holds (the in-memory one of an unwritable cache too); the index across skills all but `headings`. */
const REQUIRED_TABLES = ["index_meta", "sections", "section_places", "section_own", "headings"] as const

/**
 * The queries of an opened index; `onDisk` (a file, with its identity when known): also check the file's
 * size against SQLite's page count, and remember a read that finds it damaged, for the next build.
 */
const indexOn = (db: Database, path: string, onDisk: { readonly stamp: string | undefined } | undefined): Effect.Effect<OpenIndex> =>
  Effect.gen(function* () {
    const readFailed = (e: unknown) => {
      if (onDisk !== undefined && isDamage(e)) markDamaged(path, onDisk.stamp, message(e))
      return new IndexReadFailed({ path, message: message(e) })
    }
    const run = statementRunner(db)
    const meta: MetaRead = yield* Effect.try({
      try: (): MetaRead => {
        const [{ page_size }] = run<{ page_size: number }>("PRAGMA page_size", [])
        const [{ page_count }] = run<{ page_count: number }>("PRAGMA page_count", [])
        const problem = onDisk !== undefined ? sizeProblem(path, page_size, page_count) : undefined
        if (problem !== undefined) return { _tag: "Corrupt", reason: problem }
        // A table the queries read that is not there (dropped by hand, or a file of another program): corrupt, so
        // that build replaces it (RFC-0004:C-INDEX: a read failure is corruption). It passed as up to date, and
        // `show` answered E002 "run skc build" that no build mended (an old-data probe).
        const tables = new Set(run<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'", []).map((r) => r.name))
        // The one index over several skills (acrossIndex.ts, with its `members`) holds no headings: show never reads it.
        const lacking = REQUIRED_TABLES.filter((t) => !tables.has(t) && !(t === "headings" && tables.has("members")))
        if (lacking.length > 0) return { _tag: "Corrupt", reason: `no table ${lacking.join(", ")}` }
        return parseIndexMeta(run<{ key: unknown; value: unknown }>("SELECT key, value FROM index_meta", []))
      },
      catch: (e) => e
    }).pipe(Effect.catchCause((cause) => Effect.succeed<MetaRead>({ _tag: "Corrupt", reason: message(cause) })))
    if (meta._tag !== "Present") return failedIndex(meta, path)
    const query = <A extends object>(text: string, params: ReadonlyArray<unknown>): Effect.Effect<ReadonlyArray<A>, IndexReadFailed> =>
      Effect.try({ try: () => run<A>(text, params), catch: readFailed })
    const ids = (rowids: ReadonlyArray<number>) => JSON.stringify(rowids)
    // What never changes while this file is open: asked once per connection. A pooled
    // connection (skc mcp) outlives calls, and `search --all` asked every index for both
    // on every call (issue 25: its cost over MCP).
    const once = <A, E>(effect: Effect.Effect<A, E>): Effect.Effect<A, E> => {
      let known: { readonly value: A } | undefined
      return Effect.suspend(() =>
        known !== undefined ? Effect.succeed(known.value) : Effect.tap(effect, (value) => Effect.sync(() => void (known = { value })))
      )
    }
    const countRows = (rows: ReadonlyArray<{ text: string; file: string; count: number }>): ReadonlyArray<HeadingCount> =>
      rows.map((r) => ({ text: r.text, file: r.file, count: Number(r.count) }))
    // Every repeated heading of a skill of at most REPEATED_MAP_MAX_HEADINGS, by text; undefined for a larger one.
    const repeatedMap = once(
      Effect.flatMap(query<{ n: number }>(HEADINGS_OVER_SQL, []), (over) =>
        Number(over[0]?.n ?? 0) > REPEATED_MAP_MAX_HEADINGS
          ? Effect.succeed(undefined)
          : Effect.map(query<{ text: string; file: string; count: number }>(REPEATED_HEADINGS_SQL, []), (rows) => {
              const byText = new Map<string, Array<HeadingCount>>()
              for (const c of countRows(rows)) byText.set(c.text, [...(byText.get(c.text) ?? []), c])
              return byText as ReadonlyMap<string, ReadonlyArray<HeadingCount>>
            })
      )
    )
    // An index written before `source_files` existed (issue 16) has no records: undefined.
    const hasSourceFiles = once(Effect.map(query<{ n: number }>(HAS_SOURCE_FILES_SQL, []), (rows) => (rows[0]?.n ?? 0) > 0))
    const whenSourceFiles = <A>(read: Effect.Effect<A, IndexReadFailed>): Effect.Effect<A | undefined, IndexReadFailed> =>
      Effect.flatMap(hasSourceFiles, (has) => (has ? read : Effect.succeed(undefined)))
    /** Excerpts of `sql`'s rows (its snippet, or its long text excerpted here) for `q`'s words, by rowid. */
    const excerptsBy = (sql: string, q: IndexQuery, rowids: ReadonlyArray<number>) =>
      rowids.length === 0
        ? Effect.succeed(new Map<number, string>())
        : Effect.map(query<{ rowid: number; snippet: string | null; content: string | null }>(sql, [fts5Match(q), ids(rowids)]), (rows) => {
            // The index's own tokenizer decides stemming: `porter` and `cjk+porter` stem.
            const normalize = tokenNormalizer(meta.meta.tokenizer.endsWith("porter"))
            const out = new Map<number, string>()
            for (const row of rows) {
              out.set(row.rowid, row.snippet ?? excerptOf(row.content ?? "", phrasesOf(queryPhrases(q), normalize), normalize, SNIPPET_TOKENS))
            }
            return out
          })
    const index: OpenIndex = {
      meta,
      search: (q, limit) => query<SearchHit>(SEARCH_SQL, [fts5Match(q), limit]),
      rank: (q, weights, limit) => {
        const match = fts5Match(q)
        return query<RankedRow>(rankSql(weights, limit !== undefined), limit !== undefined ? [match, limit] : [match])
      },
      scores: (q, weights) => query<RankedRow>(scoresSql(weights), [fts5Match(q)]),
      matching: (q) => Effect.map(query<{ rowid: number }>(MATCHING_SQL, [fts5Match(q)]), (rows) => rows.map((r) => r.rowid)),
      // FTS5's own row count (fts5RowCount.ts).
      // Recovery: a record that cannot be read is no answer; the rows are then counted.
      rowCount: once(
        Effect.flatMap(Effect.orElseSucceed(query<{ block: unknown }>(AVERAGES_SQL, []), () => []), (rows) => {
          const n = rowCountOfAverages(rows[0]?.block)
          return n !== undefined ? Effect.succeed(n) : Effect.map(query<{ n: number }>(ROW_COUNT_SQL, []), (counted) => counted[0]?.n ?? 0)
        })
      ),
      hits: (q, atMost) =>
        Effect.map(
          atMost === undefined ? query<{ n: number }>(HITS_SQL, [fts5Match(q)]) : query<{ n: number }>(HITS_UP_TO_SQL, [fts5Match(q), Math.max(0, Math.floor(atMost))]),
          (rows) => rows[0]?.n ?? 0
        ),
      firstPlace: (file) => Effect.map(query<RowPlace>(FIRST_PLACE_SQL, [file]), (rows) => rows[0]),
      places: (rowids) => (rowids.length === 0 ? Effect.succeed([]) : query<RowPlace>(PLACES_SQL, [ids(rowids)])),
      ownMatching: (q, rowids) =>
        rowids.length === 0 ? Effect.succeed([]) : Effect.map(query<{ rowid: number }>(OWN_SQL, [ids(rowids), fts5Match(q)]), (rows) => rows.map((r) => r.rowid)),
      excerpts: (q, rowids) => excerptsBy(EXCERPTS_SQL, q, rowids),
      ownExcerpts: (q, rowids) => excerptsBy(OWN_EXCERPTS_SQL, q, rowids),
      leads: (rowids, maxChars) =>
        rowids.length === 0
          ? Effect.succeed(new Map())
          : Effect.map(
              query<{ rowid: number; lead: string | null }>(LEADS_SQL, [maxChars, ids(rowids)]),
              (rows) => new Map(rows.map((row) => [row.rowid, row.lead ?? ""]))
            ),
      headingsNamed: (text) => query<HeadingRow>(HEADINGS_NAMED_SQL, [text]),
      allHeadings: query<HeadingRow>(ALL_HEADINGS_SQL, []),
      headingCounts: (texts) =>
        texts.length === 0
          ? Effect.succeed([])
          : Effect.flatMap(repeatedMap, (map) =>
              map !== undefined
                ? Effect.succeed([...new Set(texts.map(asciiLower))].flatMap((t) => map.get(t) ?? []))
                : Effect.map(query<{ text: string; file: string; count: number }>(HEADING_COUNTS_SQL, [JSON.stringify([...new Set(texts)])]), countRows)
            ),
      sourceFiles: once(whenSourceFiles(Effect.map(query<SourceFileRow>(SOURCE_FILES_SQL, []), (r) => r.map(toIndexedSourceFile)))),
      sourceStamps: once(whenSourceFiles(Effect.map(query<SourceStampRow>(SOURCE_STAMPS_SQL, []), (r) => r.map(toSourceStamp)))),
      skillDescription: once(whenSourceFiles(Effect.map(query<{ description: string | null }>(SKILL_DESCRIPTION_SQL, []), (r) => r[0]?.description ?? undefined))),
      sourceHash: (path) => whenSourceFiles(Effect.map(query<{ hash: string }>(SOURCE_HASH_SQL, [path]), (r) => r[0]?.hash))
    }
    return index
  })

/**
 * Open `path` through the session's pool (`skc mcp`, issue 16): the
 * connection opened by an earlier call is used again while the file at
 * `path` is the same one (device, inode, size, times: `fileStamp`); a build's
 * atomic rename gives a new inode, so the next call opens the new index and
 * the old connection is closed once no request uses it (DECISIONS #22).
 * Only usable indexes are kept: a missing or corrupt one is looked at anew
 * on every call, as without a pool.
 */
const openPooled = (pool: ConnectionPool<PooledIndex>, path: string): Effect.Effect<OpenIndex, never, Scope.Scope> =>
  Effect.gen(function* () {
    const stamp = fileStamp(path)
    if (stamp === undefined) {
      pool.retire(path)
      return failedIndex({ _tag: "Missing" }, path)
    }
    let entry = pool.get(path, stamp)
    if (entry === undefined) {
      const scope = yield* Scope.make()
      const index = yield* Scope.provide(openOnce(path, stamp), scope)
      // Kept only when usable and still the file that was stat'ed (a build may have renamed a new one over it meanwhile).
      if (index.meta._tag !== "Present" || fileStamp(path) !== stamp) {
        yield* Effect.addFinalizer(() => Scope.close(scope, Exit.void))
        return index
      }
      entry = pool.put(path, stamp, { index, close: () => void Effect.runFork(Scope.close(scope, Exit.void)) })
    }
    const used = entry
    pool.acquire(used)
    yield* Effect.addFinalizer(() => Effect.sync(() => pool.release(used)))
    return used.value.index
  })

/** Through the session's pool when there is one (the MCP server), else one connection per scope (the CLI). */
const open = (path: string): Effect.Effect<OpenIndex, never, Scope.Scope> =>
  Effect.flatMap(SqliteConnections, ({ pools }) => (pools === undefined ? openOnce(path) : openPooled(pools.indexes, path)))

// --- writing ---------------------------------------------------------------

const SCHEMA = (tokenize: string) => [
  ...QUERIED_TABLES(tokenize),
  "CREATE TABLE headings (id INTEGER PRIMARY KEY, file TEXT NOT NULL, text TEXT NOT NULL, level INTEGER NOT NULL, start_line INTEGER NOT NULL, end_line INTEGER NOT NULL)",
  "CREATE INDEX idx_headings_text ON headings(text COLLATE NOCASE)",
  // Beside the RFC's tables (issue 16): what an incremental build needs to
  // find a file's rows (its sections hold the contiguous rowids first_rowid..last_rowid)
  // and to skip unchanged files (size, mtime, hash, and the stub's title/description).
  "CREATE INDEX idx_headings_file ON headings(file)",
  "CREATE TABLE source_files (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ms REAL NOT NULL, hash TEXT NOT NULL, trusted INTEGER NOT NULL, " +
    "title TEXT, description TEXT, first_rowid INTEGER, last_rowid INTEGER)"
]

const tempNameFor = (path: string) =>
  nodePath.join(nodePath.dirname(path), `.${nodePath.basename(path)}.${process.pid}.${nodeCrypto().randomBytes(4).toString("hex")}.tmp`)

const fsyncFile = (path: string) => {
  const fd = fs.openSync(path, "r")
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

const fsyncDirBestEffort = (dir: string) => {
  try {
    fsyncFile(dir)
  } catch {
    // Not every platform can fsync a directory; the rename is still atomic.
  }
}

/** How long one slice of a write runs before the event loop gets a turn (issue 29 item 3). */
const SLICE_MS = 8
/** Rows written between two looks at the clock. */
const ROWS_PER_CHECK = 64

/**
 * Run a synchronous job written as a generator (it yields every
 * `ROWS_PER_CHECK` rows) in slices of `SLICE_MS`, with a turn of the event
 * loop between slices. A throw ends the job as a failure.
 */
const sliced = (steps: Iterator<unknown>): Effect.Effect<void, unknown> => {
  const slice = Effect.try({
    try: () => {
      const until = performance.now() + SLICE_MS
      do {
        if (steps.next().done === true) return true
      } while (performance.now() < until)
      return false
    },
    catch: (e) => e
  })
  // Between slices, a turn of the event loop (the EventLoop port: `setImmediate` on Node, so an MCP
  // `ping` that arrived meanwhile is read and answered before the write goes on).
  return Effect.flatMap(Effect.service(EventLoop), ({ turn }) => {
    const loop: Effect.Effect<void, unknown> = Effect.flatMap(slice, (done) => (done ? Effect.void : Effect.andThen(turn, Effect.suspend(() => loop))))
    return loop
  })
}

/** A connection to `location` for `use`, closed afterwards whatever happens. */
const withDatabase = <A>(location: string, use: (db: Database) => Effect.Effect<A, unknown>): Effect.Effect<A, unknown> =>
  Effect.acquireUseRelease(
    Effect.try({ try: () => new Database(location), catch: (e) => e }),
    use,
    (db) => Effect.sync(() => db.close())
  )

/**
 * Fills a new database in one transaction, straight through
 * `node:sqlite` (not the `SqlClient`): one prepared
 * statement per table, run once per row. A large skill has tens of
 * thousands of sections (each holding its subsections, DECISIONS #15);
 * going through @effect/sql cost an Effect and a prepared-statement cache
 * lookup per statement, and multi-row VALUES lists are slower for SQLite to
 * run than a single-row statement reused. Nothing else uses this
 * connection, and any throw aborts the whole file.
 */
function* fillDatabase(db: Database, tokenizer: TokenizerChoice, contents: IndexContents): Generator<void> {
  beginNewIndex(db, tokenizer)
  yield* writeRows(db, contents, 0)
  db.exec("COMMIT")
}

/** An empty index's tables, inside the one transaction that will fill them. */
const beginNewIndex = (db: Database, tokenizer: TokenizerChoice) => {
  // The temporary file is thrown away if anything fails: no journal needed.
  db.pragma("journal_mode = OFF")
  db.pragma("synchronous = OFF")
  db.exec("BEGIN")
  for (const statement of SCHEMA(tokenizer.fts5)) db.exec(statement)
}

/**
 * `.search-<hash16>.db.<pid>.<random>.tmp` and its `-journal`: the names
 * `tempNameFor` gives; and `.<name>.<pid>.<random>.tmp`, the names the file
 * system's `writeFileAtomic` gives, for the build's other files in the same
 * directory (`manifest.json`): a build killed between writing one and
 * renaming it leaves it behind too.
 */
const TEMP_NAME = /^\.[^/]+\.(\d+)\.[0-9a-f]{8}\.tmp(?:-journal)?$/

type Db = Database

/**
 * Inserts rows with explicit rowids after `lastRowid` (each file's sections
 * get a contiguous range, kept in `source_files`), file by file (`file`),
 * then replaces `source_files` and `index_meta` (`records`, meta last).
 * Its generators yield every `ROWS_PER_CHECK` rows, for `sliced`.
 */
const rowWriter = (db: Db, lastRowid: number) => {
  const section = db.prepare(INSERT_SECTION)
  const place = db.prepare(INSERT_PLACE)
  const own = db.prepare(INSERT_OWN)
  const heading = db.prepare("INSERT INTO headings (file, text, level, start_line, end_line) VALUES (?, ?, ?, ?, ?)")
  const ranges = new Map<string, readonly [number, number]>()
  let rowid = lastRowid
  let written = 0
  function* file(f: PathRows): Generator<void> {
    const first = rowid + 1
    for (const s of f.sections) {
      rowid++
      section.run(rowid, s.file, s.section, s.content)
      place.run(rowid, s.file, s.section, s.line, s.endLine, s.level, s.own === undefined ? 0 : 1)
      if (s.own !== undefined) own.run(rowid, s.own)
      if (++written % ROWS_PER_CHECK === 0) yield
    }
    if (rowid >= first) ranges.set(f.path, [first, rowid])
    for (const h of f.headings) {
      heading.run(h.file, h.text, h.level, h.start_line, h.end_line)
      if (++written % ROWS_PER_CHECK === 0) yield
    }
    // A file without rows still counts: 100k empty files are work too.
    if (++written % ROWS_PER_CHECK === 0) yield
  }
  function* records(contents: Omit<IndexContents, "files">): Generator<void> {
    const kept = new Map<string, readonly [number, number]>()
    for (const r of db.prepare("SELECT path, first_rowid, last_rowid FROM source_files WHERE first_rowid IS NOT NULL").all() as Array<{
      path: string
      first_rowid: number
      last_rowid: number
    }>) {
      kept.set(r.path, [r.first_rowid, r.last_rowid])
    }
    db.exec("DELETE FROM source_files")
    const row = db.prepare(
      "INSERT INTO source_files (path, size, mtime_ms, hash, trusted, title, description, first_rowid, last_rowid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    for (const f of contents.sourceFiles) {
      const range = ranges.get(f.path) ?? kept.get(f.path)
      row.run(f.path, f.size, f.mtimeMs, f.hash, f.trusted ? 1 : 0, f.title ?? null, f.description ?? null, range?.[0] ?? null, range?.[1] ?? null)
      if (++written % ROWS_PER_CHECK === 0) yield
    }
    db.exec("DELETE FROM index_meta")
    const meta = db.prepare("INSERT INTO index_meta (key, value) VALUES (?, ?)")
    for (const [key, value] of Object.entries(contents.meta)) meta.run(key, value)
  }
  return { file, records }
}

/** Every row of `contents` after `lastRowid`: its files' rows, then its records and metadata. */
function* writeRows(db: Db, contents: IndexContents, lastRowid: number): Generator<void> {
  const rows = rowWriter(db, lastRowid)
  for (const f of contents.files) yield* rows.file(f)
  yield* rows.records(contents)
}

/** Remove the rows of `paths` (sections by their rowid range, `documentRemover`; headings by file) from an index that has `source_files`. */
function* removeRows(db: Db, paths: ReadonlyArray<string>): Generator<void> {
  const range = db.prepare("SELECT first_rowid, last_rowid FROM source_files WHERE path = ?")
  const documents = documentRemover(db)
  const headings = db.prepare("DELETE FROM headings WHERE file = ?")
  const forget = db.prepare("DELETE FROM source_files WHERE path = ?")
  for (const p of paths) {
    const r = range.get(p) as { first_rowid: number | null; last_rowid: number | null } | undefined
    if (r !== undefined && r.first_rowid !== null && r.last_rowid !== null) documents(r.first_rowid, r.last_rowid)
    headings.run(p)
    forget.run(p)
    yield
  }
}

/**
 * The incremental step in the temporary copy: one transaction removing the
 * old rows of changed and deleted files and adding the new ones.
 */
function* changeDatabase(db: Database, changes: IndexChanges): Generator<void> {
  // A failed change throws the copy away: no journal needed.
  db.pragma("journal_mode = OFF")
  db.pragma("synchronous = OFF")
  db.exec("BEGIN")
  yield* removeRows(db, changes.remove)
  const { last } = db.prepare("SELECT coalesce(max(rowid), 0) AS last FROM sections").get() as { last: number }
  yield* writeRows(db, changes, last)
  db.exec("COMMIT")
}

const write = (path: string, tokenizer: TokenizerChoice, contents: IndexContents): Effect.Effect<void, IndexWriteFailed> =>
  replaceChanged(path, false, (db) => fillDatabase(db, tokenizer, contents))

/** Copy the current index, change the copy, rename it over: readers never see a half-changed file. */
const update = (path: string, changes: IndexChanges): Effect.Effect<void, IndexWriteFailed> =>
  replaceChanged(path, true, (db) => changeDatabase(db, changes))

/**
 * `path`'s next content made by `change` (sliced) on a copy of the current
 * file (`fromCurrent`) or on an empty one, then renamed over it.
 */
const replaceChanged = (path: string, fromCurrent: boolean, change: (db: Database) => Iterator<unknown>): Effect.Effect<void, IndexWriteFailed> =>
  replaceAtomically(path, (tmp) =>
    Effect.andThen(
      fromCurrent
        ? // A reflink where the file system has them (a copy of extents, not bytes), else a plain copy; off the event loop.
          Effect.tryPromise({ try: () => fs.promises.copyFile(path, tmp, fs.constants.COPYFILE_FICLONE), catch: (e) => e })
        : Effect.void,
      withDatabase(tmp, (db) => sliced(change(db)))
    )
  )

/**
 * A complete index in memory for the scope (issue 29 item 5): when the
 * cache of a foreign skill cannot be written (a read-only home, a name too
 * long for the file system, a full disk), the call is still answered, by
 * the same SQLite and the same queries, from an index that is never stored.
 */
const build = (tokenizer: TokenizerChoice, contents: IndexContents): Effect.Effect<OpenIndex, IndexWriteFailed, Scope.Scope> =>
  Effect.gen(function* () {
    const label = ":memory:"
    const failed = (e: unknown) => new IndexWriteFailed({ path: label, message: message(e) })
    const db = yield* Effect.acquireRelease(
      Effect.try({ try: () => new Database(label), catch: failed }),
      (db) => Effect.sync(() => db.isOpen && db.close())
    )
    yield* sliced(fillDatabase(db, tokenizer, contents)).pipe(Effect.mapError(failed))
    return yield* indexOn(db, label, undefined)
  })

/**
 * The members a combined file records, by the file's own identity: read
 * once per version of the file (a refresh renames a new one over it).
 */
const knownMembers = new Map<string, { readonly stamp: string; readonly members: ReadonlyArray<Member> | undefined }>()

const membersOf = (path: string): ReadonlyArray<Member> | undefined => {
  const stamp = fileStamp(path)
  if (stamp === undefined) return undefined
  const known = knownMembers.get(path)
  if (known !== undefined && known.stamp === stamp) return known.members
  let members: ReadonlyArray<Member> | undefined
  try {
    const db = new Database(path, { readonly: true })
    try {
      members = readMembers(db)
    } finally {
      db.close()
    }
  } catch {
    members = undefined
  }
  knownMembers.set(path, { stamp, members })
  return members
}

/**
 * The combined index of `members` at `path` (./acrossIndex.ts, DECISIONS
 * #44): refreshed when it does not hold exactly these member files as they
 * are now, then opened as any index is (through the pool in `skc mcp`).
 */
const across = (path: string, members: ReadonlyArray<string>, tokenizer: TokenizerChoice): Effect.Effect<AcrossIndex, IndexWriteFailed, Scope.Scope> =>
  Effect.gen(function* () {
    const failed = (message: string) => new IndexWriteFailed({ path, message })
    const wanted = stampMembers(members)
    if (wanted === undefined) return yield* Effect.fail(failed("a member index is gone"))
    noteAcrossUse(path)
    let recorded = membersOf(path)
    if (recorded === undefined || !sameMembers(recorded, wanted)) {
      const fresh = recorded === undefined
      yield* replaceChanged(path, !fresh, (db) => refreshMembers(db, fresh, tokenizer, wanted, (p) => new Database(p, { readonly: true })))
      yield* Effect.sync(() => pruneAcross(nodePath.dirname(path), path))
      recorded = membersOf(path)
      if (recorded === undefined) return yield* Effect.fail(failed("the combined index cannot be read back"))
    }
    const index = yield* open(path)
    if (index.meta._tag !== "Present") return yield* Effect.fail(failed(index.meta._tag === "Corrupt" ? index.meta.reason : "missing"))
    // Another process may have renamed its own refresh over the file meanwhile: its ordinals may differ.
    if (membersOf(path) !== recorded) return yield* Effect.fail(failed("replaced by another process while opening"))
    const position = new Map<number, number>()
    for (const m of recorded) position.set(m.ordinal, members.indexOf(m.indexPath))
    return { index, memberOf: (rowid: number) => position.get(Math.floor(rowid / MEMBER_SPAN)) ?? -1 } satisfies AcrossIndex
  })

/**
 * A build killed with SIGKILL leaves its temporary index (as large as the
 * index) behind; nothing else would ever remove it (issue 19). Each write
 * sweeps the directory for temporary files older than this process whose
 * writer is gone. A concurrent build's file is younger or has a live writer.
 */
export const sweepStaleTemps = (dir: string, startedMs: number = performance.timeOrigin): number => {
  let removed = 0
  let names: Array<string>
  try {
    names = fs.readdirSync(dir)
  } catch {
    return 0
  }
  for (const name of names) {
    const m = TEMP_NAME.exec(name)
    if (m === null) continue
    const pid = Number(m[1])
    if (pid === process.pid || processAlive(pid)) continue
    const file = nodePath.join(dir, name)
    try {
      if (fs.lstatSync(file).mtimeMs >= startedMs) continue
      fs.rmSync(file, { force: true })
      removed++
    } catch {
      // Gone already, or not ours to remove: harmless either way.
    }
  }
  return removed
}

/** `fsync` of a file on the thread pool: flushing a large index never holds the event loop. */
const fsyncOffLoop = (file: string): Promise<void> =>
  fs.promises.open(file, "r").then((handle) => handle.sync().finally(() => handle.close()))

/** Remove a temporary index and its journal, whatever is left of them. */
const removeTemp = (tmp: string) =>
  Effect.sync(() => {
    for (const f of [tmp, `${tmp}-journal`]) {
      try {
        fs.rmSync(f, { force: true })
      } catch {
        // Nothing was created there, or it cannot be removed: the failure already reported matters more.
      }
    }
  })

/**
 * A fresh temporary name beside `path`, its directory made and swept of
 * temporary files left by writers that are gone (issue 19); `made`: the
 * first directory this made, if any.
 */
const prepareTemp = (path: string, failed: (e: unknown) => IndexWriteFailed) =>
  Effect.try({
    try: () => {
      const made = mkdirAll(nodePath.dirname(path))
      sweepStaleTemps(nodePath.dirname(path), Date.now())
      return { tmp: tempNameFor(path), made }
    },
    catch: failed
  })

/**
 * A directory where the index file goes (put there by hand or by another tool): moved aside as a damaged log
 * is, to `<path>.corrupt-<UTC time>` (the first free name), never deleted, so that the index, a cache
 * (DECISIONS #49), can be written. A rename over it failed with EISDIR, and `skc build`, which E002 had
 * named as the repair, answered E999 (a probe of the sixty-second pass).
 */
const moveDirectoryAside = (path: string): void => {
  const stamp = new Date().toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "")
  let aside = `${path}.corrupt-${stamp}`
  for (let n = 2; fs.existsSync(aside); n++) aside = `${path}.corrupt-${stamp}-${n}`
  fs.renameSync(path, aside)
}

/** Flush the finished temporary index and rename it over `path`. */
const publishTemp = (tmp: string, path: string, failed: (e: unknown) => IndexWriteFailed) =>
  Effect.andThen(
    Effect.tryPromise({ try: () => fsyncOffLoop(tmp), catch: failed }),
    Effect.try({
      try: () => {
        try {
          fs.renameSync(tmp, path)
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== "EISDIR" || !fs.lstatSync(path).isDirectory()) throw e
          moveDirectoryAside(path)
          fs.renameSync(tmp, path)
        }
        // A new file: what a read found damaged in the old one is history.
        forgetDamage(path)
        fsyncDirBestEffort(nodePath.dirname(path))
      },
      catch: failed
    })
  )

/** Build `path`'s next content in a temporary file beside it with `fill`, flush it, rename it over `path`. */
const replaceAtomically = (path: string, fill: (tmp: string) => Effect.Effect<void, unknown>): Effect.Effect<void, IndexWriteFailed> => {
  const failed = (e: unknown) => new IndexWriteFailed({ path, message: message(e) })
  return Effect.flatMap(prepareTemp(path, failed), ({ tmp }) =>
    Effect.andThen(fill(tmp).pipe(Effect.mapError(failed)), publishTemp(tmp, path, failed)).pipe(
      Effect.onExit((exit) => (Exit.isSuccess(exit) ? Effect.void : removeTemp(tmp)))
    )
  )
}

/**
 * `write`, fed one file at a time (issue 44): the new index is filled in a
 * temporary file inside one transaction, as `write` does, while the build
 * reads its files, so only the file at hand is in memory. `finish` commits
 * and renames; a scope closed before (a failed compilation, Ctrl-C) closes
 * the connection and removes the temporary file.
 */
const writer = (path: string, tokenizer: TokenizerChoice): Effect.Effect<IndexWriter, IndexWriteFailed, Scope.Scope> => {
  const failed = (e: unknown) => new IndexWriteFailed({ path, message: message(e) })
  return Effect.gen(function* () {
    // The directories this write makes go again if it never finishes: a build that fails leaves the runtime as it found it.
    const { tmp, made } = yield* prepareTemp(path, failed)
    let published = false
    const abandon = Effect.andThen(removeTemp(tmp), Effect.sync(() => made !== undefined && removeEmptyDirs(nodePath.dirname(path), made)))
    const db = yield* Effect.acquireRelease(
      Effect.try({
        try: () => {
          const db = new Database(tmp)
          try {
            beginNewIndex(db, tokenizer)
          } catch (e) {
            db.close()
            throw e
          }
          return db
        },
        catch: failed
      }),
      (db) => Effect.andThen(Effect.sync(() => db.isOpen && db.close()), published ? Effect.void : abandon)
    ).pipe(Effect.onError(() => abandon))
    const rows = rowWriter(db, 0)
    const indexWriter: IndexWriter = {
      add: (file) => sliced(rows.file(file)).pipe(Effect.mapError(failed)),
      finish: (records) =>
        Effect.gen(function* () {
          yield* sliced(rows.records(records)).pipe(Effect.mapError(failed))
          yield* Effect.try({
            try: () => {
              db.exec("COMMIT")
              db.close()
            },
            catch: failed
          })
          yield* publishTemp(tmp, path, failed)
          published = true
        })
    }
    return indexWriter
  })
}

/** Remove `dir` and its parents up to `top` (the first directory a write made) while they are empty. */
const removeEmptyDirs = (dir: string, top: string) => {
  for (let d = dir; ; d = nodePath.dirname(d)) {
    try {
      fs.rmdirSync(d)
    } catch {
      return // Not empty (or gone): whatever is in it is not this write's.
    }
    if (d === top || nodePath.dirname(d) === d) return
  }
}

// --- tokenizer probe ----------------------------------------------------------

let porterProbe: boolean | undefined

/**
 * Whether `porter unicode61` can be created here; probed once per process on an in-memory database.
 * FTS5 registers `porter` with its other built-in tokenizers, so an SQLite compiled with FTS5 (as
 * `node:sqlite`'s is) has it: that is read from the compile options, in microseconds. Creating the
 * probe table, which the answer otherwise comes from (FTS5 loaded some other way, or not at all),
 * took 1–1.5 ms of every command that opens an index (issue 47, cli.search).
 */
const porterAvailable: Effect.Effect<boolean> = Effect.suspend(() =>
  porterProbe !== undefined
    ? Effect.succeed(porterProbe)
    : Effect.scoped(
        Effect.gen(function* () {
          const client = yield* connect(":memory:", false)
          if (client._tag === "Failure") return false
          const db = client.success
          const compiledIn = Effect.try(() => db.prepare("SELECT sqlite_compileoption_used('ENABLE_FTS5') AS used").get() as { used: number }).pipe(
            // Recovery: compile options that cannot be read say nothing; the table below is the test.
            Effect.orElseSucceed(() => ({ used: 0 }))
          )
          if ((yield* compiledIn).used === 1) return true
          return yield* Effect.try(() => db.exec("CREATE VIRTUAL TABLE probe USING fts5(x, tokenize='porter unicode61')")).pipe(
            // Recovery: the probe's question is whether FTS5 works; any failure is "no".
            Effect.as(true),
            Effect.orElseSucceed(() => false)
          )
        })
      ).pipe(Effect.tap((ok) => Effect.sync(() => void (porterProbe = ok))))
)

export const sqliteSearchIndex: SearchIndexService = { porterAvailable, open, write, writer, update, build, across }

export const SqliteSearchIndexLive = Layer.succeed(SearchIndex, sqliteSearchIndex)
