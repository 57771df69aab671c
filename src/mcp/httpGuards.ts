/**
 * What `skc mcp --http` checks before a request reaches MCP (issue 49 item 1;
 * MCP 2026-07-28 basic/transports "Security Warning" and
 * basic/security_best_practices, DNS rebinding):
 *
 * - **Host**: a server bound to a loopback address answers only requests
 *   naming a loopback host (`localhost`, `127.0.0.1`, `[::1]`) or one given
 *   with `--allow-host`: a page whose name was rebound to 127.0.0.1 sends
 *   its own name as Host and gets 403. A server bound to another address
 *   requires a token (a rebinding page has none), and checks Host only
 *   when `--allow-host` names the hosts it is reached by.
 * - **Origin**: absent (every non-browser client) passes; present, its host
 *   must be loopback (loopback binding) or an allowed host, else 403.
 * - **Rate**: a token bucket per identity (token name, else the client's
 *   address): `--rate N` requests a minute, bursts up to N; over it, 429
 *   with `Retry-After`. At most MAX_BUCKETS identities are tracked; the
 *   oldest full bucket is dropped first, so the table cannot grow without bound.
 * - **Client address** (`clientAddress`): the TCP peer's, or with
 *   `--trust-proxy` the one the reverse proxy in front saw, so the rate of
 *   refused tokens and the operator's lines name each client, not the proxy.
 */
import { isIP } from "node:net"

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1", "[::1]"])

/** Whether an address to bind is loopback (`127.0.0.0/8`, `::1`, `localhost`). */
export const isLoopbackAddress = (host: string): boolean => LOOPBACK_NAMES.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)

/** The host name of a `Host` header value (`name:port`, `[v6]:port`), lower-cased; undefined when unreadable. */
export const hostNameOf = (header: string | undefined): string | undefined => {
  if (header === undefined || header === "") return undefined
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:\s/]+)(?::\d{1,5})?$/.exec(header.trim())
  return m === null ? undefined : m[1]!.toLowerCase()
}

/** A Host header that is a host name or address and an optional port, nothing else. */
const PLAIN_HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/

/**
 * The host (and port) of the server's public URL for a request: its Host
 * header when that is a plain name or address and port, else `listening`,
 * the address the server is bound to. The value is written into
 * `WWW-Authenticate` and the protected-resource metadata, so a Host of a
 * server that checks none (a non-loopback one without `--allow-host`) must
 * not bring quotes, commas or spaces into them (`a"b, error="x`).
 */
export const publicHostOf = (header: string | undefined, listening: string): string =>
  header !== undefined && PLAIN_HOST.test(header) ? header : listening

export interface HostPolicy {
  /** Whether the server is bound to a loopback address. */
  readonly loopback: boolean
  /** `--allow-host` names (lower case). */
  readonly allowed: ReadonlyArray<string>
}

const allowedName = (policy: HostPolicy, name: string): boolean =>
  policy.allowed.includes(name) || (policy.loopback && isLoopbackAddress(name))

/** Why a request's Host or Origin is refused (403), or undefined when it passes. */
export const refusedHostOrOrigin = (policy: HostPolicy, host: string | undefined, origin: string | undefined): string | undefined => {
  const name = hostNameOf(host)
  if (policy.loopback || policy.allowed.length > 0) {
    if (name === undefined || !allowedName(policy, name)) return `Host '${host ?? ""}' is not served here (DNS rebinding protection; --allow-host names others)`
  }
  if (origin === undefined) return undefined
  let originHost: string
  try {
    originHost = new URL(origin).hostname.toLowerCase()
  } catch {
    return `Origin '${origin}' is not a URL`
  }
  if (policy.loopback || policy.allowed.length > 0) {
    return allowedName(policy, originHost) ? undefined : `Origin '${origin}' is not allowed (DNS rebinding protection; --allow-host names others)`
  }
  // Bound elsewhere, no list: a browser page may call only from the origin it reached the server by.
  return name !== undefined && originHost === name ? undefined : `Origin '${origin}' is not this server's (DNS rebinding protection; --allow-host names others)`
}

/**
 * What a browser needs to read an answer for a page of `origin`, once `refusedHostOrOrigin` let the origin
 * through (the DNS-rebinding check stays the only gate: these headers open nothing it refused): the origin
 * itself (never `*`, so a token may be sent), and the headers a client reads (the session, the revision, the
 * challenge of a 401, when to retry).
 */
export const corsHeaders = (origin: string): Readonly<Record<string, string>> => ({
  "access-control-allow-origin": origin,
  "access-control-expose-headers": "mcp-session-id, mcp-protocol-version, www-authenticate, retry-after"
})

/**
 * The answer to a CORS preflight (`OPTIONS`, sent by a browser without the token): the methods and request
 * headers of the MCP endpoint and of the telemetry one, for ten minutes.
 */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-methods": "GET, POST, DELETE, OPTIONS",
  // 2026-07-28's standard request headers (`Mcp-Method`, `Mcp-Name`) beside the earlier revisions' own: without
  // them a browser refused every request of the newer revision (a team-server probe).
  "access-control-allow-headers": "authorization, content-type, accept, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id",
  "access-control-max-age": "600"
}

/** A header name as HTTP spells one (a token); a preflight's list is split on commas and each checked. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/**
 * The preflight's answer to `Access-Control-Request-Headers`: the headers above, and the `Mcp-Param-{Name}`
 * headers the page asks to send (2026-07-28: a tool's parameters mirrored as headers, one name per
 * parameter, which no fixed list holds; a wildcard is not honoured for a request with credentials).
 */
export const preflightHeaders = (requested: string | undefined): Readonly<Record<string, string>> => {
  const params = (requested ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h.startsWith("mcp-param-") && h.length > "mcp-param-".length && HEADER_NAME.test(h))
  if (params.length === 0) return PREFLIGHT_HEADERS
  const allowed = `${PREFLIGHT_HEADERS["access-control-allow-headers"]}, ${[...new Set(params)].join(", ")}`
  return { ...PREFLIGHT_HEADERS, "access-control-allow-headers": allowed }
}

/**
 * The client's address as the server rates it and tells the operator: the TCP peer's, or, with
 * `--trust-proxy`, the last entry of `X-Forwarded-For` (Node joins repeated headers with ", "): the address
 * the reverse proxy in front saw. Entries before it are what the client itself sent, and anyone can send
 * them, so only the last is read; and only when asked, since a client reaching the port directly could name
 * any address (docs/team.md "Behind a reverse proxy").
 */
export const clientAddress = (peer: string | undefined, forwardedFor: string | ReadonlyArray<string> | undefined, trustProxy: boolean): string => {
  const fallback = peer ?? "?"
  if (!trustProxy || forwardedFor === undefined) return fallback
  const joined = typeof forwardedFor === "string" ? forwardedFor : forwardedFor.join(",")
  const last = joined.split(",").pop()!.trim()
  // Recovery: an entry that is no address ("unknown", a host name, garbage) gives the peer's address, as
  // without the flag; an address with a port (`203.0.113.7:5123`, `[2001:db8::1]:443`) is read without it.
  const bare = /^\[([0-9A-Fa-f:.]+)\](?::\d+)?$/.exec(last)?.[1] ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(last)?.[1] ?? last
  return isIP(bare) === 0 ? fallback : bare
}

/** Identities tracked at most by the rate limiter. */
export const MAX_BUCKETS = 10_000

interface Bucket {
  tokens: number
  at: number
}

/** A token bucket per identity: `perMinute` requests a minute, bursts up to `perMinute`. */
export const makeRateLimiter = (perMinute: number, now: () => number = Date.now) => {
  const buckets = new Map<string, Bucket>()
  const perMs = perMinute / 60_000
  const refill = (b: Bucket, t: number) => {
    b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * perMs)
    b.at = t
  }
  /**
   * 0 when the request may go, else the seconds to wait (Retry-After). `count`: the requests it is
   * (a JSON-RPC batch is as many as its messages), taken all or none.
   */
  const take = (identity: string, count = 1): number => {
    if (perMinute <= 0) return 0
    const t = now()
    let b = buckets.get(identity)
    if (b === undefined) {
      if (buckets.size >= MAX_BUCKETS) {
        // Drop identities whose bucket has refilled (they lose nothing); else the oldest one.
        for (const [k, v] of buckets) {
          refill(v, t)
          if (v.tokens >= perMinute) buckets.delete(k)
        }
        if (buckets.size >= MAX_BUCKETS) buckets.delete(buckets.keys().next().value!)
      }
      b = { tokens: perMinute, at: t }
      buckets.set(identity, b)
    } else refill(b, t)
    if (b.tokens >= count) {
      b.tokens -= count
      return 0
    }
    // More than a minute's allowance at once never fits: the wait is a full refill, as for any spent bucket.
    return Math.max(1, Math.ceil((Math.min(count, perMinute) - b.tokens) / perMs / 1000))
  }
  return { take, size: () => buckets.size }
}
