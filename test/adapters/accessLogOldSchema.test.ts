// RFC-0007:C-LOGGING, "nothing stored is lost": an access log of an older or foreign schema. It was
// stamped as current unchanged, so every later row went to the fallback log without a word, `stats` failed
// E999 "no such column: args" and `sync` said E041 "not writable" (an old-data probe). Now its missing
// columns are added (its rows kept), a newer skc's version is never stamped down, and a table no row of
// skc's can be written into is moved aside whole (its rows kept there) for a fresh log.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import type { AccessLogRow } from "../../src/ports/AccessLog.js"

const dir = mkdtempSync(join(tmpdir(), "skc-old-log-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0
const fresh = () => {
  const file = join(dir, `log-${++n}`, "logs.db")
  mkdirSync(dirname(file), { recursive: true })
  return file
}
const log = makeSqliteAccessLog(Database)
const row: AccessLogRow = { timestamp: "2026-12-01T10:00:00Z", run_id: "r1", command: "show", skill: "pdf", skill_path: "/p/pdf", cwd: "/p", args: '{"section":"Quick Start"}', error: null }
const sql = (file: string, ...statements: ReadonlyArray<string>) => {
  const db = new Database(file)
  try {
    for (const s of statements) db.exec(s)
  } finally {
    db.close()
  }
}
const read = <A>(file: string, q: string) => {
  const db = new Database(file, { readonly: true })
  try {
    return db.prepare(q).all() as Array<A>
  } finally {
    db.close()
  }
}

const OLD = "CREATE TABLE access_log (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TEXT NOT NULL, run_id TEXT NOT NULL, command TEXT NOT NULL, skill TEXT NOT NULL, skill_path TEXT NOT NULL, cwd TEXT NOT NULL, error TEXT)"

describe("an access log of another schema", () => {
  it("an older table without args: the column is added, its rows kept, the new row written into it", async () => {
    const file = fresh()
    sql(file, OLD, "INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd) VALUES ('2026-01-01T00:00:00Z', 'a', 'show', 'pdf', '/p/pdf', '/p')", "PRAGMA user_version = 1")
    await Effect.runPromise(log.append(file, row))
    expect(read<{ command: string; args: string }>(file, "SELECT command, args FROM access_log ORDER BY id")).toEqual([
      { command: "show", args: "{}" },
      { command: "show", args: '{"section":"Quick Start"}' }
    ])
    expect(read<{ user_version: number }>(file, "PRAGMA user_version")[0]!.user_version).toBe(3)
  })

  it("a newer skc's log (a higher version) is never stamped down", async () => {
    const file = fresh()
    await Effect.runPromise(log.append(file, row))
    sql(file, "PRAGMA user_version = 4")
    await Effect.runPromise(log.append(file, row))
    expect(read<{ user_version: number }>(file, "PRAGMA user_version")[0]!.user_version).toBe(4)
  })

  it("a table with a required column of its own: moved aside whole with its rows, a fresh log made", async () => {
    const file = fresh()
    sql(file, OLD.replace("error TEXT)", "error TEXT, args TEXT, reader TEXT NOT NULL)"), "INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, reader) VALUES ('t', 'a', 'show', 'pdf', '/p/pdf', '/p', 'x')")
    const first = await Effect.runPromise(Effect.result(log.append(file, row)))
    // The adapter reports it as unsound, for the caller's repair (logRepair.ts) to move it aside and write again.
    expect(first._tag).toBe("Failure")
    expect(String((first as { failure?: { message?: string } }).failure?.message)).toContain("its access_log table is not skc's (column reader that no row of skc's fills)")
    expect(existsSync(file)).toBe(true)
    expect(readdirSync(dirname(file)).filter((f) => f.startsWith("logs.db")).length).toBeGreaterThan(0)
  })
  it("a log stamped as this skc's whose table was dropped: the table is made again and the row written there, not sent to the fallback (robustness probe, seventy-fourth pass)", async () => {
    const file = fresh()
    await Effect.runPromise(log.append(file, row))
    sql(file, "DROP TABLE access_log")
    expect(read<{ user_version: number }>(file, "PRAGMA user_version")[0]!.user_version).toBe(3)
    await Effect.runPromise(log.append(file, row))
    expect(read<{ command: string }>(file, "SELECT command FROM access_log")).toEqual([{ command: "show" }])
    const summary = await Effect.runPromise(log.aggregate(file, "summary", { since: null, until: null, projects: [], readers: [], include_author: true }))
    expect(summary.groupBy === "summary" && summary.groups.reduce((n, g) => n + Number(g.count), 0)).toBe(1)
  })

  it("a log stamped as this skc's holding another table or a view named access_log: reported unsound, for the repair to move it aside", async () => {
    for (const made of ["CREATE TABLE access_log (x)", "CREATE TABLE t (a); CREATE VIEW access_log AS SELECT * FROM t"]) {
      const file = fresh()
      await Effect.runPromise(log.append(file, row))
      sql(file, "DROP TABLE access_log", made)
      const r = await Effect.runPromise(Effect.result(log.append(file, row)))
      expect(r._tag, made).toBe("Failure")
      expect(String((r as { failure?: { message?: string } }).failure?.message), made).toMatch(/its access_log (table is not skc's \(no id column\)|is a view, not skc's table)/)
    }
  })
})
