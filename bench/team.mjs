// team (issue 18): `skc sync --to` pushing N rows (default 1,000,000) into a
// throwaway PostgreSQL, against PostgreSQL's own `COPY` of the same rows from
// a file on the same server into an identical table (target ≤ 3×); and
// `skc stats --from` summary over them against the same SQL run by `psql`
// (target ≤ 2×). Skipped, with the reason, without initdb/pg_ctl/psql.
// SKC_BENCH_TEAM_ROWS sets N; SKC_BENCH_PROF=<dir> writes a CPU profile of the push.
// With GNU time (/usr/bin/time) the push's peak RSS is reported too.
import { execFileSync, spawnSync } from "node:child_process"
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { BIN, benchEnv, median, report, sandbox, timeOnce } from "./lib.mjs"
import { fillLog, makeSkill } from "./stats.mjs"

const ROWS = Number(process.env.SKC_BENCH_TEAM_ROWS ?? 1_000_000)
const which = (name) => {
  const r = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" })
  return r.status === 0 ? r.stdout.trim() : undefined
}
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer()
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })

// The summary statement of src/adapters/pg/teamSql.ts (pgAggregateSql "summary", one skill, no filters).
const J = (key) => `((args_json ->> '${key}') COLLATE "C")`
const SUMMARY_SQL = `SELECT command,
    CASE WHEN command = 'show' THEN ${J("section")} END AS section,
    CASE command WHEN 'show' THEN ${J("file")} WHEN 'open' THEN ${J("path")} END AS file,
    error IS NOT NULL AS failed,
    coalesce(left(error, 11) IN ('error[E020]', 'error[E021]'), FALSE) AS missing,
    CASE WHEN command = 'search' AND error IS NULL AND (args_json -> 'result_count') = '0'::jsonb THEN ${J("query")} END AS unanswered,
    count(*) AS count, min(timestamp) AS start, max(timestamp) AS "end"
  FROM skc_access_log WHERE skill IN ('bench-skill') GROUP BY 1, 2, 3, 4, 5, 6`

export default async function teamBench({ runs = 5 } = {}) {
  const initdb = which("initdb")
  const pgCtl = which("pg_ctl")
  const psql = which("psql")
  if (!initdb || !pgCtl || !psql) {
    console.log("team: skipped (initdb, pg_ctl or psql not on PATH)")
    return []
  }
  const asRoot = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), "skc-bench-pg-"))
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()))
  const pgRun = (file, args) =>
    execFileSync(asRoot ? "runuser" : file, asRoot ? ["-u", "postgres", "--", file, ...args] : args, { cwd: dir, stdio: "pipe" })
  const data = join(dir, "data")
  pgRun(initdb, ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"])
  const port = await freePort()
  pgRun(pgCtl, ["-D", data, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, "-l", join(dir, "log"), "-w", "start"])
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const sql = (statement) => timeOnce([psql, "-X", "-q", "-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "postgres", "-c", statement])
  try {
    const sb = sandbox()
    const env = benchEnv({ SKILLC_HOME: sb.home })
    const opts = { cwd: sb.work, env }
    const skillDir = join(sb.work, ".skillc", "skills", "bench-skill")
    const sections = makeSkill(skillDir)
    const dbFile = join(sb.work, ".skillc", "runtime", "bench-skill", ".skillc-meta", "logs.db")
    timeOnce([process.execPath, BIN, "stats", "bench-skill"], opts)
    fillLog(dbFile, skillDir, sections, { rows: ROWS })
    console.log(`team: ${ROWS.toLocaleString("en")} local rows`)

    // Push: one run into an empty table (a second push of the same rows is a no-op by design),
    // under GNU time where there is one, for the push's peak RSS (the log is read page by page).
    const pushArgv = [process.execPath, ...(process.env.SKC_BENCH_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.SKC_BENCH_PROF}`] : []), BIN, "sync", "bench-skill", "--to", url]
    const gnuTime = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined
    const t0 = process.hrtime.bigint()
    const pushed = spawnSync(gnuTime ?? pushArgv[0], gnuTime ? ["-f", "skc-bench-maxrss-kb %M", ...pushArgv] : pushArgv.slice(1), { ...opts, stdio: ["ignore", "ignore", "pipe"] })
    const push = Number(process.hrtime.bigint() - t0) / 1e6
    if (pushed.status !== 0) throw new Error(`sync --to exited ${pushed.status}: ${pushed.stderr?.toString().slice(0, 500)}`)
    const rssKb = Number(/skc-bench-maxrss-kb (\d+)/.exec(pushed.stderr?.toString() ?? "")?.[1] ?? NaN)
    const rss = Number.isFinite(rssKb) ? `, push peak RSS ${Math.round(rssKb / 1024)} MB` : ""
    // Floor: COPY of exactly the pushed rows, from a server-side file, into an identical table.
    const file = join(dir, "rows.copy")
    sql(`COPY skc_access_log TO '${file}'`)
    sql("CREATE TABLE copy_target (LIKE skc_access_log INCLUDING ALL)")
    const copy = sql(`COPY copy_target FROM '${file}'`)
    const out = [report("team.push", push, copy, 3, `${ROWS.toLocaleString("en")} rows${rss}`)]

    const summary = []
    const floor = []
    sql(SUMMARY_SQL)
    timeOnce([process.execPath, BIN, "stats", "bench-skill", "--from", url, "--format", "json"], opts)
    for (let i = 0; i < runs; i++) {
      floor.push(sql(SUMMARY_SQL))
      summary.push(timeOnce([process.execPath, BIN, "stats", "bench-skill", "--from", url, "--format", "json"], opts))
    }
    out.push(report("team.stats summary", median(summary), median(floor), 2))
    rmSync(sb.root, { recursive: true, force: true })
    return out
  } finally {
    try {
      pgRun(pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"])
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true })
  }
}
