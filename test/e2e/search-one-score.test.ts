// Issue 47 items 1 and 3: one score per result, the printed order; the
// skill's name and description are a heading above all its files in
// single-skill search too. Real CLI, real SQLite indexes (porter, BM25),
// isolated SKILLC_HOME and temp dirs.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"
import { compoundParts, isStopWord } from "../../src/domain/search/rank.js"

interface MatchedTerm {
  readonly word: string
  readonly fields: ReadonlyArray<string>
}

interface Doc {
  readonly partial?: boolean
  readonly results: ReadonlyArray<{
    readonly skill?: string
    readonly file: string
    readonly section: string
    readonly snippet: string
    readonly score: number
    readonly matched_terms: ReadonlyArray<MatchedTerm>
  }>
}

/** `word: field+field` per matched term, for one result: what its score is made of. */
const held = (terms: ReadonlyArray<MatchedTerm>) => terms.map((t) => `${t.word}: ${t.fields.join("+")}`)

/** The question's words, in lower case (`matched_terms` names each as asked, without the punctuation around it). */
const wordsOf = (question: string) => question.toLowerCase().split(/\s+/).filter((w) => w !== "")
/** A word of the question without the sentence's punctuation around it, for the stop-word check. */
const bare = (word: string) => word.toLowerCase().replace(/^\p{P}+|\p{P}+$/gu, "")

/**
 * Issue 47 item 1: the fields that explain a result's score. Each result holds at least one word of the
 * question; each matched word is one of the question's, held somewhere; a stop word is never one of them when
 * the question has a content word (item 2); and an answer that is not partial has a result holding every
 * content word it was asked for.
 */
const expectExplained = (question: string, doc: Doc, label: string) => {
  const asked = wordsOf(question)
  const content = asked.map(bare).filter((w) => w !== "" && !isStopWord(w))
  for (const r of doc.results) {
    expect(r.matched_terms.length, `${label}: ${r.file}#${r.section}`).toBeGreaterThan(0)
    for (const t of r.matched_terms) {
      expect(asked.some((w) => w.includes(t.word.toLowerCase())), `${label}: ${t.word}`).toBe(true)
      expect(t.fields.length).toBeGreaterThan(0)
      for (const f of t.fields) expect(["section", "above", "skill"]).toContain(f)
      if (content.length > 0) expect(isStopWord(bare(t.word)), `${label}: stop word ${t.word}`).toBe(false)
    }
  }
  if (doc.partial === true || doc.results.length === 0 || content.length === 0 || content.length > 32) return
  // A compound ("p5.js", "shadcn/ui") is searched as its words in the partial query (compoundParts): held when they are.
  const holds = (r: Doc["results"][number], w: string) => {
    const parts = compoundParts(w).map((p) => p.toLowerCase()).filter((p) => !isStopWord(p))
    return r.matched_terms.some((t) => bare(t.word) === w) || (parts.length > 0 && parts.every((p) => r.matched_terms.some((t) => bare(t.word) === p)))
  }
  const whole = doc.results.some((r) => content.every((w) => holds(r, w)))
  expect(whole, `${label}: not partial, yet no result holds every content word`).toBe(true)
}

const write = (dir: string, files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
}

/** A sandbox holding `skill`, written from `files` and built; returns `skc <args…> --format json`, parsed. */
const builtSkill = async (skill: string, files: Record<string, string>) => {
  const sb = sandbox()
  write(join(sb.work, ".skillc", "skills", skill), files)
  expect((await sb.runAsync(["build", skill])).code).toBe(0)
  return async (...args: Array<string>): Promise<Doc> => {
    const r = await sb.runAsync([...args, "--format", "json"])
    expect(r.code).toBe(0)
    return JSON.parse(r.stdout) as Doc
  }
}

/** Sections that talk about slides without ever saying "deck": the word is only in the description. */
const PPTX = {
  "SKILL.md":
    "---\nname: pptx\ndescription: Creates and edits presentations, slide decks and pitch decks, from python.\n---\n" +
    "# PPTX\n\nWork on .pptx files with python-pptx.\n\n## Slide Layouts\n\nEach slide has a layout.\n\n" +
    "## Slide Notes\n\nSpeaker notes of a slide.\n\n## Slide Images\n\nRender every slide to an image.\n",
  "editing.md": "# Editing\n\n## Reorder Slides\n\nMove a slide within the file.\n\n## Slide Text\n\nReplace the text of a slide.\n"
}

/** Its sections speak of styling decks; its description says nothing of decks. */
const THEMES = {
  "SKILL.md":
    "---\nname: themes\ndescription: Styles artifacts with a theme of colours and fonts.\n---\n" +
    "# Themes\n\n## Usage\n\nApply a theme to a slide deck: pick colours for each slide of the deck.\n\n" +
    "## Fonts\n\nPick the fonts of the deck.\n"
}

const scoresOf = (text: string) => [...text.matchAll(/\(score: ([^)]+)\)/g)].map((m) => m[1]!)

describe("issue 47 item 3: the skill's name and description head all its files in single-skill search", () => {
  it("a word only the description holds finds the skill's top section; a word every section holds scores above 0", async () => {
    const sb = sandbox()
    write(join(sb.work, ".skillc", "skills", "pptx"), PPTX)
    expect((await sb.runAsync(["build", "pptx"])).code).toBe(0)
    const search = async (...args: Array<string>) => {
      const r = await sb.runAsync(["search", "pptx", ...args])
      expect(r.code).toBe(0)
      return r.stdout
    }
    // Before: "No results" (no section holds "deck").
    const deck = JSON.parse(await search("deck", "--format", "json")) as Doc
    expect(deck.partial).toBeUndefined()
    expect(deck.results.map((r) => `${r.file}#${r.section}`)).toEqual(["SKILL.md#PPTX"])
    expect(deck.results[0]!.snippet).toContain("[MATCH]decks[/MATCH]")
    expect(deck.results[0]!.score).toBeGreaterThan(0)
    // Issue 47 item 1: the result says why it answers: only the skill's description holds the word.
    expect(held(deck.results[0]!.matched_terms)).toEqual(["deck: skill"])
    // Every section holds "slide": FTS5's IDF is 1e-6 there and a heading match printed 0.00.
    const slide = JSON.parse(await search("slide", "--format", "json")) as Doc
    expect(slide.partial).toBeUndefined()
    expect(slide.results.length).toBeGreaterThan(3)
    for (const r of slide.results) expect(r.score).toBeGreaterThan(0.005)
    const text = await search("slide")
    expect(scoresOf(text).length).toBe(slide.results.length)
    expect(scoresOf(text)).not.toContain("0.00")
    // "slide deck": deck from the description, slide from the sections: every slide section answers, not partially.
    const both = JSON.parse(await search("slide deck", "--format", "json")) as Doc
    expect(both.partial).toBeUndefined()
    expect(both.results.map((r) => r.section)).toContain("Slide Layouts")
    for (const r of both.results) expect(r.snippet).toMatch(/\[MATCH\]slide/i)
  })

  it("a heading above a section holds its words as the description does: it answers first, and the answer is not partial", async () => {
    const sb = sandbox()
    write(join(sb.work, ".skillc", "skills", "sdk"), {
      "SKILL.md": "---\nname: sdk\ndescription: Calls the service from its SDKs.\n---\n# SDK\n\nOverview.\n\n## Setup\n\nInstall the SDKs.\n",
      "reference/clients.md": "# Python Notes\n\nThe python client.\n\n## Streaming\n\nIterate over the stream of events.\n\n## Errors\n\nCatch the exceptions.\n",
      "reference/web.md": "# TypeScript Notes\n\n## Streaming\n\nListen to the stream of events.\n"
    })
    expect((await sb.runAsync(["build", "sdk"])).code).toBe(0)
    const r = await sb.runAsync(["search", "sdk", "python sdk streaming", "--format", "json"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as Doc
    // "sdk" from the description, "python" from the file's top heading (not its name), "streaming" from the section itself.
    // Before, only the description counted as a heading above: no section held every word and the answer was partial.
    expect(doc.partial).toBeUndefined()
    const order = doc.results.map((x) => `${x.file}#${x.section}`)
    expect(order[0]).toBe("reference/clients.md#Streaming")
    // Issue 47 item 1: each word, and where the answer holds it.
    expect(held(doc.results[0]!.matched_terms)).toEqual(["python: above", "sdk: skill", "streaming: section"])
    // The other file's "Streaming" holds two of the three words (its heading above says TypeScript): it follows.
    expect(order.indexOf("reference/web.md#Streaming")).toBeGreaterThan(0)
  })

  it("a word the description does not hold no longer decides alone: a section lacking a generic verb still answers", async () => {
    const skc = await builtSkill("canvas", {
      "SKILL.md":
        "---\nname: canvas\ndescription: Creates posters and other static designs with Python.\n---\n# Canvas\n\nStart from a philosophy.\n\n" +
        "## Craft\n\nAdd detail and texture where the eye lands; a little grain helps.\n\n" +
        "## Grain and texture\n\nOverlay fine grain to give the texture of paper.\n\n## Colour\n\nPick three colours.\n"
    })
    const doc = await skc("search", "canvas", "add grain texture to a poster")
    // Before: "poster" from the description made every other word a must, so the answer was the one section
    // saying "add"; the section about grain and texture was not in it. Since the heading factor (fourth
    // pass), the section whose heading names two of the question's words comes first.
    expect(doc.partial).toBeUndefined()
    expect(doc.results.map((x) => x.section)).toEqual(["Grain and texture", "Craft"])
  })

  it("across skills the skill that says it is about the question comes first (DECISIONS #44 in the one score)", async () => {
    const sb = sandbox()
    write(join(sb.work, ".skillc", "skills", "pptx"), PPTX)
    write(join(sb.work, ".skillc", "skills", "themes"), THEMES)
    for (const s of ["pptx", "themes"]) expect((await sb.runAsync(["build", s])).code).toBe(0)
    const r = await sb.runAsync(["search", "--all", "make a slide deck from an outline", "--format", "json"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as Doc
    expect(doc.results[0]?.skill).toBe("pptx")
    // Issue 47 item 1: "deck" counts for pptx through its description (the skill factor), for themes through its text.
    expect(held(doc.results[0]!.matched_terms)).toContain("deck: skill")
    const themes = doc.results.find((x) => x.skill === "themes")
    expect(themes === undefined ? [] : held(themes.matched_terms)).toContain("deck: section")
    expectExplained("make a slide deck from an outline", doc, "--all")
    // The printed order is the printed score's.
    const scores = doc.results.map((x) => x.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it("across skills, a word only a description holds answers with that skill's top section, logged in its log (issue 47 item 3, DECISIONS #44)", async () => {
    const sb = sandbox()
    write(join(sb.work, ".skillc", "skills", "pptx"), PPTX)
    write(join(sb.work, ".skillc", "skills", "themes"), THEMES)
    expect((await sb.runAsync(["build", "pptx", "themes"])).code).toBe(0)
    // "pitch" is in pptx's description only, in no section of either skill. Before: "No results", and a
    // pointer to `skc match`, while `skc search pptx pitch` answered with the top section.
    const json = await sb.runAsync(["search", "--all", "pitch", "--format", "json"])
    expect(json.code).toBe(0)
    const doc = JSON.parse(json.stdout) as Doc
    expect(doc.results.map((r) => `${r.skill}:${r.file}#${r.section}`)).toEqual(["pptx:SKILL.md#PPTX"])
    expect(held(doc.results[0]!.matched_terms)).toEqual(["pitch: skill"])
    const text = await sb.runAsync(["search", "--all", "pitch"])
    expect(text.stdout.split("\n")[0]).toBe("Note: 'pitch' is in the description of pptx but in no section of any skill searched; its top section answers.")
    // Logged as pptx's answer (DECISIONS #44), not as a cross-skill question nothing answered.
    const all = await sb.runAsync(["stats", "--all", "--format", "json"])
    expect(all.code).toBe(0)
    expect(all.stdout).not.toContain("pitch")
    const own = await sb.runAsync(["stats", "pptx", "--group-by", "search", "--format", "json"])
    expect(own.stdout).toContain("pitch")
  })
})

/** "colour" in most sections, "color" in one (a CSS rule); a file whose top section's own text names its subject. */
const BRAND = {
  "SKILL.md":
    "---\nname: brand\ndescription: The house style.\n---\n# Brand\n\n## Colour Palette\n\nThe colour list.\n\n## Colour Rules\n\nOne colour per slide.\n\n" +
    "## Accents\n\nThe orange accent colour is used once.\n\n## Web\n\nIn CSS write `color: #d97757` for the accent; the colour of links.\n",
  "newsletter.md":
    "# Company Newsletter\n\nThe company newsletter goes out monthly.\n\n## Structure\n\nFive short items.\n\n## Writing the Headlines\n\nWrite one line per item.\n"
}

describe("issue 47: the name every skill's main file has weighs nothing, in held words and in the IDF", () => {
  it("'create a new skill with a SKILL.md file' answers from the skills skill, not from a documents skill's 'Creating a new document'", async () => {
    const sb = sandbox()
    write(join(sb.work, ".skillc", "skills", "docs"), {
      "SKILL.md":
        "---\nname: docs\ndescription: Creates and edits Word documents (.docx files).\n---\n# Docs\n\n## Creating a new document\n\n" +
        "Create a new file with the library.\n\n## Editing\n\nChange a file and save it.\n\n## Tables\n\nAdd a table.\n"
    })
    write(join(sb.work, ".skillc", "skills", "skill-maker"), {
      "SKILL.md":
        "---\nname: skill-maker\ndescription: Guide for creating skills and their SKILL.md; use it to create a new skill.\n---\n# Skill Maker\n\n" +
        "## Anatomy\n\nA skill is a folder with a SKILL.md file.\n\n## Steps\n\nWrite the skill, then package the skill.\n"
    })
    for (const s of ["docs", "skill-maker"]) expect((await sb.runAsync(["build", s])).code).toBe(0)
    const r = await sb.runAsync(["search", "--all", "create a new skill with a SKILL.md file", "--format", "json"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as Doc
    // Before: "skill" was held by every section through the file name SKILL.md, so its IDF was about 0
    // and the documents skill's heading (create, new) came first.
    expect(`${doc.results[0]?.skill}:${doc.results[0]?.section}`).toBe("skill-maker:Anatomy")
  })
})

describe("issue 47: a word spelt two ways scores once; a parent answers with its own text", () => {
  /** `skc search <args> --format json` over the built BRAND skill, its printed order checked to be its scores'. */
  const searchBrand = async (...args: Array<string>) => {
    const sb = sandbox()
    write(join(sb.work, ".skillc", "skills", "brand"), BRAND)
    expect((await sb.runAsync(["build", "brand"])).code).toBe(0)
    const r = await sb.runAsync(["search", ...args, "--format", "json"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as Doc
    const scores = doc.results.map((x) => x.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    return doc
  }

  it("a section holding the rarer spelling does not score a million times the others (one IDF for the word)", async () => {
    const doc = await searchBrand("brand", "orange accent colour")
    expect(doc.results[0]?.section).toBe("Accents")
    // Before: the section with "color" scored about 10^5 times its BM25 (FTS5 gives each spelling its own IDF).
    for (const x of doc.results) expect(x.score).toBeLessThan(100)
  })

  it("a file's top heading that names the question answers although a subsection holds one of its words", async () => {
    // "write" is only in the subsection "Writing the Headlines": the file's top section used to be dropped as its echo.
    const doc = await searchBrand("--all", "write a company newsletter")
    expect(doc.results.map((x) => x.section)).toContain("Company Newsletter")
  })
})

describe("issue 47 item 1: every answer of the quality sets is sorted by its printed score and says what it holds", () => {
  // One sandbox with every skill of the quality sets built once; then one test per question file, so that
  // no single test holds all of some 300 questions' CLI calls (about 750 processes: over ten minutes on a
  // loaded 2-core machine in one test, which hit the worker timeout).
  // Every question file of the set: the tuning and held-out files of bench/search-quality.mjs, read from the
  // directory so that a new set is covered without being named here too.
  const FILES = readdirSync(join(ROOT, "test/fixtures/cross-skill")).filter((f) => f.endsWith(".json")).sort()
  type Question = { question: string; skill: string; answers: ReadonlyArray<{ file: string; section: string }> }
  const questionsOf = (file: string) => (JSON.parse(readFileSync(join(ROOT, "test/fixtures/cross-skill", file), "utf8")) as { questions: Array<Question> }).questions
  const sb = sandbox()
  const store = join(sb.work, ".skillc", "skills")
  beforeAll(async () => {
    mkdirSync(store, { recursive: true })
    for (const root of ["test/fixtures/search-quality/skills", "test/fixtures/cross-skill/skills"]) {
      for (const name of readdirSync(join(ROOT, root))) cpSync(join(ROOT, root, name), join(store, name), { recursive: true })
    }
    for (const name of readdirSync(store)) expect((await sb.runAsync(["build", name])).code).toBe(0)
  }, 600_000)

  it("every answer's label names a heading skc reads in that file", async () => {
    // Issue 47 item 5: a mislabelled answer could only ever miss, and the bench would report a figure nothing can reach.
    const headings = new Map<string, Set<string>>()
    for (const name of readdirSync(store)) {
      const outline = await sb.runAsync(["outline", name, "--format", "json"])
      expect(outline.code).toBe(0)
      headings.set(name, new Set((JSON.parse(outline.stdout) as { headings: Array<{ file: string; text: string }> }).headings.map((h) => `${h.file}#${h.text}`)))
    }
    const questions = FILES.flatMap(questionsOf)
    expect(questions.length).toBeGreaterThanOrEqual(36 + 32 + 32 + 30 + 40)
    for (const q of questions) for (const a of q.answers) expect(headings.get(q.skill)?.has(`${a.file}#${a.section}`), `${q.skill}: ${a.file}#${a.section}`).toBe(true)
  }, 600_000)

  for (const file of FILES) {
    it(`${file}: single-skill and --all, every question in JSON, one in four in text`, async () => {
      const questions = questionsOf(file)
      let checked = 0
      // The text layout prints the same scores: checked on one question in four (JSON: every question).
      for (const [i, q] of questions.entries()) {
        for (const args of [["search", q.skill, q.question], ["search", "--all", q.question]]) {
          const json = await sb.runAsync([...args, "--format", "json"])
          expect(json.code).toBe(0)
          const doc = JSON.parse(json.stdout) as Doc
          const scores = doc.results.map((r) => r.score)
          expect(scores, `${args.join(" ")}`).toEqual([...scores].sort((a, b) => b - a))
          for (const s of scores) expect(s, `${args.join(" ")}`).toBeGreaterThan(0)
          expectExplained(q.question, doc, args.join(" "))
          checked++
          if (i % 4 !== 0) continue
          const text = await sb.runAsync(args)
          const printed = scoresOf(text.stdout)
          expect(printed.length).toBe(doc.results.length)
          expect(printed).not.toContain("0.00")
          const values = printed.map(Number)
          expect(values, `${args.join(" ")}`).toEqual([...values].sort((a, b) => b - a))
        }
      }
      expect(questions.length).toBeGreaterThan(0)
      expect(checked).toBe(2 * questions.length)
    }, 600_000)
  }

  it("the learned order of the first ten (twenty-sixth pass): the first hit does not depend on --limit; SKC_BENCH_NO_RERANK=1 gives the one score's own order", async () => {
    // Tuning questions only (blind-2): the held-out set is measured by the bench alone.
    const questions = questionsOf("issue-47-blind-2.json").slice(0, 12)
    const firstOf = async (args: Array<string>, env?: Record<string, string>) => {
      const r = await sb.runAsync([...args, "--format", "json"], undefined, env)
      expect(r.code).toBe(0)
      return JSON.parse(r.stdout) as Doc
    }
    const key = (d: Doc) => d.results.map((r) => `${r.skill ?? ""}:${r.file}#${r.section}`)
    let moved = 0
    for (const q of questions) {
      for (const args of [["search", q.skill, q.question], ["search", "--all", q.question]]) {
        const ten = await firstOf(args)
        for (const limit of ["1", "3"]) expect(key(await firstOf([...args, "--limit", limit])), `${args.join(" ")} --limit ${limit}`).toEqual(key(ten).slice(0, Number(limit)))
        const plain = await firstOf(args, { SKC_BENCH_NO_RERANK: "1" })
        // The same candidates, in the one score's order and with its scores.
        expect([...key(plain)].sort()).toEqual([...key(ten)].sort())
        const scores = plain.results.map((r) => r.score)
        expect(scores).toEqual([...scores].sort((a, b) => b - a))
        if (key(plain).join("|") !== key(ten).join("|")) moved++
      }
    }
    // The re-ranking does something on these questions (a test that could not fail would say nothing).
    expect(moved).toBeGreaterThan(0)
  }, 600_000)
})

describe("issue 47 (fourth pass): in one skill, the section whose own heading names more of the question comes first", () => {
  it("'bundle a react app into one html file' answers 'Bundling to a Single HTML File', not its subsection 'Keeping the Bundle Small'", async () => {
    const skc = await builtSkill("artifacts", {
      "SKILL.md":
        "---\nname: artifacts\ndescription: Builds web artifacts with a modern frontend stack.\n---\n# Artifacts\n\n" +
        "## Bundling to a Single HTML File\n\nRun the bundle script: it builds the app and inlines everything into one html file.\n\n" +
        "### Keeping the Bundle Small\n\nImport icons one by one from lucide-react, and remove unused react components before bundling:\n" +
        "a smaller bundle makes a smaller app file.\n\n## Styling\n\nUse the theme's colours.\n"
    })
    const doc = await skc("search", "artifacts", "bundle a react app into one html file")
    // Before: the subsection held every word (html and file through the heading above it, react in its
    // text) and ranked first, although its heading names one word of the question and its parent's three.
    expect(doc.results.map((x) => x.section).slice(0, 2)).toEqual(["Bundling to a Single HTML File", "Keeping the Bundle Small"])
    const scores = doc.results.map((x) => x.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })
})

describe("issue 47 (fourth pass): a file's name is a heading above its sections", () => {
  it("'stream responses from the sdk in python' answers from reference/python.md before the TypeScript file's section saying 'responses'", async () => {
    const skc = await builtSkill("sdk", {
      "SKILL.md": "---\nname: sdk\ndescription: Calls the service from its SDKs.\n---\n# SDK\n\nPick the file of your language.\n",
      "reference/python.md": "## Streaming\n\nIterate over the stream of events.\n\n## Errors\n\nCatch the exceptions.\n",
      "reference/typescript.md":
        "## Streaming\n\nListen to the stream of responses from the server, chunk by chunk, with an async iterator\n" +
        "that yields typed objects you can narrow on their type field before reading them.\n\n## Errors\n\nCatch the rejections.\n"
    })
    for (const args of [["search", "sdk"], ["search", "--all"]]) {
      const doc = await skc(...args, "stream responses from the sdk in python")
      // Before: "python", held by the file's name only, counted as one word of the text (column weight 1),
      // and the TypeScript section, which says "responses", came first; now it counts as a heading above.
      expect(doc.results.map((x) => `${x.file}#${x.section}`).slice(0, 2)).toEqual(["reference/python.md#Streaming", "reference/typescript.md#Streaming"])
      const scores = doc.results.map((x) => x.score)
      expect(scores).toEqual([...scores].sort((a, b) => b - a))
    }
  })
})
