// The search use case on the in-memory adapters (issue 14): partial answers and parent elimination in process. The
// memory index matches substrings and scores by words held; the SQLite
// behaviour (stemming, BM25) is tested end to end in test/e2e.
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { indexSkill } from "../../src/app/services/indexing.js"
import { resolveSkill } from "../../src/app/services/resolve.js"
import { search, type SearchResult } from "../../src/app/search.js"
import { memoryWorld } from "../helpers/memory.js"

const SKILL = (name: string, body: string) => `---\nname: ${name}\ndescription: d\n---\n${body}`

const GUIDE = ["# Guide", "", "Intro.", "", "## Tasks", "", "Jobs.", "", "### Watermark", "", "stamp a watermark", "", "### Forms", "", "fill form fields", ""].join("\n")

describe("issue 14 search use case", () => {
  it("DECISIONS #37 and issue 14: AND first without echoed parents, then the partial fallback", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/guide/SKILL.md": SKILL("guide", GUIDE) } })
    const run = (query: string) =>
      w.run(Effect.flatMap(resolveSkill("guide"), indexSkill).pipe(Effect.andThen(search({ skill: "guide", query }))))
    const found = async (query: string) => {
      const r = Result.getOrThrow(await run(query)) as SearchResult
      return { partial: r.partial, where: r.results.map((x) => `${x.section}@${x.line}`) }
    }
    // "Tasks" and "Guide" hold "watermark" only through "Watermark".
    expect(await found("watermark")).toEqual({ partial: undefined, where: ["Watermark@13"] })
    // No section holds both words; each of the two leaves holds one.
    const spread = await found("stamp fields")
    expect(spread.partial).toBe(true)
    expect(spread.where.sort()).toEqual(["Forms@17", "Watermark@13"])
    expect(await found("nothing here")).toEqual({ partial: undefined, where: [] })
  })

  it("issue 14 partial answers: the headings above a section count as held by it", async () => {
    const doc = ["# PDF Guide", "", "Intro.", "", "## Python Libraries", "", "### reportlab - Create PDFs", "", "#### Basic Creation", "", "```python", "canvas drawString hello.pdf", "```", ""].join("\n")
    const w = memoryWorld({ files: { "/proj/.skillc/skills/pdf/SKILL.md": SKILL("pdf", doc) } })
    const r = Result.getOrThrow(
      await w.run(Effect.flatMap(resolveSkill("pdf"), indexSkill).pipe(Effect.andThen(search({ skill: "pdf", query: "create a new pdf from scratch in python" }))))
    ) as SearchResult
    // Five content words, so an answer holds three. "Basic Creation" holds "python" and "pdf" itself and "create"
    // through "reportlab - Create PDFs" above it; that section holds "python" through "Python Libraries". The old
    // rule found nothing: no section held three words itself, and the parents held theirs only through subsections.
    expect(r.partial).toBe(true)
    expect(r.results.map((x) => x.section)).toEqual(["reportlab - Create PDFs", "Basic Creation"])
  })
})
