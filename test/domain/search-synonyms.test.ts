// Issue 47: a searched word is also searched under the other words of its group (src/domain/search/synonyms.ts).
import { describe, expect, it } from "vitest"
import { termOf } from "../../src/domain/search/indexQuery.js"
import { synonymsOf } from "../../src/domain/search/synonyms.js"

const ascii = { segmentsCjk: false }

describe("issue 47: synonyms of a searched word", () => {
  it("a word of a group, as typed or inflected, brings the other words of its group", () => {
    expect(synonymsOf("make")).toEqual(["create", "build", "generate"])
    expect(synonymsOf("creating")).toEqual(["make", "build", "generate"])
    expect(synonymsOf("pictures")).toEqual(["image", "photo"])
    expect(synonymsOf("merged")).toEqual(["combine"])
    expect(synonymsOf("added")).toEqual(["insert"])
  })

  it("a word of no group has none, and a word that only looks inflected is not stripped into one", () => {
    expect(synonymsOf("deck")).toEqual([])
    expect(synonymsOf("madness")).toEqual([])
    expect(synonymsOf("adding")).toEqual(["insert"])
  })

  it("the searched word keeps its own spelling first, then its other spellings, then its synonyms", () => {
    expect(termOf("Make", ascii).phrases).toEqual(["Make", "create", "build", "generate"])
    expect(termOf("colours", ascii).phrases).toEqual(["colours", "colors"])
    expect(termOf("deck", ascii).phrases).toEqual(["deck"])
  })
})
