// Issue 14 item 4/5 and issue 25 item 1 in process: how `search --all` ranks
// the sections of several indexes as one collection (DECISIONS #44; real
// SQLite indexes in a temp directory, built through the use case). BM25 is
// per index, so each hit's score is recomputed with the IDF of all searched
// indexes; the question's content words decide what matches (stop words
// never do), and a skill's name and description count as a heading above
// all its files.
import { closeSync, mkdirSync, openSync, readdirSync, statSync, writeFileSync, writeSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { search, type SearchResult } from "../../src/app/search/search.js"
import { diskWorld } from "../helpers/worlds.js"

const skillMd = (name: string, sections: ReadonlyArray<readonly [string, string]>) =>
  [`---`, `name: ${name}`, `description: Notes for the ${name} tests.`, `---`, ``, ...sections.flatMap(([h, body]) => [`# ${h}`, ``, body, ``])].join("\n")

/** A skill in the project store of `work`, with its own description. */
const writeSkill = (work: string) => (name: string, description: string, sections: ReadonlyArray<readonly [string, string]>) => {
  const dir = join(work, ".skillc", "skills", name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), skillMd(name, sections).replace(`Notes for the ${name} tests.`, description))
}

const FILLER = "Plain words about ordinary things that neither question mentions here."

// In "guide", "beta" is rare (one section) and "alpha" common (three of them): its own BM25 ranks the
// beta section first. "other" holds "beta" in many sections, so across both indexes "beta" is the
// common word and "alpha" the rare one: the score across indexes ranks guide's alpha sections first.
const GUIDE = skillMd("guide", [
  ["Gamma", "The beta switch turns the feature on for early testers."],
  ["Delta", "The alpha channel keeps the colour of a layer apart from it."],
  ["Epsilon", "An alpha value of zero makes the layer fully transparent now."],
  ["Zeta", "Each alpha release is tagged before the stable one is out."],
  ["Eta", FILLER],
  ["Theta", FILLER],
  ["Iota", FILLER],
  ["Kappa", FILLER],
  ["Lambda", FILLER],
  ["Mu", FILLER]
])
const OTHER = skillMd("other", [
  ...Array.from({ length: 8 }, (_, i) => [`Part ${i + 1}`, `The beta programme number ${i + 1} has its own sign-up form.`] as const),
  ...Array.from({ length: 12 }, (_, i) => [`Aside ${i + 1}`, FILLER] as const)
])

const setup = () => {
  const w = diskWorld("skc-search-across-")
  for (const [name, text] of [
    ["guide", GUIDE],
    ["other", OTHER]
  ] as const) {
    const dir = join(w.work, ".skillc", "skills", name)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), text)
  }
  const build = Effect.forEach(["guide", "other"], (name) => w.run(Effect.flatMap(resolveSkill(name), indexSkill)))
  const find = (query: string, skill?: string, limit?: number) =>
    w.run(search({ query, ...(skill !== undefined ? { skill } : {}), ...(limit !== undefined ? { limit } : {}) })) as Effect.Effect<SearchResult>
  return { ...w, build, find }
}

describe("issue 14 search --all: one ranking across indexes", () => {
  const s = setup()

  it.live("DECISIONS #44 one ranking across indexes: words held, then the score with the IDF of all indexes", () =>
    Effect.gen(function* () {
      yield* s.build
      const query = "alpha beta"
      const across = yield* s.find(query, undefined, 10)
      // No section holds both words (DECISIONS #37).
      expect(across.partial).toBe(true)
      expect(across.results.length).toBe(10)
      // Each section holds one of the two words, so the scores alone order the list.
      const scores = across.results.map((r) => r.score)
      expect([...scores].sort((a, b) => b - a)).toEqual(scores)
      // "alpha" is rare across both indexes (guide only), "beta" common (nine sections): guide's alpha
      // sections score highest across skills, so guide answers first; and its sections come in the order
      // of its own search (issue 47's two-level order, docs/search.md), which puts its beta section
      // ("Gamma") first, beta being the rare word within guide.
      const own = (yield* s.find(query, "guide", 10)).results.map((r) => `guide:${r.section}`)
      expect(own[0]).toBe("guide:Gamma")
      expect(across.results.slice(0, 4).map((r) => `${r.skill}:${r.section}`)).toEqual(own.slice(0, 4))
      // --limit cuts the same ranking.
      for (const limit of [1, 2, 3, 5]) {
        expect((yield* s.find(query, undefined, limit)).results).toEqual(across.results.slice(0, limit))
      }
    }))

  it.live("a skill named twice (by name and by path) is searched once: no duplicate rows, the same scores", () =>
    Effect.gen(function* () {
      yield* s.build
      const ask = (skills: ReadonlyArray<string>) => s.run(search({ query: "alpha beta", skills, limit: 10 })) as Effect.Effect<SearchResult>
      const once = yield* ask(["guide", "other"])
      const twice = yield* ask(["guide", "other", "guide", join(s.work, ".skillc", "skills", "guide")])
      expect(twice.results).toEqual(once.results)
      const keys = twice.results.map((r) => `${r.skill}:${r.file}:${r.section}`)
      expect(new Set(keys).size).toBe(keys.length)
    }))

  it.live("issue 14 the score across indexes still decides which skill answers first (a single word: IDF over both indexes)", () =>
    Effect.gen(function* () {
      yield* s.build
      const doc = yield* s.find("alpha", undefined, 10)
      expect(new Set(doc.results.map((r) => r.skill))).toEqual(new Set(["guide"]))
      const beta = yield* s.find("beta", undefined, 20)
      expect(beta.results.map((r) => r.skill).filter((x) => x === "guide").length).toBe(1)
      expect(beta.results.length).toBe(9)
      // One word: every index's order is its BM25 times one factor, so the scores fall.
      const scores = beta.results.map((r) => r.score)
      expect([...scores].sort((a, b) => b - a)).toEqual(scores)
    }))

  it.live("DECISIONS #44 a skill's name and description count as a heading above all its files; each skill's own search is unchanged", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-search-described-")
      const write = writeSkill(w.work)
      write("pdfkit", "Create new PDF files and merge them.", [
        ["Canvas", "Draw on a canvas in python and save the pdf."],
        ["Setup", "Install it with python."],
        ["Other", FILLER]
      ])
      write("wordkit", "Word documents.", [
        ["Fresh documents", "Create a new document from python code."],
        ["Other", FILLER]
      ])
      yield* Effect.forEach(["pdfkit", "wordkit"], (name) => w.run(Effect.flatMap(resolveSkill(name), indexSkill)))
      const find = (skill?: string) => w.run(search({ query: "create a new pdf in python", ...(skill !== undefined ? { skill } : {}) }))
      // Four content words, no section holds them all itself. "Canvas" holds two (pdf, python) and its skill's
      // description ("Create new PDF files") the other two, at half weight. "Setup" holds python alone, and
      // with the description's three words, at half weight, is an answer. "Fresh documents" holds three
      // (create, new, python) but its skill says nothing of them: the one score (issue 47) multiplies each
      // section's by how much of the question its skill's name and description hold, so pdfkit's come first.
      const across = yield* find()
      expect(across.partial).toBe(true)
      expect(across.results.map((r) => `${r.skill}:${r.section}`)).toEqual(["pdfkit:Canvas", "pdfkit:Setup", "wordkit:Fresh documents"])
      const scores = across.results.map((r) => r.score)
      expect(scores).toEqual([...scores].sort((a, b) => b - a))
      // Issue 47 item 3: in the skill's own search its description is a heading above its files too, so
      // "Setup" (python itself, create, new and pdf from the description) holds every word.
      expect((yield* find("pdfkit")).results.map((r) => r.section)).toEqual(["Canvas", "Setup"])
      expect((yield* find("wordkit")).results.map((r) => r.section)).toEqual(["Fresh documents"])
    }))

  it.live("DECISIONS #44 stop words never decide a match: a section holding every word, 'from' and 'a' included, does not hide the skill that answers", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-search-stopwords-")
      const write = writeSkill(w.work)
      write("pdf", "Read, create and edit PDF files.", [
        ["Extract Tables", "Use pdfplumber: open the file and call extract_tables on each page."],
        ["Merge Files", "Join several files into one with qpdf."],
        ["Other", FILLER]
      ])
      write("creator", "Write and evaluate skills.", [
        ["benchmark.json", "Each record says where a run came from: a pdf of the tables, the extract step, the grader."],
        ["Other", FILLER]
      ])
      yield* Effect.forEach(["pdf", "creator"], (name) => w.run(Effect.flatMap(resolveSkill(name), indexSkill)))
      const across = yield* w.run(search({ query: "extract tables from a pdf" }))
      // Before issue 25 the AND query of every word ran first across all indexes, and only creator's
      // section holds "from" and "a": it was the whole answer. Now both answer: creator's section holds the
      // three content words itself, pdf's two (the third, "pdf", only through its skill's description). The
      // one score (issue 47) puts pdf first: its skill's description holds "pdf", creator's none of the words.
      expect(across.results.map((r) => `${r.skill}:${r.section}`)).toEqual(["pdf:Extract Tables", "creator:benchmark.json"])
      // creator's section holds every content word itself: the answer is not partial.
      expect(across.partial).toBeUndefined()
    }))

  it.live("issue 47 item 3 across skills: when no section answers, the skills whose descriptions hold every word answer with their top sections", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-search-described-")
      const write = writeSkill(w.work)
      write("release-notes", "Write release notes and changelog entries from merged pull requests.", [
        ["Release Notes", "Gather the merged pull requests since the last tag."],
        ["Breaking changes", "List them first, with a migration hint."]
      ])
      write("versioning", "Pick the next version number; keep the changelog honest.", [["Versions", "Major, minor, patch."]])
      write("styles", "The house style for prose.", [["Tone", FILLER]])
      yield* Effect.forEach(["release-notes", "versioning", "styles"], (name) => w.run(Effect.flatMap(resolveSkill(name), indexSkill)))
      // No section of any skill says "changelog"; two descriptions do. Before, the answer was empty (and
      // pointed at `skc match`) while `skc search release-notes changelog` answered with the top section.
      const across = yield* w.run(search({ query: "changelog" }))
      expect(across.results.map((r) => `${r.skill}:${r.file}#${r.section}`).sort()).toEqual(["release-notes:SKILL.md#Release Notes", "versioning:SKILL.md#Versions"])
      expect(across.partial).toBeUndefined()
      for (const r of across.results) {
        expect(r.score).toBeGreaterThan(0)
        expect(r.matched_terms).toEqual([{ word: "changelog", fields: ["skill"] }])
        expect(r.snippet).toContain("[MATCH]changelog[/MATCH]")
      }
      const scores = across.results.map((r) => r.score)
      expect(scores).toEqual([...scores].sort((a, b) => b - a))
      // Every word must be in the description: "changelog" and "entries" are in release-notes's only.
      expect((yield* w.run(search({ query: "changelog entries" }))).results.map((r) => r.skill)).toEqual(["release-notes"])
      // A word no description holds leaves the answer empty, as before.
      expect((yield* w.run(search({ query: "changelog zebra" }))).results).toEqual([])
      // A section that holds a word itself is the index's answer: the fallback does not run.
      expect((yield* w.run(search({ query: "migration" }))).results.map((r) => `${r.skill}:${r.section}`)).toEqual(["release-notes:Breaking changes"])
    }))

  it.live("a question of 32 content words that the description holds one of finds nothing: every bit of 32 words is not (1 << 32) - 1, which is 0", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-search-32-words-")
      const write = writeSkill(w.work)
      write("widgets", "Builds widgets.", [["Widgets", "How the parts fit."], ["Other", FILLER]])
      write("gadgets", "Builds gadgets.", [["Gadgets", FILLER]])
      yield* Effect.forEach(["widgets", "gadgets"], (name) => w.run(Effect.flatMap(resolveSkill(name), indexSkill)))
      const letters = "abcdefghijklmnopqrstuvwxyz"
      const invented = Array.from({ length: 31 }, (_, i) => `glorp${letters[Math.floor(i / 26)]}${letters[i % 26]}`)
      const query = ["widgets", ...invented].join(" ")
      // Before: the mask of "every word" was 0, so any description held "every word" and the top section answered.
      expect((yield* w.run(search({ query, skill: "widgets" }))).results).toEqual([])
      expect((yield* w.run(search({ query }))).results).toEqual([])
    }))
})

describe("search --all over a damaged index (a search probe)", () => {
  it.live("an index whose pages are damaged past what opening it checks is skipped with its reason, and the other skills answer (DECISIONS #44): it failed the whole search with E002", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-search-across-damaged-")
      const write = writeSkill(w.work)
      // Enough sections that the index spans many pages, each holding the question's words.
      const many = Array.from({ length: 300 }, (_, i) => [`Contents part ${i + 1}`, `The table of contents lists chapter ${i + 1} and its pages ${FILLER}`] as const)
      write("big", "Writes long documents with a table of contents.", many)
      write("small", "Formats tables.", [["Table of contents", "Insert a table of contents at the top of the document."]])
      write("third", "Other notes.", [["Tables", "A table holds rows and columns."]])
      yield* Effect.forEach(["big", "small", "third"], (name) => w.run(Effect.flatMap(resolveSkill(name), indexSkill)))
      const ask = () => w.run(search({ query: "table of contents", limit: 3 })) as Effect.Effect<SearchResult>
      expect((yield* ask()).results.length).toBe(3)
      // Damage the middle of big's index: its first pages (the schema, the metadata opening reads) stay whole.
      const meta = join(w.work, ".skillc", "runtime", "big", ".skillc-meta")
      const file = join(meta, readdirSync(meta).find((f) => /^search-.*\.db$/.test(f))!)
      const size = statSync(file).size
      expect(size).toBeGreaterThan(64 * 1024)
      const fd = openSync(file, "r+")
      writeSync(fd, Buffer.alloc(Math.floor(size / 2), 0xa5), 0, Math.floor(size / 2), Math.floor(size / 4))
      closeSync(fd)
      for (let i = 0; i < 2; i++) {
        const r = yield* ask()
        expect(r.skipped?.map((x) => x.skill)).toEqual(["big"])
        expect(r.skipped?.[0]?.reason).toMatch(/^index unusable \(corrupt.*\); run 'skc build big'$/)
        expect(r.results.length).toBeGreaterThan(0)
        expect(r.results.every((x) => x.skill !== "big")).toBe(true)
        expect(r.results[0]).toMatchObject({ skill: "small", section: "Table of contents" })
      }
    }))
})
