// An editor probe (seventy-third pass): a didChange whose range holds no positions (`{"start":{"line":"a"},
// "end":{}}`) was applied at the document's start, the server's copy of the buffer then differing from the
// editor's for every later edit; and a heading rename to "A\u0000B" wrote a NUL into the file (which git then
// takes for binary; SKL100 in SKILL.md). The first is dropped as a malformed notification (docs/editors.md),
// the second refused with its reason.
import { describe, expect, it } from "vitest"
import { headingTextProblem } from "../../src/lsp/features.js"
import { changedWellFormed } from "../../src/lsp/server.js"

const change = (contentChanges: unknown) => ({ textDocument: { uri: "file:///s/SKILL.md", version: 3 }, contentChanges })

describe("didChange: a change's range is two positions", () => {
  it("a range of no positions is malformed; a whole-text change and a well-formed range are not", () => {
    expect(changedWellFormed(change([{ range: { start: { line: "a" }, end: {} }, text: "X" }]))).toBe(false)
    expect(changedWellFormed(change([{ range: { start: { line: 0, character: 0 }, end: { line: -1, character: 0 } }, text: "X" }]))).toBe(false)
    expect(changedWellFormed(change([{ text: "whole" }]))).toBe(true)
    // Past the end is clamped by the server (a position, well formed).
    expect(changedWellFormed(change([{ range: { start: { line: 0, character: 0 }, end: { line: 999, character: 0 } }, text: "X" }]))).toBe(true)
  })
})

describe("rename: a heading's new name", () => {
  it("holding a control character is refused; a tab is text", () => {
    expect(headingTextProblem("A\u0000B")).toBe("a heading is text: the new name holds a control character")
    expect(headingTextProblem("A\u001bB")).toBe("a heading is text: the new name holds a control character")
    expect(headingTextProblem("A\tB")).toBeUndefined()
    expect(headingTextProblem("Usage")).toBeUndefined()
  })
})
