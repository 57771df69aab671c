// `heldOnly` (src/app/search/correction.ts): the narrower question of an empty answer, from the words no
// section holds (the search's own counts). Pure.
import { describe, expect, it } from "vitest"
import { heldOnly } from "../../src/app/search/correction.js"

describe("heldOnly: the narrower question of an empty answer", () => {
  it("the held content words as typed, and the missing ones; function words are neither", () => {
    expect(heldOnly(["respond", "to", "a", "customer", "FAQs?"], new Set(["respond", "customer"]))).toEqual({ held: ["FAQs?"], missing: ["respond", "customer"] })
    expect(heldOnly(["faq", "newsletter", "zebra"], new Set(["zebra"]))).toEqual({ held: ["faq", "newsletter"], missing: ["zebra"] })
  })

  it("nothing when every word is held, when none is, or when three or more are (they would still answer nothing)", () => {
    expect(heldOnly(["faq", "newsletter"], new Set())).toBeUndefined()
    expect(heldOnly(["zebra", "quokka"], new Set(["zebra", "quokka"]))).toBeUndefined()
    expect(heldOnly(["alpha", "beta", "gamma", "zebra"], new Set(["zebra"]))).toBeUndefined()
    expect(heldOnly(["how", "to"], new Set())).toBeUndefined()
  })
})
