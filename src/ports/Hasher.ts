/**
 * SHA-256 as a service. Hashing is not I/O, but the fast implementation
 * (node:crypto, native and synchronous) lives outside the pure domain, so it
 * comes through a port like every other platform facility.
 */
import { Context } from "effect"

export interface HasherService {
  /** Lowercase hex SHA-256 of the bytes (strings are hashed as UTF-8). */
  readonly sha256Hex: (data: Uint8Array | string) => string
}

export class Hasher extends Context.Service<Hasher, HasherService>()("skillc/Hasher") {}
