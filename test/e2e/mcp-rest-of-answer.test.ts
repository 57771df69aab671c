// An agent's probe over MCP: `skc_show` and `skc_open` cut by `max_lines` end with RFC-0002's
// "... (N more lines)" and said nothing of how to read the rest. After the content, a text block (and the
// structured content's `notices`) names the call that does; an answer not cut has none.
import { describe, expect, it } from "vitest"
import { builtDemoSession, type McpSession } from "../helpers/mcpClient.js"

const SKILL = "---\nname: demo\ndescription: A skill for tests. Use when testing.\n---\n\n# Demo\n\n## Setup\n\none\ntwo\nthree\nfour\n"

describe("skc_show / skc_open cut by max_lines say how to read the rest", () => {
  const demo = builtDemoSession({ "SKILL.md": SKILL, "references/a.md": "# A\n\n1\n2\n3\n4\n" })
  const mcp = { call: (...a: Parameters<McpSession["call"]>) => demo.mcp().call(...a) }
  const texts = (r: Awaited<ReturnType<McpSession["call"]>>) => r.content.map((c) => (c.type === "text" ? c.text : ""))

  it("a cut section: the last block is the way to the rest, also in notices; a whole one has none", async () => {
    const cut = await mcp.call("skc_show", { skill: "demo", section: "Setup", max_lines: 2 })
    const rest = "the section goes on: call skc_show again without max_lines (or with a larger one) to read the rest"
    expect(texts(cut).at(-1)).toBe(rest)
    expect((cut.structuredContent as { notices?: ReadonlyArray<string> }).notices).toEqual([rest])
    const whole = await mcp.call("skc_show", { skill: "demo", section: "Setup" })
    expect(texts(whole).join("\n")).not.toContain("goes on")
  })

  it("a cut file the same, with skc_open", async () => {
    const cut = await mcp.call("skc_open", { skill: "demo", path: "references/a.md", max_lines: 2 })
    expect(texts(cut).at(-1)).toBe("the file goes on: call skc_open again without max_lines (or with a larger one) to read the rest")
    const whole = await mcp.call("skc_open", { skill: "demo", path: "references/a.md" })
    expect(texts(whole).join("\n")).not.toContain("goes on")
  })
})
