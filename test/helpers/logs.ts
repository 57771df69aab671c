/**
 * Hand-made access logs for stats and sync tests: a database with exactly
 * RFC-0007:C-LOGGING's columns, written with `node:sqlite` directly (not
 * through skc), and a reader for what skc wrote.
 */
import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"

export interface Row {
  timestamp: string
  run_id?: string
  command: string
  skill?: string
  skill_path?: string
  cwd?: string
  args?: Record<string, unknown> | string
  error?: string | null
}

export const makeLogDb = (file: string, rows: ReadonlyArray<Row>, defaults: { skill: string; skill_path: string; cwd: string }) => {
  mkdirSync(dirname(file), { recursive: true })
  const db = new Database(file)
  db.exec(`CREATE TABLE IF NOT EXISTS access_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TEXT NOT NULL, run_id TEXT NOT NULL, command TEXT NOT NULL,
    skill TEXT NOT NULL, skill_path TEXT NOT NULL, cwd TEXT NOT NULL, args TEXT, error TEXT)`)
  const insert = db.prepare(
    "INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
  )
  // One transaction: a fixture of thousands of rows is written in one sync, not one per row.
  db.exec("BEGIN")
  for (const r of rows) {
    insert.run(
      r.timestamp,
      r.run_id ?? "fixture",
      r.command,
      r.skill ?? defaults.skill,
      r.skill_path ?? defaults.skill_path,
      r.cwd ?? defaults.cwd,
      typeof r.args === "string" ? r.args : JSON.stringify(r.args ?? {}),
      r.error ?? null
    )
  }
  db.exec("COMMIT")
  db.close()
}

export const readLog = (file: string): Array<Record<string, unknown>> => {
  // A busy timeout as skc's own readers have (READ_BUSY_TIMEOUT_MS): a server writing the log meanwhile held the
  // lock for a moment on a loaded CI host, and the read failed "database is locked" instead of waiting.
  const db = new Database(file, { readonly: true, timeout: 5000 })
  try {
    return db.prepare("SELECT * FROM access_log ORDER BY id").all()
  } finally {
    db.close()
  }
}
