// `heldOnly` (src/app/search/correction.ts): for an empty answer, the words some section holds, those none
// holds, and whether the held ones alone make a question that answers. From the words no section holds (the
// search's own counts). Pure.
import { describe, expect, it } from "vitest"
import { heldOnly } from "../../src/app/search/correction.js"

describe("heldOnly: what an empty answer's words are", () => {
  it("the held content words as typed, and the missing ones; function words are neither", () => {
    expect(heldOnly(["respond", "to", "a", "customer", "FAQs?"], new Set(["respond", "customer"]))).toEqual({
      held: ["FAQs?"],
      missing: ["respond", "customer"],
      answers: true
    })
    expect(heldOnly(["faq", "newsletter", "zebra"], new Set(["zebra"]))).toEqual({ held: ["faq", "newsletter"], missing: ["zebra"], answers: true })
  })

  it("held words that would not answer alone: three or more, or every word", () => {
    expect(heldOnly(["alpha", "beta", "gamma", "zebra"], new Set(["zebra"]))).toMatchObject({ answers: false })
    expect(heldOnly(["alpha", "beta", "gamma"], new Set())).toEqual({ held: ["alpha", "beta", "gamma"], missing: [], answers: false })
  })

  it("nothing when no word is held, or the question has fewer than two content words", () => {
    expect(heldOnly(["zebra", "quokka"], new Set(["zebra", "quokka"]))).toBeUndefined()
    expect(heldOnly(["how", "to", "zebra"], new Set())).toBeUndefined()
    expect(heldOnly(["how", "to"], new Set())).toBeUndefined()
  })
})
