// SKL206 on a fence meant to close a block whose opening fence Markdown did not read as one (a lint probe of the
// published skills: obra/superpowers' `<Good>` above ```typescript, trailofbits' `# Python snippets` at column 0
// inside a list item's block). "Add a language" there, or the guided "Mark the block as `text`", opens a block
// and shifts every one after it: the finding says what happened instead, with no guided edit.
import { describe, expect, it } from "vitest"
import { makeSnapshot } from "../../src/domain/lint/snapshot.js"
import { skl206 } from "../../src/domain/lint/rules/skl206-code-block-language.js"

const findings = (body: string) => {
  const source = `---\nname: demo\ndescription: Demo. Use when testing.\n---\n# Demo\n\n${body}`
  const s = makeSnapshot({ dirName: "demo", entries: [{ path: "SKILL.md", type: "file" }], markdownFiles: [{ path: "SKILL.md", source }] })
  return skl206.check(s, {})
}

describe("SKL206 and a lost opening fence", () => {
  it("an HTML-like line right above the opening fence: the closing fence's finding names the cause, no guided edit", () => {
    const got = findings("<Good>\n```python\nx = 1\n\nprint(x)\n```\n</Good>\n")
    expect(got).toHaveLength(1)
    expect(got[0]!.line).toBe(12)
    expect(got[0]!.message).toBe(
      "code block has no language; this fence seems to close the block opened at line 8, which Markdown reads as part of the HTML block that line 7 (<Good>) starts, up to the next blank line: put a blank line between them, and this fence closes the block"
    )
    expect(got[0]!.suggestions).toBeUndefined()
  })

  it("a list item's block cut short by a line at column 0: the next fence says so", () => {
    const got = findings("1. Run it:\n   ```bash\n   uv run x\n# a comment at column 0\n   uv run y\n   ```\n")
    expect(got.map((f) => f.message)).toEqual([
      "code block has no language; this fence seems to close the block opened at line 8, which ended at line 9 with its list item (a line less indented than the item, at column 0): indent that line as the block's, and this fence closes it"
    ])
  })

  it("a block that simply has no language keeps the plain finding and its guided edit", () => {
    const got = findings("Some text.\n\n```\nplain output\n```\n")
    expect(got.map((f) => f.message)).toEqual(["code block has no language"])
    expect(got[0]!.suggestions).toHaveLength(1)
  })
})
