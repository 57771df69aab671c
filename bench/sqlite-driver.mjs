// sqlite.driver (issue 23): skc's SQLite work on Node's built-in
// `node:sqlite` against the same work on better-sqlite3 12.11.1 (the native
// addon skc used before, DECISIONS #42), in the same process, same files,
// interleaved, on Node 22 (see below). Target: each figure ≤ 1.10 × better-sqlite3's.
//
// better-sqlite3 is not a dependency any more: the bench installs it once
// into bench/.work/ (ignored) with npm, which compiles it for this Node
// (python3, make and a C++ compiler needed; `--nodedir` points node-gyp at
// the headers of a Node fetched by scripts/node-lines.mjs). Without a
// compiler the bench says so and measures nothing.
//
// The work measured is what the adapters do:
// - index.fill: an index's rows written in one transaction (fillDatabase);
// - search.query: RFC-0004:C-SEARCH's query with snippet() and bm25();
// - stats.summary: the summary's grouped scan over a 200,000-row log (summarySql);
// - log.append: open a WAL log, insert one row, close (the CLI's access-log write);
// - index.open: open an index read-only, read index_meta, close (every CLI read).
import { spawnSync } from "node:child_process"
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { nodeOfLine } from "../scripts/node-lines.mjs"
import { ROOT, median, sandbox } from "./lib.mjs"
import { SUMMARY_SQL, fillLog, makeSkill } from "./stats.mjs"

const VERSION = "12.11.1"
const SECTIONS = Number(process.env.SKC_BENCH_DRIVER_SECTIONS ?? 20_000)
const LOG_ROWS = Number(process.env.SKC_BENCH_DRIVER_ROWS ?? 200_000)

/** better-sqlite3 built for this Node, installed once under bench/.work/; undefined (with the reason printed) when it cannot be. */
const betterSqlite3 = () => {
  const dir = join(ROOT, "bench", ".work", `better-sqlite3-${VERSION}-node${process.versions.modules}`)
  const entry = join(dir, "node_modules", "better-sqlite3")
  if (!existsSync(join(entry, "build", "Release", "better_sqlite3.node"))) {
    mkdirSync(dir, { recursive: true })
    // A package of its own: without it npm would install into the checkout's node_modules.
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-better-sqlite3", private: true }))
    const nodedir = dirname(dirname(process.execPath))
    console.log(`sqlite.driver: building better-sqlite3 ${VERSION} for Node ${process.version} once (about 2 minutes)…`)
    const r = spawnSync(
      "npm",
      ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `better-sqlite3@${VERSION}`, "--build-from-source", ...(existsSync(join(nodedir, "include", "node")) ? [`--nodedir=${nodedir}`] : [])],
      { cwd: dir, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false" } }
    )
    if (r.status !== 0) {
      console.log(`sqlite.driver: skipped, better-sqlite3 did not build here: ${(r.stderr || r.stdout).trim().split("\n").slice(-3).join(" / ")}`)
      return undefined
    }
  }
  return createRequire(join(dir, "package.json"))("better-sqlite3")
}

/** Both drivers behind the few calls the adapters make. */
const drivers = (Better) => {
  const { DatabaseSync } = process.getBuiltinModule("node:sqlite")
  return {
    "node:sqlite": (file, readonly = false) => new DatabaseSync(file, { readOnly: readonly, timeout: 0 }),
    "better-sqlite3": (file, readonly = false) => new Better(file, { readonly, fileMustExist: readonly, timeout: 0 })
  }
}

const timeMs = (f) => {
  const t0 = process.hrtime.bigint()
  f()
  return Number(process.hrtime.bigint() - t0) / 1e6
}

const SCHEMA = [
  "CREATE VIRTUAL TABLE sections USING fts5(file, section, content, tokenize='porter unicode61')",
  "CREATE TABLE section_places (id INTEGER PRIMARY KEY, file TEXT NOT NULL, section TEXT NOT NULL, line INTEGER NOT NULL, end_line INTEGER NOT NULL, level INTEGER NOT NULL, subsections INTEGER NOT NULL)",
  "CREATE TABLE index_meta (key TEXT PRIMARY KEY, value TEXT)"
]
const WORDS = "compile heading gateway outline token manifest deploy runtime stub symlink index search section reference build lint stats agent skill".split(" ")
const sectionText = (i) => Array.from({ length: 60 }, (_, k) => WORDS[(i * 7 + k * 13) % WORDS.length]).join(" ")

const fill = (open, file) => {
  rmSync(file, { force: true })
  const db = open(file)
  db.exec("PRAGMA journal_mode = OFF")
  db.exec("PRAGMA synchronous = OFF")
  db.exec("BEGIN")
  for (const s of SCHEMA) db.exec(s)
  const section = db.prepare("INSERT INTO sections (rowid, file, section, content) VALUES (?, ?, ?, ?)")
  const place = db.prepare("INSERT INTO section_places (id, file, section, line, end_line, level, subsections) VALUES (?, ?, ?, ?, ?, ?, ?)")
  for (let i = 1; i <= SECTIONS; i++) {
    const f = `references/file-${i % 500}.md`
    section.run(i, f, `Section ${i}`, sectionText(i))
    place.run(i, f, `Section ${i}`, i, i + 10, 2, 0)
  }
  db.prepare("INSERT INTO index_meta (key, value) VALUES (?, ?)").run("schema_version", "3")
  db.exec("COMMIT")
  db.close()
}

const SEARCH_SQL =
  "SELECT file, section, snippet(sections, 2, '[MATCH]', '[/MATCH]', '...', 32) AS snippet, -bm25(sections) AS score " +
  "FROM sections WHERE sections MATCH ? ORDER BY rank LIMIT ?"
const QUERIES = ['"compile" "heading"', '"symlink"', '"gateway" "outline" "token"', '"manifest"', '"deploy" "runtime" "stub"']

const LOG_SCHEMA = `CREATE TABLE IF NOT EXISTS access_log (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TEXT NOT NULL, run_id TEXT NOT NULL,
  command TEXT NOT NULL, skill TEXT NOT NULL, skill_path TEXT NOT NULL, cwd TEXT NOT NULL, args TEXT NOT NULL DEFAULT '{}', error TEXT);
CREATE INDEX IF NOT EXISTS access_log_timestamp ON access_log(timestamp);`

const line = (name, mine, theirs, extra) => {
  const ratio = mine / theirs
  console.log(
    `${name.padEnd(18)} node:sqlite ${mine.toFixed(3).padStart(9)} ms   better-sqlite3 ${theirs.toFixed(3).padStart(9)} ms   ratio ${ratio.toFixed(2)} (target ≤ 1.10)${ratio <= 1.1 ? "  ok" : "  OVER TARGET"}   ${extra}`
  )
  return { name, valueMs: mine, floorMs: theirs, ratio, target: 1.1 }
}

/** Median of each driver's samples of `f(open, i)`, the two interleaved run by run. */
const compare = (open, runs, f) => {
  const xs = { "node:sqlite": [], "better-sqlite3": [] }
  for (const [name, o] of Object.entries(open)) f(o, -1, name) // warm-up
  for (let i = 0; i < runs; i++) for (const [name, o] of Object.entries(open)) xs[name].push(timeMs(() => f(o, i, name)))
  return [median(xs["node:sqlite"]), median(xs["better-sqlite3"])]
}

/**
 * The measurements run in a child process on Node 22: on Node 24,
 * better-sqlite3 12.11.1 aborts in its statement destructors
 * (`node::RemoveEnvironmentCleanupHook`, SIGABRT, the very failure of issue
 * 23) — at exit, and here already mid-run when the collector frees
 * statements — so the two drivers can only be compared on 22.
 */
export default function sqliteDriverBench() {
  const node = nodeOfLine(22)
  console.log(`sqlite.driver: both drivers in one Node 22 process (${node === process.execPath ? "this Node" : node})`)
  const r = spawnSync(node, ["--no-warnings", fileURLToPath(import.meta.url)], {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    env: { ...process.env, SKC_BENCH_DRIVER_CHILD: "1" },
    maxBuffer: 16 * 1024 * 1024
  })
  const lines = r.stdout.trimEnd().split("\n")
  const last = lines.at(-1) ?? ""
  const results = last.startsWith("[") ? JSON.parse(last) : []
  process.stdout.write(lines.filter((l) => !l.startsWith("[")).join("\n") + "\n")
  if (r.status !== 0) {
    console.log(`sqlite.driver: the measuring process exited with ${r.status ?? r.signal}${r.status === 134 ? " (better-sqlite3's abort at exit on this Node, after the figures above)" : ""}`)
  }
  return results
}

if (process.env.SKC_BENCH_DRIVER_CHILD === "1") console.log(JSON.stringify(measure()))

function measure() {
  const Better = betterSqlite3()
  if (Better === undefined) return []
  const open = drivers(Better)
  const sb = sandbox("skc-bench-driver-")
  const out = []
  const index = (name) => join(sb.root, `index-${name}.db`)

  // index.fill: each driver writes its own file; the files are then read by both.
  const [fillMine, fillTheirs] = compare(open, 5, (o, _i, name) => fill(o, index(name)))
  out.push(line("index.fill", fillMine, fillTheirs, `${SECTIONS.toLocaleString("en")} sections in one transaction`))

  const file = index("node:sqlite")
  const readers = Object.fromEntries(Object.entries(open).map(([name, o]) => [name, o(file, true)]))
  const statements = Object.fromEntries(Object.entries(readers).map(([name, db]) => [name, db.prepare(SEARCH_SQL)]))
  const [qMine, qTheirs] = compare(statements, 200, (s, i) => s.all(QUERIES[Math.abs(i) % QUERIES.length], 10))
  out.push(line("search.query", qMine, qTheirs, "FTS5 MATCH + snippet() + bm25(), LIMIT 10, prepared once"))
  for (const db of Object.values(readers)) db.close()

  const [openMine, openTheirs] = compare(open, 200, (o) => {
    const db = o(file, true)
    db.prepare("SELECT key, value FROM index_meta").all()
    db.close()
  })
  out.push(line("index.open", openMine, openTheirs, "open read-only, read index_meta, close"))

  const logFile = join(sb.root, "logs.db")
  const db = open["node:sqlite"](logFile)
  db.exec(LOG_SCHEMA)
  db.close()
  const skillDir = join(sb.root, "skill")
  fillLog(logFile, skillDir, makeSkill(skillDir), { rows: LOG_ROWS })
  const [sMine, sTheirs] = compare(open, 5, (o) => {
    const r = o(logFile, true)
    r.prepare(SUMMARY_SQL).all()
    r.close()
  })
  out.push(line("stats.summary", sMine, sTheirs, `the summary's grouped scan over ${LOG_ROWS.toLocaleString("en")} rows`))

  const appendLog = (name) => join(sb.root, `append-${name}.db`)
  const [aMine, aTheirs] = compare(open, 200, (o, i, name) => {
    const w = o(appendLog(name))
    w.exec("PRAGMA journal_mode = WAL")
    w.exec(LOG_SCHEMA)
    w.exec("PRAGMA synchronous = NORMAL")
    w.prepare("INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
      new Date().toISOString(), `run-${i}`, "show", "bench", "/skill", "/work", "{}", null
    )
    w.close()
  })
  out.push(line("log.append", aMine, aTheirs, "open a WAL log, insert one row, close"))

  rmSync(sb.root, { recursive: true, force: true })
  return out
}
