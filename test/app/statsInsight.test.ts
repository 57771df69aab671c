// Issue 17 in process: the summary fold (agent/author split, unanswered
// questions), `stats --all` over the in-memory stores with the access log on
// real SQLite files, and match's recency reading agent reads only.
import { join } from "node:path"
import { Effect, Result, Layer } from "effect"
import { describe, expect, it } from "@effect/vitest"
import { foldSummary } from "../../src/app/usage/stats.js"
import { statsAll } from "../../src/app/usage/statsAll.js"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { sqliteUsageHistory } from "../../src/adapters/sqlite/SqliteUsageHistory.js"
import { AccessLog, type AccessLogService, type SummaryGroup } from "../../src/ports/AccessLog.js"
import { capList, cliCallerRole, effectiveLimit, roleOf } from "../../src/domain/stats.js"
import { tempDir } from "../helpers/cli.js"
import { makeLogDb } from "../helpers/logs.js"
import { memoryWorld } from "../../src/testing.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"

const sqlite = makeSqliteAccessLog(Database)

const g = (command: string, extra: Partial<SummaryGroup> = {}): SummaryGroup => ({
  command,
  section: null,
  file: null,
  failed: false,
  missing: false,
  unanswered: null,
  byAuthor: false,
  count: 1,
  start: "2026-01-01T00:00:00Z",
  end: "2026-01-01T00:00:00Z",
  ...extra
})

describe("issue 17: roles, caps", () => {
  it("agent reads are outline, show, open, sources, search; everything else is author work", () => {
    expect(["outline", "show", "open", "sources", "search"].map((c) => roleOf(c))).toEqual(Array(5).fill("agent"))
    expect(["build", "lint", "stats", "something-new"].map((c) => roleOf(c))).toEqual(Array(4).fill("author"))
  })
  it("DECISIONS #45: a read recorded as the author's is author work; SKC_ROLE, then a terminal on stdin or stdout, decide a CLI call", () => {
    expect(roleOf("show", true)).toBe("author")
    expect(roleOf("build", false)).toBe("author")
    expect(cliCallerRole(undefined, false, false)).toBe("agent")
    expect(cliCallerRole(undefined, true, false)).toBe("author")
    expect(cliCallerRole(undefined, false, true)).toBe("author")
    expect(cliCallerRole("agent", true, true)).toBe("agent")
    expect(cliCallerRole("author", false, false)).toBe("author")
    expect(cliCallerRole("robot", false, false)).toBe("agent")
  })
  it("--limit: 10 in text, all in JSON unless given; capList says how many more", () => {
    expect(effectiveLimit(undefined, "text")).toBe(10)
    expect(effectiveLimit(undefined, "json")).toBeUndefined()
    expect(effectiveLimit(3, "json")).toBe(3)
    expect(capList([1, 2, 3, 4], 3)).toEqual({ shown: [1, 2, 3], more: 1 })
    expect(capList([1, 2], undefined)).toEqual({ shown: [1, 2], more: 0 })
  })
})

describe("issue 17: foldSummary", () => {
  const groups = [
    g("show", { section: "Install", file: "SKILL.md", count: 4, end: "2026-01-03T00:00:00Z" }),
    g("show", { section: "Nope", failed: true, missing: true, count: 2 }),
    g("show", { section: "Stale", failed: true, missing: false, count: 1 }),
    g("open", { file: "gone.md", failed: true, missing: true, count: 1 }),
    g("search", { unanswered: "merge", count: 3 }),
    g("search", { count: 5 }),
    g("build", { count: 7, start: "2025-12-01T00:00:00Z", end: "2026-02-01T00:00:00Z" })
  ]

  it("counts agent reads; author work apart, in the totals and period only when included", () => {
    const f = foldSummary(groups, { include_author: false })
    expect(f.data).toEqual({
      total_accesses: 16,
      unique_sections: 1,
      unique_files: 1,
      error_count: 4,
      agent_accesses: 16,
      author_accesses: 7,
      unanswered: 3
    })
    expect(f.period).toEqual({ start: "2026-01-01T00:00:00Z", end: "2026-01-03T00:00:00Z" })
    expect(f.lastRead).toBe("2026-01-03T00:00:00Z")
    const all = foldSummary(groups, { include_author: true })
    expect(all.data.total_accesses).toBe(23)
    expect(all.period).toEqual({ start: "2025-12-01T00:00:00Z", end: "2026-02-01T00:00:00Z" })
    expect(all.lastRead).toBe("2026-01-03T00:00:00Z")
  })

  it("unanswered: empty searches and not-found lookups, most frequent first; a stale index is not a missing section", () => {
    expect(foldSummary(groups, { include_author: false }).unanswered).toEqual([
      { kind: "search", target: "merge", count: 3 },
      { kind: "show", target: "Nope", count: 2 },
      { kind: "open", target: "gone.md", count: 1 }
    ])
  })
})

describe("issue 17: stats --all in process", () => {
  const dir = tempDir("skc-all-")
  /** The access log on real SQLite files, each virtual path mapped into a temp directory. */
  const mapped: AccessLogService = {
    ...sqlite,
    aggregate: (dbFile, groupBy, filters) => sqlite.aggregate(join(dir, dbFile), groupBy, filters)
  }
  const SKILL = (name: string) => `---\nname: ${name}\ndescription: d\n---\n# ${name}\n## Usage\n`
  makeLogDb(
    join(dir, "/proj/.skillc/runtime/read/.skillc-meta/logs.db"),
    [
      { timestamp: "2026-01-02T00:00:00Z", command: "show", args: { section: "Usage", file: "SKILL.md" } },
      { timestamp: "2026-01-05T00:00:00Z", command: "lint", args: {} }
    ],
    { skill: "read", skill_path: "/proj/.skillc/skills/read", cwd: "/proj" }
  )
  const w = memoryWorld({
    files: {
      "/proj/.skillc/skills/read/SKILL.md": SKILL("read"),
      "/proj/.skillc/skills/idle/SKILL.md": SKILL("idle"),
      "/home/u/.skillc/skills/global-idle/SKILL.md": SKILL("global-idle"),
      "/home/u/.skillc/skills/read/SKILL.md": SKILL("read")
    }
  })
  const layer = Layer.merge(w.layer, Layer.succeed(AccessLog, mapped))

  it.effect("project and global skills, a shadowed global name once, never-read ones listed", () =>
    Effect.gen(function* () {
      const r = yield* statsAll({})
      expect(r.skills.map((s) => [s.skill, s.scope, s.reads, s.last_read])).toEqual([
        ["read", "project", 1, "2026-01-02T00:00:00Z"],
        ["global-idle", "global", 0, null],
        ["idle", "project", 0, null]
      ])
      expect(r.skills[0]!.top_section).toEqual({ section: "Usage", file: "SKILL.md", count: 1 })
      expect(r.never_read).toEqual(["global-idle", "idle"])
      const capped = yield* statsAll({ limit: 1 })
      expect(capped).toMatchObject({ limit: 1, more: 2, total_skills: 3 })
      expect(capped.never_read).toEqual(["global-idle", "idle"])
      const bad = yield* Effect.result(statsAll({ since: "yesterday" }))
      expect(Result.isFailure(bad) && bad.failure._tag).toBe("InvalidFilter")
    }).pipe(Effect.provide(layer))
  )
})

describe("issue 17: match's recency counts agent reads only", () => {
  const dir = tempDir("skc-recency-")
  const db = join(dir, "logs.db")
  makeLogDb(
    db,
    [
      { timestamp: "2026-01-02T00:00:00Z", command: "search", args: { query: "x", result_count: 1 } },
      { timestamp: "2026-03-01T00:00:00Z", command: "build", args: {} },
      { timestamp: "2026-03-02T00:00:00Z", command: "stats", args: {} }
    ],
    { skill: "s", skill_path: "/s", cwd: "/" }
  )
  it.effect("the author's later build and stats do not make the skill recent", () =>
    Effect.gen(function* () {
      expect(yield* sqliteUsageHistory.lastAccess(db, "s")).toBe(Date.parse("2026-01-02T00:00:00Z"))
    })
  )

  // A probe over 111 published skills: every skill a `search --all` listed showed "used 0 min ago (+10.0 %)"
  // in match though nobody opened it; the question was asked of every skill, not this one.
  it.effect("a cross-skill search's row (scope all) does not make the skill recent; its own search does", () =>
    Effect.gen(function* () {
      const across = join(dir, "across.db")
      makeLogDb(
        across,
        [
          { timestamp: "2026-01-02T00:00:00Z", command: "show", args: { section: "Usage" } },
          { timestamp: "2026-04-01T00:00:00Z", command: "search", args: { query: "widgets", result_count: 1, scope: "all", role: "agent" } }
        ],
        { skill: "s", skill_path: "/s", cwd: "/" }
      )
      expect(yield* sqliteUsageHistory.lastAccess(across, "s")).toBe(Date.parse("2026-01-02T00:00:00Z"))
      makeLogDb(across, [{ timestamp: "2026-05-01T00:00:00Z", command: "search", args: { query: "widgets", result_count: 1 } }], { skill: "s", skill_path: "/s", cwd: "/" })
      expect(yield* sqliteUsageHistory.lastAccess(across, "s")).toBe(Date.parse("2026-05-01T00:00:00Z"))
    })
  )
})

// Thirty-eighth pass (docs/stats.md, "Damaged timestamps"): a row another tool logged as `not-a-time` sorts
// after every date, so it was the skill's "last read"; the last read is the newest dated agent read.
describe("stats --all: the last read over damaged timestamps (RFC-0003:C-SCHEMA access timestamps)", () => {
  const dir = tempDir("skc-all-damaged-")
  const mapped: AccessLogService = { ...sqlite, aggregate: (dbFile, groupBy, filters) => sqlite.aggregate(join(dir, dbFile), groupBy, filters) }
  makeLogDb(
    join(dir, "/proj/.skillc/runtime/read/.skillc-meta/logs.db"),
    [
      { timestamp: "2026-01-02T00:00:00Z", command: "show", args: { section: "Usage", file: "SKILL.md" } },
      { timestamp: "not-a-time", command: "show", args: { section: "Usage", file: "SKILL.md" } },
      { timestamp: "", command: "show", args: { section: "Usage", file: "SKILL.md" } }
    ],
    { skill: "read", skill_path: "/proj/.skillc/skills/read", cwd: "/proj" }
  )
  const w = memoryWorld({ files: { "/proj/.skillc/skills/read/SKILL.md": "---\nname: read\ndescription: d\n---\n# read\n## Usage\n" } })

  it.effect("the newest dated read is the last read; every read is counted", () =>
    Effect.gen(function* () {
      const r = yield* statsAll({})
      expect(r.skills.map((s) => [s.skill, s.reads, s.last_read])).toEqual([["read", 3, "2026-01-02T00:00:00Z"]])
    }).pipe(Effect.provide(Layer.merge(w.layer, Layer.succeed(AccessLog, mapped))))
  )
})

describe("damaged timestamps: the in-memory log store answers as the SQLite one (docs/stats.md)", () => {
  const rows = ["", "2026-01-02T00:00:00Z", "not-a-time", "2026-01-03T00:00:00Z"].map((timestamp) => ({
    timestamp,
    run_id: "r",
    command: "show",
    skill: "s",
    skill_path: "/p/s",
    cwd: "/p",
    args: JSON.stringify({ section: "Usage", file: "SKILL.md" }),
    error: null
  }))
  const dir = tempDir("skc-damaged-parity-")
  const file = join(dir, "logs.db")
  const none = { since: null, until: null, projects: [], readers: [], include_author: false }

  it.effect("period, time filters and counts agree", () =>
    Effect.gen(function* () {
      const memory = makeMemoryAccessLog()
      for (const r of rows) {
        yield* memory.append("/logs.db", r)
        yield* sqlite.append(file, r)
      }
      for (const filters of [none, { ...none, since: "2026-01-01T00:00:00Z" }, { ...none, until: "2026-01-02T12:00:00Z" }]) {
        const m = yield* memory.aggregate("/logs.db", "sections", filters)
        const s = yield* sqlite.aggregate(file, "sections", filters)
        expect(m, JSON.stringify(filters)).toEqual(s)
        expect(m.period).toEqual({ start: "2026-01-02T00:00:00Z", end: filters.until === null ? "2026-01-03T00:00:00Z" : "2026-01-02T00:00:00Z" })
      }
      expect((yield* memory.aggregate("/logs.db", "sections", none)).groupBy === "sections" && (yield* memory.aggregate("/logs.db", "sections", none))).toMatchObject({
        rows: [{ section: "Usage", file: "SKILL.md", count: 4 }]
      })
      const timeline = yield* sqlite.aggregate(file, "timeline", none)
      expect(timeline).toEqual(yield* memory.aggregate("/logs.db", "timeline", none))
      expect(timeline).toMatchObject({ rows: [{ day: "2026-01-02", count: 1 }, { day: "2026-01-03", count: 1 }] })
    })
  )
})
