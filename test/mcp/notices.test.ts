/**
 * What skc says beside a tool's answer (warnings, the no-project hint of issue 46 item 3) reaches a client
 * that reads only one side: a text block of its own, and `notices` in the structured content. Claude Code
 * 2.1.332, run against `skc mcp`, gave its model `JSON.stringify(structuredContent)` for every successful
 * call and dropped the text blocks, so a warning in text alone never reached the model.
 */
import { describe, expect, it } from "vitest"
import { withNotices } from "../../src/mcp/server.js"

describe("withNotices (MCP tool results: text and structured content agree)", () => {
  it("adds a text block and the structured content's notices; nothing to say changes nothing", () => {
    const answer = { content: [{ type: "text" as const, text: "ok" }], structuredContent: { skills: [] } }
    expect(withNotices(answer, [])).toBe(answer)
    expect(withNotices(answer, ["warning: unknown key 'bogus_key'", "second"])).toEqual({
      content: [
        { type: "text", text: "ok" },
        { type: "text", text: "warning: unknown key 'bogus_key'\nsecond" }
      ],
      structuredContent: { skills: [], notices: ["warning: unknown key 'bogus_key'", "second"] }
    })
  })

  it("notices accumulate; an error answer (no structured content) gets the text block only", () => {
    const once = withNotices({ content: [{ type: "text" as const, text: "ok" }], structuredContent: { results: [] } }, ["a"])
    expect(withNotices(once, ["b"]).structuredContent).toEqual({ results: [], notices: ["a", "b"] })
    const failed = withNotices({ content: [{ type: "text" as const, text: "error[E001]: skill 'x' not found" }], isError: true }, ["hint"])
    expect(failed).toEqual({ content: [{ type: "text", text: "error[E001]: skill 'x' not found" }, { type: "text", text: "hint" }], isError: true })
  })
})
