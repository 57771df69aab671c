// Issue 45 item 5: `skc sync --to` takes any string a local log holds. A
// logged query with NUL or a lone surrogate blocked every push forever
// (`22021 invalid byte sequence … 0x00`, `22P02 invalid input syntax for
// type json`); now such values are stored escaped, reversibly, and a row the
// store still refuses is reported while every other row is pushed. A real
// PostgreSQL 15, skipped with its reason where its binaries are missing.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import Pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { unescapeTeamText } from "../../src/adapters/pg/teamSql.js"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb, readLog, type Row } from "../helpers/logs.js"
import { findPostgres, startPostgres, type RunningPostgres } from "../helpers/postgres.js"

const found = findPostgres()
const skipReason = typeof found === "string" ? found : undefined
if (skipReason !== undefined) console.warn(`[e2e team-strings] ${skipReason}`)

const MD = "---\nname: shared\ndescription: d\n---\n# Title\n## Install\n"

const machine = (rows: ReadonlyArray<Row>) => {
  const sb = sandbox()
  const src = join(sb.work, ".skillc", "skills", "shared")
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), MD)
  const db = join(sb.work, ".skillc", "runtime", "shared", ".skillc-meta", "logs.db")
  makeLogDb(db, rows, { skill: "shared", skill_path: src, cwd: "/proj" })
  return { sb, db }
}

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().replace(".000Z", "Z")

describe.skipIf(skipReason !== undefined)("skc sync --to with strings PostgreSQL cannot hold as is (issue 45 item 5)", () => {
  let pg: RunningPostgres
  let client: Pg.Client
  beforeAll(async () => {
    pg = await startPostgres(found as Exclude<typeof found, string>)
    client = new Pg.Client({ connectionString: pg.url })
    await client.connect()
  }, 120_000)
  afterAll(async () => {
    await client?.end()
    pg?.stop()
  })

  it("issue 45 item 5: NUL and lone surrogates in a query and an error line are pushed, stored reversibly, and counted by the views", async () => {
    const rows: Array<Row> = [
      { timestamp: at(0), command: "show", args: { section: "Install", file: "SKILL.md" } },
      { timestamp: at(1), command: "search", args: { query: "fill\u0000form", result_count: 0 } },
      { timestamp: at(2), command: "search", args: { query: "half \ud800 pair", result_count: 0 } },
      { timestamp: at(3), command: "show", args: { section: "Fill\u0000" }, error: "error[E020]: section not found: 'Fill\u0000'" },
      { timestamp: at(4), command: "show", args: { section: "Install", file: "SKILL.md" } }
    ]
    const { sb, db } = machine(rows)
    const local = readLog(db)
    const r = await sb.runAsync(["sync", "--to", pg.url, "--format", "json"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    const pushed = JSON.parse(r.stdout) as { rows: number; added: number; rejected: Array<unknown> }
    expect(pushed).toMatchObject({ rows: 5, added: 5, rejected: [] })
    const stored = (await client.query("SELECT timestamp, args, args_json, escaped, error FROM skc_access_log ORDER BY timestamp")).rows as Array<{
      timestamp: string
      args: string
      args_json: Record<string, unknown> | null
      escaped: boolean
      error: string | null
    }>
    expect(stored).toHaveLength(5)
    // Every value comes back as the local log held it: as is, or through unescapeTeamText for an escaped row.
    const back = (v: string | null, escaped: boolean) => (v === null || !escaped ? v : unescapeTeamText(v))
    for (const [i, s] of stored.entries()) {
      expect(back(s.args, s.escaped)).toBe(local[i]!.args)
      expect(back(s.error, s.escaped)).toBe(local[i]!.error)
    }
    // Node 22's node:sqlite reads a TEXT value only up to its first NUL (Node 24 reads it whole), so on
    // Node 22 the local log as skc reads it holds no NUL to escape: what it reads is pushed as it is (above).
    if (String(local[3]!.error ?? "").includes("\u0000")) {
      expect(stored[3]!.escaped).toBe(true)
      expect(stored[3]!.error).toBe("error[E020]: section not found: 'Fill\\u0000'")
    } else expect(process.versions.node.startsWith("22.")).toBe(true)
    // The views still see the queries, with U+FFFD where jsonb cannot hold the character.
    expect(stored[1]!.args_json).toEqual({ query: "fill\ufffdform", result_count: 0 })
    expect(stored[2]!.args_json).toEqual({ query: "half \ufffd pair", result_count: 0 })
    const stats = await sb.runAsync(["stats", "shared", "--from", pg.url, "--group-by", "unanswered", "--format", "json"])
    expect(stats.code, stats.stderr).toBe(0)
    expect(stats.stdout).toContain("fill\ufffdform")
    // A rerun sends nothing twice (only rows logged since, such as the stats call's own, are new).
    const again = await sb.runAsync(["sync", "--to", pg.url, "--format", "json"])
    expect(again.code).toBe(0)
    const j = JSON.parse(again.stdout) as { rows: number; added: number }
    expect(j.added).toBe(j.rows - 5)
  })

  it("issue 45 item 5: one row the store refuses never blocks the others: it is reported, the rest are pushed", async () => {
    // A rule of this team server that one row breaks (the table exists: the previous test migrated it).
    await client.query("ALTER TABLE skc_access_log ADD CONSTRAINT no_evil CHECK (command <> 'evil')")
    try {
      const before = Number((await client.query("SELECT count(*) AS n FROM skc_access_log")).rows[0].n)
      const rows: Array<Row> = Array.from({ length: 7 }, (_, i) =>
        i === 3 ? { timestamp: at(100 + i), command: "evil" } : { timestamp: at(100 + i), command: "show", args: { section: `S${i}` } }
      )
      const { sb } = machine(rows)
      const r = await sb.runAsync(["sync", "--to", pg.url])
      expect(r.code).toBe(1)
      const lines = r.stderr.trim().split("\n")
      expect(lines).toHaveLength(2)
      expect(lines[0]).toMatch(/^warning: shared: row [0-9a-f]{32} not pushed: .*no_evil/)
      expect(lines[1]).toBe(`error[E999]: 1 row not pushed to ${pg.url.replace("postgres@", "")}; every other row was (a rerun tries them again)`)
      const after = Number((await client.query("SELECT count(*) AS n FROM skc_access_log")).rows[0].n)
      expect(after - before).toBe(6)
      expect((await client.query("SELECT count(*) AS n FROM skc_access_log WHERE command = 'evil'")).rows[0].n).toBe("0")
    } finally {
      await client.query("ALTER TABLE skc_access_log DROP CONSTRAINT no_evil")
    }
  })
})
