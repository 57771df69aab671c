// The in-memory search index evaluates the FTS5 expressions skc writes (issue 28's `skillc/testing` is a real
// implementation): phrases, implicit and explicit AND, OR, NOT, parentheses and column filters, with FTS5's
// precedence. The SQLite adapter is the reference; each case here is what FTS5 answers for the same rows.
import { describe, expect, it } from "vitest"
import { compileMatch, plainText } from "../../src/adapters/memory/matchExpression.js"

const row = (file: string, section: string, content: string) => ({ file: plainText(file), section: plainText(section), content: plainText(content) })
const skillMd = row("SKILL.md", "Typography", "Fonts and colours.")
const guide = row("reference/skill-guide.md", "Colors", "Which colors a skill uses.")

const matches = (expression: string) => [skillMd, guide].map((r) => compileMatch(expression)(r) > 0)

describe("issue 28: the memory index's FTS5 expressions", () => {
  it("phrases, AND (implicit and explicit), OR and groups", () => {
    expect(matches('"fonts"')).toEqual([true, false])
    expect(matches('"fonts" "colours"')).toEqual([true, false])
    expect(matches('"fonts" AND ("colors" OR "colours")')).toEqual([true, false])
    expect(matches('"fonts" OR "colors"')).toEqual([true, true])
    // NOT binds tighter than AND, AND tighter than OR.
    expect(matches('"skill" OR "fonts" NOT "colours"')).toEqual([true, true])
    expect(matches('("skill" OR "fonts") NOT "colours"')).toEqual([false, true])
  })

  it("column filters: one column, a set of columns, and the file name of SKILL.md left out", () => {
    expect(matches('section : "colors"')).toEqual([false, true])
    expect(matches('section : ("typography" OR "x")')).toEqual([true, false])
    expect(matches('{section content} : "skill"')).toEqual([false, true])
    const held = '({section content} : ("skill")) OR (file : ("skill") NOT file : "SKILL.md")'
    expect(matches(held)).toEqual([false, true])
    expect(matches('"SKILL.md"')).toEqual([true, false])
  })

  it("scores a match by the distinct phrases it holds; a malformed expression is an error, not a silent miss", () => {
    expect(compileMatch('"fonts" OR "colours" OR "x"')(skillMd)).toBe(2)
    expect(compileMatch('"x"')(skillMd)).toBe(0)
    expect(() => compileMatch('("fonts"')).toThrow(/unbalanced/)
    expect(() => compileMatch('"a" )')).toThrow(/unexpected/)
  })
})
