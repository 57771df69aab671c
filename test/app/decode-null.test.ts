// `nullAsUnset` (src/app/shared/decodeInput.ts): an optional parameter's `null` is the parameter left out;
// a required one's, and a parameter that takes null, are left for the decoder.
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { nullAsUnset, numbersFromText } from "../../src/app/shared/decodeInput.js"

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

describe("numbersFromText: a number an MCP client sends as text", () => {
  const WithText = Schema.Struct({ query: Schema.String, limit: Schema.optional(Schema.Number), label: Schema.optional(Schema.Union([Schema.Number, Schema.String])) })

  it("is the number for a parameter that takes only a number; a plain decimal only", () => {
    expect(numbersFromText(WithText.ast, { query: "5", limit: "5" })).toEqual({ query: "5", limit: 5 })
    expect(numbersFromText(WithText.ast, { query: "q", limit: "-2.5" })).toEqual({ query: "q", limit: -2.5 })
    for (const odd of ["5px", "", " 5", "1e3", "0x10", "Infinity"]) expect(numbersFromText(WithText.ast, { query: "q", limit: odd })).toEqual({ query: "q", limit: odd })
  })

  it("leaves a parameter that also takes text as sent", () => {
    expect(numbersFromText(WithText.ast, { query: "q", label: "7" })).toEqual({ query: "q", label: "7" })
  })

  it("decoding after it accepts what decoding before refused", () => {
    const decode = Schema.decodeUnknownSync(WithText)
    expect(() => decode({ query: "q", limit: "5" })).toThrow()
    expect(decode(numbersFromText(WithText.ast, { query: "q", limit: "5" }))).toEqual({ query: "q", limit: 5 })
  })
})
