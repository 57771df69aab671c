// The work the RFCs require of one `skc search <skill> <query>`, and nothing
// else, in plain JavaScript: an informative floor for cli.search (issue 30).
// It shows how much of the figure no implementation can avoid on this
// machine. Left out, so it stays below what any implementation of the RFCs
// must do:
// - the snippets (RFC-0004:C-SEARCH): FTS5's snippet() on the results;
// - reading configuration, settings and agent directories;
// - any code being loaded besides Node's own modules.
// What it does, in the RFCs' order:
// 1. the skill's source directory, canonical, and its SKILL.md
//    (RFC-0007:C-RESOLUTION, one place only);
// 2. the index file named by the SHA-256 of that path, opened read-only,
//    and its index_meta read (RFC-0004:C-INDEX, steps 1–4);
// 3. the staleness check (C-INDEX step 5):
//    - the tokenizer preference: whether SQLite has FTS5 (and so porter),
//      from its compile options, as skc asks it (it created a porter table
//      in memory before issue 47's twenty-second pass, as skc did);
//    - the source hash, by walking the tree and comparing each file's
//      lstat (size, mtime) with the index's record. Trusting those records
//      is the cheapest sound check short of reading every file;
// 4. the ranked query (C-SEARCH, BM25), skc's own statement;
// 5. the access-log row (RFC-0004:C-LOGGING, RFC-0007:C-LOGGING), into the
//    skill's WAL logs.db, skc's own statement, its connection left open at
//    the exit as skc leaves it (no checkpoint);
// 6. the answer written to stdout.
// CommonJS, so Node's ES module loader costs it nothing (skc's bin/skc.mjs pays for that).
// Argument: one JSON object {skill, skillDir, metaDir, requiredKeys, rankSql, match, limit, insertSql},
// the keys and statements taken from skc's sources by bench/search.mjs (insertSql's values in its column order).
"use strict"
const { DatabaseSync } = require("node:sqlite")
const { readdirSync, lstatSync, realpathSync, statSync } = require("node:fs")
const { createHash, randomUUID } = require("node:crypto")
const { join } = require("node:path")

const { skill, skillDir, metaDir, requiredKeys, rankSql, match, limit, insertSql } = JSON.parse(process.argv[2])
const source = realpathSync(skillDir)
statSync(join(source, "SKILL.md"))
const indexFile = join(metaDir, `search-${createHash("sha256").update(source).digest("hex").slice(0, 16)}.db`)
const db = new DatabaseSync(indexFile, { readOnly: true })
const meta = new Map(db.prepare("SELECT key, value FROM index_meta").all().map((r) => [r.key, r.value]))
for (const key of requiredKeys) if (!meta.has(key)) throw new Error(`index_meta lacks ${key}`)
const probe = new DatabaseSync(":memory:")
if (probe.prepare("SELECT sqlite_compileoption_used('ENABLE_FTS5') AS used").get().used !== 1) probe.exec("CREATE VIRTUAL TABLE probe USING fts5(x, tokenize='porter unicode61')")
probe.close()
const recorded = new Map(db.prepare("SELECT path, size, mtime_ms FROM source_files").all().map((r) => [r.path, r]))
let seen = 0
const walk = (dir, rel) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = `${dir}/${entry.name}`
    const path = rel === "" ? entry.name : `${rel}/${entry.name}`
    if (entry.isDirectory()) walk(abs, path)
    else {
      const st = lstatSync(abs)
      const r = recorded.get(path)
      if (r === undefined || r.size !== st.size || r.mtime_ms !== st.mtimeMs) throw new Error(`stale: ${path}`)
      seen++
    }
  }
}
walk(source, "")
if (seen !== recorded.size) throw new Error("stale: files removed")
const rows = db.prepare(rankSql).all(match, limit)
const log = new DatabaseSync(join(metaDir, "logs.db"))
log.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
log
  .prepare(insertSql)
  .run(new Date().toISOString(), randomUUID(), "search", skill, source, process.cwd(), JSON.stringify({ query: match, result_count: rows.length }), null)
// Left open for the exit below, as skc leaves it (src/adapters/sqlite/AccessLogSqlite.ts, "Left open"): a
// close would checkpoint the log, with two fsyncs; past the same bound on its `-wal`, closed as skc closes it.
if (statSync(join(metaDir, "logs.db-wal")).size > 256 * 1024) log.close()
db.close()
process.stdout.write(rows.map((r) => `${r.rowid} (score: ${r.score.toFixed(2)})\n`).join(""))
process.exit(0)
