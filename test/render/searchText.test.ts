// The text of an empty search answer (RFC-0004:C-SEARCH, text output informative) says where to look next: the
// skill's headings (`skc outline`, or `skc_outline` over MCP) for one skill, what each skill is for (`skc list`,
// `skc_list`) across skills. The JSON answer is the RFC's empty result, unchanged.
import { describe, expect, it } from "vitest"
import { renderSearchText } from "../../src/render/search.js"

const empty = { query: "postmortem writeup", results: [] } as never

describe("an empty search answer names the next step", () => {
  it("in one skill: its headings, as a command of the CLI or a tool of the MCP server", () => {
    expect(renderSearchText(empty, { skill: "internal-comms" })).toBe(
      "No results for 'postmortem writeup'.\n  No section of 'internal-comms' holds these words; its headings: skc outline internal-comms\n"
    )
    expect(renderSearchText(empty, { skill: "my skill", mcp: true })).toBe(
      "No results for 'postmortem writeup'.\n  No section of 'my skill' holds these words; its headings: skc_outline skill=\"my skill\"\n"
    )
    // A name that needs quoting for a shell is quoted.
    expect(renderSearchText(empty, { skill: "my skill" })).toContain("skc outline 'my skill'\n")
  })

  it("across skills: what each skill is for, and the skills that could not be searched after it", () => {
    expect(renderSearchText(empty, {})).toBe("No results for 'postmortem writeup'.\n  No searched skill holds these words; what each skill is for: skc list\n")
    expect(renderSearchText({ query: "q", results: [], skipped: [{ skill: "pdf", reason: "not built" }] } as never, { mcp: true })).toBe(
      "No results for 'q'.\n  No searched skill holds these words; what each skill is for: skc_list\n(skipped pdf: not built)\n"
    )
  })
})
