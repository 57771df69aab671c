// RFC-0007:C-LOGGING in process: `logged` around a use case on the live
// adapters (real SQLite log databases): one row per invocation, its
// columns, run ids, canonical paths, the EAFP fallback, W002 and W003.
// Moved here from test/e2e/logging.test.ts, which keeps the per-command
// arguments of the CLI (DECISIONS #17, #18) and the concurrency test.
import { existsSync, mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { formatRunId, logged, recordAccess, recordAccesses } from "../../src/app/usage/accessLog.js"
import { LogStoreError } from "../../src/ports/AccessLog.js"
import { makeMemoryAccessLog, memoryWorld } from "../../src/testing.js"
import { init } from "../../src/app/build/init.js"
import { outline } from "../../src/app/search/outline.js"
import { stats, type StatsInput } from "../../src/app/usage/stats.js"
import { statsReport } from "../../src/app/usage/statsReport.js"
import { makeLogDb, readLog } from "../helpers/logs.js"
import { diskWorld, failureText } from "../helpers/worlds.js"

const skillMd = (name: string) => `---\nname: ${name}\ndescription: A test skill. Use when testing.\n---\n# ${name}\n## Install\n## Usage\n`

/** A project with one skill `<name>` in its store, and `skc stats` as the CLI wires it (logged). */
const project = (name = "demo") => {
  const w = diskWorld("skc-log-")
  const src = join(w.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), skillMd(name))
  const primary = join(w.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db")
  const fallback = join(w.work, ".skillc", "logs", name, ".skillc-meta", "logs.db")
  const loggedStats = (input: StatsInput, options: { cwd?: string; env?: Record<string, string> } = {}) =>
    w.run(
      stats(input).pipe(
        logged("stats", input.skill, () => ({ group_by: input.group_by, since: input.since, until: input.until, project: input.project ?? [] }))
      ),
      options
    )
  return { ...w, src, primary, fallback, stats: loggedStats }
}

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

describe("RFC-0007:C-LOGGING access log", () => {
  it.live("RFC-0007:C-LOGGING creates .skillc-meta/logs.db in the runtime dir on demand and writes one row per invocation with every column", () =>
    Effect.gen(function* () {
      const p = project()
      expect(existsSync(p.primary)).toBe(false)
      yield* p.stats({ skill: "demo", group_by: "commands" })
      expect(p.takeWarnings()).toEqual([])
      const rows = readLog(p.primary)
      expect(rows).toHaveLength(1)
      const row = rows[0]!
      expect(Object.keys(row).sort()).toEqual(["args", "command", "cwd", "error", "id", "run_id", "skill", "skill_path", "timestamp"])
      expect(row.id).toBe(1)
      expect(row.timestamp).toMatch(TS)
      expect(Math.abs(Date.parse(row.timestamp as string) - Date.now())).toBeLessThan(10 * 60_000)
      expect(row).toMatchObject({ command: "stats", skill: "demo", skill_path: p.src, cwd: p.work, error: null })
      // DECISIONS #18: absent arguments are null, so every row of a command has the same keys.
      expect(JSON.parse(row.args as string)).toEqual({ group_by: "commands", since: null, until: null, project: [] })
      yield* p.stats({ skill: "demo" })
      expect(readLog(p.primary)).toHaveLength(2)
    }))

  it.live("RFC-0007:C-LOGGING the run id comes from SKC_RUN_ID, else YYYYMMDDTHHMMSSZ-<rand4>", () =>
    Effect.gen(function* () {
      const p = project()
      yield* p.stats({ skill: "demo" }, { env: { SKC_RUN_ID: "session-42" } })
      yield* p.stats({ skill: "demo" })
      // Blank groups nothing (a probe logged "  " as a run id): generated, as for an empty one.
      yield* p.stats({ skill: "demo" }, { env: { SKC_RUN_ID: "  " } })
      yield* p.stats({ skill: "demo" }, { env: { SKC_RUN_ID: "" } })
      const [a, b, blank, empty] = readLog(p.primary)
      expect(a!.run_id).toBe("session-42")
      expect(b!.run_id).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/)
      expect(blank!.run_id).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/)
      expect(empty!.run_id).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/)
      expect(formatRunId(Date.UTC(2026, 0, 30, 12, 34, 56), 0xbeef)).toBe("20260130T123456Z-beef")
      expect(formatRunId(0, 0x1_0007)).toBe("19700101T000000Z-0007")
    }))

  it.live("RFC-0007:C-LOGGING a failed command is logged with its rendered error; the failure passes through unchanged", () =>
    Effect.gen(function* () {
      const p = project()
      expect(yield* failureText(p.stats({ skill: "demo", group_by: "bogus" }))).toMatch(/^error\[E030\]:\ invalid\ query\ type:\ 'bogus'(\n  .*)*$/)
      const [row] = readLog(p.primary)
      expect(row!.error).toMatch(/^error\[E030\]:\ invalid\ query\ type:\ 'bogus'(\n  .*)*$/)
      expect(JSON.parse(row!.args as string).group_by).toBe("bogus")
    }))

  it.live("RFC-0007:C-LOGGING a skill that does not resolve (E001/E010) has no log to write to", () =>
    Effect.gen(function* () {
      const p = project()
      expect(yield* failureText(p.stats({ skill: "nope" }))).toMatch(/^error\[E001\]:\ skill\ 'nope'\ not\ found(\n  .*)*$/)
      mkdirSync(join(p.work, "hollow"))
      expect(yield* failureText(p.stats({ skill: "./hollow" }))).toMatch(/^error\[E010\]/)
      expect(existsSync(join(p.work, ".skillc", "runtime"))).toBe(false)
      expect(existsSync(join(p.work, ".skillc", "logs"))).toBe(false)
    }))

  it.live("RFC-0007:C-LOGGING skill_path and cwd are canonical (symlinks and .. resolved)", () =>
    Effect.gen(function* () {
      const p = project()
      const linkedCwd = join(p.root, "linked-work")
      symlinkSync(p.work, linkedCwd)
      mkdirSync(join(p.work, "sub"))
      symlinkSync(p.src, join(p.work, "sub", "skill-link"))
      yield* p.stats({ skill: "../sub/skill-link" }, { cwd: join(linkedCwd, "sub") })
      const [row] = readLog(p.primary)
      expect(row!.skill_path).toBe(p.src)
      expect(row!.cwd).toBe(join(p.work, "sub"))
    }))

  it.live("RFC-0007:C-LOGGING a global skill logs into the global runtime", () =>
    Effect.gen(function* () {
      const p = project()
      yield* p.run(init({ name: "glob", global: true }))
      yield* p.stats({ skill: "glob" })
      expect(readLog(join(p.home, ".skillc", "runtime", "glob", ".skillc-meta", "logs.db")).map((r) => r.skill)).toEqual(["glob"])
    }))
})

describe("RFC-0007:C-LOGGING fallback (EAFP), W002, W003", () => {
  it.live("RFC-0007:C-LOGGING falls back to <cwd>/.skillc/logs/<skill>/.skillc-meta/logs.db when the primary cannot be written; result unchanged", () =>
    Effect.gen(function* () {
      const normal = project()
      const expected = (yield* normal.stats({ skill: "demo" })).report
      const p = project()
      // Root ignores permission bits: a regular file where the runtime store must be makes mkdir fail (ENOTDIR).
      writeFileSync(join(p.work, ".skillc", "runtime"), "not a directory")
      const r = yield* p.stats({ skill: "demo" })
      expect(p.takeWarnings()).toEqual([])
      expect({ ...r.report, skill_path: "" }).toEqual({ ...expected, skill_path: "" })
      const rows = readLog(p.fallback)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ command: "stats", skill_path: p.src })
    }))

  it.live("RFC-0007:C-LOGGING falls back when .skillc-meta cannot be created (a file in its place)", () =>
    Effect.gen(function* () {
      const p = project()
      mkdirSync(join(p.work, ".skillc", "runtime", "demo"), { recursive: true })
      writeFileSync(join(p.work, ".skillc", "runtime", "demo", ".skillc-meta"), "")
      yield* p.stats({ skill: "demo" })
      expect(readLog(p.fallback)).toHaveLength(1)
    }))

  it.live("RFC-0005:C-CODES W002 when both locations fail; the use case still succeeds with the same result, or fails with its own error", () =>
    Effect.gen(function* () {
      const p = project()
      const before = yield* p.stats({ skill: "demo", group_by: "files" })
      const q = project()
      writeFileSync(join(q.work, ".skillc", "runtime"), "")
      writeFileSync(join(q.work, ".skillc", "logs"), "")
      const r = yield* q.stats({ skill: "demo", group_by: "files" })
      expect(q.takeWarnings()).toEqual([`warning[W002]: logging disabled; run 'skc sync' after session to merge logs\n  the stats of 'demo' was not recorded: neither its log nor the fallback log in ${join(q.work, ".skillc", "logs", "demo")} could be written`])
      expect(r.report.data).toEqual(before.report.data)
      expect(yield* failureText(q.stats({ skill: "demo", since: "nope" }))).toContain("error[E031]: invalid filter:")
      expect(q.takeWarnings()).toEqual([`warning[W002]: logging disabled; run 'skc sync' after session to merge logs\n  the stats of 'demo' was not recorded: neither its log nor the fallback log in ${join(q.work, ".skillc", "logs", "demo")} could be written`])
    }))

  it.live("RFC-0007:C-LOGGING a corrupt primary database is not fatal: moved aside with a warning, the row goes to a fresh primary (issue 19)", () =>
    Effect.gen(function* () {
      const p = project()
      mkdirSync(join(p.work, ".skillc", "runtime", "demo", ".skillc-meta"), { recursive: true })
      writeFileSync(p.primary, "this is not a database ".repeat(200))
      yield* p.stats({ skill: "demo", group_by: "commands" })
      expect(p.takeWarnings().join("\n")).toMatch(/^warning: access log '.*' was corrupt \(SQLITE_NOTADB\); moved aside/)
      expect(readLog(p.primary)).toHaveLength(1)
      expect(readdirSync(dirname(p.primary)).some((n) => n.startsWith("logs.db.corrupt-"))).toBe(true)
    }))

  it.live("RFC-0007:C-LOGGING a log another process repaired meanwhile is not moved aside again: the operation runs on it", () =>
    Effect.gen(function* () {
      const { withLogRepair } = yield* Effect.promise(() => import("../../src/app/usage/logRepair.js"))
      const { renameSync } = yield* Effect.promise(() => import("node:fs"))
      const p = project()
      mkdirSync(dirname(p.primary), { recursive: true })
      writeFileSync(p.primary, "this is not a database ".repeat(200))
      let calls = 0
      // This process meets the corrupt file; another one moves it aside and starts a fresh log before this one repairs.
      const op = Effect.suspend(() => {
        calls++
        if (calls > 1) return Effect.succeed("written")
        renameSync(p.primary, `${p.primary}.corrupt-by-another`)
        makeLogDb(p.primary, [{ timestamp: "2026-01-01T00:00:00Z", command: "show" }], { skill: "demo", skill_path: p.src, cwd: p.work })
        return Effect.fail(new LogStoreError({ op: "write", path: p.primary, code: "SQLITE_NOTADB", message: "file is not a database" }))
      })
      expect(yield* p.run(withLogRepair(p.primary, op))).toBe("written")
      expect(calls).toBe(2)
      // The fresh log, with the other process's row, is where it was; nothing else was moved aside.
      expect(readLog(p.primary)).toHaveLength(1)
      expect(readdirSync(dirname(p.primary)).filter((n) => n.startsWith("logs.db.corrupt"))).toEqual(["logs.db.corrupt-by-another"])
      expect(p.takeWarnings()).toEqual([])
    }))

  it.live("RFC-0005:C-CODES W003 once per invocation when this skill's fallback log is older than one hour", () =>
    Effect.gen(function* () {
      const p = project()
      makeLogDb(p.fallback, [{ timestamp: "2026-01-01T00:00:00Z", command: "show" }], { skill: "demo", skill_path: p.src, cwd: p.work })
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
      utimesSync(p.fallback, twoHoursAgo, twoHoursAgo)
      yield* p.stats({ skill: "demo" })
      // stats also says what the local log holds (RFC-0007:C-SYNC; src/app/usage/unsyncedLogs.ts).
      expect(p.takeWarnings()).toEqual([
        "warning: 1 access-log row in .skillc/logs/demo is not in these figures until 'skc sync' moves it into the skill's log",
        "warning[W003]: stale local logs for 'demo'; run 'skc sync' to upload"
      ])
      // Logging still went to the (writable) primary.
      expect(readLog(p.primary)).toHaveLength(1)
    }))

  it.live("RFC-0007:C-LOGGING no W003 for fresh fallback logs, nor for another skill's", () =>
    Effect.gen(function* () {
      const p = project()
      makeLogDb(p.fallback, [{ timestamp: "2026-01-01T00:00:00Z", command: "show" }], { skill: "demo", skill_path: p.src, cwd: p.work })
      const halfHourAgo = new Date(Date.now() - 30 * 60_000)
      utimesSync(p.fallback, halfHourAgo, halfHourAgo)
      yield* p.stats({ skill: "demo" })
      const waiting = "warning: 1 access-log row in .skillc/logs/demo is not in these figures until 'skc sync' moves it into the skill's log"
      expect(p.takeWarnings()).toEqual([waiting])
      const other = join(p.work, ".skillc", "logs", "other", ".skillc-meta", "logs.db")
      makeLogDb(other, [], { skill: "other", skill_path: "/x", cwd: p.work })
      const old = new Date(Date.now() - 5 * 3600_000)
      utimesSync(other, old, old)
      yield* p.stats({ skill: "demo" })
      expect(p.takeWarnings()).toEqual([waiting])
    }))
})

describe("RFC-0007:C-LOGGING the HTML report says what its figures leave out, as the text and JSON views do (a stats probe)", () => {
  it.live("rows waiting in the cwd's fallback log are named on stderr by `stats --format html`'s report", () =>
    Effect.gen(function* () {
      const p = project()
      makeLogDb(p.fallback, [{ timestamp: "2026-01-01T00:00:00Z", command: "show" }], { skill: "demo", skill_path: p.src, cwd: p.work })
      yield* p.run(statsReport({ skill: "demo" }))
      expect(p.takeWarnings()).toEqual(["warning: 1 access-log row in .skillc/logs/demo is not in these figures until 'skc sync' moves it into the skill's log"])
    }))
})

describe("issue 28: a log write that fails unexpectedly is said, never swallowed", () => {
  it("RFC-0007:C-LOGGING the command still succeeds; -v says what could not be recorded and why", async () => {
    const log = makeMemoryAccessLog()
    const world = memoryWorld({ accessLog: { ...log, append: () => Effect.die(new Error("disk on fire")) } })
    const skill = { name: "demo", canonicalSourceDir: "/proj/.skillc/skills/demo", runtimeDir: "/proj/.skillc/runtime/demo" }
    const outcome = await world.run(recordAccess({ command: "search", skill, args: { query: "x", result_count: 0 }, error: null }))
    expect(outcome._tag).toBe("Success")
    expect(world.diagnostics.traces).toContain("could not record the search of 'demo': error[E999]: disk on fire")
    // The same write with a working log leaves a row and no such trace.
    const working = memoryWorld({ accessLog: log })
    await working.run(recordAccess({ command: "search", skill, args: { query: "x", result_count: 0 }, error: null }))
    expect(working.diagnostics.traces.filter((t) => t.startsWith("could not record"))).toEqual([])
  })
})

/** A row's outcome as `appendEach` reports it: its failure, or undefined when written. */
const written = (append: Effect.Effect<void, LogStoreError>) => Effect.match(append, { onFailure: (e) => e, onSuccess: () => undefined })

describe("issue 25: the rows of one search --all in one call of the log adapter", () => {
  const skills = ["alpha", "beta", "gamma"].map((name) => ({
    name,
    canonicalSourceDir: `/proj/.skillc/skills/${name}`,
    runtimeDir: `/proj/.skillc/runtime/${name}`
  }))
  const entries = skills.map((skill) => ({ command: "search", skill, args: { query: "x", result_count: 1, scope: "all" }, error: null }))

  it("RFC-0004:C-LOGGING one row in each log; a row the batch could not write goes the one-row way, never twice", async () => {
    const log = makeMemoryAccessLog()
    const batches: Array<number> = []
    const world = memoryWorld({
      accessLog: {
        ...log,
        // The batch refuses beta's row (a busy log, say): it is written by `append` afterwards.
        appendEach: (rows) => {
          batches.push(rows.length)
          return Effect.forEach(rows, ({ dbFile, row }) =>
            dbFile.includes("/beta/")
              ? Effect.succeed(new LogStoreError({ op: "write", path: dbFile, code: "SQLITE_BUSY", message: "database is locked" }))
              : written(log.append(dbFile, row))
          )
        }
      }
    })
    expect((await world.run(recordAccesses(entries)))._tag).toBe("Success")
    expect(batches).toEqual([3])
    for (const s of skills) {
      const rows = log.databases.get(`${s.runtimeDir}/.skillc-meta/logs.db`) ?? []
      expect(rows.map((r) => r.skill)).toEqual([s.name])
    }
    expect(world.diagnostics.traces).toContain("logged search to /proj/.skillc/runtime/beta/.skillc-meta/logs.db")
  })

  it("RFC-0007:C-LOGGING a row neither its log nor the batch takes lands in the cwd's fallback log", async () => {
    const log = makeMemoryAccessLog()
    const refuse = (dbFile: string) => new LogStoreError({ op: "write", path: dbFile, code: "EACCES", message: "permission denied" })
    const world = memoryWorld({
      accessLog: {
        ...log,
        append: (dbFile, row) => (dbFile.includes("/runtime/gamma/") ? Effect.fail(refuse(dbFile)) : log.append(dbFile, row)),
        appendEach: (rows) =>
          Effect.forEach(rows, ({ dbFile, row }) => (dbFile.includes("/runtime/gamma/") ? Effect.succeed(refuse(dbFile)) : written(log.append(dbFile, row))))
      }
    })
    expect((await world.run(recordAccesses(entries)))._tag).toBe("Success")
    expect(log.databases.get("/proj/.skillc/runtime/gamma/.skillc-meta/logs.db")).toBeUndefined()
    expect((log.databases.get("/proj/.skillc/logs/gamma/.skillc-meta/logs.db") ?? []).map((r) => r.skill)).toEqual(["gamma"])
    expect((log.databases.get("/proj/.skillc/runtime/alpha/.skillc-meta/logs.db") ?? []).map((r) => r.skill)).toEqual(["alpha"])
  })
})

describe("issue 28: a recorded call resolves its skill once", () => {
  it("RFC-0007:C-LOGGING the row's skill is the use case's own resolution, not a second look at the disk", async () => {
    const files = { "/proj/.skillc/skills/demo/SKILL.md": "---\nname: demo\ndescription: A demo. Use when testing.\n---\n# Demo\n\n## Setup\n" }
    const looks = (world: ReturnType<typeof memoryWorld>) => {
      let n = 0
      const realPath = world.fs.realPath
      Object.assign(world.fs, {
        realPath: (p: string) => {
          if (p.endsWith("/skills/demo")) n++
          return realPath(p)
        }
      })
      return () => n
    }
    const bare = memoryWorld({ files })
    const bareLooks = looks(bare)
    expect((await bare.run(outline({ skill: "demo" })))._tag).toBe("Success")
    const log = makeMemoryAccessLog()
    const recorded = memoryWorld({ files, accessLog: log })
    const recordedLooks = looks(recorded)
    const outcome = await recorded.run(outline({ skill: "demo" }).pipe(logged("outline", "demo", () => ({}))))
    expect(outcome._tag).toBe("Success")
    expect(bareLooks()).toBeGreaterThan(0)
    expect(recordedLooks()).toBe(bareLooks())
    const rows = [...log.databases.values()].flat()
    expect(rows.map((r) => [r.command, r.skill, r.skill_path])).toEqual([["outline", "demo", "/proj/.skillc/skills/demo"]])
  })
})
