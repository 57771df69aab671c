// The Hasher adapter hashes a process's first small inputs in JavaScript and
// the rest with node:crypto (issue 30: start-up without node:crypto). Both
// must give node:crypto's SHA-256 for every input: each case runs on a
// hasher that hashes everything small in JavaScript and on one that never does.
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { JAVASCRIPT_BUDGET, makeNodeHasher, SHORT_INPUT } from "../../src/adapters/node/NodeHasher.js"
import { nodeCryptoLoaded } from "../../src/adapters/node/lazyCrypto.js"

const reference = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex")

const hashers = () => [makeNodeHasher(Number.MAX_SAFE_INTEGER), makeNodeHasher(0)]

describe("nodeHasher.sha256Hex (issue 30)", () => {
  it("equals node:crypto for strings of every length around the block sizes and the threshold, ASCII and not", () => {
    const lengths = [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000, SHORT_INPUT - 1, SHORT_INPUT, SHORT_INPUT + 1, 3 * SHORT_INPUT]
    const alphabets = ["abc/xyz-", "é日本語🙂", "a\uD800b"] // accents, CJK, an emoji's surrogate pair, a lone surrogate
    for (const n of lengths) {
      for (const alphabet of alphabets) {
        const s = Array.from({ length: n }, (_, i) => alphabet[(i * 7) % alphabet.length]).join("")
        for (const hasher of hashers()) expect(hasher.sha256Hex(s), `length ${n} of ${JSON.stringify(alphabet)}`).toBe(reference(s))
      }
    }
    for (const hasher of hashers()) expect(hasher.sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })

  it("equals node:crypto for bytes, Buffers included", () => {
    for (const n of [0, 1, 64, 4095, SHORT_INPUT, SHORT_INPUT + 1, 70_000]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255)
      for (const hasher of hashers()) {
        expect(hasher.sha256Hex(bytes)).toBe(reference(bytes))
        expect(hasher.sha256Hex(Buffer.from(bytes))).toBe(reference(bytes))
      }
    }
  })

  it("hashes at most its budget of small inputs in JavaScript; large inputs, and everything once node:crypto is loaded, go native", () => {
    expect(JAVASCRIPT_BUDGET).toBeGreaterThan(0)
    const calls: Array<string> = []
    let loaded = false
    const hasher = makeNodeHasher(3, {
      javascript: (d) => (calls.push("js"), reference(d)),
      native: (d) => ((loaded = true), calls.push("native"), reference(d)),
      nativeLoaded: () => loaded
    })
    expect(hasher.sha256Hex("a")).toBe(reference("a"))
    hasher.sha256Hex("x".repeat(SHORT_INPUT + 1)) // large: native, and node:crypto is now loaded
    hasher.sha256Hex("b")
    expect(calls).toEqual(["js", "native", "native"])

    const counted: Array<string> = []
    const fresh = makeNodeHasher(3, { javascript: (d) => (counted.push("js"), reference(d)), native: (d) => (counted.push("native"), reference(d)), nativeLoaded: () => false })
    for (let i = 0; i < 5; i++) fresh.sha256Hex(new Uint8Array([i]))
    expect(counted).toEqual(["js", "js", "js", "native", "native"])
  })
})
