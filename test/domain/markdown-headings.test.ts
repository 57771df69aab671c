/**
 * Heading semantics of the model. Every case runs through both readers and
 * requires them to agree, so each expectation pins both paths.
 */
import { describe, expect, it } from "vitest"
import { parseMarkdownAst } from "../../src/domain/markdown/ast.js"
import { splitLines } from "../../src/domain/markdown/lines.js"
import { type Heading, type MarkdownDoc, scanMarkdown, sectionLines, sectionsOf } from "../../src/domain/markdown/model.js"

const scan = (source: string): MarkdownDoc => {
  const fast = scanMarkdown(source)
  const full = parseMarkdownAst(source)
  expect(fast.headings).toEqual(full.headings)
  expect(fast.frontmatter).toEqual(full.frontmatter)
  expect(fast.lineCount).toBe(full.lineCount)
  expect(fast.bodyStartLine).toBe(full.bodyStartLine)
  return fast
}
const headings = (source: string): ReadonlyArray<Heading> => scan(source).headings
const texts = (source: string) => headings(source).map((h) => `${h.level}:${h.text}@${h.line}`)

describe("ATX headings", () => {
  it("levels 1-6 with up to three spaces of indent and optional closing #s", () => {
    expect(texts("# One\n## Two ##\n   ### Three\n#### Four #\n##### Five\n###### Six ######")).toEqual([
      "1:One@1", "2:Two@2", "3:Three@3", "4:Four@4", "5:Five@5", "6:Six@6"
    ])
  })

  it("needs a space or tab after the #s and at most six of them", () => {
    expect(texts("#hashtag\n####### seven\n#\tTab\n    # four spaces is code")).toEqual(["1:Tab@3"])
  })

  it("empty headings and closing sequences", () => {
    expect(texts("#\n## ##\n# Foo#\n# Foo \\#\n# Foo #bar")).toEqual(["1:@1", "2:@2", "1:Foo#@3", "1:Foo #@4", "1:Foo #bar@5"])
  })
})

describe("setext headings", () => {
  it("=== gives level 1, --- level 2, over several lines", () => {
    expect(texts("Title\n===\n\nTwo\nlines\n---")).toEqual(["1:Title@1", "2:Two lines@4"])
  })

  it("--- after a blank line is a thematic break, not a heading", () => {
    expect(texts("Text\n\n---\n")).toEqual([])
  })

  it("the frontmatter's closing --- is never a setext underline", () => {
    expect(texts("---\nname: x\n---\nText\n---\n")).toEqual(["2:Text@4"])
  })

  it("a paragraph of definitions only is not heading text", () => {
    expect(texts("[a]: /u\n===\n\n[b]: /v\nReal\n===")).toEqual(["1:Real@5"])
  })

  it("lazy continuation lines cannot be underlines", () => {
    expect(texts("> Quote\n===\n")).toEqual([])
    expect(texts("> Quote\n---\n")).toEqual([])
  })
})

describe("never headings", () => {
  it("inside fenced code, with longer fences, info strings and tildes", () => {
    const src = ["```js", "# no", "```", "~~~~", "# no", "~~~", "# no", "~~~~", "````", "```", "# no", "```", "````", "# yes"].join("\n")
    expect(texts(src)).toEqual(["1:yes@14"])
  })

  it("inside an unclosed fence, which runs to EOF", () => {
    expect(texts("# before\n```\n# no\n## no")).toEqual(["1:before@1"])
  })

  it("inside indented code", () => {
    expect(texts("    # no\n\t# no\n\n# yes")).toEqual(["1:yes@4"])
  })

  it("inside HTML blocks of every kind", () => {
    const src = [
      "<div>", "# no", "</div>", "",
      "<!--", "# no", "-->",
      "<script>", "# no", "", "# no", "</script>",
      "<?x", "# no", "?>",
      "<!X", "# no", ">",
      "<![CDATA[", "# no", "]]>",
      "<my-tag>", "# no", "",
      "# yes"
    ].join("\n")
    expect(texts(src)).toEqual(["1:yes@25"])
  })

  it("inside the frontmatter", () => {
    expect(texts("---\n# comment: not a heading\nname: x\n---\n# Title")).toEqual(["1:Title@5"])
  })
})

describe("headings in containers (CommonMark and remark: they are headings)", () => {
  it("in block quotes and list items", () => {
    expect(texts("> # Quoted\n\n- ## Item\n\n1. Setext\n   ---")).toEqual(["1:Quoted@1", "2:Item@3", "2:Setext@5"])
  })
})

describe("heading text", () => {
  it("flattens inline markup to plain text", () => {
    expect(headings("# *Em* and **strong** and `code`")[0].text).toBe("Em and strong and code")
    expect(headings("# [Link](u) and ![Alt *x*](i.png)")[0].text).toBe("Link and Alt x")
    expect(headings("# <https://a.b> and <me@x.org>")[0].text).toBe("https://a.b and me@x.org")
    expect(headings("# A <span class=\"x\">b</span> c <!-- d -->")[0].text).toBe("A b c")
    // A tag naming no HTML element is a type parameter to the reader (a published C++ skill's headings).
    expect(headings("## std::span<T>")[0].text).toBe("std::span<T>")
    expect(headings("### std::indirect<T> and std::polymorphic<T>")[0].text).toBe("std::indirect<T> and std::polymorphic<T>")
    expect(headings("# Map<Key> <br> <my-widget>x</my-widget> <T extends Base>")[0].text).toBe("Map<Key>  x <T extends Base>")
    expect(headings("# \\*not em\\* \\# \\[x\\]")[0].text).toBe("*not em* # [x]")
    expect(headings("# &amp; &copy; &#35; &#x41;")[0].text).toBe("& © # A")
    expect(headings("# snake_case_name and 2 * 3")[0].text).toBe("snake_case_name and 2 * 3")
  })

  it("resolves reference links only when defined", () => {
    expect(headings("# [Ref] and [x][ref] and [nope]\n\n[ref]: /u")[0].text).toBe("Ref and x and [nope]")
  })

  it("keeps unicode and emoji, trims, and handles duplicates", () => {
    expect(texts("#   Café ☕ 🚀   \n# Café ☕ 🚀")).toEqual(["1:Café ☕ 🚀@1", "1:Café ☕ 🚀@2"])
  })

  it("line breaks inside setext text become one space", () => {
    expect(headings("Foo  \nbar\\\nbaz\n===")[0].text).toBe("Foo bar baz")
  })
})

describe("line numbers and end lines (DECISIONS #15)", () => {
  it("lines are 1-based in the original file, frontmatter counted", () => {
    const doc = scan("---\nname: x\n---\n# A\ntext\n## B\n# C\n")
    expect(doc.bodyStartLine).toBe(4)
    expect(doc.lineCount).toBe(7)
    expect(doc.headings.map((h) => [h.line, h.endLine])).toEqual([[4, 7], [6, 7], [7, 8]])
  })

  it("end is the next heading of the same or higher level, else EOF+1", () => {
    const doc = scan("# A\n## B\n### C\n## D\n# E\n### F")
    expect(doc.headings.map((h) => `${h.text}:${h.line}-${h.endLine}`)).toEqual([
      "A:1-5", "B:2-4", "C:3-4", "D:4-5", "E:5-7", "F:6-7"
    ])
  })

  it("works without trailing newline, with CRLF and a BOM, on the last line", () => {
    for (const src of ["# A\ntext\n# B", "# A\r\ntext\r\n# B\r\n", "\uFEFF# A\ntext\n# B\n", "# A\rtext\r# B"]) {
      const doc = scan(src)
      expect(doc.lineCount).toBe(3)
      expect(doc.headings.map((h) => [h.text, h.line, h.endLine])).toEqual([["A", 1, 3], ["B", 3, 4]])
    }
  })

  it("sectionsOf gives [start, end) ranges", () => {
    const doc = scan("# A\n## B\n# C")
    expect(sectionsOf(doc).map((s) => [s.heading.text, s.startLine, s.endLine])).toEqual([["A", 1, 3], ["B", 2, 3], ["C", 3, 4]])
  })

  it("an unclosed frontmatter leaves the whole file as body", () => {
    const doc = scan("---\nname: x\n# Title\n")
    expect(doc.frontmatter._tag).toBe("Invalid")
    expect(doc.bodyStartLine).toBe(1)
    expect(texts("---\nname: x\n# Title\n")).toEqual(["1:Title@3"])
  })
})

describe("where remark departs from CommonMark, both paths follow remark", () => {
  it("after indented code, an ordered list must start at 1 and an item may not be empty", () => {
    // CommonMark would open lists here; micromark treats the open code block
    // like a paragraph being interrupted.
    expect(texts("    code\n2. two\n===")).toEqual(["1:2. two@2"])
    expect(texts("    code\n\n* \n===")).toEqual(["1:*@3"])
    expect(texts("    code\n1. one\n===")).toEqual([])
  })

  it("a lazy line may open an HTML block (kind 7) inside the quote", () => {
    expect(texts("> a\n<span>\n> # h")).toEqual([])
    expect(texts("> a\n<b>\nfoo\n===")).toEqual(["1:foo@3"])
  })

  it("the rule of 3 for emphasis looks at what is left of a delimiter run", () => {
    expect(headings("# **a* a*b*c")[0].text).toBe("a ab*c")
  })

  it("a code span over a line break keeps the next line's indentation", () => {
    expect(headings("`a\n   b`\n===")[0].text).toBe("a    b")
  })

  it("HTML inside an image's alt text stays (remark builds alt as a string)", () => {
    expect(headings("# ![a <b>x</b>](i.png)")[0].text).toBe("a <b>x</b>")
  })
})

describe("known difference between the paths", () => {
  it("a named character reference outside the fast path's table stays literal there", () => {
    // Documented in entities.ts: the full HTML5 table lives in remark's internals.
    expect(scanMarkdown("# &Oacute;le").headings[0].text).toBe("&Oacute;le")
    expect(parseMarkdownAst("# &Oacute;le").headings[0].text).toBe("Óle")
  })
})

describe("sectionLines", () => {
  it("slices a section's lines, heading included, end exclusive", () => {
    const source = "# A\none\n## B\ntwo\n# C\nthree"
    const doc = scanMarkdown(source)
    const lines = splitLines(source)
    expect(sectionsOf(doc).map((s) => sectionLines(lines, s))).toEqual([
      ["# A", "one", "## B", "two"],
      ["## B", "two"],
      ["# C", "three"]
    ])
  })
})
