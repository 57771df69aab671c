// issue 12 item 5: the watch loop in memory: initial build, debounced rebuild after an edit,
// a failing rebuild reported and watched further, a clean end when `stop` completes.
import { Deferred, Effect, Result, Fiber } from "effect"
import { describe, expect, it } from "vitest"
import { watchBuild, watchServedSkills, renderWatchEvent, type WatchEvent } from "../../src/app/build/watch.js"
import { build } from "../../src/app/build/index.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (extra = "") => `---\nname: demo\ndescription: d\n---\n# Demo\n\n## Part\n\nText.${extra}\n`

/** Poll `check` until it holds, at most ~60 s (a loaded CI machine is slow, never wrong): no fixed sleeps. */
const until = (check: () => boolean) =>
  Effect.gen(function* () {
    for (let i = 0; i < 6000 && !check(); i++) yield* Effect.sleep(10)
    if (!check()) return yield* Effect.die(new Error("condition not reached in time"))
  })

type World = ReturnType<typeof memoryWorld>

/**
 * Run `steps` while `watchBuild(skills)` watches (every 5 ms), then stop it and check it ended cleanly;
 * the events it reported, in order.
 */
const watching = async (w: World, skills: ReadonlyArray<string>, steps: (events: ReadonlyArray<WatchEvent>) => Effect.Effect<void, unknown, any>) => {
  const events: Array<WatchEvent> = []
  const r = await w.run(
    Effect.gen(function* () {
      const stop = yield* Deferred.make<void>()
      const fiber = yield* Effect.forkChild(
        watchBuild({ skills: [...skills] }, { intervalMs: 5, onEvent: (e) => Effect.sync(() => void events.push(e)), stop: Deferred.await(stop) })
      )
      yield* steps(events)
      yield* Deferred.succeed(stop, undefined)
      yield* Fiber.join(fiber)
    })
  )
  expect(Result.isSuccess(r)).toBe(true)
  return events
}

describe("watchBuild", () => {
  it("builds, rebuilds after an edit, reports a broken edit, and ends when stopped", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL() } })
    const events = await watching(w, ["demo"], (events) =>
      Effect.gen(function* () {
        yield* until(() => events.length === 1)
        w.fs.seed({ "/proj/.skillc/skills/demo/SKILL.md": SKILL(" Edited.") })
        yield* until(() => events.length === 2)
        w.fs.seed({ "/proj/.skillc/skills/demo/SKILL.md": "---\nname: demo\n---\n# Demo\n" })
        yield* until(() => events.length === 3)
      })
    )
    expect(events.map((e) => [e.kind, e.outcome.ok])).toEqual([
      ["initial", true],
      ["rebuild", true],
      ["rebuild", false]
    ])
    expect(Effect.runSync(w.fs.readFileString("/proj/.skillc/runtime/demo/.skillc-meta/manifest.json"))).toContain('"skill": "demo"')
    expect(renderWatchEvent(events[1]!)).toMatch(/^\[\d\d:\d\d:\d\d\] rebuilt demo in \d+ ms$/)
    expect(renderWatchEvent(events[2]!)).toMatch(/^\[\d\d:\d\d:\d\d\] demo: error\[E011\]: missing frontmatter field 'description'/)
  })

  it("watching the whole store: a skill added is built once settled, one removed (or renamed away) is no longer watched", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL() } })
    const events = await watching(w, [], (events) =>
      Effect.gen(function* () {
        yield* until(() => events.length === 1)
        w.fs.seed({ "/proj/.skillc/skills/added/SKILL.md": SKILL().replace("name: demo", "name: added") })
        yield* until(() => events.length === 2)
        yield* w.fs.remove("/proj/.skillc/skills/demo", { recursive: true })
        yield* until(() => events.length === 3)
        // An edit of the skill that joined is watched like any other.
        w.fs.seed({ "/proj/.skillc/skills/added/SKILL.md": SKILL(" Edited.").replace("name: demo", "name: added") })
        yield* until(() => events.length === 4)
      })
    )
    expect(events.map((e) => [e.skill, e.kind, e.outcome.ok])).toEqual([
      ["demo", "initial", true],
      ["added", "initial", true],
      ["demo", "rebuild", false],
      ["added", "rebuild", true]
    ])
    expect(renderWatchEvent(events[2]!)).toMatch(/demo: left the store \(\/proj\/\.skillc\/skills\/demo\): no longer watched/)
    expect(Effect.runSync(w.fs.readFileString("/proj/.skillc/runtime/added/.skillc-meta/manifest.json"))).toContain('"skill": "added"')
  })

  it("a rewrite with the same size and mtime inside the racy window is built after it (a save twice in one timestamp tick, cp -p)", async () => {
    const file = "/proj/.skillc/skills/demo/SKILL.md"
    const w = memoryWorld({ files: { [file]: SKILL(" AAAA") } })
    const events = await watching(w, ["demo"], (events) =>
      Effect.gen(function* () {
        yield* until(() => events.length === 1)
        const before = (yield* w.fs.stat(file)).mtimeMs
        // Same size, same mtime: the loop's sizes and mtimes see nothing; the build's hash would.
        w.fs.seed({ [file]: SKILL(" BBBB") })
        w.fs.setMtime(file, before)
        yield* until(() => events.length === 2)
      })
    )
    expect(events.map((e) => [e.kind, e.outcome.ok])).toEqual([["initial", true], ["rebuild", true]])
    // Built from the new text: another source hash than the first build's.
    const hashOf = (e: WatchEvent) => (e.outcome.ok ? e.outcome.result.source_hash : undefined)
    expect(hashOf(events[1]!)).toBeDefined()
    expect(hashOf(events[1]!)).not.toBe(hashOf(events[0]!))
  })

  it("a link out of the skill added (E012) and removed again is seen each time: the skill builds again once it is gone", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL(), "/proj/outside.md": "# Secret\n" } })
    const events = await watching(w, ["demo"], (events) =>
      Effect.gen(function* () {
        yield* until(() => events.length === 1)
        yield* w.fs.symlink("/proj/outside.md", "/proj/.skillc/skills/demo/ext.md", "file")
        yield* until(() => events.length === 2)
        yield* w.fs.remove("/proj/.skillc/skills/demo/ext.md")
        yield* until(() => events.length === 3)
      })
    )
    expect(events.map((e) => [e.kind, e.outcome.ok])).toEqual([["initial", true], ["rebuild", false], ["rebuild", true]])
    expect(renderWatchEvent(events[1]!)).toContain("error[E012]: path escapes skill root: 'ext.md'")
  })

  it("refuses a path: --watch takes store skills", async () => {
    const w = memoryWorld({ files: { "/proj/vendor/x/SKILL.md": SKILL() } })
    const r = await w.run(watchBuild({ skills: ["vendor/x"] }, { onEvent: () => Effect.void, stop: Effect.void }))
    expect(Result.isFailure(r) && r.failure._tag).toBe("UsageError")
  })
})

describe("watchServedSkills (skc mcp --watch)", () => {
  // README `skc mcp --watch`: "keep each built store skill's runtime and index in step with its
  // sources". An edit saved while the server started (after it found the skill up to date, before the
  // loop took its first look) was taken for the built tree: never rebuilt, and every search answered
  // E002 until the next edit or a restart. `onStart` (the "watching …" line) runs in that window.
  it("an edit made while watching starts is rebuilt, not taken for the built tree", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL() } })
    const events: Array<WatchEvent> = []
    const r = await w.run(
      Effect.gen(function* () {
        yield* build({ skill: "demo" })
        const stop = yield* Deferred.make<void>()
        const fiber = yield* Effect.forkChild(
          watchServedSkills({
            intervalMs: 5,
            onStart: () => Effect.sync(() => w.fs.seed({ "/proj/.skillc/skills/demo/SKILL.md": SKILL(" Edited at start.") })),
            onEvent: (e) => Effect.sync(() => void events.push(e)),
            stop: Deferred.await(stop)
          })
        )
        yield* until(() => events.length === 1)
        yield* Deferred.succeed(stop, undefined)
        yield* Fiber.join(fiber)
      })
    )
    expect(Result.isSuccess(r)).toBe(true)
    expect(events.map((e) => [e.skill, e.outcome.ok])).toEqual([["demo", true]])
  })

  it("a skill built after the server started is watched from then on: its edits are rebuilt (they were E002 for good)", async () => {
    const other = (extra = "") => SKILL(extra).replace("name: demo", "name: later")
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL(), "/proj/.skillc/skills/later/SKILL.md": other() } })
    const events: Array<WatchEvent> = []
    const r = await w.run(
      Effect.gen(function* () {
        yield* build({ skill: "demo" })
        const stop = yield* Deferred.make<void>()
        let started = false
        const fiber = yield* Effect.forkChild(
          watchServedSkills({ intervalMs: 5, onStart: () => Effect.sync(() => void (started = true)), onEvent: (e) => Effect.sync(() => void events.push(e)), stop: Deferred.await(stop) })
        )
        yield* until(() => started)
        // The author builds 'later' while the server runs, then edits it.
        yield* build({ skill: "later" })
        // Past one look for served skills (every 2 s) before the edit, on an idle machine.
        yield* Effect.sleep(2_500)
        w.fs.seed({ "/proj/.skillc/skills/later/SKILL.md": other(" Edited after the server started.") })
        yield* until(() => events.some((e) => e.skill === "later"))
        yield* Deferred.succeed(stop, undefined)
        yield* Fiber.join(fiber)
      })
    )
    expect(Result.isSuccess(r)).toBe(true)
    // "rebuild" when the loop found it before the edit, "initial" (obsolete when found) on a slow machine.
    expect(events.map((e) => [e.skill, e.outcome.ok])).toEqual([["later", true]])
  })

  it("with no skill built at the start, none is built or watched until its author builds one", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": SKILL() } })
    const events: Array<WatchEvent> = []
    let watching: ReadonlyArray<string> | undefined
    const r = await w.run(
      Effect.gen(function* () {
        const stop = yield* Deferred.make<void>()
        const fiber = yield* Effect.forkChild(
          watchServedSkills({ intervalMs: 5, onStart: (names) => Effect.sync(() => void (watching = names)), onEvent: (e) => Effect.sync(() => void events.push(e)), stop: Deferred.await(stop) })
        )
        yield* until(() => watching !== undefined)
        // An edit of a skill never built: not the server's to build (the author has not chosen its targets).
        w.fs.seed({ "/proj/.skillc/skills/demo/SKILL.md": SKILL(" Edited, never built.") })
        yield* Effect.sleep(300)
        yield* Deferred.succeed(stop, undefined)
        yield* Fiber.join(fiber)
      })
    )
    expect(Result.isSuccess(r)).toBe(true)
    expect(watching).toEqual([])
    expect(events).toEqual([])
    expect(Effect.runSync(w.fs.statOption("/proj/.skillc/runtime/demo"))).toBeUndefined()
  })
})
