// Issue 14 item 4/5 in process: how `search --all` merges the answers of
// several indexes (real SQLite indexes in a temp directory, built through the
// use case). BM25 is per index, so the score that compares skills is
// recomputed with the IDF of all searched indexes; that score decides which
// skill answers at each rank, while the sections of one skill keep the order
// `skc search <skill>` gives them.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { indexSkill } from "../../src/app/indexing.js"
import { resolveSkill } from "../../src/app/resolve.js"
import { search, type SearchResult } from "../../src/app/search.js"
import { diskWorld } from "../helpers/worlds.js"

const skillMd = (name: string, sections: ReadonlyArray<readonly [string, string]>) =>
  [`---`, `name: ${name}`, `description: Notes for the ${name} tests.`, `---`, ``, ...sections.flatMap(([h, body]) => [`# ${h}`, ``, body, ``])].join("\n")

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

  it.live("issue 14 the sections of one skill keep the order of `skc search <skill>`; the score across indexes picks the skill of each rank", () =>
    Effect.gen(function* () {
      yield* s.build
      const query = "alpha beta"
      for (const limit of [1, 2, 3, 5, 10]) {
        const across = yield* s.find(query, undefined, limit)
        // No section holds both words: the partial query ran in every index (DECISIONS #37).
        expect(across.partial).toBe(true)
        expect(across.results.length).toBe(limit)
        for (const skill of ["guide", "other"]) {
          const own = (yield* s.find(query, skill, limit)).results.map((r) => `${r.file}#${r.section}`)
          const merged = across.results.filter((r) => r.skill === skill).map((r) => `${r.file}#${r.section}`)
          // What --all shows of a skill is the first answers its own search gives, in the same order.
          expect(merged).toEqual(own.slice(0, merged.length))
        }
      }
      // The old merge ranked guide's alpha sections above its beta section (the score across indexes
      // reorders one skill's sections); guide's own search puts "Gamma" (beta) first.
      expect((yield* s.find(query, "guide")).results[0].section).toBe("Gamma")
      const first = (yield* s.find(query, undefined, 2)).results
      expect(first.map((r) => `${r.skill}:${r.section}`)).toEqual(["guide:Gamma", expect.stringMatching(/^guide:/)])
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

  it.live("issue 14 partial answers across skills: a skill's name and description count as a heading above its files, for ranking only", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-search-described-")
      const write = (name: string, description: string, sections: ReadonlyArray<readonly [string, string]>) => {
        const dir = join(w.work, ".skillc", "skills", name)
        mkdirSync(dir, { recursive: true })
        writeFileSync(join(dir, "SKILL.md"), skillMd(name, sections).replace(`Notes for the ${name} tests.`, description))
      }
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
      // Four content words, no section holds them all. "Canvas" holds two itself, "Fresh documents" three; with
      // its skill's description ("Create new PDF files") "Canvas" holds all four: the question is about pdfkit.
      const across = yield* find()
      expect(across.partial).toBe(true)
      expect(across.results.map((r) => `${r.skill}:${r.section}`)).toEqual(["pdfkit:Canvas", "wordkit:Fresh documents"])
      // Which sections answer is unchanged: "Setup" holds one word of four, below the half an answer needs,
      // whatever the description holds; and each skill's own search is unchanged.
      expect((yield* find("pdfkit")).results.map((r) => r.section)).toEqual(["Canvas"])
      expect((yield* find("wordkit")).results.map((r) => r.section)).toEqual(["Fresh documents"])
    }))
})

