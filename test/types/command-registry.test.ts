// Issue 28 item 4: the command registry keeps its types without `any`. Each spec is checked against its use case
// where it is defined (`defineCommand`); the registry holds every spec as an `AnyCommandSpec` without a cast. The
// `@ts-expect-error` lines are checked by `tsc` (the CI's type check): if a wrong spec compiled, they would fail.
import { Effect, Option, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { commandSpecs } from "../../src/commands/index.js"
import { arg, common, defineCommand, flag, type AnyCommandSpec } from "../../src/commands/spec.js"

const Input = Schema.Struct({ skill: Schema.String, limit: Schema.optional(Schema.Int) })

const greet = defineCommand({
  name: "greet",
  summary: ["Say hello."],
  examples: [],
  args: { skill: arg.one("skill", "Skill name") },
  flags: { limit: flag.integer("limit", "At most this many"), ...common() },
  load: async () => ({
    input: Input,
    toInput: (o) => ({ skill: o.skill, ...(Option.isSome(o.limit) ? { limit: o.limit.value } : {}) }),
    run: (input) => Effect.succeed({ greeting: `hello ${input.skill}`, count: input.limit ?? 1 }),
    text: (result) => `${result.greeting} × ${result.count}`
  })
})

describe("issue 28: a typed command registry", () => {
  it("a concrete spec is a registry entry without a cast", async () => {
    const registry: ReadonlyArray<AnyCommandSpec> = [...commandSpecs, greet]
    expect(registry.map((c) => c.name)).toContain("greet")
    const handler = await greet.load()
    expect(handler.text({ greeting: "hello demo", count: 1 }, { cwd: "/", home: "/", verbose: false, colour: false, now: 0 })).toBe("hello demo × 1")
  })

  it("a spec whose parts disagree with its use case does not compile", () => {
    defineCommand({
      name: "wrong",
      summary: [],
      examples: [],
      args: { skill: arg.one("skill", "Skill name") },
      flags: { ...common() },
      load: async () => ({
        input: Input,
        // @ts-expect-error the flags have no `limit`
        toInput: (o) => ({ skill: o.skill, limit: o.limit }),
        run: (input) => Effect.succeed({ greeting: input.skill }),
        // @ts-expect-error the result has no `count`
        text: (result) => `${result.count}`
      })
    })
    expect(true).toBe(true)
  })
})
