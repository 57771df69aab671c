// Where a hand-written JSON file stops being JSON (src/domain/jsonSyntax.ts), for `skc eval` and SKL701.
import { describe, expect, it } from "@effect/vitest"
import { jsonErrorOffset, lineColumnAt, valueOffset } from "../../src/domain/jsonSyntax.js"

describe("jsonErrorOffset", () => {
  it("is undefined exactly when JSON.parse accepts the text", () => {
    const texts = [
      "[]", "{}", " [1, -2.5e+3, 0, \"a\\u00e9\\n\", true, false, null, {\"k\": [{}]}] ", "\"x\"", "0",
      "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[01]", "[-]", "[1.]", "[.5]", "\"\\x\"", "\"\\u12\"", "\"a\nb\"",
      "[1] [2]", "[", "{\"a\":", "", "  ", "tru", "nul", "[true false]", "{\"a\":1 \"b\":2}", "[1}", "{]", "\"open"
    ]
    for (const t of texts) {
      let valid = true
      try {
        JSON.parse(t)
      } catch {
        valid = false
      }
      expect(jsonErrorOffset(t) === undefined, JSON.stringify(t)).toBe(valid)
    }
  })

  it("points at the first offending character, or the end when the text ends too early", () => {
    expect(jsonErrorOffset("[1,]")).toBe(3)
    expect(jsonErrorOffset("{\"a\" 1}")).toBe(5)
    expect(jsonErrorOffset("[1] x")).toBe(4)
    expect(jsonErrorOffset("[1, 2")).toBe(5)
    expect(jsonErrorOffset("\"a\\qb\"")).toBe(3)
  })

  it("survives deep nesting and long numbers", () => {
    expect(jsonErrorOffset("[".repeat(100_000) + "]".repeat(100_000))).toBeUndefined()
    expect(jsonErrorOffset(`[${"9".repeat(5_000)}]`)).toBeUndefined()
  })

  it("lineColumnAt counts lines from 1 and columns in characters", () => {
    expect(lineColumnAt("ab\n🚀x", 5)).toEqual({ line: 2, column: 2 })
  })
})

describe("valueOffset", () => {
  it("finds the value at a path: an entry of a top-level array, of an object's array, past strings holding brackets", () => {
    const text = '\uFEFF[\n  {"q": "a],[{", "k": [1, 2]},\n  {},\n  [],\n  "x\\"]",\n  {"evals": [0, {"p": 1}]}\n]'
    const at = (path: ReadonlyArray<string | number>) => {
      const i = valueOffset(text, path)
      return i === undefined ? undefined : text.slice(i, i + 4)
    }
    expect(at([0])).toBe('{"q"')
    expect(at([1])).toBe("{},\n")
    expect(at([2])).toBe("[],\n")
    expect(at([3])).toBe('"x\\"')
    expect(at([4, "evals", 1])).toBe('{"p"')
    expect(at([0, "k", 1])).toBe("2]},")
    expect(at([5])).toBeUndefined()
    expect(at([0, "nope"])).toBeUndefined()
    expect(valueOffset('{"evals": [1, 2]}', ["evals", 1])).toBe(14)
  })
})
