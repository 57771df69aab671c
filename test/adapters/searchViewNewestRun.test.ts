// `stats --group-by search` (docs/stats.md "Unanswered questions"): every run of a query counts, and what
// it found is its newest run that ran. A failed run (a stale index, E002; an argument refused, E100) logs
// result_count 0 with its error; as the newest row it made a query that answers read "0" (a probe:
// search, search, an edit that left the index stale, search → "3  0  instructions"). SQLite and the
// memory adapter alike; test/adapters/teamLogPg.test.ts holds PostgreSQL's view equal to SQLite's.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import type { StatsFilters } from "../../src/domain/stats.js"
import { makeLogDb, type Row } from "../helpers/logs.js"

const dir = mkdtempSync(join(tmpdir(), "skc-search-view-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const none: StatsFilters = { since: null, until: null, projects: [], readers: [], include_author: false }
const stale = "error[E002]: index stale for skill 'docs'; run 'skc build docs'"
const rows: ReadonlyArray<Row> = [
  { timestamp: "2026-03-01T09:00:00Z", command: "search", args: { query: "instructions", result_count: 1, partial: true } },
  { timestamp: "2026-03-01T09:01:00Z", command: "search", args: { query: "instructions", result_count: 2 } },
  { timestamp: "2026-03-01T09:02:00Z", command: "search", args: { query: "instructions", result_count: 0 }, error: stale },
  { timestamp: "2026-03-01T09:03:00Z", command: "search", args: { query: "never ran", result_count: 0 }, error: stale },
  { timestamp: "2026-03-01T09:04:00Z", command: "search", args: { query: "nothing", result_count: 0 } }
]
const expected = [
  { query: "instructions", count: 3, result_count: 2, partial: false },
  { query: "never ran", count: 1, result_count: null, partial: false },
  { query: "nothing", count: 1, result_count: 0, partial: false }
]

describe("stats --group-by search: what a query found is its newest run that ran", () => {
  it("on SQLite", async () => {
    const file = join(dir, "logs.db")
    makeLogDb(file, rows, { skill: "docs", skill_path: "/s/docs", cwd: "/p" })
    const view = await Effect.runPromise(makeSqliteAccessLog(Database).aggregate(file, "search", none))
    expect(view.groupBy).toBe("search")
    expect((view as { rows?: unknown }).rows).toEqual(expected)
  })

  it("on the memory adapter", async () => {
    const log = makeMemoryAccessLog()
    for (const r of rows) {
      await Effect.runPromise(
        log.append("/m/logs.db", {
          timestamp: r.timestamp,
          run_id: "r",
          command: r.command,
          skill: "docs",
          skill_path: "/s/docs",
          cwd: "/p",
          args: JSON.stringify(r.args),
          error: r.error ?? null
        })
      )
    }
    const view = await Effect.runPromise(log.aggregate("/m/logs.db", "search", none))
    expect(view.groupBy).toBe("search")
    expect((view as { rows?: unknown }).rows).toEqual(expected)
  })
})
