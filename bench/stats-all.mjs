// stats.all: `skc stats --all --format json` over 30 project skills whose
// logs hold 100,000 realistic rows each (issue 17), against the floor: ONE
// fresh node process that opens each of the 30 databases with `node:sqlite`
// and runs the summary's grouped scan (SUMMARY_SQL below, the same statement
// as `summarySql` in src/adapters/sqlite/AccessLogSqlite.ts) — i.e. the sum
// of the per-skill summaries' SQL, with one process start instead of 30.
// Target: ≤ 1.5 × the floor. SKC_BENCH_ALL_SKILLS / SKC_BENCH_ALL_ROWS shrink it.
import { spawnSync } from "node:child_process"
import { mkdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, interleave, median, report, sandbox, timeOnce } from "./lib.mjs"
import { SUMMARY_SQL, fillLog, makeSkill } from "./stats.mjs"

const { DatabaseSync: Database } = process.getBuiltinModule("node:sqlite")

const SKILLS = Number(process.env.SKC_BENCH_ALL_SKILLS ?? 30)
const ROWS = Number(process.env.SKC_BENCH_ALL_ROWS ?? 100_000)

// The access_log table as skc creates it (RFC-0007:C-LOGGING; AccessLogSqlite.ts SCHEMA).
const SCHEMA = `CREATE TABLE access_log (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TEXT NOT NULL, run_id TEXT NOT NULL,
  command TEXT NOT NULL, skill TEXT NOT NULL, skill_path TEXT NOT NULL, cwd TEXT NOT NULL, args TEXT NOT NULL DEFAULT '{}', error TEXT);
CREATE INDEX access_log_timestamp ON access_log(timestamp); PRAGMA user_version = 1;`

const floorScript = `
const { DatabaseSync: Database } = require("node:sqlite");
const sql = process.env.SUMMARY_SQL;
const out = [];
for (const file of JSON.parse(process.env.DBS)) {
  const db = new Database(file, { readOnly: true });
  out.push(db.prepare(sql).all().length);
  db.close();
}
process.stdout.write(JSON.stringify(out));
`

export default function statsAllBench({ runs = 5 } = {}) {
  const sb = sandbox()
  const env = benchEnv({ SKILLC_HOME: sb.home })
  const opts = { cwd: sb.work, env }
  const dbs = []
  const t0 = Date.now()
  for (let i = 1; i <= SKILLS; i++) {
    const name = `skill-${String(i).padStart(2, "0")}`
    const dir = join(sb.work, ".skillc", "skills", name)
    const sections = makeSkill(dir)
    const runtime = join(sb.work, ".skillc", "runtime", name, ".skillc-meta")
    mkdirSync(runtime, { recursive: true })
    const file = join(runtime, "logs.db")
    const db = new Database(file)
    db.exec(SCHEMA)
    db.close()
    fillLog(file, dir, sections, { rows: ROWS, skill: name, seed: i })
    dbs.push(file)
  }
  console.log(`stats.all: ${SKILLS} skills × ${ROWS.toLocaleString("en")} rows written in ${((Date.now() - t0) / 1000).toFixed(1)} s`)

  const floorEnv = { ...env, SUMMARY_SQL, DBS: JSON.stringify(dbs) }
  // Both sides see every skill: skc lists all of them, the floor scanned all of them.
  const check = JSON.parse(spawnSync(process.execPath, [BIN, "stats", "--all", "--format", "json"], { ...opts, encoding: "utf8" }).stdout)
  if (check.total_skills !== SKILLS || check.skills.some((s) => s.reads === 0)) throw new Error("stats.all: skc did not read every skill")
  const floorCheck = JSON.parse(spawnSync(process.execPath, ["-e", floorScript], { cwd: sb.work, env: floorEnv, encoding: "utf8" }).stdout)
  if (floorCheck.length !== SKILLS) throw new Error("stats.all: the floor did not scan every skill")

  const samples = interleave(
    {
      floor: () => timeOnce([process.execPath, "-e", floorScript], { cwd: sb.work, env: floorEnv }),
      all: () => timeOnce([process.execPath, BIN, "stats", "--all", "--format", "json"], opts)
    },
    runs
  )
  const out = [report(`stats.all ${SKILLS}×${ROWS / 1000}k`, median(samples.all), median(samples.floor), 1.5)]
  rmSync(sb.root, { recursive: true, force: true })
  return out
}
