/**
 * Lint's fast path (`lintAstFast`: the scanner's headings and code blocks,
 * no links/images/comments when the body has no `[` or `<`) must equal
 * remark's model (`parseMarkdownAst`) in full whenever it answers, and
 * `parseLintAst` must equal it always: on the fixtures, on the fixtures with
 * their link syntax removed (so the fast path runs on their block
 * structure), on the benchmark's synthetic corpus and on generated
 * documents. Each suite also counts how often the fast path answered, so a
 * fast path that silently gave up everywhere would fail too.
 */
import * as fc from "fast-check"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { parseMarkdownAst } from "../../src/domain/markdown/ast.js"
import { lintAstFast, parseLintAst } from "../../src/domain/markdown/lintAst.js"
import type { MarkdownAst } from "../../src/domain/markdown/model.js"
// @ts-expect-error: plain JavaScript benchmark module, no types
import { generate } from "../../bench/build.mjs"
import { yieldToWorker } from "../helpers/yieldToWorker.js"

const fixturesDir = join(import.meta.dirname, "..", "fixtures", "markdown")
const fixtures = readdirSync(fixturesDir)
  .filter((f) => f.endsWith(".md"))
  .sort()
  .map((f) => [f, readFileSync(join(fixturesDir, f), "utf8")] as const)

/** The fast result when the fast path answered (and then equalled remark). */
const answer = (source: string): MarkdownAst | undefined => {
  const full = parseMarkdownAst(source)
  expect(parseLintAst(source)).toEqual(full)
  const fast = lintAstFast(source)
  if (fast === undefined) return undefined
  expect(fast).toEqual(full)
  return fast
}

/** True when the fast path answered (and then equalled remark). */
const agree = (source: string): boolean => answer(source) !== undefined

const variants = (source: string): ReadonlyArray<string> => {
  const lf = source.replace(/\r\n/g, "\n")
  return [source, lf.replace(/\n/g, "\r\n"), lf.replace(/\n/g, "\r"), "\uFEFF" + source, lf.replace(/\n+$/, "")]
}

/** The body without `[` and `<` (frontmatter kept as is): what the fast path accepts. */
const withoutLinkSyntax = (source: string): string => {
  const lines = source.split("\n")
  let start = 0
  if (/^---[ \t]*\r?$/.test(lines[0] ?? "")) {
    const close = lines.findIndex((l, i) => i > 0 && /^---[ \t]*\r?$/.test(l))
    if (close > 0) start = close + 1
  }
  return [...lines.slice(0, start), ...lines.slice(start).map((l) => l.replace(/[[<]/g, "("))].join("\n")
}

describe("lint's fast path vs remark on fixtures", () => {
  for (const [name, source] of fixtures) {
    it(`${name}: equal as written and with link syntax removed`, () => {
      for (const v of variants(source)) agree(v)
      for (const v of variants(withoutLinkSyntax(source))) agree(v)
    })
  }

  it("the fast path answers for most fixtures once link syntax is removed", () => {
    const answered = fixtures.filter(([, s]) => lintAstFast(withoutLinkSyntax(s)) !== undefined).length
    expect(answered).toBeGreaterThanOrEqual(Math.ceil(fixtures.length / 2))
  })
})

describe("lint's fast path vs remark on the benchmark corpus", () => {
  it("every file of a small build.cold corpus takes the fast path and equals remark", () => {
    const root = mkdtempSync(join(tmpdir(), "skc-lintfast-"))
    try {
      generate(root, { files: 30, bytes: 300 * 1024 })
      const files: Array<string> = []
      const walk = (dir: string): void => {
        for (const e of readdirSync(dir, { withFileTypes: true })) {
          if (e.isDirectory()) walk(join(dir, e.name))
          else files.push(join(dir, e.name))
        }
      }
      walk(root)
      expect(files.length).toBe(30)
      for (const f of files) expect(agree(readFileSync(f, "utf8"))).toBe(true)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

// ---------------------------------------------------------------------------
// Generated documents: block structure only (no `[` or `<` in the body), so
// the fast path is exercised on code blocks in every container.

type Lines = ReadonlyArray<string>

const word = fc.constantFrom("alpha", "Beta", "x", "café", "日本", "2", "a-b", "*", "_", "`", "\\", "#", "&amp;", "&", "(", ")", "!", ">")
const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((a) => a.join(" "))
const indent = fc.constantFrom("", "", "", " ", "  ", "   ")

const atx: fc.Arbitrary<Lines> = fc.tuple(fc.integer({ min: 1, max: 6 }), indent, text).map(([n, i, t]) => [`${i}${"#".repeat(n)} ${t}`])
const setext: fc.Arbitrary<Lines> = fc.tuple(text, fc.constantFrom("===", "---", "-")).map(([t, u]) => [t, u])
const paragraph: fc.Arbitrary<Lines> = fc.array(fc.oneof(text, fc.constantFrom("1) one", "- item", "    lazy")), { minLength: 1, maxLength: 3 })
const fence: fc.Arbitrary<Lines> = fc
  .tuple(
    fc.constantFrom("```", "~~~", "````", "~~~~~"),
    fc.constantFrom("", "js", "sh title", " python ", "\tgo\t", "c\\+\\+", "a&amp;b", "x&y", "é"),
    fc.array(fc.constantFrom("# not a heading", "```", "~~~", "", "  ", "text", "    code", "\tx"), { maxLength: 4 }),
    fc.boolean(),
    indent,
    fc.constantFrom("", "  ", "\t")
  )
  .map(([f, info, body, closed, ind, trail]) => [ind + f + info, ...body, ...(closed ? [ind + f + trail] : [])])
const indentedCode: fc.Arbitrary<Lines> = fc
  .array(fc.constantFrom("    # code", "\tcode", "    text", "", "    ", "      deeper"), { minLength: 0, maxLength: 4 })
  .map((l) => ["    first", ...l])
const thematic: fc.Arbitrary<Lines> = fc.constantFrom<Lines>(["---"], ["***"], ["___"], ["- - -"])
// A no-break space or a form feed alone is no blank line in CommonMark (a hostile probe: `trim()` took it for one).
const blank: fc.Arbitrary<Lines> = fc.constantFrom<Lines>([""], ["  "], ["\t"], ["\u00a0"], ["\f"])

const leaf: fc.Arbitrary<Lines> = fc.oneof(
  { weight: 3, arbitrary: atx },
  { weight: 2, arbitrary: setext },
  { weight: 3, arbitrary: paragraph },
  { weight: 4, arbitrary: fence },
  { weight: 3, arbitrary: indentedCode },
  { weight: 1, arbitrary: thematic },
  { weight: 3, arbitrary: blank }
)

const { block } = fc.letrec<{ block: Lines }>((tie) => ({
  block: fc.oneof(
    { weight: 5, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(tie("block"), { minLength: 1, maxLength: 3 }), fc.boolean())
        .map(([blocks, lazy]) => blocks.flat().map((l, i) => (lazy && i % 2 === 1 ? l : l === "" ? ">" : `> ${l}`)))
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("-", "*", "1.", "2)"), fc.array(tie("block"), { minLength: 1, maxLength: 3 }), fc.constantFrom(" ", "  ", "\t"))
        .map(([marker, blocks, gap]) => {
          const lines = blocks.flat().filter((l, i) => i > 0 || l.trim() !== "")
          const pad = " ".repeat(marker.length + (gap === "\t" ? 1 : gap.length))
          return lines.map((l, i) => (i === 0 ? marker + gap + l : l === "" ? "" : pad + l))
        })
    }
  )
}))

const frontmatter = fc.constantFrom<Lines>([], ["---", "name: x", "description: y", "tags: [a, b]", "---"], ["---", "a: <b>", "---"], ["---", "name: x"])

const documentArb = fc
  .tuple(frontmatter, fc.array(fc.tuple(block, fc.boolean()), { maxLength: 10 }), fc.constantFrom("\n", "\n", "\r\n", "\r"), fc.boolean())
  .map(([fm, blocks, eol, trailing]) => {
    const lines: Array<string> = [...fm]
    for (const [b, separate] of blocks) {
      lines.push(...b)
      if (separate) lines.push("")
    }
    return lines.join(eol) + (trailing && lines.length > 0 ? eol : "")
  })

describe("lint's fast path vs remark on generated documents", () => {
  // The generator is dense in containers and indented code, which the fast
  // path leaves to remark whenever their ends depend on micromark's container
  // handling; it must still answer for a good share of documents, and for
  // many holding each kind of code block, so its code-block logic is tested.
  it("equal whenever the fast path answers; it answers often, with fenced and indented code", async () => {
    let fast = 0
    let total = 0
    let withFenced = 0
    let withIndented = 0
    let withUnclosedFence = 0
    await fc.assert(
      fc.asyncProperty(documentArb, async (source) => {
        total++
        await yieldToWorker()
        const ast = answer(source)
        if (ast === undefined) return
        fast++
        if (ast.codeBlocks.some((b) => b.fenced)) withFenced++
        if (ast.codeBlocks.some((b) => !b.fenced)) withIndented++
        if (ast.codeBlocks.some((b) => b.fenced && b.endLine >= ast.lineCount)) withUnclosedFence++
      }),
      { numRuns: 2000 }
    )
    expect(fast / total).toBeGreaterThan(0.3)
    expect(withFenced).toBeGreaterThan(total / 20)
    expect(withIndented).toBeGreaterThan(total / 20)
    expect(withUnclosedFence).toBeGreaterThan(total / 50)
  })

  it("a body with `[` or `<` goes to remark unless its links are all in the simple forms (issue 13 item 5)", () => {
    for (const s of ["see <https://x.y>", "a <!-- c -->", "[x]: /u", "---\nname: x\n---\n[a]", "[a](b \"t\")", "[*a*](b)", "`a\nb` [c](d)"]) {
      expect(lintAstFast(s)).toBeUndefined()
      agree(s)
    }
    for (const s of ["a [b](c)", "![i](p)", "`[x](y)` and [z](w.md)", "> - [a](refs/a.md#top) `<T>`", "<!-- skilllint-disable SKL201 -->\ntext\n  <!-- c -->\n- x\n  <!-- d -->"]) {
      expect(lintAstFast(s)).toBeDefined()
      agree(s)
    }
    expect(lintAstFast("`[x](y)` and [z](w.md)")?.links.map((l) => [l.target, l.column])).toEqual([["w.md", 14]])
    // An editor probe: one half-typed link (`see [the`) sent the whole file to remark at every keystroke. A `[`
    // with no `]` after it in its chunk is text; one with a `]` later (even lines later) still goes to remark.
    for (const s of ["see [the\n\n[a](b.md)", "a [ b\nc ![", "- [ x\n\n# T [", "[a](b.md) then ["]) {
      expect(lintAstFast(s), s).toBeDefined()
      agree(s)
    }
    expect(lintAstFast("see [the\n\n[a](b.md)")?.links.map((l) => [l.target, l.line, l.column])).toEqual([["b.md", 3, 1]])
    // A line of Unicode whitespace only (no-break space, U+3000, form feed) is no blank line: the paragraph goes on.
    for (const s of ["see [the\n\u00a0\nfoo](missing.md) end", "see [the\n\u3000\nfoo](missing.md)", "see [the\n\f\nfoo](m.md)", "x `a\n\u00a0\n[l](missing.md) b`"]) {
      const fast = lintAstFast(s)
      if (fast !== undefined) expect(fast.links, s).toEqual(parseMarkdownAst(s).links)
      agree(s)
    }
    expect(parseLintAst("see [the\n\u00a0\nfoo](missing.md) end").links.map((l) => l.target)).toEqual(["missing.md"])
    for (const s of ["see [the\nend]", "[ [a](b.md)", "a [ b\nc [d](e.md) ![", "a [\nb](c.md)", "[x\n]: /u", "- [ ] task", "[^1"]) {
      if (s !== "[^1") expect(lintAstFast(s), s).toBeUndefined()
      agree(s)
    }
    expect(lintAstFast("a\n<!-- skilllint-disable SKL201 -->\n")?.htmlComments).toEqual([{ line: 2, text: "skilllint-disable SKL201" }])
  })
})

// Generated documents with links and their look-alikes spliced into lines:
// the simple-link path must equal remark whenever it answers, and answer often.
const inlineToken = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom("[a](b.md)", "![i](p.png)", "[x y](refs/x.md#s)", "`code [q](r)`", "see", "`<T>`", "[`x.md`](x.md)", "[a ` b ` c](d)") },
  { weight: 2, arbitrary: fc.constantFrom("\n<!-- skilllint-disable SKL201 -->\n", "\n  <!-- c -->", "<!-- inline -->", "\n<!--->x-->", "\n<!-- a --> b", "\n<!---->\n", "\n<!-- a\nb -->") },
  { weight: 1, arbitrary: fc.constantFrom(
  "[a](b.md)", "![i](p.png)", "[x y](refs/x.md#s)", "`code [q](r)`", "``a ` b``", "`", "[", "]", "<b>", "\\[", "&amp;", "*", "_",
  "(a)", "[t](u v)", "[t]", "\t[z](w)", "\n\u00a0\n", "see", "[a](<b>)", "[](e.md)", "[a]( b.md )", "`<T>`", "!", "**[b](c)**", "[a](b)[c](d)", "[`a`` b](c)", "[` `](e)", "![`alt`](i.png)", "[a `b](c) d`", "`` [x](y) ``"
  ) }
)
const linkedDocument = fc
  .tuple(documentArb, fc.array(fc.tuple(fc.nat(), fc.array(inlineToken, { minLength: 1, maxLength: 4 })), { maxLength: 8 }))
  .map(([doc, edits]) => {
    const lines = doc.split("\n")
    for (const [at, tokens] of edits) {
      const k = at % lines.length
      lines[k] = `${lines[k]} ${tokens.join(" ")}`
    }
    return lines.join("\n")
  })

describe("lint's fast path vs remark on generated documents with links", () => {
  it("equal whenever the fast path answers; it answers for many documents holding links", () => {
    let withLinks = 0
    fc.assert(
      fc.property(linkedDocument, (source) => {
        const fast = answer(source)
        if (fast !== undefined && fast.links.length + fast.images.length + fast.htmlComments.length > 0) withLinks++
      }),
      { numRuns: 800 }
    )
    expect(withLinks).toBeGreaterThan(25)
  })
})
