// An empty answer whose question mixes words the searched sections hold with words none holds (issue 47, "an
// agent can take the first hit"): the text names which are which and gives the narrower question, as the
// command that answers it. Before, it said that no section held "these words", and an agent concluded the
// skill had nothing on the one subject it does cover. Text output only (RFC-0004:C-SEARCH: the JSON document
// is the RFC's empty result). Real CLI and MCP server, real SQLite index, isolated SKILLC_HOME.
import { rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtSkill, sandbox } from "../helpers/cli.js"
import { connectMcp, type McpSession } from "../helpers/mcpClient.js"

const s = sandbox()
const built = (name: string, description: string, body: string) => builtSkill(s, name, description, body)
let mcp: McpSession
beforeAll(async () => {
  built("comms", "Internal communications in the house formats.", "# Comms\n\n## FAQ answers\n\nCollect the FAQ of the week.\n\n## Newsletter\n\nWrite the weekly newsletter.\n\n## Incidents\n\nWrite an incident report.\n")
  built("pdf", "PDF files. Merge, split and fill forms.", "# PDF\n\n## Merge\n\nJoin files into one.\n")
  mcp = await connectMcp({ cwd: s.work, home: s.home })
})
afterAll(async () => {
  await mcp?.close()
})

const search = (...args: Array<string>) => s.run(["search", ...args])

describe("the narrower question of an empty answer", () => {
  it("one skill: the words none of its sections holds, the one some do, and the command that answers", () => {
    const r = search("comms", "respond to a customer faq")
    expect(r.code).toBe(0)
    expect(r.stdout).toBe("No results for 'respond to a customer faq'.\n  No section of 'comms' holds 'respond' or 'customer'; 'faq' is in its sections: skc search comms faq\n")
    // The command given answers.
    expect(JSON.parse(search("comms", "faq", "--format", "json").stdout).results.map((x: { section: string }) => x.section)).toContain("FAQ answers")
    // The JSON answer is the RFC's empty result, with the text's guidance beside it as `notices` (additive).
    expect(JSON.parse(search("comms", "respond to a customer faq", "--format", "json").stdout)).toEqual({
      query: "respond to a customer faq",
      results: [],
      notices: ["No section of 'comms' holds 'respond' or 'customer'; 'faq' is in its sections: skc search comms faq"]
    })
  })

  it("the words are shown without the sentence's punctuation, as matched_terms shows them (seventy-second pass)", () => {
    // It quoted 'customer,' with its comma, and pasted "faq?" into the command.
    const r = search("comms", "respond, as a customer, to the faq?")
    expect(r.stdout).toBe("No results for 'respond, as a customer, to the faq?'.\n  No section of 'comms' holds 'respond' or 'customer'; 'faq' is in its sections: skc search comms faq\n")
  })

  it("two held words that no section holds together: both, and they answer (a section needs one of two)", () => {
    const r = search("comms", "faq newsletter zebra quokka")
    expect(r.stdout).toBe(
      "No results for 'faq newsletter zebra quokka'.\n  No section of 'comms' holds 'zebra' or 'quokka'; 'faq' and 'newsletter' are in its sections: skc search comms 'faq newsletter'\n"
    )
    expect(JSON.parse(search("comms", "faq newsletter", "--format", "json").stdout).results.length).toBeGreaterThan(0)
  })

  it("no narrower question when no word is held, or when three held words would still answer nothing", () => {
    expect(search("comms", "zebra quokka").stdout).toBe("No results for 'zebra quokka'.\n  No section of 'comms' holds these words; its headings: skc outline comms\n")
    // Each word is in a section, none with another: not "holds these words", which would be untrue.
    expect(search("comms", "faq newsletter incident quokka").stdout).toBe(
      "No results for 'faq newsletter incident quokka'.\n  No section of 'comms' holds enough of these words together; its headings: skc outline comms\n"
    )
    expect(search("--all", "faq newsletter incident quokka").stdout).toBe(
      "No results for 'faq newsletter incident quokka'.\n  No section holds enough of these words together; the skills whose descriptions fit it: skc match 'faq newsletter incident quokka'\n"
    )
  })

  it("a word only license files hold is not offered as the narrower question (it answers with the license alone)", () => {
    // Sixty-sixth pass: "'translate' is in their sections: skc_search query=\"translate\"" led to two LICENSE.txt hits.
    const dir = join(s.work, ".skillc", "skills", "pdf")
    writeFileSync(join(dir, "LICENSE.txt"), "# License\n\nAny translation of the Work is a derivative work.\n")
    expect(s.run(["build", "pdf"]).code).toBe(0)
    try {
      expect(search("--all", "translate this poem into french").stdout).toBe(
        "No results for 'translate this poem into french'.\n  No searched skill holds these words; the skills whose descriptions fit it: skc match 'translate this poem into french'\n"
      )
      // Beside a word a section holds, the license's word is among the missing ones.
      expect(search("--all", "translate faq poem").stdout).toContain("No searched skill holds 'translate' or 'poem'; 'faq' is in their sections: skc search --all faq\n")
    } finally {
      rmSync(join(dir, "LICENSE.txt"))
      expect(s.run(["build", "pdf"]).code).toBe(0)
    }
  })

  it("across skills: every searched skill's sections, and the same skills in the command", () => {
    expect(search("--all", "respond to a customer faq").stdout).toBe(
      "No results for 'respond to a customer faq'.\n  No searched skill holds 'respond' or 'customer'; 'faq' is in their sections: skc search --all faq\n"
    )
    expect(search("--all", "respond to a customer faq", "--skill", "comms,pdf").stdout).toContain("'faq' is in their sections: skc search --all faq --skill comms,pdf\n")
  })

  it("over MCP the text names the tool call; the structured answer is the RFC's, the same line its notice", async () => {
    const one = await mcp.call("skc_search", { skill: "comms", query: "respond to a customer faq" })
    expect((one.content as Array<{ text: string }>)[0]!.text).toContain(`'faq' is in its sections: skc_search skill="comms" query="faq"`)
    const { notices, ...document } = one.structuredContent as { notices: Array<string> }
    expect(document).toEqual({ query: "respond to a customer faq", results: [] })
    expect(notices.join("\n")).toContain(`'faq' is in its sections: skc_search skill="comms" query="faq"`)
    const all = await mcp.call("skc_search", { query: "respond to a customer faq", skills: ["comms", "pdf"] })
    expect((all.content as Array<{ text: string }>)[0]!.text).toContain(`'faq' is in their sections: skc_search query="faq" skills=["comms","pdf"]`)
  })
})
