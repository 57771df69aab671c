// Issue 25 item 3: "did you mean …?" for names skc could not find.
import { describe, expect, it } from "vitest"
import { spelledByWordPrefixes, suggestSections } from "../../src/domain/search/sectionMatch.js"
import { closest, didYouMean, editDistance } from "../../src/domain/suggest.js"
import { InvalidQueryType, FileNotFound, SkillNotFound, renderError } from "../../src/domain/errors.js"

describe("closest names", () => {
  it("edit distance counts a swap as one", () => {
    expect(editDistance("serach", "search")).toBe(1)
    expect(editDistance("pdff", "pdf")).toBe(1)
    expect(editDistance("kitten", "sitting")).toBe(3)
    expect(editDistance("abc", "xyz123", 1)).toBe(2) // stops early past the bound
  })

  it("prefers another case, then the same file name, then a typo; nothing far", () => {
    expect(closest("FORMS.md", ["reference.md", "forms.md", "scripts/fill.py"])).toEqual(["forms.md"])
    expect(closest("forms.md", ["reference/forms.md", "other.md"])).toEqual(["reference/forms.md"])
    expect(closest("pdff", ["docx", "pdf", "xlsx"])).toEqual(["pdf"])
    expect(closest("section", ["summary", "sections", "files"], 1)).toEqual(["sections"])
    expect(closest("zzzz", ["pdf", "docx"])).toEqual([])
    expect(closest("pdf", ["pdf"])).toEqual([])
  })

  // An agent's probe: obra/superpowers' skills name each other as Claude Code names a plugin's skill
  // (`superpowers:test-driven-development`), and the copy in a project answered E001 with no suggestion.
  it("a plugin-qualified name suggests the skill of its last part", () => {
    const skills = ["brainstorming", "test-driven-development", "writing-plans"]
    expect(closest("superpowers:test-driven-development", skills)).toEqual(["test-driven-development"])
    expect(closest("superpowers:writing-plan", skills)).toEqual(["writing-plans"])
  })

  it("after typos: a name cut short or a whole part of one, for three characters or more", () => {
    const skills = ["slack-gif-creator", "pdf", "pptx", "webapp-testing"]
    expect(closest("slack-gif", skills)).toEqual(["slack-gif-creator"])
    expect(closest("gif", skills)).toEqual(["slack-gif-creator"])
    expect(closest("testing", skills)).toEqual(["webapp-testing"])
    expect(closest("pptxgenjs", ["SKILL.md", "pptxgenjs.md", "html2pptx.md"])).toEqual(["pptxgenjs.md"])
    // Not a letter or two in common, not inside a part.
    expect(closest("sl", skills)).toEqual([])
    expect(closest("lack", skills)).toEqual([])
    // A typo still wins over a part.
    expect(closest("pdx", ["pdf", "pdx-tools"])).toEqual(["pdf"])
  })

  it("one line, the same everywhere", () => {
    expect(didYouMean([])).toBeUndefined()
    expect(didYouMean(["pdf"])).toBe("did you mean 'pdf'?")
    expect(didYouMean(["a", "b", "c"])).toBe("did you mean 'a', 'b' or 'c'?")
  })
})

describe("errors carry the suggestion after their RFC line", () => {
  it("E001 names a close skill, else says how to list them; without a lookup it is the bare template", () => {
    expect(renderError(new SkillNotFound({ skill: "pdff", suggestions: ["pdf"] }))).toBe("error[E001]: skill 'pdff' not found\n  did you mean 'pdf'?")
    expect(renderError(new SkillNotFound({ skill: "zzz", suggestions: [] }))).toBe(
      "error[E001]: skill 'zzz' not found\n  run 'skc list' to see the skills that resolve here"
    )
    expect(renderError(new SkillNotFound({ skill: "x" }))).toBe("error[E001]: skill 'x' not found")
  })
  it("E021 names the file of another case; E030 lists the valid values", () => {
    expect(renderError(new FileNotFound({ path: "FORMS.md", suggestions: ["forms.md"] }))).toBe("error[E021]: file not found: 'FORMS.md'\n  did you mean 'forms.md'?")
    expect(renderError(new InvalidQueryType({ type: "section", valid: ["summary", "sections"] }))).toBe(
      "error[E030]: invalid query type: 'section'\n  did you mean 'sections'?\n  valid values: summary, sections"
    )
  })
})

describe("section suggestions (E020)", () => {
  const heading = (text: string, file = "SKILL.md") => ({ text, file, level: 2, start_line: 1, end_line: 2 })
  const headings = [heading("Install"), heading("Rolling back"), heading("Add Watermark", "reference.md"), heading("Merge PDFs")]
  const texts = (q: string) => suggestSections(headings as never, q, undefined).map((h) => h.text)

  it("a query spelled by a heading's word prefixes: 'rollback' → 'Rolling back'", () => {
    expect(texts("rollback")).toEqual(["Rolling back"])
  })
  it("a word one typo away: 'Watermarks' → 'Add Watermark'", () => {
    expect(texts("Watermarks")).toEqual(["Add Watermark"])
  })
  it("a typo of the whole heading: 'Instal' → 'Install'; nothing for an unrelated word", () => {
    expect(texts("Instal")).toEqual(["Install"])
    expect(texts("zebra")).toEqual([])
  })

  // Hostile input: every split of every word was tried, 3^words paths for a long query against a heading of
  // alike words; 20 words of "aaaa" and a 300-letter query kept `skc show` busy for minutes. Counted, not timed.
  it("word prefixes: a long query against 14 alike words reads the words a bounded number of times", () => {
    let reads = 0
    const words = new Proxy(Array.from({ length: 14 }, () => "aaaa"), {
      get: (target, key, receiver) => {
        if (typeof key === "string" && /^\d+$/.test(key)) reads++
        return Reflect.get(target, key, receiver)
      }
    })
    expect(spelledByWordPrefixes("a".repeat(300), words)).toBe(false)
    // (query positions + 1) × (words + 1) × 3 states, each entered at most once after it failed.
    expect(reads).toBeLessThanOrEqual(301 * 15 * 3 * 2)
    expect(spelledByWordPrefixes("rollback", ["rolling", "back"])).toBe(true)
  })

  it("a pasted query compares its first 32 distinct words with the headings for a typo, not every word", () => {
    const fillers = Array.from({ length: 38 }, (_, i) => `fill${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`)
    // "mnbvcx" is the first distinct word, "zqxjkv" the 40th; each heading is one letter away from one of them.
    const pasted = ["mnbvcx", ...fillers, ...fillers, "zqxjkv"].join(" ")
    const suggested = (text: string) => suggestSections([heading(text)] as never, pasted, undefined).map((h) => h.text)
    expect(suggested("Zz mnbvcy")).toEqual(["Zz mnbvcy"])
    expect(suggested("Zz zqxjkw")).toEqual([])
  })
})
