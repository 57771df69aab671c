// The ASCII fast paths of the search code (src/domain/ascii.ts) give what
// the Unicode classes they stand in for give, on every ASCII input: a token,
// a word, a held phrase or a snippet must not change because the query was
// ASCII (RFC-0004:C-SEARCH snippets, issue 47's stop-word and word rules).
import { describe, expect, it } from "vitest"
import { isAscii } from "../../src/domain/ascii.js"
import { words } from "../../src/domain/protocol/text.js"
import { containsCjk } from "../../src/domain/search/cjk.js"
import { excerptOf, heldPhrases, phrasesOf, tokenNormalizer } from "../../src/domain/search/excerpt.js"
import { wordOf } from "../../src/domain/search/rank.js"

// The Unicode definitions, as the modules wrote them before the fast paths.
const unicodeTokens = (text: string) => [...text.matchAll(/[\p{L}\p{N}\p{M}\p{Co}]+/gu)].map((m) => m[0])
const unicodeWordOf = (token: string) => token.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, "")
const unicodeWords = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)

/** Deterministic strings over every ASCII code unit, weighted towards letters so that tokens form. */
const asciiSamples = (): ReadonlyArray<string> => {
  let seed = 47
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648)
  const alphabet = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join("") + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".repeat(3)
  const out: Array<string> = []
  for (let i = 0; i < 400; i++) {
    const n = next() % 40
    let s = ""
    for (let k = 0; k < n; k++) s += alphabet[next() % alphabet.length]
    out.push(s)
  }
  // Every single code unit, alone and between letters.
  for (let c = 0; c < 128; c++) out.push(String.fromCharCode(c), `a${String.fromCharCode(c)}b`, `${String.fromCharCode(c)}ab`, `ab${String.fromCharCode(c)}`)
  return out
}

describe("ASCII fast paths (src/domain/ascii.ts)", () => {
  it("isAscii is true exactly when no code unit is above U+007F", () => {
    expect(isAscii("")).toBe(true)
    expect(isAscii("fill a form\u007f")).toBe(true)
    expect(isAscii("café")).toBe(false)
    expect(isAscii("slide\u0080")).toBe(false)
    expect(isAscii("図")).toBe(false)
    expect(isAscii("\ud83d\ude00")).toBe(false)
  })

  it("tokens, held phrases and snippets of ASCII text are the Unicode class's", () => {
    const normalize = tokenNormalizer(true)
    for (const s of asciiSamples()) {
      const expected = unicodeTokens(s)
      // phrasesOf keeps a phrase's tokens, normalized; one phrase per sample.
      const got = phrasesOf([s], (t) => t)
      expect(got).toEqual(expected.length === 0 ? [] : [expected])
      const phrase = expected.slice(0, 2).map(normalize)
      expect(heldPhrases(s, phrase.length === 0 ? [] : [phrase], normalize)).toEqual(phrase.length === 0 ? [] : [true])
    }
    const text = "Step 3: Fill the Form -- fill_in forms, A.4 (x2) FORM's end"
    expect(excerptOf(text, phrasesOf(["form"], normalize), normalize, 32)).toBe("Step 3: Fill the [MATCH]Form[/MATCH] -- fill_in [MATCH]forms[/MATCH], A.4 (x2) [MATCH]FORM[/MATCH]'s end")
  })

  it("a word of a query is trimmed as the Unicode pattern trims it", () => {
    for (const s of asciiSamples()) expect(wordOf(s)).toBe(unicodeWordOf(s))
    expect(wordOf("'form's,")).toBe("form's")
    expect(wordOf("users'")).toBe("users'")
  })

  it("activation words of ASCII text are the Unicode split's", () => {
    for (const s of asciiSamples()) expect(words(s)).toEqual(unicodeWords(s))
  })

  it("ASCII text holds no CJK; other text is still looked at", () => {
    for (const s of asciiSamples()) expect(containsCjk(s)).toBe(false)
    expect(containsCjk("スライド deck")).toBe(true)
    expect(containsCjk("café")).toBe(false)
  })

  it("non-ASCII text keeps the Unicode classes", () => {
    const normalize = tokenNormalizer(false)
    expect(phrasesOf(["Café naïve"], normalize)).toEqual([["cafe", "naive"]])
    expect(wordOf("«Résumé»")).toBe("résumé")
    expect(words("Crème brûlée")).toEqual(["creme", "brulee"])
  })
})
