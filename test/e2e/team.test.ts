// Issue 18 end to end (RFC-0007:C-SYNC, RFC-0003:C-SCHEMA): three machines'
// `skc sync --to` into a throwaway PostgreSQL 15, then `skc stats --from`
// equals `skc stats` over the union of their logs, plus `source`.
// Skipped with its reason where the PostgreSQL binaries are missing.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb, type Row } from "../helpers/logs.js"
import { findPostgres, startPostgres, type RunningPostgres } from "../helpers/postgres.js"

const found = findPostgres()
const skipReason = typeof found === "string" ? found : undefined
if (skipReason !== undefined) console.warn(`[e2e team] ${skipReason}`)

const NAME = "shared"
const MD = "---\nname: shared\ndescription: d\n---\n# Title\n## Install\n## Usage\n"

/** A sandbox (one machine) whose project skill `shared` has `rows` as its log. */
const machine = (rows: ReadonlyArray<Row>) => {
  const sb = sandbox()
  const src = join(sb.work, ".skillc", "skills", NAME)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), MD)
  makeLogDb(join(sb.work, ".skillc", "runtime", NAME, ".skillc-meta", "logs.db"), rows, { skill: NAME, skill_path: src, cwd: "/proj" })
  return sb
}

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
    expect(down.stderr).toMatch(/^error\[E999\]/)
    expect(down.stderr).not.toContain("s3cret")
    expect(down.stderr).not.toMatch(/\n\s+at /)
  }, 60_000)
})
