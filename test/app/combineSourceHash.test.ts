/**
 * RFC-0001:C-MANIFEST's source hash over a large tree is taken in pieces
 * with event-loop turns between (issue 29 item 3): the same hash as the
 * whole text in one call, whatever the order the pairs come in.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { createHash } from "node:crypto"
import { NodeHasherLive } from "../../src/adapters/node/NodeHasher.js"
import { combineSourceHash } from "../../src/app/shared/sourceTree.js"
import { sourceHashInput } from "../../src/domain/sourcePaths.js"

const pairs = (n: number) =>
  Array.from({ length: n }, (_, i) => [`refs/d${i % 97}/f${(n - i) * 7919 % 100003}-${i}.md`, createHash("sha256").update(String(i)).digest("hex")] as const)

describe("combineSourceHash (issue 29 item 3)", () => {
  for (const n of [3, 4096, 4097, 20_000]) {
    it.effect(`${n} files: the hash of the whole sorted text`, () =>
      Effect.gen(function* () {
        const input = pairs(n)
        const expected = createHash("sha256").update(sourceHashInput(input)).digest("hex")
        expect(yield* combineSourceHash(input)).toBe(expected)
        expect(yield* combineSourceHash([...input].reverse())).toBe(expected)
      }).pipe(Effect.provide(NodeHasherLive))
    )
  }

  it("paths with surrogates sort bytewise (a code point above U+FFFF after every BMP character)", () => {
    const text = sourceHashInput([
      ["\u{1F600}.md", "a"],
      ["\uFFFD.md", "b"],
      ["z.md", "c"]
    ])
    expect(text.split("\n").slice(0, 3).map((l) => l.split("\0")[0])).toEqual(["z.md", "\uFFFD.md", "\u{1F600}.md"])
  })
})
