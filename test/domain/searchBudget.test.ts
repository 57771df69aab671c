// The size of a search answer (src/domain/searchBudget.ts, docs/search.md "The answer's size"): measured as
// the MCP tool result over MCP, as the one form printed at a terminal, and the question's echo counted for
// its first 200 characters only (issue 47's sixty-first pass).
import { describe, expect, it } from "vitest"
import { addedLineCost, answerCost, fitResults, printedResultCost, QUERY_COUNTED, resultCost } from "../../src/domain/searchBudget.js"
import { utf8Bytes } from "../../src/domain/utf8.js"

const result = (i: number) => ({ file: "forms.md", section: `Step ${i}: Fill the Form`, line: 10 * i, snippet: `Fill the [MATCH]form[/MATCH] field ${i} with the value the user gave.` })
const ten = Array.from({ length: 10 }, (_, i) => result(i + 1))

describe("search answer budget", () => {
  it("a result costs less printed once than as an MCP result's text and structured content", () => {
    for (const r of ten) {
      expect(printedResultCost(r, "text")).toBeLessThan(resultCost(r))
      expect(printedResultCost(r, "json")).toBeLessThan(resultCost(r) + 64)
    }
    // The text estimate is the printed lines' bytes.
    const r = result(3)
    expect(printedResultCost(r, "text")).toBe(utf8Bytes(`forms.md#Step 3: Fill the Form (score: 00000.00)\n  ${r.snippet}\n  line 30\n\n`))
  })

  it("a pasted question counts for its first 200 characters: its results fit as a short question's do", () => {
    const pasted = "fill the form ".repeat(1500)
    expect(answerCost(pasted)).toBe(answerCost(pasted.slice(0, QUERY_COUNTED)))
    for (const surface of ["mcp", "text", "json"] as const) {
      const budget = surface === "mcp" ? 16384 : 4096
      expect(fitResults(ten, budget, answerCost(pasted, [], surface), surface).keep, surface).toBe(10)
    }
  })

  it("at a terminal the hint names the option; over MCP the parameter", () => {
    const many = Array.from({ length: 200 }, (_, i) => result(i))
    expect(fitResults(many, 4096, answerCost("fill form", [], "text"), "text").truncation?.hint).toBe("pass --max-bytes (a larger budget) to see the rest")
    expect(fitResults(many, 4096, answerCost("fill form", [], "json"), "json").truncation?.hint).toBe("pass --max-bytes (a larger budget) to see the rest")
    expect(fitResults(many, 16384, answerCost("fill form"), "mcp").truncation?.hint).toBe("pass max_bytes (a larger budget) to see the rest")
  })
})

describe("a line added after a result's `line N` (a repeated heading's read, sixty-second pass)", () => {
  const read = "more than one section is named 'Step 1: Fill the Form'; read this one with: skc_show skill=\"pdf\" section=\"Step 1: Fill the Form\" file=\"forms.md\""
  it("costs its text and its notice over MCP, its printed bytes at a terminal, nothing in the JSON document", () => {
    expect(addedLineCost(read, "mcp")).toBe(2 * JSON.stringify(`; ${read}`).length)
    expect(addedLineCost(read, "text")).toBe(utf8Bytes(`; ${read}`))
    expect(addedLineCost(read, "json")).toBe(0)
  })
  it("counts toward the budget: results that fit without it no longer all fit with it", () => {
    const surface = "text" as const
    const envelope = answerCost("fill form", [], surface)
    const plain = ten.reduce((n, r) => n + printedResultCost(r, surface), envelope)
    // Room for every result as printed, not for every result and its added line.
    expect(fitResults(ten, plain, envelope, surface).keep).toBe(10)
    expect(fitResults(ten, plain, envelope, surface, () => addedLineCost(read, surface)).keep).toBeLessThan(10)
  })
})
