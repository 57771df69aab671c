// Issue 30: `scanMarkdown` finds the body's first line from the frontmatter
// delimiters alone and parses the YAML only when the frontmatter is read.
// The shortcut must agree with the full parse on every input.
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  bodyStartLineOf,
  bodyStartLineOfLines,
  MAX_FRONTMATTER_CHARS,
  parseFrontmatter,
  parseFrontmatterLines
} from "../../src/domain/markdown/frontmatter.js"
import { splitLines } from "../../src/domain/markdown/lines.js"
import { scanMarkdown } from "../../src/domain/markdown/scan.js"

const cases: Record<string, string> = {
  none: "# Title\ntext\n",
  empty: "",
  closed: "---\nname: a\ndescription: b\n---\n# Title\n",
  emptyFrontmatter: "---\n---\n# Title\n",
  unclosed: "---\nname: a\n# Title\n",
  trailingBlanks: "---  \nname: a\n---\t\n# Title\n",
  crlf: "---\r\nname: a\r\n---\r\n# T\r\n",
  badYaml: "---\nname: [unclosed\n---\n# Title\n",
  notAMapping: "---\n- a\n- b\n---\n# Title\n",
  tooLarge: `---\ndescription: ${"x".repeat(MAX_FRONTMATTER_CHARS + 10)}\n---\n# Title\n`,
  onlyDelimiter: "---",
  indentedDelimiter: " ---\nname: a\n---\n"
}

describe("the body's first line without the YAML (issue 30)", () => {
  it("agrees with the full parse on every kind of frontmatter", () => {
    for (const [name, source] of Object.entries(cases)) {
      const lines = splitLines(source)
      expect(bodyStartLineOfLines(lines), name).toBe(bodyStartLineOf(parseFrontmatterLines(lines)))
    }
  })

  it("agrees with the full parse on generated files of delimiters, YAML-ish lines and headings", () => {
    const line = fc.constantFrom("---", "--- ", "----", "name: x", "a: [", "- item", "", "# H", "text", "description: a: b", "  key: 1")
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (ls) => {
        const source = ls.join("\n")
        const lines = splitLines(source)
        expect(bodyStartLineOfLines(lines)).toBe(bodyStartLineOf(parseFrontmatterLines(lines)))
      }),
      { numRuns: 500 }
    )
  })

  it("scanMarkdown's frontmatter, read when asked, is the full parse; the rest of the scan does not need it", () => {
    for (const [name, source] of Object.entries(cases)) {
      const doc = scanMarkdown(source)
      expect(typeof Object.getOwnPropertyDescriptor(doc, "frontmatter")?.get, name).toBe("function")
      expect(doc.bodyStartLine, name).toBe(bodyStartLineOf(parseFrontmatter(source)))
      expect(doc.frontmatter, name).toEqual(parseFrontmatter(source))
      expect(doc.frontmatter, name).toBe(doc.frontmatter) // parsed once
    }
  })
})
