// RFC-0003:C-FILTERS with timestamps another writer logged with a fraction of a second (`…57.500Z`, which
// docs/stats.md accepts): compared as text, `.` sorts before `Z`, so such a row was before `--since …57Z`
// and within `--until …57Z` (found by a stats probe). Bounds are whole seconds (parseTimeFilter).
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import type { StatsFilters } from "../../src/domain/stats.js"
import { tempDir } from "../helpers/cli.js"
import { makeLogDb, type Row } from "../helpers/logs.js"

describe("RFC-0003:C-FILTERS a timestamp with a fraction of a second against whole-second bounds", () => {
  const file = join(tempDir("skc-fraction-"), "logs.db")
  const show = (timestamp: string): Row => ({ timestamp, command: "show", args: { section: "S", file: "SKILL.md", role: "agent" } })
  const rows: Array<Row> = [show("2026-12-04T18:07:56Z"), show("2026-12-04T18:07:57Z"), show("2026-12-04T18:07:57.000Z"), show("2026-12-04T18:07:57.500Z"), show("2026-12-04T18:07:58Z")]
  const defaults = { skill: "s", skill_path: "/s", cwd: "/proj" }
  makeLogDb(file, rows, defaults)
  const memory = makeMemoryAccessLog()
  for (const r of rows)
    Effect.runSync(memory.append("m", { timestamp: r.timestamp, run_id: "r", command: r.command, ...defaults, args: JSON.stringify(r.args ?? {}), error: null }))
  const none: StatsFilters = { since: null, until: null, projects: [], readers: [], include_author: false }
  const total = (groups: { readonly groupBy: string }): number =>
    groups.groupBy === "commands" ? (groups as unknown as { rows: ReadonlyArray<{ count: number }> }).rows.reduce((n, r) => n + r.count, 0) : -1

  it.effect("--since …57Z keeps the rows of that second and after; --until …57Z the rows up to 57.000", () =>
    Effect.gen(function* () {
      for (const log of [{ a: makeSqliteAccessLog(Database), f: file }, { a: memory, f: "m" }]) {
        expect(total(yield* log.a.aggregate(log.f, "commands", { ...none, since: "2026-12-04T18:07:57Z" }))).toBe(4)
        expect(total(yield* log.a.aggregate(log.f, "commands", { ...none, until: "2026-12-04T18:07:57Z" }))).toBe(3)
        expect(total(yield* log.a.aggregate(log.f, "commands", { ...none, since: "2026-12-04T18:07:57Z", until: "2026-12-04T18:07:57Z" }))).toBe(2)
      }
    })
  )

  it.effect("bounds with a fraction are inclusive to it: a window inside one second keeps the rows in it (stats probe, seventy-fourth pass)", () =>
    Effect.gen(function* () {
      for (const log of [{ a: makeSqliteAccessLog(Database), f: file }, { a: memory, f: "m" }]) {
        const count = (since: string | null, until: string | null) => log.a.aggregate(log.f, "commands", { ...none, since, until }).pipe(Effect.map(total))
        // 57Z and 57.000Z are the second's start; 57.500Z half-way.
        expect(yield* count("2026-12-04T18:07:57.200Z", "2026-12-04T18:07:57.900Z")).toBe(1)
        expect(yield* count("2026-12-04T18:07:57.500Z", "2026-12-04T18:07:57.500Z")).toBe(1)
        expect(yield* count("2026-12-04T18:07:57.500Z", null)).toBe(2)
        expect(yield* count("2026-12-04T18:07:57.501Z", null)).toBe(1)
        expect(yield* count(null, "2026-12-04T18:07:57.499Z")).toBe(3)
        expect(yield* count(null, "2026-12-04T18:07:57.500Z")).toBe(4)
        expect(yield* count("2026-12-04T18:07:56.001Z", "2026-12-04T18:07:57.001Z")).toBe(2)
      }
    })
  )
})
