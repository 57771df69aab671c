// Issue 28 item 4: `skc build`'s command line as a use case (src/app/build/buildCommand.ts), in memory: one skill is the
// single build, several build each in turn, and `watch` reports its lines through `WatchIo` (the CLI's stderr and
// stdout) and ends when `stop` completes.
import { Deferred, Effect, Fiber, Result } from "effect"
import { describe, expect, it } from "vitest"
import { buildCommand, type WatchIo } from "../../src/app/build/buildCommand.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string) => `---\nname: ${name}\ndescription: d\n---\n# ${name}\n\n## Part\n\nText.\n`
const noWatch = () => Effect.die(new Error("no watch asked for"))

describe("issue 28: skc build's use case", () => {
  const files = { "/proj/.skillc/skills/a/SKILL.md": SKILL("a"), "/proj/.skillc/skills/b/SKILL.md": SKILL("b") }

  it("one skill is the single build, several are built each in turn", async () => {
    const w = memoryWorld({ files })
    const one = Result.getOrThrow(await w.run(buildCommand({ skill: "a" }, noWatch)))
    expect(one._tag === "One" && one.result.skill).toBe("a")
    const many = Result.getOrThrow(await w.run(buildCommand({ skills: ["a", "b"] }, noWatch)))
    expect(many._tag === "Many" && many.result.results.map((r) => r.skill)).toEqual(["a", "b"])
  })

  it("a watch says what it watches, reports each build, and says when it stopped", async () => {
    const w = memoryWorld({ files })
    const lines: Array<string> = []
    const r = await w.run(
      Effect.gen(function* () {
        const stop = yield* Deferred.make<void>()
        const io: WatchIo = {
          status: (line) => Effect.sync(() => void lines.push(`status: ${line}`)),
          event: (line) => Effect.sync(() => void lines.push(`event: ${line}`)),
          stop: Deferred.await(stop)
        }
        const fiber = yield* Effect.forkChild(buildCommand({ skills: ["a"], watch: true }, () => Effect.succeed(io)))
        for (let i = 0; i < 6000 && !lines.some((l) => l.startsWith("event:")); i++) yield* Effect.sleep(10)
        yield* Deferred.succeed(stop, undefined)
        return yield* Fiber.join(fiber)
      })
    )
    expect(Result.getOrThrow(r)).toEqual({ _tag: "Watched", skills: 1 })
    expect(lines[0]).toBe("status: watching a (Ctrl-C to stop)")
    expect(lines[1]).toMatch(/^event: \[\d\d:\d\d:\d\d\] built a in \d+ ms/)
    expect(lines.at(-1)).toBe("status: stopped watching")
  })
})
