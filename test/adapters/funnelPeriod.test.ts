// The funnel's period (issue 49 item 4) is that of the rows it counts — activations and the counted
// reads — as every view's is (docs/stats.md: "a `build` after the last read does not move it";
// RFC-0003:C-SCHEMA period: the earliest and latest access). Found on a fresh project: `skc stats pdf
// --group-by funnel` began its period at the `skc build` a minute before the first agent read, where the
// summary of the same log began at the read.
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import type { StatsFilters } from "../../src/domain/stats.js"
import { tempDir } from "../helpers/cli.js"
import { makeLogDb, type Row } from "../helpers/logs.js"

describe("skc stats --group-by funnel: the period of the rows it counts", () => {
  const file = join(tempDir("skc-funnel-period-"), "logs.db")
  const rows: Array<Row> = [
    { timestamp: "2026-01-01T00:00:00Z", command: "build", args: { role: "author" } },
    { timestamp: "2026-01-02T00:00:00Z", command: "show", args: { section: "Install", file: "SKILL.md", role: "agent" } },
    { timestamp: "2026-01-03T00:00:00Z", command: "activate", args: { trigger: "claude-proactive", session: "s1", via: "otel" } },
    { timestamp: "2026-01-04T00:00:00Z", command: "lint", args: { role: "author" } },
    { timestamp: "2026-01-05T00:00:00Z", command: "show", args: { section: "Install", file: "SKILL.md", role: "author" } }
  ]
  const defaults = { skill: "s", skill_path: "/s", cwd: "/proj" }
  makeLogDb(file, rows, defaults)
  const memory = makeMemoryAccessLog()
  for (const r of rows)
    Effect.runSync(
      memory.append("m", { timestamp: r.timestamp, run_id: "r", command: r.command, ...defaults, args: JSON.stringify(r.args ?? {}), error: null })
    )
  const none: StatsFilters = { since: null, until: null, projects: [], readers: [], include_author: false }

  it.effect("agent reads only: from the first read to the last activation, the author's build, lint and show left out", () =>
    Effect.gen(function* () {
      for (const log of [{ a: makeSqliteAccessLog(Database), f: file }, { a: memory, f: "m" }]) {
        const funnel = yield* log.a.aggregate(log.f, "funnel", none)
        expect(funnel.period).toEqual({ start: "2026-01-02T00:00:00Z", end: "2026-01-03T00:00:00Z" })
      }
    })
  )

  it.effect("--include-author: the author's reads count (a build or a lint is no read), so they make the period too", () =>
    Effect.gen(function* () {
      for (const log of [{ a: makeSqliteAccessLog(Database), f: file }, { a: memory, f: "m" }]) {
        const funnel = yield* log.a.aggregate(log.f, "funnel", { ...none, include_author: true })
        expect(funnel.period).toEqual({ start: "2026-01-02T00:00:00Z", end: "2026-01-05T00:00:00Z" })
        // The reads: the agent's show and the author's; before, the build and the lint were counted as reads too.
        expect(funnel.groupBy === "funnel" ? funnel.rows.find((r) => r.trigger === null) : undefined).toMatchObject({ count: 2 })
      }
    })
  )

  it.effect("the reads per day (the HTML report's chart) with --include-author count reads only, as the funnel: no build, lint or stats", () =>
    Effect.gen(function* () {
      for (const log of [{ a: makeSqliteAccessLog(Database), f: file }, { a: memory, f: "m" }]) {
        const days = yield* log.a.aggregate(log.f, "timeline", { ...none, include_author: true })
        // Before: 2026-01-01 (the build) and 2026-01-04 (the lint) were bars of "reads".
        expect(days.groupBy === "timeline" ? days.rows.map((r) => [r.day, r.count]) : []).toEqual([
          ["2026-01-02", 1],
          ["2026-01-05", 1]
        ])
      }
    })
  )
})
