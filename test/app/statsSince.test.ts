// RFC-0003:C-FILTERS and the usage analytics guide's `skc stats my-skill --since 7d`:
// a time back from now is a filter bound, resolved against the Clock and echoed
// as the RFC 3339 timestamp it stands for. The clock is a TestClock, so the
// bounds are exact whatever the machine's time or load.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as TestClock from "effect/testing/TestClock"
import { stats } from "../../src/app/usage/stats.js"
import { durationBefore } from "../../src/app/usage/timeFilter.js"
import { makeLogDb } from "../helpers/logs.js"
import { diskWorld, failureText } from "../helpers/worlds.js"

const w = diskWorld("skc-stats-since-")
const NOW = Date.parse("2026-03-15T12:00:00Z")

const skillWithReads = (name: string, timestamps: ReadonlyArray<string>) => {
  const src = join(w.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), "---\nname: x\ndescription: d\n---\n# Title\n## Install\n")
  const rows = timestamps.map((timestamp) => ({ timestamp, command: "show", args: { section: "Install", file: "SKILL.md" } }))
  makeLogDb(join(w.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db"), rows, { skill: name, skill_path: src, cwd: w.work })
}

describe("stats --since/--until with a time back from now", () => {
  it("durationBefore reads <N>h, <N>d, <N>w and nothing else", () => {
    expect(durationBefore("7d", NOW)).toBe(Date.parse("2026-03-08T12:00:00Z"))
    expect(durationBefore("12H", NOW)).toBe(Date.parse("2026-03-15T00:00:00Z"))
    expect(durationBefore(" 2w ", NOW)).toBe(Date.parse("2026-03-01T12:00:00Z"))
    expect(durationBefore("0d", NOW)).toBe(NOW)
    for (const other of ["7", "d", "7m", "7 days", "-7d", "1.5d", "2026-01-01", "last week"]) {
      expect(durationBefore(other, NOW), other).toBeUndefined()
    }
  })

  it.effect("--since 7d counts the last seven days and echoes the bound as RFC 3339", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW)
      skillWithReads("recent", ["2026-03-01T09:00:00Z", "2026-03-08T11:59:59Z", "2026-03-08T12:00:00Z", "2026-03-14T09:00:00Z"])
      const out = yield* w.run(stats({ skill: "recent", since: "7d" }))
      const doc = JSON.parse(JSON.stringify(out.report))
      expect(doc.filters.since).toBe("2026-03-08T12:00:00Z")
      expect(doc.data.total_accesses).toBe(2)
      const until = JSON.parse(JSON.stringify((yield* w.run(stats({ skill: "recent", until: "1w" }))).report))
      expect(until.filters.until).toBe("2026-03-08T12:00:00Z")
      expect(until.data.total_accesses).toBe(3)
    }))

  it.effect("a malformed bound is still E031, naming the accepted forms", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(NOW)
      skillWithReads("bad-bound", [])
      expect(yield* failureText(w.run(stats({ skill: "bad-bound", since: "7m" })))).toBe(
        "error[E031]: invalid filter: '--since 7m: expected an RFC 3339 timestamp (2026-01-30T12:00:00Z), a date (2026-01-30) or a time back from now (12h, 7d, 2w)'"
      )
      // A window that ends before it starts stays E031, durations included.
      expect(yield* failureText(w.run(stats({ skill: "bad-bound", since: "1d", until: "2d" })))).toMatch(/^error\[E031\]: invalid filter: '--since 1d --until 2d: the window ends before it starts'$/)
    }))
})
