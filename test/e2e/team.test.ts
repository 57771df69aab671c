// Issue 18 end to end (RFC-0007:C-SYNC, RFC-0003:C-SCHEMA): three machines'
// `skc sync --to` into a throwaway PostgreSQL 15, then `skc stats --from`
// equals `skc stats` over the union of their logs, plus `source`.
// Skipped with its reason where the PostgreSQL binaries are missing.
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import Pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync, tempDir } from "../helpers/cli.js"
import { identityHash } from "../../src/domain/teamRows.js"
import { nodeHasher } from "../../src/adapters/node/NodeHasher.js"
import { makeLogDb, type Row } from "../helpers/logs.js"
import { findPostgres, startPostgres, type RunningPostgres } from "../helpers/postgres.js"

import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"

const found = findPostgres()
const skipReason = typeof found === "string" ? found : undefined
if (skipReason !== undefined) console.warn(`[e2e team] ${skipReason}`)

const NAME = "shared"
const MD = "---\nname: shared\ndescription: d\n---\n# Title\n## Install\n## Usage\n"

/** A sandbox (one machine) whose project skill `name` (default `shared`) has `rows` as its log. */
const machine = (rows: ReadonlyArray<Row>, name = NAME) => {
  const sb = sandbox()
  const src = join(sb.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), MD.replace(`name: ${NAME}`, `name: ${name}`))
  makeLogDb(join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db"), rows, { skill: name, skill_path: src, cwd: "/proj" })
  return sb
}

/** The HTML report without what differs between two machines: the footer's time and the skill's path. */
const comparableHtml = (html: string, skillPath: string) =>
  html.replace(/<footer>[\s\S]*<\/footer>/, "<footer/>").replaceAll(skillPath, "<skill_path>")

const rowsOf = (m: number): Array<Row> =>
  Array.from({ length: 40 }, (_, i) => {
    const timestamp = new Date(Date.UTC(2026, 0, 1) + i * 3600_000 + m * 1000).toISOString().replace(".000Z", "Z")
    if (i % 5 === 0) return { timestamp, command: "search", args: { query: m === 1 ? "helm" : "kafka", result_count: 0 } }
    if (i % 7 === 0) return { timestamp, command: "show", args: { section: "Nope" }, error: "error[E020]: no such section" }
    if (i % 3 === 0) return { timestamp, command: "build" }
    return { timestamp, command: "show", args: { section: i % 2 === 0 ? "Install" : "Usage", file: "SKILL.md", via: m === 2 ? "mcp" : undefined } }
  })

describe.skipIf(skipReason !== undefined)("skc sync --to / skc stats --from (issue 18)", () => {
  let pg: RunningPostgres
  beforeAll(async () => {
    pg = await startPostgres(found as Exclude<typeof found, string>)
  }, 120_000)
  afterAll(() => pg?.stop())

  it("three machines push; stats --from equals stats over the union of their logs, every view", async () => {
    const machines = [1, 2, 3].map((m) => machine(rowsOf(m)))
    const union = machine([1, 2, 3].flatMap(rowsOf).sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1)))
    const pushes = await Promise.all(machines.map((sb) => sb.runAsync(["sync", "--to", pg.url, "--format", "json"])))
    for (const r of pushes) {
      expect(r.stderr).toBe("")
      expect(r.code).toBe(0)
      const j = JSON.parse(r.stdout)
      expect(j.to).toBe(pg.url.replace("postgres@", ""))
      // Each machine pushes its 40 rows (the same rows on three machines: same machine
      // hash in this test, but different skill paths, so never one id).
      expect(j.rows).toBe(40)
      expect(j.added).toBe(40)
    }
    // Pushing again adds nothing; the summary line says so; local logs are kept.
    const again = await machines[0]!.runAsync(["sync", "--to", pg.url])
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/^Pushed 0 new rows of 1 skill to postgres:\/\/127\.0\.0\.1:\d+\/postgres \(4\d already there; machine [0-9a-f]{16}, user [0-9a-f]{16}\)\n$/)
    expect(again.stdout).not.toContain("postgres@")

    // `--until`: the union sandbox logs its own `stats` calls; the pushed rows are all of January.
    for (const view of ["summary", "sections", "files", "commands", "projects", "errors", "search", "unanswered"]) {
      const team = await machines[1]!.runAsync(["stats", NAME, "--from", pg.url, "--group-by", view, "--until", "2026-06-01", "--format", "json"])
      const local = await union.runAsync(["stats", NAME, "--group-by", view, "--until", "2026-06-01", "--format", "json"])
      expect(team.stderr, view).toBe("")
      expect(team.code, view).toBe(0)
      const t = JSON.parse(team.stdout)
      const l = JSON.parse(local.stdout)
      expect(t.source).toBe(pg.url.replace("postgres@", ""))
      const { skill_path: _a, source: _b, ...teamRest } = t
      const { skill_path: _c, ...localRest } = l
      expect(teamRest, view).toEqual(localRest)
    }
  }, 120_000)

  it("--machine/--user need --from; a server that is not there is one error line, no stack, no password", async () => {
    const sb = machine(rowsOf(1))
    const bad = await sb.runAsync(["stats", NAME, "--machine", "x"])
    expect(bad.code).not.toBe(0)
    expect(bad.stderr).toContain("--from")
    const down = await sb.runAsync(["sync", "--to", "postgres://me:s3cret@127.0.0.1:1/none"])
    expect(down.code).not.toBe(0)
    // First the warning that a password on the command line is readable by others, then the one error line.
    expect(down.stderr).toMatch(/^warning: the --to URL holds a password, which other users of this machine can read/)
    expect(down.stderr).toMatch(/^error\[E999\]/m)
    expect(down.stderr).not.toContain("s3cret")
    expect(down.stderr).not.toMatch(/\n\s+at /)
  }, 180_000)

  it("[team] database in the config: sync --team and stats --team; stats --all and --format html from the team equal the local views of the union", async () => {
    const name = "teamcfg"
    const machines = [1, 2].map((m) => machine(rowsOf(m), name))
    const union = machine([1, 2].flatMap(rowsOf).sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1)), name)
    // Cross-skill questions nothing answered, in each machine's global log (DECISIONS #44): `stats --all
    // --team` reports the team's, as the local --all over the union does. Before, they were never pushed,
    // and each machine's team view showed its own as the team's.
    const asked = (m: number): Array<Row> =>
      (m === 1 ? ["quantum entanglement", "quantum entanglement"] : ["quantum entanglement", "xyzzy plover"]).map((query, i) => ({
        timestamp: `2026-02-0${m}T0${i}:00:00Z`,
        command: "search",
        args: { query, result_count: 0, scope: "all", role: "agent" }
      }))
    const globalLog = (sb: ReturnType<typeof sandbox>, rows: ReadonlyArray<Row>) =>
      makeLogDb(join(sb.home, ".skillc", ".skillc-meta", "logs.db"), rows, { skill: "*", skill_path: join(sb.home, ".skillc"), cwd: "/proj" })
    machines.forEach((sb, i) => globalLog(sb, asked(i + 1)))
    globalLog(union, [...asked(1), ...asked(2)].sort((a, b) => (a.timestamp < b.timestamp ? -1 : 1)))
    const config = `[team]\ndatabase = "${pg.url}"\n`
    // Machine 1 names the database in its project file, machine 2 in its global file.
    writeFileSync(join(machines[0]!.work, ".skillc", "config.toml"), config)
    mkdirSync(join(machines[1]!.home, ".skillc"), { recursive: true })
    writeFileSync(join(machines[1]!.home, ".skillc", "config.toml"), config)
    for (const sb of machines) {
      const r = await sb.runAsync(["sync", "--team", "--format", "json"])
      expect(r.stderr).toBe("")
      expect(r.code).toBe(0)
      expect(JSON.parse(r.stdout)).toMatchObject({ to: pg.url.replace("postgres@", ""), rows: 42, added: 42 })
    }
    const again = await machines[0]!.runAsync(["sync", "--team"])
    expect(again.stdout).toMatch(/^Pushed 0 new rows of 1 skill and the cross-skill questions nothing answered to postgres:\/\/127\.0\.0\.1:\d+\/postgres /)

    // --team answers as --from <the same URL> does.
    const until = ["--until", "2026-06-01"]
    const viaTeam = await machines[1]!.runAsync(["stats", name, "--team", ...until, "--format", "json"])
    const viaFrom = await machines[1]!.runAsync(["stats", name, "--from", pg.url, ...until, "--format", "json"])
    expect(viaTeam.stderr).toBe("")
    expect(JSON.parse(viaTeam.stdout)).toEqual(JSON.parse(viaFrom.stdout))

    // --all: every skill that resolves here, counted over the team's rows, as the local --all over the union.
    const withoutPaths = (j: { skills: Array<Record<string, unknown>> }) => ({ ...j, skills: j.skills.map(({ skill_path: _p, ...rest }) => rest) })
    for (const args of [["--from", pg.url], ["--team"]]) {
      const team = await machines[0]!.runAsync(["stats", "--all", ...args, ...until, "--format", "json"])
      const local = await union.runAsync(["stats", "--all", ...until, "--format", "json"])
      expect(team.stderr).toBe("")
      expect(team.code).toBe(0)
      const { source, ...teamRest } = JSON.parse(team.stdout)
      expect(source).toBe(pg.url.replace("postgres@", ""))
      expect(withoutPaths(teamRest)).toEqual(withoutPaths(JSON.parse(local.stdout)))
      expect(teamRest.skills[0].skill).toBe(name)
      expect(teamRest.skills[0].reads).toBeGreaterThan(0)
      expect(teamRest.unanswered_all.map((q: { query: string; count: number }) => [q.query, q.count])).toEqual([
        ["quantum entanglement", 3],
        ["xyzzy plover", 1]
      ])
    }
    // A machine that never asked one sees the team's questions, not its own (none).
    const third = machine([], name)
    writeFileSync(join(third.work, ".skillc", "config.toml"), config)
    const thirdAll = JSON.parse((await third.runAsync(["stats", "--all", "--team", ...until, "--format", "json"])).stdout)
    expect(thirdAll.unanswered_all.map((q: { query: string }) => q.query)).toEqual(["quantum entanglement", "xyzzy plover"])
    const allText = await machines[0]!.runAsync(["stats", "--all", "--team"])
    expect(allText.stdout).toContain(`From the team database ${pg.url.replace("postgres@", "")}.`)

    // --format html: the skill's report from the team equals the union's, but for the footer naming the source.
    const srcOf = (sb: (typeof machines)[number]) => join(sb.work, ".skillc", "skills", name)
    const html = await machines[0]!.runAsync(["stats", name, "--from", pg.url, ...until, "--format", "html"])
    const localHtml = await union.runAsync(["stats", name, ...until, "--format", "html"])
    expect(html.stderr).toBe("")
    expect(html.code).toBe(0)
    expect(html.stdout).toContain(`from the team database <code data-source>${pg.url.replace("postgres@", "")}</code>`)
    expect(html.stdout).not.toContain("postgres@")
    expect(comparableHtml(html.stdout, srcOf(machines[0]!))).toEqual(comparableHtml(localHtml.stdout, srcOf(union)))
    const allHtml = await machines[0]!.runAsync(["stats", "--all", "--team", ...until, "--format", "html"])
    expect(allHtml.code).toBe(0)
    expect(allHtml.stdout).toContain("data-source")
    expect(allHtml.stdout).toContain(`data-skill="${name}"`)
  }, 120_000)

  // A team server writes its logs as its own user; an operator's `sudo skc sync --team` over them stored
  // every row a second time under the operator's identity (a probe: 828 rows twice, every count doubled).
  it.skipIf(process.getuid?.() !== 0)(
    "a log another user wrote is pushed as that user: the writer's own push then adds nothing (root only: it chowns the log to nobody)",
    async () => {
      const name = "written"
      const sb = machine(rowsOf(7), name)
      const log = join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db")
      chownSync(log, 65534, 65534)
      const root = await sb.runAsync(["sync", "--to", pg.url, "--format", "json"])
      expect(root.stderr).toBe("")
      const pushed = JSON.parse(root.stdout)
      expect(pushed.skills).toEqual([{ skill: name, rows: 40, added: 40, user: identityHash(nodeHasher.sha256Hex, "user", "nobody"), writer: "nobody" }])
      const text = await sb.runAsync(["sync", "--to", pg.url])
      expect(text.stdout).toContain("logs nobody wrote pushed as that user")
      // nobody pushes the same log itself: every row is already there, under the same ids.
      for (const dir of [sb.root, sb.work, sb.home]) chmodSync(dir, 0o755)
      const parent = tempDir()
      chmodSync(parent, 0o755)
      const own = join(parent, "nobody-home")
      mkdirSync(own, { recursive: true })
      chownSync(own, 65534, 65534)
      const asNobody = await spawnAsync("runuser", ["-u", "nobody", "--", process.execPath, BIN, "sync", "--to", pg.url, "--format", "json"], {
        cwd: sb.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: own, SKILLC_HOME: own, NO_COLOR: "1" },
        timeoutMs: 60_000
      })
      expect(asNobody.stderr).toBe("")
      expect(JSON.parse(asNobody.stdout)).toMatchObject({ rows: 40, added: 0, skills: [{ skill: name, rows: 40, added: 0 }] })
    },
    60_000
  )

  it("--dry-run never reaches the database; --project pushes that project's logs with its [team] database", async () => {
    const name = "dryrun"
    const sb = machine(rowsOf(1), name)
    const count = async () => {
      const client = new Pg.Client({ connectionString: pg.url })
      await client.connect()
      try {
        const r = await client.query("SELECT count(*)::int AS n FROM skc_access_log WHERE skill = $1", [name]).catch(() => ({ rows: [{ n: 0 }] }))
        return (r.rows[0] as { n: number }).n
      } finally {
        await client.end()
      }
    }
    const before = await count()
    const dry = await sb.runAsync(["sync", "--to", pg.url, "--dry-run", "--format", "json"])
    expect(dry.stderr).toBe("")
    expect(dry.code).toBe(0)
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, rows: 40, skills: [{ skill: name, rows: 40 }] })
    expect(await count()).toBe(before)
    const text = await sb.runAsync(["sync", "--to", pg.url, "--dry-run"])
    expect(text.stdout).toMatch(/^Would push up to 40 rows of 1 skill to postgres:\/\/127\.0\.0\.1:\d+\/postgres \(rows it already holds are skipped; nothing was sent;/)
    // From elsewhere, --project names the project: its skills, its config's [team] database.
    writeFileSync(join(sb.work, ".skillc", "config.toml"), `[team]\ndatabase = "${pg.url}"\n`)
    const elsewhere = join(sb.root, "elsewhere")
    mkdirSync(elsewhere)
    const pushed = await sb.runAsync(["sync", "--team", "--project", sb.work, "--format", "json"], elsewhere)
    expect(pushed.stderr).toBe("")
    expect(JSON.parse(pushed.stdout)).toMatchObject({ rows: 40, added: 40 })
    expect(await count()).toBe(before + 40)
    const missing = await sb.runAsync(["sync", "--to", pg.url, "--project", join(sb.root, "no-such-dir")], elsewhere)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^error\[E100\]: invalid option: --project: not a directory: '.*no-such-dir'\n$/)
  })

  it("a local log that cannot be read is named as this machine's file, not as the team database (a team probe)", async () => {
    const name = "damaged"
    const sb = machine(rowsOf(1), name)
    const db = join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db")
    // The header overwritten (a checkpointed log: no -wal beside it), as the probe's `dd` did.
    for (const side of ["-wal", "-shm"]) rmSync(db + side, { force: true })
    const bytes = readFileSync(db)
    bytes.write("GARBAGEGARBAGEGARBAGE", 0)
    writeFileSync(db, bytes)
    const r = await sb.runAsync(["sync", "--to", pg.url])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E999\]: cannot push: cannot read access log '.*damaged\/\.skillc-meta\/logs\.db': /)
    expect(r.stderr).not.toContain("team database")
    expect(r.stderr.trim().split("\n")).toHaveLength(1)
  })

  it("a role that may only read (SELECT) gets stats --from: a migrated database is only read, never locked", async () => {
    const sb = machine(rowsOf(1), "reader")
    expect((await sb.runAsync(["sync", "--to", pg.url])).code).toBe(0)
    const admin = new Pg.Client({ connectionString: pg.url })
    await admin.connect()
    try {
      await admin.query("CREATE ROLE analyst LOGIN")
      await admin.query("GRANT SELECT ON ALL TABLES IN SCHEMA public TO analyst")
    } finally {
      await admin.end()
    }
    const asAnalyst = pg.url.replace("postgres@", "analyst@")
    const r = await sb.runAsync(["stats", "reader", "--from", asAnalyst, "--group-by", "commands", "--format", "json"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).data.build).toBeGreaterThan(0)
  })

  // docs/team.md "Schema": a probe granted INSERT alone, as the docs said, and got E999 naming the URL twice
  // with no hint; a push also reads the table (rows it holds are skipped) and draws ids from its sequence.
  it("a push-only role: with INSERT alone, one line naming the privileges; with the documented GRANTs, it pushes", async () => {
    const sb = machine(rowsOf(2), "pusher")
    expect((await sb.runAsync(["sync", "--to", pg.url])).code).toBe(0)
    const admin = new Pg.Client({ connectionString: pg.url })
    await admin.connect()
    const asPusher = pg.url.replace("postgres@", "pusher@")
    try {
      await admin.query("CREATE ROLE pusher LOGIN")
      await admin.query("GRANT INSERT ON skc_access_log TO pusher")
      await admin.query("GRANT SELECT ON skc_migrations TO pusher")
      const other = machine(rowsOf(3), "pusher")
      const refused = await other.runAsync(["sync", "--to", asPusher])
      expect(refused.code).toBe(1)
      expect(refused.stderr.trim().split("\n")).toHaveLength(1)
      expect(refused.stderr).toMatch(/^error\[E999\]: cannot push: team database postgres:\/\/127\.0\.0\.1:\d+\/postgres refused: 42501: permission denied for table skc_access_log \(this role lacks a privilege skc needs: .*INSERT on skc_access_log and USAGE on its sequence skc_access_log_id_seq/)
      expect(refused.stderr.match(/postgres:\/\//g)).toHaveLength(1)
      await admin.query("GRANT SELECT ON skc_access_log TO pusher")
      await admin.query("GRANT USAGE ON SEQUENCE skc_access_log_id_seq TO pusher")
      const pushed = await other.runAsync(["sync", "--to", asPusher, "--format", "json"])
      expect(pushed.stderr).toBe("")
      expect(pushed.code).toBe(0)
      expect(JSON.parse(pushed.stdout).added).toBeGreaterThan(0)
    } finally {
      await admin.end()
    }
  })

  it("a read-only role on a database an older skc set up is told the migration it lacks and who applies it, not to grant reads it has", async () => {
    const sb = machine(rowsOf(1), "older")
    const admin = new Pg.Client({ connectionString: pg.url })
    await admin.connect()
    const olderUrl = pg.url.replace(/\/postgres$/, "/older_schema")
    try {
      await admin.query("CREATE DATABASE older_schema")
      expect((await sb.runAsync(["sync", "--to", olderUrl])).code).toBe(0)
      const older = new Pg.Client({ connectionString: olderUrl })
      await older.connect()
      try {
        // As an skc of the first migration left it (the second's column kept: only the record says it is missing).
        await older.query("DELETE FROM skc_migrations WHERE migration_id = 2")
        await older.query("CREATE ROLE old_reader LOGIN")
        await older.query("GRANT SELECT ON ALL TABLES IN SCHEMA public TO old_reader")
      } finally {
        await older.end()
      }
    } finally {
      await admin.end()
    }
    const r = await sb.runAsync(["stats", "older", "--from", olderUrl.replace("postgres@", "old_reader@")])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("the team database was set up by an older skc and lacks skc's migration(s) 2_escaped, which only a role that may alter skc's tables applies")
    expect(r.stderr).not.toContain("this role lacks a privilege skc needs")
  })

  it("--team without [team] database, or beside --to/--from, is E100; a password in the config is a warning, never shown", async () => {
    const sb = machine(rowsOf(3), "teamerr")
    for (const args of [["sync", "--team"], ["stats", "teamerr", "--team"], ["stats", "--all", "--team"]]) {
      const r = await sb.runAsync(args)
      expect(r.code, args.join(" ")).not.toBe(0)
      expect(r.stderr, args.join(" ")).toMatch(/^error\[E100\].*\[team\] database/)
    }
    writeFileSync(join(sb.work, ".skillc", "config.toml"), `[team]\ndatabase = "${pg.url.replace("postgres@", "postgres:s3cret@")}"\n`)
    for (const args of [["sync", "--team", "--to", pg.url], ["stats", "teamerr", "--team", "--from", pg.url]]) {
      const r = await sb.runAsync(args)
      expect(r.code, args.join(" ")).not.toBe(0)
      expect(r.stderr, args.join(" ")).toMatch(/error\[E100\].*give only one of them/)
    }
    // The local server trusts every connection: the push works, the password only earns a warning.
    const pushed = await sb.runAsync(["sync", "--team"])
    expect(pushed.code).toBe(0)
    expect(pushed.stderr).toContain("PGPASSWORD")
    expect(pushed.stdout + pushed.stderr).not.toContain("s3cret")
    const read = await sb.runAsync(["stats", "teamerr", "--team", "--machine", "nobody", "--format", "json"])
    expect(read.code).toBe(0)
    expect(read.stdout + read.stderr).not.toContain("s3cret")
    expect(JSON.parse(read.stdout)).toMatchObject({ source: pg.url.replace("postgres@", ""), machines: ["nobody"], data: { agent_accesses: 0 } })
    // A --machine that matches none of the skill's pushed rows is said, with their count (a probe: a host name
    // typed otherwise read as an unread skill).
    expect(read.stderr).toMatch(/^warning: no team row of 'teamerr' passes --machine nobody: the team database holds \d+ of its rows without them/m)
    const all = await sb.runAsync(["stats", "--all", "--team", "--machine", "nobody"])
    expect(all.code).toBe(0)
    expect(all.stderr).toMatch(/^warning: no team row of any skill passes the --machine or --user given: the team database holds \d+ of their rows without them/m)
  }, 120_000)

  it("a log of several pages (10,000 rows each) is pushed whole, repeated rows included; a second push adds nothing", async () => {
    const name = "paged"
    const sb = machine([], name)
    const db = new Database(join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db"))
    // 23,456 rows in one statement: 2 full pages and a partial one; some rows repeat (the multiset rule).
    db.exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 23455)
      INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error)
      SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 1767225600 + i / 3, 'unixepoch'), 'r', 'show', '${name}', '/s', '/proj',
        json_object('section', CASE i % 3 WHEN 0 THEN 'Install' ELSE 'Usage' END, 'file', 'SKILL.md'), NULL FROM n`)
    db.close()
    const pushed = await sb.runAsync(["sync", name, "--to", pg.url, "--format", "json"])
    expect(pushed.stderr).toBe("")
    expect(JSON.parse(pushed.stdout)).toMatchObject({ rows: 23456, added: 23456 })
    const again = await sb.runAsync(["sync", name, "--to", pg.url, "--format", "json"])
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 23456, added: 0 })
    const until = ["--until", "2026-06-01"]
    const team = JSON.parse((await sb.runAsync(["stats", name, "--from", pg.url, "--group-by", "sections", ...until, "--format", "json"])).stdout)
    const local = JSON.parse((await sb.runAsync(["stats", name, "--group-by", "sections", ...until, "--format", "json"])).stdout)
    expect(team.data).toEqual(local.data)
    expect(team.data.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(23456)
  }, 120_000)

  it("a push whose connection is killed mid-batch fails with one error line and keeps nothing half-done; the rerun sends every row", async () => {
    const name = "killed"
    const url = pg.url
    // The table exists (a first push of an empty log migrates the server).
    expect((await machine([], "warmup").runAsync(["sync", "--to", url])).code).toBe(0)
    const sb = machine(rowsOf(4), name)
    const admin = new Pg.Client({ connectionString: url })
    const watcher = new Pg.Client({ connectionString: url })
    await admin.connect()
    await watcher.connect()
    try {
      // Hold the team table so that the push's INSERT waits, then terminate the waiting backend.
      await admin.query("BEGIN")
      await admin.query("LOCK TABLE skc_access_log IN EXCLUSIVE MODE")
      const push = sb.runAsync(["sync", name, "--to", url])
      const waiting = "SELECT pid FROM pg_stat_activity WHERE application_name = 'skc' AND wait_event_type = 'Lock'"
      for (let i = 0; i < 3000 && (await watcher.query(waiting)).rows.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
      const killed = await watcher.query(`SELECT pg_terminate_backend(pid) AS done FROM (${waiting}) AS w`)
      expect(killed.rows).toEqual([{ done: true }])
      await admin.query("COMMIT")
      const r = await push
      expect(r.code).not.toBe(0)
      expect(r.stderr).toMatch(/^error\[E999\].*127\.0\.0\.1/)
      expect(r.stderr.trim().split("\n")).toHaveLength(1)
      const rerun = await sb.runAsync(["sync", name, "--to", url, "--format", "json"])
      expect(rerun.stderr).toBe("")
      expect(JSON.parse(rerun.stdout)).toMatchObject({ rows: 40, added: 40 })
    } finally {
      await admin.end()
      await watcher.end()
    }
  }, 120_000)

  it("a team table another session holds (LOCK … ACCESS EXCLUSIVE) makes push and stats --from fail with lock_timeout's E999, never wait for ever", async () => {
    const name = "locked"
    const url = pg.url
    // The table exists (a first push of an empty log migrates the server).
    expect((await machine([], "warmup").runAsync(["sync", "--to", url])).code).toBe(0)
    const sb = machine(rowsOf(5), name)
    const admin = new Pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await admin.query("BEGIN")
      await admin.query("LOCK TABLE skc_access_log IN ACCESS EXCLUSIVE MODE")
      const push = await sb.runAsync(["sync", name, "--to", url])
      expect(push.code).not.toBe(0)
      expect(push.stderr).toMatch(/^error\[E999\]: .*127\.0\.0\.1.*55P03.*lock timeout.*lock_timeout/)
      expect(push.stderr.trim().split("\n")).toHaveLength(1)
      const read = await sb.runAsync(["stats", name, "--from", url])
      expect(read.code).not.toBe(0)
      expect(read.stderr).toMatch(/^error\[E999\]: .*127\.0\.0\.1.*lock timeout.*lock_timeout/)
      expect(read.stderr).not.toMatch(/\n\s+at /)
      await admin.query("COMMIT")
      // Once the lock is gone the same push goes through whole: the 40 rows and the failed stats call's own row.
      const rerun = await sb.runAsync(["sync", name, "--to", url, "--format", "json"])
      expect(rerun.stderr).toBe("")
      expect(JSON.parse(rerun.stdout)).toMatchObject({ rows: 41, added: 41 })
    } finally {
      await admin.end()
    }
  }, 120_000)
})
