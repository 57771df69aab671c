// `heldWords` (src/app/search/correction.ts): for an empty answer, the words some section holds, those none
// holds, and whether the held ones alone make a question that answers. From the words no section holds (the
// search's own counts). Pure.
import { describe, expect, it } from "vitest"
import { heldWords } from "../../src/app/search/correction.js"

describe("heldWords: what an empty answer's words are", () => {
  it("the held content words as asked (without the sentence's punctuation), and the missing ones; function words are neither", () => {
    // Seventy-second pass: "FAQs?" was shown, and pasted into the narrower command, with its question mark.
    expect(heldWords(["respond", "to", "a", "customer", "FAQs?"], new Set(["respond", "customer"]))).toEqual({
      held: ["FAQs"],
      missing: ["respond", "customer"],
      answers: true
    })
    expect(heldWords(["faq", "newsletter", "zebra"], new Set(["zebra"]))).toEqual({ held: ["faq", "newsletter"], missing: ["zebra"], answers: true })
  })

  it("held words that would not answer alone: three or more, or every word", () => {
    expect(heldWords(["alpha", "beta", "gamma", "zebra"], new Set(["zebra"]))).toMatchObject({ answers: false })
    expect(heldWords(["alpha", "beta", "gamma"], new Set())).toEqual({ held: ["alpha", "beta", "gamma"], missing: [], answers: false })
  })

  it("nothing when no word is held, or the question has fewer than two content words", () => {
    expect(heldWords(["zebra", "quokka"], new Set(["zebra", "quokka"]))).toBeUndefined()
    expect(heldWords(["how", "to", "zebra"], new Set())).toBeUndefined()
    expect(heldWords(["how", "to"], new Set())).toBeUndefined()
  })
})

describe("heldWords: only the words searched (issue 47, thirteenth pass)", () => {
  it("a word past the 32 searched is neither held nor missing; a repeated word counts once", () => {
    const pasted = Array.from({ length: 40 }, (_, i) => `zq${i}`)
    // The search counted the first 32 and found none of them: nothing is held, so no narrower question.
    expect(heldWords(pasted, new Set(pasted.slice(0, 32)))).toBeUndefined()
    expect(heldWords(["faq", "faq", "zebra"], new Set(["zebra"]))).toEqual({ held: ["faq"], missing: ["zebra"], answers: true })
  })
})
