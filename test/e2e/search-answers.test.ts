// Search that answers questions (issue 14): partial matches (DECISIONS #37),
// no echo of parents, hits that can be followed (line, preamble), and search
// across skills with one access-log row per skill (RFC-0004:C-LOGGING).
// Real CLI, real SQLite indexes, isolated SKILLC_HOME.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
import { connectMcp, type McpSession } from "../helpers/mcpClient.js"

const PDF = [
  "---", //                                              1
  "name: pdf", //                                        2
  "description: PDF guide. Use when working with PDF files.", // 3
  "---", //                                              4
  "", //                                                 5
  "# PDF Processing Guide", //                           6
  "", //                                                 7
  "Overview of pdf work.", //                            8
  "", //                                                 9
  "## Common Tasks", //                                  10
  "", //                                                 11
  "Everyday jobs.", //                                   12
  "", //                                                 13
  "### Add Watermark", //                                14
  "", //                                                 15
  "Stamp a watermark onto every page with pypdf.", //    16
  "", //                                                 17
  "### Fill Forms", //                                   18
  "", //                                                 19
  "Fill the form fields of a pdf with pypdf.", //        20
  "", //                                                 21
  "## Watermark Removal", //                             22
  "", //                                                 23
  "Removing a watermark is covered in the watermark reference.", // 24
  "", //                                                 25
  "### Tools", //                                        26
  "", //                                                 27
  "qpdf can rewrite pages.", //                          28
  ""
].join("\n")

const NOTES = ["Preamble lines mention zanzibar before any heading.", "Second preamble line.", "", "# Notes", "", "Body text; pdftk with --burst splits it.", ""].join("\n")

const DOCX = [
  "---",
  "name: docx",
  "description: Word documents. Use when editing .docx files.",
  "---",
  "",
  "# DOCX Guide",
  "",
  "## Table of Contents",
  "",
  "Insert a table of contents that lists the headings.",
  "",
  "## Watermark",
  "",
  "A watermark watermark watermark behind the text of a docx page.",
  ""
].join("\n")

interface Item {
  skill?: string
  file: string
  section: string
  line: number
  end_line: number
  snippet: string
  score: number
}

describe("issue 14 search answers", () => {
  const s = sandbox()
  const skills = join(s.work, ".skillc", "skills")
  mkdirSync(join(skills, "pdf", "references"), { recursive: true })
  writeFileSync(join(skills, "pdf", "SKILL.md"), PDF)
  writeFileSync(join(skills, "pdf", "references", "notes.md"), NOTES)
  mkdirSync(join(skills, "docx"), { recursive: true })
  writeFileSync(join(skills, "docx", "SKILL.md"), DOCX)
  mkdirSync(join(skills, "unbuilt"), { recursive: true })
  writeFileSync(join(skills, "unbuilt", "SKILL.md"), "---\nname: unbuilt\ndescription: Never built. Use never.\n---\n\n# Unbuilt\n\nwatermark\n")
  const search = (args: ReadonlyArray<string>) => {
    const r = s.run(["search", ...args, "--format", "json"])
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout) as { query: string; partial?: boolean; results: Array<Item>; skipped?: Array<{ skill: string; reason: string }>; notices?: Array<string> }
  }
  const where = (doc: { results: Array<Item> }) => doc.results.map((r) => `${r.skill === undefined ? "" : `${r.skill}:`}${r.file}#${r.section}`)

  beforeAll(() => {
    expect(s.run(["build", "pdf"]).code).toBe(0)
    expect(s.run(["build", "docx"]).code).toBe(0)
  })

  it("DECISIONS #37 every word in a section: the RFC's AND result, no partial flag", () => {
    const doc = search(["pdf", "watermark pypdf"])
    expect(Object.keys(doc)).toEqual(["query", "results"])
    expect(where(doc)).toEqual(["SKILL.md#Add Watermark"])
  })

  it("DECISIONS #37 no section holds every word: OR of the content words, most words first, partial: true", () => {
    const doc = search(["pdf", "how do I add a watermark to my tiff"])
    // The RFC's fields, then (additive) the text's guidance: what none of these holds.
    expect(Object.keys(doc)).toEqual(["query", "partial", "results", "notices"])
    expect(doc.notices?.[0]).toBe("No section holds every word of 'how do I add a watermark to my tiff'; these hold the most of them (none of these holds 'tiff')")
    expect(doc.partial).toBe(true)
    // "Add Watermark" holds add and watermark, not tiff: it holds the most content words.
    expect(where(doc)[0]).toBe("SKILL.md#Add Watermark")
    for (const r of doc.results) expect(r.snippet).toMatch(/\[MATCH\]/)
    const text = s.run(["search", "pdf", "how do I add a watermark to my tiff"])
    expect(text.stdout.split("\n")[0]).toBe("No section holds every word of 'how do I add a watermark to my tiff'; these hold the most of them (none of these holds 'tiff').")
  })

  it("issue 47 item 3 a word the skill's name or description holds is held by every section: 'pdf' completes the answer", () => {
    // Before issue 47 no section held "pdf" itself, so this answer was partial.
    const doc = search(["pdf", "how do I add a watermark to my pdf"])
    expect(Object.keys(doc)).toEqual(["query", "results"])
    expect(where(doc)[0]).toBe("SKILL.md#Add Watermark")
  })

  it("DECISIONS #37 a single word, or words found nowhere, stay the RFC's empty result", () => {
    // The RFC's empty result, and beside it (additive) where to look next, as the text says it.
    const where = ["No section of 'pdf' holds these words; its headings: skc outline pdf"]
    expect(search(["pdf", "zebra"])).toEqual({ query: "zebra", results: [], notices: where })
    expect(search(["pdf", "zebra okapi"])).toEqual({ query: "zebra okapi", results: [], notices: where })
    // Only stop words left for the fallback: nothing to look for.
    expect(search(["pdf", "how do zebra"]).results.length).toBe(0)
  })

  it("issue 14 no echo of parents: a subsection's hit is not repeated by its ancestors", () => {
    // "Add Watermark" matches; "Common Tasks" and "PDF Processing Guide" hold it only through it.
    expect(where(search(["pdf", "stamp"]))).toEqual(["SKILL.md#Add Watermark"])
    expect(where(search(["pdf", "pypdf"])).sort()).toEqual(["SKILL.md#Add Watermark", "SKILL.md#Fill Forms"])
  })

  it("issue 14 an ancestor whose own text matches too is kept beside its descendant", () => {
    // "Watermark Removal" says "watermark" before its first subheading; "Add Watermark" is a sibling branch.
    const found = where(search(["pdf", "watermark"]))
    expect(found).toContain("SKILL.md#Watermark Removal")
    expect(found).toContain("SKILL.md#Add Watermark")
    expect(found).not.toContain("SKILL.md#Common Tasks")
    expect(found).not.toContain("SKILL.md#PDF Processing Guide")
  })

  it("issue 14 a parent kept for its own words marks only those in its snippet, not its subsection's (a probe: `# demo` marked the zorblat of its `## Guidance`)", () => {
    for (const args of [["pdf", "overview stamp"], ["--all", "overview stamp"]]) {
      const doc = search(args)
      const parent = doc.results.find((r) => r.section === "PDF Processing Guide")
      const child = doc.results.find((r) => r.section === "Add Watermark")
      expect(parent, JSON.stringify(doc)).toBeDefined()
      expect(child).toBeDefined()
      expect(parent!.snippet).toContain("[MATCH]Overview[/MATCH]")
      expect(parent!.snippet.replace("[MATCH]Overview[/MATCH]", "")).not.toContain("[MATCH]")
      expect(child!.snippet).toContain("[MATCH]Stamp[/MATCH]")
    }
  })

  it("issue 14 a parent's snippet comes from its own text, not from a subsection saying the word more often (an agent's probe: Step 2's snippet was its subsection's lines)", () => {
    const dir = join(skills, "ship")
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, "SKILL.md"),
      "---\nname: ship\ndescription: Ships apps. Use when shipping.\n---\n\n# Guide\n\nIntro.\n\n## Step 2: Choose a Deploy Method\n\nPick how to ship the app.\n\n### CLI\n\nDeploy directly with the CLI: run vercel deploy --prod, then deploy again to deploy previews.\n"
    )
    expect(s.run(["build", "ship"]).code).toBe(0)
    for (const args of [["ship", "deploy"], ["--all", "deploy method"]]) {
      const doc = search(args)
      const parent = doc.results.find((r) => r.section === "Step 2: Choose a Deploy Method")
      expect(parent, JSON.stringify(doc)).toBeDefined()
      expect(parent!.snippet).toContain("Pick how to ship the app.")
      expect(parent!.snippet).not.toContain("--prod")
    }
  })

  it("issue 14 words spread over several subsections do not make their parent an answer", () => {
    // "stamp" is in Add Watermark, "fields" in Fill Forms: only their parents hold both, through them.
    const doc = search(["pdf", "stamp fields"])
    expect(doc.partial).toBe(true)
    expect(where(doc).sort()).toEqual(["SKILL.md#Add Watermark", "SKILL.md#Fill Forms"])
  })

  it("issue 14 every result has the 1-based line where its section starts (and its exclusive end)", () => {
    const doc = search(["pdf", "qpdf"])
    expect(doc.results).toEqual([expect.objectContaining({ file: "SKILL.md", section: "Tools", line: 26, end_line: 29 })])
  })

  it("issue 14 a preamble hit: section \"\" with its line; the text names skc open with --max-lines", () => {
    const doc = search(["pdf", "zanzibar"])
    expect(doc.results).toEqual([expect.objectContaining({ file: "references/notes.md", section: "", line: 1, end_line: 4 })])
    const text = s.run(["search", "pdf", "zanzibar"]).stdout
    expect(text).toContain("skc open pdf references/notes.md --max-lines 3")
    // The command named reads exactly the preamble.
    const opened = s.run(["open", "pdf", "references/notes.md", "--max-lines", "3"])
    expect(opened.code).toBe(0)
    expect(opened.stdout).toContain("zanzibar")
    expect(opened.stdout).not.toContain("# Notes")
  })

  it("issue 14 --all merges the built skills into one ranking, each result naming its skill", () => {
    const doc = search(["--all", "watermark"])
    expect(Object.keys(doc.results[0])).toEqual(["skill", "file", "section", "line", "end_line", "snippet", "score", "matched_terms"])
    const found = where(doc)
    expect(found).toContain("docx:SKILL.md#Watermark")
    expect(found).toContain("pdf:SKILL.md#Add Watermark")
    // A dense watermark section of docx ranks first: scores are comparable across indexes.
    expect(found[0]).toBe("docx:SKILL.md#Watermark")
    const scores = doc.results.map((r) => r.score)
    expect([...scores].sort((a, b) => b - a)).toEqual(scores)
    // The unbuilt skill is skipped, and says so.
    expect(doc.skipped).toEqual([{ skill: "unbuilt", reason: "not built" }])
  })

  it("issue 14 --all ranks by terms held first, across skills", () => {
    const doc = search(["--all", "insert table contents watermark"])
    expect(doc.partial).toBe(true)
    expect(where(doc)[0]).toBe("docx:SKILL.md#Table of Contents")
  })

  it("issue 14 --skill a,b narrows --all; usage errors are E100", () => {
    expect(new Set(search(["--all", "watermark", "--skill", "pdf"]).results.map((r) => r.skill))).toEqual(new Set(["pdf"]))
    expect(search(["--skill", "docx,pdf", "watermark"]).results.length).toBeGreaterThan(1)
    const two = s.run(["search", "--all", "pdf", "watermark"])
    expect(two.code).toBe(1)
    expect(two.stderr).toMatch(/^error\[E100\]/)
    const missing = s.run(["search", "pdf"])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^error\[E100\]/)
    const unknown = s.run(["search", "--all", "watermark", "--skill", "nosuch"])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/^error\[E001\]/)
  })

  it("a query that is one dash-word is searched after '--'; before it, it is an unknown option (E100)", () => {
    const json = (args: ReadonlyArray<string>) => {
      const r = s.run(["search", "--format", "json", ...args])
      expect(r.code, r.stderr).toBe(0)
      return JSON.parse(r.stdout) as { query: string; results: Array<Item> }
    }
    const one = json(["pdf", "--", "--burst"])
    expect([one.query, where(one)]).toEqual(["--burst", ["references/notes.md#Notes"]])
    expect(where(json(["--all", "--", "--burst"]))).toEqual(["pdf:references/notes.md#Notes"])
    const flag = s.run(["search", "pdf", "--burst"])
    expect(flag.code).toBe(1)
    expect(flag.stderr).toMatch(/^error\[E100\]/)
  })

  it("DECISIONS #44: --all logs one row in each skill that contributed a result (its count, scope all), none in the others", () => {
    const rows = (skill: string) => readLog(join(s.work, ".skillc", "runtime", skill, ".skillc-meta", "logs.db")).filter((r) => r.command === "search")
    const before = { pdf: rows("pdf").length, docx: rows("docx").length }
    const doc = search(["--all", "table contents"])
    const count = (skill: string) => doc.results.filter((r) => r.skill === skill).length
    for (const skill of ["pdf", "docx"] as const) {
      if (count(skill) === 0) expect(rows(skill).length, skill).toBe(before[skill])
      else {
        expect(rows(skill).length, skill).toBe(before[skill] + 1)
        expect(JSON.parse(rows(skill).at(-1)!.args as string)).toEqual({ query: "table contents", result_count: count(skill), scope: "all", role: "agent" })
      }
    }
    // A question only one skill answers is no read of the other.
    const only = search(["--all", "watermark"])
    const answering = new Set(only.results.map((r) => r.skill))
    expect(answering.size).toBeGreaterThan(0)
    for (const skill of ["pdf", "docx"]) {
      const last = rows(skill).at(-1)
      if (!answering.has(skill)) expect(last === undefined || JSON.parse(last.args as string).query !== "watermark", skill).toBe(true)
    }
  })

  it("DECISIONS #44: a cross-skill question nothing answers goes once to the global log and to stats --all, never to a skill", () => {
    const rows = (skill: string) => readLog(join(s.work, ".skillc", "runtime", skill, ".skillc-meta", "logs.db")).filter((r) => r.command === "search")
    const before = { pdf: rows("pdf").length, docx: rows("docx").length }
    const unansweredOf = () =>
      Object.fromEntries((JSON.parse(s.run(["stats", "--all", "--format", "json"]).stdout).skills as Array<{ skill: string; unanswered: number }>).map((r) => [r.skill, r.unanswered]))
    const unansweredBefore = unansweredOf()
    for (let i = 0; i < 2; i++) expect(search(["--all", "zebra quagga okapi"]).results).toEqual([])
    expect(rows("pdf").length).toBe(before.pdf)
    expect(rows("docx").length).toBe(before.docx)
    const global = readLog(join(s.home, ".skillc", ".skillc-meta", "logs.db")).filter((r) => r.command === "search")
    expect(global.map((r) => [r.skill, JSON.parse(r.args as string)])).toEqual([
      ["*", { query: "zebra quagga okapi", result_count: 0, scope: "all", role: "agent" }],
      ["*", { query: "zebra quagga okapi", result_count: 0, scope: "all", role: "agent" }]
    ])
    const all = s.run(["stats", "--all", "--format", "json"])
    expect(all.code, all.stderr).toBe(0)
    const report = JSON.parse(all.stdout)
    expect(report.unanswered_all).toEqual([{ query: "zebra quagga okapi", count: 2, last: expect.any(String) }])
    expect(unansweredOf()).toEqual(unansweredBefore)
    expect(s.run(["stats", "--all"]).stdout).toMatch(/Questions no skill answered \(search --all\): 1\n\s+2  'zebra quagga okapi'/)
    const pdf = JSON.parse(s.run(["stats", "pdf", "--group-by", "unanswered", "--format", "json"]).stdout)
    expect((pdf.data as Array<{ query: string }>).map((q) => q.query)).not.toContain("zebra quagga okapi")
  })

  describe("MCP skc_search without skill", () => {
    let mcp: McpSession
    beforeAll(async () => {
      mcp = await connectMcp({ cwd: s.work, home: s.home })
    })
    afterAll(async () => {
      await mcp?.close()
    })

    it("issue 14 searches every built skill: the CLI's --all document", async () => {
      const r = await mcp.call("skc_search", { query: "watermark", limit: 3 })
      expect(r.isError).toBeFalsy()
      // The CLI's document, and beside it (notices) how to search the unbuilt skill it skipped.
      const { notices, ...document } = r.structuredContent as { notices?: Array<string> }
      const { notices: cliNotices, ...cliDocument } = JSON.parse(s.run(["search", "--all", "watermark", "--limit", "3", "--format", "json"]).stdout)
      expect(document).toEqual(cliDocument)
      // The same guidance, each in its own client's words (the tool call over MCP, the command in the CLI's JSON).
      expect(notices).toEqual(["(skipped unbuilt: not built; build it with: skc build unbuilt)"])
      expect(cliNotices).toEqual(["(skipped unbuilt: not built; build it with: skc build unbuilt)"])
      const narrowed = await mcp.call("skc_search", { query: "watermark", skills: ["docx"] })
      expect(new Set((narrowed.structuredContent as { results: Array<Item> }).results.map((x) => x.skill))).toEqual(new Set(["docx"]))
    })

    it("skill and skills together are E100: skills narrows a search across skills (it was silently dropped)", async () => {
      const r = await mcp.call("skc_search", { skill: "pdf", query: "watermark", skills: ["docx"] })
      expect(r.isError).toBe(true)
      expect(JSON.stringify(r.content)).toContain("error[E100]: invalid option: 'skills narrows a search across skills: give skill or skills, not both'")
      // The CLI's counterpart: --skill with a skill and a query names --skill, not an --all that was not given.
      const cli = s.run(["search", "pdf", "watermark", "--skill", "docx"])
      expect(cli.code).toBe(1)
      expect(cli.stderr).toContain("--skill narrows --all and takes only the query")
    })

    it("an empty skills list is E100, not a search of nothing logged as unanswered", async () => {
      const r = await mcp.call("skc_search", { query: "watermark", skills: [] })
      expect(r.isError).toBe(true)
      expect(JSON.stringify(r.content)).toContain("error[E100]: invalid option: 'skills is empty")
    })
  })

  it("issue 14 --all skips a skill whose index is stale, says so, and still answers from the others", () => {
    writeFileSync(join(skills, "docx", "SKILL.md"), DOCX + "\nEdited after the build: watermark.\n")
    const r = s.run(["search", "--all", "watermark", "--format", "json"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as { results: Array<Item>; skipped: Array<{ skill: string; reason: string }> }
    expect(doc.skipped).toContainEqual({ skill: "docx", reason: "index unusable (stale-source); run 'skc build docx'" })
    expect(new Set(doc.results.map((x) => x.skill))).toEqual(new Set(["pdf"]))
    expect(r.stderr).toContain("skipping 'docx': index unusable (stale-source); run 'skc build docx'")
    // DECISIONS #44: a skill that gave no result gets no row, a skipped one included (the warning told the caller).
    const last = readLog(join(s.work, ".skillc", "runtime", "docx", ".skillc-meta", "logs.db")).filter((x) => x.command === "search").at(-1)
    expect(last === undefined || JSON.parse(last.args as string).query !== "watermark" || last.error === null).toBe(true)
    expect(s.run(["build", "docx"]).code).toBe(0)
  })
})
