/**
 * Bearer tokens of `skc mcp --http` (issue 49 item 1; MCP 2026-07-28
 * basic/authorization: a protected resource answers 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"`, RFC 9728).
 *
 * Tokens come from `--tokens <file>` or `SKILLC_MCP_TOKENS`, one `name:token`
 * per line (`#` comments and blank lines skipped; the environment variable
 * may separate entries with commas too). The name is who reads: it is
 * recorded in every access row of that token's calls (`args.user`) and
 * keys the rate limit. Only SHA-256 digests of the tokens are kept, and a
 * presented token is compared with every one of them with
 * `crypto.timingSafeEqual` over digests of equal length, without stopping at
 * a match: the time taken says nothing of which token, or how much of one,
 * matched.
 */
import type * as NodeCrypto from "node:crypto"

/**
 * `node:crypto`, loaded at first use: `skc mcp`'s bundle reads its flags with
 * this module, and a stdio server, which takes no token, never loads it
 * (start-up and memory, docs/architecture.md "Start-up").
 */
const crypto = (): typeof NodeCrypto => process.getBuiltinModule("node:crypto")

/** The shortest token accepted: 16 characters (a guessable token is no authentication). */
export const MIN_TOKEN_LENGTH = 16

const NAME = /^[A-Za-z0-9._@+-]{1,64}$/

/** The configured tokens: each name with the digest of its token. */
export interface TokenSet {
  readonly entries: ReadonlyArray<{ readonly name: string; readonly digest: Buffer }>
}

const digestOf = (token: string): Buffer => crypto().createHash("sha256").update(token, "utf8").digest()

/**
 * A name as a message may quote it, or undefined. A name of MIN_TOKEN_LENGTH characters or more may be a
 * token: a line written `token:name` (the order swapped) has the token where the name goes, and the file
 * is read again on every SIGHUP, its problems written to the server's log. The line number says where.
 */
const quoted = (name: string): string | undefined => (name.length < MIN_TOKEN_LENGTH ? `'${name}'` : undefined)

/** `name:token` lines; the problem with the first bad line (its number, never the token) otherwise. */
export const parseTokens = (text: string, source: string, commas = false): TokenSet | { readonly problem: string } => {
  const entries: Array<{ name: string; digest: Buffer }> = []
  const names = new Set<string>()
  const digests = new Set<string>()
  const lines = text.split(commas ? /[\n,]/ : /\n/)
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim()
    if (line === "" || line.startsWith("#")) continue
    const where = commas ? `${source}: entry ${i + 1}` : `${source}: line ${i + 1}`
    const colon = line.indexOf(":")
    if (colon <= 0) return { problem: `${where}: expected 'name:token'` }
    const name = line.slice(0, colon).trim()
    const token = line.slice(colon + 1).trim()
    if (!NAME.test(name)) return { problem: `${where}: a name is 1-64 of A-Z a-z 0-9 . _ @ + -` }
    const shown = quoted(name)
    // The name where it can be shown; else the line alone, and why the name is left out.
    const [of, named, unshown] =
      shown === undefined ? ["", "", ` (the name is not shown: of ${MIN_TOKEN_LENGTH} characters or more, it may be a token written first)`] : [` of ${shown}`, ` ${shown}`, ""]
    if (token.length < MIN_TOKEN_LENGTH) return { problem: `${where}: the token${of} is shorter than ${MIN_TOKEN_LENGTH} characters${unshown}` }
    // What `Authorization: Bearer <token>` can carry is visible ASCII without spaces: a token holding more
    // (`alice:tok # a comment`, a byte of another encoding) was accepted and could never be presented.
    if (!/^[\x21-\x7e]+$/.test(token))
      return { problem: `${where}: the token${of} holds a space, a control or a non-ASCII character, which a Bearer header cannot carry (a comment goes on a line of its own, starting with #)${unshown}` }
    if (names.has(name)) return { problem: `${where}: the name${named} is given twice${unshown}` }
    const digest = digestOf(token)
    if (digests.has(digest.toString("hex"))) return { problem: `${where}: the token${of} is already another name's${unshown}` }
    names.add(name)
    digests.add(digest.toString("hex"))
    entries.push({ name, digest })
  }
  if (entries.length === 0) return { problem: `${source}: no 'name:token' line` }
  return { entries }
}

/** The name of the token an `Authorization` header presents, or undefined (absent, not Bearer, unknown). */
export const authenticate = (tokens: TokenSet, authorization: string | undefined): string | undefined => {
  if (authorization === undefined) return undefined
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  if (m === null) return undefined
  const presented = digestOf(m[1]!)
  let found: string | undefined
  // Every digest is compared, a match or not: no early exit.
  for (const { name, digest } of tokens.entries) {
    if (crypto().timingSafeEqual(presented, digest) && found === undefined) found = name
  }
  return found
}
