// Issue 47, twenty-eighth pass: a section that only points to other files (src/domain/search/navigation.ts,
// docs/search.md "Sections that point elsewhere"). Pure: no index, no file.
import { describe, expect, it } from "vitest"
import { NAVIGATION_LEAD_CHARS, navigationShare } from "../../src/domain/search/navigation.js"
import { rerank, rerankFeatures, RERANK_WEIGHTS_ACROSS, RERANK_WEIGHTS_ONE_SKILL, type RerankCandidate } from "../../src/domain/search/rerank.js"

const ROUTING = [
  "## Files in This Skill",
  "",
  "- [reference/extract.md](reference/extract.md): extract the text of every slide",
  "- [reference/layouts.md](reference/layouts.md): slide layouts and placeholders",
  "- scripts/extract_text.py: the text of every slide as JSON",
  ""
].join("\n")

describe("navigationShare", () => {
  it("is the share of the lines after the heading that are list items or table rows naming another file, blank lines not counted", () => {
    expect(navigationShare(ROUTING)).toBe(1)
    const mixed = ["## Extract the Text", "", "Walk every shape on every slide.", "- [the reference](reference/extract.md)", "A table holds text in its cells.", "1. Keep the slide number."]
    expect(navigationShare(mixed.join("\n"))).toBe(0.25)
  })

  it("does not count a sentence that mentions a file: a routing table is a list or a table", () => {
    // The e2e test of the name every skill's main file has (test/e2e/search-one-score.test.ts) asks a section
    // made of this one sentence; read as a list of files it lost its first place.
    expect(navigationShare("## Anatomy\n\nA skill is a folder with a SKILL.md file.\n")).toBe(0)
    expect(navigationShare("## Forms\n\nSee [forms.md](forms.md) for the details, then run `scripts/fill.py`.\n")).toBe(0)
  })

  it("reads a table of files and paths with an extension, not a sentence that merely ends a clause with a dot", () => {
    const table = ["## Reference", "| Task | File |", "|---|---|", "| Fill a form | forms.md |", "| Merge | scripts/merge.py |"].join("\n")
    expect(navigationShare(table)).toBe(0.5)
    expect(navigationShare(["## Notes", "Save the deck. Then open it again.", "Use version 2.1 or later."].join("\n"))).toBe(0)
  })

  it("is 0 for a heading alone, a preamble's single line and an empty text", () => {
    expect(navigationShare("## Lonely")).toBe(0)
    expect(navigationShare("")).toBe(0)
    expect(navigationShare("## Heading\n\n\n")).toBe(0)
  })

  it("reads only the first NAVIGATION_LEAD_CHARS characters: a long section costs what its lead does", () => {
    const prose = "Plain words on a line.\n".repeat(Math.ceil(NAVIGATION_LEAD_CHARS / 23) + 10)
    const links = "- [a.md](a.md)\n".repeat(500)
    expect(navigationShare(`## Long\n${prose}${links}`)).toBe(0)
    expect(navigationShare(`## Long\n${links}${prose}`)).toBe(1)
  })
})

describe("the learned order weighs it", () => {
  const candidate = (over: Partial<RerankCandidate> & { readonly section: string; readonly score: number }): RerankCandidate => ({
    file: "SKILL.md",
    line: 10,
    endLine: 20,
    level: 2,
    subsections: 0,
    matched: [
      { word: "slide", fields: ["section"] },
      { word: "text", fields: ["section"] }
    ],
    ...over
  })

  it("is the last feature, and both modes' fitted weights count it against a result", () => {
    const pool = [candidate({ section: "Files in This Skill", score: 5, navigation: 1 })]
    const f = rerankFeatures(pool, 0, new Set(["slide", "text"]), 2)
    expect(f[f.length - 1]).toBe(1)
    expect(RERANK_WEIGHTS_ONE_SKILL[f.length - 1]).toBeLessThan(0)
    expect(RERANK_WEIGHTS_ACROSS[f.length - 1]).toBeLessThan(0)
  })

  it("puts the section that answers above a routing table the one score tied with it, and not without the share", () => {
    const pool = [candidate({ section: "Files in This Skill", score: 5, navigation: 1 }), candidate({ section: "Working With Decks", score: 5 })]
    expect(rerank(pool, "slide text", 2, RERANK_WEIGHTS_ONE_SKILL).map((o) => o.candidate.section)).toEqual(["Working With Decks", "Files in This Skill"])
    expect(rerank(pool, "slide text", 2, RERANK_WEIGHTS_ACROSS).map((o) => o.candidate.section)).toEqual(["Working With Decks", "Files in This Skill"])
    const unread = pool.map((c) => ({ ...c, navigation: 0 }))
    expect(rerank(unread, "slide text", 2, RERANK_WEIGHTS_ONE_SKILL).map((o) => o.candidate.section)).toEqual(["Files in This Skill", "Working With Decks"])
  })
})
