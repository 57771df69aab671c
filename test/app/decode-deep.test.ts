// A deeply nested argument (a client probe, seventy-ninth pass): `skc_list {"pattern": [[[…]]]}` with 100,000
// levels, under the 1 MiB request limit, overflowed the stack where the E100 message prints the value it got
// (JSON.stringify, then String()), and the call failed with `error[E999]: Maximum call stack size exceeded`.
import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { decodeInput, MAX_SHOWN_DEPTH, nestsDeeperThan } from "../../src/app/shared/decodeInput.js"

const Input = Schema.Struct({ pattern: Schema.optional(Schema.String), skills: Schema.optional(Schema.Array(Schema.String)) })
const nested = (levels: number): unknown => JSON.parse("[".repeat(levels) + "]".repeat(levels))
const refusal = (input: unknown) => Effect.runSync(Effect.flip(decodeInput(Input)(input))).message

describe("decodeInput: a value nested past what a message prints", () => {
  it("is E100 naming the argument and the nesting, for 100,000 levels of arrays", () => {
    expect(refusal({ pattern: nested(100_000) })).toBe(`pattern: Expected string, actual an array nested deeper than ${MAX_SHOWN_DEPTH} levels`)
  })

  it("so are deep objects, and a deep value inside an array argument", () => {
    const deepObject = JSON.parse('{"a":'.repeat(100_000) + "1" + "}".repeat(100_000)) as unknown
    expect(refusal({ pattern: deepObject })).toContain(`an object nested deeper than ${MAX_SHOWN_DEPTH} levels`)
    expect(refusal({ skills: [nested(100_000)] })).toContain(`an array nested deeper than ${MAX_SHOWN_DEPTH} levels`)
  })

  it("a shallow value is still printed as JSON", () => {
    expect(refusal({ pattern: [[1]] })).toBe("pattern: Expected string, actual [[1]]")
    expect(refusal({ pattern: nested(MAX_SHOWN_DEPTH) })).toContain(`actual ${"[".repeat(MAX_SHOWN_DEPTH)}`)
  })

  it("nestsDeeperThan counts levels without recursion", () => {
    expect(nestsDeeperThan("x", 0)).toBe(false)
    expect(nestsDeeperThan([], 1)).toBe(false)
    expect(nestsDeeperThan([[]], 1)).toBe(true)
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false)
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true)
    expect(nestsDeeperThan(nested(100_000), 32)).toBe(true)
  })
})
