// Issue 25: a question spelt the other way ("colors" for a skill's "Colour Palette") still finds the section.
// The query asks for every spelling of a word that has two (src/domain/search/spelling.ts, query.ts).
import { describe, expect, it } from "vitest"
import { allOfExpression, anyOfExpression, buildMatchExpression, termOf } from "../../src/domain/search/query.js"
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

  it("a word spelt two ways is a group of its spellings; every term is still required", () => {
    expect(termOf("colors", ascii)).toBe('("colors" OR "colours")')
    // The token's own text is kept as typed; only the other spelling is lower case.
    expect(termOf("Colour,", ascii)).toBe('("Colour," OR "color")')
    expect(termOf("fonts", ascii)).toBe('"fonts"')
    // FTS5 takes a bare space only between phrases: a group is joined with AND, which means the same.
    expect(buildMatchExpression("brand colours", ascii)).toBe('"brand" AND ("colours" OR "colors")')
    expect(buildMatchExpression("brand fonts", ascii)).toBe('"brand" "fonts"')
    expect(allOfExpression(['"a"', '"b"'])).toBe('"a" "b"')
    expect(anyOfExpression(['"a"', '("colors" OR "colours")'])).toBe('"a" OR ("colors" OR "colours")')
  })
})

describe("issue 25: skill matching treats both spellings as one word", () => {
  it("a request spelt one way scores a description spelt the other", async () => {
    const { bm25 } = await import("../../src/domain/protocol/bm25.js")
    const docs = [
      { id: "brand", name: "brand", description: "Colour palette and typography of the house style." },
      { id: "charts", name: "charts", description: "Plot data as bar and line charts." }
    ]
    const [best] = bm25(docs, "which colors may I use").filter((s) => s.score > 0)
    expect(best?.id).toBe("brand")
    expect(best?.hits.map((h) => h.word)).toEqual(["colors"])
  })
})
