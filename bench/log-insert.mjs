// log.insert.26: one access-log row in each of 26 logs (what one `skc_search`
// across the catalogue writes, DECISIONS #44), through skc's own schema
// (src/adapters/sqlite/accessSummary.ts: the summary's groups counted at
// summary time, one guarded reset trigger at insert), on warm connections
// as the MCP server holds them; against the same rows in logs without any
// trigger (RFC-0007's table and index alone). Interleaved round by round
// (target ≤ 1.2). Informative: schema 2, whose trigger counted each row
// into its group at insert (four statements per row).
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { ROOT, fromSource, median, report, sandbox } from "./lib.mjs"

export default async function logInsertBench({ logs = 26, rounds = 1500 } = {}) {
  const { makeSqliteAccessLog, Database, INSERT_ROW_SQL, Effect } = await fromSource("log-insert", [
    'export { makeSqliteAccessLog, INSERT_ROW_SQL } from "./src/adapters/sqlite/AccessLogSqlite.ts"',
    'export { Database } from "./src/adapters/sqlite/nodeSqlite.ts"',
    'export { Effect } from "effect"'
  ])
  const sb = sandbox("skc-bench-log-")
  try {
    // One log written by skc's adapter: its schema, WAL mode.
    const seed = join(sb.root, "seed", "logs.db")
    const row = (i) => ({
      timestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      run_id: `run-${i}`,
      command: "search",
      skill: "s",
      skill_path: "/repo/.skillc/skills/s",
      cwd: "/repo",
      args: JSON.stringify({ query: "instructions", result_count: 2, scope: "all" }),
      error: null
    })
    await Effect.runPromise(makeSqliteAccessLog(Database).append(seed, row(0)))
    const { DatabaseSync } = process.getBuiltinModule("node:sqlite")
    const open = (kind) => {
      mkdirSync(join(sb.root, kind))
      return Array.from({ length: logs }, (_, i) => {
        const file = join(sb.root, kind, `logs-${i}.db`)
        copyFileSync(seed, file)
        const db = new DatabaseSync(file)
        db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        if (kind === "bare") for (const t of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all()) db.exec(`DROP TRIGGER ${t.name}`)
        if (kind === "v2") db.exec(`DROP TRIGGER access_summary_reset_insert; ${v2}`)
        return { db, insert: db.prepare(INSERT_ROW_SQL) }
      })
    }
    // Schema 2's one insert trigger (the fixture of test/adapters/accessSummary.test.ts), informative.
    const v2 = readFileSync(join(ROOT, "test", "fixtures", "access-log", "summary-insert-trigger-v2.sql"), "utf8")
    const sets = { skc: open("skc"), bare: open("bare"), v2: open("v2") }
    const times = { skc: [], bare: [], v2: [] }
    for (let r = 1; r <= rounds; r++) {
      for (const kind of r % 2 === 0 ? ["skc", "bare", "v2"] : ["v2", "bare", "skc"]) {
        const v = Object.values(row(r))
        const t0 = performance.now()
        for (const { insert } of sets[kind]) insert.run(...v)
        times[kind].push(performance.now() - t0)
      }
    }
    for (const set of Object.values(sets)) for (const { db } of set) db.close()
    return [
      report("log.insert.26", median(times.skc), median(times.bare), 1.2, `${logs} logs, one row each, p50 of ${rounds} rounds; floor: the same logs without any trigger`),
      report("  schema 2", median(times.v2), median(times.bare), undefined, "its insert trigger counting each row into its group (informative)")
    ]
  } finally {
    rmSync(sb.root, { recursive: true, force: true })
  }
}
