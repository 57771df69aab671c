// RFC-0004:C-QUERY-SYNTAX makes each whitespace token one phrase; DECISIONS #37's partial query then
// searches the content words. A token that joins several words (a pasted URL, path, call, `section:merge`)
// adds its words to that partial query (compoundParts), so a paste the skill holds the words of is answered.
import { describe, expect, it } from "vitest"
import { compoundParts, fallbackTokens } from "../../src/domain/search/rank.js"

describe("compound tokens in the partial query", () => {
  it("a URL gives its words, without its scheme, host suffix, page extension or numbers", () => {
    expect(compoundParts("https://pypdf.readthedocs.io/en/stable/user/merging-pdfs.html")).toEqual(["pypdf", "readthedocs", "en", "stable", "user", "merging", "pdfs"])
  })
  it("paths, calls and column syntax give their words", () => {
    expect(compoundParts("ooxml/scripts/unpack.py")).toEqual(["ooxml", "scripts", "unpack", "py"])
    // A skill's own file names: every row's file name holds "md".
    expect(compoundParts("reference/forms.md")).toEqual(["reference", "forms"])
    expect(compoundParts("PdfReader(path).pages[0].extract_text()")).toEqual(["PdfReader", "path", "pages", "extract", "text"])
    expect(compoundParts("section:merge")).toEqual(["section", "merge"])
  })
  it("a plain, hyphenated or possessive word, or one with punctuation around it, is no compound", () => {
    for (const word of ["merge", "front-end", "document's", "clip-art?", "AI-made.", "(forms)", "a.b"]) expect(compoundParts(word), word).toEqual([])
    // Punctuation around a compound is dropped before it is split.
    expect(compoundParts("(Dashboard.jsx)")).toEqual(["Dashboard", "jsx"])
  })
  it("the fallback searches a compound as its words, once each; stop words and repeats are left out", () => {
    expect(fallbackTokens(["merge", "the", "pdf/merge.py"])).toEqual(["merge", "pdf", "py"])
    // A compound whose words are fewer than two stays itself.
    expect(fallbackTokens(["forms.md", "validation"])).toEqual(["forms.md", "validation"])
  })
})

describe("a pasted blob without spaces is a phrase of at most MAX_PHRASE_WORDS words", () => {
  it("a token of more words is cut after its 64th; a shorter one is as typed", async () => {
    const { MAX_PHRASE_WORDS, phrasePrefix, termOf } = await import("../../src/domain/search/indexQuery.js")
    const blob = "pdf.".repeat(30_000)
    const cut = phrasePrefix(blob)
    expect(cut.split(".").filter((w) => w !== "")).toHaveLength(MAX_PHRASE_WORDS)
    expect(blob.startsWith(cut)).toBe(true)
    expect(termOf(blob, { segmentsCjk: false }).phrases[0]).toBe(cut)
    const url = "https://pypdf.readthedocs.io/en/stable/user/merging-pdfs.html"
    expect(phrasePrefix(url)).toBe(url)
    // 64 words exactly, or punctuation after the last one: as typed.
    const exact = Array.from({ length: 64 }, (_, i) => `w${i}`).join("/")
    expect(phrasePrefix(exact)).toBe(exact)
  })
})
