// Issue 18 (RFC-0007:C-LOGGING, C-SYNC): a large log is read page by page in
// local id order, so `sync --to` holds one page in memory, never the log.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Result } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { loadSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { makeLogDb, readLog } from "../helpers/logs.js"

import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"

const dir = mkdtempSync(join(tmpdir(), "skc-page-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("AccessLog.readPage (issue 18)", () => {
  const log = loadSqliteAccessLog()

  it("pages cover every row once, in id order, equal to readAll; the first page says how many rows there are", async () => {
    const file = join(dir, "logs.db")
    const rows = Array.from({ length: 30 }, (_, i) => ({
      timestamp: `2026-01-01T00:00:${String(i).padStart(2, "0")}Z`,
      command: i % 2 === 0 ? "show" : "search",
      args: { n: i },
      error: i === 5 ? "error[E020]: x" : null
    }))
    makeLogDb(file, rows, { skill: "s", skill_path: "/s", cwd: "/p" })
    // Holes in the ids (as a repaired or merged log may have): pages follow ids, not positions.
    const db = new Database(file)
    db.exec("DELETE FROM access_log WHERE id IN (3, 11, 12, 20, 21, 22, 30)")
    db.close()
    const all = await Effect.runPromise(log.readAll(file))
    const ids = readLog(file).map((r) => Number(r.id))
    const pages: Array<{ rows: number; last: number; total?: number }> = []
    const seen = []
    let after = 0
    for (;;) {
      const page = await Effect.runPromise(log.readPage(file, after, 5))
      pages.push({ rows: page.rows.length, last: page.last, ...(page.total === undefined ? {} : { total: page.total }) })
      seen.push(...page.rows)
      if (page.rows.length === 0) break
      after = page.last
    }
    expect(seen).toEqual(all)
    expect(pages.map((p) => p.rows)).toEqual([5, 5, 5, 5, 3, 0])
    expect(pages[0]!.total).toBe(23)
    expect(pages.slice(1).every((p) => p.total === undefined)).toBe(true)
    expect(pages.map((p) => p.last)).toEqual([ids[4], ids[9], ids[14], ids[19], ids[22], ids[22]])
  })

  it("an empty log is one empty page with total 0; a missing file fails naming it", async () => {
    const empty = join(dir, "empty.db")
    makeLogDb(empty, [], { skill: "s", skill_path: "/s", cwd: "/p" })
    expect(await Effect.runPromise(log.readPage(empty, 0, 10))).toEqual({ rows: [], last: 0, total: 0 })
    const missing = await Effect.runPromise(Effect.result(log.readPage(join(dir, "none.db"), 0, 10)))
    expect(Result.isFailure(missing) && missing.failure.path).toBe(join(dir, "none.db"))
  })
})
