// Issue 29 item 5: under `mcp --watch`, a call right after an edit waited for nothing and answered
// E002 "run 'skc build'"; and the debounce had no maximum wait, so steady edits kept the index stale.
// Now a query finding a watched skill's index stale wakes the loop and waits for that rebuild
// (bounded), and a skill edited without pause is rebuilt at the latest `maxWaitMs` after its first
// change. Time is the TestClock's: every assertion is about order, none about wall-clock time.
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer } from "effect"
import * as TestClock from "effect/testing/TestClock"
import { makeRebuildHub, watchBuild, type WatchEvent } from "../../src/app/build/watch.js"
import { search } from "../../src/app/search/search.js"
import { PendingRebuild } from "../../src/ports/PendingRebuild.js"
import { memoryWorld } from "../../src/testing.js"

/** The memory world's ports under the test's own clock (its requirements are the world's, as in its `run`). */
const inWorld = <A, E, R>(w: ReturnType<typeof memoryWorld>, effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, w.layer as unknown as Layer.Layer<R>) as Effect.Effect<A, E>

const SRC = "/proj/.skillc/skills/demo/SKILL.md"
const SKILL = (word: string) => `---\nname: demo\ndescription: d\n---\n# Demo\n\n## Part\n\nText ${word}.\n`

/** Let forked fibers run until `check` holds (no clock advance: only scheduling turns). */
const turnsUntil = (check: () => boolean) =>
  Effect.gen(function* () {
    for (let i = 0; i < 10_000 && !check(); i++) yield* Effect.yieldNow
    expect(check()).toBe(true)
  })

/**
 * The watch loop over `demo`, with an interval the TestClock never reaches: only a query makes it look again.
 * Started and through its initial look; `stop` ends it, `fiber` is the loop.
 */
const watchedByQueriesOnly = (hub: ReturnType<typeof makeRebuildHub>, events: Array<WatchEvent>) =>
  Effect.gen(function* () {
    const stop = yield* Deferred.make<void>()
    const fiber = yield* Effect.forkChild(
      watchBuild({ skills: ["demo"] }, { intervalMs: 3_600_000, hub, onEvent: (e) => Effect.sync(() => void events.push(e)), stop: Deferred.await(stop) })
    )
    yield* turnsUntil(() => events.length === 1)
    return { stop, fiber }
  })

describe("issue 29 item 5: watch modes", () => {
  it.effect("a search right after an edit waits for the watcher's rebuild instead of E002", () => {
    const w = memoryWorld({ files: { [SRC]: SKILL("alpha") } })
    const events: Array<WatchEvent> = []
    const hub = makeRebuildHub()
    return Effect.gen(function* () {
      const { stop, fiber } = yield* watchedByQueriesOnly(hub, events)
      w.fs.seed({ [SRC]: SKILL("zulu") })
      // Without a watcher in the process: the RFC's E002.
      const alone = yield* Effect.flip(search({ skill: "demo", query: "zulu" }))
      expect(alone._tag).toBe("IndexUnusable")
      // With it: the rebuild happens first, then the answer, from the new index.
      const found = yield* search({ skill: "demo", query: "zulu" }).pipe(Effect.provideService(PendingRebuild, hub.service))
      expect(events.map((e) => e.kind)).toEqual(["initial", "rebuild"])
      expect(found.results.length).toBeGreaterThan(0)
      yield* Deferred.succeed(stop, undefined)
      yield* Fiber.join(fiber)
    }).pipe((e) => inWorld(w, e))
  })

  it.effect("a save landing during the rebuild a call waited for: the call waits again, not E002 (sixtieth pass)", () => {
    const w = memoryWorld({ files: { [SRC]: SKILL("alpha") } })
    const events: Array<WatchEvent> = []
    const hub = makeRebuildHub()
    // The editor saves again right after the watcher's first rebuild for the call: that index is stale at once.
    let settles = 0
    const savingAgain = {
      settle: (dirs: ReadonlyArray<string>) =>
        hub.service.settle(dirs).pipe(Effect.tap(() => Effect.sync(() => void (++settles === 1 && w.fs.seed({ [SRC]: SKILL("yankee") })))))
    }
    return Effect.gen(function* () {
      const { stop, fiber } = yield* watchedByQueriesOnly(hub, events)
      w.fs.seed({ [SRC]: SKILL("zulu") })
      const found = yield* search({ skill: "demo", query: "yankee" }).pipe(Effect.provideService(PendingRebuild, savingAgain))
      expect(settles).toBe(2)
      expect(found.results.length).toBeGreaterThan(0)
      yield* Deferred.succeed(stop, undefined)
      yield* Fiber.join(fiber)
    }).pipe((e) => inWorld(w, e))
  })

  it.effect("a skill not watched keeps its E002 at once", () => {
    const w = memoryWorld({ files: { [SRC]: SKILL("alpha") } })
    const hub = makeRebuildHub()
    // The loop started and watches other skills (or none).
    hub.attach([], () => {})
    return Effect.gen(function* () {
      expect(yield* hub.service.settle(["/proj/.skillc/skills/demo"])).toBe(false)
    }).pipe((e) => inWorld(w, e))
  })

  it.effect("a call before the loop started waits for its start, then for the skill's poll (sixty-sixth pass: E002 30 ms before the watcher began)", () => {
    const hub = makeRebuildHub()
    const demo = { name: "demo", dir: "/proj/.skillc/skills/demo", built: undefined, seen: undefined, changedAt: undefined, waiters: [] as Array<() => void> }
    return Effect.gen(function* () {
      const settled = yield* Effect.forkChild(hub.service.settle([demo.dir]))
      yield* Effect.yieldNow
      // The loop attaches, then polls the skill and lets its waiters go.
      hub.attach([demo], () => {
        for (const w of demo.waiters.splice(0)) w()
      })
      expect(yield* Fiber.join(settled)).toBe(true)
    })
  })

  const steadyEdits = (maxWaitMs: number) => {
    const w = memoryWorld({ files: { [SRC]: SKILL("a") } })
    const rebuildsAfterEdit: Array<number> = []
    let edits = 0
    return Effect.gen(function* () {
      const stop = yield* Deferred.make<void>()
      const fiber = yield* Effect.forkChild(
        watchBuild(
          { skills: ["demo"] },
          {
            intervalMs: 100,
            maxWaitMs,
            onEvent: (e) => Effect.sync(() => void (e.kind === "rebuild" && rebuildsAfterEdit.push(edits))),
            stop: Deferred.await(stop)
          }
        )
      )
      yield* Effect.yieldNow
      // An edit before every poll: the tree never holds still for one interval.
      for (edits = 1; edits <= 20; edits++) {
        w.fs.seed({ [SRC]: SKILL("a".repeat(edits + 1)) })
        yield* TestClock.adjust(100)
        for (let i = 0; i < 50; i++) yield* Effect.yieldNow
      }
      edits = 20
      yield* Deferred.succeed(stop, undefined)
      yield* Fiber.join(fiber)
      return rebuildsAfterEdit
    }).pipe((e) => inWorld(w, e))
  }

  it.effect("steady edits: a rebuild comes while the edits go on, at the latest maxWait after the first", () =>
    Effect.gen(function* () {
      const rebuilds = yield* steadyEdits(300)
      expect(rebuilds.length).toBeGreaterThan(0)
      // The first rebuild comes at the 4th poll of changes (100 ms apart, 300 ms max wait), long before the 20th edit.
      expect(rebuilds[0]).toBeLessThanOrEqual(4)
    })
  )

  it.effect("without a maximum wait the same edits never let it rebuild (the old behaviour)", () =>
    Effect.gen(function* () {
      expect(yield* steadyEdits(Number.POSITIVE_INFINITY)).toEqual([])
    })
  )
})
