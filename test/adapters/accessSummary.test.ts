// Issue 30 (RFC-0003:C-QUERIES, RFC-0007:C-LOGGING): the summary's groups
// are kept at insert time by a trigger; `skc stats` reads them instead of
// sorting the whole log. Every case compares the kept groups with the
// grouped scan over the same rows (a `--since` filter long before the first
// row makes the adapter scan), so the two can never drift apart unseen.
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { catchUp, SUMMARY_SCHEMA } from "../../src/adapters/sqlite/accessSummary.js"
import { Database, type OpenOptions } from "../../src/adapters/sqlite/nodeSqlite.js"
import type { AccessLogRow, AggregateRows } from "../../src/ports/AccessLog.js"
import type { StatsFilters } from "../../src/domain/stats.js"
import { makeLogDb } from "../helpers/logs.js"

const dir = mkdtempSync(join(tmpdir(), "skc-summary-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0
const fresh = () => join(dir, `log-${++n}`, "logs.db")

const log = makeSqliteAccessLog(Database)
const ALL: StatsFilters = { since: null, until: null, projects: [], readers: [], include_author: true }
/** A filter that keeps every row but makes the adapter run the grouped scan. */
const SCAN: StatsFilters = { ...ALL, since: "0000-01-01T00:00:00Z" }

/** A mix of every kind of row the summary tells apart, including malformed args and non-text values. */
const rows = (count: number, seed = 1): Array<AccessLogRow> => {
  const out: Array<AccessLogRow> = []
  for (let i = 0; i < count; i++) {
    const k = (i * 7 + seed) % 11
    const ts = `2026-0${1 + (i % 3)}-${String(10 + (i % 17)).padStart(2, "0")}T0${i % 10}:00:00Z`
    const [command, args, error]: [string, unknown, string | null] =
      k === 0 ? ["show", { section: "Setup", file: "SKILL.md" }, null]
      : k === 1 ? ["show", { section: "Gone", file: null }, "error[E020]: section not found: 'Gone'"]
      : k === 2 ? ["open", { path: "references/api.md" }, null]
      : k === 3 ? ["open", { path: "missing.md" }, "error[E021]: file not found: 'missing.md'"]
      : k === 4 ? ["search", { query: "rate limit", result_count: 0 }, null]
      : k === 5 ? ["search", { query: "auth", result_count: 3 }, null]
      : k === 6 ? ["build", { role: "author" }, null]
      : k === 7 ? ["show", { section: 42, file: "SKILL.md", role: "author" }, null]
      : k === 8 ? ["outline", "not json {", null]
      : k === 9 ? ["search", { query: "x", result_count: 0 }, "error[E002]: search index unusable"]
      : ["sources", { dir: null }, null]
    out.push({
      timestamp: ts,
      run_id: "r",
      command,
      skill: "s",
      skill_path: "/s",
      cwd: "/p",
      args: typeof args === "string" ? args : JSON.stringify(args),
      error
    })
  }
  return out
}

const summary = (file: string, filters: StatsFilters) => Effect.runPromise(log.aggregate(file, "summary", filters))
/** Groups in one order, so the kept and the scanned can be compared whole. */
const sorted = (a: AggregateRows) =>
  a.groupBy === "summary" ? [...a.groups].map((g) => JSON.stringify(g)).sort() : []
const state = (file: string) => {
  const db = new Database(file, { readonly: true })
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'access_summary%' AND type = 'table' ORDER BY name").all()
    if (tables.length < 2) return { tables: tables.length }
    const s = db.prepare("SELECT through, (SELECT ifnull(max(id), 0) FROM access_log) AS last, (SELECT count(*) FROM access_summary) AS groups FROM access_summary_state").get() as Record<string, number>
    return { tables: 2, through: Number(s.through), last: Number(s.last), groups: Number(s.groups) }
  } finally {
    db.close()
  }
}
/** A hand edit of the log, as another program might make it. */
const execOn = (file: string, sql: string) => {
  const db = new Database(file)
  try {
    db.exec(sql)
  } finally {
    db.close()
  }
}
const append = async (file: string, list: ReadonlyArray<AccessLogRow>) => {
  for (const r of list) await Effect.runPromise(log.append(file, r))
}
const expectSameAsScan = async (file: string) => {
  const kept = await summary(file, ALL)
  const scanned = await summary(file, SCAN)
  expect(sorted(kept)).toEqual(sorted(scanned))
  expect(sorted(kept).length).toBeGreaterThan(0)
  return kept
}

describe("the summary kept beside the log (issue 30)", () => {
  it("rows appended by skc are counted by the next summary, not at insert; the kept groups equal the grouped scan", async () => {
    const file = fresh()
    await append(file, rows(60))
    // Schema 3: the insert counts nothing (the agent's path); the groups wait for a summary.
    expect(state(file)).toEqual({ tables: 2, through: 0, last: 60, groups: 0 })
    await expectSameAsScan(file)
    const s = state(file)
    expect(s).toEqual({ tables: 2, through: 60, last: 60, groups: s.groups })
    expect(s.groups).toBeGreaterThan(0)
    // The next summary counts only the rows since.
    await append(file, rows(5, 4))
    expect(state(file)).toMatchObject({ through: 60, last: 65 })
    await expectSameAsScan(file)
    expect(state(file)).toMatchObject({ through: 65, last: 65 })
  })

  it("a log written before the kept summary existed is caught up by its first summary, and by each later one", async () => {
    const file = fresh()
    makeLogDb(file, rows(40).map((r) => ({ ...r, args: r.args, error: r.error })), { skill: "s", skill_path: "/s", cwd: "/p" })
    expect(state(file)).toEqual({ tables: 0 })
    await expectSameAsScan(file)
    expect(state(file)).toMatchObject({ tables: 2, through: 40, last: 40 })
    await append(file, rows(9, 5))
    expect(state(file)).toMatchObject({ through: 40, last: 49 })
    await expectSameAsScan(file)
    expect(state(file)).toMatchObject({ through: 49, last: 49 })
  })

  it("catching up goes in steps over ids with holes, and counts rows appended while the watermark was behind exactly once", () => {
    const file = fresh()
    makeLogDb(file, rows(30), { skill: "s", skill_path: "/s", cwd: "/p" })
    const db = new Database(file)
    try {
      db.exec("DELETE FROM access_log WHERE id IN (4, 5, 6, 17, 30)")
      db.exec(SUMMARY_SCHEMA)
      // Rows appended after the schema: no trigger counts them, the catch-up does.
      const insert = db.prepare("INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      for (const r of rows(7, 3)) insert.run(r.timestamp, r.run_id, r.command, r.skill, r.skill_path, r.cwd, r.args, r.error)
      expect((db.prepare("SELECT count(*) AS n FROM access_summary").get() as { n: number }).n).toBe(0)
      catchUp(db, 4)
      const counted = db.prepare("SELECT sum(count) AS n FROM access_summary").get() as { n: number }
      expect(Number(counted.n)).toBe(25 + 7)
    } finally {
      db.close()
    }
    expect(state(file)).toMatchObject({ through: 37, last: 37 })
    return expectSameAsScan(file)
  })

  it("deleting or changing logged rows starts the kept groups over; the next summary is right again", async () => {
    const file = fresh()
    await append(file, rows(30))
    await expectSameAsScan(file)
    expect(state(file)).toMatchObject({ through: 30 })
    execOn(file, "DELETE FROM access_log WHERE command = 'search'")
    expect(state(file)).toMatchObject({ through: 0, groups: 0 })
    await expectSameAsScan(file)
    expect(state(file)).toMatchObject({ through: 30 })
    execOn(file, "UPDATE access_log SET error = 'error[E020]: x' WHERE id = 1")
    expect(state(file)).toMatchObject({ through: 0, groups: 0 })
    await expectSameAsScan(file)
  })

  it("a row inserted below the watermark (an explicit id) starts the groups over instead of being lost", async () => {
    const file = fresh()
    await append(file, rows(10))
    execOn(file, "DELETE FROM access_log WHERE id = 3")
    const kept = await summary(file, ALL)
    expect(kept.groupBy).toBe("summary")
    expect(state(file)).toMatchObject({ through: 10 })
    execOn(file, "INSERT INTO access_log (id, timestamp, run_id, command, skill, skill_path, cwd, args) VALUES (3, '2025-01-01T00:00:00Z', 'r', 'show', 's', '/s', '/p', '{\"section\":\"Late\",\"file\":\"SKILL.md\"}')")
    expect(state(file)).toMatchObject({ through: 0 })
    const after = await expectSameAsScan(file)
    expect(after.groupBy === "summary" && after.groups.some((g) => g.section === "Late")).toBe(true)
  })

  it("a log of schema 2 (its counting trigger) loses the trigger at its next write; an older skc re-running its schema leaves the groups right", async () => {
    // The counting trigger of schema 2, as the skc before this one wrote it (test/fixtures/access-log).
    const v2 = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "access-log", "summary-insert-trigger-v2.sql"), "utf8")
    const triggers = (file: string) => {
      const db = new Database(file, { readonly: true })
      try {
        return db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all().map((r) => (r as { name: string }).name)
      } finally {
        db.close()
      }
    }
    const insertByHand = (file: string) =>
      execOn(file, "INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args) VALUES ('2026-04-01T00:00:00Z', 'r', 'show', 's', '/s', '/p', '{\"section\":\"Setup\",\"file\":\"SKILL.md\"}')")
    const file = fresh()
    await append(file, rows(15))
    await expectSameAsScan(file)
    // The log as schema 2 left it: its counting trigger, no reset trigger, the groups counted as rows came.
    execOn(file, `DROP TRIGGER access_summary_reset_insert; ${v2} PRAGMA user_version = 2;`)
    insertByHand(file)
    expect(state(file)).toMatchObject({ through: 16, last: 16 })
    // This skc's next write moves it to schema 3.
    await append(file, rows(10, 3))
    expect(triggers(file)).toEqual(["access_summary_delete", "access_summary_reset_insert", "access_summary_update"])
    expect(state(file)).toMatchObject({ through: 16, last: 26 })
    await expectSameAsScan(file)
    expect(state(file)).toMatchObject({ through: 26, last: 26 })
    // An older skc meets schema 3: it re-runs its own schema (CREATE TRIGGER IF NOT EXISTS) and writes rows.
    execOn(file, `${v2.replace("CREATE TRIGGER access_summary_insert", "CREATE TRIGGER IF NOT EXISTS access_summary_insert")} PRAGMA user_version = 2;`)
    insertByHand(file)
    insertByHand(file)
    await expectSameAsScan(file)
    await append(file, rows(4, 5))
    expect(triggers(file)).toEqual(["access_summary_delete", "access_summary_reset_insert", "access_summary_update"])
    const kept = await expectSameAsScan(file)
    expect(state(file)).toMatchObject({ through: 32, last: 32 })
    expect(kept.groupBy === "summary" && kept.groups.reduce((n, g) => n + Number(g.count), 0)).toBe(32)
  })

  it("a summary asked while another connection holds the write lock waits for it, then counts: it does not fall back to reading every row", async () => {
    const file = fresh()
    await append(file, rows(10))
    expect(state(file)).toMatchObject({ through: 0, last: 10 })
    // Another writer (an agent's row on its way) holds the log's write lock.
    const other = new Database(file)
    other.exec("BEGIN IMMEDIATE")
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec("COMMIT")
        other.close()
        resolve()
      }, 30)
    )
    const kept = await summary(file, ALL)
    await released
    expect(kept.groupBy).toBe("summary")
    // Counted into the kept groups (the grouped scan would have left the watermark behind).
    expect(state(file)).toMatchObject({ through: 10, last: 10 })
    await expectSameAsScan(file)
  })

  it("a lock another process holds for longer than a second: the summary is answered read only, not E999 after every retry", async () => {
    const file = fresh()
    await append(file, rows(10))
    // Held until the summary has answered: a summary that waited for the lock would fail instead.
    const other = new Database(file)
    other.exec("BEGIN IMMEDIATE")
    try {
      const kept = await summary(file, ALL)
      expect(sorted(kept)).toEqual(sorted(await summary(file, SCAN)))
      // Nothing written: the kept groups stay behind, for a later summary to catch up.
      expect(state(file)).toMatchObject({ through: 0, last: 10 })
    } finally {
      other.exec("COMMIT")
      other.close()
    }
  })

  it("where the log cannot be written (a read-only runtime), the summary is the grouped scan and nothing is added to the file", async () => {
    const file = fresh()
    makeLogDb(file, rows(20), { skill: "s", skill_path: "/s", cwd: "/p" })
    // Root ignores file modes, so the read-only runtime is the driver refusing every write open.
    class ReadOnlyDatabase extends Database {
      constructor(path: string, options: OpenOptions = {}) {
        if (options.readonly !== true) throw Object.assign(new Error("attempt to write a readonly database"), { code: "SQLITE_READONLY" })
        super(path, options)
      }
    }
    const readOnly = makeSqliteAccessLog(ReadOnlyDatabase)
    const kept = await Effect.runPromise(readOnly.aggregate(file, "summary", ALL))
    const scanned = await summary(file, SCAN)
    expect(sorted(kept)).toEqual(sorted(scanned))
    expect(state(file)).toEqual({ tables: 0 })
  })

  it("a log this reader cannot write, its groups behind: the kept groups plus the rows after the watermark, not every row", async () => {
    const file = fresh()
    await append(file, rows(40))
    await expectSameAsScan(file)
    await append(file, rows(7, 2))
    expect(state(file)).toMatchObject({ through: 40, last: 47 })
    // Root ignores file modes, so the read-only runtime is the driver refusing every write open; it notes what it is asked.
    const asked: Array<string> = []
    class ReadOnlyDatabase extends Database {
      constructor(path: string, options: OpenOptions = {}) {
        if (options.readonly !== true) throw Object.assign(new Error("attempt to write a readonly database"), { code: "SQLITE_READONLY" })
        super(path, options)
      }
      override prepare(source: string) {
        asked.push(source)
        return super.prepare(source)
      }
    }
    const kept = await Effect.runPromise(makeSqliteAccessLog(ReadOnlyDatabase).aggregate(file, "summary", ALL))
    expect(sorted(kept)).toEqual(sorted(await summary(file, SCAN)))
    expect(kept.groupBy === "summary" && kept.groups.reduce((n, g) => n + Number(g.count), 0)).toBe(47)
    // Read from the kept groups and the rows after the watermark; nothing written.
    expect(asked.some((q) => q.includes("FROM access_summary") && q.includes("WHERE id > ?"))).toBe(true)
    expect(state(file)).toMatchObject({ through: 40, last: 47 })
  })

  it("latest: a command the kept groups never counted is answered without reading the log; one they counted is still found", async () => {
    const file = fresh()
    const evalRow = (ts: string, n: number): AccessLogRow => ({ ...rows(1)[0]!, timestamp: ts, command: "eval", args: JSON.stringify({ n }) })
    // An old log (no kept groups): found by the walk.
    makeLogDb(file, [...rows(12), evalRow("2026-02-01T00:00:00Z", 1), ...rows(5)], { skill: "s", skill_path: "/s", cwd: "/p" })
    expect((await Effect.runPromise(log.latest(file, "eval")))?.args).toBe('{"n":1}')
    await summary(file, ALL)
    expect(state(file)).toMatchObject({ through: 18 })
    expect(await Effect.runPromise(log.latest(file, "lint"))).toBeUndefined()
    await append(file, [evalRow("2026-03-01T00:00:00Z", 2), ...rows(3)])
    expect((await Effect.runPromise(log.latest(file, "eval")))?.args).toBe('{"n":2}')
    await append(file, [{ ...rows(1)[0]!, command: "lint" }])
    expect((await Effect.runPromise(log.latest(file, "lint")))?.timestamp).toBe(rows(1)[0]!.timestamp)
  })

  it("summary tables dropped by hand (the trigger left behind): the next row is still written, and the summary is right again", async () => {
    for (const dropped of ["access_summary", "access_summary_state"]) {
      const file = fresh()
      await append(file, rows(12))
      execOn(file, `DROP TABLE ${dropped}`)
      await append(file, rows(3, 7))
      const db = new Database(file, { readonly: true })
      const count = (db.prepare("SELECT count(*) AS n FROM access_log").get() as { n: number }).n
      db.close()
      expect(Number(count), dropped).toBe(15)
      await expectSameAsScan(file)
    }
  })
})
