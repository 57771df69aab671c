import { describe, expect, it } from "vitest"
import { promptArguments } from "../../src/mcp/prompts.js"

describe("a skill's MCP prompt arguments", () => {
  it("CHANGELOG 2.1.47: `argument-hint: [topic: foo | bar]` (a list holding a map) is described by its text", () => {
    expect(promptArguments({ "argument-hint": [{ topic: "foo | bar" }] })).toEqual([{ name: "arguments", description: "[topic: foo | bar]", required: false }])
    expect(promptArguments({ "argument-hint": ["issue-number"] })).toEqual([{ name: "arguments", description: "[issue-number]", required: false }])
  })
})
