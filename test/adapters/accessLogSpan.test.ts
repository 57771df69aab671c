// `sync` merges a fallback log a span at a time (RFC-0007:C-SYNC, DECISIONS #30): a span ends with every
// row of its last second, so rows identical to the second are never split between two merges, and the
// spans cover every row once. The same contract for the SQLite and in-memory adapters.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Result } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { loadSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import type { AccessLogRow, AccessLogService, LogSpan } from "../../src/ports/AccessLog.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"

const dir = mkdtempSync(join(tmpdir(), "skc-span-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const at = (second: number) => `2026-01-01T00:${String(Math.floor(second / 60)).padStart(2, "0")}:${String(second % 60).padStart(2, "0")}Z`
const row = (second: number, n: number, skillPath = "/s"): AccessLogRow => ({
  timestamp: at(second),
  run_id: "r",
  command: "show",
  skill: "s",
  skill_path: skillPath,
  cwd: "/p",
  args: JSON.stringify({ n }),
  error: null
})

// Written out of timestamp order (as concurrent writers commit): seconds 0..9, three rows in second 4 (two of
// them identical), five in second 7, a second source path.
const ROWS: Array<AccessLogRow> = [
  row(3, 0), row(0, 1), row(1, 2), row(4, 3), row(2, 4), row(4, 5), row(4, 3), row(5, 6, "/t"),
  row(7, 7), row(6, 8), row(7, 9), row(7, 10), row(7, 11), row(7, 12), row(8, 13), row(9, 14)
]

const spansOf = async (log: AccessLogService, file: string, limit: number) => {
  const spans: Array<LogSpan> = []
  let after: string | undefined
  for (;;) {
    const span = await Effect.runPromise(log.readSpan(file, after, limit))
    spans.push(span)
    if (span.rows.length === 0) return spans
    after = span.last
  }
}

const adapters: Array<[string, () => Promise<{ log: AccessLogService; file: string }>]> = [
  [
    "SQLite",
    async () => {
      const log = loadSqliteAccessLog()
      const file = join(dir, `logs-${Math.random().toString(16).slice(2)}.db`)
      for (const r of ROWS) await Effect.runPromise(log.append(file, r))
      return { log, file }
    }
  ],
  [
    "in memory",
    async () => {
      const log = makeMemoryAccessLog()
      for (const r of ROWS) await Effect.runPromise(log.append("m.db", r))
      return { log, file: "m.db" }
    }
  ]
]

describe.each(adapters)("AccessLog.readSpan, %s (RFC-0007:C-SYNC, DECISIONS #30)", (_name, make) => {
  it("spans cover every row once, in timestamp then log order, each second whole", async () => {
    const { log, file } = await make()
    const spans = await spansOf(log, file, 4)
    const seen = spans.flatMap((s) => s.rows)
    const sorted = ROWS.map((r, i) => ({ r, i })).sort((a, b) => a.r.timestamp.localeCompare(b.r.timestamp) || a.i - b.i).map((x) => x.r)
    expect(seen).toEqual(sorted)
    // Limit 4: seconds 0-3; then 4 (three rows) and 5; then 6 and 7 (five rows, kept together past the limit); then 8, 9.
    expect(spans.map((s) => s.rows.length)).toEqual([4, 4, 6, 2, 0])
    expect(spans.map((s) => s.last)).toEqual([at(3), at(5), at(7), at(9), undefined])
    // No second's rows in two spans.
    const secondsOf = spans.map((s) => new Set(s.rows.map((r) => r.timestamp)))
    for (let a = 0; a < secondsOf.length; a++) for (let b = a + 1; b < secondsOf.length; b++) for (const t of secondsOf[a]!) expect(secondsOf[b]!.has(t)).toBe(false)
    // The sources the whole log names, with the first span only.
    expect(spans[0]!.skillPaths).toEqual(["/s", "/t"])
    expect(spans.slice(1).every((s) => s.skillPaths === undefined)).toBe(true)
  })

  it("a limit larger than the log is one span; a missing log fails", async () => {
    const { log, file } = await make()
    const spans = await spansOf(log, file, 1000)
    expect(spans.map((s) => s.rows.length)).toEqual([ROWS.length, 0])
    const missing = await Effect.runPromise(Effect.result(log.readSpan(join(dir, "none.db"), undefined, 10)))
    expect(Result.isFailure(missing)).toBe(true)
  })
})

describe("AccessLog.readSpan over a damaged log (SQLite)", () => {
  it("a timestamp that is not text (a blob) comes once, with the first span; the spans end", async () => {
    const log = loadSqliteAccessLog()
    const file = join(dir, "damaged.db")
    for (const r of ROWS.slice(0, 6)) await Effect.runPromise(log.append(file, r))
    const db = new Database(file)
    // A blob reads back as text ("1") that sorts before every ISO timestamp, where SQLite sorts it after them.
    db.exec("UPDATE access_log SET timestamp = X'01' WHERE id = 2")
    db.close()
    const spans: Array<LogSpan> = []
    let after: string | undefined
    for (let i = 0; i < 20; i++) {
      const span = await Effect.runPromise(log.readSpan(file, after, 2))
      spans.push(span)
      if (span.last === undefined) break
      after = span.last
    }
    expect(spans.at(-1)!.last).toBeUndefined()
    expect(spans.flatMap((s) => s.rows)).toHaveLength(6)
    // The first span: the two earliest text timestamps (seconds 1 and 2), then the damaged row; then the rest.
    expect(spans.map((s) => s.rows.map((r) => r.args))).toEqual([
      [ROWS[2]!.args, ROWS[4]!.args, ROWS[1]!.args],
      [ROWS[0]!.args, ROWS[3]!.args, ROWS[5]!.args],
      []
    ])
  })
})

