// Issue 47 item 1: the fields that explain a search result's score — each
// word of the question the result holds, and where (src/domain/search/matchedTerms.ts).
import { describe, expect, it } from "@effect/vitest"
import { matchedTerms } from "../../src/domain/search/matchedTerms.js"

describe("issue 47 item 1: matched_terms", () => {
  it("a row of the AND query holds every word in the section itself", () => {
    expect(matchedTerms(["fill", "form"], undefined)).toEqual([
      { word: "fill", fields: ["section"] },
      { word: "form", fields: ["section"] }
    ])
  })

  it("each word once, in the question's order, with every place that holds it; a word held nowhere is left out", () => {
    // Bits: word i is bit i. "slide" in the section and its skill's description, "deck" in the description only,
    // "outline" nowhere, "python" in a heading above.
    const held = { own: 0b0001, inherited: 0b1000, described: 0b0011 }
    expect(matchedTerms(["slide", "deck", "outline", "python"], held)).toEqual([
      { word: "slide", fields: ["section", "skill"] },
      { word: "deck", fields: ["skill"] },
      { word: "python", fields: ["above"] }
    ])
  })

  it("the word as asked, without the sentence's punctuation around it; a word asked twice is listed once", () => {
    expect(matchedTerms(["Excel,", "excel", "(pivot)", "C++", "C#?", "“deck”", ".NET"], { own: 0b0000001, inherited: 0, described: 0b1111110 })).toEqual([
      { word: "Excel", fields: ["section"] },
      { word: "excel", fields: ["skill"] },
      { word: "pivot", fields: ["skill"] },
      { word: "C++", fields: ["skill"] },
      { word: "C#", fields: ["skill"] },
      { word: "deck", fields: ["skill"] },
      { word: ".NET", fields: ["skill"] }
    ])
    expect(matchedTerms(["pdf", "pdf"], { own: 0b01, inherited: 0b10, described: 0 })).toEqual([{ word: "pdf", fields: ["section", "above"] }])
  })
})
