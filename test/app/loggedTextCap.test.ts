// RFC-0007:C-LOGGING, DECISIONS #18: a row keeps each argument and its error; a caller's text is capped at
// LOGGED_TEXT_MAX units and "…", so that no call can grow a log by its own size (over `skc mcp --http`, 42
// searches of 900 KB made a 40 MB log). A text within the cap is kept whole.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { recordedBuild, recordedShow } from "../../src/app/recorded.js"
import { LOGGED_TEXT_MAX, loggedText } from "../../src/app/usage/accessLog.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = "---\nname: demo\ndescription: A demo skill. Use when testing.\n---\n# Demo\n\n## Setup\n\nInstall it.\n"
const LOG = "/proj/.skillc/runtime/demo/.skillc-meta/logs.db"

describe("the access log's texts", () => {
  it.effect("a show of a 100,000-character heading: its section and its error kept to the cap, the row written", () =>
    Effect.gen(function* () {
      const log = makeMemoryAccessLog()
      const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL }, accessLog: log })
      yield* Effect.provide(recordedBuild({ skill: "demo" }), world.layer)
      const huge = "x".repeat(100_000)
      yield* Effect.provide(recordedShow({ skill: "demo", section: huge }).pipe(Effect.ignore), world.layer)
      yield* Effect.provide(recordedShow({ skill: "demo", section: "Setup" }), world.layer)
      const shows = (yield* log.readAll(LOG)).filter((r) => r.command === "show")
      expect(shows).toHaveLength(2)
      const failed = shows[0]!
      expect((JSON.parse(failed.args) as { section: string }).section).toBe(`${"x".repeat(LOGGED_TEXT_MAX)}…`)
      expect(failed.error!.startsWith("error[E020]")).toBe(true)
      expect(failed.error!.length).toBe(LOGGED_TEXT_MAX + 1)
      expect(JSON.parse(shows[1]!.args)).toMatchObject({ section: "Setup" })
    })
  )

  it("never splits a surrogate pair", () => {
    const text = "a".repeat(LOGGED_TEXT_MAX - 1) + "😀" + "b"
    expect(loggedText(text)).toBe(`${"a".repeat(LOGGED_TEXT_MAX - 1)}…`)
    expect(loggedText("short")).toBe("short")
  })
})
