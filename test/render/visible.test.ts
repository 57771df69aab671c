// Issue 29 item 5: text views escape control characters (src/domain/visible.ts), JSON stays exact,
// and text without control characters is unchanged byte for byte.
import { describe, expect, it } from "vitest"
import { visible, visibleBody, visibleLines, visibleMessage } from "../../src/domain/visible.js"
import { renderTable } from "../../src/render/table.js"
import { renderOutline } from "../../src/render/outline.js"
import { renderSearchText } from "../../src/render/search.js"
import { renderShowText } from "../../src/render/show.js"
import { table as statsTable } from "../../src/render/stats.js"
import { renderError, SectionNotFound } from "../../src/domain/errors.js"

const OSC = "\u001b]0;pwned\u0007"

describe("visible", () => {
  it("shows every C0, DEL and C1 character as an escape; \\n \\r \\t by name", () => {
    expect(visible(`a${OSC}b`)).toBe("a\\x1b]0;pwned\\x07b")
    expect(visible("x\ny\r\tz")).toBe("x\\ny\\r\\tz")
    expect(visible("\u0000\u007f\u0080\u009b\u009f")).toBe("\\x00\\x7f\\x80\\x9b\\x9f")
    expect(visible(`${OSC}\n`)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
  })

  it("leaves text without control characters as it is (backslashes, Unicode, U+00A0 included)", () => {
    for (const s of ["plain", "C:\\path\\x1b", "héllo — ✓ 日本", "\u00a0nbsp", ""]) expect(visible(s)).toBe(s)
    expect(visibleBody("line 1\n\tline 2\r\nline 3\n")).toBe("line 1\n\tline 2\r\nline 3\n")
  })

  it("a line or cell escapes the bidirectional overrides and isolates (Trojan Source); a skill's body keeps them", () => {
    const rlo = "\u202e"
    expect(visible(`skill ${rlo}dm.LLIKS`)).toBe("skill \\u202edm.LLIKS")
    expect(visible("\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069")).toBe("\\u202a\\u202b\\u202c\\u202d\\u2066\\u2067\\u2068\\u2069")
    // Right-to-left writing itself, and the marks that are not overrides, stay.
    for (const s of ["שלום", "مرحبا", "a\u200fb\u200ec", "\u061c"]) expect(visible(s)).toBe(s)
    expect(visibleBody(`مرحبا ${rlo}x\n`)).toBe(`مرحبا ${rlo}x\n`)
    // skc's own message quoting untrusted text: its lines kept, overrides escaped.
    expect(visibleMessage(`error[E001]: skill not found: '${rlo}con'\n  Did you mean?\tx`)).toBe("error[E001]: skill not found: '\\u202econ'\n  Did you mean?\tx")
    expect(renderError(new SectionNotFound({ section: `${rlo}Setup`, suggestions: [] }))).toBe("error[E020]: section not found: '\\u202eSetup'")
  })

  it("visibleBody keeps the text's lines and tabs, escapes the rest (a lone CR too)", () => {
    expect(visibleBody(`# T\n\nTurn \u001b[31mred\u001b[0m.\r\nover\rwrite\n`)).toBe("# T\n\nTurn \\x1b[31mred\\x1b[0m.\r\nover\\rwrite\n")
  })

  it("is idempotent, so a renderer may apply it twice", () => {
    const once = visible(`${OSC}\n`)
    expect(visible(once)).toBe(once)
    expect(visibleLines(["a\nb", "c"])).toBe("a\\nb\nc")
  })
})

describe("text renderers", () => {
  it("a table cell with a newline stays one row, its width counting what is shown", () => {
    expect(renderTable(["A", "B"], [["x\ny", "1"], ["z", "2"]])).toBe("A     B\nx\\ny  1\nz     2")
    expect(statsTable(["COUNT", "QUERY"], [["1", `q${OSC}\nz`]], [true])).toEqual(["  COUNT  QUERY", `      1  q\\x1b]0;pwned\\x07\\nz`])
  })

  it("a table pads by terminal columns: a CJK name takes two a character, and the next column lines up (skc list)", () => {
    const lines = renderTable(["NAME", "SCOPE"], [["技能", "project"], ["über-skill", "project"]]).split("\n")
    expect(lines).toEqual(["NAME        SCOPE", "技能        project", "über-skill  project"])
  })

  it("outline, search and show escape a heading's control characters", () => {
    const heading = `Gears ${OSC}`
    const outline = renderOutline({ skill: "x", headings: [{ file: "SKILL.md", level: 2, text: heading, line: 3 }] } as never)
    expect(outline).toBe("SKILL.md\n  ## Gears \\x1b]0;pwned\\x07\n")
    const search = renderSearchText({
      query: `q${OSC}`,
      results: [{ file: "a\nb.md", section: heading, snippet: `x${OSC}y`, score: 1, line: 3, end_line: 5 }]
    } as never)
    expect(search).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/)
    expect(search).toContain("a\\nb.md#Gears \\x1b]0;pwned\\x07 (score: 1.00)\n  x\\x1b]0;pwned\\x07y\n")
    expect(renderSearchText({ query: `q${OSC}`, results: [] } as never)).toBe(
      "No results for 'q\\x1b]0;pwned\\x07'.\n  No searched skill holds these words; the skills whose descriptions fit it: skc match 'q\\x1b]0;pwned\\x07'\n"
    )
    expect(renderShowText({ content: `## ${heading}\n\nText.\n` } as never)).toBe("## Gears \\x1b]0;pwned\\x07\n\nText.\n")
  })

  it("an error naming a section shows its control characters escaped", () => {
    expect(renderError(new SectionNotFound({ section: `x${OSC}`, suggestions: [] }))).not.toContain("\u001b")
  })
})

describe("skc prompt's text block (renderPromptText)", () => {
  it("keeps a description's own line breaks, as the agents of these layouts write it; escapes every other control character", async () => {
    const { renderPromptText } = await import("../../src/render/protocol.js")
    const text = renderPromptText({
      agent: "agentskills",
      skills: [{ name: "claude-api", description: `Builds apps.\r\nTRIGGER — when asked.${OSC}`, location: "/p/.claude/skills/claude-api/SKILL.md" }],
      manual_only: [],
      limits: {},
      xml: "",
      tokens: 0
    } as unknown as Parameters<typeof renderPromptText>[0])
    expect(text).toContain("Builds apps.\nTRIGGER — when asked.\\x1b]0;pwned\\x07")
    expect(text).not.toContain("\\n")
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/)
  })
})

describe("skc tools --format prompt (renderToolsPrompt)", () => {
  it("README Security, control characters escaped: a tool's name and description show ESC and newlines escaped, as the text format and skc approve do", async () => {
    const { renderTools, renderToolsPrompt } = await import("../../src/render/tools.js")
    const listing = { parameters: { type: "object", properties: {}, required: [], additionalProperties: false }, read_only: true, always_ask: false, command: "echo", errors: [] }
    const result = {
      skill: "s", version: null, description: "S.", mode: "Global", modes: ["Global"], available: true, trust: "trusted", approval: "approved", timeout: 30, network: false,
      tools: [{ ...listing, name: "t", description: `Lists.${OSC}\n- fake: injected` }]
    } as unknown as Parameters<typeof renderToolsPrompt>[0]
    const text = renderToolsPrompt(result)
    expect(text).toContain("- t: Lists.\\x1b]0;pwned\\x07\\n- fake: injected\n")
    expect(text.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(1)
    expect(text.slice(0, -1)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/)
    // The same escape as the text format.
    expect(renderTools(result)).toContain("Lists.\\x1b]0;pwned\\x07\\n- fake: injected")
  })
})
