/** Hasher port on node:crypto (also used by the in-memory test layer: hashing is pure). */
import { nodeCrypto } from "./lazyCrypto.js"
import { Layer } from "effect"
import { Hasher, type HasherService } from "../../ports/Hasher.js"

export const nodeHasher: HasherService = {
  sha256Hex: (data) => nodeCrypto().createHash("sha256").update(data).digest("hex"),
  sha256Pieces: () => {
    const hash = nodeCrypto().createHash("sha256")
    return { update: (data) => void hash.update(data), hex: () => hash.digest("hex") }
  }
}

export const NodeHasherLive = Layer.succeed(Hasher, nodeHasher)
