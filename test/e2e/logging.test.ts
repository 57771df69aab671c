// RFC-0007:C-LOGGING end to end through bin/skc.mjs: one row per invocation,
// columns, canonical paths, run ids, EAFP fallback, W002, W003.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb, readLog } from "../helpers/logs.js"

const skillMd = (name: string) => `---\nname: ${name}\ndescription: A test skill. Use when testing.\n---\n# ${name}\n## Install\n## Usage\n`

/** A project with one skill `<name>` in its store; returns paths. */
const project = (name = "demo") => {
  const sb = sandbox()
  const src = join(sb.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), skillMd(name))
  const primary = join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db")
  const fallback = join(sb.work, ".skillc", "logs", name, ".skillc-meta", "logs.db")
  return { ...sb, src, primary, fallback }
}

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

describe("RFC-0007:C-LOGGING access log", () => {
  it("RFC-0007:C-LOGGING creates .skillc-meta/logs.db in the runtime dir on demand and writes one row per invocation with every column", () => {
    const p = project()
    expect(existsSync(p.primary)).toBe(false)
    const r = p.run(["stats", "demo", "--group-by", "commands"])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("")
    const rows = readLog(p.primary)
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    expect(Object.keys(row).sort()).toEqual(["args", "command", "cwd", "error", "id", "run_id", "skill", "skill_path", "timestamp"])
    expect(row.id).toBe(1)
    expect(row.timestamp).toMatch(TS)
    expect(Math.abs(Date.parse(row.timestamp as string) - Date.now())).toBeLessThan(10 * 60_000)
    expect(row.command).toBe("stats")
    expect(row.skill).toBe("demo")
    expect(row.skill_path).toBe(p.src)
    expect(row.cwd).toBe(p.work)
    expect(JSON.parse(row.args as string)).toEqual({
      group_by: "commands",
      since: null,
      until: null,
      project: [],
      reader: [],
      include_author: false,
      limit: null,
      // DECISIONS #45: who called; this test's pipes make it an agent's call.
      role: "agent"
    })
    expect(row.error).toBeNull()
    p.run(["stats", "demo"])
    expect(readLog(p.primary)).toHaveLength(2)
  })

  it("RFC-0007:C-LOGGING the run id comes from SKC_RUN_ID, else YYYYMMDDTHHMMSSZ-<rand4>", () => {
    const p = project()
    p.run(["stats", "demo"], p.work, { SKC_RUN_ID: "session-42" })
    p.run(["stats", "demo"])
    const [a, b] = readLog(p.primary)
    expect(a!.run_id).toBe("session-42")
    expect(b!.run_id).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/)
  })

  it("RFC-0007:C-LOGGING a failed command is logged with its rendered error; exit status unchanged", () => {
    const p = project()
    const r = p.run(["stats", "demo", "--group-by", "bogus"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E030\]:\ invalid\ query\ type:\ 'bogus'(\n  .*)*\n/)
    const [row] = readLog(p.primary)
    expect(row!.error).toMatch(/^error\[E030\]:\ invalid\ query\ type:\ 'bogus'(\n  .*)*$/)
    expect(JSON.parse(row!.args as string).group_by).toBe("bogus")
  })

  it("RFC-0007:C-LOGGING a skill that does not resolve (E001/E010) has no log to write to", () => {
    const p = project()
    expect(p.run(["stats", "nope"]).stderr).toMatch(/^error\[E001\]:\ skill\ 'nope'\ not\ found(\n  .*)*\n/)
    expect(existsSync(join(p.work, ".skillc", "runtime"))).toBe(false)
    expect(existsSync(join(p.work, ".skillc", "logs"))).toBe(false)
  })

  it("RFC-0007:C-LOGGING skill_path and cwd are canonical (symlinks and .. resolved)", () => {
    const p = project()
    const linkedCwd = join(p.root, "linked-work")
    symlinkSync(p.work, linkedCwd)
    mkdirSync(join(p.work, "sub"))
    symlinkSync(p.src, join(p.work, "sub", "skill-link"))
    const r = p.run(["stats", "../sub/skill-link"], join(linkedCwd, "sub"))
    expect(r.code).toBe(0)
    const [row] = readLog(p.primary)
    expect(row!.skill_path).toBe(p.src)
    expect(row!.cwd).toBe(join(p.work, "sub"))
  })

  it("RFC-0007:C-LOGGING a global skill logs into the global runtime", () => {
    const p = project()
    expect(p.run(["init", "glob", "--global"]).code).toBe(0)
    expect(p.run(["stats", "glob"]).code).toBe(0)
    const rows = readLog(join(p.home, ".skillc", "runtime", "glob", ".skillc-meta", "logs.db"))
    expect(rows.map((r) => r.skill)).toEqual(["glob"])
  })
})

describe("RFC-0007:C-LOGGING fallback (EAFP), W002, W003", () => {
  it("RFC-0007:C-LOGGING falls back to <cwd>/.skillc/logs/<skill>/.skillc-meta/logs.db when the primary cannot be written; output unchanged", () => {
    const normal = project()
    const expected = normal.run(["stats", "demo", "--format", "json"])
    const p = project()
    // Root ignores permission bits: a regular file where the runtime store must be makes mkdir fail (ENOTDIR).
    writeFileSync(join(p.work, ".skillc", "runtime"), "not a directory")
    const r = p.run(["stats", "demo", "--format", "json"])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("")
    const strip = (s: string) => s.replaceAll(normal.root, "<root>").replaceAll(p.root, "<root>")
    expect(strip(r.stdout)).toBe(strip(expected.stdout))
    const rows = readLog(p.fallback)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.command).toBe("stats")
    expect(rows[0]!.skill_path).toBe(p.src)
  })

  it("RFC-0007:C-LOGGING falls back when .skillc-meta cannot be created (a file in its place)", () => {
    const p = project()
    mkdirSync(join(p.work, ".skillc", "runtime", "demo"), { recursive: true })
    writeFileSync(join(p.work, ".skillc", "runtime", "demo", ".skillc-meta"), "")
    expect(p.run(["stats", "demo"]).code).toBe(0)
    expect(readLog(p.fallback)).toHaveLength(1)
  })

  it("RFC-0005:C-CODES W002 for a search --all question the global log cannot take says so, naming no '*' and no fallback it never had", async () => {
    const p = project()
    const other = join(p.work, ".skillc", "skills", "other")
    mkdirSync(other, { recursive: true })
    writeFileSync(join(other, "SKILL.md"), skillMd("other"))
    expect(p.run(["build", "--all"]).code).toBe(0)
    mkdirSync(join(p.home, ".skillc"), { recursive: true })
    writeFileSync(join(p.home, ".skillc", ".skillc-meta"), "")
    const r = await p.runAsync(["search", "--all", "zzqqxx"])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain("warning[W002]: logging disabled; run 'skc sync' after session to merge logs\n  the search --all question was not recorded: its log could not be written, and it has no fallback\n")
    expect(r.stderr).not.toContain("'*'")
  })

  it("RFC-0005:C-CODES W002 when both locations fail; the command still succeeds with the same output", () => {
    const p = project()
    const before = p.run(["stats", "demo", "--group-by", "files"])
    const q = project()
    writeFileSync(join(q.work, ".skillc", "runtime"), "")
    writeFileSync(join(q.work, ".skillc", "logs"), "")
    const r = q.run(["stats", "demo", "--group-by", "files"])
    expect(r.code).toBe(0)
    // The fallback's directory is named (a new-user probe: "in this directory" was read as the process's cwd).
    expect(r.stderr).toBe(`warning[W002]: logging disabled; run 'skc sync' after session to merge logs\n  the stats of 'demo' was not recorded: neither its log nor the fallback log in ${join(q.work, ".skillc", "logs", "demo")} could be written\n`)
    expect(r.stdout).toBe(before.stdout)
    // A failing command keeps its own error and status too.
    const f = q.run(["stats", "demo", "--since", "nope"])
    expect(f.code).toBe(1)
    expect(f.stderr).toContain("error[E031]: invalid filter:")
    expect(f.stderr).toContain("warning[W002]")
  })

  it("RFC-0005:C-CODES W002 names a project too deep for SQLite's paths as its cause (sixtieth pass: every command said W002, sync could not help)", () => {
    const sb = sandbox()
    const deep = join(sb.work, "c".repeat(240), "d".repeat(240))
    const src = join(deep, ".skillc", "skills", "demo")
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), skillMd("demo"))
    const r = sb.run(["stats", "demo", "--group-by", "files"], deep)
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(
      /the stats of 'demo' was not recorded: neither its log nor the fallback log in \/.*\/\.skillc\/logs\/demo could be written \(its path is \d+ bytes; SQLite opens paths of at most 512: use a shorter directory\)\n$/
    )
  })

  it("RFC-0007:C-LOGGING a corrupt primary database is not fatal: moved aside with a warning, the row goes to a fresh primary (issue 19)", () => {
    const p = project()
    mkdirSync(join(p.work, ".skillc", "runtime", "demo", ".skillc-meta"), { recursive: true })
    writeFileSync(p.primary, "this is not a database ".repeat(200))
    const r = p.run(["stats", "demo", "--group-by", "commands"])
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/^warning: access log '.*' was corrupt \(SQLITE_NOTADB\); moved aside/)
    expect(readLog(p.primary)).toHaveLength(1)
    expect(existsSync(p.fallback)).toBe(false)
  })

  it("RFC-0007:C-LOGGING rows left in the -wal are never dropped without a word: a damaged -wal header, a log cut to nothing, a directory in its place", () => {
    const p = project()
    const meta = join(p.work, ".skillc", "runtime", "demo", ".skillc-meta")
    // Each CLI row stays in the -wal (committed; checkpointed past 256 KiB): the log file alone lacks them.
    const rowsInWal = () => {
      for (let i = 0; i < 3; i++) expect(p.run(["show", "demo", "--section", "Install"]).code).toBe(0)
      expect(statSync(`${p.primary}-wal`).size).toBeGreaterThan(32)
      return readFileSync(`${p.primary}-wal`)
    }
    const asides = () => readdirSync(meta).filter((f) => f.startsWith("logs.db.corrupt-")).sort()
    expect(p.run(["build", "demo"]).code).toBe(0)
    // 1. The -wal's magic number overwritten: SQLite would ignore the -wal and reset it at the next write.
    const wal = rowsInWal()
    const damaged = Buffer.from(wal)
    damaged.write("XXXXXXXX", 0, "latin1")
    writeFileSync(`${p.primary}-wal`, damaged)
    const r1 = p.run(["show", "demo", "--section", "Install"])
    expect(r1.code).toBe(0)
    expect(r1.stderr).toMatch(/^warning: access log '.*' was corrupt \(its -wal's header is damaged, so SQLite would discard the rows in it\); moved aside to '.*logs\.db\.corrupt-\d{8}T\d{6}Z'/)
    // Kept aside byte for byte, with its log; the fresh log holds the new row.
    expect(asides()).toHaveLength(2)
    expect(readFileSync(join(meta, asides().find((f) => f.endsWith("-wal"))!)).equals(damaged)).toBe(true)
    expect(readLog(p.primary)).toHaveLength(1)
    // 2. The log file cut to nothing while its -wal holds rows: SQLite would read a new, empty database.
    rowsInWal()
    writeFileSync(p.primary, "")
    const r2 = p.run(["stats", "demo", "--format", "json"])
    expect(r2.code).toBe(0)
    expect(r2.stderr).toContain("was corrupt (it is empty while its -wal holds rows SQLite would not read); moved aside")
    expect(asides()).toHaveLength(4)
    // And stats tells the author, whose terminal never saw the agent's warning, each time until they are removed.
    expect(r2.stderr).toMatch(/warning: 2 damaged access logs were moved aside \(.*logs\.db\.corrupt-\d{8}T\d{6}Z(-2)?, the newest\): the rows they hold are not in these figures/)
    // 3. A directory where the log should be: moved aside too, and the row logged where stats reads it.
    rmSync(p.primary, { force: true })
    rmSync(`${p.primary}-wal`, { force: true })
    rmSync(`${p.primary}-shm`, { force: true })
    mkdirSync(p.primary)
    const r3 = p.run(["show", "demo", "--section", "Install"])
    expect(r3.code).toBe(0)
    expect(r3.stderr).toContain("was corrupt (a directory, not a database); moved aside")
    expect(readLog(p.primary)).toHaveLength(1)
    expect(existsSync(p.fallback)).toBe(false)
  })

  // A hostile probe: a -wal of another database beside the log (a log and a -wal copied from different places).
  // SQLite applied its page 1, skc found no access_log, made one, and 3,449 rows were orphaned without a word.
  it("RFC-0007:C-LOGGING a -wal of another database: the log is moved aside with its rows, the -wal kept where SQLite does not apply it", () => {
    const p = project()
    expect(p.run(["build", "demo"]).code).toBe(0)
    for (let i = 0; i < 3; i++) expect(p.run(["show", "demo", "--section", "Install"]).code).toBe(0)
    // The rows checkpointed into the log file (the close of the last connection that read it), as a server's or a
    // sync's leave them.
    const checkpointing = new DatabaseSync(p.primary)
    checkpointing.prepare("SELECT count(*) FROM access_log").get()
    checkpointing.close()
    expect(existsSync(`${p.primary}-wal`)).toBe(false)
    const rows = readLog(p.primary).length
    expect(rows).toBe(4)
    const other = join(p.work, "other.db")
    const db = new DatabaseSync(other)
    db.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (a); INSERT INTO t VALUES (randomblob(5000));")
    const foreign = readFileSync(`${other}-wal`)
    db.close()
    writeFileSync(`${p.primary}-wal`, foreign)
    const r = p.run(["show", "demo", "--section", "Install"])
    expect(r.code).toBe(0)
    const said = /^warning: access log '.*' was corrupt \(its -wal is another database's \(schema version 0, the log's 3\), which SQLite would apply over the log, orphaning its rows\); moved aside to '(.*logs\.db\.corrupt-\d{8}T\d{6}Z)' \(its rows are there; the other database's -wal is kept as '(.*\.foreign-wal)'\)/.exec(r.stderr)
    expect(said, r.stderr).not.toBeNull()
    // Every row is in the moved log, readable as it is: no -wal of its name beside it for SQLite to apply.
    expect(existsSync(`${said![1]}-wal`)).toBe(false)
    expect(readLog(said![1])).toHaveLength(rows)
    expect(readFileSync(said![2]).equals(foreign)).toBe(true)
    // The fresh log holds the new row.
    expect(readLog(p.primary).map((row) => row.command)).toEqual(["show"])
  })

  // A many-hands probe: an operator's `mv logs.db logs.db.old` (or an rm) left the -wal, which holds a CLI's
  // rows; the next write made a log beside it, which reset it: 4 of 5 rows gone without a word.
  it("RFC-0007:C-LOGGING a log moved or deleted without its -wal: the -wal is moved aside with its rows, and a new log starts", () => {
    const p = project()
    expect(p.run(["build", "demo"]).code).toBe(0)
    for (let i = 0; i < 3; i++) expect(p.run(["show", "demo", "--section", "Install"]).code).toBe(0)
    expect(statSync(`${p.primary}-wal`).size).toBeGreaterThan(32)
    renameSync(p.primary, `${p.primary}.old`)
    const r = p.run(["show", "demo", "--section", "Install"])
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/^warning: access log '.*' was unsound \(its database file is missing while its -wal holds rows \(the log was moved or deleted without its -wal\)\); its -wal moved aside to '.*logs\.db\.corrupt-\d{8}T\d{6}Z-wal'/)
    expect(readLog(p.primary)).toHaveLength(1)
    // The rows are read again with the moved log, the -wal beside it as its own.
    const meta = dirname(p.primary)
    const aside = readdirSync(meta).find((f) => /^logs\.db\.corrupt-.*-wal$/.test(f))!
    // stats names the -wal aside too: its rows are not in the figures (a hostile probe: it said nothing).
    const before = p.run(["stats", "demo"])
    expect(before.stderr).toMatch(/a damaged access log was moved aside \(.*logs\.db\.corrupt-\d{8}T\d{6}Z-wal\)/)
    renameSync(join(meta, aside), `${p.primary}.old-wal`)
    expect(readLog(`${p.primary}.old`).map((row) => row.command)).toEqual(["build", "show", "show", "show"])
  })

  // A hostile probe: 8 processes writing right after the move; one that found the -wal alone moved aside the fresh
  // log another had just made ("corrupt"), and its row was lost.
  it("RFC-0007:C-LOGGING 8 processes writing after a log moved without its -wal: every row in the new log, only the -wal aside", async () => {
    const p = project()
    expect(p.run(["build", "demo"]).code).toBe(0)
    const meta = dirname(p.primary)
    for (let trial = 0; trial < 8; trial++) {
      for (let i = 0; i < 2; i++) expect(p.run(["show", "demo", "--section", "Install"]).code).toBe(0)
      renameSync(p.primary, `${p.primary}.old${trial}`)
      const runs = await Promise.all(Array.from({ length: 8 }, () => p.runAsync(["show", "demo", "--section", "Install"])))
      expect(runs.map((r) => r.code)).toEqual(Array(8).fill(0))
      expect(readLog(p.primary)).toHaveLength(8)
      // What went aside is -wal files only: never a database another process had just made.
      expect(readdirSync(meta).filter((f) => f.startsWith("logs.db.corrupt-") && !f.endsWith("-wal"))).toEqual([])
      renameSync(p.primary, `${p.primary}.done${trial}`)
      for (const suffix of ["-wal", "-shm"]) if (existsSync(`${p.primary}${suffix}`)) renameSync(`${p.primary}${suffix}`, `${p.primary}.done${trial}${suffix}`)
    }
  }, 120_000)

  it("RFC-0005:C-CODES W003 once per invocation when this skill's fallback log is older than one hour", () => {
    const p = project()
    makeLogDb(p.fallback, [{ timestamp: "2026-01-01T00:00:00Z", command: "show" }], { skill: "demo", skill_path: p.src, cwd: p.work })
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
    utimesSync(p.fallback, twoHoursAgo, twoHoursAgo)
    const r = p.run(["sources", "demo"])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("warning[W003]: stale local logs for 'demo'; run 'skc sync' to upload\n")
    // Logging still went to the (writable) primary.
    expect(readLog(p.primary)).toHaveLength(1)
  })

  it("RFC-0007:C-LOGGING no W003 for fresh fallback logs, nor for another skill's", () => {
    const p = project()
    makeLogDb(p.fallback, [{ timestamp: "2026-01-01T00:00:00Z", command: "show" }], { skill: "demo", skill_path: p.src, cwd: p.work })
    const halfHourAgo = new Date(Date.now() - 30 * 60_000)
    utimesSync(p.fallback, halfHourAgo, halfHourAgo)
    expect(p.run(["sources", "demo"]).stderr).toBe("")
    const other = join(p.work, ".skillc", "logs", "other", ".skillc-meta", "logs.db")
    makeLogDb(other, [], { skill: "other", skill_path: "/x", cwd: p.work })
    const old = new Date(Date.now() - 5 * 3600_000)
    utimesSync(other, old, old)
    expect(p.run(["sources", "demo"]).stderr).toBe("")
  })

  it("RFC-0007:C-SYNC stats says how many rows wait in the cwd's local log (fresh or stale), and counts them once synced", () => {
    const p = project()
    const show = { command: "show", args: JSON.stringify({ section: "Install", file: "SKILL.md" }) }
    makeLogDb(p.fallback, [
      { timestamp: "2026-01-01T00:00:00Z", ...show },
      { timestamp: "2026-01-01T00:01:00Z", ...show }
    ], { skill: "demo", skill_path: p.src, cwd: p.work })
    const before = p.run(["stats", "demo", "--format", "json"])
    expect(before.code).toBe(0)
    expect(before.stderr).toBe("warning: 2 access-log rows in .skillc/logs/demo are not in these figures until 'skc sync' moves them into the skill's log\n")
    expect(JSON.parse(before.stdout).data.total_accesses).toBe(0)
    // Stale as well: W003 and the count, each once.
    const old = new Date(Date.now() - 2 * 3600_000)
    utimesSync(p.fallback, old, old)
    const stale = p.run(["stats", "demo", "--group-by", "sections"])
    expect(stale.stderr.split("\n").filter(Boolean)).toEqual([
      "warning: 2 access-log rows in .skillc/logs/demo are not in these figures until 'skc sync' moves them into the skill's log",
      "warning[W003]: stale local logs for 'demo'; run 'skc sync' to upload"
    ])
    expect(p.run(["sync"]).code).toBe(0)
    const after = p.run(["stats", "demo", "--format", "json"])
    expect(after.stderr).toBe("")
    expect(JSON.parse(after.stdout).data.total_accesses).toBe(2)
  })

  it("RFC-0007:C-SYNC rows a stopped sync held aside are said as such: some may be counted already", () => {
    const p = project()
    const show = { command: "show", args: JSON.stringify({ section: "Install", file: "SKILL.md" }) }
    const held = join(p.work, ".skillc", "logs", ".syncing-demo", ".skillc-meta", "logs.db")
    makeLogDb(held, [{ timestamp: "2026-01-01T00:00:00Z", ...show }, { timestamp: "2026-01-01T00:01:00Z", ...show }], { skill: "demo", skill_path: p.src, cwd: p.work })
    makeLogDb(p.fallback, [{ timestamp: "2026-01-01T00:02:00Z", ...show }], { skill: "demo", skill_path: p.src, cwd: p.work })
    const r = p.run(["stats", "demo", "--format", "json"])
    expect(r.stderr).toBe(
      "warning: 3 access-log rows in .skillc/logs/demo are not in these figures until 'skc sync' moves them into the skill's log " +
        "(2 of them held by a sync that was stopped, which may have counted some already: run 'skc sync' to finish it)\n"
    )
    expect(p.run(["sync"]).code).toBe(0)
    expect(JSON.parse(p.run(["stats", "demo", "--format", "json"]).stdout).data.total_accesses).toBe(3)
  })

  it("RFC-0007:C-SYNC stats --all names each skill in scope with rows waiting, in one line", () => {
    const p = project()
    const other = join(p.work, ".skillc", "skills", "other")
    mkdirSync(other, { recursive: true })
    writeFileSync(join(other, "SKILL.md"), skillMd("other"))
    makeLogDb(p.fallback, [{ timestamp: "2026-01-01T00:00:00Z", command: "outline" }], { skill: "demo", skill_path: p.src, cwd: p.work })
    const otherLog = join(p.work, ".skillc", "logs", "other", ".skillc-meta", "logs.db")
    makeLogDb(otherLog, [
      { timestamp: "2026-01-01T00:00:00Z", command: "outline" },
      { timestamp: "2026-01-01T00:00:01Z", command: "sources" }
    ], { skill: "other", skill_path: other, cwd: p.work })
    // A skill not in scope: its local log is not this listing's business.
    makeLogDb(join(p.work, ".skillc", "logs", "gone", ".skillc-meta", "logs.db"), [{ timestamp: "2026-01-01T00:00:00Z", command: "outline" }], { skill: "gone", skill_path: "/x", cwd: p.work })
    const r = p.run(["stats", "--all", "--format", "json"])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("warning: 3 access-log rows in .skillc/logs are not in these figures until 'skc sync' moves them into the skills' logs: demo (1), other (2)\n")
    expect(JSON.parse(r.stdout).total_skills).toBe(2)
  })

  it("RFC-0007:C-SYNC stats counts a local log a stopped sync held aside, and says nothing for another skill's", () => {
    const p = project()
    const held = join(p.work, ".skillc", "logs", ".syncing-demo", ".skillc-meta", "logs.db")
    makeLogDb(held, [{ timestamp: "2026-01-01T00:00:00Z", command: "outline" }], { skill: "demo", skill_path: p.src, cwd: p.work })
    const other = join(p.work, ".skillc", "logs", "other", ".skillc-meta", "logs.db")
    makeLogDb(other, [{ timestamp: "2026-01-01T00:00:00Z", command: "outline" }], { skill: "other", skill_path: "/x", cwd: p.work })
    expect(p.run(["stats", "demo"]).stderr).toBe(
      "warning: 1 access-log row in .skillc/logs/demo is not in these figures until 'skc sync' moves it into the skill's log (held by a sync that was stopped, which may have counted it already: run 'skc sync' to finish it)\n"
    )
    // A local log that is not a database: no count, no failure (sync reports it, E042).
    writeFileSync(held, "not a database")
    const r = p.run(["stats", "demo"])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("")
  })
})

describe("RFC-0007:C-LOGGING gateway commands (DECISIONS #17, #18)", () => {
  it("RFC-0004:C-LOGGING show, search, outline, open, sources, build and lint each log one row with their args", () => {
    const p = project()
    expect(p.run(["build", "demo", "--target", join(p.root, "agents")]).code).toBe(0)
    expect(p.run(["show", "demo", "--section", "install"]).code).toBe(0)
    expect(p.run(["show", "demo", "--section", "Nowhere"]).code).toBe(1)
    expect(p.run(["search", "demo", "usage"]).code).toBe(0)
    expect(p.run(["outline", "demo", "--level", "2"]).code).toBe(0)
    expect(p.run(["open", "demo", "SKILL.md", "--max-lines", "2"]).code).toBe(0)
    expect(p.run(["sources", "demo", "--depth", "1"]).code).toBe(0)
    p.run(["lint", "demo"])
    const rows = readLog(p.primary)
    expect(rows.map((r) => r.command)).toEqual(["build", "show", "show", "search", "outline", "open", "sources", "lint"])
    const args = rows.map((r) => JSON.parse(r.args as string))
    expect(args[1]).toMatchObject({ section: "Install", file: "SKILL.md" })
    expect(rows[1]!.error).toBeNull()
    expect(args[2]).toMatchObject({ section: "Nowhere" })
    expect(rows[2]!.error).toBe("error[E020]: section not found: 'Nowhere'")
    expect(args[3]).toMatchObject({ query: "usage" })
    expect(typeof args[3].result_count).toBe("number")
    expect(args[4]).toEqual({ level: 2, role: "agent" })
    expect(args[5]).toMatchObject({ path: "SKILL.md", max_lines: 2 })
    expect(args[6]).toMatchObject({ depth: 1 })
    // Stats reads what the gateway logged.
    const j = JSON.parse(p.run(["stats", "demo", "--group-by", "sections", "--format", "json"]).stdout)
    expect(j.data).toEqual([{ section: "Install", file: "SKILL.md", count: 1 }])
  })

  // An agent's probe (DECISIONS #18, the command's own parameters): a first page cut by --max-bytes was logged
  // without its bound, as a whole read; `open` named no next page on the CLI as `show` does.
  it("a page cut by --max-bytes is logged with its bound, and open names the line its next page starts at", () => {
    const p = project()
    // A section longer than the least page (1,024 bytes).
    const long = Array.from({ length: 80 }, (_, i) => `Step ${i + 1}: run the install script and check its output.`).join("\n")
    writeFileSync(join(p.src, "SKILL.md"), `${skillMd("demo")}\n## Long install\n\n${long}\n`)
    expect(p.run(["build", "demo"]).code).toBe(0)
    const opened = p.run(["open", "demo", "SKILL.md", "--max-bytes", "1024"])
    expect(opened.code, opened.stderr).toBe(0)
    const next = /the file goes on: --from-line (\d+) shows its next lines/.exec(opened.stderr)
    expect(next, opened.stderr).not.toBeNull()
    const rest = p.run(["open", "demo", "SKILL.md", "--from-line", next![1]!])
    expect(rest.code).toBe(0)
    expect(opened.stdout.split("\n")[0]).not.toBe(rest.stdout.split("\n")[0])
    expect(p.run(["show", "demo", "--section", "long install", "--max-bytes", "1024"]).code).toBe(0)
    const args = readLog(p.primary).map((r) => JSON.parse(r.args as string))
    expect(args.at(-3)).toMatchObject({ path: "SKILL.md", max_bytes: 1024 })
    expect(args.at(-2)).not.toHaveProperty("max_bytes")
    expect(args.at(-1)).toMatchObject({ section: "Long install", max_bytes: 1024 })
  })
})
