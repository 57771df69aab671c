/**
 * One search index over several skills' indexes (DECISIONS #44, issue 25):
 * what `skc search --all` and `skc_search` without `skill` query, so that a
 * question over 26 skills is a handful of statements on one file instead of
 * three or four on each of 26 (the MCP server spent most of such a call
 * there).
 *
 * The file holds the same tables the queries of a skill's index read
 * (`sections`, `section_places`, `section_own`, `index_meta`), so it is
 * opened and queried exactly as one (`open` in ./SqliteSearchIndex.ts), and
 * a `members` table: for each member, its index file, that file's identity
 * (`fileStamp`: device, inode, size, times) when it was copied, and its
 * ordinal. The rows of member `k` keep their own rowids plus
 * `k × MEMBER_SPAN`, so which skill a row comes from is arithmetic.
 *
 * Kept current incrementally: when a member's index file is no longer the
 * one copied (a build renames a new file over it) or the member set
 * differs, the current file is copied, the rows of the changed and departed
 * members deleted, those of the changed and new ones copied in, and the
 * copy renamed over the file: readers see the old combination or the new
 * one, never half of one, and a killed refresh leaves the old file (the
 * same `replaceAtomically` as a skill's index). The file's name is a hash
 * of the member paths, so two sets of skills never rewrite each other's
 * file; the directory keeps the few most recently written.
 */
import * as fs from "node:fs"
import * as nodePath from "node:path"
import type { Database, Statement } from "./nodeSqlite.js"
import { documentRemover, INSERT_OWN, INSERT_PLACE, INSERT_SECTION, QUERIED_TABLES } from "./indexTables.js"
import { fileStamp } from "./ConnectionPool.js"
import { IN_USE_MS } from "../node/recentlyUsed.js"
import type { TokenizerChoice } from "../../domain/search/tokenizer.js"

/** Rowids of member `k` are `k × MEMBER_SPAN + their rowid in the member's index`. */
export const MEMBER_SPAN = 2 ** 32

/** The layout of the file; another value is replaced by a fresh file. */
export const ACROSS_LAYOUT = "1"

/** How many combined files the directory keeps (the most recently written: a read leaves the file alone). */
export const ACROSS_FILES_KEPT = 8

/** The tables a query reads, as in a skill's index, and the members. */
export const ACROSS_SCHEMA = (tokenize: string) => [
  ...QUERIED_TABLES(tokenize),
  "CREATE TABLE members (ordinal INTEGER PRIMARY KEY, index_path TEXT NOT NULL UNIQUE, stamp TEXT NOT NULL)"
]

export interface Member {
  readonly ordinal: number
  readonly indexPath: string
  readonly stamp: string
}

/** The members a combined file records; undefined when it is not a combined file of this layout. */
export const readMembers = (db: Database): ReadonlyArray<Member> | undefined => {
  try {
    const layout = db.prepare("SELECT value FROM index_meta WHERE key = 'across_layout'").get() as { value: string } | undefined
    if (layout?.value !== ACROSS_LAYOUT) return undefined
    return (db.prepare("SELECT ordinal, index_path, stamp FROM members").all() as Array<{ ordinal: number; index_path: string; stamp: string }>).map(
      (r) => ({ ordinal: r.ordinal, indexPath: r.index_path, stamp: r.stamp })
    )
  } catch {
    return undefined
  }
}

/** A member index file as it is now. */
export interface Stamped {
  readonly indexPath: string
  readonly stamp: string
}

/** The same file, unchanged since it was copied. */
const sameFile = (a: Stamped, b: Stamped) => a.indexPath === b.indexPath && a.stamp === b.stamp

/** Whether `recorded` is exactly `wanted` (the same member files, each unchanged since copied). */
export const sameMembers = (recorded: ReadonlyArray<Member>, wanted: ReadonlyArray<Stamped>) =>
  recorded.length === wanted.length && wanted.every((w) => recorded.some((r) => sameFile(r, w)))

/** Every row `select` reads from `source` into `insert`, the first column (its rowid) shifted by `base`; yields every few rows. */
function* copyRows(source: Database, select: string, insert: Statement, base: number): Generator<void> {
  let n = 0
  for (const r of source.prepare(select).statement.iterate() as Iterable<Record<string, unknown>>) {
    const [rowid, ...rest] = Object.values(r)
    insert.run(base + Number(rowid), ...rest)
    if (++n % ROWS_PER_CHECK === 0) yield
  }
}

/** Rows written between two looks at the clock (the writer is sliced as a skill's index writer is). */
const ROWS_PER_CHECK = 64

/**
 * Bring `db` (a fresh file when `fresh`, else a copy of the current one) to
 * hold exactly `wanted`: departed and changed members' rows out, changed and
 * new members' rows in, copied from each member's index file, opened
 * read-only (`open`). Yields every few rows so the caller can slice it.
 */
export function* refreshMembers(
  db: Database,
  fresh: boolean,
  tokenizer: TokenizerChoice,
  wanted: ReadonlyArray<Stamped>,
  openMember: (path: string) => Database
): Generator<void> {
  // The copy is thrown away if anything fails: no journal needed.
  db.pragma("journal_mode = OFF")
  db.pragma("synchronous = OFF")
  db.exec("BEGIN")
  if (fresh) for (const statement of ACROSS_SCHEMA(tokenizer.fts5)) db.exec(statement)
  const recorded = fresh ? [] : (readMembers(db) ?? [])
  const keep = new Set(recorded.filter((r) => wanted.some((w) => sameFile(r, w))).map((r) => r.ordinal))
  const removeDocuments = documentRemover(db)
  const forgetMember = db.prepare("DELETE FROM members WHERE ordinal = ?")
  for (const r of recorded) {
    if (keep.has(r.ordinal)) continue
    removeDocuments(r.ordinal * MEMBER_SPAN, (r.ordinal + 1) * MEMBER_SPAN - 1)
    forgetMember.run(r.ordinal)
    yield
  }
  const used = new Set(keep)
  let next = 1
  const section = db.prepare(INSERT_SECTION)
  const place = db.prepare(INSERT_PLACE)
  const own = db.prepare(INSERT_OWN)
  const member = db.prepare("INSERT INTO members (ordinal, index_path, stamp) VALUES (?, ?, ?)")
  for (const w of wanted) {
    if (recorded.some((r) => keep.has(r.ordinal) && r.indexPath === w.indexPath)) continue
    while (used.has(next)) next++
    const ordinal = next
    used.add(ordinal)
    const base = ordinal * MEMBER_SPAN
    const source = openMember(w.indexPath)
    try {
      // The columns in the order of the INSERTs, rowid first.
      yield* copyRows(source, "SELECT rowid, file, section, content FROM sections", section, base)
      yield* copyRows(source, "SELECT id, file, section, line, end_line, level, subsections FROM section_places", place, base)
      yield* copyRows(source, "SELECT rowid, own FROM section_own", own, base)
      // Copied from the file that was stamped: a build that renamed a new one over it meanwhile is seen by the next call.
      member.run(ordinal, w.indexPath, w.stamp)
    } finally {
      source.close()
    }
    yield
  }
  db.exec("DELETE FROM index_meta")
  const meta = db.prepare("INSERT INTO index_meta (key, value) VALUES (?, ?)")
  // The keys every index has (so it opens as one), and what it is.
  for (const [key, value] of [
    ["skill_path", ""],
    ["source_hash", ""],
    ["schema_version", "0"],
    ["tokenizer", tokenizer.recorded],
    ["across_layout", ACROSS_LAYOUT]
  ])
    meta.run(key, value)
  db.exec("COMMIT")
}

/** The member files as they are now, in the order given; undefined when one is gone. */
export const stampMembers = (paths: ReadonlyArray<string>): ReadonlyArray<Stamped> | undefined => {
  const out: Array<Stamped> = []
  for (const indexPath of paths) {
    const stamp = fileStamp(indexPath)
    if (stamp === undefined) return undefined
    out.push({ indexPath, stamp })
  }
  return out
}

/**
 * When this process last answered from each combined file. Pruning by the
 * time a file was written alone removed, in a server asking more than
 * `ACROSS_FILES_KEPT` sets of skills in turn (a team's server, a project
 * each, or agents naming `skills`), the very file the next call needed:
 * every call built its set's file again.
 */
const lastUsed = new Map<string, number>()

/** `path` answered a call now (and uses older than `IN_USE_MS` are forgotten). */
export const noteAcrossUse = (path: string, now: number = Date.now()) => {
  for (const [p, t] of lastUsed) if (now - t >= IN_USE_MS) lastUsed.delete(p)
  lastUsed.set(path, now)
}

/**
 * Keep the `ACROSS_FILES_KEPT` most recently written combined files of `dir`,
 * and every one this process used in the last `IN_USE_MS` (`used`: the
 * one in use now, always kept).
 */
export const pruneAcross = (dir: string, used: string, now: number = Date.now()) => {
  let names: Array<string>
  try {
    names = fs.readdirSync(dir).filter((n) => /^search-[0-9a-f]{16}\.db$/.test(n))
  } catch {
    return
  }
  if (names.length <= ACROSS_FILES_KEPT) return
  const inUse = (p: string) => {
    const t = lastUsed.get(p)
    return t !== undefined && now - t < IN_USE_MS
  }
  const aged = names
    .map((n) => nodePath.join(dir, n))
    .filter((p) => p !== used && !inUse(p))
    .map((p) => {
      try {
        return { p, t: fs.statSync(p).mtimeMs }
      } catch {
        return { p, t: 0 }
      }
    })
    .sort((a, b) => b.t - a.t)
  for (const { p } of aged.slice(ACROSS_FILES_KEPT - 1)) {
    try {
      // A process still reading it keeps its open file; the next call there builds its own again.
      fs.rmSync(p, { force: true })
    } catch {
      // Not ours to remove: it stays, harmlessly.
    }
  }
}
