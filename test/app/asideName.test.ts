// Issue 19: a damaged file moved aside is kept, never replaced: a second one
// in the same second gets the next free name (src/app/shared/asideName.ts).
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { FileSystem } from "../../src/ports/FileSystem.js"
import { freeAsideName } from "../../src/app/shared/index.js"
import { memoryLayer } from "../helpers/worlds.js"

describe("freeAsideName", () => {
  it.effect("the timestamped name, then -2, -3 while the earlier ones (or their -wal) exist", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem
      const log = "/proj/.skillc/runtime/demo/.skillc-meta/logs.db"
      yield* fs.makeDirectory("/proj/.skillc/runtime/demo/.skillc-meta", { recursive: true })
      // TestClock starts at 0.
      const first = yield* freeAsideName(log)
      expect(first).toBe(`${log}.corrupt-19700101T000000Z`)
      yield* fs.writeFile(first, new Uint8Array([1]))
      const second = yield* freeAsideName(log)
      expect(second).toBe(`${first}-2`)
      // A name whose -wal alone is left is taken too: its pair must not be split.
      yield* fs.writeFile(`${second}-wal`, new Uint8Array([2]))
      expect(yield* freeAsideName(log)).toBe(`${first}-3`)
    }).pipe(Effect.provide(memoryLayer())))
})
