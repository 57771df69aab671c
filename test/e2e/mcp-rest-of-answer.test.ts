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
    const rest = "the section goes on: call skc_show again with from_line=10 for its next lines"
    expect(texts(cut).at(-1)).toBe(rest)
    expect((cut.structuredContent as { notices?: ReadonlyArray<string>; next_line?: number }).notices).toEqual([rest])
    const whole = await mcp.call("skc_show", { skill: "demo", section: "Setup" })
    expect(texts(whole).join("\n")).not.toContain("goes on")
  })

  it("from_line pages a long section: each page starts where the last one stopped, the last says nothing more; a line outside the section is E100", async () => {
    const pages: Array<string> = []
    let from: number | undefined = undefined
    for (let i = 0; i < 5; i++) {
      const page = await mcp.call("skc_show", { skill: "demo", section: "Setup", max_lines: 2, ...(from === undefined ? {} : { from_line: from }) })
      const doc = page.structuredContent as { content: string; next_line?: number; start_line: number; end_line: number }
      pages.push(doc.content.replace(/\.\.\. \(\d+ more lines\)\n$/, ""))
      expect([doc.start_line, doc.end_line]).toEqual([8, 14])
      if (doc.next_line === undefined) break
      from = doc.next_line
    }
    // The heading and blank line, then the four lines two at a time: the whole section once, in order.
    expect(pages.join("")).toBe("## Setup\n\none\ntwo\nthree\nfour\n")
    expect(pages).toHaveLength(3)
    const outside = await mcp.call("skc_show", { skill: "demo", section: "Setup", from_line: 3 })
    expect(outside.isError).toBe(true)
    expect(texts(outside).join("\n")).toContain("error[E100]: invalid option: from_line 3 is outside the section 'Setup' (SKILL.md lines 8-13)")
  })

  it("a cut file the same, with skc_open", async () => {
    const cut = await mcp.call("skc_open", { skill: "demo", path: "references/a.md", max_lines: 2 })
    expect(texts(cut).at(-1)).toBe("the file goes on: call skc_open again with from_line=3 for its next lines")
    const whole = await mcp.call("skc_open", { skill: "demo", path: "references/a.md" })
    expect(texts(whole).join("\n")).not.toContain("goes on")
  })

  it("from_line pages a long file too; past its end is E100 naming its lines", async () => {
    const pages: Array<string> = []
    let from: number | undefined = undefined
    for (let i = 0; i < 5; i++) {
      const page = await mcp.call("skc_open", { skill: "demo", path: "references/a.md", max_lines: 2, ...(from === undefined ? {} : { from_line: from }) })
      const doc = page.structuredContent as { content: string; next_line?: number }
      pages.push(doc.content.replace(/\.\.\. \(\d+ more lines\)\n$/, ""))
      if (doc.next_line === undefined) break
      from = doc.next_line
      expect(texts(page).at(-1)).toBe(`the file goes on: call skc_open again with from_line=${from} for its next lines`)
    }
    expect(pages.join("")).toBe("# A\n\n1\n2\n3\n4\n")
    expect(pages).toHaveLength(3)
    // Without max_lines: from that line to the end.
    const tail = (await mcp.call("skc_open", { skill: "demo", path: "references/a.md", from_line: 5 })).structuredContent as { content: string; from_line: number }
    expect([tail.content, tail.from_line]).toEqual(["3\n4\n", 5])
    const past = await mcp.call("skc_open", { skill: "demo", path: "references/a.md", from_line: 7 })
    expect(texts(past).join("\n")).toContain("error[E100]: invalid option: from_line 7 is past the end of 'references/a.md' (6 lines)")
  })
})
