/** SKL207's reader: where a file's bytes stop being UTF-8 (RFC 3629), by line. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { firstInvalidUtf8 } from "../../src/domain/markdown/utf8.js"

const bytes = (...parts: ReadonlyArray<string | ReadonlyArray<number>>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "utf8")] : [...p])))

describe("firstInvalidUtf8", () => {
  it("is undefined for UTF-8, a BOM and four-byte letters included", () => {
    expect(firstInvalidUtf8(bytes([0xef, 0xbb, 0xbf], "# Caf\u00e9 \u{10428} \u{1F600}\n\u00e9"))).toBeUndefined()
    expect(firstInvalidUtf8(new Uint8Array())).toBeUndefined()
  })
  it("names the line and byte of a Latin-1 letter, counting LF, CRLF and lone CR line ends", () => {
    expect(firstInvalidUtf8(bytes("a\nb\r\nc\rd ", [0xe9], "\n"))).toEqual({ line: 4, byte: 0xe9 })
  })
  it("refuses what RFC 3629 forbids: overlong forms, surrogates, past U+10FFFF, a cut sequence", () => {
    expect(firstInvalidUtf8(bytes("x", [0xc0, 0xaf]))).toEqual({ line: 1, byte: 0xc0 })
    expect(firstInvalidUtf8(bytes("x", [0xe0, 0x80, 0xaf]))).toEqual({ line: 1, byte: 0xe0 })
    expect(firstInvalidUtf8(bytes("x", [0xed, 0xa0, 0x80]))).toEqual({ line: 1, byte: 0xed })
    expect(firstInvalidUtf8(bytes("x", [0xf4, 0x90, 0x80, 0x80]))).toEqual({ line: 1, byte: 0xf4 })
    expect(firstInvalidUtf8(bytes("x\n", [0xe2, 0x82]))).toEqual({ line: 2, byte: 0xe2 })
  })
})

describe("firstInvalidUtf8 against the platform's strict decoder", () => {
  it("finds an invalid byte exactly when a fatal TextDecoder refuses the bytes (it no longer asks one)", () => {
    const strict = new TextDecoder("utf-8", { fatal: true })
    const accepts = (b: Uint8Array) => {
      try {
        strict.decode(b)
        return true
      } catch {
        return false
      }
    }
    // Bytes weighted towards what makes or breaks UTF-8 sequences: leads, continuations, the edges of each range.
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x0a, 0x0d, 0x7f, 0x80, 0xbf, 0xa0, 0x8f, 0x90, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5))
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 48 }), (arr) => {
        const b = new Uint8Array(arr)
        expect(firstInvalidUtf8(b) === undefined).toBe(accepts(b))
      }),
      { numRuns: 5000 }
    )
  })
})
