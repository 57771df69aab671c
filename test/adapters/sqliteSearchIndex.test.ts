// RFC-0004:C-INDEX on real SQLite files in temp dirs: schema, atomic writes,
// corruption as a value, queries, and the cjk segmentation end to end.
import { Effect } from "effect"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { existsSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sqliteSearchIndex as index } from "../../src/adapters/sqlite/SqliteSearchIndex.js"
import { markdownRows, textRows } from "../../src/domain/search/documents.js"
import { unsegmentCjk } from "../../src/domain/search/cjk.js"
import { holding, indexQueryOf, termOf, type IndexQuery } from "../../src/domain/search/indexQuery.js"
import { SCHEMA_VERSION } from "../../src/domain/search/indexState.js"
import { tokenizerChoice, type TokenizerChoice } from "../../src/domain/search/tokenizer.js"
import type { IndexContents, OpenIndex } from "../../src/ports/SearchIndex.js"
import { tempDir } from "../helpers/cli.js"
import { nodeEventLoop } from "../../src/adapters/node/NodeEventLoop.js"
import { EventLoop } from "../../src/ports/EventLoop.js"
import { headingsDoc } from "../helpers/headingsDoc.js"
import { zeroRootPage } from "../helpers/damage.js"

const dir = tempDir("skc-index-")
let n = 0
const fresh = () => join(dir, `.skillc-meta-${n++}`, "search-0123456789abcdef.db")

const meta = (tokenizer: TokenizerChoice, extra: Record<string, string> = {}) => ({
  skill_path: "/skills/demo",
  source_hash: "abc",
  schema_version: String(SCHEMA_VERSION),
  indexed_at: "2026-01-01T00:00:00Z",
  tokenizer: tokenizer.recorded,
  ...extra
})

const mdDoc = (text: string) => {
  const lines = text.split("\n")
  if (lines[lines.length - 1] === "") lines.pop()
  return { lines, doc: headingsDoc(lines) }
}

const contentsFor = (tokenizer: TokenizerChoice, files: Record<string, string>): IndexContents => ({
  files: Object.entries(files).map(([file, text]) => {
    if (file.endsWith(".txt")) return { path: file, ...textRows(file, text, tokenizer) }
    const { lines, doc } = mdDoc(text)
    return { path: file, ...markdownRows(file, lines, doc, tokenizer) }
  }),
  sourceFiles: [],
  meta: meta(tokenizer)
})

const ascii = tokenizerChoice("ascii", true)
const cjk = tokenizerChoice("cjk", true)

const run = <A, E>(e: Effect.Effect<A, E, import("effect").Scope.Scope>) => Effect.runPromise(Effect.scoped(e) as Effect.Effect<A, never>)

const build = async (tokenizer: TokenizerChoice, files: Record<string, string>) => {
  const path = fresh()
  await Effect.runPromise(index.write(path, tokenizer, contentsFor(tokenizer, files)))
  return path
}

const search = (path: string, query: string, tokenizer: TokenizerChoice, limit = 10) =>
  run(
    Effect.gen(function* () {
      const idx = yield* index.open(path)
      return yield* idx.search(indexQueryOf(query, tokenizer)!, limit)
    })
  )

describe("RFC-0004:C-INDEX sqlite adapter", () => {
  it("RFC-0004:C-INDEX writes the normative schema and every required index_meta key", async () => {
    const path = await build(ascii, { "SKILL.md": "# Title\n\nIntro\n\n## Setup\n\nconfigure it\n" })
    const db = new Database(path, { readonly: true })
    const sql = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'sections'").get() as { sql: string }
    expect(sql.sql).toContain("fts5(file, section, content, tokenize='porter unicode61')")
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'idx_headings_text'").get()).toBeDefined()
    const keys = Object.fromEntries((db.prepare("SELECT key, value FROM index_meta").all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]))
    expect(keys).toMatchObject({ skill_path: "/skills/demo", source_hash: "abc", schema_version: "3", tokenizer: "porter" })
    expect(db.prepare("SELECT file, text, level, start_line, end_line FROM headings ORDER BY id").all()).toEqual([
      { file: "SKILL.md", text: "Title", level: 1, start_line: 1, end_line: 8 },
      { file: "SKILL.md", text: "Setup", level: 2, start_line: 5, end_line: 8 }
    ])
    db.close()
    // No temporary file or journal is left beside it.
    expect(readdirSync(join(path, ".."))).toEqual(["search-0123456789abcdef.db"])
  })

  it("RFC-0004:C-FORMATS .md sections span to the next same-or-higher heading (DECISIONS #15); .txt is one document with section \"\"", async () => {
    const path = await build(ascii, {
      "SKILL.md": "# A\nalpha\n## B\nbravo\n### C\ncharlie\n## D\ndelta\n",
      "notes.txt": "plain text about echo\nsecond line"
    })
    const db = new Database(path, { readonly: true })
    const rows = db.prepare("SELECT file, section, content FROM sections").all()
    expect(rows).toEqual([
      { file: "SKILL.md", section: "A", content: "# A\nalpha\n## B\nbravo\n### C\ncharlie\n## D\ndelta" },
      { file: "SKILL.md", section: "B", content: "## B\nbravo\n### C\ncharlie" },
      { file: "SKILL.md", section: "C", content: "### C\ncharlie" },
      { file: "SKILL.md", section: "D", content: "## D\ndelta" },
      { file: "notes.txt", section: "", content: "plain text about echo\nsecond line" }
    ])
    db.close()
    const hits = await search(path, "echo", ascii)
    expect(hits.map((h) => [h.file, h.section])).toEqual([["notes.txt", ""]])
  })


  it("issue 30: a parent's own-text match is asked only of the rows given, and answers for exactly those", async () => {
    const path = await build(ascii, {
      "SKILL.md": "# A\nalpha here\n## B\nalpha too\n# C\nno word\n## D\nalpha below\n# E\nalpha again\n## F\nfoxtrot\n"
    })
    const own = (rowids: ReadonlyArray<number>) =>
      run(
        Effect.gen(function* () {
          const idx = yield* index.open(path)
          const places = yield* idx.places([1, 2, 3, 4, 5, 6])
          const bySection = new Map(places.map((p) => [p.section, p.rowid]))
          const ids = rowids.map((i) => bySection.get(["A", "B", "C", "D", "E", "F"][i]!)!)
          const got = yield* idx.ownMatching(indexQueryOf("alpha", ascii)!, ids)
          return [...got].map((id) => places.find((p) => p.rowid === id)!.section).sort()
        })
      )
    // A, C and E have subsections: A and E hold "alpha" before them, C only below.
    expect(await own([0, 2, 4])).toEqual(["A", "E"])
    // Only the rows asked about: E is not named, so it is not answered.
    expect(await own([0, 2])).toEqual(["A"])
    expect(await own([])).toEqual([])
  })
  /**
   * `f` asked of an index where five rows hold "alpha" (three sections' text, and two through the
   * file name alpha.md), with the query holding that word.
   */
  const onAlphaIndex = async <A>(f: (idx: OpenIndex, alpha: IndexQuery) => Effect.Effect<A, unknown>) => {
    const path = await build(ascii, {
      "SKILL.md": "# A\nalpha here\n## B\nalpha alpha too\n# C\nno word\n## D\nalpha below\n",
      "alpha.md": "# Notes\nnothing else\n"
    })
    return run(Effect.flatMap(index.open(path), (idx) => f(idx, holding(termOf("alpha", ascii)))))
  }

  it("issue 47: `matching` and `scores` return the rows `rank` returns, unordered, with the same scores", async () => {
    const got = await onAlphaIndex((idx, q) =>
      Effect.gen(function* () {
        const weights = [1, 3, 1] as const
        return { ranked: yield* idx.rank(q, weights), scores: yield* idx.scores(q, weights), matching: yield* idx.matching(q), none: yield* idx.matching(holding(termOf("zulu", ascii))) }
      })
    )
    const byRow = (rows: ReadonlyArray<{ rowid: number; score: number }>) => [...rows].sort((a, b) => a.rowid - b.rowid)
    // Every section holding "alpha" in its text, plus the file named alpha.md through its name.
    expect(got.ranked.length).toBe(5)
    expect(byRow(got.scores)).toEqual(byRow(got.ranked))
    expect([...got.matching].sort((a, b) => a - b)).toEqual(byRow(got.ranked).map((r) => r.rowid))
    expect(got.none).toEqual([])
  })

  it("issue 47: `hits` counts the rows holding a word, up to the bound when one is given", async () => {
    const got = await onAlphaIndex((idx, q) =>
      Effect.all([idx.hits(q), idx.hits(q, 9), idx.hits(q, 5), idx.hits(q, 2), idx.hits(q, 0), idx.hits(holding(termOf("zulu", ascii)), 3)])
    )
    expect(got).toEqual([5, 5, 5, 2, 0, 0])
  })

  it("RFC-0004:C-SEARCH BM25 scores are positive and ranked, snippets carry [MATCH] markers and ...", async () => {
    const filler = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ")
    const path = await build(ascii, {
      "SKILL.md": `# Auth\n\nauthentication authentication token\n\n# Other\n\n${filler} authentication ${filler}\n`
    })
    const hits = await search(path, "authentication", ascii)
    expect(hits.map((h) => h.section)).toEqual(["Auth", "Other"])
    expect(hits[0].score).toBeGreaterThan(hits[1].score)
    for (const h of hits) expect(h.score).toBeGreaterThan(0)
    expect(hits[0].snippet).toContain("[MATCH]authentication[/MATCH]")
    expect(hits[1].snippet.startsWith("...")).toBe(true)
    expect(hits[1].snippet.endsWith("...")).toBe(true)
    // 32 tokens at most in the snippet.
    expect(hits[1].snippet.replace(/\[\/?MATCH\]|\.\.\./g, " ").trim().split(/\s+/).length).toBeLessThanOrEqual(32)
    expect((await search(path, "authentication", ascii, 1)).length).toBe(1)
  })

  it("RFC-0004:C-QUERY-SYNTAX porter stems (configuring finds configure); unicode61 does not", async () => {
    const files = { "SKILL.md": "# Setup\n\nHow to configure the tool.\n" }
    expect((await search(await build(ascii, files), "configuring", ascii)).length).toBe(1)
    const plain = tokenizerChoice("ascii", false)
    const path = await build(plain, files)
    const db = new Database(path, { readonly: true })
    expect((db.prepare("SELECT sql FROM sqlite_master WHERE name = 'sections'").get() as { sql: string }).sql).toContain("tokenize='unicode61'")
    db.close()
    expect((await search(path, "configuring", plain)).length).toBe(0)
    expect((await search(path, "configure", plain)).length).toBe(1)
  })

  it("RFC-0004:C-QUERY-SYNTAX bag of words, punctuation and quotes are literal terms, never FTS5 syntax", async () => {
    const path = await build(ascii, {
      "SKILL.md": '# One\n\nsay "hello", world (again)\n\n# Two\n\nhello only\n\n# Three\n\nNEAR AND OR NOT col:umn*\n'
    })
    const sections = async (q: string) => (await search(path, q, ascii)).map((h) => h.section).sort()
    expect(await sections("world hello")).toEqual(["One"])
    expect(await sections("hello,")).toEqual(["One", "Two"])
    expect(await sections('"hello" (again)')).toEqual(["One"])
    expect(await sections('my "special')).toEqual([])
    expect(await sections("NEAR( AND")).toEqual(["Three"])
    expect(await sections("col:umn*")).toEqual(["Three"])
    expect(await sections("-")).toEqual([])
  })

  it("RFC-0009:C-TOKENIZER cjk finds Chinese, Japanese and Korean words of one or more characters in mixed text", async () => {
    const path = await build(cjk, {
      "SKILL.md": [
        "# 数据库配置",
        "",
        "使用PostgreSQL数据库时，请先设置连接池。",
        "",
        "# 日本語の設定",
        "",
        "データベースの設定ファイルを編集してください。configuring は英語です。",
        "",
        "# 한국어 설정",
        "",
        "데이터베이스 설정을 변경하려면 config 파일을 편집하세요.",
        ""
      ].join("\n"),
      "notes.txt": "猫"
    })
    const files = async (q: string) => (await search(path, q, cjk)).map((h) => `${h.file}#${unsegmentCjk(h.section)}`)
    expect(await files("连接池")).toEqual(["SKILL.md#数据库配置"])
    expect(await files("数据库")).toContain("SKILL.md#数据库配置")
    expect(await files("猫")).toEqual(["notes.txt#"])
    expect(await files("PostgreSQL")).toEqual(["SKILL.md#数据库配置"])
    expect(await files("データベース")).toEqual(["SKILL.md#日本語の設定"])
    expect(await files("設定 ファイル")).toEqual(["SKILL.md#日本語の設定"])
    expect(await files("configure")).toEqual(["SKILL.md#日本語の設定"])
    expect(await files("설정")).toEqual(["SKILL.md#한국어 설정"])
    expect(await files("데이터베이스")).toEqual(["SKILL.md#한국어 설정"])
    // Adjacency inside a word matters: 库数 never occurs.
    expect(await files("库数")).toEqual([])
    const [hit] = await search(path, "连接池", cjk)
    expect(unsegmentCjk(hit.snippet)).toContain("请先设置[MATCH]连接池[/MATCH]。")
  })

  it("RFC-0004:C-INDEX corrupt files are values: random bytes, truncated, no index_meta, bad schema_version", async () => {
    const readMeta = (path: string) => run(Effect.map(index.open(path), (i) => i.meta))
    expect((await readMeta(join(dir, "nope.db")))._tag).toBe("Missing")
    const random = join(dir, "random.db")
    writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)))
    expect(await readMeta(random)).toMatchObject({ _tag: "Corrupt" })
    const good = await build(ascii, { "SKILL.md": `# T\n\n${"lorem ipsum ".repeat(5000)}\n` })
    expect((await readMeta(good))._tag).toBe("Present")
    const truncated = join(dir, "truncated.db")
    writeFileSync(truncated, readFileSync(good))
    truncateSync(truncated, Math.floor(statSync(good).size / 2))
    expect(await readMeta(truncated)).toMatchObject({ _tag: "Corrupt" })
    const noMeta = await build(ascii, { "SKILL.md": "# T\n" })
    new Database(noMeta).exec("DROP TABLE index_meta").close()
    expect(await readMeta(noMeta)).toMatchObject({ _tag: "Corrupt" })
    const badVersion = await build(ascii, { "SKILL.md": "# T\n" })
    new Database(badVersion).exec("UPDATE index_meta SET value = 'two' WHERE key = 'schema_version'").close()
    expect(await readMeta(badVersion)).toMatchObject({ _tag: "Corrupt", reason: expect.stringContaining("schema_version") })
    const noKey = await build(ascii, { "SKILL.md": "# T\n" })
    new Database(noKey).exec("DELETE FROM index_meta WHERE key = 'tokenizer'").close()
    expect(await readMeta(noKey)).toMatchObject({ _tag: "Corrupt" })
    const empty = join(dir, "empty.db")
    writeFileSync(empty, "")
    expect(await readMeta(empty)).toMatchObject({ _tag: "Corrupt" })
  })

  it("RFC-0004:C-INDEX a failing query on an opened index is a read failure (treated as corruption)", async () => {
    const path = await build(ascii, { "SKILL.md": "# T\n\nbody\n" })
    new Database(path).exec("DROP TABLE sections").close()
    const result = await Effect.runPromise(
      Effect.scoped(Effect.flatMap(index.open(path), (i) => Effect.result(i.search(holding(termOf("body", ascii)), 10))))
    )
    expect(result._tag).toBe("Failure")
  })

  it("headingCounts: the repeated headings by file, ASCII case folded; a small skill read once per connection, a large one per call", async () => {
    const files = {
      "SKILL.md": "# T\n\n## Usage\n\na\n\n## usage\n\nb\n\n## Only\n\nc\n",
      "examples/one.md": "# One\n\n## Structure\n\nx\n",
      "examples/two.md": "# Two\n\n## STRUCTURE\n\ny\n"
    }
    const counts = (path: string, texts: ReadonlyArray<string>) =>
      run(Effect.flatMap(index.open(path), (i) => i.headingCounts(texts))).then((rows) => [...rows].sort((a, b) => `${a.text}${a.file}`.localeCompare(`${b.text}${b.file}`)))
    const expected = [
      { text: "structure", file: "examples/one.md", count: 1 },
      { text: "structure", file: "examples/two.md", count: 1 },
      { text: "usage", file: "SKILL.md", count: 2 }
    ]
    const small = await build(ascii, files)
    expect(await counts(small, ["Usage", "structure", "Only", "Nowhere"])).toEqual(expected)
    // Over 2,000 headings the texts asked are counted by a query of their own: the same answer for them.
    const many = Array.from({ length: 2100 }, (_, i) => `## Heading number ${i}\n\nbody ${i}\n`).join("\n")
    const large = await build(ascii, { ...files, "many.md": `# Many\n\n${many}` })
    const got = await counts(large, ["Usage", "structure", "Nowhere"])
    expect(got).toEqual(expected)
    expect(await counts(large, [])).toEqual([])
  })

  it("RFC-0004:C-INDEX pages a read finds damaged mark the index corrupt until it is written anew (build repairs it)", async () => {
    const many = Array.from({ length: 3000 }, (_, i) => `## Heading number ${i}\n\nbody ${i}\n`).join("\n")
    const path = await build(ascii, { "SKILL.md": `# T\n\n${many}` })
    // Zero the root page of the headings table: index_meta still reads, so the open is "Present".
    zeroRootPage(path, "headings")
    const headings = () => run(Effect.flatMap(index.open(path), (i) => Effect.map(Effect.result(i.allHeadings), (r) => ({ meta: i.meta, read: r._tag }))))
    expect(await headings()).toMatchObject({ meta: { _tag: "Present" }, read: "Failure" })
    // The next open knows, without a query: a build's verdict is "corrupt", not "up to date".
    expect((await headings()).meta).toMatchObject({ _tag: "Corrupt", reason: expect.stringContaining("a read found it damaged: database disk image is malformed") })
    await Effect.runPromise(index.write(path, ascii, contentsFor(ascii, { "SKILL.md": "# T\n\n## Again\n" })))
    expect(await headings()).toEqual({ meta: expect.objectContaining({ _tag: "Present" }), read: "Success" })
    expect(readdirSync(join(path, ".."))).toEqual(["search-0123456789abcdef.db"])
    // A marker naming another file (this index since replaced) says nothing of this one.
    writeFileSync(`${path}.damaged`, "1:2:3:4:5\nmalformed\n")
    expect((await headings()).meta._tag).toBe("Present")
  })

  it("RFC-0004:C-INDEX writes replace atomically and leave nothing else; an unwritable directory is a write failure", async () => {
    const path = await build(ascii, { "SKILL.md": "# Old\n" })
    await Effect.runPromise(index.write(path, ascii, contentsFor(ascii, { "SKILL.md": "# New\n" })))
    const db = new Database(path, { readonly: true })
    expect(db.prepare("SELECT text FROM headings").all()).toEqual([{ text: "New" }])
    db.close()
    expect(readdirSync(join(path, ".."))).toEqual(["search-0123456789abcdef.db"])
    const blocked = join(dir, "blocked")
    writeFileSync(blocked, "a file, not a directory")
    const r = await Effect.runPromise(Effect.result(index.write(join(blocked, "search-x.db"), ascii, contentsFor(ascii, {}))))
    expect(r._tag).toBe("Failure")
    expect(existsSync(blocked)).toBe(true)
  })

  it("RFC-0004:C-INDEX porter is available in the bundled SQLite", async () => {
    expect(await Effect.runPromise(index.porterAvailable)).toBe(true)
  })
})

describe("issue 29 items 3 and 5: cooperative writes, an index in memory", () => {
  const many = (count: number) =>
    contentsFor(ascii, Object.fromEntries(Array.from({ length: count }, (_, i) => [`refs/f${i}.md`, `# Part ${i}\n\nPull lever ${i}.\n`])))

  it("a large write gives the event loop turns while it runs (setImmediate callbacks run before it ends)", async () => {
    let turns = 0
    let writing = true
    const tick = () => {
      if (!writing) return
      turns++
      setImmediate(tick)
    }
    setImmediate(tick)
    const path = fresh()
    // The live layer's event loop (src/layers.ts gives it to every run); the port's default only yields to fibers.
    await Effect.runPromise(index.write(path, ascii, many(20_000)).pipe(Effect.provideService(EventLoop, nodeEventLoop)))
    writing = false
    // One turn at least comes from the flush on the thread pool; slices give many more.
    expect(turns).toBeGreaterThan(3)
    expect(existsSync(path)).toBe(true)
  })

  it("build: an index in memory answering the same queries, gone with its scope, nothing on disk", async () => {
    const before = readdirSync(dir).length
    const hits = await run(
      Effect.flatMap(index.build(ascii, contentsFor(ascii, { "SKILL.md": "# Demo\n\n## Gears\n\nTurn the crank.\n" })), (opened) =>
        Effect.map(opened.search(indexQueryOf("crank", ascii)!, 10), (rows) => ({ tag: opened.meta._tag, rows }))
      )
    )
    expect(hits.tag).toBe("Present")
    expect(hits.rows.map((r) => r.section)).toContain("Gears")
    expect(readdirSync(dir).length).toBe(before)
  })
})

describe("issue 44: the index written file by file (SearchIndex.writer)", () => {
  const files = {
    "SKILL.md": "# Demo\n\n## Usage\n\nRun the lever.\n",
    "refs/a.md": "# A\n\nAlpha text.\n\n## A.1\n\nMore alpha.\n",
    "refs/notes.txt": "plain notes about gamma\n"
  }
  const dump = (path: string) => {
    const db = new Database(path, { readonly: true })
    try {
      return ["sections", "section_places", "section_own", "headings", "source_files", "index_meta"].map((t) =>
        db.prepare(`SELECT rowid AS r, * FROM ${t} ORDER BY 1`).all()
      )
    } finally {
      db.close()
    }
  }
  const streamed = (path: string, contents: IndexContents, finish: boolean) =>
    run(
      Effect.gen(function* () {
        const writer = yield* index.writer(path, ascii)
        for (const f of contents.files) yield* writer.add(f)
        if (finish) yield* writer.finish({ sourceFiles: contents.sourceFiles, meta: contents.meta })
      })
    )

  it("gives the same index as one write of the same contents", async () => {
    const contents = {
      ...contentsFor(ascii, files),
      sourceFiles: Object.keys(files).map((p, i) => ({ path: p, size: i, mtimeMs: 1, hash: `h${i}`, trusted: true, title: undefined, description: undefined }))
    }
    const whole = fresh()
    await Effect.runPromise(index.write(whole, ascii, contents))
    const piecewise = fresh()
    await streamed(piecewise, contents, true)
    expect(dump(piecewise)).toEqual(dump(whole))
    expect(readdirSync(join(piecewise, ".."))).toEqual(["search-0123456789abcdef.db"])
    expect((await search(piecewise, "alpha", ascii)).map((h) => h.section)).toContain("A.1")
  })

  it("a write never finished leaves the old index byte for byte, no temporary file, and no directory it made", async () => {
    const path = await build(ascii, { "SKILL.md": "# Old\n" })
    const before = readFileSync(path)
    await streamed(path, contentsFor(ascii, files), false)
    expect(readFileSync(path).equals(before)).toBe(true)
    expect(readdirSync(join(path, ".."))).toEqual(["search-0123456789abcdef.db"])
    const nowhere = join(dir, `made-${n++}`, "meta", "search-0123456789abcdef.db")
    await streamed(nowhere, contentsFor(ascii, files), false)
    expect(existsSync(join(nowhere, "..", ".."))).toBe(false)
  })
})
