// RFC-0007:C-LOGGING, C-SYNC: `skc sync` renames a fallback log's directory aside while sandboxed agents
// write to it; an append caught in between failed to open its file, and its row was lost with W002 (a
// robustness probe: 3 rows of 300, with a sync every 0.3 s). The append is tried again, as the next call
// would, and makes a fresh fallback.
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { recordedBuild, recordedShow } from "../../src/app/recorded.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { LogStoreError, RETIRED_LOG_CODE, type AccessLogService } from "../../src/ports/AccessLog.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = "---\nname: demo\ndescription: A demo skill. Use when testing.\n---\n# Demo\n\n## Setup\n\nInstall it.\n"
const PRIMARY = "/proj/.skillc/runtime/demo/.skillc-meta/logs.db"
const FALLBACK = "/proj/.skillc/logs/demo/.skillc-meta/logs.db"

/** The memory log, its primary refusing writes (a read-only runtime) and its fallback failing to open `failures` times. */
const sandboxedLog = (failures: number, code = "SQLITE_CANTOPEN") => {
  const inner = makeMemoryAccessLog()
  let left = failures
  const attempts = { fallback: 0, arm: (n: number) => void (left = n) }
  const log: AccessLogService = {
    ...inner,
    // Lazy, as the adapters are: a retry runs the append again.
    append: (dbFile, row) => Effect.suspend(() => {
      if (dbFile === PRIMARY) return Effect.fail(new LogStoreError({ op: "write", path: dbFile, code: "SQLITE_READONLY", message: "attempt to write a readonly database" }))
      if (dbFile === FALLBACK) attempts.fallback++
      if (dbFile === FALLBACK && left > 0) {
        left--
        return Effect.fail(new LogStoreError({ op: "open", path: dbFile, code, message: "unable to open database file" }))
      }
      return inner.append(dbFile, row)
    })
  }
  return { inner, log, attempts }
}

/**
 * The skill built (its own rows written), then a `show` whose first fallback append fails with `code`: the
 * writer, its log and the world, warnings of the build dropped.
 */
const showAfterOneRefusal = (code: string, files: Record<string, string> = {}) =>
  Effect.gen(function* () {
    const { inner, log, attempts } = sandboxedLog(0, code)
    const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL, ...files }, accessLog: log })
    yield* Effect.provide(recordedBuild({ skill: "demo" }), world.layer)
    world.warnings()
    attempts.fallback = 0
    attempts.arm(1)
    yield* Effect.provide(recordedShow({ skill: "demo", section: "Setup" }), world.layer)
    return { inner, attempts, world }
  })

describe("a fallback log moved away under the writer", () => {
  it.effect("a failed open of the fallback is tried again: the row is kept, no W002", () =>
    Effect.gen(function* () {
      const { inner, log } = sandboxedLog(1)
      const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL }, accessLog: log })
      yield* Effect.provide(recordedBuild({ skill: "demo" }), world.layer)
      world.warnings()
      yield* Effect.provide(recordedShow({ skill: "demo", section: "Setup" }), world.layer)
      const rows = yield* inner.readAll(FALLBACK)
      expect(rows.filter((r) => r.command === "show")).toHaveLength(1)
      expect(world.warnings().filter((w) => w.includes("W002"))).toEqual([])
    })
  )

  it.effect("a fallback retired by the sync that moved it (RETIRED_LOG_CODE) is tried again at its path: the row is kept", () =>
    Effect.gen(function* () {
      const { inner, attempts, world } = yield* showAfterOneRefusal(RETIRED_LOG_CODE)
      expect((yield* inner.readAll(FALLBACK)).filter((r) => r.command === "show")).toHaveLength(1)
      expect(attempts.fallback).toBe(2)
      expect(world.warnings().filter((w) => w.includes("W002"))).toEqual([])
    })
  )

  it.effect("a corrupt fallback is moved aside and made again by the write: the row is kept, no W002 (issue 19, as for the primary)", () =>
    Effect.gen(function* () {
      const { inner, world } = yield* showAfterOneRefusal("SQLITE_CORRUPT", { [FALLBACK]: "garbage" })
      expect((yield* inner.readAll(FALLBACK)).filter((r) => r.command === "show")).toHaveLength(1)
      const said = world.warnings()
      expect(said.filter((w) => w.includes("W002"))).toEqual([])
      expect(said.some((w) => w.includes("was corrupt") && w.includes(FALLBACK))).toBe(true)
    })
  )

  it.effect("a refusal that is no move (a permission) is not tried again: W002 at once", () =>
    Effect.gen(function* () {
      const { log, attempts } = sandboxedLog(5, "SQLITE_READONLY")
      const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL }, accessLog: log })
      yield* Effect.provide(recordedShow({ skill: "demo", section: "Setup" }).pipe(Effect.ignore), world.layer)
      expect(world.warnings().filter((w) => w.includes("W002")).length).toBeGreaterThan(0)
      expect(attempts.fallback).toBe(1)
    })
  )
})
