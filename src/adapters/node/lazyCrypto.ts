/**
 * node:crypto, loaded on first use. Most invocations never hash or need a
 * random temp name (`show`, `outline`, `search`), and loading the module
 * costs a few milliseconds of every start (issue 16). `createRequire` is
 * the way to a lazy built-in that works both in the ES modules of the
 * library and in the CommonJS bundle of the CLI; its base path does not
 * matter for built-ins.
 */
import { createRequire } from "node:module"
import type * as Crypto from "node:crypto"

let crypto: typeof Crypto | undefined

export const nodeCrypto = (): typeof Crypto => (crypto ??= createRequire(process.execPath)("node:crypto") as typeof Crypto)

/** Whether node:crypto has been loaded in this process (the hasher then uses it for everything). */
export const nodeCryptoLoaded = (): boolean => crypto !== undefined
