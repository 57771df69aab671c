/**
 * Hasher port: SHA-256 (also used by the in-memory test layer: hashing is pure).
 *
 * Short strings (a skill's path, which names its search index, on every
 * `show`, `search` and `build`) are hashed by `@noble/hashes`, plain
 * JavaScript: loading `node:crypto` costs a fresh process about 8 ms of
 * its start-up (it loads some twenty internal modules), more than the
 * whole hash of a path takes in JavaScript. Bytes (file contents, however
 * small: a build hashes thousands) and long strings go to `node:crypto`,
 * several times faster per byte once loaded (issue 30, docs/benchmarks.md).
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import { Layer } from "effect"
import { Hasher, type HasherService } from "../../ports/Hasher.js"
import { nodeCrypto } from "./lazyCrypto.js"

/** Strings up to this many UTF-16 units are hashed in JavaScript: identifiers, not contents. */
export const SHORT_INPUT = 1024

export const nodeHasher: HasherService = {
  sha256Hex: (data) =>
    typeof data === "string" && data.length <= SHORT_INPUT
      ? bytesToHex(sha256(utf8ToBytes(data)))
      : nodeCrypto().createHash("sha256").update(data).digest("hex"),
  sha256Pieces: () => {
    const hash = nodeCrypto().createHash("sha256")
    return { update: (data) => void hash.update(data), hex: () => hash.digest("hex") }
  }
}

export const NodeHasherLive = Layer.succeed(Hasher, nodeHasher)
