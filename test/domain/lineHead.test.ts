// `open --max-lines` read in pieces (issue 29 item 1): the head, the count
// of lines after it and the binary verdict do not depend on where the reads
// cut the file. The oracle is the whole-buffer reading RFC-0002:C-OPEN
// describes (first n lines, `... (N more lines)`, binary = NUL or not UTF-8).
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { jsonStringByteCost, LineHead, lineEndCount, lineHeadOf, lineStartOffset, pageOfBytes } from "../../src/domain/lineHead.js"

/** Where each line ends (after its LF, CRLF or lone CR), as outline, show and lint split lines. */
const lineEnds = (bytes: Uint8Array): Array<number> => {
  const ends: Array<number> = []
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 13) ends.push(bytes[i + 1] === 10 ? ++i + 1 : i + 1)
    else if (bytes[i] === 10) ends.push(i + 1)
  }
  return ends
}

const wholeFile = (bytes: Uint8Array, n: number) => {
  const ends = lineEnds(bytes)
  const cut = ends.length >= n ? ends[n - 1]! : -1
  let binary = bytes.includes(0)
  if (!binary) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes)
    } catch {
      binary = true
    }
  }
  if (cut === -1 || cut === bytes.length) return { head: bytes, more: 0, binary }
  let more = ends.length - n
  if (bytes[bytes.length - 1] !== 10 && bytes[bytes.length - 1] !== 13) more++
  return { head: bytes.subarray(0, cut), more, binary }
}

// Lines of text with newlines, multi-byte characters, now and then a NUL or a lone continuation byte.
const fileBytes = fc
  .array(fc.oneof(fc.constantFrom("\n", "a", "é", "数", "🙂", "\r\n", "\r"), fc.constantFrom("\0", "\x80")), { maxLength: 300 })
  .map((parts) => {
    const out: Array<number> = []
    for (const p of parts) {
      if (p === "\x80") out.push(0x80)
      else out.push(...new TextEncoder().encode(p))
    }
    return new Uint8Array(out)
  })

describe("LineHead", () => {
  it("gives what the whole file gives, wherever the pieces are cut", () => {
    fc.assert(
      fc.property(fileBytes, fc.integer({ min: 1, max: 12 }), fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 30 }), (bytes, n, cuts) => {
        const h = new LineHead(n)
        let at = 0
        for (const c of cuts) {
          // The reader reuses one buffer: hand over a view that is overwritten right after.
          const piece = new Uint8Array(64)
          const part = bytes.subarray(at, at + c)
          piece.set(part)
          h.push(piece.subarray(0, part.length))
          piece.fill(0x21)
          at += part.length
        }
        h.push(bytes.subarray(at))
        const got = h.finish()
        const want = wholeFile(bytes, n)
        expect({ ...got, head: [...got.head] }).toEqual({ ...want, head: [...want.head] })
      })
    )
  })

  it("counts a last line without newline, and nothing for a file that ends at the cut", () => {
    const t = (s: string, n: number) => {
      const r = lineHeadOf(new TextEncoder().encode(s), n)
      return { head: new TextDecoder().decode(r.head), more: r.more, binary: r.binary }
    }
    expect(t("a\nb\nc", 1)).toEqual({ head: "a\n", more: 2, binary: false })
    expect(t("a\nb\n", 2)).toEqual({ head: "a\nb\n", more: 0, binary: false })
    expect(t("a\nb\n\n", 2)).toEqual({ head: "a\nb\n", more: 1, binary: false })
    expect(t("", 3)).toEqual({ head: "", more: 0, binary: false })
  })
})

describe("open --from-line: where a line starts, lines ended by LF, CRLF or a lone CR as the other commands count them", () => {
  const bytes = new TextEncoder().encode("a\r\nb\rc\nd")
  it("gives each line's offset, and none past the last", () => {
    expect([1, 2, 3, 4, 5].map((n) => lineStartOffset(bytes, n))).toEqual([0, 3, 5, 7, undefined])
    expect(lineEndCount(bytes)).toBe(3)
  })
})

describe("pageOfBytes: a page of text within a byte budget, cut after a line's end (show and open's max_bytes)", () => {
  const bytes = (s: string) => new TextEncoder().encode(s)
  const text = (b: Uint8Array) => new TextDecoder().decode(b)

  it("keeps the whole lines that fit and counts the lines after them", () => {
    expect(text(pageOfBytes(bytes("aa\nbb\ncc\ndd"), 6).head)).toBe("aa\nbb\n")
    expect(pageOfBytes(bytes("aa\nbb\ncc\ndd"), 6).more).toBe(2)
    expect(pageOfBytes(bytes("aa\nbb\n"), 6)).toMatchObject({ more: 0 })
  })

  it("a CRLF stays with its line; a lone CR ends a line", () => {
    expect(text(pageOfBytes(bytes("aa\r\nbb\r\ncc\r\n"), 8).head)).toBe("aa\r\nbb\r\n")
    expect(text(pageOfBytes(bytes("aa\rbb\rcc\r"), 6).head)).toBe("aa\rbb\r")
  })

  it("a first line longer than the budget is cut at the budget, on a character's boundary, saying how much of it is left (a 1 MB line came back whole)", () => {
    expect(pageOfBytes(bytes("a very long first line\nb\n"), 4)).toMatchObject({ more: 1, lineLeft: 18 })
    expect(text(pageOfBytes(bytes("a very long first line\nb\n"), 4).head)).toBe("a ve")
    expect(pageOfBytes(bytes("x".repeat(100)), 10)).toMatchObject({ more: 0, lineLeft: 90 })
    // Never inside a character: "é" is two bytes.
    expect(text(pageOfBytes(bytes("aé" + "x".repeat(10)), 2).head)).toBe("a")
    // A first line that fits is never cut, though the second is long.
    expect(pageOfBytes(bytes("ab\n" + "y".repeat(50)), 10)).toEqual({ head: bytes("ab\n"), more: 1 })
  })

  it("measured as a JSON string (--format json, MCP): what each kept page costs there is within the budget, CRLF, quotes and control characters counted escaped", () => {
    const escaped = (b: Uint8Array) => Buffer.byteLength(JSON.stringify(text(b))) - 2
    const source = bytes(Array.from({ length: 400 }, (_, i) => `a "q" \\ \t${i}\r\n`).join(""))
    for (const budget of [64, 500, 1000, 4000]) {
      const page = pageOfBytes(source, budget, jsonStringByteCost)
      expect(escaped(page.head)).toBeLessThanOrEqual(budget)
      // The next whole line would not have fit: the page is as long as the budget allows.
      const next = source.subarray(0, page.head.length + 16).indexOf(10, page.head.length)
      expect(escaped(source.subarray(0, next + 1))).toBeGreaterThan(budget)
    }
    // Raw bytes would have kept more than fits once escaped.
    expect(pageOfBytes(source, 1000).head.length).toBeGreaterThan(pageOfBytes(source, 1000, jsonStringByteCost).head.length)
    // A first line over the budget is cut inside by its escaped size.
    const one = pageOfBytes(bytes('"'.repeat(100) + "\n"), 10, jsonStringByteCost)
    expect(one).toMatchObject({ more: 0, lineLeft: 95 })
    expect(text(one.head)).toBe('"'.repeat(5))
    // All of it within the budget: whole.
    expect(pageOfBytes(bytes("ab\ncd"), 7, jsonStringByteCost)).toEqual({ head: bytes("ab\ncd"), more: 0 })
    expect(pageOfBytes(bytes("ab\ncd"), 5, jsonStringByteCost)).toEqual({ head: bytes("ab\n"), more: 1 })
  })
})
