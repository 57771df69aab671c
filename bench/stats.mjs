// stats.1m: `skc stats --group-by sections|summary` over a log of 1,000,000
// realistic rows (60 days, mixed commands, sections, cwds, errors), against
// a floor that runs the same SQL aggregation with bare `node:sqlite` in a fresh
// node process. log.overhead: the wall time logging adds to a gateway
// command (`skc show` when present, else `skc outline`), against the same
// command with logging switched off (SKC_BENCH_DISABLE_LOG, bench-only).
import { spawnSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { BIN, ROOT, benchEnv, fromSource, interleave, median, report, sandbox, timeOnce } from "./lib.mjs"

const { DatabaseSync: Database } = process.getBuiltinModule("node:sqlite")

const ROWS = Number(process.env.SKC_BENCH_STATS_ROWS ?? 1_000_000)
const DAY = 86_400_000

// The statements skc runs (src/adapters/sqlite/AccessLogSqlite.ts, aggregateSql
// and periodSql with no filters), taken from the sources rather than copied.
// The floor's output is also compared with skc's JSON below.
const { aggregateSql, audienceClause, periodSql } = await fromSource("stats-sql", [
  'export { aggregateSql, audienceClause, periodSql } from "./src/adapters/sqlite/AccessLogSqlite.ts"'
])
const J = (key) => `CASE WHEN json_valid(args) THEN json_extract(args, '$.${key}') END`
/** The summary's one grouped scan (`summarySql`): also the per-skill floor of `stats --all` (bench/stats-all.mjs). */
export const SUMMARY_SQL = aggregateSql("summary", "1")
/**
 * Issue 30's floor for the summary: one scan computing RFC-0003's summary
 * alone (total, unique sections and files, errors, period). skc's summary
 * also ranks sections, counts commands, splits agent and author and lists
 * unanswered questions, in the same single scan; against this floor the
 * ratio is informative.
 */
const RFC_SUMMARY_SQL = `SELECT count(*) AS total, count(DISTINCT CASE WHEN command = 'show' THEN ${J("section")} END) AS sections,
  count(DISTINCT CASE command WHEN 'show' THEN ${J("file")} WHEN 'open' THEN ${J("path")} END) AS files,
  sum(error IS NOT NULL) AS errors, min(timestamp) AS start, max(timestamp) AS end FROM access_log`
const AGENT = audienceClause({ include_author: false })
const SQL = {
  summary: [SUMMARY_SQL],
  rfcSummary: [RFC_SUMMARY_SQL],
  sections: [aggregateSql("sections", "1", AGENT), periodSql(`1 AND ${AGENT}`)]
}

const floorScript = `
const { DatabaseSync: Database } = require("node:sqlite");
const [file, kind] = process.argv.slice(1);
const sql = JSON.parse(process.env.SQL)[kind];
const db = new Database(file, { readOnly: true });
const out = sql.map((s) => db.prepare(s).all());
db.close();
process.stdout.write(JSON.stringify(out));
`

/** A skill with a realistic outline: SKILL.md and three reference files. */
export const makeSkill = (dir) => {
  const sections = []
  const files = { "SKILL.md": ["Overview", "Installation", "Quick Start", "Configuration", "Commands", "Troubleshooting", "FAQ", "Contributing"] }
  files["references/api.md"] = Array.from({ length: 12 }, (_, i) => `Endpoint ${i + 1}`)
  files["references/advanced.md"] = ["Performance", "Caching", "Security", "Migration", "Internals"]
  files["references/examples.md"] = Array.from({ length: 10 }, (_, i) => `Example ${i + 1}`)
  mkdirSync(join(dir, "references"), { recursive: true })
  for (const [file, heads] of Object.entries(files)) {
    const body = heads.map((h) => `## ${h}\n\nSome text about ${h}.\n`).join("\n")
    const front = file === "SKILL.md" ? "---\nname: bench-skill\ndescription: A skill for benchmarks. Use when measuring.\n---\n" : ""
    writeFileSync(join(dir, file), `${front}# ${file}\n\n${body}`)
    for (const h of heads) sections.push({ file, section: h })
  }
  return sections
}

/** Deterministic pseudo-random numbers (mulberry32). */
const rng = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

export const fillLog = (dbFile, skillPath, sections, { rows: ROWS_ = ROWS, skill = "bench-skill", seed = 42 } = {}) => {
  const ROWS = ROWS_
  const rand = rng(seed)
  const pick = (xs) => xs[Math.floor(rand() * xs.length)]
  // Zipf-like: a few sections get most reads.
  const zipf = () => sections[Math.min(sections.length - 1, Math.floor(sections.length * rand() ** 2.5))]
  const projects = Array.from({ length: 25 }, (_, i) => `/home/dev/code/project-${i}`)
  const subdirs = ["", "/src", "/src/lib", "/docs", "/test"]
  const queries = ["auth", "configure", "error handling", "install", "api rate limit", "cache", "deploy", "migration guide", "timeout", "retry"]
  const commands = [
    ["show", 0.5], ["search", 0.15], ["outline", 0.1], ["open", 0.1], ["sources", 0.05], ["stats", 0.04], ["lint", 0.03], ["build", 0.03]
  ]
  const db = new Database(dbFile)
  db.exec("PRAGMA journal_mode = WAL")
  const insert = db.prepare(
    "INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
  )
  const start = Date.now() - 60 * DAY
  db.exec("BEGIN")
  {
    let runId = "20260101T000000Z-0000"
    for (let i = 0; i < ROWS; i++) {
      const ts = new Date(start + Math.floor((i / ROWS) * 60 * DAY)).toISOString().replace(/\.\d{3}Z$/, "Z")
      if (i % 20 === 0) runId = `${ts.replace(/[-:]/g, "")}-${Math.floor(rand() * 65536).toString(16).padStart(4, "0")}`
      let r = rand()
      let command = "show"
      for (const [c, p] of commands) {
        if ((r -= p) < 0) {
          command = c
          break
        }
      }
      const failed = rand() < 0.05
      let args = {}
      let error = null
      if (command === "show") {
        const s = failed ? { file: null, section: pick(["Setup", "Usage", "Auth"]) } : zipf()
        args = { section: s.section, file: s.file, max_lines: null }
        if (failed) error = `error[E020]: section not found: '${s.section}'`
      } else if (command === "open") {
        const file = failed ? "missing.md" : zipf().file
        args = { path: file, max_lines: null }
        if (failed) error = `error[E021]: file not found: '${file}'`
      } else if (command === "search") {
        // About one search in five finds nothing: the unanswered questions of issue 17.
        args = { query: pick(queries), result_count: Math.max(0, Math.floor(rand() * 12) - 2) }
        if (failed) error = "error[E002]: search index unusable; run 'skc build bench-skill' to rebuild"
      } else if (command === "outline") args = { level: null }
      else if (command === "sources") args = { dir: null, depth: null, pattern: null, limit: null }
      const cwd = pick(projects) + pick(subdirs)
      insert.run(ts, runId, command, skill, skillPath, cwd, JSON.stringify(args), error)
    }
  }
  db.exec("COMMIT")
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
  db.close()
}

export default function statsBench({ runs = 5, overheadRuns = 15 } = {}) {
  const sb = sandbox()
  const env = benchEnv({ SKILLC_HOME: sb.home })
  const opts = { cwd: sb.work, env }
  const skillDir = join(sb.work, ".skillc", "skills", "bench-skill")
  const sections = makeSkill(skillDir)
  const dbFile = join(sb.work, ".skillc", "runtime", "bench-skill", ".skillc-meta", "logs.db")
  // Let skc create the database (WAL, schema, index) as it would in real use.
  timeOnce([process.execPath, BIN, "stats", "bench-skill"], opts)
  const t0 = Date.now()
  fillLog(dbFile, skillDir, sections)
  console.log(`stats.1m: ${ROWS.toLocaleString("en")} rows written in ${((Date.now() - t0) / 1000).toFixed(1)} s`)

  const floorEnv = { ...env, SQL: JSON.stringify(SQL) }
  const floor = (kind) => timeOnce([process.execPath, "-e", floorScript, dbFile, kind], { cwd: sb.work, env: floorEnv })
  const skc = (kind) => timeOnce([process.execPath, BIN, "stats", "bench-skill", "--group-by", kind, "--format", "json"], opts)

  // Same aggregation on both sides: skc's sections equal the floor's rows.
  const floorRows = JSON.parse(
    spawnSync(process.execPath, ["-e", floorScript, dbFile, "sections"], { cwd: sb.work, env: floorEnv, encoding: "utf8" }).stdout
  )[0]
  const skcJson = JSON.parse(
    spawnSync(process.execPath, [BIN, "stats", "bench-skill", "--group-by", "sections", "--format", "json"], { ...opts, encoding: "utf8" }).stdout
  )
  // The floor's rows are also by logged `line` (show --line); the bench's log has none, so one row per section and file.
  const floorEntries = floorRows.map(({ section, file, count }) => ({ section, file, count }))
  if (JSON.stringify(skcJson.data) !== JSON.stringify(floorEntries)) throw new Error("stats.1m: skc and the floor disagree on sections")

  // The summary is read from the groups kept at insert time (src/adapters/sqlite/accessSummary.ts):
  // it must agree with the floor's scan on what both compute.
  const rfc = JSON.parse(
    spawnSync(process.execPath, ["-e", floorScript, dbFile, "rfcSummary"], { cwd: sb.work, env: floorEnv, encoding: "utf8" }).stdout
  )[0][0]
  // Unlogged (bench-only switch), so that the three answers below count the same rows.
  const unlogged = { cwd: sb.work, env: { ...env, SKC_BENCH_DISABLE_LOG: "1" }, encoding: "utf8" }
  const skcSummary = (...more) =>
    JSON.parse(spawnSync(process.execPath, [BIN, "stats", "bench-skill", "--include-author", "--format", "json", ...more], unlogged).stdout).data
  const kept = skcSummary()
  // (Unique sections and files differ by design: skc counts successful reads only, DECISIONS #17.)
  if (kept.total_accesses !== rfc.total || kept.error_count !== rfc.errors) {
    throw new Error(`stats.1m: skc's summary and the RFC scan disagree: ${JSON.stringify({ kept, rfc })}`)
  }
  // A log written before the kept summary existed (or after rows were deleted): its first summary
  // catches up, counting every row once, then reads.
  const forget = () => {
    const db = new Database(dbFile)
    db.exec("DELETE FROM access_summary; UPDATE access_summary_state SET through = 0")
    db.close()
  }
  forget()
  const caughtUp = skcSummary()
  // A time filter makes skc run the grouped scan: all three agree.
  const scanned = skcSummary("--since", "2000-01-01")
  if (JSON.stringify(caughtUp) !== JSON.stringify(kept) || JSON.stringify(scanned) !== JSON.stringify(kept)) {
    throw new Error(`stats.1m: kept, caught-up and scanned summaries differ: ${JSON.stringify({ kept, caughtUp, scanned })}`)
  }

  const samples = interleave(
    {
      floorSections: () => floor("sections"),
      sections: () => skc("sections"),
      floorSummary: () => floor("summary"),
      floorRfcSummary: () => floor("rfcSummary"),
      summary: () => skc("summary"),
      catchUp: () => {
        forget()
        return skc("summary")
      }
    },
    runs
  )
  const out = [
    report("stats.1m sections", median(samples.sections), median(samples.floorSections), 1.5),
    report("stats.1m summary", median(samples.summary), median(samples.floorRfcSummary), 1.5, "floor: one scan of RFC-0003's summary (total, unique sections and files, errors, period)"),
    report("  vs grouped scan", median(samples.summary), median(samples.floorSummary), undefined, "floor: skc's grouped scan of every row (informative)"),
    report("stats.1m catch-up", median(samples.catchUp), median(samples.floorSummary), undefined, "first summary of a log without kept groups, vs the grouped scan (informative)")
  ]

  // log.overhead: the same gateway call with and without its access-log row
  // (`show` needs the search index, so build first).
  timeOnce([process.execPath, BIN, "build", "bench-skill", "--target", join(sb.root, "agents")], opts)
  const hasShow = spawnSync(process.execPath, [BIN, "show", "bench-skill", "--section", "Overview"], { ...opts, encoding: "utf8" }).status === 0
  const gateway = hasShow ? ["show", "bench-skill", "--section", "Overview"] : ["outline", "bench-skill"]
  const quiet = { cwd: sb.work, env: { ...env, SKC_BENCH_DISABLE_LOG: "1" } }
  const over = interleave(
    {
      unlogged: () => timeOnce([process.execPath, BIN, ...gateway], quiet),
      logged: () => timeOnce([process.execPath, BIN, ...gateway], opts)
    },
    overheadRuns
  )
  const base = median(over.unlogged)
  const extra = median(over.logged) - base
  console.log(
    `${"log.overhead".padEnd(18)} ${`+${extra.toFixed(1)} ms`.padStart(10)}   on skc ${gateway[0]} ${base.toFixed(1)} ms   ` +
      `${((extra / base) * 100).toFixed(1)}% (target ≤ 10%)${extra / base <= 0.1 ? "  ok" : "  OVER TARGET"}`
  )
  out.push({ name: "log.overhead", valueMs: base + extra, floorMs: base, ratio: (base + extra) / base, target: 1.1 })
  rmSync(sb.root, { recursive: true, force: true })
  return out
}
