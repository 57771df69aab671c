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
  it("the fallback keeps the compound and adds its words once, after it; stop words and repeats are left out", () => {
    expect(fallbackTokens(["merge", "the", "pdf/merge.py"])).toEqual(["merge", "pdf/merge.py", "pdf", "py"])
  })
})
