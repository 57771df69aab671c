// Apostrophes, hyphens and slashes in a question (issue 47; docs/search.md "Apostrophes and hyphens").
// RFC-0004:C-QUERY-SYNTAX makes each token a phrase for the index's tokenizer, which splits a word at its
// apostrophe, hyphen or slash: "document's" is the phrase "document s", held only where the text says
// "document's", "isn't" is "isn t", "e-mail" is "e mail" (not "email"), "and/or" is "and or". A possessive
// is held through the word it is of too, a hyphenated word through its closed form, and a contraction or
// a slashed pair of function words is a function word.
import { describe, expect, it } from "vitest"
import { closedCompound, countedNoun, openCompound, possessiveBase, termOf } from "../../src/domain/search/indexQuery.js"
import { straightApostrophes } from "../../src/domain/search/query.js"
import { fallbackTokens, isStopWord, wordOf } from "../../src/domain/search/rank.js"
import { terms } from "../../src/domain/protocol/text.js"

const ascii = { segmentsCjk: false }

describe("possessives: the word they are of is searched too", () => {
  it("'document's' is held by 'document's' or by 'document', with the base word's spellings and synonyms", () => {
    // "doc" is of the synonym group of "document" (synonyms.ts), searched for the possessive as for the word.
    expect(termOf("document", ascii).phrases).toEqual(["document", "doc"])
    expect(termOf("document's", ascii).phrases).toEqual(["document's", "document", "doc"])
    expect(termOf("Document’s", ascii).phrases).toEqual(["Document’s", "document", "doc"])
    expect(termOf("colour's", ascii).phrases).toEqual(["colour's", "colour", "color"])
    expect(termOf("(workbook's", ascii).phrases).toEqual(["(workbook's", "workbook"])
  })

  it("only a trailing 's after a word is a possessive", () => {
    expect(possessiveBase("document's")).toBe("document")
    expect(possessiveBase("claude’s")).toBe("claude")
    expect(possessiveBase("users'")).toBeUndefined()
    expect(possessiveBase("o'reilly")).toBeUndefined()
    expect(possessiveBase("'s")).toBeUndefined()
    expect(possessiveBase("documents")).toBeUndefined()
    expect(termOf("o'reilly", ascii).phrases).toEqual(["o'reilly"])
  })
})

describe("contractions of function words are function words", () => {
  it("every n't, and a stop word with 's, 're, 've, 'll, 'd or 'm, in either apostrophe", () => {
    for (const w of ["isn't", "doesn't", "can't", "won't", "shouldn’t", "that's", "there's", "you're", "we've", "i'll", "you'd", "i'm", "it’s", "What's"]) {
      expect(isStopWord(w), w).toBe(true)
    }
  })

  it("a possessive of a content word stays a content word", () => {
    for (const w of ["document's", "claude's", "workbook’s", "pdf's"]) expect(isStopWord(w), w).toBe(false)
  })

  it("the partial query's words leave them out", () => {
    expect(fallbackTokens(["fill", "a", "form", "that", "isn't", "fillable"])).toEqual(["fill", "form", "fillable"])
    expect(fallbackTokens(["the", "document’s", "title"])).toEqual(["document’s", "title"])
  })

  it("the typographic apostrophes read as the straight one", () => {
    expect(straightApostrophes("it’s isnʼt")).toBe("it's isn't")
    expect(wordOf("Isn’t")).toBe("isn't")
  })

  it("the match judge's words drop what is left of a contraction", () => {
    expect(terms("why isn't my form filling, and doesn't it save? we'll see").map((t) => t.word)).toEqual(["form", "filling", "save", "see"])
  })
})

describe("hyphens and slashes", () => {
  it("a hyphenated word is held by its closed form too", () => {
    expect(termOf("e-mail", ascii).phrases).toEqual(["e-mail", "email"])
    expect(termOf("Front-End", ascii).phrases).toEqual(["Front-End", "frontend"])
    expect(termOf("(multi-page)", ascii).phrases).toEqual(["(multi-page)", "multipage"])
    expect(closedCompound("step-by-step")).toBe("stepbystep")
    expect(closedCompound("email")).toBeUndefined()
    expect(closedCompound("-flag")).toBeUndefined()
    expect(closedCompound("a--b")).toBeUndefined()
  })

  it("issue 47 (sixty-first pass): a closed verb-and-particle compound is held by its open form too", () => {
    expect(termOf("writeup", ascii).phrases).toEqual(["writeup", "write up"])
    expect(termOf("Setup", ascii).phrases).toEqual(["Setup", "set up"])
    expect(openCompound("login")).toBe("log in")
    expect(openCompound("layout")).toBe("lay out")
    expect(openCompound("rollback")).toBe("roll back")
    // A wrong split is a phrase no text says: harmless.
    expect(openCompound("begin")).toBe("beg in")
    // A function word before the particle: no verb ("with in-place edits" holds "with in").
    expect(openCompound("within")).toBeUndefined()
    expect(openCompound("moreover")).toBeUndefined()
    // Too short a verb, no particle, or a hyphenated word (its closed form is the other spelling): none.
    expect(openCompound("upin")).toBeUndefined()
    expect(openCompound("cover")).toBeUndefined()
    expect(openCompound("table")).toBeUndefined()
    expect(termOf("write-up", ascii).phrases).toEqual(["write-up", "writeup"])
  })

  it("a number joined to a noun by a hyphen is held by the noun (\"5-slide\" is \"slide\", with its spellings)", () => {
    expect(termOf("5-slide", ascii).phrases.slice(0, 2)).toEqual(["5-slide", "slide"])
    expect(termOf("3-statement", ascii).phrases.slice(0, 2)).toEqual(["3-statement", "statement"])
    expect(countedNoun("10-page")).toBe("page")
    expect(countedNoun("2.5-inch")).toBe("inch")
    expect(countedNoun("a-5")).toBeUndefined()
    expect(countedNoun("5-")).toBeUndefined()
    expect(countedNoun("e-mail")).toBeUndefined()
  })

  it("function words joined by slashes are a function word; other slashed words are content", () => {
    expect(isStopWord("and/or")).toBe(true)
    expect(isStopWord("if/when")).toBe(true)
    expect(isStopWord("read/write")).toBe(false)
    expect(isStopWord("and/")).toBe(true) // "and" with the slash stripped as punctuation at its end
    expect(isStopWord("input/and")).toBe(false)
    expect(fallbackTokens(["merge", "and/or", "split"])).toEqual(["merge", "split"])
  })
})
