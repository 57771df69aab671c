// RFC-0003:C-QUERIES over a log another writer put a BLOB into (docs/stats.md: other tools write into the
// same access_log, and SQLite keeps a value as it is given). One row whose `command` was a BLOB failed every
// summary of the log with E999 "JSON cannot hold BLOB values" (the group's id is a `json_array`), and
// `skc stats --all` with it; the commands view printed its bytes as numbers (`115,104,111,119`), and a sync
// copied a BLOB `args` into the skill's log as that list of numbers (a robustness probe, seventy-fourth pass).
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import type { StatsFilters } from "../../src/domain/stats.js"
import { makeLogDb } from "../helpers/logs.js"

const dir = mkdtempSync(join(tmpdir(), "skc-blob-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const log = makeSqliteAccessLog(Database)
const ALL: StatsFilters = { since: null, until: null, projects: [], readers: [], include_author: true }
const SCAN: StatsFilters = { ...ALL, since: "0000-01-01T00:00:00Z" }

const withBlobRow = (name: string): string => {
  const file = join(dir, name, "logs.db")
  makeLogDb(file, [{ timestamp: "2026-12-01T00:00:00Z", command: "show", args: { section: "Setup", file: "SKILL.md" } }], { skill: "s", skill_path: "/s", cwd: "/p" })
  const db = new Database(file)
  db.prepare(
    "INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args) VALUES ('2026-12-01T00:00:01Z', 'r', CAST('show' AS BLOB), 's', '/s', '/p', CAST('{\"section\":\"Setup\",\"file\":\"SKILL.md\"}' AS BLOB))"
  ).run()
  db.close()
  return file
}

describe("RFC-0003:C-QUERIES a BLOB written by another tool", () => {
  it("the summary (kept groups and grouped scan) and the commands view count a BLOB command as the text it holds", async () => {
    const file = withBlobRow("summary")
    for (const filters of [ALL, SCAN]) {
      const summary = await Effect.runPromise(log.aggregate(file, "summary", filters))
      expect(summary.groupBy === "summary" && summary.groups.filter((g) => g.command === "show").reduce((n, g) => n + Number(g.count), 0)).toBe(2)
    }
    const commands = await Effect.runPromise(log.aggregate(file, "commands", ALL))
    expect(JSON.stringify(commands)).not.toContain("115,104")
    expect(commands.groupBy === "commands" && commands.rows.map((r) => [r.command, r.count])).toEqual([["show", 2]])
  })

  it("a row read for a sync carries a BLOB's text, not its bytes as numbers", async () => {
    const file = withBlobRow("read")
    const rows = await Effect.runPromise(log.readAll(file))
    expect(rows.map((r) => [r.command, r.args])).toEqual([
      ["show", JSON.stringify({ section: "Setup", file: "SKILL.md" })],
      ["show", '{"section":"Setup","file":"SKILL.md"}']
    ])
  })
})
