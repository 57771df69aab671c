// RFC-0004 (C-INDEX, C-FORMATS, C-SEARCH, C-QUERY-SYNTAX, C-ERRORS) and
// RFC-0002:C-SHOW in process: the `search`, `show` and `updateIndex` use
// cases on the live adapters (real SQLite files in a temp directory).
// Moved here from test/e2e/search.test.ts; the process smoke test stays there.
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { createHash } from "node:crypto"
import { mkdirSync, readdirSync, readFileSync, statSync, truncateSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { indexSkill } from "../../src/app/build/indexing.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { search, SearchInput } from "../../src/app/search/search.js"
import { show } from "../../src/app/search/show.js"
import { decodeInput, flagLabel } from "../../src/app/shared/decodeInput.js"
import { errorText, diskWorld, failureText } from "../helpers/worlds.js"
import { toolErrorText } from "../../src/mcp/toolErrors.js"
import { ADVANCED_MD, EXPECTED, SKILL_MD } from "../fixtures/demoSkill.js"


const E002 = "error[E002]: search index unusable; run 'skc build demo' to rebuild"
// A skill never built says so (sixty-sixth pass probe: "unusable … rebuild" for a skill just `skc init`-ed).
const E002_NEVER_BUILT = `${E002}\n  it has no search index yet: it was never built here (or its runtime was removed)`

const setup = () => {
  const w = diskWorld("skc-search-")
  const dir = join(w.work, ".skillc", "skills", "demo")
  mkdirSync(join(dir, "references"), { recursive: true })
  mkdirSync(join(dir, "scripts"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), SKILL_MD)
  writeFileSync(join(dir, "references", "advanced.md"), ADVANCED_MD)
  writeFileSync(join(dir, "references", "glossary.txt"), "Glossary: a rebase rewrites history.\nA merge joins histories.\n")
  writeFileSync(join(dir, "scripts", "tool.sh"), "#!/bin/sh\necho uniquewordinscript\n")
  const runtime = join(w.work, ".skillc", "runtime", "demo", ".skillc-meta")
  const indexFile = () => join(runtime, `search-${createHash("sha256").update(dir).digest("hex").slice(0, 16)}.db`)
  const index = (env?: Record<string, string | undefined>) => w.run(Effect.flatMap(resolveSkill("demo"), indexSkill), env ? { env } : {})
  const find = (query: string, limit?: number, env?: Record<string, string | undefined>) =>
    w.run(search({ skill: "demo", query, ...(limit ? { limit } : {}) }), env ? { env } : {})
  const sections = (query: string) => find(query).pipe(Effect.map((r) => r.results.map((x) => x.section)))
  return { ...w, dir, runtime, indexFile, index, find, sections }
}

describe("RFC-0004:C-SEARCH", () => {
  const s = setup()

  it.live("RFC-0004:C-INDEX search without an index is E002 (missing)", () =>
    Effect.gen(function* () {
      expect(yield* failureText(s.find("rebase"))).toBe(E002_NEVER_BUILT)
    }))

  it.live("RFC-0004:C-INDEX the index lives at <runtime>/.skillc-meta/search-<hash16>.db", () =>
    Effect.gen(function* () {
      const update = yield* s.index()
      expect(update.action).toBe("created")
      expect(update.path).toBe(s.indexFile())
      expect(statSync(s.indexFile()).isFile()).toBe(true)
    }))

  it.live("RFC-0004:C-SEARCH the result is exactly {query, results:[{file, section, snippet, score}]}, best first", () =>
    Effect.gen(function* () {
      const doc = yield* s.find("rebase")
      expect(Object.keys(doc)).toEqual(["query", "results"])
      expect(doc.query).toBe("rebase")
      for (const item of doc.results) {
        expect(Object.keys(item)).toEqual(["file", "section", "line", "end_line", "snippet", "score", "matched_terms"])
        expect(item.score).toBeGreaterThan(0)
        expect(item.snippet).toContain("[MATCH]rebase[/MATCH]")
        // Issue 47 item 1: an answer of the AND query holds every word itself.
        expect(item.matched_terms).toEqual([{ word: "rebase", fields: ["section"] }])
      }
      // "Advanced Topics" holds "rebase" only through its subsection "Setup": no echo of parents (issue 14).
      expect(doc.results.map((x) => `${x.file}#${x.section}`).sort()).toEqual(["references/advanced.md#Setup", "references/glossary.txt#"])
      const scores = doc.results.map((x) => x.score)
      expect([...scores].sort((a, b) => b - a)).toEqual(scores)
    }))

  it.live("RFC-0004:C-FORMATS files other than .md and .txt are skipped silently", () =>
    Effect.gen(function* () {
      expect((yield* s.find("uniquewordinscript")).results).toEqual([])
      expect(s.takeWarnings()).toEqual([])
    }))

  it.live("RFC-0004:C-QUERY-SYNTAX stemming: 'configuring' finds 'Configure'; AND of all words in any order", () =>
    Effect.gen(function* () {
      expect(yield* s.sections("configuring")).toContain("Getting Started")
      // "Demo" holds both words only through "Getting Started": the parent is not echoed (issue 14).
      expect((yield* s.sections("token authentication")).sort()).toEqual(["Getting Started"])
      // No section holds both: the OR fallback of DECISIONS #37 answers, marked partial.
      expect((yield* s.find("token rebase")).partial).toBe(true)
      expect((yield* s.find("nowhereword")).results).toEqual([])
    }))

  it.live("RFC-0004:C-QUERY-SYNTAX punctuation and quotes in queries never break the query", () =>
    Effect.gen(function* () {
      for (const q of ['"rebase"', "rebase,", "(rebase)", 'my "special" app', "NEAR(rebase", "rebase*", "a:b", "'", "-"]) {
        expect((yield* s.find(q)).query, q).toBe(q)
      }
      expect((yield* s.find("(rebase),")).results.length).toBe(2)
    }))

  it.live("RFC-0004:C-SEARCH limit caps the results; 0, negative and non-integer limits are E100 (DECISIONS #32)", () =>
    Effect.gen(function* () {
      expect((yield* s.find("setup", 1)).results.length).toBe(1)
      const decode = decodeInput(SearchInput, { label: flagLabel })
      for (const bad of [0, -1, "x", 1.5]) {
        const e = yield* Effect.flip(decode({ skill: "demo", query: "setup", limit: bad }))
        expect(errorText(e), String(bad)).toMatch(/^error\[E100\]: invalid option: '--limit: /)
      }
    }))

  it.live("RFC-0004:C-SEARCH no results: an empty list, not an error", () =>
    Effect.gen(function* () {
      expect(yield* s.find("zebra")).toEqual({ query: "zebra", results: [] })
    }))

  it.live("RFC-0004:C-QUERY-SYNTAX an empty or ASCII-whitespace-only query is E004, before resolution", () =>
    Effect.gen(function* () {
      for (const q of ["", "   ", " \t "]) expect(yield* failureText(s.find(q))).toBe("error[E004]: empty query")
      expect(yield* failureText(s.run(search({ skill: "nope", query: " " })))).toBe("error[E004]: empty query")
    }))

  it.live("RFC-0004:C-ERRORS an unknown skill is E001", () =>
    Effect.gen(function* () {
      expect(yield* failureText(s.run(search({ skill: "nope", query: "x" })))).toMatch(/^error\[E001\]:\ skill\ 'nope'\ not\ found(\n  .*)*$/)
    }))
})

describe("RFC-0002:C-SHOW", () => {
  const s = setup()
  const section = (sectionName: string, extra: { file?: string; max_lines?: number } = {}) =>
    s.run(show({ skill: "demo", section: sectionName, ...extra }))

  it.live("RFC-0002:C-SHOW without an index is E002", () =>
    Effect.gen(function* () {
      expect(yield* failureText(section("Setup"))).toBe(E002_NEVER_BUILT)
    }))

  it.live("RFC-0002:C-SHOW every heading of a multi-file skill gives its exact line range and content (DECISIONS #15, #36)", () =>
    Effect.gen(function* () {
      yield* s.index()
      const sources: Record<string, ReadonlyArray<string>> = {
        "SKILL.md": SKILL_MD.split("\n").slice(0, -1),
        "references/advanced.md": ADVANCED_MD.split("\n").slice(0, -1)
      }
      for (const e of EXPECTED) {
        const doc = yield* section(e.section, { file: e.file })
        expect(Object.keys(doc)).toEqual(["skill", "file", "section", "start_line", "end_line", "content", "truncated"])
        expect(doc).toEqual({
          skill: "demo",
          file: e.file,
          section: e.section,
          start_line: e.start,
          end_line: e.end,
          content: sources[e.file].slice(e.start - 1, e.end - 1).join("\n") + "\n",
          truncated: false
        })
      }
    }))

  it.live("RFC-0004:C-INDEX headings in fenced code are not indexed (DECISIONS #13)", () =>
    Effect.gen(function* () {
      expect((yield* failureText(section("not a heading"))).split("\n")[0]).toBe("error[E020]: section not found: 'not a heading'")
    }))

  it.live("RFC-0002:C-SHOW case-insensitive; the part before ' — ' is used", () =>
    Effect.gen(function* () {
      expect((yield* section("  getting STARTED  ")).section).toBe("Getting Started")
      expect(yield* section("Advanced Topics — Performance tuning and caching")).toMatchObject({
        file: "references/advanced.md",
        section: "Advanced Topics"
      })
    }))

  it.live("DECISIONS #23 several matches: first in outline order with W001; --file narrows without a warning", () =>
    Effect.gen(function* () {
      s.takeWarnings()
      expect(yield* section("setup")).toMatchObject({ file: "SKILL.md", start_line: 22 })
      // The RFC-0005 template, then where each match is, so the caller can name the file it meant.
      expect(s.takeWarnings()).toEqual([
        "warning[W001]: multiple matches for 'setup'; showing first\n  shown: SKILL.md (line 22); also in references/advanced.md (line 5); the next: skc show demo --section setup --file references/advanced.md"
      ])
      expect(yield* section("setup", { file: "./references/advanced.md" })).toMatchObject({ file: "references/advanced.md", start_line: 5 })
      expect(s.takeWarnings()).toEqual([])
    }))

  it.live("RFC-0002:C-SHOW no match: E020 with at most 5 prefix/substring suggestions", () =>
    Effect.gen(function* () {
      expect(yield* failureText(section("set"))).toBe(
        [
          "error[E020]: section not found: 'set'",
          "  Did you mean one of these?",
          "  - Setup (SKILL.md)",
          "  - Setup (references/advanced.md)",
          "  - Setup — Linux (references/advanced.md)"
        ].join("\n")
      )
      // No heading is close: the next step is the skill's text, not a bare dead end (RFC-0005:C-CODES first line kept).
      expect(yield* failureText(section("zzz"))).toBe(
        "error[E020]: section not found: 'zzz'\n  no heading is close; search the skill's text with: skc search demo zzz"
      )
      const error = yield* Effect.flip(section("speaker notes"))
      expect(toolErrorText(error, { served: new Set(["skc_show"]), remote: false, tool: "skc_show" }).split("\n")[1]).toBe(
        `  no heading is close; search the skill's text with: skc_search skill="demo" query="speaker notes"`
      )
      // An empty section names the headings there are.
      expect(yield* failureText(section("  "))).toBe("error[E020]: section not found: ''\n  the skill's headings: skc outline demo")
      expect(yield* failureText(section("Install", { file: "references/advanced.md" }))).toContain("- Install (SKILL.md)")
    }))

  it.live("RFC-0001:C-SECTIONS a file's path asked as a section (the stub's label of a file without a title): E020 says how to read it", () =>
    Effect.gen(function* () {
      const text = yield* failureText(section("references/advanced.md"))
      expect(text.split("\n")[0]).toBe("error[E020]: section not found: 'references/advanced.md'")
      expect(text).toContain(
        [
          "  'references/advanced.md' is a file of the skill, not a heading (the stub lists a file without a title by its path); read it with: skc open demo references/advanced.md",
          "  or one of its sections with: skc show demo --file references/advanced.md --section '<heading>'"
        ].join("\n")
      )
      // A path that is no file of the skill gets no such line.
      expect(yield* failureText(section("references/missing.md"))).not.toContain("is a file of the skill")
      // Spelt as SKILL.md spells it, in another case (an agent's probe followed "see FORMS.md" into a bare E020).
      expect(yield* failureText(section("REFERENCES/Advanced.md"))).toContain(
        "  'references/advanced.md' is a file of the skill, not a heading (the stub lists a file without a title by its path); read it with: skc open demo references/advanced.md"
      )
      // A `.txt` file (search labels its hit by its path): how to read it, not a heading of another file.
      expect((yield* failureText(section("references/glossary.txt"))).split("\n").slice(1)).toEqual([
        "  'references/glossary.txt' is a file of the skill, not a heading (search labels a hit in a file without headings by its path); read it with: skc open demo references/glossary.txt"
      ])
    }))

  it.live("RFC-0002:C-SHOW a heading pasted with its file (a search result's label) or its '#' marks (an outline line): E020 names the show of the heading meant", () =>
    Effect.gen(function* () {
      const meant = (asked: string, extra: { file?: string } = {}) =>
        failureText(section(asked, extra)).pipe(Effect.map((t) => t.split("\n")))
      expect(yield* meant("references/advanced.md#setup")).toEqual([
        "error[E020]: section not found: 'references/advanced.md#setup'",
        "  the heading meant: skc show demo --section Setup --file references/advanced.md"
      ])
      expect(yield* meant("## Getting Started")).toEqual([
        "error[E020]: section not found: '## Getting Started'",
        "  the heading meant: skc show demo --section 'Getting Started' --file SKILL.md"
      ])
      expect((yield* meant("Getting Started #"))[1]).toBe("  the heading meant: skc show demo --section 'Getting Started' --file SKILL.md")
      // Two files hold it: no file is chosen for the agent (show then says where each one is).
      expect((yield* meant("## Setup"))[1]).toBe("  the heading meant: skc show demo --section Setup")
      expect((yield* meant("## Setup", { file: "references/advanced.md" }))[1]).toBe("  the heading meant: skc show demo --section Setup --file references/advanced.md")
      // An MCP client is given the tool call.
      const error = yield* Effect.flip(section("references/advanced.md#Setup"))
      expect(toolErrorText(error, { served: new Set(["skc_show"]), remote: false, tool: "skc_show" }).split("\n")[1]).toBe(
        `  the heading meant: skc_show skill="demo" section="Setup" file="references/advanced.md"`
      )
      // A line of E020's own suggestions pasted back whole: the heading meant, not the same suggestion again.
      expect((yield* meant("Install (SKILL.md)"))[1]).toBe("  the heading meant: skc show demo --section Install --file SKILL.md")
      expect((yield* meant("Setup (references/advanced.md)"))[1]).toBe("  the heading meant: skc show demo --section Setup --file references/advanced.md")
      // Nothing of the kind: the suggestions, as before.
      expect((yield* meant("## Instal")).join("\n")).toBe("error[E020]: section not found: '## Instal'\n  Did you mean one of these?\n  - Install (SKILL.md)")
      expect((yield* meant("Install (nowhere.md)"))[1]).not.toContain("the heading meant")
    }))

  it.live("RFC-0002:C-SHOW max_lines truncates and appends '... (N more lines)'", () =>
    Effect.gen(function* () {
      expect(yield* section("Getting Started", { max_lines: 3 })).toMatchObject({
        content: "## Getting Started\n\nConfigure the authentication token first.\n... (9 more lines)\n",
        truncated: true,
        end_line: 22
      })
      expect(yield* section("Install", { max_lines: 4 })).toMatchObject({ content: "### Install\n\nRun the installer.\n\n", truncated: false })
    }))

  it.live("DECISIONS #22 editing a source file makes show and search E002 until the next build", () =>
    Effect.gen(function* () {
      writeFileSync(join(s.dir, "references", "advanced.md"), ADVANCED_MD.replace("Linux specifics.", "Linux specifics, edited."))
      expect(yield* failureText(section("Setup"))).toBe(E002)
      expect(yield* failureText(s.find("linux"))).toBe(E002)
      // One file changed: the incremental build updates the index in place of a rebuild (issue 16).
      expect((yield* s.index()).action).toBe("updated")
      expect((yield* s.find("edited")).results.length).toBeGreaterThan(0)
      expect((yield* s.index()).action).toBe("up-to-date")
    }))

  it.live("DECISIONS #22 staleness follows content: a same-size edit is caught, a touch without change is not stale", () =>
    Effect.gen(function* () {
      const file = join(s.dir, "references", "glossary.txt")
      const original = readFileSync(file, "utf8")
      const old = new Date(Date.now() - 60_000)
      for (const f of ["SKILL.md", "references/advanced.md", "references/glossary.txt", "scripts/tool.sh"]) utimesSync(join(s.dir, f), old, old)
      yield* s.index()
      writeFileSync(file, original.replace("histories.", "histories!"))
      expect(statSync(file).size).toBe(Buffer.byteLength(original))
      expect(yield* failureText(s.find("rebase"))).toBe(E002)
      writeFileSync(file, original)
      expect((yield* s.find("rebase")).results.length).toBe(2)
    }))
})

describe("RFC-0001:C-SECTIONS a file the stub lists by its path, with no heading at all", () => {
  const s = setup()

  it.live("E020 for its path says how to read it, and offers no `show --file` of a section it does not have", () =>
    Effect.gen(function* () {
      writeFileSync(join(s.dir, "references", "plain.md"), "Just prose, no heading at all.\n")
      yield* s.index()
      expect(yield* failureText(s.run(show({ skill: "demo", section: "references/plain.md" })))).toBe(
        [
          "error[E020]: section not found: 'references/plain.md'",
          "  'references/plain.md' is a file of the skill, not a heading (the stub lists a file without a title by its path); read it with: skc open demo references/plain.md"
        ].join("\n")
      )
    }))
})

describe("RFC-0002:C-SHOW a heading pasted as its Markdown source (inline code, emphasis)", () => {
  const s = setup()

  // Outline and the index give a heading's text without its inline markup (`GIFBuilder (core.gif_builder)`),
  // but the heading line show prints, the source and other tools keep it: an agent pasting it from there
  // (as one reading anthropics/skills' slack-gif-creator did) got five loose suggestions and no way on.
  it.live("its marks alone differing, the heading is found; with its '#' marks too, E020 names the show of the heading meant, its em-dash kept whole", () =>
    Effect.gen(function* () {
      writeFileSync(
        join(s.dir, "references", "sdk.md"),
        "# SDK\n\n## GIFBuilder (`core.gif_builder`)\n\nBuild frames.\n\n## Run a worker — `ant` CLI (*fixed* tools)\n\nRun it.\n"
      )
      yield* s.index()
      const meant = (asked: string) => failureText(s.run(show({ skill: "demo", section: asked }))).pipe(Effect.map((t) => t.split("\n")))
      // Its backticks alone differing, it is that heading (sixty-third pass: a probe copied one from the file).
      expect(yield* s.run(show({ skill: "demo", section: "GIFBuilder (`core.gif_builder`)" }))).toMatchObject({ file: "references/sdk.md", start_line: 3 })
      // The whole heading, ' — ' and all, is what was pasted (not only the part before the em-dash).
      expect((yield* meant("## Run a worker — `ant` CLI (*fixed* tools)"))[1]).toBe(
        "  the heading meant: skc show demo --section 'Run a worker — ant CLI (fixed tools)' --file references/sdk.md"
      )
      // The command named is one show answers.
      expect(yield* s.run(show({ skill: "demo", section: "GIFBuilder (core.gif_builder)", file: "references/sdk.md" }))).toMatchObject({
        file: "references/sdk.md",
        start_line: 3
      })
    }))
})

describe("RFC-0004:C-INDEX lifecycle", () => {
  const s = setup()
  const setMeta = (key: string, value: string) => {
    const db = new Database(s.indexFile())
    db.prepare("UPDATE index_meta SET value = ? WHERE key = ?").run(value, key)
    db.close()
  }
  const showSetup = () => s.run(show({ skill: "demo", section: "Setup" }))

  it.live("RFC-0004:C-INDEX corrupt indexes are E002 for search and show, and build replaces them", () =>
    Effect.gen(function* () {
      yield* s.index()
      const good = readFileSync(s.indexFile())
      const damages: Record<string, () => void> = {
        "random bytes": () => writeFileSync(s.indexFile(), Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 131 + 7) % 251))),
        "truncated file": () => {
          writeFileSync(s.indexFile(), good)
          truncateSync(s.indexFile(), Math.floor(good.length / 2))
        },
        "no index_meta": () => {
          writeFileSync(s.indexFile(), good)
          new Database(s.indexFile()).exec("DROP TABLE index_meta").close()
        },
        "non-integer schema_version": () => {
          writeFileSync(s.indexFile(), good)
          setMeta("schema_version", "two")
        },
        "missing required key": () => {
          writeFileSync(s.indexFile(), good)
          new Database(s.indexFile()).exec("DELETE FROM index_meta WHERE key = 'source_hash'").close()
        },
        "empty file": () => writeFileSync(s.indexFile(), "")
      }
      for (const [name, damage] of Object.entries(damages)) {
        damage()
        expect(yield* failureText(s.find("rebase")), name).toBe(E002)
        expect(yield* failureText(showSetup()), name).toBe(E002)
        expect(yield* s.index(), name).toMatchObject({ action: "rebuilt", reason: "corrupt" })
        expect((yield* s.find("rebase")).results.length, name).toBe(2)
      }
    }))

  it.live("RFC-0004:C-INDEX a database whose sections or headings table is gone is E002, never E999", () =>
    Effect.gen(function* () {
      new Database(s.indexFile()).exec("DROP TABLE sections").close()
      expect(yield* failureText(s.find("rebase"))).toBe(E002)
      new Database(s.indexFile()).exec("DROP TABLE headings").close()
      expect(yield* failureText(showSetup())).toBe(E002)
      setMeta("source_hash", "x")
      yield* s.index()
    }))

  it.live("RFC-0004:C-INDEX an older schema_version is stale: E002, then build rebuilds", () =>
    Effect.gen(function* () {
      setMeta("schema_version", "1")
      expect(yield* failureText(s.find("rebase"))).toBe(E002)
      expect(yield* failureText(showSetup())).toBe(E002)
      expect(yield* s.index()).toMatchObject({ action: "rebuilt", reason: "stale-schema" })
      expect((yield* s.find("rebase")).results.length).toBe(2)
    }))

  it.live("RFC-0009:C-TOKENIZER switching the tokenizer (env or config) is E002 until the next build", () =>
    Effect.gen(function* () {
      const cjk = { SKILLC_TOKENIZER: "cjk" }
      // RFC-0005's line, then which setting differs: a rebuild without it would not help.
      expect(yield* failureText(s.find("rebase", undefined, cjk))).toBe(
        `${E002}\n  the index was built with the 'porter' tokenizer and this run asks for 'cjk+porter' (SKILLC_TOKENIZER or [search] tokenizer): build and search with the same setting`
      )
      writeFileSync(join(s.work, ".skillc", "config.toml"), 'version = 1\n[search]\ntokenizer = "cjk"\n')
      expect((yield* failureText(s.find("rebase"))).split("\n")[0]).toBe(E002)
      expect((yield* failureText(showSetup())).split("\n")[0]).toBe(E002)
      expect(yield* s.index()).toMatchObject({ action: "rebuilt", reason: "stale-tokenizer", tokenizer: "cjk+porter" })
      expect((yield* s.find("rebase")).results.length).toBe(2)
      expect((yield* failureText(s.find("rebase", undefined, { SKILLC_TOKENIZER: "ascii" }))).split("\n")[0]).toBe(E002)
      writeFileSync(join(s.work, ".skillc", "config.toml"), "version = 1\n")
      expect(yield* s.index()).toMatchObject({ action: "rebuilt", tokenizer: "porter" })
    }))

  it.live("RFC-0004:C-INDEX collision: a foreign skill_path is E003 for search and show, which delete nothing; build replaces a file whose path does not hash to its name (issue 29 item 5)", () =>
    Effect.gen(function* () {
      setMeta("skill_path", "/somewhere/else")
      const hash16 = s.indexFile().match(/search-([0-9a-f]{16})\.db$/)![1]
      const E003 = `error[E003]: index hash collision; delete .skillc-meta/search-${hash16}.db and rebuild`
      expect(yield* failureText(s.find("rebase"))).toBe(E003)
      expect(yield* failureText(showSetup())).toBe(E003)
      const db = new Database(s.indexFile(), { readonly: true })
      expect(db.prepare("SELECT value FROM index_meta WHERE key = 'skill_path'").get()).toEqual({ value: "/somewhere/else" })
      db.close()
      // '/somewhere/else' would have another file name: this is no skill's index, and build rewrites it.
      expect(yield* s.index()).toMatchObject({ action: "rebuilt", reason: "corrupt" })
      const rebuilt = new Database(s.indexFile(), { readonly: true })
      expect(rebuilt.prepare("SELECT value FROM index_meta WHERE key = 'skill_path'").get()).toEqual({ value: s.dir })
      rebuilt.close()
    }))

  it.live("RFC-0004:C-INDEX build never deletes other search-*.db files", () =>
    Effect.gen(function* () {
      const other = join(s.runtime, "search-ffffffffffffffff.db")
      writeFileSync(other, "another skill's index")
      setMeta("source_hash", "changed")
      yield* s.index()
      expect(readFileSync(other, "utf8")).toBe("another skill's index")
      expect(readdirSync(s.runtime).filter((f) => f.startsWith("search-")).sort()).toEqual(
        [s.indexFile().split("/").pop(), "search-ffffffffffffffff.db"].sort()
      )
    }))
})

describe("RFC-0009:C-TOKENIZER cjk", () => {
  const w = diskWorld("skc-cjk-")
  const dir = join(w.work, ".skillc", "skills", "cjk")
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, "SKILL.md"),
    [
      "---",
      "name: cjk",
      "description: CJK",
      "---",
      "# 数据库配置",
      "使用PostgreSQL数据库时，请先设置连接池。",
      "# 日本語の設定",
      "データベースの設定ファイルを編集してください。",
      "# 한국어 설정",
      "데이터베이스 설정을 변경하려면 config 파일을 편집하세요.",
      ""
    ].join("\n")
  )
  const env = { SKILLC_TOKENIZER: "cjk" }

  it.live("RFC-0009:C-TOKENIZER Chinese, Japanese and Korean words of one or more characters, snippets in original text", () =>
    Effect.gen(function* () {
      yield* w.run(Effect.flatMap(resolveSkill("cjk"), indexSkill), { env })
      const q = (query: string) => w.run(search({ skill: "cjk", query }), { env }).pipe(Effect.map((r) => r.results))
      const sectionsOf = (query: string) => q(query).pipe(Effect.map((r) => r.map((x) => x.section)))
      expect(yield* sectionsOf("连接池")).toEqual(["数据库配置"])
      expect((yield* q("连接池"))[0].snippet).toContain("请先设置[MATCH]连接池[/MATCH]。")
      expect(yield* sectionsOf("库")).toEqual(["数据库配置"])
      expect(yield* sectionsOf("postgresql")).toEqual(["数据库配置"])
      expect(yield* sectionsOf("設定")).toEqual(["日本語の設定"])
      expect(yield* sectionsOf("データベース 編集")).toEqual(["日本語の設定"])
      expect(yield* sectionsOf("설정")).toEqual(["한국어 설정"])
      expect(yield* sectionsOf("데이터베이스 config")).toEqual(["한국어 설정"])
      // No section holds every word: the OR fallback (DECISIONS #37) answers with what holds some of them.
      const partial = yield* w.run(search({ skill: "cjk", query: "データ ベース 連接" }), { env })
      expect(partial.partial).toBe(true)
      expect(partial.results.map((x) => x.section)).toContain("日本語の設定")
      const shown = yield* w.run(show({ skill: "cjk", section: "日本語の設定" }), { env })
      expect(shown.content).toBe("# 日本語の設定\nデータベースの設定ファイルを編集してください。\n")
      expect(yield* failureText(w.run(search({ skill: "cjk", query: "设置" })))).toBe(
        "error[E002]: search index unusable; run 'skc build cjk' to rebuild\n  the index was built with the 'cjk+porter' tokenizer and this run asks for 'porter' (SKILLC_TOKENIZER or [search] tokenizer): build and search with the same setting"
      )
    }))
})
