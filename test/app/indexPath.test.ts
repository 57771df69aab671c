// The index of a skill is `<runtime>/.skillc-meta/search-<hash16>.db`, hash16 from its canonical source path
// (RFC-0004:C-INDEX). The name is remembered per hasher for a long-lived server; a hasher that answers
// otherwise (a test's, or another implementation) is never given another hasher's answer.
import { Effect, Layer } from "effect"
import * as Path from "effect/Path"
import { describe, expect, it } from "vitest"
import { indexPathOf } from "../../src/app/build/indexing.js"
import { nodeHasher } from "../../src/adapters/node/NodeHasher.js"
import { Hasher, type HasherService } from "../../src/ports/Hasher.js"

const skill = { canonicalSourceDir: "/proj/.skillc/skills/pdf", runtimeDir: "/proj/.skillc/runtime/pdf" }

const nameWith = (hasher: HasherService) =>
  Effect.runSync(indexPathOf(skill).pipe(Effect.provide(Layer.merge(Path.layer, Layer.succeed(Hasher, hasher)))))

describe("indexPathOf", () => {
  it("names the index by the first 16 hex digits of the path's SHA-256, the same on every call", () => {
    const expected = nodeHasher.sha256Hex(skill.canonicalSourceDir).slice(0, 16)
    for (let i = 0; i < 3; i++) expect(nameWith(nodeHasher)).toEqual({ path: `/proj/.skillc/runtime/pdf/.skillc-meta/search-${expected}.db`, hash16: expected })
  })

  it("asks each hasher itself: an answer remembered for one is never another's", () => {
    let calls = 0
    const fixed = (digit: string): HasherService => ({ sha256Hex: () => (calls++, digit.repeat(64)) })
    const a = fixed("a")
    const b = fixed("b")
    expect(nameWith(a).hash16).toBe("a".repeat(16))
    expect(nameWith(b).hash16).toBe("b".repeat(16))
    expect(nameWith(a).hash16).toBe("a".repeat(16))
    // Remembered: the third call hashed nothing.
    expect(calls).toBe(2)
  })
})
