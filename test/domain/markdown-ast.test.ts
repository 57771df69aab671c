import { describe, expect, it } from "vitest"
import { parseMarkdownAst } from "../../src/domain/markdown/ast.js"

describe("parseMarkdownAst links (RFC-0008 SKL3xx)", () => {
  it("reports inline, reference, autolink and definition links with line and column, and where each ends", () => {
    const ast = parseMarkdownAst(
      ["---", "name: x", "---", "See [the guide](references/guide.md#setup) and [ref][r].", "Mail <me@x.org>, [r], <https://a.b/c>.", "", "[r]: other.md \"T\""].join("\n")
    )
    expect(ast.links).toEqual([
      { target: "references/guide.md#setup", text: "the guide", line: 4, column: 5, endLine: 4, endColumn: 43, kind: "inline" },
      { target: "other.md", text: "ref", line: 4, column: 48, endLine: 4, endColumn: 56, kind: "reference" },
      { target: "mailto:me@x.org", text: "me@x.org", line: 5, column: 6, endLine: 5, endColumn: 16, kind: "autolink" },
      { target: "other.md", text: "r", line: 5, column: 18, endLine: 5, endColumn: 21, kind: "reference" },
      { target: "https://a.b/c", text: "https://a.b/c", line: 5, column: 23, endLine: 5, endColumn: 38, kind: "autolink" },
      { target: "other.md", text: "r", line: 7, column: 1, endLine: 7, endColumn: 18, kind: "definition" }
    ])
  })

  it("finds no links in code spans or code blocks", () => {
    const ast = parseMarkdownAst("`[a](b)`\n\n```\n[c](d)\n```\n\n    [e](f)\n")
    expect(ast.links).toEqual([])
  })

  it("finds links in headings, lists and quotes, and images separately", () => {
    const ast = parseMarkdownAst("# [H](h.md)\n\n- [L](l.md)\n\n> [Q](q.md) ![I](i.png)\n")
    expect(ast.links.map((l) => [l.target, l.line])).toEqual([["h.md", 1], ["l.md", 3], ["q.md", 5]])
    expect(ast.images).toEqual([{ target: "i.png", text: "I", line: 5, column: 13, endLine: 5, endColumn: 24, kind: "inline" }])
  })
})

describe("parseMarkdownAst code blocks and comments", () => {
  it("reports fenced and indented code with lines and language", () => {
    const ast = parseMarkdownAst("# T\n\n```bash title\nx\n```\n\n    code\n    more\n\n~~~\nunclosed")
    expect(ast.codeBlocks).toEqual([
      { line: 3, endLine: 5, fenced: true, lang: "bash" },
      { line: 7, endLine: 8, fenced: false, lang: undefined },
      { line: 10, endLine: 11, fenced: true, lang: undefined }
    ])
  })

  it("an indented block whose text starts with ``` is still indented code", () => {
    expect(parseMarkdownAst("    ```\n    x\n").codeBlocks).toEqual([{ line: 1, endLine: 2, fenced: false, lang: undefined }])
  })

  it("reports HTML comments, block and inline, with their lines", () => {
    const ast = parseMarkdownAst("<!-- skilllint-disable SKL201 -->\n\nText <!-- inline --> here\n\n<!--\nmulti\n-->\n")
    expect(ast.htmlComments).toEqual([
      { line: 1, text: "skilllint-disable SKL201" },
      { line: 3, text: "inline" },
      { line: 5, text: "multi" }
    ])
  })

  it("carries the frontmatter with key lines for diagnostics", () => {
    const ast = parseMarkdownAst("---\nname: x\ndescription: y\n---\n# X\n")
    expect(ast.frontmatter._tag).toBe("Parsed")
    if (ast.frontmatter._tag === "Parsed") expect({ ...ast.frontmatter.keyLines }).toEqual({ name: 2, description: 3 })
    expect(ast.headings).toEqual([{ level: 1, text: "X", line: 5, endLine: 6 }])
  })
})
