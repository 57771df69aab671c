// Issue 47, twenty-eighth pass: a section that only points to other files (src/domain/search/navigation.ts,
// docs/search.md "Sections that point elsewhere"). Pure: no index, no file.
import { describe, expect, it } from "vitest"
import { NAVIGATION_LEAD_CHARS, navigationShare } from "../../src/domain/search/navigation.js"

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
