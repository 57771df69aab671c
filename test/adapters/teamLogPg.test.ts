/**
 * The team store on a real PostgreSQL 15 (issue 18, RFC-0007:C-SYNC,
 * RFC-0003:C-QUERIES): three simulated machines push their local logs at
 * once, one push loses its connection mid-way and is resumed, and every
 * stats view of the team store equals the SQLite view of the union of the
 * three local logs. Skipped, with the reason, where PostgreSQL is missing.
 */
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type AddressInfo, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PgClient } from "@effect/sql-pg"
import * as SqlClient from "effect/sql/SqlClient"
import { Deferred, Effect, Result, Redacted, Schedule } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { layer as teamLayer } from "../../src/adapters/pg/TeamLogPg.js"
import type { AccessLogRow, GroupBy } from "../../src/ports/AccessLog.js"
import { TeamLogStore, type TeamFilters, type TeamLogRow } from "../../src/ports/TeamLogStore.js"
import { identityHash, toTeamRows } from "../../src/domain/teamRows.js"
import { findPostgres, startPostgres, type RunningPostgres } from "../helpers/postgres.js"

const sha = (s: string) => createHash("sha256").update(s).digest("hex")
const found = findPostgres()
const skipReason = typeof found === "string" ? found : undefined
if (skipReason !== undefined) console.warn(`[teamLogPg] ${skipReason}`)

/** A deterministic mix of every kind of row the views distinguish. */
const machineRows = (machine: number, n: number): Array<AccessLogRow> => {
  const rows: Array<AccessLogRow> = []
  let seed = machine * 7919 + 17
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const pick = <A>(xs: ReadonlyArray<A>): A => xs[Math.floor(next() * xs.length)]!
  for (let i = 0; i < n; i++) {
    // Time-ordered, as a real log is appended, and never equal across machines
    // (the search view's "newest run" is then the same row locally and on the server).
    const timestamp = new Date(Date.UTC(2026, 2, 1) + i * 1200_000 + machine * 1000).toISOString().replace(".000Z", "Z")
    const kind = pick(["show", "show", "open", "search", "search0", "outline", "build", "lint", "bad", "missing", "sources"])
    const base = { timestamp, run_id: `m${machine}-${i % 5}`, skill: pick(["alpha", "beta"]), skill_path: "/s", cwd: pick(["/p/a", "/p/a/x", "/p/ab", "/q"]), error: null as string | null }
    // Issue 49 item 2: a call over skc mcp --http carries its token's name and its client.
    // (derived from i, not drawn: the mix above stays the one the views were written against)
    const via = next() < 0.3 ? { via: "mcp", ...(i % 3 === 0 ? { user: ["alice", "bob"][i % 2]!, client: ["claude-code/2.1", "codex/1.0"][(i >> 1) % 2]! } : {}) } : {}
    // Issue 49 item 4: an imported skill activation beside every ninth row.
    if (i % 9 === 4) {
      const trigger = ["user-slash", "claude-proactive", "nested-skill"][i % 3]!
      rows.push({ ...base, command: "activate", args: JSON.stringify({ trigger, session: `s${i % 4}`, user: "alice@example.com", via: "otel" }) })
    }
    switch (kind) {
      case "show":
        // `show --line` logs the shown heading's line (DECISIONS #18): both stores group and order by it as a number
        // (9 before 15 before 120, not as text), and read a line that is not one ("x") as none. Derived from i, not drawn.
        rows.push({
          ...base,
          command: "show",
          args: JSON.stringify({ section: pick(["Intro", "Usage", "API"]), file: pick(["SKILL.md", "ref.md"]), ...via, ...[{}, { line: [9, 15, 120][(i >> 2) % 3]! }, { line: "x" }][i % 3]! })
        })
        break
      case "missing":
        rows.push({ ...base, command: "show", args: JSON.stringify({ section: "Nope" }), error: "error[E020]: section not found" })
        break
      case "open":
        rows.push({ ...base, command: "open", args: JSON.stringify({ path: pick(["a.md", "b.md"]), ...via }) })
        break
      case "search":
        rows.push({ ...base, command: "search", args: JSON.stringify({ query: pick(["install", "deploy"]), result_count: 1 + Math.floor(next() * 4), partial: next() < 0.5 }) })
        break
      case "search0":
        rows.push({ ...base, command: "search", args: JSON.stringify({ query: pick(["kubernetes", "rust"]), result_count: 0 }) })
        break
      case "bad":
        rows.push({ ...base, command: "show", args: "{not json", error: "error[E999]: boom" })
        break
      default:
        rows.push({ ...base, command: kind, args: JSON.stringify(via) })
    }
    // A search that failed (a stale index) beside every thirteenth row: it counts as a run of its query and
    // is never what the query found (derived from i, not drawn; 30 s later, still before the next row).
    if (i % 13 === 7) {
      const later = new Date(Date.parse(timestamp) + 30_000).toISOString().replace(".000Z", "Z")
      rows.push({ ...base, timestamp: later, command: "search", args: JSON.stringify({ query: ["install", "rust"][i % 2]!, result_count: 0 }), error: "error[E002]: index stale" })
    }
  }
  // A legitimately repeated row: both copies must arrive (DECISIONS #30's multiset rule).
  rows.push(rows[0]!, rows[0]!)
  return rows
}

const VIEWS: ReadonlyArray<GroupBy> = ["summary", "sections", "files", "commands", "projects", "errors", "search", "unanswered", "timeline", "users", "clients", "funnel"]
const everyone: TeamFilters = { since: null, until: null, projects: [], readers: [], include_author: false, machines: [], users: [] }

/** Summary groups carry no order of their own: sort them for comparison. */
const comparable = (a: unknown) => {
  const v = a as { groupBy: string; groups?: Array<unknown> }
  return v.groupBy === "summary" ? { ...v, groups: [...(v.groups ?? [])].map((g) => JSON.stringify(g)).sort() } : v
}

describe.skipIf(skipReason !== undefined)("team store on PostgreSQL (issue 18)", () => {
  let pg: RunningPostgres
  let dir: string
  beforeAll(async () => {
    pg = await startPostgres(found as Exclude<typeof found, string>)
    dir = mkdtempSync(join(tmpdir(), "skc-team-"))
  }, 120_000)
  afterAll(() => {
    pg?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it("concurrent pushes, a killed connection resumed, every view equal to the union of the local logs", async () => {
    const local = loadSqliteAccessLog()
    const machines = [1, 2, 3].map((m) => {
      const who = { machine: identityHash(sha, "machine", `host-${m}`), user: identityHash(sha, "user", `user-${m}`) }
      return { m, who, rows: toTeamRows(sha, who, machineRows(m, 1200)) }
    })
    // The union, as one local SQLite log: the expected answers.
    const unionDb = join(dir, "union.db")
    const unionRows = machines.flatMap(({ rows }) => rows.map(({ row_id, machine, user, ...r }) => r))
    unionRows.sort((x, y) => (x.timestamp < y.timestamp ? -1 : x.timestamp > y.timestamp ? 1 : 0))
    await Effect.runPromise(local.merge(unionDb, unionRows, { dryRun: false }))

    const push = (m: (typeof machines)[number], options?: Parameters<typeof TeamLogStore.Service.push>[1]) =>
      Effect.flatMap(TeamLogStore, (store) => store.push(m.rows, options)).pipe(
        Effect.provide(teamLayer(pg.url, { applicationName: `skc-test-m${m.m}` }))
      )
    const admin = PgClient.layer({ url: Redacted.make(pg.url) })
    // Kill machine 3's connection while its second batch is in flight: hold a
    // lock on the table so that the INSERT waits, terminate the waiting
    // backend, release. (Killing it between batches would go unnoticed: the
    // pool opens a new connection, which is fine but not what is tested.)
    const killMachine3MidBatch = Effect.gen(function* () {
      const locked = yield* Deferred.make<void>()
      yield* Effect.forkDetach(
        Effect.flatMap(SqlClient.SqlClient, (sql) =>
          sql.withTransaction(
            Effect.gen(function* () {
              yield* sql.unsafe("LOCK TABLE skc_access_log IN EXCLUSIVE MODE")
              yield* Deferred.succeed(locked, undefined)
              const waiting = sql.unsafe(
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'skc-test-m3' AND wait_event_type = 'Lock'"
              )
              yield* waiting.pipe(Effect.repeat({ until: (rows) => rows.length > 0, schedule: Schedule.spaced("10 millis") }))
              yield* sql.unsafe("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'skc-test-m3'")
            })
          )
        ).pipe(Effect.provide(admin), Effect.orDie)
      )
      yield* Deferred.await(locked)
    })

    // Machines 1 and 2 push in full while machine 3's connection is killed after its first committed batch.
    const [a, b, c] = await Effect.runPromise(
      Effect.all(
        [push(machines[0]!), push(machines[1]!), Effect.result(push(machines[2]!, { batchSize: 400, onBatch: (sent) => (sent === 400 ? killMachine3MidBatch : Effect.void) }))],
        { concurrency: "unbounded" }
      )
    )
    expect(a).toBe(machines[0]!.rows.length)
    expect(b).toBe(machines[1]!.rows.length)
    expect(Result.isFailure(c)).toBe(true)

    const count = Effect.flatMap(TeamLogStore, (s) => s.count).pipe(Effect.provide(teamLayer(pg.url)))
    const total = machines.reduce((n, m) => n + m.rows.length, 0)
    expect(await Effect.runPromise(count)).toBe(total - machines[2]!.rows.length + 400)

    // Resume: only what is missing is sent; a second full push of everyone adds nothing.
    expect(await Effect.runPromise(push(machines[2]!))).toBe(machines[2]!.rows.length - 400)
    const again = await Effect.runPromise(Effect.all(machines.map((m) => push(m)), { concurrency: "unbounded" }))
    expect(again).toEqual([0, 0, 0])
    expect(await Effect.runPromise(count)).toBe(total)

    const team = (groupBy: GroupBy, filters: TeamFilters) =>
      Effect.runPromise(Effect.flatMap(TeamLogStore, (s) => s.aggregate(groupBy, filters)).pipe(Effect.provide(teamLayer(pg.url))))
    for (const groupBy of VIEWS) {
      for (const filters of [
        everyone,
        { ...everyone, include_author: true },
        { ...everyone, projects: ["/p/a"], since: "2026-03-05T00:00:00Z" },
        // Bounds with a fraction of a second, inclusive to it (docs/stats.md "Time filters").
        { ...everyone, since: "2026-03-01T00:00:02.500Z", until: "2026-03-10T00:20:01.500Z" },
        // --reader: args.user exact, rows whose args are not JSON (args_json null) never matching.
        { ...everyone, readers: ["alice"] },
        { ...everyone, readers: ["bob", "alice@example.com"], include_author: true }
      ]) {
        const expected = await Effect.runPromise(local.aggregate(unionDb, groupBy, filters))
        expect(comparable(await team(groupBy, filters)), `${groupBy} ${JSON.stringify(filters)}`).toEqual(comparable(expected))
      }
    }

    // --reader: only the named token's rows, in the views that group by reader as in any other.
    const byReader = await team("users", { ...everyone, readers: ["alice"], include_author: true })
    expect(byReader.groupBy === "users" && byReader.rows.map((r) => r.user)).toEqual(["alice"])
    const readerSummary = await team("summary", { ...everyone, readers: ["alice"] })
    const allSummary = await team("summary", everyone)
    const counted = (a: typeof allSummary) => (a.groupBy === "summary" ? a.groups.reduce((n, g) => n + g.count, 0) : -1)
    expect(counted(readerSummary)).toBeGreaterThan(0)
    expect(counted(readerSummary)).toBeLessThan(counted(allSummary))

    // --machine / --user: one machine's team view equals its own local view.
    const oneDb = join(dir, "m2.db")
    await Effect.runPromise(local.merge(oneDb, machines[1]!.rows.map(({ row_id, machine, user, ...r }) => r), { dryRun: false }))
    for (const groupBy of VIEWS) {
      const expected = await Effect.runPromise(local.aggregate(oneDb, groupBy, everyone))
      const byMachine = await team(groupBy, { ...everyone, machines: [machines[1]!.who.machine] })
      const byUser = await team(groupBy, { ...everyone, users: [machines[1]!.who.user] })
      expect(comparable(byMachine), groupBy).toEqual(comparable(expected))
      expect(comparable(byUser), groupBy).toEqual(comparable(expected))
    }
  }, 120_000)

  it("a server that accepts and never answers is given up after one connection's timeout, not retried as a lost migration race", async () => {
    const connections: Array<Socket> = []
    const silent = createServer((socket) => void connections.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    const port = (silent.address() as AddressInfo).port
    try {
      const opened = await Effect.runPromise(Effect.result(Effect.flatMap(TeamLogStore, (s) => s.count).pipe(Effect.provide(teamLayer(`postgres://skc@127.0.0.1:${port}/team`)))))
      expect(Result.isFailure(opened)).toBe(true)
      // One connection: the migrations were retried whole before, a connection timeout each (50 s where docs/team.md says 10 s).
      expect(connections.length).toBe(1)
    } finally {
      for (const c of connections) c.destroy()
      silent.close()
    }
  }, 180_000)

  it("sslmode=prefer and allow ask TLS of a server without it, for the views as for a push: never plain text under a 'verified' warning", async () => {
    // The test's server has no TLS. Before, the views (@effect/sql-pg) fell back to plain text here while a push (pg) refused.
    for (const mode of ["prefer", "allow"]) {
      const url = `${pg.url}${pg.url.includes("?") ? "&" : "?"}sslmode=${mode}`
      const views = await Effect.runPromise(Effect.result(Effect.flatMap(TeamLogStore, (s) => s.count).pipe(Effect.provide(teamLayer(url)))))
      expect(Result.isFailure(views), mode).toBe(true)
      expect(JSON.stringify(views), mode).toMatch(/SSL|TLS|ssl/)
    }
  })

  it("COPY carries every character a log holds; rows arrive in push order; args_json as SQLite's json_valid", async () => {
    const who = { machine: identityHash(sha, "machine", "copy-host"), user: identityHash(sha, "user", "copy-user") }
    const base = { run_id: "r\tun", command: "show", skill: "copy", skill_path: "C:\\skills\\copy", error: null as string | null }
    const local: Array<AccessLogRow> = [
      { ...base, timestamp: "2026-04-01T00:00:00Z", cwd: "/a\tb/c\nd", args: JSON.stringify({ section: "Tab\there", file: "back\\slash.md" }) },
      { ...base, timestamp: "2026-04-01T00:00:01Z", cwd: "/p\r", args: "{not json\n", error: "error[E999]: line1\nline2\t\\N" },
      { ...base, timestamp: "2026-04-01T00:00:02Z", cwd: "\\N", args: JSON.stringify({ q: "nul \u0000 inside" }) },
      { ...base, timestamp: "2026-04-01T00:00:03Z", cwd: "/ü/漢字/😀", args: "", error: "" }
    ]
    const rows = toTeamRows(sha, who, local)
    const push = Effect.flatMap(TeamLogStore, (s) => s.push(rows, { batchSize: 3 })).pipe(Effect.provide(teamLayer(pg.url)))
    expect(await Effect.runPromise(push)).toBe(4)
    expect(await Effect.runPromise(push)).toBe(0)
    const stored = await Effect.runPromise(
      Effect.flatMap(SqlClient.SqlClient, (sql) =>
        sql.unsafe(
          `SELECT row_id, machine, user_hash, timestamp, run_id, command, skill, skill_path, cwd, args, args_json IS NOT NULL AS parsed, error
           FROM skc_access_log WHERE skill = 'copy' ORDER BY id`
        )
      ).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(pg.url) })))
    )
    expect(stored).toEqual(
      rows.map((r) => ({
        row_id: r.row_id,
        machine: r.machine,
        user_hash: r.user,
        timestamp: r.timestamp,
        run_id: r.run_id,
        command: r.command,
        skill: r.skill,
        skill_path: r.skill_path,
        cwd: r.cwd,
        args: r.args,
        // JSON args are parsed, `\u0000` included (with U+FFFD in args_json, issue 45 item 5).
        parsed: r.args.startsWith('{"'),
        error: r.error
      }))
    )
  }, 180_000)

  it("an access log dropped by hand is made again by the next push (skc_migrations still listing its migrations)", async () => {
    // A team probe (seventy-third pass): `DROP TABLE skc_access_log` left every later push and team view failing for
    // good ("relation does not exist … push first"): the migrator goes by skc_migrations, which still listed both.
    const who = { machine: identityHash(sha, "machine", "drop-host"), user: identityHash(sha, "user", "drop-user") }
    const row = (i: number): AccessLogRow => ({ timestamp: `2026-05-01T00:00:0${i}Z`, run_id: "r", command: "show", skill: "dropped", skill_path: "/s", cwd: "/p", args: JSON.stringify({ section: `S${i}` }), error: null })
    const push = (rows: ReadonlyArray<AccessLogRow>) =>
      Effect.runPromise(Effect.flatMap(TeamLogStore, (s) => s.push(toTeamRows(sha, who, rows), { batchSize: 10 })).pipe(Effect.provide(teamLayer(pg.url))))
    expect(await push([row(1)])).toBe(1)
    const sql = (text: string) =>
      Effect.runPromise(Effect.flatMap(SqlClient.SqlClient, (c) => c.unsafe(text)).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(pg.url) }))))
    await sql("DROP TABLE skc_access_log")
    expect(await push([row(1), row(2)])).toBe(2)
    const stored = (await sql("SELECT count(*)::int AS n, bool_and(escaped = false) AS plain FROM skc_access_log WHERE skill = 'dropped'")) as ReadonlyArray<{ n: number; plain: boolean }>
    // Both migrations made again: the table, and migration 2's column.
    expect(stored).toEqual([{ n: 2, plain: true }])
  }, 180_000)

  it("pushFrom: batches pulled one by one; a source that fails keeps the committed batches, its own error is the push's; a rerun sends the rest", async () => {
    const who = { machine: identityHash(sha, "machine", "source-host"), user: identityHash(sha, "user", "source-user") }
    const rows = toTeamRows(sha, who, machineRows(9, 950).map((r) => ({ ...r, skill: "paged" })))
    const batches = (failAfter?: number) => {
      let i = 0
      return Effect.suspend(() => {
        if (failAfter !== undefined && i >= failAfter) return Effect.fail("disk gone" as const)
        const batch = rows.slice(i, i + 300)
        i += batch.length
        return Effect.succeed(batch.length === 0 ? undefined : batch)
      })
    }
    const progress: Array<number> = []
    const run = <E>(next: Effect.Effect<ReadonlyArray<TeamLogRow> | undefined, E>) =>
      Effect.runPromise(
        Effect.result(
          Effect.flatMap(TeamLogStore, (s) => s.pushFrom(next, { onBatch: (sent) => Effect.sync(() => void progress.push(sent)) })).pipe(
            Effect.provide(teamLayer(pg.url))
          )
        )
      )
    const failed = await run(batches(600))
    expect(failed).toEqual(Result.fail("disk gone"))
    expect(progress).toEqual([300, 600])
    const paged = (filters: TeamFilters) =>
      Effect.runPromise(Effect.flatMap(TeamLogStore, (s) => s.aggregate("summary", filters)).pipe(Effect.provide(teamLayer(pg.url))))
    const countOf = async () => {
      const agg = await paged({ ...everyone, include_author: true, machines: [who.machine], skills: ["paged"] })
      return agg.groupBy === "summary" ? agg.groups.reduce((n, g) => n + g.count, 0) : -1
    }
    expect(await countOf()).toBe(600)
    progress.length = 0
    expect(await run(batches())).toEqual(Result.succeed(rows.length - 600))
    expect(progress).toEqual([300, 600, 900, rows.length])
    expect(await countOf()).toBe(rows.length)
  }, 180_000)
})
