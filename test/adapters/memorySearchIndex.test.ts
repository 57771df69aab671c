// The in-memory search index answers the typed query of the domain directly (issue 28's `skillc/testing`
// is a real implementation; issue 44 item 5: no backend's query language in the port). The SQLite adapter
// is the reference; each case here is what FTS5 answers for the same rows with the rendered expression
// (test/adapters/fts5Match.test.ts).
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { matchQuery, plainText } from "../../src/adapters/memory/MemorySearchIndex.js"
import { allOf, anyOf, heldOutsideSkillMd, holding, inFileNameNotSkillMd, inHeading, type QueryTerm } from "../../src/domain/search/indexQuery.js"

const row = (file: string, section: string, content: string) => ({ file: plainText(file), section: plainText(section), content: plainText(content) })
const skillMd = row("SKILL.md", "Typography", "Fonts and colours.")
const guide = row("reference/skill-guide.md", "Colors", "Which colors a skill uses.")

const word = (...phrases: [string, ...Array<string>]): QueryTerm => ({ phrases })
const matches = (query: Parameters<typeof matchQuery>[0]) => [skillMd, guide].map((r) => matchQuery(query)(r) > 0)

describe("issue 44 item 5: the memory index matches typed queries", () => {
  it("every word, any word, and a word spelt several ways", () => {
    expect(matches(holding(word("fonts")))).toEqual([true, false])
    expect(matches(allOf([word("fonts"), word("colours")]))).toEqual([true, false])
    expect(matches(allOf([word("fonts"), word("colors", "colours")]))).toEqual([true, false])
    expect(matches(anyOf([word("fonts"), word("colors")]))).toEqual([true, true])
    // Everywhere: SKILL.md's file name holds "skill" (heldOutsideSkillMd below leaves it out).
    expect(matches(allOf([word("skill"), word("colors", "colours")]))).toEqual([true, true])
    expect(matches(allOf([word("uses"), word("colors", "colours")]))).toEqual([false, true])
  })

  it("scopes: the heading alone, and the file name of SKILL.md left out", () => {
    expect(matches(inHeading(holding(word("colors"))))).toEqual([false, true])
    expect(matches(inHeading(anyOf([word("typography"), word("x")])))).toEqual([true, false])
    expect(matches(heldOutsideSkillMd(word("skill")))).toEqual([false, true])
    // Another file's name still counts.
    expect(matches(heldOutsideSkillMd(word("guide")))).toEqual([false, true])
    expect(matches(holding(word("SKILL.md")))).toEqual([true, false])
    // The file name alone (issue 47, fourth pass): another file's name holds the word, SKILL.md's never counts.
    expect(matches(inFileNameNotSkillMd(word("guide")))).toEqual([false, true])
    expect(matches(inFileNameNotSkillMd(word("skill")))).toEqual([false, true])
    expect(matches(inFileNameNotSkillMd(word("colors")))).toEqual([false, false])
  })

  it("the own text is one column, whatever the scope", () => {
    const own = { own: plainText("Alpha before the subsections.") }
    expect(matchQuery(holding(word("alpha")))(own)).toBe(1)
    expect(matchQuery(inHeading(holding(word("alpha"))))(own)).toBe(1)
    expect(matchQuery(holding(word("beta")))(own)).toBe(0)
  })

  it("scores a match by the distinct phrases it holds; a word of punctuation alone is never held", () => {
    expect(matchQuery(anyOf([word("fonts"), word("colours"), word("x")]))(skillMd)).toBe(2)
    expect(matchQuery(holding(word("x")))(skillMd)).toBe(0)
    expect(matchQuery(holding(word("?")))(skillMd)).toBe(0)
    expect(matchQuery(anyOf([word("?"), word("fonts")]))(skillMd)).toBe(1)
  })

  it("the memory adapter parses no query language: no expression parser, no FTS5 syntax", () => {
    const dir = join(import.meta.dirname, "../../src/adapters/memory")
    const files = readdirSync(dir)
    expect(files).not.toContain("matchExpression.ts")
    for (const f of files) {
      const source = readFileSync(join(dir, f), "utf8")
      // FTS5's operators and column filters, as a parser would look for them.
      expect(source, f).not.toMatch(/\bMATCH\b|["'`](?:AND|OR|NOT|NEAR)["'`]|\(AND\|OR|\{section content\}/)
    }
  })

  it("the ports take the typed query: no MATCH string in src/ports", () => {
    const dir = join(import.meta.dirname, "../../src/ports")
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f), "utf8"), f).not.toMatch(/\bmatch: string\b/)
  })
})
