// The next step an answer names, as its caller makes the call (src/domain/nextStep.ts): over MCP the tool
// call (`skc_open skill=… path=…`), at a terminal the command. Found by an agent calling skc's tools:
// `skc_load` said "left out: reference.md" without how to read it, `skc_open` of a too-large file named a
// shell command, and a search cut by its result budget must say what it left out and how to get it.
import { describe, expect, it } from "vitest"
import type { LoadResult } from "../../src/app/skills/load.js"
import type { SearchResult } from "../../src/app/search/search.js"
import { renderLoadSummary, loadLeftOutStep } from "../../src/render/protocol.js"
import { renderSearchText, searchNotices } from "../../src/render/search.js"

const loaded = (leftOut: ReadonlyArray<string>): LoadResult => ({
  skill: "pdf",
  path: "skills/pdf",
  budget: 100,
  depth: 1,
  parts: [{ path: "SKILL.md", kind: "body", depth: 0, referenced_from: null, tokens: 90, content: "# PDF\n" }],
  left_out: leftOut.map((path) => ({ path, depth: 1, referenced_from: "SKILL.md", tokens: 400 })),
  missing: [],
  refused: [],
  total_tokens: 90,
  full_tokens: 890,
  over_budget: true
})

describe("skc_load names how to read a part it left out", () => {
  it("the CLI's command, or over MCP the tool call; nothing when nothing was left out", () => {
    expect(renderLoadSummary(loaded(["forms guide.md"]))).toBe(
      "--- Loaded pdf: 1 part(s), ~90 tokens (budget 100, depth 1) ---\n  SKILL.md  ~90\n  left out: forms guide.md  ~400\n  read the part left out with: skc open pdf 'forms guide.md'\n"
    )
    expect(renderLoadSummary(loaded(["reference.md", "forms.md"]), "tools")).toContain(
      '  left out: forms.md  ~400\n  read a part left out with: skc_open skill="pdf" path="reference.md"\n'
    )
    expect(loadLeftOutStep(loaded(["reference.md"]), "tools")).toBe('read the part left out with: skc_open skill="pdf" path="reference.md"')
    expect(loadLeftOutStep(loaded([]), "tools")).toBeUndefined()
    expect(renderLoadSummary(loaded([]))).not.toContain("read")
  })
})

describe("a search cut by its result budget says what it left out and how to ask for it", () => {
  const result: SearchResult = {
    query: "watermark",
    results: [{ skill: "pdf", file: "SKILL.md", section: "Watermark", line: 3, end_line: 9, snippet: "a [MATCH]watermark[/MATCH]", score: 2, matched_terms: [] }],
    truncated: {
      omitted: 9,
      under: [
        { skill: "pdf", file: "reference.md", count: 5 },
        { skill: "docx", file: "SKILL.md", count: 3 }
      ],
      hint: "pass max_bytes (a larger budget) to see the rest"
    }
  }
  const line = "… 9 more results not shown (result budget): 5 in pdf: reference.md, 3 in docx: SKILL.md, 1 elsewhere; pass"

  it("after the results: the tool's parameter over MCP (text and notices), the option at a terminal", () => {
    expect(renderSearchText(result, { mcp: true })).toBe(`pdf: SKILL.md#Watermark (score: 2.00)\n  a [MATCH]watermark[/MATCH]\n  line 3\n\n${line} max_bytes (a larger budget) to see the rest\n`)
    expect(searchNotices(result, { mcp: true })).toEqual([`${line} max_bytes (a larger budget) to see the rest`])
    expect(renderSearchText(result)).toContain(`\n${line} --max-bytes (a larger budget) to see the rest\n`)
  })
})
