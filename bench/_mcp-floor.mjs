// The in-process floor for mcp.show and mcp.search (issue 16): one Node
// process that opens the index skc built (`node:sqlite`, read-only) and
// runs the same lookups the tools answer, each statement prepared once:
// - show: `SELECT file, text, level, start_line, end_line FROM headings
//   WHERE text = ? COLLATE NOCASE ORDER BY file, start_line`, then reading
//   the section's lines from its source file;
// - search: `SELECT file, section, snippet(sections, 2, '[MATCH]',
//   '[/MATCH]', '...', 32), -bm25(sections) FROM sections WHERE sections
//   MATCH ? ORDER BY rank LIMIT 10` (RFC-0004:C-SEARCH's query).
// - show+log (informative, not the target's floor): the show lookup plus what
//   the server must do per call besides it — the access-log row
//   (RFC-0007:C-LOGGING: one INSERT into a WAL `logs.db` through a connection
//   kept open, as the server's pool does) and a `stat` of the index file
//   (DECISIONS #22: the index answering must be the current file).
// Prints {showP50, showLoggedP50, searchP50, rssMb} as JSON; rssMb after `calls` of each.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const [indexFile, sourceDir, query, callsText] = process.argv.slice(2)
const calls = Number(callsText)
const { DatabaseSync: Database } = process.getBuiltinModule("node:sqlite")
const db = new Database(indexFile, { readOnly: true })
const heading = db.prepare("SELECT file, text, level, start_line, end_line FROM headings WHERE text = ? COLLATE NOCASE ORDER BY file, start_line")
const search = db.prepare(
  "SELECT file, section, snippet(sections, 2, '[MATCH]', '[/MATCH]', '...', 32) AS snippet, -bm25(sections) AS score FROM sections WHERE sections MATCH ? ORDER BY rank LIMIT 10"
)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const show = (i) => {
  const [h] = heading.all(`Section ${(i * 37) % 900}.1`)
  if (h === undefined) return
  readFileSync(join(sourceDir, h.file), "utf8").split("\n").slice(h.start_line - 1, h.end_line - 1).join("\n")
}
const time = (f) => {
  const xs = []
  for (let i = 0; i < calls; i++) {
    const t = performance.now()
    f(i)
    xs.push(performance.now() - t)
  }
  return median(xs)
}
const showP50 = time(show)
const logDir = mkdtempSync(join(tmpdir(), "skc-floor-log-"))
const log = new Database(join(logDir, "logs.db"), { timeout: 0 })
log.exec("PRAGMA journal_mode = WAL")
log.exec("PRAGMA synchronous = NORMAL")
log.exec("CREATE TABLE access_log (id INTEGER PRIMARY KEY AUTOINCREMENT, timestamp TEXT NOT NULL, run_id TEXT NOT NULL, command TEXT NOT NULL, skill TEXT NOT NULL, skill_path TEXT NOT NULL, cwd TEXT NOT NULL, args TEXT NOT NULL DEFAULT '{}', error TEXT)")
const insert = log.prepare("INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
const showLoggedP50 = time((i) => {
  statSync(indexFile, { bigint: true })
  show(i)
  insert.run(new Date().toISOString(), "floor", "show", "big", sourceDir, process.cwd(), JSON.stringify({ section: `Section ${(i * 37) % 900}.1`, file: null }), null)
})
log.close()
rmSync(logDir, { recursive: true, force: true })
const searchP50 = time(() => search.all(`"${query.split(" ").join('" "')}"`))
console.log(JSON.stringify({ showP50, showLoggedP50, searchP50, rssMb: process.memoryUsage().rss / 1048576 }))
