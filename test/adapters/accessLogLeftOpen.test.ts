// Issue 47 (cli.search.all), RFC-0007:C-LOGGING: a CLI process leaves its
// access logs' write connections open for `process.exit` (closing the last
// connection of a WAL database checkpoints it, two fsyncs per log). Each row
// is committed before the connection is left: a fresh connection reads it
// from the `-wal`; the `-wal` never grows past its bound; a process that
// does not ask for it (the library, these tests by default) still closes.
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { closeLeftOpen, makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { SqliteConnections } from "../../src/adapters/sqlite/ConnectionPool.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import type { AccessLogRow } from "../../src/ports/AccessLog.js"

const dir = mkdtempSync(join(tmpdir(), "skc-left-open-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => closeLeftOpen())
let n = 0
const fresh = () => join(dir, `log-${++n}`, "logs.db")

const log = makeSqliteAccessLog(Database)
const row = (i: number): AccessLogRow => ({
  timestamp: `2026-11-30T10:00:${String(i % 60).padStart(2, "0")}Z`,
  run_id: `r${i}`,
  command: "search",
  skill: "s",
  skill_path: "/repo/s",
  cwd: "/repo",
  args: JSON.stringify({ query: "instructions", result_count: 3, scope: "all" }),
  error: null
})

const leftOpen = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(Effect.provideService(e, SqliteConnections, { pools: undefined, logsLeftOpen: true }))
const closing = <A, E>(e: Effect.Effect<A, E>) => Effect.runPromise(e)
/** Rows as a connection of its own reads them (the `-wal` included). */
const count = (file: string) => {
  const db = new Database(file, { readonly: true })
  try {
    return Number((db.prepare("SELECT count(*) AS n FROM access_log").get() as { n: number }).n)
  } finally {
    db.close()
  }
}
const walBytes = (file: string) => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0)

describe("issue 47: access logs left open by a CLI run (RFC-0007:C-LOGGING)", () => {
  it("a row written on a connection left open is committed: another connection reads it from the -wal", async () => {
    const file = fresh()
    await leftOpen(log.append(file, row(1)))
    expect(walBytes(file)).toBeGreaterThan(0)
    expect(count(file)).toBe(1)
    await leftOpen(log.appendEach!([{ dbFile: file, row: row(2) }]))
    expect(count(file)).toBe(2)
    // Closed (here by hand; by Node's teardown in a process that does not end with `process.exit`): checkpointed, nothing lost.
    closeLeftOpen()
    expect(walBytes(file)).toBe(0)
    expect(count(file)).toBe(2)
  })

  it("without the CLI's request each write closes its connection, as before: no -wal is left", async () => {
    const file = fresh()
    await closing(log.append(file, row(1)))
    expect(walBytes(file)).toBe(0)
    expect(count(file)).toBe(1)
  })

  it("the -wal stays bounded: past its bound the write's connection is closed and the log checkpointed", async () => {
    const file = fresh()
    let largest = 0
    let emptied = false
    for (let i = 1; i <= 60; i++) {
      await leftOpen(log.append(file, row(i)))
      const size = walBytes(file)
      largest = Math.max(largest, size)
      if (size === 0) emptied = true
    }
    // 256 KiB, plus the frames of the one row that crossed it.
    expect(largest).toBeLessThanOrEqual(256 * 1024 + 64 * 1024)
    expect(emptied).toBe(true)
    expect(count(file)).toBe(60)
  })

  it("one connection per log is kept: writing a log again closes the earlier one, and every row stays", async () => {
    const files = [fresh(), fresh(), fresh()]
    for (let i = 0; i < 5; i++) await leftOpen(log.appendEach!(files.map((dbFile) => ({ dbFile, row: row(i) }))))
    for (const f of files) expect(count(f)).toBe(5)
  })
})
