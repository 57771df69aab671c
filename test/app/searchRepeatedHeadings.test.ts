// A search result whose heading another section of its skill also has names the `show` of its own section
// (sixty-second pass, docs/search.md "A heading the skill repeats"): `show` given the heading alone reads the
// first of them (W001), so an agent following the hit read another file's section and had to ask again.
// In process, on the in-memory adapters; test/e2e/search-repeated-headings.test.ts runs the CLI and MCP server.
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { searchWithCorrection } from "../../src/app/search/search.js"
import { headingKey } from "../../src/domain/search/repeatedHeading.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (body: string) => `---\nname: comms\ndescription: d\n---\n${body}`
const FILES = {
  "/proj/.skillc/skills/comms/SKILL.md": SKILL(["# Comms", "", "Pick a format.", "", "## Usage", "", "incident usage notes", "", "## Later", "", "## Usage", "", "more incident usage", ""].join("\n")),
  "/proj/.skillc/skills/comms/incident.md": ["# Incident Reports", "", "## Structure", "", "incident structure: summary, impact", ""].join("\n"),
  "/proj/.skillc/skills/comms/newsletter.md": ["# Newsletter", "", "## Structure", "", "newsletter structure: headlines", ""].join("\n"),
  "/proj/.skillc/skills/comms/faq.md": ["# FAQ", "", "## Format", "", "incident questions", ""].join("\n")
}

const answer = async (query: string) => {
  const w = memoryWorld({ files: FILES })
  return Result.getOrThrow(await w.run(Effect.flatMap(resolveSkill("comms"), indexSkill).pipe(Effect.andThen(searchWithCorrection({ skill: "comms", query })))))
}

describe("a result whose heading its skill repeats", () => {
  it("is told apart by its file when another file has the heading, by its file and line when its own file repeats it", async () => {
    const a = await answer("incident")
    const repeated = "repeated" in a ? a.repeated : undefined
    expect(a.result.results.map((r) => `${r.file}#${r.section}`)).toEqual(expect.arrayContaining(["incident.md#Structure", "SKILL.md#Usage", "faq.md#Format"]))
    expect(repeated?.get(headingKey(undefined, "incident.md", "Structure"))).toBe("file")
    expect(repeated?.get(headingKey(undefined, "SKILL.md", "Usage"))).toBe("line")
    // A heading no other section has: no entry, the plain `line N`.
    expect(repeated?.has(headingKey(undefined, "faq.md", "Format"))).toBe(false)
  })

  it("compares headings as show matches them: ASCII case folded", async () => {
    expect(headingKey(undefined, "a.md", "STRUCTURE")).toBe(headingKey(undefined, "a.md", "structure"))
    expect(headingKey("pdf", "a.md", "Forms")).not.toBe(headingKey("docx", "a.md", "Forms"))
  })

  it("an answer of unrepeated headings carries none", async () => {
    const a = await answer("questions")
    expect(a.result.results.map((r) => r.section)).toEqual(["Format"])
    expect("repeated" in a ? a.repeated : undefined).toBeUndefined()
  })
})
