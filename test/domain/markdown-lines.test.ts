import { describe, expect, it } from "vitest"
import { splitLines, stripBom } from "../../src/domain/markdown/lines.js"

describe("splitLines", () => {
  it("splits LF, CRLF and lone CR alike", () => {
    expect(splitLines("a\nb\nc")).toEqual(["a", "b", "c"])
    expect(splitLines("a\r\nb\r\nc")).toEqual(["a", "b", "c"])
    expect(splitLines("a\rb\rc")).toEqual(["a", "b", "c"])
    expect(splitLines("a\r\nb\nc\rd")).toEqual(["a", "b", "c", "d"])
  })

  it("a final line ending ends the last line instead of opening one", () => {
    expect(splitLines("a\nb\n")).toEqual(["a", "b"])
    expect(splitLines("a\nb")).toEqual(["a", "b"])
    expect(splitLines("a\r\n")).toEqual(["a"])
    expect(splitLines("a\n\n")).toEqual(["a", ""])
    expect(splitLines("\n")).toEqual([""])
    expect(splitLines("")).toEqual([])
  })

  it("strips a leading BOM only", () => {
    expect(splitLines("\uFEFF---\nx")).toEqual(["---", "x"])
    expect(splitLines("a\uFEFF")).toEqual(["a\uFEFF"])
    expect(stripBom("\uFEFFx")).toBe("x")
    expect(stripBom("x")).toBe("x")
  })
})
