// The search use case on the in-memory adapters (issue 14): partial answers and parent elimination in process. The
// memory index matches substrings and scores by words held; the SQLite
// behaviour (stemming, BM25) is tested end to end in test/e2e.
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { MAX_QUERY_LENGTH, search, type SearchResult } from "../../src/app/search/search.js"
import { memoryWorld } from "../../src/testing.js"

const SKILL = (name: string, body: string) => `---\nname: ${name}\ndescription: d\n---\n${body}`

/** A world holding the skill `guide` whose SKILL.md body is `doc`, built. */
const builtGuide = async (doc: string) => {
  const w = memoryWorld({ files: { "/proj/.skillc/skills/guide/SKILL.md": SKILL("guide", doc) } })
  await w.run(Effect.flatMap(resolveSkill("guide"), indexSkill))
  return w
}

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
    // Since issue 47's twelfth pass "Python Libraries" answers too, last: it holds "python", which its own
    // heading names (counted twice toward the floor), and "pdf" through "PDF Guide" above it.
    expect(r.partial).toBe(true)
    expect(r.results.map((x) => x.section)).toEqual(["reportlab - Create PDFs", "Basic Creation", "Python Libraries"])
  })
})

describe("issue 47: a long question that no section holds half of", () => {
  const doc = ["# Guide", "", "Intro.", "", "## Pandas Analysis", "", "Read a sheet with pandas and summarize it.", "", "## Charts", "", "Draw charts.", ""].join("\n")
  const setup = () => builtGuide(doc)
  const where = async (w: Awaited<ReturnType<typeof setup>>, input: { skill?: string; query: string }) => {
    const r = Result.getOrThrow(await w.run(search(input))) as SearchResult
    return { partial: r.partial, where: r.results.map((x) => x.section) }
  }

  it("issue 47 (relaxed floor): two words of five in one section answer when no section holds three, in one skill and across skills", async () => {
    const w = await setup()
    // Five content words (load, csv, summarize, numbers, pandas): half is three, which no section holds;
    // "Pandas Analysis" holds two. Before the second round the answer was empty.
    const query = "load a csv and summarize the numbers with pandas"
    expect(await where(w, { skill: "guide", query })).toEqual({ partial: true, where: ["Pandas Analysis"] })
    expect(await where(w, { query })).toEqual({ partial: true, where: ["Pandas Analysis"] })
  })

  it("issue 47 (relaxed floor): one word alone still never answers", async () => {
    const w = await setup()
    // Five content words again; every section holds at most one ("pandas").
    const query = "load a csv with excel numbers and pandas"
    expect(await where(w, { skill: "guide", query })).toEqual({ partial: undefined, where: [] })
    expect(await where(w, { query })).toEqual({ partial: undefined, where: [] })
  })
})

describe("issue 47 (sixty-first pass): the floor counts the words the skill holds", () => {
  const doc = ["# PDF", "", "Intro.", "", "## Table Extraction", "", "Pull the tables out of a page with pdfplumber.", "", "## Merge Files", "", "Merge pdf files with pypdf.", ""].join("\n")
  it("a long question whose filler words no section holds still finds the section holding its subject", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/pdf/SKILL.md": SKILL("pdf", doc) } })
    await w.run(Effect.flatMap(resolveSkill("pdf"), indexSkill))
    // Ten content words; the skill holds four of them (pypdf, tables, pdf, pull), so a section answers with two.
    // Counted over all ten, the floor was five words (four in the second round): "Table Extraction" holds
    // three ("pdf" through the skill's name) and the answer was empty.
    const query = "pypdf gives me jumbled output and the tables in my pdf come out wrong, how can I pull the tables out properly"
    for (const input of [{ skill: "pdf", query }, { query }]) {
      const r = Result.getOrThrow(await w.run(search(input))) as SearchResult
      expect(r.partial).toBe(true)
      expect(r.results.map((x) => x.section)).toContain("Table Extraction")
    }
    // Words no section holds never lower it to one: a question holding one known word answers nothing.
    const none = Result.getOrThrow(await w.run(search({ skill: "pdf", query: "jumbled wrong tables properly gives" }))) as SearchResult
    expect(none.results).toEqual([])
  })
})

describe("issue 47 (sixty-first pass): across skills the second round has one floor, over the words any skill holds", () => {
  it("a skill holding two of twelve words answers alone, not beside a skill holding nine", async () => {
    const alpha = ["# Alpha", "", "## First", "", "apple banana cherry delta", "", "## Second", "", "echo foxtrot golf hotel", "", "## Third", "", "india mike november oscar", ""].join("\n")
    const beta = ["# Beta", "", "## Juliet", "", "juliet kilo", ""].join("\n")
    const w = memoryWorld({ files: { "/proj/.skillc/skills/alpha/SKILL.md": SKILL("alpha", alpha), "/proj/.skillc/skills/beta/SKILL.md": SKILL("beta", beta) } })
    await w.run(Effect.flatMap(resolveSkill("alpha"), indexSkill))
    await w.run(Effect.flatMap(resolveSkill("beta"), indexSkill))
    const query = "apple banana cherry delta echo foxtrot golf hotel india juliet kilo lima"
    const sections = async (input: { skill?: string; query: string }) => (Result.getOrThrow(await w.run(search(input))) as SearchResult).results.map((x) => x.section)
    // Twelve words, none held by six: the second round. The skills hold eleven, so four of them answer.
    expect((await sections({ query })).sort()).toEqual(["First", "Second"])
    // Beta alone holds two: two answer (a third of twelve, four, found nothing).
    expect(await sections({ skill: "beta", query })).toEqual(["Juliet"])
  })
})

describe("issue 47 (twelfth pass): a word the section's own heading names counts twice toward the floor", () => {
  const doc = [
    "# Guide",
    "",
    "Intro.",
    "",
    "## Decision Doc or RFC",
    "",
    "Questions to settle before the decision is made.",
    "",
    "## Drafting",
    "",
    "Help the user with a new draft, section by section.",
    "",
    "## Caching",
    "",
    "Keep notes between sessions.",
    ""
  ].join("\n")
  const setup = async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/coauthor/SKILL.md": `---\nname: coauthor\ndescription: Writes documents with the user.\n---\n${doc}` } })
    await w.run(Effect.flatMap(resolveSkill("coauthor"), indexSkill))
    return w
  }
  const where = async (w: Awaited<ReturnType<typeof setup>>, input: { skill?: string; query: string }) => {
    const r = Result.getOrThrow(await w.run(search(input))) as SearchResult
    return r.results.map((x) => x.section)
  }

  it("issue 47: a word the section's heading names counts twice toward the floor, in one skill and across skills", async () => {
    const w = await setup()
    // Six content words (help, write, rfc, new, caching, layer): the floor is three. "Drafting" holds help and
    // new and, through the description, write; "Decision Doc or RFC" holds rfc, which its heading names, and
    // write: three with the heading counted twice. Before, only the section that says the common words answered.
    const query = "help me write an RFC for a new caching layer"
    for (const input of [{ skill: "coauthor", query }, { query }]) expect(await where(w, input)).toContain("Decision Doc or RFC")
  })

  it("issue 47: a heading's one word still never answers alone", async () => {
    const w = await setup()
    // Three content words: the floor is two. "Caching" names one of them and holds no other: it shares a word.
    for (const input of [{ skill: "coauthor", query: "caching zebra quokka" }, { query: "caching zebra quokka" }]) expect(await where(w, input)).toEqual([])
  })
})

describe("issue 45 item 4: NUL in a query", () => {
  it("issue 45 item 4: a query holding NUL is E004 before any index is opened, for one skill and across skills", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/guide/SKILL.md": SKILL("guide", GUIDE) } })
    for (const input of [{ skill: "guide", query: "water\u0000mark" }, { query: "water\u0000mark" }]) {
      const r = await w.run(search(input))
      expect(Result.isFailure(r) && r.failure).toMatchObject({ _tag: "EmptyQuery", code: "E004", holdsNul: true })
    }
  })
})

describe("a query too long to search", () => {
  it("is E100 before any index is opened, one skill and across skills; a query at the bound is searched", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/guide/SKILL.md": SKILL("guide", GUIDE) } })
    const long = "watermark ".repeat(1_700).slice(0, MAX_QUERY_LENGTH + 1)
    for (const input of [{ skill: "guide", query: long }, { query: long }]) {
      const r = await w.run(search(input))
      expect(Result.isFailure(r) && r.failure).toMatchObject({ _tag: "InvalidOption", code: "E100" })
      expect(Result.isFailure(r) && (r.failure as { message: string }).message).toBe("query too long: 16,385 characters, at most 16,384")
    }
    // At the bound the question is searched (no index here: E002, never E100); characters are counted, not
    // UTF-16 units: 16,384 emoji (32,768 units) are within it.
    for (const query of [long.slice(0, MAX_QUERY_LENGTH), "🚀".repeat(MAX_QUERY_LENGTH)]) {
      const r = await w.run(search({ skill: "guide", query }))
      expect(Result.isFailure(r) && r.failure).toMatchObject({ code: "E002" })
    }
  })
})

describe("skill and skills together", () => {
  it("is E100 before any index is opened: skills narrows a search across skills, and was silently dropped", async () => {
    const w = memoryWorld({ files: { "/proj/.skillc/skills/guide/SKILL.md": SKILL("guide", GUIDE) } })
    const r = await w.run(search({ skill: "guide", skills: ["other"], query: "watermark" }))
    expect(Result.isFailure(r) && r.failure).toMatchObject({ _tag: "InvalidOption", code: "E100" })
    // An empty list narrows nothing: the one skill is searched (no index: E002, not E100).
    const one = await w.run(search({ skill: "guide", skills: [], query: "watermark" }))
    expect(Result.isFailure(one) && one.failure).toMatchObject({ code: "E002" })
  })
})

describe("issue 25 cross-skill ranking", () => {
  const md = (name: string, description: string, body: string) => `---\nname: ${name}\ndescription: ${description}\n---\n${body}`
  const build = (w: ReturnType<typeof memoryWorld>, names: ReadonlyArray<string>) =>
    w.run(Effect.forEach(names, (n) => Effect.flatMap(resolveSkill(n), indexSkill)))

  it("DECISIONS #44: a word held only through the file name SKILL.md, which every skill has, is not held", async () => {
    // "alpha" holds "typography" in a heading and "skill" only as its file's name; "beta" holds both words in its
    // text. Counted as held, the file name would tie them on words held and alpha's description would win.
    // (Issue 47: alpha's description no longer holds "typography", whose skill factor would then decide.)
    const w = memoryWorld({
      files: {
        "/proj/.skillc/skills/alpha/SKILL.md": md("alpha", "Style rules.", "# Alpha\n\n## Typography\n\nFonts.\n"),
        "/proj/.skillc/skills/beta/SKILL.md": md("beta", "Guides.", "# Beta\n\nSee the guide.\n"),
        "/proj/.skillc/skills/beta/guide.md": "# Guide\n\n## Typography for a skill\n\nWhich fonts a skill uses.\n"
      }
    })
    await build(w, ["alpha", "beta"])
    const r = Result.getOrThrow(await w.run(search({ query: "skill typography", limit: 1 }))) as SearchResult
    expect(r.results.map((x) => `${x.skill}:${x.file}#${x.section}`)).toEqual(["beta:guide.md#Typography for a skill"])
  })

  it("issue 25: a question spelt the other way finds the section, in one skill and across skills", async () => {
    const w = memoryWorld({
      files: {
        "/proj/.skillc/skills/brand/SKILL.md": md("brand", "House style.", "# Brand\n\n## Color Palette\n\nThe colors.\n\n## Logo\n\nThe mark.\n"),
        "/proj/.skillc/skills/other/SKILL.md": md("other", "Other things.", "# Other\n\n## Logo\n\nNothing.\n")
      }
    })
    await build(w, ["brand", "other"])
    const one = Result.getOrThrow(await w.run(search({ skill: "brand", query: "colour palette" }))) as SearchResult
    expect(one.results.map((x) => x.section)).toEqual(["Color Palette"])
    expect(one.partial).toBeUndefined()
    const all = Result.getOrThrow(await w.run(search({ query: "colour palette" }))) as SearchResult
    expect(all.results.map((x) => `${x.skill}#${x.section}`)[0]).toBe("brand#Color Palette")
  })
})

describe("RFC-0004:C-QUERY-SYNTAX / DECISIONS #37: a pasted compound (URL, path, call) that no section says as written", () => {
  const doc = ["# Guide", "", "Intro.", "", "## Merge PDFs", "", "Merging pdfs with pypdf: open each reader.", "", "## Forms", "", "Fill form fields.", ""].join("\n")
  const setup = () => builtGuide(doc)
  it("one token made of several words is searched by its words in the partial query: the section holding them answers, marked partial", async () => {
    const w = await setup()
    const r = Result.getOrThrow(await w.run(search({ skill: "guide", query: "https://pypdf.readthedocs.io/en/stable/user/merging-pdfs.html" }))) as SearchResult
    // Before: one phrase no section holds, and one token has no partial query: "No results".
    expect(r.partial).toBe(true)
    expect(r.results[0]?.section).toBe("Merge PDFs")
  })
  it("a compound whose words are in different sections answers as the same words apart do (its words, not the compound, are counted)", async () => {
    const w = await setup()
    const joined = Result.getOrThrow(await w.run(search({ skill: "guide", query: "pypdf/fields" }))) as SearchResult
    const apart = Result.getOrThrow(await w.run(search({ skill: "guide", query: "pypdf fields" }))) as SearchResult
    // Counted beside its words, the compound was a third word no section held: the floor dropped both sections.
    expect(joined.partial).toBe(true)
    expect(joined.results.map((x) => x.section).sort()).toEqual(apart.results.map((x) => x.section).sort())
    expect(joined.results.map((x) => x.section).sort()).toEqual(["Forms", "Merge PDFs"])
  })
  it("a plain word that no section holds still finds nothing (one word has no partial query)", async () => {
    const w = await setup()
    const r = Result.getOrThrow(await w.run(search({ skill: "guide", query: "zanzibar" }))) as SearchResult
    expect(r.results).toEqual([])
  })
})
