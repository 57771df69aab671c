/**
 * The client an access row records (`args.client`, issue 49 item 2): its MCP
 * `clientInfo` as `name/version`. A client names itself, so the label is
 * bounded: each part 1–100 characters, else the row records no client
 * (a 1 MB name would otherwise be copied into every row of the session).
 */
export const clientLabel = (name: unknown, version: unknown): string | undefined => {
  const ok = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 100
  return ok(name) && ok(version) ? `${name}/${version}` : undefined
}

/**
 * The client of a stateless request of a handshake revision, which names itself nowhere but in an
 * `initialize` another request (or another replica) answered: the first product of its `User-Agent`,
 * when that is `name/version`. The agents a team points at skc send their `clientInfo` there too
 * (Codex 0.171.0 `codex-mcp-client/0.171.0`, Claude Code 2.1.332 `claude-code/2.1.332 (sdk-cli)`);
 * without it every row of Codex's default (2025-11-25) calls to a `--stateless` server had no client.
 */
export const clientOfUserAgent = (userAgent: string | undefined): string | undefined => {
  const product = userAgent === undefined ? undefined : /^([A-Za-z0-9][\w.@+-]*)\/([\w.+-]+)(?:\s|$)/.exec(userAgent)
  return product === undefined || product === null ? undefined : clientLabel(product[1], product[2])
}
