// "Did you mean …?" for a search (of one skill, or across skills) that found nothing or only a partial answer
// (src/domain/search/typoCorrection.ts): the question with a word no section holds replaced by the closest word
// of the skill's headings. In the text, and as the JSON's and the MCP structured content's `notices` (additive).
// Real CLI and MCP server, real SQLite index, isolated SKILLC_HOME.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { builtSkill, sandbox, type Sandbox } from "../helpers/cli.js"
import { connectMcp, type McpSession } from "../helpers/mcpClient.js"

/** A sandbox whose `setup` builds its skills before an MCP session is opened on it (closed after the block). */
const withSession = (setup: (s: Sandbox) => void) => {
  const s = sandbox()
  const session = { mcp: undefined as McpSession | undefined }
  beforeAll(async () => {
    setup(s)
    session.mcp = await connectMcp({ cwd: s.work, home: s.home })
  })
  afterAll(async () => {
    await session.mcp?.close()
  })
  return { s, mcp: () => session.mcp! }
}

describe("typos in a search of one skill", () => {
  const { s, mcp } = withSession((s) =>
    builtSkill(s, "pdf", "PDF files. Use when asked for PDFs.", "# PDF\n\n## Add Watermark\n\nStamp each page.\n\n## Password Protection\n\nEncrypt with a password.\n")
  )

  it("an empty answer says what was probably meant, before where to look", () => {
    const r = s.run(["search", "pdf", "watermrk"])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe("No results for 'watermrk'.\n  Did you mean 'watermark'?\n  No section of 'pdf' holds these words; its headings: skc outline pdf\n")
    // The JSON answer is the RFC's empty result, with the text's guidance as `notices` (additive, DECISIONS #40): an
    // agent reading JSON was left with an empty list and no way on.
    expect(JSON.parse(s.run(["search", "pdf", "watermrk", "--format", "json"]).stdout)).toEqual({
      query: "watermrk",
      results: [],
      notices: ["Did you mean 'watermark'?", "No section of 'pdf' holds these words; its headings: skc outline pdf"]
    })
  })

  it("a partial answer says it too, and only for the word no section holds", () => {
    const r = s.run(["search", "pdf", "pasword protection"])
    expect(r.stdout.split("\n").slice(0, 3)).toEqual([
      "No section holds every word of 'pasword protection'; these hold the most of them (none of these holds 'pasword').",
      "Did you mean 'password protection'?",
      ""
    ])
    // A word held nowhere and close to no heading word: no suggestion.
    expect(s.run(["search", "pdf", "stamp zebras"]).stdout).not.toContain("Did you mean")
  })

  it("a question in another language gets no suggestion: most of its words are near no heading word", () => {
    // "passwort" is one edit from the heading word "password"; the six other words are near none: the old
    // answer was "Did you mean 'wie schütze ich eine datei mit password'?", a question that still finds nothing.
    const r = s.run(["search", "pdf", "wie schütze ich eine datei mit passwort"])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("No results for 'wie schütze ich eine datei mit passwort'.")
    expect(r.stdout).not.toContain("Did you mean")
  })

  // The structured answer is the RFC's document, with the text's guidance as `notices` beside it: Claude Code and
  // Codex give their model only the structured content.
  it("over MCP the text carries it, and the structured answer's notices", async () => {
    const r = await mcp().call("skc_search", { skill: "pdf", query: "watermrk" })
    expect(r.isError).toBeFalsy()
    expect(JSON.stringify(r.content)).toContain("Did you mean 'watermark'?")
    const { notices, ...document } = r.structuredContent as { notices: Array<string> }
    expect(document).toEqual({ query: "watermrk", results: [] })
    expect(notices).toContain("Did you mean 'watermark'?")
  })
})

describe("typos in a search across skills", () => {
  // Two skills: the corrected word is a heading word of the second only, so the vocabulary is every searched skill's.
  const { s, mcp } = withSession((s) => {
    builtSkill(s, "pdf", "pdf files. Use when asked for pdf.", "# PDF\n\n## Add Watermark\n\nStamp each page.\n")
    builtSkill(s, "docx", "docx files. Use when asked for docx.", "# DOCX\n\n## Tracked Changes\n\nShow who edited what.\n")
  })

  it("an empty answer says what was probably meant, from any searched skill's headings", () => {
    const r = s.run(["search", "--all", "trackd"])
    expect(r.code).toBe(0)
    // The next step asks of the question as probably meant: the typo again would cost the agent a call.
    expect(r.stdout).toBe("No results for 'trackd'.\n  Did you mean 'tracked'?\n  No searched skill holds these words; the skills whose descriptions fit it: skc match tracked\n")
    expect(JSON.parse(s.run(["search", "--all", "trackd", "--format", "json"]).stdout)).toEqual({
      query: "trackd",
      results: [],
      notices: ["Did you mean 'tracked'?", "No searched skill holds these words; the skills whose descriptions fit it: skc match tracked"]
    })
  })

  it("a partial answer says it, only for a word no skill holds; a word some skill holds is never corrected", () => {
    const r = s.run(["search", "--all", "watermark chnages"])
    expect(r.stdout.split("\n").slice(0, 2)).toEqual([
      "No section holds every word of 'watermark chnages'; these hold the most of them (none of these holds 'chnages').",
      "Did you mean 'watermark changes'?"
    ])
    // "stamp" is held (pdf's text), "zebras" is close to no heading word: nothing to suggest.
    expect(s.run(["search", "--all", "stamp zebras"]).stdout).not.toContain("Did you mean")
  })

  it("over MCP the text carries it, and the structured answer's notices", async () => {
    const r = await mcp().call("skc_search", { query: "trackd" })
    expect(r.isError).toBeFalsy()
    expect(JSON.stringify(r.content)).toContain("Did you mean 'tracked'?")
    const { notices, ...document } = r.structuredContent as { notices: Array<string> }
    expect(document).toEqual({ query: "trackd", results: [] })
    expect(notices).toContain("Did you mean 'tracked'?")
  })
})

describe("typos in a long-lived MCP session", () => {
  const notes = (s: Sandbox, body: string) => builtSkill(s, "notes", "Notes. Use when asked for notes.", body)
  const { s, mcp } = withSession((s) => notes(s, "# Notes\n\n## Add Watermark\n\nStamp each page.\n"))

  it("the headings it suggests from are those of the index as it is now: a rebuild with a new heading is seen", async () => {
    const text = async (query: string) => JSON.stringify((await mcp().call("skc_search", { skill: "notes", query })).content)
    expect(await text("watermrk")).toContain("Did you mean 'watermark'?")
    // Asked again, the same answer (from what the session remembers).
    expect(await text("watermrk")).toContain("Did you mean 'watermark'?")
    expect(await text("trackd")).not.toContain("Did you mean")
    notes(s, "# Notes\n\n## Tracked Changes\n\nWho edited what.\n")
    expect(await text("trackd")).toContain("Did you mean 'tracked'?")
    expect(await text("watermrk")).not.toContain("Did you mean")
  })
})
