// Which session a new one takes the place of on `skc mcp --http` (src/mcp/sessionRoom.ts; docs/team.md).
import { describe, expect, it } from "vitest"
import { roomFor, type HeldSession } from "../../src/mcp/sessionRoom.js"

/** `n` sessions of `user`, the first the least recently used. */
const held = (user: string | undefined, n: number, from = 0): Array<HeldSession> =>
  Array.from({ length: n }, (_, i) => ({ id: `${user ?? "anon"}-${i}`, user, lastUsed: from + i }))

describe("roomFor (issue 49: one server for every engineer's agent)", () => {
  it("room left: nothing is closed", () => {
    expect(roomFor(held("alice", 3), "bob", 8, 4)).toEqual({ _tag: "Free" })
  })

  it("a token at its limit: its own least recently used session goes, whoever else is there", () => {
    expect(roomFor([...held("alice", 4, 10), ...held("bob", 2)], "alice", 8, 4)).toEqual({ _tag: "Close", id: "alice-0", owner: "alice", why: "token-limit" })
  })

  it("a full server: four members whose clients never send DELETE no longer lock out a fifth", () => {
    const full = [...held("u1", 64, 100), ...held("u2", 64, 200), ...held("u3", 64, 0), ...held("u4", 64, 300)]
    expect(roomFor(full, "u5", 256, 64)).toEqual({ _tag: "Close", id: "u3-0", owner: "u3", why: "fair-share" })
  })

  it("a full server takes from the token holding the most, only when it holds more than the newcomer would", () => {
    const full = [...held("big", 5, 50), ...held("small", 3)]
    expect(roomFor(full, "small", 8, 8)).toMatchObject({ _tag: "Close", owner: "big", id: "big-0" })
    // Even shares: nothing to take, the new session is refused.
    expect(roomFor([...held("a", 4), ...held("b", 4)], "b", 8, 8)).toEqual({ _tag: "Refuse" })
    expect(roomFor([...held("a", 5), ...held("b", 3)], "a", 8, 8)).toEqual({ _tag: "Refuse" })
  })

  // A probe with the MCP Inspector's CLI: each run left its session open (no DELETE); after 256 the user's
  // own agent was refused (503) for 30 minutes on their own loopback server.
  it("without tokens (one identity) a full server closes its least recently used session, as a token at its limit does", () => {
    const sessions = held(undefined, 8, 100).map((s, i) => (i === 5 ? { ...s, lastUsed: 1 } : s))
    expect(roomFor(sessions, undefined, 8, 4)).toEqual({ _tag: "Close", id: sessions[5]!.id, owner: undefined, why: "full" })
    expect(roomFor(held(undefined, 7), undefined, 8, 4)).toEqual({ _tag: "Free" })
  })
})
