// Compatibility forms in a query (src/domain/search/indexQuery.ts, `compatibilityForm`): fullwidth letters and
// ligatures are searched as their plain letters too, since the index's unicode61 tokenizer folds only case and
// diacritics. RFC-0004:C-QUERY-SYNTAX is unchanged: the tokens are split on ASCII whitespace only.
import { describe, expect, it } from "vitest"
import { compatibilityForm, termOf } from "../../src/domain/search/indexQuery.js"
import { fallbackTokens, isStopWord, wordOf } from "../../src/domain/search/rank.js"

const ascii = { segmentsCjk: false }

describe("compatibility forms of a searched word", () => {
  it("a fullwidth or ligatured word is searched as typed, then as its plain letters, with their spellings and synonyms", () => {
    expect(termOf("ｐｄｆ", ascii).phrases).toEqual(["ｐｄｆ", "pdf"])
    expect(termOf("ﬁll", ascii).phrases).toEqual(["ﬁll", "fill"])
    expect(termOf("ｃｏｌｏｕｒｓ", ascii).phrases).toEqual(["ｃｏｌｏｕｒｓ", "colours", "colors"])
    expect(termOf("Ｍａｋｅ", ascii).phrases).toEqual(["Ｍａｋｅ", "Make", "create", "build", "generate"])
  })

  it("ASCII and words with no compatibility form are left as they are", () => {
    expect(compatibilityForm("pdf")).toBeUndefined()
    expect(compatibilityForm("café")).toBeUndefined()
    expect(compatibilityForm("设置")).toBeUndefined()
    expect(termOf("café", ascii).phrases).toEqual(["café"])
  })

  it("with the cjk tokenizer the plain form is segmented as the typed one is", () => {
    // Halfwidth katakana is its fullwidth form; each character a token of the character-level index.
    expect(termOf("ｶﾀｶﾅ", { segmentsCjk: true }).phrases).toEqual(["ｶ ﾀ ｶ ﾅ", "カ タ カ ナ"])
  })

  it("a fullwidth function word is a function word: it never decides a match alone", () => {
    expect(wordOf("ＦＩＬＬ")).toBe("fill")
    expect(isStopWord("ａ")).toBe(true)
    expect(isStopWord("ｔｈｅ")).toBe(true)
    expect(fallbackTokens(["ｆｉｌｌ", "ａ", "ｆｏｒｍ", "form"])).toEqual(["ｆｉｌｌ", "ｆｏｒｍ"])
  })
})
