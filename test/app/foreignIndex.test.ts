// Issue 29 items 3 and 5, where the rules live (src/app/build/indexing.ts,
// src/app/skills/agentDirs.ts): the on-demand index of a foreign skill (DECISIONS
// #38) is built once per skill at a time and shared by the calls that need
// it, with a bounded wait (E002 "being indexed, try again"); a cache that
// cannot be written gives an index in memory for the call with a warning;
// the cache directory records whose it is; an outward symlink is skipped;
// build replaces an index file that records another skill unless the name
// truly collides (RFC-0004 E003).
import { Deferred, Effect, Fiber, Result } from "effect"
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { CACHE_OWNER_FILE, foreignRuntimeDir } from "../../src/app/skills/agentDirs.js"
import { indexSkill, OnDemandIndexing, type OnDemandIndexingService } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { search } from "../../src/app/search/search.js"
import { show } from "../../src/app/search/show.js"
import { renderError, renderWarning, type SkcError } from "../../src/domain/errors.js"
import { Hasher } from "../../src/ports/Hasher.js"
import { IndexWriteFailed, SearchIndex, type SearchIndexService } from "../../src/ports/SearchIndex.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: d\n---\n# ${name}\n\n## Gears\n\nTurn the crank slowly.\n`
const sha = (p: string) => createHash("sha256").update(p).digest("hex")
const DIR = "/proj/.claude/skills/big"
const world = () =>
  memoryWorld({ files: { [`${DIR}/SKILL.md`]: SKILL("big"), [`${DIR}/refs/levers.md`]: "# Levers\n\nPull the crank lever.\n" } })
const registry = (waitMillis?: number): OnDemandIndexingService => ({ running: new Map(), waitMillis })
const errorText = <A>(r: Result.Result<A, unknown>) => (Result.isFailure(r) ? renderError(r.failure as SkcError) : "succeeded")

/** `base` whose writes wait for `gate` and are counted. */
const gatedWrites = (base: SearchIndexService, gate: Deferred.Deferred<void>) => {
  const counter = { writes: 0 }
  const index: SearchIndexService = {
    ...base,
    write: (path, tokenizer, contents) =>
      Effect.andThen(
        Deferred.await(gate),
        Effect.andThen(
          Effect.sync(() => void counter.writes++),
          base.write(path, tokenizer, contents)
        )
      )
  }
  return { index, counter }
}

describe("issue 29 item 3: one on-demand indexing per foreign skill, shared, with a bounded wait", () => {
  it("two calls during one indexing share it: one index written, both answered", async () => {
    const w = world()
    const gate = Deferred.makeUnsafe<void>()
    const { index, counter } = gatedWrites(w.searchIndex, gate)
    const running = registry()
    const r = await w.run(
      Effect.gen(function* () {
        const a = yield* Effect.forkChild(search({ skill: "big", query: "crank" }))
        const b = yield* Effect.forkChild(show({ skill: "big", section: "Levers" }))
        // Both wait: the first started the indexing, the second found it under way.
        while (!w.diagnostics.traces.some((t) => t.includes("is being indexed by another call"))) yield* Effect.yieldNow
        expect(running.running.size).toBe(1)
        yield* Deferred.succeed(gate, undefined)
        return [yield* Fiber.join(a), yield* Fiber.join(b)] as const
      }).pipe(Effect.provideService(SearchIndex, index), Effect.provideService(OnDemandIndexing, running))
    )
    expect(Result.isSuccess(r)).toBe(true)
    const [found, shown] = Result.getOrThrow(r)
    expect(found.results.map((x) => x.section)).toContain("Gears")
    expect(shown.content).toContain("Pull the crank lever.")
    expect(counter.writes).toBe(1)
    expect(running.running.size).toBe(0)
  })

  it("a call that waited the bound is E002 with 'being indexed, try again'; the indexing goes on and the next call is answered", async () => {
    const w = world()
    const gate = Deferred.makeUnsafe<void>()
    const { index, counter } = gatedWrites(w.searchIndex, gate)
    const running = registry(20)
    const provide = <A, E, R>(e: Effect.Effect<A, E, R>) =>
      e.pipe(Effect.provideService(SearchIndex, index), Effect.provideService(OnDemandIndexing, running))
    const waited = await w.run(provide(search({ skill: "big", query: "crank" })))
    expect(errorText(waited)).toBe(
      "error[E002]: search index unusable; run 'skc build big' to rebuild\n" +
        "  'big' is being indexed (a skill skc did not build, indexed on first use): try again in a moment"
    )
    expect(running.running.size).toBe(1)
    Deferred.doneUnsafe(gate, Effect.void)
    while (running.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 1))
    const again = await w.run(provide(search({ skill: "big", query: "crank" })))
    expect(Result.isSuccess(again), errorText(again)).toBe(true)
    expect(counter.writes).toBe(1)
  })
})

describe("issue 29 item 5: a cache that cannot be written", () => {
  it("search and show answer from an index in memory, with one warning; nothing is stored", async () => {
    const w = world()
    const failing: SearchIndexService = {
      ...w.searchIndex,
      write: (path) => Effect.fail(new IndexWriteFailed({ path, message: "EROFS: read-only file system, mkdir" }))
    }
    const provide = <A, E, R>(e: Effect.Effect<A, E, R>) => e.pipe(Effect.provideService(SearchIndex, failing), Effect.provideService(OnDemandIndexing, registry()))
    const found = await w.run(provide(search({ skill: "big", query: "crank" })))
    expect(Result.isSuccess(found), errorText(found)).toBe(true)
    expect(Result.getOrThrow(found).results.map((x) => x.section)).toContain("Gears")
    const shown = await w.run(provide(show({ skill: "big", section: "Levers" })))
    expect(Result.isSuccess(shown), errorText(shown)).toBe(true)
    const warnings = w.diagnostics.warnings.map(renderWarning).filter((l) => l.includes("in memory"))
    expect(warnings).toEqual([
      `warning: cannot keep the search index of 'big' in /home/u/.skillc/cache/big-${sha(DIR).slice(0, 8)} (EROFS: read-only file system, mkdir); indexed in memory for this call`
    ])
    expect([...w.searchIndex.stored.keys()]).toEqual([])
  })
})

describe("issue 29 item 5: the cache directory records the skill's real path", () => {
  const cache = "/home/u/.skillc/cache"
  it("no record or its own: <name>-<hash8>; another skill's: <name>-<hash16>", async () => {
    const w = world()
    const dir = (await w.run(foreignRuntimeDir("big", DIR))).pipe(Result.getOrThrow)
    expect(dir).toBe(`${cache}/big-${sha(DIR).slice(0, 8)}`)
    w.fs.seed({ [`${dir}/.skillc-meta/${CACHE_OWNER_FILE}`]: `${DIR}\n` })
    expect((await w.run(foreignRuntimeDir("big", DIR))).pipe(Result.getOrThrow)).toBe(dir)
    w.fs.seed({ [`${dir}/.skillc-meta/${CACHE_OWNER_FILE}`]: "/elsewhere/.claude/skills/big\n" })
    expect((await w.run(foreignRuntimeDir("big", DIR))).pipe(Result.getOrThrow)).toBe(`${cache}/big-${sha(DIR).slice(0, 16)}`)
  })

  it("a record a full disk left empty is no owner: the next search (space freed) records it and keeps <name>-<hash8>", async () => {
    const w = world()
    const short = `${cache}/big-${sha(DIR).slice(0, 8)}`
    w.fs.setFull(cache, true)
    await w.run(search({ skill: "big", query: "crank" }))
    const record = `${short}/.skillc-meta/${CACHE_OWNER_FILE}`
    expect(Effect.runSync(w.fs.lstatOption(record))).toBeUndefined()
    // An empty record (a kill between its creation and its write) reads as none.
    w.fs.setFull(cache, false)
    w.fs.seed({ [record]: "" })
    expect((await w.run(foreignRuntimeDir("big", DIR))).pipe(Result.getOrThrow)).toBe(short)
  })

  it("the first search records it; a search from a skill whose short directory is taken indexes into the long one", async () => {
    const w = world()
    const short = `${cache}/big-${sha(DIR).slice(0, 8)}`
    expect(Result.isSuccess(await w.run(search({ skill: "big", query: "crank" })))).toBe(true)
    expect(Effect.runSync(w.fs.readFileString(`${short}/.skillc-meta/${CACHE_OWNER_FILE}`))).toBe(`${DIR}\n`)
    // Now the short directory belongs to another skill.
    w.fs.seed({ [`${short}/.skillc-meta/${CACHE_OWNER_FILE}`]: "/elsewhere/.claude/skills/big\n" })
    expect(Result.isSuccess(await w.run(search({ skill: "big", query: "crank" })))).toBe(true)
    const long = `${cache}/big-${sha(DIR).slice(0, 16)}`
    expect(Effect.runSync(w.fs.readFileString(`${long}/.skillc-meta/${CACHE_OWNER_FILE}`))).toBe(`${DIR}\n`)
    expect([...w.searchIndex.stored.keys()].filter((k) => k.startsWith(long))).toHaveLength(1)
  })
})

describe("issue 29 item 5: an outward symlink in a foreign skill", () => {
  it("search and show skip it (no E012), as outline does", async () => {
    const w = world()
    w.fs.seed({ "/outside/secret.md": "# Secret\n\nThe crank password.\n" })
    Effect.runSync(w.fs.symlink("/outside/secret.md", `${DIR}/leak.md`, "file"))
    const found = await w.run(search({ skill: "big", query: "crank" }))
    expect(Result.isSuccess(found), errorText(found)).toBe(true)
    expect(Result.getOrThrow(found).results.map((x) => x.file)).not.toContain("leak.md")
    const secret = await w.run(show({ skill: "big", section: "Secret" }))
    expect(errorText(secret)).toMatch(/^error\[E020\]/)
  })
})

describe("issue 29 item 5: build and an index file that records another skill", () => {
  const STORE = "/proj/.skillc/skills/demo"
  const storeWorld = () => memoryWorld({ files: { [`${STORE}/SKILL.md`]: SKILL("demo") } })
  const forge = (w: ReturnType<typeof memoryWorld>, skillPath: string) => {
    const [path, contents] = [...w.searchIndex.stored.entries()][0]!
    w.searchIndex.stored.set(path, { ...contents, meta: { ...contents.meta, skill_path: skillPath } })
  }

  it("a path that does not hash to the file's name: build replaces it (search keeps E003)", async () => {
    const w = storeWorld()
    expect(Result.isSuccess(await w.run(Effect.flatMap(resolveSkill("demo"), indexSkill)))).toBe(true)
    forge(w, "/elsewhere/demo")
    expect(errorText(await w.run(search({ skill: "demo", query: "crank" })))).toMatch(/^error\[E003\]: index hash collision/)
    const rebuilt = await w.run(Effect.flatMap(resolveSkill("demo"), indexSkill))
    expect(Result.getOrThrow(rebuilt)).toMatchObject({ action: "rebuilt" })
    expect(Result.isSuccess(await w.run(search({ skill: "demo", query: "crank" })))).toBe(true)
  })

  it("a true collision (the other path hashes to the same name): build stops with E003 (RFC-0004)", async () => {
    const w = storeWorld()
    expect(Result.isSuccess(await w.run(Effect.flatMap(resolveSkill("demo"), indexSkill)))).toBe(true)
    forge(w, "/elsewhere/demo")
    // Every path hashes alike: the recorded path owns this name as much as demo does.
    const colliding = Effect.flatMap(resolveSkill("demo"), indexSkill).pipe(Effect.provideService(Hasher, { sha256Hex: () => sha(STORE) }))
    expect(errorText(await w.run(colliding))).toMatch(/^error\[E003\]: index hash collision/)
  })
})
