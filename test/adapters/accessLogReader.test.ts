// `skc stats --reader <name>` on a real SQLite log: the filter is part of the
// WHERE clause of every view (RFC-0003:C-FILTERS: before aggregation), so a
// log's view under `readers: ["alice"]` is exactly the view of a log holding
// only alice's rows. Rows without `args.user`, with args that are not JSON, or
// with a `user` that is not that exact text never match, and never fail. The
// summary's kept groups hold no reader, so a reader's summary is the scan's.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { GROUP_BYS, type StatsFilters } from "../../src/domain/stats.js"
import type { AggregateRows, GroupBy } from "../../src/ports/AccessLog.js"
import { makeLogDb, type Row } from "../helpers/logs.js"

const dir = mkdtempSync(join(tmpdir(), "skc-reader-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const log = makeSqliteAccessLog(Database)
const none: StatsFilters = { since: null, until: null, projects: [], readers: [], include_author: false }
const VIEWS: ReadonlyArray<GroupBy> = [...GROUP_BYS, "timeline"]

/** A served call's args: `user` is its token's name (absent without tokens). */
const served = (args: Record<string, unknown>, user?: unknown) => ({ ...args, via: "mcp", ...(user === undefined ? {} : { user, client: "codex/1.0" }) })

/** Every kind of row the views tell apart, by alice, by bob, and by no token; `alice` marks alice's. */
const rows: ReadonlyArray<Row & { alice?: true }> = [
  { timestamp: "2026-03-01T09:00:00Z", command: "show", args: served({ section: "Install", file: "SKILL.md" }, "alice"), alice: true },
  { timestamp: "2026-03-01T10:00:00Z", command: "show", args: served({ section: "Usage", file: "SKILL.md" }, "alice"), alice: true, cwd: "/p/b" },
  { timestamp: "2026-03-02T09:00:00Z", command: "open", args: served({ path: "ref/api.md" }, "alice"), alice: true },
  { timestamp: "2026-03-02T10:00:00Z", command: "search", args: served({ query: "rate limit", result_count: 0 }, "alice"), alice: true },
  { timestamp: "2026-03-02T11:00:00Z", command: "show", args: served({ section: "Gone" }, "alice"), error: "error[E020]: section not found: 'Gone'", alice: true },
  { timestamp: "2026-03-02T12:00:00Z", command: "build", args: served({ role: "author" }, "alice"), alice: true },
  { timestamp: "2026-03-02T13:00:00Z", command: "activate", args: { trigger: "user-slash", session: "s1", user: "alice" }, alice: true },
  { timestamp: "2026-03-03T09:00:00Z", command: "show", args: served({ section: "Usage", file: "SKILL.md" }, "bob") },
  { timestamp: "2026-03-03T10:00:00Z", command: "search", args: served({ query: "deploy", result_count: 2 }, "bob") },
  { timestamp: "2026-03-03T11:00:00Z", command: "show", args: { section: "Install", file: "SKILL.md" } },
  { timestamp: "2026-03-03T12:00:00Z", command: "show", args: served({ section: "Install", file: "SKILL.md" }, "Alice") },
  { timestamp: "2026-03-03T13:00:00Z", command: "show", args: served({ section: "Install", file: "SKILL.md" }, 5) },
  { timestamp: "2026-03-03T14:00:00Z", command: "show", args: served({ section: "Install", file: "SKILL.md" }, { name: "alice" }) },
  { timestamp: "2026-03-03T15:00:00Z", command: "outline", args: "{not json, user: alice" },
  { timestamp: "2026-03-03T16:00:00Z", command: "stats", args: { group_by: "summary" } }
]

const defaults = { skill: "s", skill_path: "/s", cwd: "/p/a" }
const whole = join(dir, "whole", "logs.db")
const alicesOnly = join(dir, "alice", "logs.db")
makeLogDb(whole, rows.map(({ alice, ...r }) => r), defaults)
makeLogDb(alicesOnly, rows.filter((r) => r.alice).map(({ alice, ...r }) => r), defaults)

const view = (file: string, groupBy: GroupBy, filters: StatsFilters) => Effect.runPromise(log.aggregate(file, groupBy, filters))
/** Summary groups come in no particular order. */
const comparable = (a: AggregateRows) => (a.groupBy === "summary" ? { ...a, groups: [...a.groups].map((g) => JSON.stringify(g)).sort() } : a)

describe("stats --reader on SQLite: args.user, exact, before aggregation", () => {
  it("every view of alice's rows in the whole log is the view of a log holding only hers (kept summary first made, then bypassed)", async () => {
    // An unfiltered summary first: it makes the kept groups (issue 30), which know no reader.
    const everyone = await view(whole, "summary", none)
    expect(everyone.groupBy === "summary" && everyone.groups.reduce((n, g) => n + g.count, 0)).toBe(rows.length)
    for (const groupBy of VIEWS) {
      for (const f of [none, { ...none, include_author: true }, { ...none, since: "2026-03-02T00:00:00Z" }, { ...none, projects: ["/p/a"] }]) {
        const expected = await view(alicesOnly, groupBy, f)
        const got = await view(whole, groupBy, { ...f, readers: ["alice"] })
        expect(comparable(got), `${groupBy} ${JSON.stringify(f)}`).toEqual(comparable(expected))
      }
    }
    // The views held something (an empty log would agree trivially).
    const users = await view(whole, "users", { ...none, readers: ["alice"] })
    expect(users.groupBy === "users" && users.rows).toEqual([{ user: "alice", count: 5 }])
  })

  it("several readers are any of them; a number, another case, an object or args that are not JSON are nobody's", async () => {
    const users = await view(whole, "users", { ...none, readers: ["bob", "alice"], include_author: true })
    expect(users.groupBy === "users" && users.rows).toEqual([
      { user: "alice", count: 7 },
      { user: "bob", count: 2 }
    ])
    for (const nobody of ["5", "ALICE", '{"name":"alice"}', "", "carol"]) {
      const summary = await view(whole, "summary", { ...none, readers: [nobody], include_author: true })
      expect(summary.groupBy === "summary" && summary.groups, nobody).toEqual([])
    }
    const exact = await view(whole, "sections", { ...none, readers: ["Alice"] })
    // The port's sections rows carry the logged `args.line` (none here); the view merges them (src/domain/headingReads.ts).
    expect(exact.groupBy === "sections" && exact.rows).toEqual([{ section: "Install", file: "SKILL.md", line: null, count: 1 }])
  })
})
