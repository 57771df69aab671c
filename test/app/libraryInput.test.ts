// The library's use cases check their input (docs/library.md, "Bad input"): a JavaScript caller
// has no type checker, and `search({ skill: "demo", query: 5 })` died inside the use case with a
// TypeError (a defect, `query.split is not a function`), `stats({ skill: 3 })` likewise, and
// `build()` threw before any Effect ran. Each now fails with what the CLI and the MCP server give
// for a bad argument: E100 (RFC-0005:C-CODES; DECISIONS #32), one line naming the field.
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Option } from "effect"
import * as Library from "../../src/index.js"
import * as Stats from "../../src/entries/stats.js"
import { memoryWorld } from "../../src/testing.js"

const DEMO = "---\nname: demo\ndescription: A demo skill. Use when testing.\n---\n# Demo\n\n## Rollback\n\nRevert the release.\n"

/** A use case's effect as a loosely typed caller holds it (its services are the memory world's). */
type Loose = Effect.Effect<unknown, unknown, never>

/** The exit of `call()` on a fresh memory world; a throw (the old `build()`) rejects, failing the test. */
const exitOf = async (call: () => Loose) => {
  const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": DEMO } })
  return Effect.runPromiseExit(call().pipe(Effect.provide(world.layer)))
}

/** The typed failure of an exit, else a description of what happened instead (success, defect). */
const failureOf = (exit: Exit.Exit<unknown, unknown>): unknown => {
  if (Exit.isSuccess(exit)) return "succeeded"
  const failure = Cause.findErrorOption(exit.cause)
  return Option.isSome(failure) ? failure.value : `defect: ${Cause.pretty(exit.cause).split("\n")[0]}`
}

/** `call` fails with E100 whose text is `error[E100]: invalid option: '<expected>'`. */
const expectInvalid = async (call: () => Loose, expected: string) => {
  const failure = failureOf(await exitOf(call))
  expect(failure).toBeInstanceOf(Library.InvalidOption)
  expect(Library.renderError(failure as Library.SkcError)).toBe(`error[E100]: invalid option: '${expected}'`)
}

// Each exported use case, called as a JavaScript caller might: the arguments typed loosely on purpose.
const loose = Library as unknown as Record<string, (input?: unknown) => Loose>

describe("library use cases check their input (RFC-0005:C-CODES E100; docs/library.md)", () => {
  it("search with a number for query: E100 naming query, not a TypeError", async () => {
    await expectInvalid(() => loose.search!({ skill: "demo", query: 5 }), "query: Expected string, actual 5")
  })

  it("stats with a number for skill: E100 naming skill", async () => {
    await expectInvalid(() => loose.stats!({ skill: 3 }), "skill: Expected string, actual 3")
  })

  it("a required field left out: E100 saying it is missing", async () => {
    await expectInvalid(() => loose.search!({ skill: "demo" }), "query: is missing")
    await expectInvalid(() => loose.show!({ skill: "demo" }), "section: is missing")
  })

  it("no input at all where one is required: a failure, not a throw", async () => {
    const failure = failureOf(await exitOf(() => loose.build!()))
    expect(failure).toBeInstanceOf(Library.InvalidOption)
  })

  it("a field the use case does not take is refused, as the MCP server refuses it", async () => {
    await expectInvalid(() => loose.outline!({ skill: "demo", secton: "Rollback" }), 'secton: is unexpected, expected: "skill" | "level" | "tokens" | "file" | "max_bytes"')
  })

  it("a value the Schema's check refuses: E100 with the check's words", async () => {
    await expectInvalid(() => loose.search!({ skill: "demo", query: "rollback", limit: 0 }), "limit: Expected a positive number, actual 0")
  })

  // Every use case `skillc` exports (and `statsAll` of `skillc/stats`): given a number for its input object.
  const useCases = ["build", "lint", "outline", "show", "openFile", "sources", "search", "stats", "init", "sync", "discover", "match", "prompt", "permissions", "load", "tools", "run", "approve"]
  it("the list covers every use case `skillc` exports", () => {
    const functions = Object.entries(Library as Record<string, unknown>)
      .filter(([k, v]) => typeof v === "function" && !(/^[A-Z]/.test(k)) && !["isSkcError", "errorHeadline", "renderError", "renderWarning", "makeLiveLayer", "noAccessLog"].includes(k))
      .map(([k]) => k)
    expect(functions.sort()).toEqual([...useCases].sort())
  })
  for (const name of useCases) {
    it(`${name}(42): E100, not a defect or a throw`, async () => {
      expect(failureOf(await exitOf(() => loose[name]!(42)))).toBeInstanceOf(Library.InvalidOption)
    })
  }
  it("statsAll (skillc/stats) checks its input too", async () => {
    const statsAll = Stats.statsAll as unknown as (input?: unknown) => Loose
    await expectInvalid(() => statsAll({ limit: "many" }), 'limit: Expected number, actual "many"')
  })

  it("a well-formed call runs as before: build, then search finds the section", async () => {
    const world = memoryWorld({ files: { "/proj/.skillc/skills/demo/SKILL.md": DEMO } })
    const program = Effect.gen(function* () {
      yield* Library.build({ skill: "demo" })
      const found = yield* Library.search({ skill: "demo", query: "rollback" })
      // The use cases whose input may be left out still take none.
      const discovered = yield* Library.discover()
      return { sections: found.results.map((r) => r.section), discovered }
    })
    const out = await Effect.runPromise(program.pipe(Effect.provide(world.layer)))
    expect(out.sections).toContain("Rollback")
    expect(out.discovered).toBeDefined()
  })
})
