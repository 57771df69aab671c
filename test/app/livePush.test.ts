// Issue 49 item 3: the rows a `skc mcp --http --log-to` server writes reach the team store as they happen
// (src/app/usage/livePush.ts), in process on the memory world and a team store that keeps what it is sent.
// A log replaced while the server runs (a corrupt one moved aside and recreated, a runtime cleared) numbers
// its rows from 1 again: its rows must still be pushed, not skipped up to the id the old log had reached.
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { recordedBuild, recordedShow } from "../../src/app/recorded.js"
import { makeLivePushState, pushNewRows } from "../../src/app/usage/livePush.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { keepingStore } from "../helpers/keepingStore.js"
import { makeMemoryFileSystem } from "../../src/adapters/memory/MemoryFileSystem.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = "---\nname: demo\ndescription: A demo skill. Use when testing.\n---\n# Demo\n\n## Setup\n\nInstall it.\n\n## Usage\n\nRun it.\n"
const LOG = "/proj/.skillc/runtime/demo/.skillc-meta/logs.db"

describe("issue 49 live push", () => {
  it.effect("pushes what each log gained since the last push, once", () =>
    Effect.gen(function* () {
      const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL } })
      const store = keepingStore()
      const layer = Layer.merge(world.layer, store.layer)
      yield* Effect.provide(Effect.andThen(recordedBuild({ skill: "demo" }), recordedShow({ skill: "demo", section: "Setup" })), world.layer)
      world.fs.seed({ [LOG]: "" })
      const state = makeLivePushState()
      expect(yield* Effect.provide(pushNewRows(state), layer)).toEqual({ rows: 2, added: 2, rejected: 0, reasons: [] })
      expect(yield* Effect.provide(pushNewRows(state), layer)).toEqual({ rows: 0, added: 0, rejected: 0, reasons: [] })
      yield* Effect.provide(recordedShow({ skill: "demo", section: "Usage" }), world.layer)
      expect(yield* Effect.provide(pushNewRows(state), layer)).toEqual({ rows: 1, added: 1, rejected: 0, reasons: [] })
      expect(store.rows.size).toBe(3)
    })
  )

  it.effect("a row the store refuses is tried again at the next push, and stored once the store takes it (a probe: it was passed over for good)", () =>
    Effect.gen(function* () {
      const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL } })
      let constraint = true
      const store = keepingStore((r) => (constraint && r.command === "show" ? 'new row violates check constraint "team_rule"' : undefined))
      const layer = Layer.merge(world.layer, store.layer)
      yield* Effect.provide(Effect.andThen(recordedBuild({ skill: "demo" }), recordedShow({ skill: "demo", section: "Setup" })), world.layer)
      world.fs.seed({ [LOG]: "" })
      const state = makeLivePushState()
      expect(yield* Effect.provide(pushNewRows(state), layer)).toEqual({
        rows: 2, added: 1, rejected: 1, reasons: [{ reason: 'new row violates check constraint "team_rule"', count: 1 }]
      })
      // Still refused: tried again, said again by the caller only if the reason changes.
      expect(yield* Effect.provide(pushNewRows(state), layer)).toMatchObject({ added: 0, rejected: 1 })
      constraint = false
      expect(yield* Effect.provide(pushNewRows(state), layer)).toMatchObject({ added: 1, rejected: 0 })
      expect([...store.rows.values()].map((r) => r.command).sort()).toEqual(["build", "show"])
      expect(yield* Effect.provide(pushNewRows(state), layer)).toMatchObject({ rows: 0, added: 0, rejected: 0 })
    })
  )

  it.effect("pushes the global log's cross-skill questions nothing answered (skill `*`, DECISIONS #44) with the skills' logs", () =>
    Effect.gen(function* () {
      const accessLog = makeMemoryAccessLog()
      const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL }, accessLog })
      const store = keepingStore()
      const layer = Layer.merge(world.layer, store.layer)
      const global = "/home/u/.skillc/.skillc-meta/logs.db"
      yield* accessLog.append(global, {
        timestamp: "2026-03-01T00:00:00Z", run_id: "r", command: "search", skill: "*", skill_path: "/home/u/.skillc", cwd: "/proj",
        args: JSON.stringify({ query: "quantum entanglement", result_count: 0, scope: "all" }), error: null
      })
      world.fs.seed({ [global]: "" })
      expect(yield* Effect.provide(pushNewRows(makeLivePushState()), layer)).toMatchObject({ rows: 1, added: 1 })
      expect([...store.rows.values()].map((r) => [r.skill, r.command])).toEqual([["*", "search"]])
    })
  )

  it.effect("a log replaced while the server runs is read from its start: none of its rows is skipped", () =>
    Effect.gen(function* () {
      const fs = makeMemoryFileSystem()
      const files = { "/proj/.skillc/skills/demo/SKILL.md": SKILL }
      const before = memoryWorld({ fs, files })
      const store = keepingStore()
      yield* Effect.provide(Effect.andThen(recordedBuild({ skill: "demo" }), recordedShow({ skill: "demo", section: "Setup" })), before.layer)
      fs.seed({ [LOG]: "" })
      const state = makeLivePushState()
      expect(yield* Effect.provide(pushNewRows(state), Layer.merge(before.layer, store.layer))).toMatchObject({ rows: 2, added: 2 })
      // The same file system, a new log in the same place: its rows are numbered from 1 again.
      const after = memoryWorld({ fs, searchIndex: before.searchIndex, accessLog: makeMemoryAccessLog() })
      yield* Effect.provide(Effect.andThen(recordedShow({ skill: "demo", section: "Usage" }), recordedShow({ skill: "demo", section: "Setup" })), after.layer)
      expect(yield* Effect.provide(pushNewRows(state), Layer.merge(after.layer, store.layer))).toMatchObject({ rows: 2, added: 2 })
      expect(store.rows.size).toBe(4)
    })
  )
})
