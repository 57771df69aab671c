/**
 * SHA-256 as a service. Hashing is not I/O, but the fast implementation
 * (node:crypto, native and synchronous) lives outside the pure domain, so it
 * comes through a port like every other platform facility.
 */
import { Context } from "effect"

export interface HasherService {
  /** Lowercase hex SHA-256 of the bytes (strings are hashed as UTF-8). */
  readonly sha256Hex: (data: Uint8Array | string) => string
  /**
   * The same over data given in pieces, so a long input can be hashed
   * between turns of the event loop (a 100k-file skill's source-hash input
   * is 9 MB, 45 ms in one call). Optional: without it, callers join the
   * pieces and use `sha256Hex`.
   */
  readonly sha256Pieces?: () => { readonly update: (data: Uint8Array | string) => void; readonly hex: () => string }
}

export class Hasher extends Context.Service<Hasher, HasherService>()("skillc/Hasher") {}
