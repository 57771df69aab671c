/**
 * Hasher port: SHA-256 (also used by the in-memory test layer: hashing is pure).
 *
 * Short inputs (a skill's path, which names its search index, on every
 * `show`, `search` and `build`) are hashed by `@noble/hashes`, plain
 * JavaScript: loading `node:crypto` costs a fresh process about 8 ms of
 * its start-up (it loads some twenty internal modules), more than the
 * whole hash of a path takes in JavaScript. File contents, which can be
 * large, go to `node:crypto` (issue 30, docs/benchmarks.md).
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import { Layer } from "effect"
import { Hasher, type HasherService } from "../../ports/Hasher.js"
import { nodeCrypto } from "./lazyCrypto.js"

/** Up to this many bytes (or UTF-16 units), JavaScript hashes faster than loading `node:crypto`. */
export const SHORT_INPUT = 4096

const shortHex = (data: Uint8Array | string): string => bytesToHex(sha256(typeof data === "string" ? utf8ToBytes(data) : data))

export const nodeHasher: HasherService = {
  sha256Hex: (data) => (data.length <= SHORT_INPUT ? shortHex(data) : nodeCrypto().createHash("sha256").update(data).digest("hex")),
  sha256Pieces: () => {
    const hash = nodeCrypto().createHash("sha256")
    return { update: (data) => void hash.update(data), hex: () => hash.digest("hex") }
  }
}

export const NodeHasherLive = Layer.succeed(Hasher, nodeHasher)
