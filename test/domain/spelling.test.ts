// Issue 25: a question spelt the other way ("colors" for a skill's "Colour Palette") still finds the section.
// The query asks for every spelling of a word that has two (src/domain/search/spelling.ts, indexQuery.ts).
import { describe, expect, it } from "vitest"
import { indexQueryOf, termOf } from "../../src/domain/search/indexQuery.js"
import { spellingVariants } from "../../src/domain/search/spelling.js"

const ascii = { segmentsCjk: false }

describe("issue 25: British and American spellings of a searched word", () => {
  it("joins -our/-or, -ise/-ize, -yse/-yze and known word pairs, both ways", () => {
    expect(spellingVariants("colors")).toEqual(["colours"])
    expect(spellingVariants("colour")).toEqual(["color"])
    expect(spellingVariants("behavioural")).toEqual(["behavioral"])
    expect(spellingVariants("colourise")).toEqual(expect.arrayContaining(["colorise", "colorize"]))
    expect(spellingVariants("organizing")).toEqual(["organising"])
    expect(spellingVariants("visualisation")).toEqual(["visualization"])
    expect(spellingVariants("analyse")).toEqual(["analyze"])
    expect(spellingVariants("centre")).toEqual(["center"])
    expect(spellingVariants("catalog")).toEqual(["catalogue"])
    expect(spellingVariants("labelled")).toEqual(["labeled"])
  })

  it("leaves alone words a rule would turn into another word", () => {
    // "four" is not "for", "filled" is not "filed", "size" is not "sise", "hour" has no "hor".
    for (const w of ["four", "for", "hour", "your", "filled", "called", "size", "rise", "pdf", "form", "colonel"]) expect(spellingVariants(w)).toEqual([])
  })

  it("a word spelt two ways is held by any of its spellings; every word is still required", () => {
    expect(termOf("colors", ascii).phrases).toEqual(["colors", "colours"])
    // The token's own text is kept as typed; only the other spelling is lower case.
    expect(termOf("Colour,", ascii).phrases).toEqual(["Colour,", "color"])
    expect(termOf("fonts", ascii).phrases).toEqual(["fonts"])
    expect(indexQueryOf("brand colours", ascii)).toEqual({ terms: [{ phrases: ["brand"] }, { phrases: ["colours", "colors"] }], combine: "all", scope: { _tag: "Everywhere" } })
    // As FTS5 MATCH (a group joined with AND): test/adapters/fts5Match.test.ts.
  })
})
