/**
 * The fast scanner and the remark path must agree on frontmatter and headings
 * (level, text, line, endLine) for every input: the fixtures, their CRLF/BOM
 * variants, and random documents built from realistic markdown blocks.
 */
import * as fc from "fast-check"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { parseMarkdownAst } from "../../src/domain/markdown/ast.js"
import { type MarkdownDoc, scanMarkdown } from "../../src/domain/markdown/model.js"
import { yieldToWorker } from "../helpers/yieldToWorker.js"

const fixturesDir = join(import.meta.dirname, "..", "fixtures", "markdown")
const fixtures = readdirSync(fixturesDir)
  .filter((f) => f.endsWith(".md"))
  .sort()
  .map((f) => [f, readFileSync(join(fixturesDir, f), "utf8")] as const)

const view = (doc: MarkdownDoc) => ({
  frontmatter: doc.frontmatter,
  headings: doc.headings,
  lineCount: doc.lineCount,
  bodyStartLine: doc.bodyStartLine
})

const expectAgree = (source: string): MarkdownDoc => {
  const fast = scanMarkdown(source)
  const full = parseMarkdownAst(source)
  expect(view(fast)).toEqual(view(full))
  return fast
}

/** Section ranges nest like the outline: checked independently of withEndLines. */
const expectSectionsWellFormed = (doc: MarkdownDoc): void => {
  const hs = doc.headings
  for (let i = 0; i < hs.length; i++) {
    const h = hs[i]
    expect(h.line).toBeGreaterThanOrEqual(doc.bodyStartLine)
    expect(h.line).toBeLessThanOrEqual(doc.lineCount)
    expect(h.endLine).toBeGreaterThan(h.line)
    expect(h.endLine).toBeLessThanOrEqual(doc.lineCount + 1)
    if (i > 0) expect(h.line).toBeGreaterThan(hs[i - 1].line)
    // Inside the range: exactly the following deeper headings, up to the next heading of level <= h.level.
    let j = i + 1
    while (j < hs.length && hs[j].level > h.level) {
      expect(hs[j].line).toBeLessThan(h.endLine)
      expect(hs[j].endLine).toBeLessThanOrEqual(h.endLine)
      j++
    }
    if (j < hs.length) expect(h.endLine).toBe(hs[j].line)
    else expect(h.endLine).toBe(doc.lineCount + 1)
  }
  // Same-level siblings (no shallower heading between them) tile without overlap.
  for (let i = 0; i < hs.length; i++) {
    for (let j = i + 1; j < hs.length && hs[j].level >= hs[i].level; j++) {
      if (hs[j].level === hs[i].level) {
        expect(hs[i].endLine).toBe(hs[j].line)
        break
      }
    }
  }
}

describe("fast scanner vs remark on fixtures", () => {
  for (const [name, source] of fixtures) {
    it(`${name} agrees (LF, CRLF, CR, BOM, no trailing newline)`, () => {
      const lf = source.replace(/\r\n/g, "\n")
      for (const variant of [
        source,
        lf,
        lf.replace(/\n/g, "\r\n"),
        lf.replace(/\n/g, "\r"),
        "\uFEFF" + source,
        lf.replace(/\n+$/, "")
      ]) {
        expectSectionsWellFormed(expectAgree(variant))
      }
    })
  }
})

// ---------------------------------------------------------------------------
// Random documents from realistic blocks

const word = fc.constantFrom(
  "alpha", "Beta", "gamma_delta", "x", "café", "日本", "🚀", "2", "a-b", "foo.bar", "snake_case_name", "don't", "#tag",
  "*", "_", "**", "[", "]", "<", ">", "!", "&", "`", "\\", "#", "(", ")", "\"", "'"
)
const inlineAtom: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: word },
  { weight: 1, arbitrary: word.map((w) => `*${w}*`) },
  { weight: 1, arbitrary: word.map((w) => `_${w}_`) },
  { weight: 1, arbitrary: word.map((w) => `**${w}**`) },
  { weight: 1, arbitrary: word.map((w) => `***${w}***`) },
  { weight: 1, arbitrary: word.map((w) => `\`${w}\``) },
  { weight: 1, arbitrary: fc.constantFrom("`` a`b ``", "` `", "`  x  `", "```", "`unclosed") },
  { weight: 1, arbitrary: word.map((w) => `[${w}](https://ex.com/${w.length} "t")`) },
  { weight: 1, arbitrary: fc.constantFrom("[ref]", "[text][ref]", "[Ref][]", "[nope]", "[x][nope]", "[a [b] c](u)", "[l](<a b>)", "[l]()") },
  { weight: 1, arbitrary: fc.constantFrom("![alt](i.png)", "![*em* alt](i)", "![al <b>t</b>](i)", "[![img](i)](u)") },
  { weight: 1, arbitrary: fc.constantFrom("<https://a.b/c>", "<me@ex.com>", "<b>", "</span>", "<!-- c -->", "<a href=\"x\">", "<?pi?>", "<not a tag") },
  { weight: 1, arbitrary: fc.constantFrom("\\*", "\\#", "\\[", "\\\\", "\\a", "&amp;", "&copy;", "&#35;", "&#x41;", "&bogus;", "&#0;") },
  { weight: 1, arbitrary: fc.constantFrom("a*b*c", "a_b_c", "*a **b** c*", "**a*", "_a__", "*(a)*", "a * b * c", "__a__b") }
)
const inlineText = fc.array(inlineAtom, { minLength: 1, maxLength: 6 }).map((a) => a.join(" "))
const indent = fc.constantFrom("", "", "", " ", "  ", "   ")

type Lines = ReadonlyArray<string>

const atx: fc.Arbitrary<Lines> = fc
  .tuple(fc.integer({ min: 1, max: 7 }), indent, inlineText, fc.constantFrom("", "", " #", " ##", "#", " \\#"), fc.constantFrom(" ", " ", "\t", ""))
  .map(([level, ind, text, close, sep]) => [`${ind}${"#".repeat(level)}${sep}${text}${close}`])
const setext: fc.Arbitrary<Lines> = fc
  .tuple(fc.array(inlineText, { minLength: 1, maxLength: 3 }), indent, fc.constantFrom("===", "---", "=", "-", "= =", "---   ", "======"))
  .map(([texts, ind, underline]) => [...texts.map((t) => ind + t), ind + underline])
const paragraph: fc.Arbitrary<Lines> = fc.array(
  fc.oneof(inlineText, fc.constantFrom("#hashtag", "1) one", "2. two", "1. one", "+ plus", "* star", "a  ", "b\\", "    indented continuation")),
  { minLength: 1, maxLength: 3 }
)
const fence: fc.Arbitrary<Lines> = fc
  .tuple(
    fc.constantFrom("```", "~~~", "````", "~~~~~"),
    fc.constantFrom("", "js", "md title", " python ", "a`b"),
    fc.array(fc.constantFrom("# not a heading", "## nor this", "```", "~~~", "", "text", "    # x", "<div>"), { maxLength: 4 }),
    fc.boolean(),
    indent
  )
  .map(([f, info, body, closed, ind]) => [ind + f + info, ...body, ...(closed ? [ind + f] : [])])
const indentedCode: fc.Arbitrary<Lines> = fc
  .array(fc.constantFrom("    # code heading", "\t## tab code", "    text", "     ===", ""), { minLength: 1, maxLength: 3 })
  .map((l) => ["    # code first", ...l])
const html: fc.Arbitrary<Lines> = fc.constantFrom<Lines>(
  ["<div>", "# in div", "</div>"],
  ["<div>", "", "# after blank"],
  ["<!-- comment", "# in comment", "-->"],
  ["<!-- one line --> # tail"],
  ["<script>", "# in script", "", "# still", "</script>"],
  ["<pre>", "# x", "</pre>"],
  ["<custom-el a=\"1\">", "# in type 7"],
  ["<span>", "# inline tag line is type 7"],
  ["<?php", "# pi", "?>"],
  ["<!DOCTYPE html>"],
  ["<![CDATA[", "# cdata", "]]>"],
  ["</div>", "# closing tag type 6"]
)
const thematic: fc.Arbitrary<Lines> = fc.constantFrom<Lines>(["---"], ["***"], ["- - -"], ["___"], [" * * *"], ["--"], ["==="])
const definition: fc.Arbitrary<Lines> = fc.constantFrom<Lines>(
  ["[ref]: /url"],
  ["[Ref]: <a b> \"title\""],
  ["[ref]:", "  /url", "  'title'"],
  ["[other]: /x 'bad' trailing"],
  ["[]: /empty"]
)
const blank: fc.Arbitrary<Lines> = fc.constantFrom<Lines>([""], ["  "], [""])

const leaf: fc.Arbitrary<Lines> = fc.oneof(
  { weight: 4, arbitrary: atx },
  { weight: 3, arbitrary: setext },
  { weight: 4, arbitrary: paragraph },
  { weight: 2, arbitrary: fence },
  { weight: 1, arbitrary: indentedCode },
  { weight: 2, arbitrary: html },
  { weight: 2, arbitrary: thematic },
  { weight: 1, arbitrary: definition },
  { weight: 3, arbitrary: blank }
)

const { block } = fc.letrec<{ block: Lines }>((tie) => ({
  block: fc.oneof(
    { weight: 6, arbitrary: leaf },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.array(tie("block"), { minLength: 1, maxLength: 3 }), fc.boolean())
        .map(([blocks, lazy]) =>
          blocks
            .flat()
            .map((l, i) => (lazy && i % 2 === 1 ? l : l === "" ? ">" : `> ${l}`))
        )
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom("-", "*", "+", "1.", "2)", "10.", "01."),
          fc.array(tie("block"), { minLength: 1, maxLength: 3 }),
          fc.constantFrom(" ", "  ", "     ", "\t"),
          fc.constantFrom(0, 1, 2, 4)
        )
        .map(([marker, blocks, gap, shift]) => {
          // An item opening with a blank line then a blank line is empty and
          // closes; remark's handling of what follows is not CommonMark's.
          const lines = blocks.flat().filter((l, i) => i > 0 || l.trim() !== "")
          const pad = " ".repeat(marker.length + gap.length)
          return lines.map((l, i) => (i === 0 ? marker + gap + l : l === "" ? "" : (shift === 4 ? " ".repeat(shift) : pad) + l))
        })
    }
  )
}))

const frontmatterBlock = fc.constantFrom<Lines>(
  [],
  [],
  ["---", "name: x", "description: y", "---"],
  ["---", "---"],
  ["---", "a: [1,", "---"],
  ["---", "name: x"],
  ["---", "text: |", "  --- not closing", "---"],
  ["---  ", "k: v", "---\t"]
)

const documentArb = fc
  .tuple(
    frontmatterBlock,
    fc.array(fc.tuple(block, fc.boolean()), { maxLength: 12 }),
    fc.constantFrom("\n", "\n", "\r\n", "\r"),
    fc.boolean(),
    fc.boolean()
  )
  .map(([fm, blocks, eol, trailing, bom]) => {
    const lines: Array<string> = [...fm]
    for (const [b, separate] of blocks) {
      lines.push(...b)
      if (separate) lines.push("")
    }
    return (bom ? "\uFEFF" : "") + lines.join(eol) + (trailing && lines.length > 0 ? eol : "")
  })

describe("fast scanner vs remark: regressions found by the generators", () => {
  it.each([
    // Lazy indented code becomes able to interrupt only with a second non-blank line.
    "10.   [ref]\n      ===\n    - `alpha`\n      \n2) [ref]\n   ===\n",
    "- a\n\n    code\n      \n2) x\n   ===\n",
    // Tags that name no HTML element are text in both readers (htmlElements.ts).
    "# std::span<T>\n\n## Map<K> <br> </T> <my-tag> <!-- c --> <P>\n\n[a <T> b](x.md)\n"
  ])("%j", (source) => {
    expectSectionsWellFormed(expectAgree(source))
  })
})

describe("fast scanner vs remark on generated documents", () => {
  it("agree on frontmatter and headings; sections nest and tile", async () => {
    await fc.assert(
      fc.asyncProperty(documentArb, async (source) => {
        expectSectionsWellFormed(expectAgree(source))
        await yieldToWorker()
      }),
      { numRuns: 3000 }
    )
  })

  it("agree on line soup built from markdown-significant fragments", async () => {
    const fragment = fc.constantFrom(
      "#", "# ", "## ", "> ", ">", "- ", "* ", "1. ", "```", "~~~", "    ", "\t", "---", "===", "<div>", "<!--", "-->",
      "[a]: /u", "[a]", "*", "_", "`", "text", "Title", "  ", "\\", "&amp;", "<b>", "</b>", "![i](u)", "|", " "
    )
    const line = fc.array(fragment, { maxLength: 5 }).map((a) => a.join(""))
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 20 }), fc.constantFrom("\n", "\r\n"), async (lines, eol) => {
        expectSectionsWellFormed(expectAgree(lines.join(eol)))
        await yieldToWorker()
      }),
      { numRuns: 3000 }
    )
  })
})
