// RFC-0007:C-SYNC in process: the `sync` use case on the live adapters
// (real SQLite log databases; DECISIONS #8, #30). Moved here from
// test/e2e/sync.test.ts, which keeps the smoke test of the printed lines
// and exit statuses.
import { spawn } from "node:child_process"
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { heldDirOf, logged } from "../../src/app/usage/accessLog.js"
import { init } from "../../src/app/build/init.js"
import { stats } from "../../src/app/usage/stats.js"
import { resolveSkill } from "../../src/app/skills/index.js"
import { sync, type SyncInput } from "../../src/app/usage/sync.js"
import { AccessLog, LogStoreError, type AccessLogService, type LogSpan } from "../../src/ports/AccessLog.js"
import type { SyncSourceNotReadable } from "../../src/domain/errors.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { errorText, diskWorld, failureText } from "../helpers/worlds.js"
import { makeLogDb, readLog, type Row } from "../helpers/logs.js"

/**
 * A writer in its own process: opens `file` (WAL, its insert prepared) at once, says "ready", and inserts one
 * row when asked, answering "committed" or the error's message.
 */
const lateWriter = (file: string, row: { skill: string; skill_path: string; cwd: string }) => {
  const code = `
    const { DatabaseSync } = require("node:sqlite")
    const db = new DatabaseSync(process.argv[1])
    db.exec("PRAGMA journal_mode = WAL")
    const insert = db.prepare("INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error) VALUES ('2026-01-01T00:03:00Z', 'late', 'show', ?, ?, ?, '{}', NULL)")
    process.stdout.write("ready\\n")
    process.stdin.once("data", () => {
      let out = "committed"
      try { insert.run(...JSON.parse(process.argv[2])) } catch (e) { out = e.message + " " + e.errcode }
      process.stdout.write(out + "\\n")
      db.close()
      process.exit(0)
    })`
  const child = spawn(process.execPath, ["-e", code, file, JSON.stringify([row.skill, row.skill_path, row.cwd])], { stdio: ["pipe", "pipe", "inherit"] })
  const lines: Array<string> = []
  const waiting: Array<(line: string) => void> = []
  let buffered = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffered += chunk
    for (let i = buffered.indexOf("\n"); i >= 0; i = buffered.indexOf("\n")) {
      const line = buffered.slice(0, i)
      buffered = buffered.slice(i + 1)
      const w = waiting.shift()
      if (w) w(line)
      else lines.push(line)
    }
  })
  const next = () => new Promise<string>((resolve) => (lines.length > 0 ? resolve(lines.shift()!) : waiting.push(resolve)))
  return {
    ready: next(),
    commit: () => {
      child.stdin.write("go\n")
      return next()
    }
  }
}

const world = (...names: Array<string>) => {
  const w = diskWorld("skc-sync-")
  const skills = Object.fromEntries(
    names.map((name) => {
      const src = join(w.work, ".skillc", "skills", name)
      mkdirSync(src, { recursive: true })
      writeFileSync(join(src, "SKILL.md"), `---\nname: ${name}\ndescription: d\n---\n# ${name}\n`)
      return [
        name,
        {
          src,
          primary: join(w.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db"),
          fallbackDir: join(w.work, ".skillc", "logs", name),
          fallback: join(w.work, ".skillc", "logs", name, ".skillc-meta", "logs.db")
        }
      ]
    })
  )
  const syncNow = (input: SyncInput = {}, cwd?: string) => w.run(sync(input), cwd ? { cwd } : {})
  return { ...w, skills, sync: syncNow }
}

const rowsAt = (n: number, start = 0): Array<Row> =>
  Array.from({ length: n }, (_, i) => ({ timestamp: `2026-01-01T00:00:${String(start + i).padStart(2, "0")}Z`, command: "show", args: { section: `S${start + i}`, file: "SKILL.md" } }))

const counts = (r: { synced: ReadonlyArray<{ skill: string; entries: number }> }) => r.synced.map((s) => [s.skill, s.entries])

describe("RFC-0007:C-SYNC", () => {
  it.live("DECISIONS #8: nothing to sync is an empty result; a named skill without logs is E040", () =>
    Effect.gen(function* () {
      const w = world("demo")
      expect(yield* w.sync()).toMatchObject({ dry_run: false, project: w.work, synced: [], failed: [] })
      expect(yield* failureText(w.sync({ skill: "demo" }))).toBe("error[E040]: no local logs found")
    }))

  it.live("DECISIONS #8: nothing to sync needs no lock in the home (a full or read-only home); a sync that needs it and cannot take it is E999, its rows kept", () =>
    Effect.gen(function* () {
      const w = world("demo")
      // No lock can be made where the locks go: a file stands at the locks directory.
      mkdirSync(join(w.home, ".skillc"), { recursive: true })
      writeFileSync(join(w.home, ".skillc", "locks"), "")
      expect(yield* w.sync()).toMatchObject({ synced: [], failed: [] })
      makeLogDb(w.skills.demo!.fallback, rowsAt(2), { skill: "demo", skill_path: w.skills.demo!.src, cwd: w.work })
      expect(yield* failureText(w.sync())).toMatch(/^error\[E999\]: cannot take the sync lock .*locks.*; the local logs are kept/)
      expect(readLog(w.skills.demo!.fallback)).toHaveLength(2)
    }))

  // A kill -9 probe held a write lock on a skill's log from another process: sync failed "not writable", and
  // the user went to fix permissions of a writable file.
  it.live("RFC-0007:C-SYNC a log another process holds locked is E041 saying it is busy, not unwritable; the local log is kept", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const d = w.skills.demo!
      makeLogDb(d.fallback, rowsAt(2), { skill: "demo", skill_path: d.src, cwd: w.work })
      const busy = yield* w.run(
        sync({}).pipe(
          Effect.updateService(AccessLog, (log) => ({
            ...log,
            merge: (dest: string) => Effect.fail(new LogStoreError({ op: "write", path: dest, code: "SQLITE_BUSY", message: "database is locked" }))
          }))
        )
      )
      expect(busy.failed.map((f) => errorText(f.error))).toEqual([
        `error[E041]: sync destination not writable: '${d.primary}'\n  another process holds a write lock on the log (the file is writable): try again once it lets go; the local log is kept`
      ])
      expect(readLog(d.fallback)).toHaveLength(2)
    }))

  it.live("RFC-0007:C-SYNC fallback rows written while the runtime was read-only are moved to the primary log", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const d = w.skills.demo!
      const blocker = join(w.work, ".skillc", "runtime")
      writeFileSync(blocker, "")
      // Three logged invocations while the runtime cannot be written: the rows go to the fallback.
      for (let i = 0; i < 3; i++) yield* w.run(stats({ skill: "demo", group_by: "commands" }).pipe(logged("stats", "demo", () => ({}))))
      expect(readLog(d.fallback)).toHaveLength(3)
      // Still read-only: E041, logs kept.
      const blocked = yield* w.sync()
      expect(blocked.synced).toEqual([])
      // With why on its second line: here a file stands where the runtime's directory goes.
      expect(blocked.failed.map((f) => errorText(f.error))).toEqual([`error[E041]: sync destination not writable: '${d.primary}'\n  ENOTDIR: not a directory, mkdir '${join(w.work, ".skillc", "runtime", "demo")}'`])
      expect(readLog(d.fallback)).toHaveLength(3)
      // The sandbox is over.
      rmSync(blocker)
      const dry = yield* w.sync({ dry_run: true })
      expect(dry.synced).toEqual([{ skill: "demo", entries: 3, destination: d.primary, removed: false }])
      expect(existsSync(d.primary)).toBe(false)
      const fallbackRows = readLog(d.fallback)
      expect(fallbackRows).toHaveLength(3)
      expect((yield* w.sync()).synced).toEqual([{ skill: "demo", entries: 3, destination: d.primary, removed: true }])
      expect(existsSync(d.fallbackDir)).toBe(false)
      const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ id: _id, ...rest }) => rest)
      expect(strip(readLog(d.primary))).toEqual(strip(fallbackRows))
      expect((yield* w.sync()).synced).toEqual([])
    }))

  it.live("RFC-0007:C-SYNC is idempotent: a fallback a stopped sync held aside adds only the rows the primary lacks, repeated identical rows kept (DECISIONS #30)", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const d = w.skills.demo!
      const held = heldDirOf(w.work, "demo", { join })
      const twice = rowsAt(1)[0]!
      makeLogDb(d.fallback, [...rowsAt(5), twice], { skill: "demo", skill_path: d.src, cwd: w.work })
      const saved = join(w.root, "saved.db")
      copyFileSync(d.fallback, saved)
      expect(counts(yield* w.sync({ skill: "demo" }))).toEqual([["demo", 6]])
      expect(readLog(d.primary)).toHaveLength(6)
      // As if the previous sync had stopped between its commit and the deletion: its held copy is still there.
      mkdirSync(join(held, ".skillc-meta"), { recursive: true })
      copyFileSync(saved, join(held, ".skillc-meta", "logs.db"))
      expect(counts(yield* w.sync({ dry_run: true }))).toEqual([["demo", 0]])
      expect(counts(yield* w.sync())).toEqual([["demo", 0]])
      expect(readLog(d.primary)).toHaveLength(6)
      // Old rows plus rows written after that sync read them: only the new ones are added.
      makeLogDb(join(held, ".skillc-meta", "logs.db"), [...rowsAt(5), ...rowsAt(2, 40)], { skill: "demo", skill_path: d.src, cwd: w.work })
      expect(counts(yield* w.sync())).toEqual([["demo", 2]])
      expect(readLog(d.primary)).toHaveLength(8)
    }))

  // A probe of the access log: one agent session (SKC_RUN_ID) reading the same section twice in one second,
  // its rows synced apart, lost the second: equal to a row the skill's log held, it was taken for it.
  it.live("RFC-0007:C-SYNC a fallback never merged before adds every row, even one equal to a row of an earlier sync (two calls of one session in one second)", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const d = w.skills.demo!
      const defaults = { skill: "demo", skill_path: d.src, cwd: w.work }
      const call: Row = { timestamp: "2026-01-01T00:00:07Z", run_id: "session-1", command: "outline", args: {} }
      makeLogDb(d.fallback, [call], defaults)
      expect(counts(yield* w.sync())).toEqual([["demo", 1]])
      makeLogDb(d.fallback, [call, call], defaults)
      expect(counts(yield* w.sync({ dry_run: true }))).toEqual([["demo", 2]])
      expect(counts(yield* w.sync())).toEqual([["demo", 2]])
      expect(readLog(d.primary).filter((r) => r.run_id === "session-1")).toHaveLength(3)
    }))

  it.live("RFC-0007:C-SYNC a fallback put back by a failed sync is compared at the next: the rows its first span merged are not added twice", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const d = w.skills.demo!
      const defaults = { skill: "demo", skill_path: d.src, cwd: w.work }
      makeLogDb(d.fallback, rowsAt(6), defaults)
      // The destination takes the first span, then refuses: E041, the fallback put back.
      let calls = 0
      const failing = yield* w.run(
        sync({}).pipe(
          Effect.updateService(AccessLog, (log) => ({
            ...log,
            readSpan: (file, after, _limit) => log.readSpan(file, after, 3),
            merge: (dest, rows, options) =>
              ++calls === 1 ? log.merge(dest, rows, options) : Effect.fail(new LogStoreError({ op: "write", path: dest, code: "SQLITE_READONLY", message: "attempt to write a readonly database" }))
          }))
        )
      )
      expect(failing.failed).toHaveLength(1)
      expect(readLog(d.primary)).toHaveLength(3)
      expect(readLog(d.fallback)).toHaveLength(6)
      expect(counts(yield* w.sync())).toEqual([["demo", 3]])
      expect(readLog(d.primary)).toHaveLength(6)
    }))

  it.live("RFC-0007:C-SYNC a held fallback larger than one merge span: every row once, identical rows of one second counted whole (DECISIONS #30)", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const d = w.skills.demo!
      const held = join(heldDirOf(w.work, "demo", { join }), ".skillc-meta", "logs.db")
      const defaults = { skill: "demo", skill_path: d.src, cwd: w.work }
      const second = (s: number) => `2026-01-01T${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}Z`
      // 5,000 rows, one a second, but three identical ones at second 1,999, around the 2,000th row where a merge
      // of 2,000 rows at a time would split them; the primary already holds one of the three (a stopped sync's).
      const rows: Array<Row> = Array.from({ length: 4998 }, (_, i) => ({ timestamp: second(i < 1999 ? i : i + 1), command: "show", args: { n: i } }))
      const same: Row = { timestamp: second(1999), command: "search", args: { query: "q" } }
      rows.splice(1999, 0, same, same, same)
      makeLogDb(held, rows, defaults)
      makeLogDb(d.primary, [same], defaults)
      expect(counts(yield* w.sync({ dry_run: true }))).toEqual([["demo", 5000]])
      expect(counts(yield* w.sync())).toEqual([["demo", 5000]])
      const stored = readLog(d.primary)
      expect(stored).toHaveLength(5001)
      expect(stored.filter((r) => r.command === "search")).toHaveLength(3)
      expect(new Set(stored.filter((r) => r.command === "show").map((r) => r.args)).size).toBe(4998)
      expect(existsSync(heldDirOf(w.work, "demo", { join }))).toBe(false)
    }))

  it.live("RFC-0007:C-SYNC an emptied .skillc/logs that others may write to is kept: opened on purpose for another user's agents", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const d = w.skills.demo!
      makeLogDb(d.fallback, rowsAt(2), { skill: "demo", skill_path: d.src, cwd: w.work })
      chmodSync(join(w.work, ".skillc", "logs"), 0o777)
      expect(counts(yield* w.sync())).toEqual([["demo", 2]])
      expect(existsSync(join(w.work, ".skillc", "logs"))).toBe(true)
      expect(existsSync(d.fallbackDir)).toBe(false)
    }))

  // A hostile probe: `.skillc/logs` given to the agent's user (it may write there, not in `.skillc/`); the owner's
  // sync removed it, and every later read of that agent went unrecorded. Changing an owner needs root.
  it.live.skipIf(process.getuid?.() !== 0)("RFC-0007:C-SYNC an emptied .skillc/logs owned by another user than .skillc/ is kept", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const d = w.skills.demo!
      makeLogDb(d.fallback, rowsAt(2), { skill: "demo", skill_path: d.src, cwd: w.work })
      chownSync(join(w.work, ".skillc", "logs"), 65534, 65534)
      expect(counts(yield* w.sync())).toEqual([["demo", 2]])
      expect(existsSync(join(w.work, ".skillc", "logs"))).toBe(true)
      expect(existsSync(d.fallbackDir)).toBe(false)
    }))

  it.live("RFC-0007:C-SYNC an emptied .skillc/logs is removed, and a .skillc/ it alone made: it would make the directory a project root", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const d = w.skills.demo!
      const defaults = { skill: "demo", skill_path: d.src, cwd: w.work }
      // A sandboxed read in a subdirectory logged there (the fallback is the cwd's, RFC-0007:C-LOGGING).
      const sub = join(w.work, "pkg", "sub")
      makeLogDb(join(sub, ".skillc", "logs", "demo", ".skillc-meta", "logs.db"), rowsAt(2), defaults)
      expect(counts(yield* w.sync({ dry_run: true }, sub))).toEqual([["demo", 2]])
      expect(existsSync(join(sub, ".skillc", "logs"))).toBe(true)
      expect(counts(yield* w.sync({}, sub))).toEqual([["demo", 2]])
      expect(existsSync(join(sub, ".skillc"))).toBe(false)
      // In the project itself `.skillc/` holds the skills: only the emptied logs directory goes.
      makeLogDb(d.fallback, rowsAt(1, 30), defaults)
      expect(counts(yield* w.sync())).toEqual([["demo", 1]])
      expect(existsSync(join(w.work, ".skillc", "logs"))).toBe(false)
      expect(existsSync(join(w.work, ".skillc", "skills", "demo", "SKILL.md"))).toBe(true)
      expect(readLog(d.primary)).toHaveLength(3)
    }))

  it.live("RFC-0007:C-SYNC rows a sandboxed agent writes while the sync runs are never deleted unsynced", () =>
    Effect.gen(function* () {
      const w = world("alpha")
      const a = w.skills.alpha!
      const defaults = { skill: "alpha", skill_path: a.src, cwd: w.work }
      makeLogDb(a.fallback, rowsAt(3), defaults)
      // An agent process that opened the fallback before the sync began, and one that opens it by its path meanwhile.
      // As skc writes its logs: in WAL mode, the connection's -wal and -shm files already open.
      const early = new Database(a.fallback)
      early.pragma("journal_mode = WAL")
      early.prepare("SELECT count(*) AS n FROM access_log").get()
      let merges = 0
      const during = () => {
        if (merges++ > 0) return
        early.prepare("INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error) VALUES (?, 'early', 'show', 'alpha', ?, ?, '{}', NULL)").run("2026-01-01T00:01:00Z", a.src, w.work)
        makeLogDb(a.fallback, [{ timestamp: "2026-01-01T00:02:00Z", run_id: "late", command: "show" }], defaults)
      }
      const first = yield* w.run(
        sync({}).pipe(Effect.updateService(AccessLog, (log) => ({ ...log, merge: (dest, rows, options) => Effect.tap(log.merge(dest, rows, options), () => Effect.sync(during)) })))
      )
      early.close()
      // The early writer's row went into the file held aside, read again before it was removed; the late one
      // started a fresh fallback, which the sync held aside and moved in its turn.
      expect(counts(first)).toEqual([["alpha", 5]])
      expect(readLog(a.primary).map((r) => r.run_id).sort()).toEqual(["early", "fixture", "fixture", "fixture", "late"])
      expect(existsSync(a.fallbackDir)).toBe(false)
      expect(existsSync(join(w.work, ".skillc", "logs", ".syncing-alpha"))).toBe(false)
    }))

  it.live("RFC-0007:C-SYNC a writer that opened the fallback before the sync cannot commit to it after the sync's last read", () =>
    Effect.gen(function* () {
      const w = world("alpha")
      const a = w.skills.alpha!
      makeLogDb(a.fallback, rowsAt(2), { skill: "alpha", skill_path: a.src, cwd: w.work })
      // An agent process that opened the fallback before the sync renamed it, its insert prepared, and that
      // commits just after the sync's last read of the held file (its last merge), before the file is removed.
      // Another process, as agents are: within one process SQLite's locks do not keep the sync's connections
      // from deleting the held file's -wal, and the early connection then fails with an I/O error instead.
      const wal = new Database(a.fallback)
      wal.pragma("journal_mode = WAL") // as skc creates its logs
      wal.close()
      const late = lateWriter(a.fallback, { skill: "alpha", skill_path: a.src, cwd: w.work })
      yield* Effect.promise(() => late.ready)
      // The sync reads the held file span by span; a read that finds no more rows ends a pass over it. The late
      // writer commits right after the second such read: the last one, the sync then removing the file.
      let ends = 0
      let outcome = "not tried"
      const afterRead = (span: LogSpan) =>
        span.last === undefined && ++ends === 2 ? Effect.promise(() => late.commit().then((o) => void (outcome = o))) : Effect.void
      const r = yield* w.run(
        sync({}).pipe(Effect.updateService(AccessLog, (log) => ({ ...log, readSpan: (file, after, limit) => Effect.tap(log.readSpan(file, after, limit), afterRead) })))
      )
      expect(counts(r)).toEqual([["alpha", 2]])
      expect(existsSync(join(w.work, ".skillc", "logs", ".syncing-alpha"))).toBe(false)
      // Before, the insert committed into the held file, which the sync then removed: the row was gone, and
      // its writer never knew. Now it is refused, and the writer writes at the path again (accessLog.ts).
      expect(outcome).toMatch(/retired by skc sync/)
      expect(readLog(a.primary)).toHaveLength(2)
    }))

  it.live("RFC-0007:C-SYNC a held directory a killed sync left empty is removed, and the fallback synced", () =>
    Effect.gen(function* () {
      const w = world("alpha")
      const a = w.skills.alpha!
      makeLogDb(a.fallback, rowsAt(3), { skill: "alpha", skill_path: a.src, cwd: w.work })
      // What a sync killed inside its final recursive remove leaves: the directory, without its log.
      mkdirSync(join(w.work, ".skillc", "logs", ".syncing-alpha", ".skillc-meta"), { recursive: true })
      const r = yield* w.sync()
      // Before: E042 "sync source not readable", on every later sync too, the fallback's rows never moved.
      expect(r.failed).toEqual([])
      expect(counts(r)).toEqual([["alpha", 3]])
      expect(readLog(a.primary)).toHaveLength(3)
      expect(existsSync(join(w.work, ".skillc", "logs"))).toBe(false)
    }))

  it.live("RFC-0007:C-SYNC two syncs at once: the one whose held log the other took ends without an error, no row lost", () =>
    Effect.gen(function* () {
      const w = world("alpha")
      const a = w.skills.alpha!
      makeLogDb(a.fallback, rowsAt(3), { skill: "alpha", skill_path: a.src, cwd: w.work })
      const held = join(w.work, ".skillc", "logs", ".syncing-alpha")
      // The other sync, between this one's first read and its next: it merges the held log and removes it.
      let reads = 0
      const other = (log: AccessLogService) =>
        Effect.gen(function* () {
          if (++reads !== 2) return
          const rows = yield* log.readAll(join(held, ".skillc-meta", "logs.db"))
          yield* log.merge(a.primary, rows, { dryRun: false })
          rmSync(held, { recursive: true, force: true })
        })
      const r = yield* w.run(
        sync({}).pipe(
          Effect.updateService(AccessLog, (log) => ({ ...log, readSpan: (file, after, limit) => Effect.andThen(other(log), log.readSpan(file, after, limit)) }))
        )
      )
      // Before: E042 "sync source not readable" for a log the other sync had synced.
      expect(r.failed).toEqual([])
      expect(readLog(a.primary)).toHaveLength(3)
      expect(existsSync(held)).toBe(false)
      expect(existsSync(a.fallbackDir)).toBe(false)
    }))

  it.live("RFC-0007:C-SYNC a corrupt copy a writer moved aside in the fallback is kept beside the primary log, never deleted", () =>
    Effect.gen(function* () {
      const w = world("alpha")
      const a = w.skills.alpha!
      makeLogDb(a.fallback, rowsAt(2), { skill: "alpha", skill_path: a.src, cwd: w.work })
      writeFileSync(`${a.fallback}.corrupt-20260101T000000Z`, "garbage ".repeat(64))
      const r = yield* w.sync()
      expect(r.failed).toEqual([])
      expect(counts(r)).toEqual([["alpha", 2]])
      expect(readFileSync(`${a.primary}.corrupt-20260101T000000Z.from-fallback`, "utf8")).toBe("garbage ".repeat(64))
      expect(existsSync(join(w.work, ".skillc", "logs"))).toBe(false)
    }))

  it.live("RFC-0007:C-SYNC a fallback a killed sync held aside is synced by the next one", () =>
    Effect.gen(function* () {
      const w = world("alpha")
      const a = w.skills.alpha!
      const held = join(w.work, ".skillc", "logs", ".syncing-alpha", ".skillc-meta", "logs.db")
      makeLogDb(held, rowsAt(2), { skill: "alpha", skill_path: a.src, cwd: w.work })
      makeLogDb(a.fallback, rowsAt(1, 10), { skill: "alpha", skill_path: a.src, cwd: w.work })
      const r = yield* w.sync()
      expect(counts(r)).toEqual([["alpha", 3]])
      expect(readLog(a.primary)).toHaveLength(3)
      expect(existsSync(join(w.work, ".skillc", "logs", ".syncing-alpha"))).toBe(false)
      expect(existsSync(a.fallbackDir)).toBe(false)
    }))

  it.live("RFC-0007:C-SYNC partial failure: skills are independent, the failed one keeps its logs", () =>
    Effect.gen(function* () {
      const w = world("alpha", "beta", "gamma")
      for (const [name, s] of Object.entries(w.skills)) makeLogDb(s.fallback, rowsAt(2), { skill: name, skill_path: s.src, cwd: w.work })
      // beta's runtime directory cannot be created: a file is in its place.
      mkdirSync(join(w.work, ".skillc", "runtime"), { recursive: true })
      writeFileSync(join(w.work, ".skillc", "runtime", "beta"), "")
      // gamma's fallback is not a database.
      writeFileSync(w.skills.gamma!.fallback, "garbage ".repeat(100))
      const r = yield* w.sync()
      expect(counts(r)).toEqual([["alpha", 2]])
      expect(r.failed.map((f) => [f.skill, errorText(f.error).split("\n")[0]])).toEqual([
        ["beta", `error[E041]: sync destination not writable: '${w.skills.beta!.primary}'`],
        ["gamma", `error[E042]: sync source not readable: '${w.skills.gamma!.fallback}'`]
      ])
      expect(existsSync(w.skills.alpha!.fallbackDir)).toBe(false)
      expect(readLog(w.skills.alpha!.primary)).toHaveLength(2)
      expect(readLog(w.skills.beta!.fallback)).toHaveLength(2)
      expect(existsSync(w.skills.gamma!.fallback)).toBe(true)
      // Its second line says why and what unblocks the sync (every later sync stopped at the bare line).
      const gamma = r.failed.find((f) => f.skill === "gamma")!.error as SyncSourceNotReadable
      expect(gamma.detail).toEqual([
        `it is not a sound SQLite database (file is not a database); skc keeps it unread (the other skills' logs sync without it): move it aside (mv '${w.skills.gamma!.fallback}' '${w.skills.gamma!.fallback}.corrupt') so that later syncs pass over it, and recover its rows with sqlite3's .recover`
      ])
      const again = yield* w.sync()
      expect(again.synced).toEqual([])
      expect(again.failed.map((f) => [f.skill, f.error.code])).toEqual([["beta", "E041"], ["gamma", "E042"]])
    }))

  it.live("DECISIONS #38: a foreign skill's fallback rows go to its log in the cache, which stats reads; a name nothing resolves is E001 and keeps its rows", () =>
    Effect.gen(function* () {
      const w = world("demo")
      const foreignSrc = join(w.work, ".claude", "skills", "pdf")
      mkdirSync(foreignSrc, { recursive: true })
      writeFileSync(join(foreignSrc, "SKILL.md"), "---\nname: pdf\ndescription: PDF things. Use when reading PDFs.\n---\n# PDF\n## Merge\nmerge them\n")
      const resolved = yield* w.run(resolveSkill("pdf"))
      expect(resolved.foreign).toBe(true)
      const fallback = join(w.work, ".skillc", "logs", "pdf", ".skillc-meta", "logs.db")
      makeLogDb(fallback, rowsAt(2), { skill: "pdf", skill_path: resolved.canonicalSourceDir, cwd: w.work })
      const r = yield* w.sync()
      const cacheLog = join(resolved.runtimeDir, ".skillc-meta", "logs.db")
      expect(r.synced).toEqual([{ skill: "pdf", entries: 2, destination: cacheLog, removed: true }])
      expect(readLog(cacheLog)).toHaveLength(2)
      // Never a runtime directory made in the project for it, which nothing reads.
      expect(existsSync(join(w.work, ".skillc", "runtime", "pdf"))).toBe(false)
      const read = (yield* w.run(stats({ skill: "pdf", group_by: "sections" }))).report as unknown as { data: Array<{ section: string }> }
      expect(read.data.map((d) => d.section).sort()).toEqual(["S0", "S1"])
      // Rows of a name that resolves nowhere and has no runtime directory: E001, the fallback kept.
      const ghost = join(w.work, ".skillc", "logs", "ghost", ".skillc-meta", "logs.db")
      makeLogDb(ghost, rowsAt(3), { skill: "ghost", skill_path: join(w.root, "gone", "ghost"), cwd: w.work })
      const g = yield* w.sync()
      expect(g.synced).toEqual([])
      expect(g.failed.map((f) => [f.skill, f.error.code])).toEqual([["ghost", "E001"]])
      expect(readLog(ghost)).toHaveLength(3)
      expect(existsSync(join(w.work, ".skillc", "runtime", "ghost"))).toBe(false)
    }))

  it.live("RFC-0007:C-SYNC project syncs another directory's logs; a global skill's go to the global runtime (DECISIONS #30)", () =>
    Effect.gen(function* () {
      const w = world("demo")
      yield* w.run(init({ name: "glob", global: true }))
      const globalSrc = join(w.home, ".skillc", "skills", "glob")
      makeLogDb(join(w.work, ".skillc", "logs", "glob", ".skillc-meta", "logs.db"), rowsAt(3), { skill: "glob", skill_path: globalSrc, cwd: w.work })
      makeLogDb(w.skills.demo!.fallback, rowsAt(1), { skill: "demo", skill_path: w.skills.demo!.src, cwd: w.work })
      const elsewhere = join(w.root, "elsewhere")
      mkdirSync(elsewhere)
      const g = yield* w.sync({ skill: "glob", project: w.work }, elsewhere)
      expect(g.project).toBe(w.work)
      expect(counts(g)).toEqual([["glob", 3]])
      expect(readLog(join(w.home, ".skillc", "runtime", "glob", ".skillc-meta", "logs.db"))).toHaveLength(3)
      expect(counts(yield* w.sync({ project: "../work" }, elsewhere))).toEqual([["demo", 1]])
      expect(readLog(w.skills.demo!.primary)).toHaveLength(1)
    }))
})
