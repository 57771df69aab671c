// "Did you mean …?" for a search (of one skill, or across skills) that found nothing or only a partial answer
// (src/domain/search/typoCorrection.ts): the question with a word no section holds replaced by the closest word
// of the skill's headings. Text output only (RFC-0004:C-SEARCH: the text is informative, the JSON the RFC's).
// Real CLI and MCP server, real SQLite index, isolated SKILLC_HOME.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp, type McpSession } from "../helpers/mcpClient.js"

describe("typos in a search of one skill", () => {
  const s = sandbox()
  let mcp: McpSession
  beforeAll(async () => {
    const dir = join(s.work, ".skillc", "skills", "pdf")
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, "SKILL.md"),
      "---\nname: pdf\ndescription: PDF files. Use when asked for PDFs.\n---\n# PDF\n\n## Add Watermark\n\nStamp each page.\n\n" +
        "## Password Protection\n\nEncrypt with a password.\n"
    )
    expect(s.run(["build", "pdf"]).code).toBe(0)
    mcp = await connectMcp({ cwd: s.work, home: s.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("an empty answer says what was probably meant, before where to look", () => {
    const r = s.run(["search", "pdf", "watermrk"])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe("No results for 'watermrk'.\n  Did you mean 'watermark'?\n  No section of 'pdf' holds these words; its headings: skc outline pdf\n")
    // The JSON answer is the RFC's empty result.
    expect(JSON.parse(s.run(["search", "pdf", "watermrk", "--format", "json"]).stdout)).toEqual({ query: "watermrk", results: [] })
  })

  it("a partial answer says it too, and only for the word no section holds", () => {
    const r = s.run(["search", "pdf", "pasword protection"])
    expect(r.stdout.split("\n").slice(0, 3)).toEqual([
      "No section holds every word of 'pasword protection'; these hold the most of them.",
      "Did you mean 'password protection'?",
      ""
    ])
    // A word held nowhere and close to no heading word: no suggestion.
    expect(s.run(["search", "pdf", "stamp zebras"]).stdout).not.toContain("Did you mean")
  })

  it("over MCP the text carries it, the structured answer does not", async () => {
    const r = await mcp.call("skc_search", { skill: "pdf", query: "watermrk" })
    expect(r.isError).toBeFalsy()
    expect(JSON.stringify(r.content)).toContain("Did you mean 'watermark'?")
    expect(r.structuredContent).toEqual({ query: "watermrk", results: [] })
  })
})

describe("typos in a search across skills", () => {
  const s = sandbox()
  let mcp: McpSession
  beforeAll(async () => {
    // Two skills: the corrected word is a heading word of the second only, so the vocabulary is every searched skill's.
    for (const [name, body] of [
      ["pdf", "# PDF\n\n## Add Watermark\n\nStamp each page.\n"],
      ["docx", "# DOCX\n\n## Tracked Changes\n\nShow who edited what.\n"]
    ]) {
      const dir = join(s.work, ".skillc", "skills", name!)
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, "SKILL.md"), `---\nname: ${name}\ndescription: ${name} files. Use when asked for ${name}.\n---\n${body}`)
      expect(s.run(["build", name!]).code).toBe(0)
    }
    mcp = await connectMcp({ cwd: s.work, home: s.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("an empty answer says what was probably meant, from any searched skill's headings", () => {
    const r = s.run(["search", "--all", "trackd"])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe("No results for 'trackd'.\n  Did you mean 'tracked'?\n  No searched skill holds these words; what each skill is for: skc list\n")
    expect(JSON.parse(s.run(["search", "--all", "trackd", "--format", "json"]).stdout)).toEqual({ query: "trackd", results: [] })
  })

  it("a partial answer says it, only for a word no skill holds; a word some skill holds is never corrected", () => {
    const r = s.run(["search", "--all", "watermark chnages"])
    expect(r.stdout.split("\n").slice(0, 2)).toEqual([
      "No section holds every word of 'watermark chnages'; these hold the most of them.",
      "Did you mean 'watermark changes'?"
    ])
    // "stamp" is held (pdf's text), "zebras" is close to no heading word: nothing to suggest.
    expect(s.run(["search", "--all", "stamp zebras"]).stdout).not.toContain("Did you mean")
  })

  it("over MCP the text carries it, the structured answer does not", async () => {
    const r = await mcp.call("skc_search", { query: "trackd" })
    expect(r.isError).toBeFalsy()
    expect(JSON.stringify(r.content)).toContain("Did you mean 'tracked'?")
    expect(r.structuredContent).toEqual({ query: "trackd", results: [] })
  })
})

describe("typos in a long-lived MCP session", () => {
  const s = sandbox()
  let mcp: McpSession
  const dir = () => join(s.work, ".skillc", "skills", "notes")
  beforeAll(async () => {
    mkdirSync(dir(), { recursive: true })
    writeFileSync(join(dir(), "SKILL.md"), "---\nname: notes\ndescription: Notes. Use when asked for notes.\n---\n# Notes\n\n## Add Watermark\n\nStamp each page.\n")
    expect(s.run(["build", "notes"]).code).toBe(0)
    mcp = await connectMcp({ cwd: s.work, home: s.home })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("the headings it suggests from are those of the index as it is now: a rebuild with a new heading is seen", async () => {
    const text = async (query: string) => JSON.stringify((await mcp.call("skc_search", { skill: "notes", query })).content)
    expect(await text("watermrk")).toContain("Did you mean 'watermark'?")
    // Asked again, the same answer (from what the session remembers).
    expect(await text("watermrk")).toContain("Did you mean 'watermark'?")
    expect(await text("trackd")).not.toContain("Did you mean")
    writeFileSync(join(dir(), "SKILL.md"), "---\nname: notes\ndescription: Notes. Use when asked for notes.\n---\n# Notes\n\n## Tracked Changes\n\nWho edited what.\n")
    expect(s.run(["build", "notes"]).code).toBe(0)
    expect(await text("trackd")).toContain("Did you mean 'tracked'?")
    expect(await text("watermrk")).not.toContain("Did you mean")
  })
})
