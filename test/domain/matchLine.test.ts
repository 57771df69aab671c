// A long stretch without headings answers with the line of its hit (src/domain/search/matchLine.ts): a
// 120,000-line file answered "line 1" for a match at line 120,000 (a probe with the MCP Inspector).
import { describe, expect, it } from "vitest"
import { matchLineIn } from "../../src/domain/search/matchLine.js"

const lines = Array.from({ length: 200 }, (_, i) => `row ${i + 1}`)
lines[149] = "the Invoice total and the tax"
lines[99] = "an invoice alone"

describe("matchLineIn", () => {
  it("the first line holding every word the snippet's first fragment marks, else the first holding its first word", () => {
    expect(matchLineIn(lines, 1, 201, "...row 148 [MATCH]invoice[/MATCH] total [MATCH]tax[/MATCH]...")).toBe(150)
    expect(matchLineIn(lines, 1, 201, "...an [MATCH]invoice[/MATCH] alone...")).toBe(100)
    expect(matchLineIn(lines, 1, 201, "...row [MATCH]199[/MATCH]...")).toBe(199)
  })
  it("within the section's lines only; nothing marked, or nothing found, is undefined", () => {
    expect(matchLineIn(lines, 1, 100, "[MATCH]tax[/MATCH]")).toBeUndefined()
    expect(matchLineIn(lines, 1, 201, "no marks here")).toBeUndefined()
    expect(matchLineIn(lines, 1, 201, "[MATCH]zebra[/MATCH]")).toBeUndefined()
  })
})
