// RFC-0004 (C-INDEX, C-FORMATS, C-SEARCH, C-QUERY-SYNTAX, C-ERRORS) and
// RFC-0002:C-SHOW end to end: the index is built with the real adapters,
// then `bin/skc.mjs search|show` runs as a child process.
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { createHash } from "node:crypto"
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { spawn } from "node:child_process"
import { BIN, sandbox } from "../helpers/cli.js"
import { buildIndex } from "../helpers/indexer.js"
import { ADVANCED_MD, EXPECTED, SKILL_MD } from "../fixtures/demoSkill.js"


const setup = () => {
  const s = sandbox()
  mkdirSync(join(s.work, ".skillc", "skills"), { recursive: true })
  const dir = join(s.work, ".skillc", "skills", "demo")
  mkdirSync(join(dir, "references"), { recursive: true })
  mkdirSync(join(dir, "scripts"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), SKILL_MD)
  writeFileSync(join(dir, "references", "advanced.md"), ADVANCED_MD)
  writeFileSync(join(dir, "references", "glossary.txt"), "Glossary: a rebase rewrites history.\nA merge joins histories.\n")
  writeFileSync(join(dir, "scripts", "tool.sh"), "#!/bin/sh\necho uniquewordinscript\n")
  const runtime = join(s.work, ".skillc", "runtime", "demo", ".skillc-meta")
  const indexFile = () => join(runtime, `search-${createHash("sha256").update(dir).digest("hex").slice(0, 16)}.db`)
  const index = (env?: Record<string, string | undefined>) => buildIndex("demo", { cwd: s.work, home: s.home, ...(env ? { env } : {}) })
  return { ...s, dir, runtime, indexFile, index }
}

const json = (stdout: string) => JSON.parse(stdout)
const E002 = "error[E002]: search index unusable; run 'skc build demo' to rebuild\n"
// A skill never built says so (sixty-sixth pass probe: "unusable … rebuild" for a skill just `skc init`-ed).
const E002_NEVER_BUILT = "error[E002]: search index unusable; run 'skc build demo' to rebuild\n  it has no search index yet: it was never built here (or its runtime was removed)\n"

describe("RFC-0004:C-SEARCH end to end", () => {
  const s = setup()

  it("RFC-0004:C-INDEX search without an index is E002 (missing)", () => {
    const r = s.run(["search", "demo", "rebase"])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe("")
    expect(r.stderr).toBe(E002_NEVER_BUILT)
  })

  it("RFC-0004:C-INDEX the index lives at <runtime>/.skillc-meta/search-<hash16>.db", async () => {
    const update = await s.index()
    expect(update.action).toBe("created")
    expect(update.path).toBe(s.indexFile())
    expect(statSync(s.indexFile()).isFile()).toBe(true)
  })

  it("RFC-0004:C-SEARCH --format json is {query, results:[{file, section, line, end_line, snippet, score}]} (issue 14 adds the lines)", () => {
    const r = s.run(["search", "demo", "rebase", "--format", "json"])
    expect(r.code).toBe(0)
    const doc = json(r.stdout)
    // The RFC's fields, and (additive) the text's guidance: how to read the result before any heading.
    expect(Object.keys(doc)).toEqual(["query", "results", "notices"])
    expect(doc.notices).toContainEqual(expect.stringContaining("references/glossary.txt"))
    expect(doc.query).toBe("rebase")
    for (const item of doc.results) {
      expect(Object.keys(item)).toEqual(["file", "section", "line", "end_line", "snippet", "score", "matched_terms"])
      expect(item.score).toBeGreaterThan(0)
      expect(item.snippet).toContain("[MATCH]rebase[/MATCH]")
    }
    const found = doc.results.map((x: { file: string; section: string }) => `${x.file}#${x.section}`).sort()
    // "Advanced Topics" holds "rebase" only through its subsection "Setup": not echoed (issue 14).
    expect(found).toEqual(["references/advanced.md#Setup", "references/glossary.txt#"])
    const scores = doc.results.map((x: { score: number }) => x.score)
    expect([...scores].sort((a, b) => b - a)).toEqual(scores)
  })

  it("RFC-0004:C-FORMATS files other than .md and .txt are skipped silently", () => {
    const r = s.run(["search", "demo", "uniquewordinscript", "--format", "json"])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("")
    expect(json(r.stdout).results).toEqual([])
  })

  it("RFC-0004:C-QUERY-SYNTAX stemming: 'configuring' finds 'Configure'; AND of all words in any order", () => {
    const r = json(s.run(["search", "demo", "configuring", "--format", "json"]).stdout)
    expect(r.results.map((x: { section: string }) => x.section)).toContain("Getting Started")
    const both = json(s.run(["search", "demo", "token authentication", "--format", "json"]).stdout)
    // "Demo" holds both words only through "Getting Started": the parent is not echoed (issue 14).
    expect(both.results.map((x: { section: string }) => x.section).sort()).toEqual(["Getting Started"])
    // No section holds both: the OR fallback of DECISIONS #37 (partial).
    const none = json(s.run(["search", "demo", "token rebase", "--format", "json"]).stdout)
    expect(none.partial).toBe(true)
    const single = json(s.run(["search", "demo", "nowhereword", "--format", "json"]).stdout)
    expect(single).toEqual({ query: "nowhereword", results: [], notices: ["No section of 'demo' holds these words; its headings: skc outline demo"] })
  })

  it("RFC-0004:C-QUERY-SYNTAX punctuation and quotes in queries never break the query", () => {
    for (const q of ['"rebase"', "rebase,", "(rebase)", 'my "special" app', "NEAR(rebase", "rebase*", "a:b", "'", "-"]) {
      const r = s.run(["search", "demo", q, "--format", "json"])
      expect(r.code, q).toBe(0)
      expect(json(r.stdout).query).toBe(q)
    }
    expect(json(s.run(["search", "demo", "(rebase),", "--format", "json"]).stdout).results.length).toBe(2)
  })

  it("RFC-0004:C-SEARCH --limit caps the results; 0 or a non-number is E100", () => {
    const r = json(s.run(["search", "demo", "setup", "--limit", "1", "--format", "json"]).stdout)
    expect(r.results.length).toBe(1)
    for (const bad of ["0", "-1", "x"]) {
      const e = s.run(["search", "demo", "setup", "--limit", bad])
      expect(e.code, bad).toBe(1)
      expect(e.stderr, bad).toMatch(/^error\[E100\]: invalid option: /)
    }
  })

  it("RFC-0004:C-SEARCH text output names file#section with the score, then the snippet", () => {
    const r = s.run(["search", "demo", "rebase"])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^references\/\S+ \(score: \d+\.\d+\)\n  .*\[MATCH\]rebase\[\/MATCH\]/)
    expect(r.stdout).toContain("references/glossary.txt (score: ")
  })

  it("RFC-0004:C-SEARCH no results: empty list, exit 0", () => {
    const r = s.run(["search", "demo", "zebra", "--format", "json"])
    expect(r.code).toBe(0)
    expect(json(r.stdout)).toEqual({ query: "zebra", results: [], notices: ["No section of 'demo' holds these words; its headings: skc outline demo"] })
    const t = s.run(["search", "demo", "zebra"])
    expect(t.code).toBe(0)
  })

  it("RFC-0004:C-QUERY-SYNTAX empty or ASCII-whitespace-only query is E004", () => {
    for (const q of ["", "   ", " \t "]) {
      const r = s.run(["search", "demo", q])
      expect(r.code).toBe(1)
      expect(r.stdout).toBe("")
      expect(r.stderr).toBe("error[E004]: empty query\n")
    }
  })

  it("RFC-0004:C-ERRORS unknown skill is E001; bad format is E100", () => {
    expect(s.run(["search", "nope", "x"]).stderr).toMatch(/^error\[E001\]:\ skill\ 'nope'\ not\ found(\n  .*)*\n/)
    expect(s.run(["search", "demo", "x", "--format", "yaml"]).stderr).toMatch(/^error\[E100\]/)
  })
})

describe("RFC-0002:C-SHOW end to end", () => {
  const s = setup()

  it("RFC-0002:C-SHOW without an index is E002", () => {
    const r = s.run(["show", "demo", "--section", "Setup"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(E002_NEVER_BUILT)
  })

  it("RFC-0002:C-SHOW every heading of a multi-file skill gives its exact line range and content", async () => {
    await s.index()
    const sources: Record<string, ReadonlyArray<string>> = {
      "SKILL.md": SKILL_MD.split("\n").slice(0, -1),
      "references/advanced.md": ADVANCED_MD.split("\n").slice(0, -1)
    }
    for (const e of EXPECTED) {
      const r = s.run(["show", "demo", "--section", e.section, "--file", e.file, "--format", "json"])
      expect(r.code, e.section).toBe(0)
      const doc = json(r.stdout)
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
      const text = s.run(["show", "demo", "--section", e.section, "--file", e.file])
      expect(text.stdout).toBe(doc.content)
    }
  })

  it("RFC-0004:C-INDEX headings in fenced code are not indexed (DECISIONS #13)", () => {
    const r = s.run(["show", "demo", "--section", "not a heading"])
    expect(r.code).toBe(1)
    expect(r.stderr.split("\n")[0]).toBe("error[E020]: section not found: 'not a heading'")
  })

  it("RFC-0002:C-SHOW case-insensitive; the part before ' — ' is used", () => {
    const a = json(s.run(["show", "demo", "--section", "  getting STARTED  ", "--format", "json"]).stdout)
    expect(a.section).toBe("Getting Started")
    const b = json(s.run(["show", "demo", "--section", "Advanced Topics — Performance tuning and caching", "--format", "json"]).stdout)
    expect(b).toMatchObject({ file: "references/advanced.md", section: "Advanced Topics" })
  })

  it("show --line (an extension of RFC-0002:C-SHOW): a search result's line picks one of several headings", () => {
    const a = s.run(["show", "demo", "--section", "setup", "--line", "7", "--format", "json"])
    expect(a.code).toBe(0)
    expect(a.stderr).toBe("")
    expect(json(a.stdout)).toMatchObject({ file: "references/advanced.md", start_line: 5, end_line: 9 })
    const b = s.run(["show", "demo", "--section", "setup", "--line", "22", "--format", "json"])
    expect(json(b.stdout)).toMatchObject({ file: "SKILL.md", start_line: 22 })
    const c = s.run(["show", "demo", "--section", "setup", "--line", "3"])
    expect(c.code).toBe(1)
    expect(c.stderr).toBe(
      "error[E020]: section not found: 'setup'\n  no section of that heading holds line 3; it is at SKILL.md (line 22), references/advanced.md (line 5)\n"
    )
    const d = s.run(["show", "demo", "--section", "setup", "--line", "x"])
    expect(d.code).toBe(1)
    expect(d.stderr).toBe("error[E100]: invalid option: --line: 'x' is not an integer\n")
  })

  it("DECISIONS #23 several matches: first in outline order, W001 on stderr, exit 0", () => {
    const r = s.run(["show", "demo", "--section", "setup", "--format", "json"])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe(
      "warning[W001]: multiple matches for 'setup'; showing first\n  shown: SKILL.md (line 22); also in references/advanced.md (line 5); the next: skc show demo --section setup --file references/advanced.md\n"
    )
    expect(json(r.stdout)).toMatchObject({ file: "SKILL.md", start_line: 22 })
    const scoped = s.run(["show", "demo", "--section", "setup", "--file", "./references/advanced.md", "--format", "json"])
    expect(scoped.stderr).toBe("")
    expect(json(scoped.stdout)).toMatchObject({ file: "references/advanced.md", start_line: 5 })
  })

  it("RFC-0002:C-SHOW no match: E020 with at most 5 prefix/substring suggestions", () => {
    const r = s.run(["show", "demo", "--section", "set"])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe("")
    expect(r.stderr).toBe(
      [
        "error[E020]: section not found: 'set'",
        "  Did you mean one of these?",
        "  - Setup (SKILL.md)",
        "  - Setup (references/advanced.md)",
        "  - Setup — Linux (references/advanced.md)",
        ""
      ].join("\n")
    )
    const none = s.run(["show", "demo", "--section", "zzz"])
    expect(none.stderr).toBe("error[E020]: section not found: 'zzz'\n  no heading is close; search the skill's text with: skc search demo zzz\n")
    const wrongFile = s.run(["show", "demo", "--section", "Install", "--file", "references/advanced.md"])
    expect(wrongFile.code).toBe(1)
    expect(wrongFile.stderr).toContain("- Install (SKILL.md)")
  })

  it("RFC-0002:C-SHOW --max-lines truncates and appends '... (N more lines)'", () => {
    const r = s.run(["show", "demo", "--section", "Getting Started", "--max-lines", "3"])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe("## Getting Started\n\nConfigure the authentication token first.\n... (9 more lines)\n")
    const j = json(s.run(["show", "demo", "--section", "Getting Started", "--max-lines", "3", "--format", "json"]).stdout)
    expect(j).toMatchObject({ content: "## Getting Started\n\nConfigure the authentication token first.\n... (9 more lines)\n", truncated: true, end_line: 22 })
    const whole = s.run(["show", "demo", "--section", "Install", "--max-lines", "4"])
    expect(whole.stdout).toBe("### Install\n\nRun the installer.\n\n")
    expect(s.run(["show", "demo", "--section", "Install", "--max-lines", "0"]).stderr).toMatch(/^error\[E100\]/)
  })

  it("RFC-0002:C-SHOW a missing --section is E100 (DECISIONS #32)", () => {
    const r = s.run(["show", "demo"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E100\]: invalid option: .*section/)
  })

  it("DECISIONS #22 editing a source file makes show and search E002 until the next build", async () => {
    const file = join(s.dir, "references", "advanced.md")
    writeFileSync(file, ADVANCED_MD.replace("Linux specifics.", "Linux specifics, edited."))
    expect(s.run(["show", "demo", "--section", "Setup"]).stderr).toBe(E002)
    expect(s.run(["search", "demo", "linux"]).stderr).toBe(E002)
    // Same size, same mtime as before would be invisible to a stat check; the content hash is what counts.
    // Only the changed file's rows are rewritten (issue 16).
    expect((await s.index()).action).toBe("updated")
    expect(json(s.run(["search", "demo", "edited", "--format", "json"]).stdout).results.length).toBeGreaterThan(0)
    expect((await s.index()).action).toBe("up-to-date")
  })

  it("DECISIONS #22 staleness follows content: a same-size edit is caught, a touch without change is not stale", async () => {
    const file = join(s.dir, "references", "glossary.txt")
    const original = readFileSync(file, "utf8")
    const old = new Date(Date.now() - 60_000)
    for (const f of ["SKILL.md", "references/advanced.md", "references/glossary.txt", "scripts/tool.sh"]) utimesSync(join(s.dir, f), old, old)
    await s.index()
    writeFileSync(file, original.replace("histories.", "histories!"))
    expect(statSync(file).size).toBe(Buffer.byteLength(original))
    expect(s.run(["search", "demo", "rebase"]).stderr).toBe(E002)
    writeFileSync(file, original)
    const r = s.run(["search", "demo", "rebase"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
  })

  it("issue 47: with every other file as its row recorded it, an added or a removed file still makes the index stale", async () => {
    const files = ["SKILL.md", "references/advanced.md", "references/glossary.txt", "scripts/tool.sh"]
    const old = new Date(Date.now() - 60_000)
    for (const f of files) utimesSync(join(s.dir, f), old, old)
    await s.index()
    // Every file as recorded, nothing settled: fresh.
    expect(s.run(["search", "demo", "rebase"]).code).toBe(0)
    const extra = join(s.dir, "references", "extra.md")
    writeFileSync(extra, "# Extra\n\nrebase notes\n")
    utimesSync(extra, old, old)
    expect(s.run(["search", "demo", "rebase"]).stderr).toBe(E002)
    await s.index()
    expect(s.run(["search", "demo", "rebase"]).code).toBe(0)
    rmSync(extra)
    expect(s.run(["search", "demo", "rebase"]).stderr).toBe(E002)
    await s.index()
    expect(s.run(["search", "demo", "rebase"]).code).toBe(0)
  })
})

describe("RFC-0004:C-INDEX lifecycle end to end", () => {
  const s = setup()

  const setMeta = (key: string, value: string) => {
    const db = new Database(s.indexFile())
    db.prepare("UPDATE index_meta SET value = ? WHERE key = ?").run(value, key)
    db.close()
  }

  it("RFC-0004:C-INDEX corrupt indexes are E002 for search and show, and build replaces them", async () => {
    await s.index()
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
      // A table show reads, dropped with the rest intact: build said "up-to-date" and show stayed E002 (a probe).
      "no headings table": () => {
        writeFileSync(s.indexFile(), good)
        new Database(s.indexFile()).exec("DROP TABLE headings").close()
      },
      "empty file": () => writeFileSync(s.indexFile(), "")
    }
    for (const [name, damage] of Object.entries(damages)) {
      damage()
      const a = s.run(["search", "demo", "rebase"])
      expect(a.stderr, name).toBe(E002)
      expect(a.code, name).toBe(1)
      expect(s.run(["show", "demo", "--section", "Setup"]).stderr, name).toBe(E002)
      const update = await s.index()
      expect(update, name).toMatchObject({ action: "rebuilt", reason: "corrupt" })
      expect(s.run(["search", "demo", "rebase"]).code, name).toBe(0)
    }
  })

  it("RFC-0004:C-INDEX a database whose sections table is gone is E002, never E999", async () => {
    new Database(s.indexFile()).exec("DROP TABLE sections").close()
    expect(s.run(["search", "demo", "rebase"]).stderr).toBe(E002)
    new Database(s.indexFile()).exec("DROP TABLE headings").close()
    expect(s.run(["show", "demo", "--section", "Setup"]).stderr).toBe(E002)
    setMeta("source_hash", "x")
    await s.index()
  })

  it("RFC-0004:C-INDEX an older schema_version is stale: E002, then build rebuilds", async () => {
    setMeta("schema_version", "1")
    expect(s.run(["search", "demo", "rebase"]).stderr).toBe(E002)
    expect(s.run(["show", "demo", "--section", "Setup"]).stderr).toBe(E002)
    expect(await s.index()).toMatchObject({ action: "rebuilt", reason: "stale-schema" })
    expect(s.run(["search", "demo", "rebase"]).code).toBe(0)
  })

  it("RFC-0004:C-INDEX build step 5 skips only when the schema matches: a newer schema_version (another skc's) is rebuilt", async () => {
    setMeta("schema_version", "99")
    expect(await s.index()).toMatchObject({ action: "rebuilt", reason: "stale-schema" })
    expect(s.run(["show", "demo", "--section", "Setup"]).code).toBe(0)
  })

  it("RFC-0009:C-TOKENIZER switching the tokenizer (env or config) is E002 until the next build", async () => {
    // RFC-0005's line, then which setting differs from the build's (a rebuild without it would not help).
    const differs = (built: string, asked: string) =>
      `${E002}  the index was built with the '${built}' tokenizer and this run asks for '${asked}' (SKILLC_TOKENIZER or [search] tokenizer): build and search with the same setting\n`
    expect(s.run(["search", "demo", "rebase"], s.work, { SKILLC_TOKENIZER: "cjk" }).stderr).toBe(differs("porter", "cjk+porter"))
    writeFileSync(join(s.work, ".skillc", "config.toml"), 'version = 1\n[search]\ntokenizer = "cjk"\n')
    expect(s.run(["search", "demo", "rebase"]).stderr).toBe(differs("porter", "cjk+porter"))
    expect(s.run(["show", "demo", "--section", "Setup"]).stderr).toBe(differs("porter", "cjk+porter"))
    expect(await s.index()).toMatchObject({ action: "rebuilt", reason: "stale-tokenizer", tokenizer: "cjk+porter" })
    expect(s.run(["search", "demo", "rebase"]).code).toBe(0)
    expect(s.run(["search", "demo", "rebase"], s.work, { SKILLC_TOKENIZER: "ascii" }).stderr).toBe(differs("cjk+porter", "porter"))
    writeFileSync(join(s.work, ".skillc", "config.toml"), "version = 1\n")
    expect(await s.index()).toMatchObject({ action: "rebuilt", tokenizer: "porter" })
  })

  it("RFC-0004:C-INDEX collision: a foreign skill_path is E003 for search and show, which delete nothing; build replaces a file whose path does not hash to its name (issue 29 item 5)", async () => {
    setMeta("skill_path", "/somewhere/else")
    const hash16 = s.indexFile().match(/search-([0-9a-f]{16})\.db$/)![1]
    const E003 = `error[E003]: index hash collision; delete .skillc-meta/search-${hash16}.db and rebuild\n`
    expect(s.run(["search", "demo", "rebase"]).stderr).toBe(E003)
    expect(s.run(["show", "demo", "--section", "Setup"]).stderr).toBe(E003)
    expect(s.run(["outline", "demo"]).stderr).toBe(E003)
    const db = new Database(s.indexFile(), { readonly: true })
    expect(db.prepare("SELECT value FROM index_meta WHERE key = 'skill_path'").get()).toEqual({ value: "/somewhere/else" })
    db.close()
    await expect(s.index()).resolves.toMatchObject({ action: "rebuilt" })
    expect(s.run(["search", "demo", "rebase"]).code).toBe(0)
  })

  it("RFC-0004:C-INDEX build never deletes other search-*.db files", async () => {
    const other = join(s.runtime, "search-ffffffffffffffff.db")
    writeFileSync(other, "another skill's index")
    setMeta("source_hash", "changed")
    await s.index()
    expect(readFileSync(other, "utf8")).toBe("another skill's index")
    expect(readdirSync(s.runtime).filter((f) => f.startsWith("search-")).sort()).toEqual([
      s.indexFile().split("/").pop(),
      "search-ffffffffffffffff.db"
    ].sort())
  })
})

describe("RFC-0009:C-TOKENIZER cjk end to end", () => {
  const s = sandbox()
  const dir = join(s.work, ".skillc", "skills", "cjk")
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

  it("RFC-0009:C-TOKENIZER Chinese, Japanese and Korean words of one or more characters, snippets in original text", async () => {
    await buildIndex("cjk", { cwd: s.work, home: s.home, env })
    const q = (query: string) => {
      const r = s.run(["search", "cjk", query, "--format", "json"], s.work, env)
      expect(r.code, query).toBe(0)
      return JSON.parse(r.stdout).results as Array<{ section: string; snippet: string }>
    }
    expect(q("连接池").map((x) => x.section)).toEqual(["数据库配置"])
    expect(q("连接池")[0].snippet).toContain("请先设置[MATCH]连接池[/MATCH]。")
    expect(q("库").map((x) => x.section)).toEqual(["数据库配置"])
    expect(q("postgresql").map((x) => x.section)).toEqual(["数据库配置"])
    expect(q("設定").map((x) => x.section)).toEqual(["日本語の設定"])
    expect(q("データベース 編集").map((x) => x.section)).toEqual(["日本語の設定"])
    expect(q("설정").map((x) => x.section)).toEqual(["한국어 설정"])
    expect(q("데이터베이스 config").map((x) => x.section)).toEqual(["한국어 설정"])
    // No section holds every word: the OR fallback (DECISIONS #37) answers with what holds some of them.
    const partial = JSON.parse(s.run(["search", "cjk", "データ ベース 連接", "--format", "json"], s.work, env).stdout)
    expect(partial.partial).toBe(true)
    expect(partial.results.map((x: { section: string }) => x.section)).toContain("日本語の設定")
    const shown = s.run(["show", "cjk", "--section", "日本語の設定", "--format", "json"], s.work, env)
    expect(JSON.parse(shown.stdout).content).toBe("# 日本語の設定\nデータベースの設定ファイルを編集してください。\n")
    expect(s.run(["search", "cjk", "设置"]).stderr).toBe(
      "error[E002]: search index unusable; run 'skc build cjk' to rebuild\n  the index was built with the 'cjk+porter' tokenizer and this run asks for 'porter' (SKILLC_TOKENIZER or [search] tokenizer): build and search with the same setting\n"
    )
  })
})

describe("RFC-0004:C-INDEX through skc build", () => {
  const s = sandbox()
  const dir = join(s.work, ".skillc", "skills", "big")
  mkdirSync(join(dir, "references"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), "---\nname: big\ndescription: A large skill for kill tests\n---\n# Big\n\nIntro.\n")
  const words = "agent skill section heading compile stub manifest runtime deploy symlink gateway outline".split(" ")
  for (let i = 0; i < 150; i++) {
    let text = `# Reference ${i}\n\n`
    for (let sct = 0; sct < 20; sct++) {
      text += `## Part ${i}.${sct}\n\n`
      for (let l = 0; l < 15; l++) text += `${words[(i + sct + l) % words.length]} ${words[(i * 7 + l) % words.length]} line ${l} of part ${sct}.\n`
    }
    writeFileSync(join(dir, "references", `ref-${String(i).padStart(3, "0")}.md`), text)
  }

  it("RFC-0004:C-INDEX skc build creates the index, skips an up-to-date one, and search/show answer", () => {
    const a = s.run(["build", "big", "-v"])
    expect(a.code).toBe(0)
    expect(a.stderr).toContain("search index created")
    const b = s.run(["build", "big", "-v"])
    expect(b.stderr).toContain("search index up-to-date")
    const r = s.run(["search", "big", "compile", "--format", "json", "--limit", "3"])
    expect(JSON.parse(r.stdout).results.length).toBe(3)
    const shown = s.run(["show", "big", "--section", "Part 7.3", "--format", "json"])
    expect(JSON.parse(shown.stdout)).toMatchObject({ file: "references/ref-007.md", section: "Part 7.3" })
  })

  it("RFC-0004:C-INDEX a build killed at any moment leaves the old index or a complete new one", async () => {
    writeFileSync(join(dir, "references", "ref-149.md"), "# Reference 149\n\n## Zebra\n\nzebraword appears here once.\n")
    const meta = join(s.work, ".skillc", "runtime", "big", ".skillc-meta")
    for (const delay of [30, 250, 600, 1000, 1300, 1600, 2000, 3000]) {
      const child = spawn(process.execPath, [BIN, "build", "big"], {
        cwd: s.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, SKILLC_HOME: s.home, NO_COLOR: "1" },
        stdio: "ignore"
      })
      const exited = new Promise((r) => child.on("close", r))
      await new Promise((r) => setTimeout(r, delay))
      child.kill("SIGKILL")
      await exited
      const r = s.run(["search", "big", "zebraword", "--format", "json"])
      if (r.code === 0) {
        // A complete new index: exactly the new section (its parent only echoes it, issue 14).
        expect(JSON.parse(r.stdout).results.map((x: { section: string }) => x.section).sort(), `delay ${delay}`).toEqual(["Zebra"])
      } else {
        expect(r.stderr, `delay ${delay}`).toBe("error[E002]: search index unusable; run 'skc build big' to rebuild\n")
      }
      expect(readdirSync(meta).filter((f) => f.startsWith("search-")).length).toBe(1)
    }
    expect(s.run(["build", "big"]).code).toBe(0)
    expect(JSON.parse(s.run(["search", "big", "zebraword", "--format", "json"]).stdout).results.length).toBe(1)
  })
})
