// The Hasher adapter hashes short inputs in JavaScript and long ones with
// node:crypto (issue 30: start-up without node:crypto). Both must give
// node:crypto's SHA-256 for every input, whichever side of the threshold.
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { nodeHasher, SHORT_INPUT } from "../../src/adapters/node/NodeHasher.js"

const reference = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex")

describe("nodeHasher.sha256Hex (issue 30)", () => {
  it("equals node:crypto for strings of every length around the block sizes and the threshold, ASCII and not", () => {
    const lengths = [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000, SHORT_INPUT - 1, SHORT_INPUT, SHORT_INPUT + 1, 3 * SHORT_INPUT]
    const alphabets = ["abc/xyz-", "é日本語🙂", "a\uD800b"] // accents, CJK, an emoji's surrogate pair, a lone surrogate
    for (const n of lengths) {
      for (const alphabet of alphabets) {
        const s = Array.from({ length: n }, (_, i) => alphabet[(i * 7) % alphabet.length]).join("")
        expect(nodeHasher.sha256Hex(s), `length ${n} of ${JSON.stringify(alphabet)}`).toBe(reference(s))
      }
    }
    expect(nodeHasher.sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })

  it("equals node:crypto for bytes, Buffers included", () => {
    for (const n of [0, 1, 64, 4095, SHORT_INPUT, SHORT_INPUT + 1, 70_000]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255)
      expect(nodeHasher.sha256Hex(bytes)).toBe(reference(bytes))
      expect(nodeHasher.sha256Hex(Buffer.from(bytes))).toBe(reference(bytes))
    }
  })
})
