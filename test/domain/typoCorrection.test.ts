// "Did you mean …?" for an empty search in one skill (src/domain/search/typoCorrection.ts): a word no section
// holds, replaced by the closest word of the skill's headings when it reads as a typo of it.
import { describe, expect, it } from "vitest"
import { correctedQuestion, headingVocabulary, typoOf } from "../../src/domain/search/typoCorrection.js"

const vocabulary = headingVocabulary(["Add Watermark", "Fill Forms", "Watermark Removal", "Colour Palette", "Fonts", "Configuration"])

describe("typo corrections from the skill's headings", () => {
  it("a misspelt word is the heading word within a small edit distance, the more frequent on a tie", () => {
    expect(typoOf("watermrk", vocabulary)).toBe("watermark")
    expect(typoOf("Pallete", vocabulary)).toBe("palette")
    expect(typoOf("configuraton", vocabulary)).toBe("configuration")
    expect(headingVocabulary(["Add Watermark", "Watermark"]).get("watermark")).toBe(2)
  })

  it("no correction for a word the headings hold, another form of a heading word, a short or non-letter word, or a far one", () => {
    expect(typoOf("watermark", vocabulary)).toBeUndefined()
    // "font" is "fonts" to the stemmer: search already finds it, so it is no typo.
    expect(typoOf("font", vocabulary)).toBeUndefined()
    expect(typoOf("fil", vocabulary)).toBeUndefined()
    // Four letters: too many neighbours ("tiff" is one edit from "diff").
    expect(typoOf("fnts", headingVocabulary(["Fonts"]))).toBeUndefined()
    expect(typoOf("tiff", headingVocabulary(["Show a diff"]))).toBeUndefined()
    expect(typoOf("form2", vocabulary)).toBeUndefined()
    expect(typoOf("zebra", vocabulary)).toBeUndefined()
    // Six letters or fewer: one edit only.
    expect(typoOf("fontts", vocabulary)).toBe("fonts")
    expect(typoOf("fnotts", vocabulary)).toBeUndefined()
  })

  it("the corrected question keeps every other token as typed, and is undefined when nothing changed", () => {
    expect(correctedQuestion(["add", "a", "watermrk"], new Set([2]), vocabulary)).toBe("add a watermark")
    expect(correctedQuestion(["watermrk,", "zebra"], new Set([0, 1]), vocabulary)).toBe("watermark zebra")
    expect(correctedQuestion(["zebra", "okapi"], new Set([0, 1]), vocabulary)).toBeUndefined()
    // Only the words held nowhere are corrected.
    expect(correctedQuestion(["watermrk"], new Set(), vocabulary)).toBeUndefined()
  })

  it("no correction when fewer than half of the words held nowhere read as typos: a question in another language", () => {
    const french = headingVocabulary(["Command-Line Tools", "Fill Forms"])
    // "comment" is one edit from "command"; "remplir", "un" and "formulaire" are near nothing.
    expect(correctedQuestion(["comment", "remplir", "un", "formulaire", "PDF"], new Set([0, 1, 2, 3]), french)).toBeUndefined()
    // Two of four are typos: half, corrected.
    expect(correctedQuestion(["watermrk", "pallete", "zebra", "okapi"], new Set([0, 1, 2, 3]), vocabulary)).toBe("watermark palette zebra okapi")
    // One of three is not.
    expect(correctedQuestion(["watermrk", "zebra", "okapi"], new Set([0, 1, 2]), vocabulary)).toBeUndefined()
  })
})
