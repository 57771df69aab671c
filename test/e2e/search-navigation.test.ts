// A section that only points to other files (issue 47, twenty-eighth pass; docs/search.md "Sections that
// point elsewhere"): real CLI, real SQLite index (porter, BM25), isolated SKILLC_HOME. A routing table
// ("Files in This Skill": a line per file, each saying what the file is for) holds words of every question
// about the skill; before, "slide text as json" answered with it first, tied with the section that answers,
// and it came second for questions whose answer is in a file it links to.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

const SKILL = [
  "---",
  "name: decks",
  "description: Read, build and check slide decks. Use when working with presentations.",
  "---",
  "# Decks",
  "",
  "## Files in This Skill",
  "",
  "- [reference/extract.md](reference/extract.md): extract the text of every slide, notes included",
  "- [reference/layouts.md](reference/layouts.md): slide layouts and placeholders",
  "- [scripts/extract_text.py](scripts/extract_text.py): the text of every slide as JSON",
  "",
  "## Extract the Text of a Deck",
  "",
  "Open the deck with python-pptx and walk every shape on every slide: a shape",
  "with a text frame holds text, and a table holds it in its cells. Keep the",
  "slide number beside each piece of text.",
  "",
  "## Build a Deck",
  "",
  "Start from the template's layouts and fill each placeholder.",
  ""
].join("\n")

type Answer = { results: Array<{ file: string; section: string; score: number }> }

describe("issue 47: a routing table answers below the sections it points to", () => {
  it("in one skill and across skills, the section that answers comes first and the list of files after the file it names", async () => {
    const sb = sandbox()
    const dir = join(sb.work, ".skillc", "skills", "decks")
    mkdirSync(join(dir, "reference"), { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), SKILL)
    writeFileSync(join(dir, "reference", "extract.md"), "# Extracting\n\n## Notes\n\nThe speaker notes of a slide are in `slide.notes_slide`.\n")
    writeFileSync(join(dir, "reference", "layouts.md"), "# Layouts\n\n## Placeholders\n\nEach layout has numbered placeholders.\n")
    expect((await sb.runAsync(["build", "decks"])).code).toBe(0)
    const search = async (query: string, all = false): Promise<Answer["results"]> => {
      const r = await sb.runAsync(all ? ["search", "--all", query, "--format", "json"] : ["search", "decks", query, "--format", "json"])
      expect(r.code, r.stderr).toBe(0)
      const results = (JSON.parse(r.stdout) as Answer).results
      // The order printed is the order of the printed scores (issue 47 item 1).
      for (let i = 1; i < results.length; i++) expect(results[i]!.score).toBeLessThanOrEqual(results[i - 1]!.score)
      return results
    }
    const where = (results: Answer["results"]) => results.map((r) => `${r.file}#${r.section}`)
    for (const all of [false, true]) {
      expect(where(await search("slide text as json", all))[0], `all: ${all}`).toBe("SKILL.md#Extract the Text of a Deck")
    }
    const notes = where(await search("extract the text of every slide"))
    expect(notes[0]).toBe("SKILL.md#Extract the Text of a Deck")
    expect(notes.indexOf("reference/extract.md#Notes")).toBeLessThan(notes.indexOf("SKILL.md#Files in This Skill"))
    // Asked for the files themselves, the list still answers: it is weighed, not dropped.
    expect(where(await search("which files are in this skill"))[0]).toBe("SKILL.md#Files in This Skill")
  })
})
