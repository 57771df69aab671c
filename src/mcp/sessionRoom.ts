/**
 * Which session a new one of `user` takes the place of, on a server that
 * holds at most `max` sessions and `perToken` per token (src/mcp/http.ts).
 *
 * - The token holds `perToken` already: its own least recently used one
 *   (one member's agents never take more).
 * - The server is full: the least recently used session of the token
 *   holding the most (among equals, the one idle longest), when that token
 *   holds more than `user` would. Before,
 *   a full server refused every new session (503) for up to 30 minutes: four
 *   members whose clients never send `DELETE` (64 sessions each) locked
 *   every other member out.
 * - Else nothing is closed; a full server then refuses (`refuse`).
 *
 * - Without tokens (`user` undefined: a loopback server, one identity) a
 *   full server closes its least recently used session, as a token at its
 *   own limit does: every session is that one user's. It refused instead,
 *   and clients that never send `DELETE` (the MCP Inspector's CLI, scripts,
 *   a CI loop) locked the user's own agent out for 30 minutes after 256 runs.
 */
export interface HeldSession {
  readonly id: string
  readonly user: string | undefined
  readonly lastUsed: number
}

export type Room =
  | { readonly _tag: "Free" }
  | { readonly _tag: "Close"; readonly id: string; readonly owner: string | undefined; readonly why: "token-limit" | "fair-share" | "full" }
  | { readonly _tag: "Refuse" }

export const roomFor = (sessions: Iterable<HeldSession>, user: string | undefined, max: number, perToken: number): Room => {
  const count = new Map<string | undefined, number>()
  const oldest = new Map<string | undefined, HeldSession>()
  let total = 0
  for (const s of sessions) {
    total++
    count.set(s.user, (count.get(s.user) ?? 0) + 1)
    const o = oldest.get(s.user)
    if (o === undefined || s.lastUsed < o.lastUsed) oldest.set(s.user, s)
  }
  const own = user === undefined ? 0 : (count.get(user) ?? 0)
  if (user !== undefined && own >= perToken) return { _tag: "Close", id: oldest.get(user)!.id, owner: user, why: "token-limit" }
  if (total < max) return { _tag: "Free" }
  if (user === undefined) {
    let lru: HeldSession | undefined
    for (const o of oldest.values()) if (lru === undefined || o.lastUsed < lru.lastUsed) lru = o
    return lru === undefined ? { _tag: "Refuse" } : { _tag: "Close", id: lru.id, owner: undefined, why: "full" }
  }
  let largest: string | undefined
  for (const [u, n] of count) {
    if (u === undefined || u === user) continue
    // The most sessions; among equals, the one whose least recently used session is the oldest.
    if (largest === undefined || n > count.get(largest)! || (n === count.get(largest)! && oldest.get(u)!.lastUsed < oldest.get(largest)!.lastUsed)) largest = u
  }
  if (largest === undefined || count.get(largest)! <= own + 1) return { _tag: "Refuse" }
  return { _tag: "Close", id: oldest.get(largest)!.id, owner: largest, why: "fair-share" }
}
