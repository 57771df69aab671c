// sync (issue 29 item 4): `skc sync` of a fallback log of 10,000, 100,000 and
// 300,000 rows into a primary log that already holds the first half of them
// (so half are duplicates to skip, RFC-0007:C-SYNC / DECISIONS #30). The
// figure is the time per row at each size; the cost is linear when 4×
// (and 3×) the rows take about as many times the time. It was quadratic:
// 5,000 rows 1.3 s, 10,000 5.3 s, 20,000 15.7 s; 300,000 did not finish in
// 10 minutes. SKC_BENCH_SYNC_SIZES=10000,40000 picks the sizes.
// sync.memory: the sync's peak RSS at the largest size against the size before
// it (target ≤ 1.5: the fallback is merged a span of rows at a time, so memory
// does not grow with the log; reading it whole took 1.3 GB for 300,000 rows).
import { mkdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, sandbox, timeOnce } from "./lib.mjs"
import { fillLog, makeSkill } from "./stats.mjs"

const SIZES = (process.env.SKC_BENCH_SYNC_SIZES ?? "10000,100000,300000").split(",").map(Number)
const SCHEMA = `CREATE TABLE access_log (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TEXT NOT NULL, run_id TEXT NOT NULL,
  command TEXT NOT NULL, skill TEXT NOT NULL, skill_path TEXT NOT NULL, cwd TEXT NOT NULL, args TEXT NOT NULL DEFAULT '{}', error TEXT);
CREATE INDEX access_log_timestamp ON access_log(timestamp); PRAGMA user_version = 1;`
const { DatabaseSync } = process.getBuiltinModule("node:sqlite")

export default function syncBench() {
  const out = []
  let previous
  const peaks = []
  for (const n of SIZES) {
    const sb = sandbox("skc-bench-sync-")
    const env = benchEnv({ SKILLC_HOME: sb.home })
    const skill = join(sb.work, ".skillc", "skills", "bench-skill")
    const sections = makeSkill(skill)
    timeOnce([process.execPath, BIN, "build", "bench-skill"], { cwd: sb.work, env })
    const fallback = join(sb.work, ".skillc", "logs", "bench-skill", ".skillc-meta", "logs.db")
    mkdirSync(join(fallback, ".."), { recursive: true })
    const db = new DatabaseSync(fallback)
    db.exec(SCHEMA)
    db.close()
    fillLog(fallback, skill, sections, { rows: n, seed: 7 })
    // The primary already holds the first half of the same rows: those are duplicates to skip.
    const primary = join(sb.work, ".skillc", "runtime", "bench-skill", ".skillc-meta", "logs.db")
    rmSync(primary, { force: true })
    rmSync(`${primary}-wal`, { force: true })
    rmSync(`${primary}-shm`, { force: true })
    const p = new DatabaseSync(primary)
    p.exec(SCHEMA)
    p.exec(`ATTACH DATABASE '${fallback.replaceAll("'", "''")}' AS f`)
    p.exec(`INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error)
      SELECT timestamp, run_id, command, skill, skill_path, cwd, args, error FROM f.access_log WHERE id <= ${Math.floor(n / 2)}`)
    p.exec("DETACH DATABASE f")
    p.close()
    // Each process's own peak RSS, written on exit by test/fixtures/maxrss.cjs (as build.cold.memory).
    const rssFile = join(sb.root, "maxrss.kb")
    const ms = timeOnce([process.execPath, "--require", join(ROOT, "test", "fixtures", "maxrss.cjs"), BIN, "sync"], { cwd: sb.work, env: { ...env, SKC_TEST_MAXRSS_FILE: rssFile } })
    const rssMb = Number(readFileSync(rssFile, "utf8")) / 1024
    const check = new DatabaseSync(primary, { readOnly: true })
    const total = check.prepare("SELECT count(*) AS n FROM access_log").get().n
    check.close()
    const perRow = (ms / n) * 1000
    const growth = previous === undefined ? "" : `   ${(n / previous.n).toFixed(0)}× the rows took ${(ms / previous.ms).toFixed(2)}× the time (linear: ≤ ${((n / previous.n) * 1.25).toFixed(2)})`
    console.log(`sync.${String(n).padEnd(8)} ${ms.toFixed(0).padStart(8)} ms   ${perRow.toFixed(1)} µs/row   peak RSS ${rssMb.toFixed(1)} MB   primary ${total} rows (expected ${n})${growth}`)
    if (total !== n) throw new Error(`sync left ${total} rows, expected ${n}`)
    out.push({ name: `sync.${n}`, valueMs: ms, rows: n })
    peaks.push({ n, rssMb })
    previous = { n, ms }
    rmSync(sb.root, { recursive: true, force: true })
  }
  if (peaks.length > 1) {
    const small = peaks[peaks.length - 2]
    const large = peaks[peaks.length - 1]
    const ratio = large.rssMb / small.rssMb
    console.log(
      `${"sync.memory".padEnd(16)} ${`${large.rssMb.toFixed(1)} MB`.padStart(10)}   floor ${`${small.rssMb.toFixed(1)} MB`.padStart(10)}   ratio ${ratio.toFixed(2)} (target ≤ 1.5)${ratio <= 1.5 ? "  ok" : "  OVER TARGET"}   peak RSS of ${large.n} rows against ${small.n}`
    )
  }
  return out
}
