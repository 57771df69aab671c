/**
 * Hasher port: SHA-256 (also used by the in-memory test layer: hashing is pure).
 *
 * Loading `node:crypto` costs a fresh process about 8 ms of its start-up (it
 * loads some twenty internal modules), more than hashing a few small inputs
 * in JavaScript (`@noble/hashes`) takes: a skill's path, which names its
 * search index, on every `show`, `search` and `build`, and the `SKILL.md` a
 * no-op build always reads. So the first few small inputs of a process are
 * hashed in JavaScript; a large input, the pieces of a huge file, or more
 * than a few dozen small ones (a build that reads many files, an MCP server
 * indexing a large skill) load `node:crypto`, several times faster per byte,
 * and from then on everything goes there (issue 30, docs/benchmarks.md).
 * Both give the same digest (test/adapters/nodeHasher.test.ts).
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import { Layer } from "effect"
import { Hasher, type HasherService } from "../../ports/Hasher.js"
import { nodeCrypto, nodeCryptoLoaded } from "./lazyCrypto.js"

/** Inputs up to this many bytes (or UTF-16 units) may be hashed in JavaScript. */
export const SHORT_INPUT = 4096
/** How many small inputs a process hashes in JavaScript before node:crypto is worth loading. */
export const JAVASCRIPT_BUDGET = 32

const javascriptHex = (data: Uint8Array | string): string => bytesToHex(sha256(typeof data === "string" ? utf8ToBytes(data) : data))
const nativeHex = (data: Uint8Array | string): string => nodeCrypto().createHash("sha256").update(data).digest("hex")

/** The two ways to a digest, and whether node:crypto is loaded (tests count the calls). */
export interface HashEngines {
  readonly javascript: (data: Uint8Array | string) => string
  readonly native: (data: Uint8Array | string) => string
  readonly nativeLoaded: () => boolean
}

const ENGINES: HashEngines = { javascript: javascriptHex, native: nativeHex, nativeLoaded: nodeCryptoLoaded }

/** A hasher that hashes its first `budget` small inputs in JavaScript, unless node:crypto is already loaded. */
export const makeNodeHasher = (budget: number = JAVASCRIPT_BUDGET, engines: HashEngines = ENGINES): HasherService => {
  let left = budget
  return {
    sha256Hex: (data) => {
      if (left > 0 && data.length <= SHORT_INPUT && !engines.nativeLoaded()) {
        left--
        return engines.javascript(data)
      }
      return engines.native(data)
    },
    sha256Pieces: () => {
      const hash = nodeCrypto().createHash("sha256")
      return { update: (data) => void hash.update(data), hex: () => hash.digest("hex") }
    }
  }
}

export const nodeHasher: HasherService = makeNodeHasher()

export const NodeHasherLive = Layer.succeed(Hasher, nodeHasher)
