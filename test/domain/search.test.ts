// Pure search pieces: RFC-0004:C-QUERY-SYNTAX, C-INDEX decisions, RFC-0002:C-SHOW matching, DECISIONS #7 segmentation.
import { scanMarkdown } from "../../src/domain/markdown/model.js"
import { describe, expect, it } from "vitest"
import { containsCjk, segmentCjk, unsegmentCjk, SEGMENT_MARK } from "../../src/domain/search/cjk.js"
import { indexQueryOf } from "../../src/domain/search/indexQuery.js"
import { queryTokens } from "../../src/domain/search/query.js"
import { buildVerdict, parseIndexMeta, searchVerdict, SCHEMA_VERSION, type MetaRead } from "../../src/domain/search/indexState.js"
import { DEFAULT_MAX_FILE_BYTES } from "../../src/domain/config.js"
import { choiceFromRecorded, tokenizerChoice } from "../../src/domain/search/tokenizer.js"
import { indexedFormat, markdownRows } from "../../src/domain/search/documents.js"
import {
  matchSection,
  moreLinesMarker,
  normalizeRelPath,
  normalizeSectionQuery,
  truncateLines,
  type HeadingEntry
} from "../../src/domain/search/sectionMatch.js"

describe("RFC-0004:C-QUERY-SYNTAX", () => {
  const ascii = { segmentsCjk: false }
  const words = (query: string, options = ascii) => indexQueryOf(query, options)?.terms.map((t) => t.phrases)
  // The FTS5 strings these become: test/adapters/fts5Match.test.ts (issue 44 item 5).
  it("RFC-0004:C-QUERY-SYNTAX splits on ASCII whitespace: every token a word, every word required", () => {
    expect(words("configure authentication")).toEqual([["configure"], ["authentication"]])
    expect(words(" a\tb\nc\rd  ")).toEqual([["a"], ["b"], ["c"], ["d"]])
    expect(indexQueryOf("a b", ascii)).toMatchObject({ combine: "all", scope: { _tag: "Everywhere" } })
  })
  it("RFC-0004:C-QUERY-SYNTAX quotes stay in the word as typed", () => {
    expect(words('my "special" app')).toEqual([["my"], ['"special"'], ["app"]])
  })
  it("RFC-0004:C-QUERY-SYNTAX non-ASCII whitespace is part of the token", () => {
    expect(queryTokens("a\u00a0b c\u3000d")).toEqual(["a\u00a0b", "c\u3000d"])
  })
  it("the marks the index's tokenizer keeps inside a word are dropped from the query's (sixty-first pass)", () => {
    expect(queryTokens("\u2066fill\u2069 a \u061cform \u2067\u2069")).toEqual(["fill", "a", "form"])
  })
  it("RFC-0004:C-QUERY-SYNTAX a word repeated (in any case) is searched once: the AND query is the same, and 300,000 repeats kept a server busy for minutes", () => {
    expect(queryTokens("Form form FORM fill form")).toEqual(["Form", "fill"])
    expect(queryTokens("x ".repeat(300_000))).toEqual(["x"])
    expect(words("pdf to PDF")).toEqual([["pdf"], ["to"]])
  })
  it("RFC-0004:C-QUERY-SYNTAX empty or whitespace-only query has no query (E004)", () => {
    for (const q of ["", "   ", "\t\n\r "]) expect(indexQueryOf(q, ascii)).toBeUndefined()
  })
  it("RFC-0004:C-QUERY-SYNTAX punctuation and FTS5 operators stay literal words", () => {
    expect(words("hello, (world) NEAR OR *")).toEqual([["hello,"], ["(world)"], ["NEAR"], ["OR"], ["*"]])
  })
  it("RFC-0009:C-TOKENIZER cjk tokens become phrases of characters, ASCII words stay whole", () => {
    expect(words("数据库 设置API", { segmentsCjk: true })).toEqual([["数 据 库"], ["设 置 API"]])
    expect(words("configure", { segmentsCjk: true })).toEqual([["configure"]])
  })
})

describe("DECISIONS #7 CJK segmentation", () => {
  it("RFC-0009:C-TOKENIZER separates every CJK character and CJK from ASCII, never ASCII words", () => {
    const m = SEGMENT_MARK
    expect(segmentCjk("使用PostgreSQL数据库")).toBe(`使${m}用${m}PostgreSQL${m}数${m}据${m}库`)
    expect(segmentCjk("データベース")).toBe(["デ", "ー", "タ", "ベ", "ー", "ス"].join(m))
    expect(segmentCjk("설정을 변경")).toBe(`설${m}정${m}을 변${m}경`)
    expect(segmentCjk("plain english, only")).toBe("plain english, only")
    expect(segmentCjk("数、据")).toBe("数、据")
  })
  it("RFC-0009:C-TOKENIZER keeps a combining mark with its base character", () => {
    expect(segmentCjk("か\u3099き")).toBe(`か\u3099${SEGMENT_MARK}き`)
  })
  it("RFC-0009:C-TOKENIZER unsegmenting gives the original text back", () => {
    for (const t of ["使用PostgreSQL数据库时，请先设置。", "日本語のテキスト", "한국어 텍스트", "ascii"]) {
      expect(unsegmentCjk(segmentCjk(t))).toBe(t)
    }
    expect(containsCjk("abc")).toBe(false)
    expect(containsCjk("a漢")).toBe(true)
  })
})

describe("RFC-0004:C-INDEX tokenizer values", () => {
  it("RFC-0004:C-INDEX ascii records porter (fallback unicode61); DECISIONS #7 cjk records its own value", () => {
    expect(tokenizerChoice("ascii", true)).toMatchObject({ fts5: "porter unicode61", recorded: "porter" })
    expect(tokenizerChoice("ascii", false)).toMatchObject({ fts5: "unicode61", recorded: "unicode61" })
    expect(tokenizerChoice("cjk", true)).toMatchObject({ fts5: "porter unicode61", recorded: "cjk+porter", segmentsCjk: true })
    expect(tokenizerChoice("cjk", false).recorded).toBe("cjk+unicode61")
    for (const r of ["porter", "unicode61", "cjk+porter", "cjk+unicode61"]) expect(choiceFromRecorded(r)?.recorded).toBe(r)
    expect(choiceFromRecorded("icu")).toBeUndefined()
  })
})

describe("RFC-0004:C-INDEX metadata and verdicts", () => {
  const rows = (o: Record<string, string>) => Object.entries(o).map(([key, value]) => ({ key, value }))
  const good = { skill_path: "/s", source_hash: "h", schema_version: String(SCHEMA_VERSION), tokenizer: "porter", indexed_at: "2026-01-01T00:00:00Z", max_file_bytes: "1000" }
  const expected = { skillPath: "/s", sourceHash: "h", tokenizer: "porter", maxFileBytes: 1000 }

  it("RFC-0004:C-INDEX a missing required key or a non-integer schema_version is corruption", () => {
    expect(parseIndexMeta(rows(good))._tag).toBe("Present")
    for (const k of ["skill_path", "source_hash", "schema_version", "tokenizer"]) {
      const { [k]: _, ...rest } = good as Record<string, string>
      expect(parseIndexMeta(rows(rest))._tag).toBe("Corrupt")
    }
    for (const v of ["two", "2.5", "", "0x2"]) expect(parseIndexMeta(rows({ ...good, schema_version: v }))._tag).toBe("Corrupt")
    expect(parseIndexMeta([{ key: "skill_path", value: null }, ...rows({ source_hash: "h", schema_version: "2", tokenizer: "porter" })])._tag).toBe("Corrupt")
  })

  it("RFC-0004:C-INDEX search: missing/corrupt E002, collision E003 before staleness, then the three staleness conditions", () => {
    const present = (o: Record<string, string>) => parseIndexMeta(rows({ ...good, ...o }))
    expect(searchVerdict({ _tag: "Missing" }, expected)).toMatchObject({ _tag: "Unusable", reason: "missing" })
    expect(searchVerdict({ _tag: "Corrupt", reason: "x" }, expected)).toMatchObject({ _tag: "Unusable", reason: "corrupt" })
    expect(searchVerdict(present({ skill_path: "/other", source_hash: "old" }), expected)._tag).toBe("Collision")
    expect(searchVerdict(present({ source_hash: "old" }), expected)).toMatchObject({ reason: "stale-source" })
    expect(searchVerdict(present({ schema_version: "1" }), expected)).toMatchObject({ reason: "stale-schema" })
    // Schema 3 (issue 14) added tables beside the RFC's: a schema-2 index is stale, rebuilt by build.
    expect(SCHEMA_VERSION).toBe(3)
    expect(searchVerdict(present({ schema_version: "2" }), expected)).toMatchObject({ reason: "stale-schema" })
    expect(searchVerdict(present({ tokenizer: "cjk+porter" }), expected)).toMatchObject({ reason: "stale-tokenizer" })
    expect(searchVerdict(present({ schema_version: String(SCHEMA_VERSION + 1) }), expected)._tag).toBe("Use")
    expect(searchVerdict(present({}), expected)._tag).toBe("Use")
  })

  it("RFC-0004:C-INDEX DECISIONS #7: an index of another [search] max_file_bytes is stale; an unrecorded one is the default's", () => {
    const present = (o: Record<string, string>) => parseIndexMeta(rows({ ...good, ...o }))
    expect(searchVerdict(present({ max_file_bytes: "999" }), expected)).toMatchObject({ reason: "stale-max-file-bytes" })
    // Written before the limit was recorded: read as built with the default, so an upgrade keeps indexes of the default usable.
    const { max_file_bytes: _, ...unrecorded } = good
    expect(searchVerdict(parseIndexMeta(rows(unrecorded)), expected)).toMatchObject({ reason: "stale-max-file-bytes" })
    expect(searchVerdict(parseIndexMeta(rows(unrecorded)), { ...expected, maxFileBytes: DEFAULT_MAX_FILE_BYTES })._tag).toBe("Use")
    expect(buildVerdict(present({ max_file_bytes: "2000" }), expected)).toMatchObject({ _tag: "Replace", reason: "stale-max-file-bytes" })
  })

  it("RFC-0004:C-INDEX build: create, replace corrupt without collision check, E003, skip, replace stale", () => {
    const present = (o: Record<string, string>): MetaRead => parseIndexMeta(rows({ ...good, ...o }))
    expect(buildVerdict({ _tag: "Missing" }, expected)._tag).toBe("Create")
    expect(buildVerdict({ _tag: "Corrupt", reason: "x" }, expected)._tag).toBe("Replace")
    expect(buildVerdict(present({ skill_path: "/other" }), expected)._tag).toBe("Collision")
    expect(buildVerdict(present({}), expected)._tag).toBe("UpToDate")
    for (const o of [{ source_hash: "old" }, { schema_version: "1" }, { tokenizer: "unicode61" }] as Array<Record<string, string>>) {
      expect(buildVerdict(present(o), expected)._tag).toBe("Replace")
    }
  })
})

describe("RFC-0004:C-FORMATS index rows", () => {
  it("RFC-0004:C-FORMATS only .md and .txt are indexed; everything else is skipped", () => {
    expect(indexedFormat("SKILL.md")).toBe("markdown")
    expect(indexedFormat("refs/notes.txt")).toBe("text")
    for (const p of ["script.sh", "data.json", "image.png", "md", "notes.txt.bak"]) expect(indexedFormat(p)).toBeUndefined()
  })
  it("RFC-0004:C-FORMATS non-blank text before the first heading is a document with section \"\"; frontmatter is not", () => {
    const lines = ["---", "name: x", "---", "", "intro words", "# H", "body"]
    const rows = markdownRows("SKILL.md", lines, { headings: [{ level: 1, text: "H", line: 6, endLine: 8 }], bodyStartLine: 4 }, { segmentsCjk: false })
    expect(rows.sections).toEqual([
      { file: "SKILL.md", section: "", content: "\nintro words", line: 5, endLine: 6, level: 0 },
      { file: "SKILL.md", section: "H", content: "# H\nbody", line: 6, endLine: 8, level: 1 }
    ])
    const blank = markdownRows("a.md", ["", "# H"], { headings: [{ level: 1, text: "H", line: 2, endLine: 3 }], bodyStartLine: 1 }, { segmentsCjk: false })
    expect(blank.sections.map((s) => s.section)).toEqual(["H"])
  })
})

describe("RFC-0002:C-SHOW matching", () => {
  const h = (file: string, text: string, start_line: number, level = 2): HeadingEntry => ({ file, text, level, start_line, end_line: start_line + 1 })
  const headings = [
    h("references/b.md", "Setup", 3),
    h("SKILL.md", "Getting Started", 5),
    h("SKILL.md", "Setup", 9),
    h("SKILL.md", "API Reference", 12),
    h("references/a.md", "Setup — Linux", 1),
    h("references/a.md", "Überblick", 7),
    h("references/a.md", "Setup on macOS", 9)
  ]

  it("RFC-0002:C-SHOW a heading holding a control character is found as skc prints it (escaped), E020's suggestion pasted back", () => {
    const evil = [h("SKILL.md", "Evil \u001b[2J heading", 3), h("SKILL.md", "Plain \\x1b heading", 5)]
    expect(matchSection(evil, "Evil \\x1b[2J heading", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 3 } })
    expect(matchSection(evil, "evil \\X1B[2J HEADING", undefined)._tag).toBe("Found")
    // A heading whose text is a backslash and letters (no control character) is matched as written, as before.
    expect(matchSection(evil, "Plain \\x1b heading", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 5 } })
    expect(matchSection(evil, "Evil \\x1b[3J heading", undefined)._tag).toBe("NotFound")
  })

  it("RFC-0002:C-SHOW a heading asked with its '#' marks is not matched, but suggested as its text is (a probe: 'Next Steps' came first)", () => {
    const steps = [h("SKILL.md", "Next Steps", 7), h("forms.md", "Step 3: Fill the Form", 3), h("forms.md", "Step 4: Check", 7)]
    const marked = matchSection(steps, "## Step 3", undefined)
    const plain = matchSection(steps, "Step 3", undefined)
    expect(marked._tag).toBe("NotFound")
    expect(marked._tag === "NotFound" && marked.query).toBe("## Step 3")
    expect(marked._tag === "NotFound" && marked.suggestions.map((x) => x.text)[0]).toBe("Step 3: Fill the Form")
    expect(marked._tag === "NotFound" && marked.suggestions).toEqual(plain._tag === "NotFound" && plain.suggestions)
  })

  it("RFC-0002:C-SHOW a heading holding a control character (a NUL in a file saved as binary) is found by its visible text", () => {
    const nul = [h("nul.md", "Second\u0000", 3), h("nul.md", "Tab\there", 5)]
    expect(matchSection(nul, "Second", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 3 } })
    // A tab is text a heading may hold: it still has to be asked for.
    expect(matchSection(nul, "Tabhere", undefined)).toMatchObject({ _tag: "NotFound" })
  })

  it("RFC-0002:C-SHOW a heading holding a tab or a no-break space is found as the compiled stub lists it (one plain space)", () => {
    const spaced = [h("SKILL.md", "Non\u00a0Breaking Space", 3), h("SKILL.md", "Tab\there", 5), h("SKILL.md", "Two  Spaces", 7)]
    expect(matchSection(spaced, "Non Breaking Space", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 3 } })
    expect(matchSection(spaced, "Tab here", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 5 } })
    expect(matchSection(spaced, "two spaces", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 7 } })
    // As written still finds it.
    expect(matchSection(spaced, "Non\u00a0Breaking Space", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 3 } })
  })

  it("RFC-0002:C-SHOW a heading decorated with an emoji or a symbol is found by its words, when nothing matches as written", () => {
    const decorated = [h("SKILL.md", "🚀 High-Level Workflow", 3), h("SKILL.md", "✅ CORRECT - Using Excel Formulas", 9), h("SKILL.md", "Workflow", 12)]
    expect(matchSection(decorated, "High-Level Workflow", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 3 } })
    expect(matchSection(decorated, "correct - using excel formulas", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 9 } })
    // Written with its decoration, or matching a plain heading as written: as before.
    expect(matchSection(decorated, "🚀 High-Level Workflow", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 3 } })
    expect(matchSection(decorated, "Workflow", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 12 } })
    // Words still have to be the heading's: no partial match.
    expect(matchSection(decorated, "Level Workflow", undefined)).toMatchObject({ _tag: "NotFound" })
  })

  it("RFC-0002:C-SHOW a heading asked for as the file writes it, with inline code or emphasis marks, is found (sixty-third pass's probe)", () => {
    // The scanner lists the heading's text, without its marks: what outline and search print.
    const text = scanMarkdown("# Strategies\n\n## Put constraints in the strategy, not in `assume()`\n\n## **Bold** move\n").headings.map((x) => x.text)
    expect(text).toEqual(["Strategies", "Put constraints in the strategy, not in assume()", "Bold move"])
    const listed = [h("SKILL.md", text[1]!, 3), h("SKILL.md", text[2]!, 5)]
    expect(matchSection(listed, "Put constraints in the strategy, not in `assume()`", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 3 } })
    expect(matchSection(listed, "**Bold** move", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 5 } })
    expect(matchSection(listed, "`Bold move`x", undefined)).toMatchObject({ _tag: "NotFound" })
  })

  it("RFC-0002:C-SHOW a heading with typographic dashes or quotes is found as a model types it (ASCII), when nothing matches as written", () => {
    const typographic = [
      h("csharp/streaming.md", "Streaming", 1),
      h("go/streaming.md", "Streaming", 1),
      h("java/streaming.md", "Streaming", 1),
      h("php/streaming.md", "Streaming", 1),
      h("python/streaming.md", "Streaming — Python", 1),
      h("ruby/streaming.md", "Streaming", 1),
      h("SKILL.md", "Don’t “guess” … ever", 3)
    ]
    for (const asked of ["Streaming - Python", "streaming -- python", "Streaming–Python"]) {
      expect(matchSection(typographic, asked, undefined)).toMatchObject({ _tag: "Found", heading: { file: "python/streaming.md" } })
    }
    expect(matchSection(typographic, `Don't "guess" ... ever`, undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 3 } })
    // Other words are still no match; the same words with other punctuation are the first suggestion.
    const near = matchSection(typographic, "Streaming Python", undefined)
    expect(near).toMatchObject({ _tag: "NotFound" })
    expect(near._tag === "NotFound" && near.suggestions[0]).toMatchObject({ file: "python/streaming.md" })
    // With a file: every suggestion of that file before another file's.
    const inFile = matchSection(typographic, "Streaming in Python", "./python/streaming.md")
    expect(inFile._tag === "NotFound" && inFile.suggestions[0]).toMatchObject({ file: "python/streaming.md" })
  })

  it("RFC-0002:C-SHOW a heading asked for as the file writes it, inline HTML included, is the heading the outline lists without the tags (a stats probe)", () => {
    const html = [h("SKILL.md", "alert(1) Setup", 3), h("SKILL.md", "Ctrl keys", 9)]
    expect(matchSection(html, "<script>alert(1)</script> Setup", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 3 } })
    expect(matchSection(html, "<kbd>Ctrl</kbd> keys", undefined)).toMatchObject({ _tag: "Found", heading: { start_line: 9 } })
    // A comparison, not a tag, stays a word of the query.
    expect(matchSection(html, "a < b keys", undefined)).toMatchObject({ _tag: "NotFound" })
  })

  it("RFC-0002:C-SHOW trims and cuts at an em-dash with spaces", () => {
    expect(normalizeSectionQuery("  Getting Started — how to begin  ").primary).toBe("Getting Started")
    expect(normalizeSectionQuery("A—B").primary).toBe("A—B")
    expect(matchSection(headings, " getting started — the first steps ", undefined)).toMatchObject({ _tag: "Found", heading: { text: "Getting Started" } })
  })

  it("RFC-0002:C-SHOW a heading that itself contains ' — ' is still found by its full text", () => {
    expect(matchSection(headings, "Setup — Linux", "references/a.md")).toMatchObject({ _tag: "Found", heading: { text: "Setup — Linux" } })
  })

  it("RFC-0002:C-SHOW matching is case-insensitive, Unicode included", () => {
    expect(matchSection(headings, "API REFERENCE", undefined)).toMatchObject({ _tag: "Found", heading: { file: "SKILL.md", start_line: 12 } })
    expect(matchSection(headings, "überblick", undefined)).toMatchObject({ _tag: "Found", heading: { text: "Überblick" } })
  })

  it("DECISIONS #23 several matches: the first in outline order (files bytewise, then line), with the count", () => {
    expect(matchSection(headings, "setup", undefined)).toMatchObject({ _tag: "Found", matches: 2, heading: { file: "SKILL.md", start_line: 9 } })
  })

  it("show --line: the match whose section holds the line; the whole query's heading first, then the part before ' — '", () => {
    expect(matchSection(headings, "setup", undefined, 3)).toMatchObject({ _tag: "Found", matches: 1, heading: { file: "references/b.md", start_line: 3 } })
    // "Setup — Linux" (line 1, ending at 2) does not hold line 3, so "Setup" (of references/b.md) is the heading meant.
    expect(matchSection(headings, "Setup — Linux", undefined, 3)).toMatchObject({ _tag: "Found", heading: { file: "references/b.md", text: "Setup" } })
    // Neither holds line 20: where the whole query's heading is.
    expect(matchSection(headings, "Setup — Linux", undefined, 20)).toMatchObject({ _tag: "NotFound", suggestions: [], notAt: { line: 20, headings: [{ start_line: 1 }] } })
  })

  it("RFC-0002:C-SHOW a heading without text (`##` alone, listed by outline) is found by the empty query, and only by it", () => {
    const withEmpty = [...headings, h("SKILL.md", "", 20), h("SKILL.md", "", 30)]
    expect(matchSection(withEmpty, "", "SKILL.md")).toMatchObject({ _tag: "Found", matches: 2, heading: { start_line: 20 } })
    expect(matchSection(withEmpty, "  ", "SKILL.md", 30)).toMatchObject({ _tag: "Found", matches: 1, heading: { start_line: 30 } })
    expect(matchSection(headings, "", undefined)).toMatchObject({ _tag: "NotFound", suggestions: [] })
  })

  it("RFC-0002:C-SHOW --file limits the search to that file (./ and \\ accepted)", () => {
    expect(matchSection(headings, "Setup", "references/b.md")).toMatchObject({ _tag: "Found", matches: 1, heading: { file: "references/b.md" } })
    expect(matchSection(headings, "Setup", "./references\\b.md")).toMatchObject({ _tag: "Found", heading: { file: "references/b.md" } })
    expect(matchSection(headings, "API Reference", "references/b.md")._tag).toBe("NotFound")
    expect(normalizeRelPath("./a//b/./c.md")).toBe("a/b/c.md")
  })

  it("RFC-0002:C-SHOW no match: prefix then substring suggestions, at most 5, in outline order", () => {
    const r = matchSection(headings, "set", undefined)
    expect(r._tag).toBe("NotFound")
    if (r._tag !== "NotFound") return
    expect(r.suggestions.map((s) => `${s.text} (${s.file})`)).toEqual([
      "Setup (SKILL.md)",
      "Setup — Linux (references/a.md)",
      "Setup on macOS (references/a.md)",
      "Setup (references/b.md)"
    ])
    const sub = matchSection(headings, "started", undefined)
    expect(sub._tag === "NotFound" && sub.suggestions.map((s) => s.text)).toEqual(["Getting Started"])
    const many = Array.from({ length: 9 }, (_, i) => h("SKILL.md", `Topic ${i}`, i + 1))
    const limited = matchSection(many, "topic", undefined)
    expect(limited._tag === "NotFound" && limited.suggestions.length).toBe(5)
    const none = matchSection(headings, "zzz", undefined)
    expect(none._tag === "NotFound" && none.suggestions).toEqual([])
    const longer = matchSection(headings, "Getting Started Guide", undefined)
    expect(longer._tag === "NotFound" && longer.suggestions.map((s) => s.text)).toEqual(["Getting Started"])
  })

  it("RFC-0002:C-SHOW --max-lines keeps the first n lines and counts the rest", () => {
    expect(truncateLines(["a", "b", "c"], 2)).toEqual({ lines: ["a", "b"], omitted: 1 })
    expect(truncateLines(["a", "b"], 2)).toEqual({ lines: ["a", "b"], omitted: 0 })
    expect(truncateLines(["a"], undefined)).toEqual({ lines: ["a"], omitted: 0 })
    expect(moreLinesMarker(7)).toBe("... (7 more lines)")
  })
})
