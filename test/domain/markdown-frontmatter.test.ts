import { describe, expect, it, vi } from "vitest"
import * as fc from "fast-check"
import { parseDocument } from "yaml"
import { bodyStartLineOf, type Frontmatter, MAX_FRONTMATTER_DEPTH, parseFrontmatter, TOO_DEEP_MESSAGE, UNCLOSED_MESSAGE } from "../../src/domain/markdown/frontmatter.js"

const parsed = (fm: Frontmatter) => {
  if (fm._tag !== "Parsed") throw new Error(`expected Parsed, got ${JSON.stringify(fm)}`)
  return fm
}
const invalid = (fm: Frontmatter) => {
  if (fm._tag !== "Invalid") throw new Error(`expected Invalid, got ${JSON.stringify(fm)}`)
  return fm
}

describe("parseFrontmatter (DECISIONS #21, RFC-0008 SKL100)", () => {
  it("parses a map with the line of each top-level key", () => {
    const fm = parsed(parseFrontmatter("---\nname: my-skill\ndescription: Does things\nmetadata:\n  a: b\n---\n# Title\n"))
    expect(fm.data).toEqual({ name: "my-skill", description: "Does things", metadata: { a: "b" } })
    expect(fm.startLine).toBe(1)
    expect(fm.endLine).toBe(6)
    expect(fm.raw).toBe("name: my-skill\ndescription: Does things\nmetadata:\n  a: b")
    expect({ ...fm.keyLines }).toEqual({ name: 2, description: 3, metadata: 4 })
    expect(bodyStartLineOf(fm)).toBe(7)
  })

  it("is Absent unless line 1 is ---", () => {
    expect(parseFrontmatter("# Title\n---\na: 1\n---\n")._tag).toBe("Absent")
    expect(parseFrontmatter("\n---\na: 1\n---\n")._tag).toBe("Absent")
    expect(parseFrontmatter(" ---\na: 1\n---\n")._tag).toBe("Absent")
    expect(parseFrontmatter("----\na: 1\n---\n")._tag).toBe("Absent")
    expect(parseFrontmatter("")._tag).toBe("Absent")
    expect(bodyStartLineOf(parseFrontmatter("# x"))).toBe(1)
  })

  it("accepts a BOM, CRLF, lone CR and trailing blanks on the delimiters", () => {
    for (const src of ["\uFEFF---\nname: a\n---\n", "---\r\nname: a\r\n---\r\n", "---\rname: a\r---", "--- \t\nname: a\n---  \n"]) {
      const fm = parsed(parseFrontmatter(src))
      expect(fm.data).toEqual({ name: "a" })
      expect(fm.endLine).toBe(3)
    }
  })

  it("ends at the first --- line, even inside a block or quoted value (line-based rule)", () => {
    const fm = parsed(parseFrontmatter("---\ndescription: |\n  text\n---\n  more\n---\n"))
    expect(fm.endLine).toBe(4)
    expect(fm.data).toEqual({ description: "text\n" })
  })

  it("does not end at a line that merely starts with --- or at ...", () => {
    const fm = parsed(parseFrontmatter("---\ndescription: |\n  --- dashes\ntitle: \"--- q ---\"\n---\n"))
    expect(fm.data).toEqual({ description: "--- dashes\n", title: "--- q ---" })
    expect(parsed(parseFrontmatter("---\na: 1\n...\n---\n")).endLine).toBe(4)
    const dots = invalid(parseFrontmatter("---\na: 1\n...\nb: 2\n---\n"))
    expect(dots.endLine).toBe(5)
    expect(dots.line).toBe(4)
  })

  it("yields block scalar text, never the indicator", () => {
    const fm = parsed(
      parseFrontmatter("---\na: >\n  one\n  two\nb: |\n  one\n  two\nc: >-\n  x\n  y\nd: |+\n  k\n\ne: end\n---\n")
    )
    expect(fm.data).toEqual({ a: "one two\n", b: "one\ntwo\n", c: "x y", d: "k\n\n", e: "end" })
  })

  it("treats an empty or comment-only frontmatter as an empty map", () => {
    expect(parsed(parseFrontmatter("---\n---\n# x")).data).toEqual({})
    expect(parsed(parseFrontmatter("---\n---")).endLine).toBe(2)
    expect(parsed(parseFrontmatter("---\n# just a comment\n---\n")).data).toEqual({})
  })

  it("reports duplicate keys with the file line of the duplicate", () => {
    const fm = invalid(parseFrontmatter("---\nname: a\ndescription: b\nname: c\n---\n"))
    expect(fm.line).toBe(4)
    expect(fm.message).toMatch(/unique/i)
    expect(fm.endLine).toBe(5)
  })

  it("reports tabs used as indentation with their file line", () => {
    const fm = invalid(parseFrontmatter("---\nmetadata:\n\tauthor: x\n---\n"))
    expect(fm.line).toBe(3)
    expect(fm.message).toMatch(/tab/i)
  })

  it("reports syntax errors with their file line", () => {
    const fm = invalid(parseFrontmatter("---\nname: ok\ntools: [a, b\n---\n"))
    expect(fm.line).toBeGreaterThanOrEqual(3)
    expect(fm.line).toBeLessThanOrEqual(4)
  })

  it("rejects a list or a scalar: frontmatter must be a map", () => {
    expect(invalid(parseFrontmatter("---\n- a\n- b\n---\n")).line).toBe(2)
    expect(invalid(parseFrontmatter("---\njust text\n---\n")).message).toMatch(/mapping/)
  })

  it("turns alias failures into values instead of throwing", () => {
    expect(invalid(parseFrontmatter("---\na: *missing\n---\n"))._tag).toBe("Invalid")
    const bomb = ["---", "a: &a [x, x, x, x, x, x, x, x, x]"]
    for (let i = 0; i < 8; i++) bomb.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(", ")}]`)
    bomb.push("---")
    expect(parseFrontmatter(bomb.join("\n"))._tag).toBe("Invalid")
  })

  it("an unclosed frontmatter is Invalid and the whole file is the body", () => {
    const fm = invalid(parseFrontmatter("---\nname: a\n# Title\n"))
    expect(fm.message).toBe(UNCLOSED_MESSAGE)
    expect(fm.line).toBe(1)
    expect(fm.endLine).toBe(0)
    expect(bodyStartLineOf(fm)).toBe(1)
    expect(invalid(parseFrontmatter("---")).endLine).toBe(0)
  })

  describe("RFC-0008:C-REGISTRY SKL100 nesting deeper than the limit is refused before parsing, the same everywhere", () => {
    // The top-level mapping is one level; `metadata: [[…]]` with n brackets is n + 1.
    const flow = (n: number) => `---\nname: d\ndescription: x\nmetadata: ${"[".repeat(n)}${"]".repeat(n)}\n---\n# T\n`
    const block = (n: number) =>
      "---\nname: d\nmetadata:\n" + Array.from({ length: n }, (_, i) => `${" ".repeat(i + 1)}k${i}:`).join("\n") + " x\n---\n"
    /** `f` run below `frames` nested calls, as a deep caller would run it. */
    const deepIn = <A>(frames: number, f: () => A): A => (frames === 0 ? f() : deepIn(frames - 1, f))

    it("RFC-0008:C-REGISTRY SKL100 64 levels parse; one more, or 785 and 900, is Invalid with one plain message and line", () => {
      expect(MAX_FRONTMATTER_DEPTH).toBe(64)
      expect(parsed(parseFrontmatter(flow(63))).data.name).toBe("d")
      for (const n of [64, 785, 900, 5000]) {
        const fm = invalid(parseFrontmatter(flow(n)))
        expect(fm).toMatchObject({ message: TOO_DEEP_MESSAGE, line: 4 })
        expect(fm.column).toBeUndefined()
      }
      expect(TOO_DEEP_MESSAGE).toBe("frontmatter is nested more than 64 levels")
      // Block mappings count as flow collections do: the 65th level is on file line 3 + 64.
      expect(parsed(parseFrontmatter(block(63)))._tag).toBe("Parsed")
      expect(invalid(parseFrontmatter(block(64)))).toMatchObject({ message: TOO_DEEP_MESSAGE, line: 67 })
      // Compact block sequences too (`- - - x`).
      expect(parsed(parseFrontmatter(`---\nname: d\nmetadata:\n  ${"- ".repeat(62)}x\n---\n`))._tag).toBe("Parsed")
      expect(invalid(parseFrontmatter(`---\nname: d\nmetadata:\n  ${"- ".repeat(64)}x\n---\n`)).message).toBe(TOO_DEEP_MESSAGE)
    })

    it("RFC-0008:C-REGISTRY SKL100 the answer does not depend on how much stack the caller left (no RangeError text)", () => {
      for (const n of [785, 900]) {
        const top = parseFrontmatter(flow(n))
        for (const frames of [1000, 4000, 7000]) expect(deepIn(frames, () => parseFrontmatter(flow(n)))).toEqual(top)
        expect(JSON.stringify(top)).not.toMatch(/call stack/)
      }
    })
  })

  it("keeps prototype-looking keys as plain keys", () => {
    const fm = parsed(parseFrontmatter("---\n__proto__: 1\ntoString: 2\n---\n"))
    expect(fm.keyLines["__proto__"]).toBe(2)
    expect(fm.keyLines["toString"]).toBe(3)
  })
})

describe("the simple key: value fast path equals the YAML parser (lint at build speed, issue 13 item 5)", () => {
  /** The frontmatter of `key: value` lines reads as the YAML parser reads them: the same data, or invalid where it fails. */
  const readsAsYaml = (pairs: ReadonlyArray<readonly [string, string]>) => {
    const raw = pairs.map(([k, v]) => `${k}: ${v}`).join("\n")
    const got = parseFrontmatter(`---\n${raw}\n---\n# T\n`)
    const doc = parseDocument(raw, { uniqueKeys: true })
    if (doc.errors.length > 0) {
      expect(got._tag).toBe("Invalid")
      return
    }
    expect(got._tag).toBe("Parsed")
    if (got._tag === "Parsed") expect(got.data).toEqual(doc.toJS())
  }

  it("on generated mappings of plain words", () => {
    const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/)
    const value = fc.array(fc.constantFrom("a", "Z", "x1", "true", "no", "Null", "it's", "(b)", "c/d", "e.f", "-", ",", " ", "  ", "#", " #x", "1", "0x1F", ":", "é", "~", "y"), { minLength: 1, maxLength: 6 }).map((a) => a.join(""))
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 5 }), readsAsYaml),
      { numRuns: 500 }
    )
  })

  it("on generated mappings of quoted values (issue 47: `description: \"…\"` needs no YAML parser)", () => {
    const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/)
    // What a quote may hold, and what makes YAML read it otherwise: escapes, inner quotes, a tab, a comment after it.
    const piece = fc.constantFrom("a", "Use when: x", "it's", "#", " #x", "  ", "true", "é", "\\n", "\\", '"', "'", "''", "\t", "\u2028", "\x85", ":", "-", "[a]", "{b}", "*c", "&d")
    const inner = fc.array(piece, { maxLength: 6 }).map((a) => a.join(""))
    const value = fc.tuple(fc.constantFrom('"', "'"), inner, fc.constantFrom("", " # note", "x")).map(([q, s, after]) => `${q}${s}${q}${after}`)
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }), readsAsYaml),
      { numRuns: 1000 }
    )
  })
})

describe("bad input is normal input: a collection as a key", () => {
  it("parses without a Node warning on stderr (the YAML parser's warning is silenced)", () => {
    const spy = vi.spyOn(process, "emitWarning").mockImplementation(() => {})
    try {
      const fm = parseFrontmatter("---\nname: x\ndescription: d\n? [Ref]\n: v\n---\n# x\n")
      expect(fm._tag).toBe("Parsed")
      expect(spy).not.toHaveBeenCalled()
    } finally {
      spy.mockRestore()
    }
  })
})

describe("RFC-0008:C-REGISTRY SKL100 an unclosed value is reported where it opens", () => {
  const at = (source: string) => {
    const fm = parseFrontmatter(source)
    expect(fm._tag).toBe("Invalid")
    return fm._tag === "Invalid" ? { line: fm.line, column: fm.column } : undefined
  }
  it("a flow sequence that never closes: the `[`, not the valid line after it", () => {
    expect(at("---\nname: [yaml-skill\ndescription: Handles YAML files.\n---\n")).toEqual({ line: 2, column: 7 })
  })
  it("a flow map that never closes: the `{`", () => {
    expect(at("---\nname: s4\ndescription: {a: b\nfoo: 1\n---\n")).toEqual({ line: 3, column: 14 })
  })
  it("a double-quoted value that never closes: its opening quote, past an escaped one and a closed list", () => {
    expect(at('---\nname: s6\nx: [a, b]\ndescription: "a \\" b\nfoo: 1\n---\n')).toEqual({ line: 4, column: 14 })
  })
  it("a single-quoted value that never closes: its opening quote", () => {
    expect(at("---\nname: s5\ndescription: 'it''s\nfoo: 1\n---\n")).toEqual({ line: 3, column: 14 })
  })
  it("other errors keep the parser's place: a colon inside a plain value, at its column", () => {
    expect(at("---\nname: s2\ndescription: ok: bad colon here\n---\n")).toEqual({ line: 3, column: 14 })
  })
})
