// Apostrophes, hyphens and slashes in a question (issue 47; docs/search.md "Apostrophes and hyphens"):
// real CLI, real SQLite index (porter, BM25), isolated SKILLC_HOME. "the document's title" asked what "the
// document title" asks, and questions with "isn't", "e-mail" or "and/or" are answered whole: before, the
// AND query required the phrases "document s", "isn t", "e mail" and "and or", no section held them, and
// the answers were partial ones held by a single word.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const SKILL = [
  "---",
  "name: pdf",
  "description: Read and write PDF files. Use when working with PDFs.",
  "---",
  "# PDF",
  "",
  "## Set the Document Title",
  "",
  "Give the document a title with `writer.add_metadata({'/Title': ...})`.",
  "",
  "## Read the Title",
  "",
  "The title is in `reader.metadata.title`.",
  "",
  "## Fill a Form",
  "",
  "Fill the form fields with pypdf; a form that is not fillable needs annotations.",
  "",
  "## Send by Email",
  "",
  "Attach the PDF to an email with the report's summary.",
  "",
  "## Merge PDFs",
  "",
  "Merge several files into one, or split one into pages.",
  ""
].join("\n")

type Answer = { partial?: boolean; results: Array<{ section: string; score: number; matched_terms: Array<{ word: string }> }> }

describe("issue 47: apostrophes in a question", () => {
  it("a possessive is held through its word, a contraction of a function word decides nothing", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "pdf")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), SKILL)
    expect((await sb.runAsync(["build", "pdf"])).code).toBe(0)
    const search = async (query: string, all = false): Promise<Answer> => {
      const r = await sb.runAsync(all ? ["search", "--all", query, "--format", "json"] : ["search", "pdf", query, "--format", "json"])
      expect(r.code).toBe(0)
      return JSON.parse(r.stdout) as Answer
    }
    const plain = await search("the document title")
    expect(plain.results[0]?.section).toBe("Set the Document Title")
    for (const asked of ["the document's title", "the document’s title"]) {
      const r = await search(asked)
      expect(r.partial, asked).toBeUndefined()
      expect(r.results.map((x) => [x.section, x.score]), asked).toEqual(plain.results.map((x) => [x.section, x.score]))
      // What the result holds is said as asked.
      expect(r.results[0]?.matched_terms.map((m) => m.word), asked).toEqual([asked.split(" ")[1], "title"])
    }
    for (const asked of ["fill a form that isn't fillable", "fill a form that isn’t fillable", "why doesn't the form fill"]) {
      const r = await search(asked)
      expect(r.partial, asked).toBeUndefined()
      expect(r.results[0]?.section, asked).toBe("Fill a Form")
    }
    for (const [asked, plain, first] of [
      ["send the pdf by e-mail", "send the pdf by email", "Send by Email"],
      ["merge and/or split", "merge split", "Merge PDFs"],
      // A number joined to its noun: "10-page" counts pages; the phrase "10 page" is in no section.
      ["split a 10-page pdf into pages", "split a pdf into pages", "Merge PDFs"]
    ] as const) {
      const r = await search(asked)
      expect(r.partial, asked).toBeUndefined()
      expect(r.results[0]?.section, asked).toBe(first)
      expect(r.results.map((x) => x.section), asked).toEqual((await search(plain)).results.map((x) => x.section))
    }
    // Across skills the same words are searched.
    const across = await search("the document's title", true)
    expect(across.partial).toBeUndefined()
    expect(across.results[0]?.section).toBe("Set the Document Title")
  })
})
