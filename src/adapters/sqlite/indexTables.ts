/**
 * The tables a search query reads, and how rows go into them: shared by a
 * skill's index (./SqliteSearchIndex.ts) and the one index over several
 * skills (./acrossIndex.ts), which is queried exactly as one.
 */
import type { Database } from "./nodeSqlite.js"

/** `sections` (RFC-0004:C-INDEX), `index_meta`, and beside them (schema 3, issue 14) where each document sits and the own text of sections with subsections. */
export const QUERIED_TABLES = (tokenize: string): ReadonlyArray<string> => [
  `CREATE VIRTUAL TABLE sections USING fts5(file, section, content, tokenize='${tokenize}')`,
  "CREATE TABLE index_meta (key TEXT PRIMARY KEY, value TEXT)",
  "CREATE TABLE section_places (id INTEGER PRIMARY KEY, file TEXT NOT NULL, section TEXT NOT NULL, line INTEGER NOT NULL, end_line INTEGER NOT NULL, level INTEGER NOT NULL, subsections INTEGER NOT NULL)",
  `CREATE VIRTUAL TABLE section_own USING fts5(own, tokenize='${tokenize}')`
]

/** One rowid per document, shared by `sections`, `section_places` and `section_own` (issue 14). */
export const INSERT_SECTION = "INSERT INTO sections (rowid, file, section, content) VALUES (?, ?, ?, ?)"
export const INSERT_PLACE = "INSERT INTO section_places (id, file, section, line, end_line, level, subsections) VALUES (?, ?, ?, ?, ?, ?, ?)"
export const INSERT_OWN = "INSERT INTO section_own (rowid, own) VALUES (?, ?)"

/**
 * Remove the documents whose rowids lie in `lo..hi` from `sections`,
 * `section_own` and `section_places`. The FTS5 tables go one rowid at a
 * time, the rowids read from `section_places` (a range of its primary key):
 * FTS5 answers `rowid = ?` by a lookup but scans its whole table for
 * `rowid BETWEEN ? AND ?`, so removing 400 changed files of a 4,000-file
 * skill by ranges took 3.3 s of scans against 18 ms by rowid. Statements are
 * prepared once per remover.
 */
export const documentRemover = (db: Database) => {
  const ids = db.prepare("SELECT id FROM section_places WHERE id BETWEEN ? AND ?")
  const section = db.prepare("DELETE FROM sections WHERE rowid = ?")
  const own = db.prepare("DELETE FROM section_own WHERE rowid = ?")
  const places = db.prepare("DELETE FROM section_places WHERE id BETWEEN ? AND ?")
  return (lo: number, hi: number): void => {
    for (const { id } of ids.all(lo, hi) as Array<{ id: number }>) {
      section.run(id)
      own.run(id)
    }
    places.run(lo, hi)
  }
}
