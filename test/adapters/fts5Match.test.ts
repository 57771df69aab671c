// The SQLite adapter renders the domain's typed query as the FTS5 MATCH expressions skc has always bound
// (issue 44 item 5: same strings, so ranking and results are unchanged).
import { describe, expect, it } from "vitest"
import { fts5Match } from "../../src/adapters/sqlite/fts5Match.js"
import { allOf, anyOf, heldOutsideSkillMd, holding, indexQueryOf, inFileNameNotSkillMd, inHeading, termOf } from "../../src/domain/search/indexQuery.js"

const ascii = { segmentsCjk: false }
const match = (query: string, options = ascii) => {
  const q = indexQueryOf(query, options)
  return q === undefined ? undefined : fts5Match(q)
}

describe("RFC-0004:C-QUERY-SYNTAX the typed query as FTS5 MATCH", () => {
  it("every token a quoted literal phrase, joined by spaces (implicit AND)", () => {
    expect(match("configure authentication")).toBe('"configure" "authentication"')
    expect(match(" a\tb\nc\rd  ")).toBe('"a" "b" "c" "d"')
    expect(match('my "special" app')).toBe('"my" """special""" "app"')
    expect(match("hello, (world) NEAR OR *")).toBe('"hello," "(world)" "NEAR" "OR" "*"')
    for (const q of ["", "   ", "\t\n\r "]) expect(match(q)).toBeUndefined()
  })

  it("cjk: a CJK word is a phrase of its characters", () => {
    expect(match("数据库 设置API", { segmentsCjk: true })).toBe('"数 据 库" "设 置 API"')
    expect(match("configure", { segmentsCjk: true })).toBe('"configure"')
  })

  it("spellings: a group of its spellings, joined with AND among other words", () => {
    expect(fts5Match(holding(termOf("colors", ascii)))).toBe('("colors" OR "colours")')
    expect(fts5Match(holding(termOf("Colour,", ascii)))).toBe('("Colour," OR "color")')
    expect(fts5Match(holding(termOf("fonts", ascii)))).toBe('"fonts"')
    expect(match("brand colours")).toBe('"brand" AND ("colours" OR "colors")')
    expect(match("brand fonts")).toBe('"brand" "fonts"')
  })

  it("any word (OR), the heading column, and outside a SKILL.md's name", () => {
    const terms = ["fill", 'a"b'].map((t) => termOf(t, ascii))
    expect(fts5Match(anyOf(terms))).toBe('"fill" OR "a""b"')
    expect(fts5Match(anyOf([termOf("a", ascii), termOf("colors", ascii)]))).toBe('"a" OR ("colors" OR "colours")')
    expect(fts5Match(allOf(terms))).toBe('"fill" "a""b"')
    expect(fts5Match(inHeading(holding(termOf("chart", ascii))))).toBe('section : ("chart")')
    // A word of a group of synonyms (issue 47) is any of them, as a word spelt two ways is.
    expect(fts5Match(inHeading(holding(termOf("create", ascii))))).toBe('section : (("create" OR "make" OR "build" OR "generate"))')
    expect(fts5Match(inHeading(anyOf([termOf("a", ascii), termOf("b", ascii)])))).toBe('section : ("a" OR "b")')
    expect(fts5Match(heldOutsideSkillMd(termOf("skill", ascii)))).toBe('({section content} : ("skill")) OR (file : ("skill") NOT file : "SKILL.md")')
    expect(fts5Match(inFileNameNotSkillMd(termOf("python", ascii)))).toBe('file : ("python") NOT file : "SKILL.md"')
  })
})
