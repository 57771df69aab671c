// `nullAsUnset` (src/app/shared/decodeInput.ts): an optional parameter's `null` is the parameter left out;
// a required one's, and a parameter that takes null, are left for the decoder.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { nullAsUnset } from "../../src/app/shared/decodeInput.js"

const Input = Schema.Struct({
  query: Schema.String,
  limit: Schema.optional(Schema.Number),
  note: Schema.optional(Schema.NullOr(Schema.String))
})

describe("nullAsUnset", () => {
  it("drops the null of an optional parameter that does not take null", () => {
    expect(nullAsUnset(Input.ast, { query: "q", limit: null })).toEqual({ query: "q" })
  })

  it("keeps a required parameter's null, a parameter that takes null, and unknown keys", () => {
    expect(nullAsUnset(Input.ast, { query: null, limit: 3 })).toEqual({ query: null, limit: 3 })
    expect(nullAsUnset(Input.ast, { query: "q", note: null })).toEqual({ query: "q", note: null })
    expect(nullAsUnset(Input.ast, { query: "q", extra: null })).toEqual({ query: "q", extra: null })
  })

  it("leaves anything but a plain object as it is", () => {
    expect(nullAsUnset(Input.ast, null)).toBeNull()
    expect(nullAsUnset(Input.ast, [1])).toEqual([1])
    expect(nullAsUnset(Schema.String.ast, { limit: null })).toEqual({ limit: null })
  })

  it("decoding after it accepts what decoding before refused", () => {
    const decode = Schema.decodeUnknownSync(Input)
    expect(() => decode({ query: "q", limit: null })).toThrow()
    expect(decode(nullAsUnset(Input.ast, { query: "q", limit: null }))).toEqual({ query: "q" })
  })
})
