// Issue 44 item 4: logging as one wrapper. `loggedCall` runs a use case with a
// fresh `TouchedSkills` and writes one access-log row per skill the use case
// touched (RFC-0007:C-LOGGING); use cases never write a row themselves.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import { loggedCall } from "../../src/app/usage/accessLog.js"
import { resolveCommandSkill } from "../../src/app/skills/index.js"
import { touchSkill } from "../../src/app/shared/index.js"
import { stats } from "../../src/app/usage/stats.js"
import { makeMemoryAccessLog, memoryWorld } from "../../src/testing.js"

const skillMd = (name: string) => `---\nname: ${name}\ndescription: A test skill. Use when testing.\n---\n# ${name}\n## Usage\n`
const files = Object.fromEntries(["alpha", "beta"].map((n) => [`/proj/.skillc/skills/${n}/SKILL.md`, skillMd(n)]))
const logOf = (name: string) => `/proj/.skillc/runtime/${name}/.skillc-meta/logs.db`
const world = () => {
  const log = makeMemoryAccessLog()
  return { log, w: memoryWorld({ files, accessLog: log }) }
}

describe("issue 44 item 4: the one logging wrapper, in process", () => {
  it("RFC-0007:C-LOGGING one row per touched skill, each in that skill's own log with its own args", async () => {
    const { log, w } = world()
    const useCase = Effect.gen(function* () {
      for (const name of ["alpha", "beta"]) {
        const skill = yield* resolveCommandSkill(name)
        yield* touchSkill(skill, { command: "search", args: { query: "q", result_count: name.length }, error: null })
      }
      return "done"
    })
    // Touches with args are that skill's row; the plain resolutions are of no named skill here.
    const outcome = await w.run(useCase.pipe(loggedCall({ command: "search" })))
    expect(outcome._tag).toBe("Success")
    for (const name of ["alpha", "beta"]) {
      const rows = log.databases.get(logOf(name)) ?? []
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ command: "search", skill: name, skill_path: `/proj/.skillc/skills/${name}`, error: null })
      expect(JSON.parse(rows[0]!.args)).toEqual({ query: "q", result_count: name.length })
    }
  })

  it("RFC-0007:C-LOGGING the named skill's row: its args from the outcome, once however often it was resolved", async () => {
    const { log, w } = world()
    const useCase = Effect.gen(function* () {
      yield* resolveCommandSkill("alpha")
      yield* resolveCommandSkill("alpha")
      return 3
    })
    await w.run(useCase.pipe(loggedCall({ command: "show", skill: "alpha", argsOf: (o) => ({ n: o._tag === "Success" ? o.value : null }) })))
    const rows = log.databases.get(logOf("alpha")) ?? []
    expect(rows).toHaveLength(1)
    expect(JSON.parse(rows[0]!.args)).toEqual({ n: 3 })
    expect([...log.databases.keys()]).toEqual([logOf("alpha")])
  })

  it("RFC-0007:C-LOGGING no row when nothing is touched and no skill is named", async () => {
    const { log, w } = world()
    const outcome = await w.run(Effect.succeed(1).pipe(loggedCall({ command: "list" })))
    expect(outcome._tag).toBe("Success")
    expect(log.databases.size).toBe(0)
  })

  it("RFC-0007:C-LOGGING no row for a named skill that does not resolve (E001): nowhere to log", async () => {
    const { log, w } = world()
    const outcome = await w.run(resolveCommandSkill("nope").pipe(loggedCall({ command: "show", skill: "nope", argsOf: () => ({}) })))
    expect(outcome._tag).toBe("Failure")
    expect(log.databases.size).toBe(0)
  })

  it("RFC-0007:C-LOGGING a failed call's row carries the rendered error with its code; the failure passes through", async () => {
    const { log, w } = world()
    const outcome = await w.run(stats({ skill: "alpha", group_by: "bogus" }).pipe(loggedCall({ command: "stats", skill: "alpha", argsOf: () => ({ group_by: "bogus" }) })))
    expect(outcome._tag).toBe("Failure")
    const rows = log.databases.get(logOf("alpha")) ?? []
    expect(rows).toHaveLength(1)
    expect(rows[0]!.error).toMatch(/^error\[E030\]: invalid query type: 'bogus'/)
  })

  it("RFC-0007:C-LOGGING a touch's own error is its row's error (one failed skill of several)", async () => {
    const { log, w } = world()
    const useCase = Effect.gen(function* () {
      const skill = yield* resolveCommandSkill("beta")
      yield* touchSkill(skill, { command: "build", args: { force: null }, error: "error[E040]: boom" })
    })
    await w.run(useCase.pipe(loggedCall({ command: "build" })))
    expect((log.databases.get(logOf("beta")) ?? [])[0]).toMatchObject({ command: "build", error: "error[E040]: boom" })
  })

  it("RFC-0007:C-LOGGING an interrupted call leaves no row of its own; the parts it finished keep theirs", async () => {
    const { log, w } = world()
    const useCase = Effect.gen(function* () {
      const beta = yield* resolveCommandSkill("beta")
      yield* touchSkill(beta, { command: "build", args: { force: null }, error: null })
      yield* resolveCommandSkill("alpha")
      return yield* Effect.interrupt
    })
    await w.run(useCase.pipe(loggedCall({ command: "build", skill: "alpha", argsOf: () => ({}) }))).catch(() => undefined)
    expect(log.databases.get(logOf("alpha")) ?? []).toEqual([])
    expect(log.databases.get(logOf("beta")) ?? []).toHaveLength(1)
  })
})

describe("issue 44 item 4: no use case writes an access-log row itself", () => {
  const root = join(import.meta.dirname, "..", "..", "src", "app")
  const walk = (dir: string): Array<string> =>
    readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : n.endsWith(".ts") ? [join(dir, n)] : []))
  // The writers: the row recorders of the usage capability and the port's append.
  const writer = /\b(recordAccess|recordAccesses|appendEach)\b|\.append\(/
  // The usage capability holds the log itself (the wrapper, sync's merge).
  const allowed = (file: string) => file.startsWith("usage/")

  it("RFC-0007:C-LOGGING only src/app/usage/ (and the wrapper there) names the access-log writer", () => {
    const offenders = walk(root)
      .map((f) => relative(root, f).split("\\").join("/"))
      .filter((f) => !allowed(f) && writer.test(readFileSync(join(root, f), "utf8")))
    expect(offenders).toEqual([])
  })
})
