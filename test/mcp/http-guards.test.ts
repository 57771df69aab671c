// Issue 49 item 1: the checks of `skc mcp --http` before MCP (src/mcp/httpAuth.ts, httpGuards.ts).
import { describe, expect, it } from "vitest"
import { authenticate, parseTokens, type TokenSet } from "../../src/mcp/httpAuth.js"
import { clientAddress, makeRateLimiter, MAX_BUCKETS, publicHostOf, refusedHostOrOrigin } from "../../src/mcp/httpGuards.js"

describe("bearer tokens (issue 49 item 1)", () => {
  const set = parseTokens("# comment\nalice:aaaaaaaaaaaaaaaa1\n\nbob: bbbbbbbbbbbbbbbb2 \n", "file") as TokenSet
  it("names the token presented; unknown, absent or not Bearer: undefined", () => {
    expect(authenticate(set, "Bearer aaaaaaaaaaaaaaaa1")).toBe("alice")
    expect(authenticate(set, "bearer bbbbbbbbbbbbbbbb2")).toBe("bob")
    expect(authenticate(set, "Bearer aaaaaaaaaaaaaaaa")).toBeUndefined()
    expect(authenticate(set, "Basic aaaaaaaaaaaaaaaa1")).toBeUndefined()
    expect(authenticate(set, undefined)).toBeUndefined()
  })
  it("refuses bad lines by number, never quoting a token", () => {
    expect(parseTokens("alice\n", "f")).toEqual({ problem: "f: line 1: expected 'name:token'" })
    expect(parseTokens("alice:short", "f")).toEqual({ problem: "f: line 1: the token of 'alice' is shorter than 16 characters" })
    expect(parseTokens("a:aaaaaaaaaaaaaaaa1\na:bbbbbbbbbbbbbbbb2", "f")).toEqual({ problem: "f: line 2: the name 'a' is given twice" })
    expect(parseTokens("a:aaaaaaaaaaaaaaaa1\nb:aaaaaaaaaaaaaaaa1", "f")).toEqual({ problem: "f: line 2: the token of 'b' is already another name's" })
    expect(parseTokens("# none\n", "f")).toEqual({ problem: "f: no 'name:token' line" })
    // A token a Bearer header cannot carry (an inline comment, a byte of another encoding) is a bad line, not a
    // token no one can ever present (a probe: the server started and answered 401 to its engineer).
    const cannotCarry = "holds a space, a control or a non-ASCII character, which a Bearer header cannot carry (a comment goes on a line of its own, starting with #)"
    expect(parseTokens("alice:aaaaaaaaaaaaaaaa1 # laptop", "f")).toEqual({ problem: `f: line 1: the token of 'alice' ${cannotCarry}` })
    expect(parseTokens("a:bbbbbbbbbbbbbbbb2\nbob:bbbbbbbbbbbbbbbb\u00e9", "f")).toEqual({ problem: `f: line 2: the token of 'bob' ${cannotCarry}` })
    expect(parseTokens("bob:bbbbbbbbbbbbbbbb\tb", "f")).toEqual({ problem: `f: line 1: the token of 'bob' ${cannotCarry}` })
  })
  it("a line written token:name (the order swapped) is refused without quoting its token where the name goes", () => {
    // A 48-hex token (`openssl rand -hex 24`) is a valid name: quoted, it went to stderr on every SIGHUP.
    const token = "85ff88a0c97b9634a45c0f0a936025f05e5439d9d22918b0"
    const unshown = "(the name is not shown: of 16 characters or more, it may be a token written first)"
    expect(parseTokens(`${token}:alice`, "f")).toEqual({ problem: `f: line 1: the token is shorter than 16 characters ${unshown}` })
    expect(parseTokens(`${token}:aaaaaaaaaaaaaaaa1\n${token}:bbbbbbbbbbbbbbbb2`, "f")).toEqual({ problem: `f: line 2: the name is given twice ${unshown}` })
    expect(parseTokens(`a:aaaaaaaaaaaaaaaa1\n${token}:aaaaaaaaaaaaaaaa1`, "f")).toEqual({ problem: `f: line 2: the token is already another name's ${unshown}` })
    // A name shorter than any token is still quoted: it cannot be one.
    expect(parseTokens("alice-smith-123:short", "f")).toEqual({ problem: "f: line 1: the token of 'alice-smith-123' is shorter than 16 characters" })
    expect((parseTokens("a:aaaaaaaaaaaaaaaa1,b:bbbbbbbbbbbbbbbb2", "SKILLC_MCP_TOKENS", true) as TokenSet).entries.map((e) => e.name)).toEqual(["a", "b"])
  })
})

describe("Host and Origin (DNS rebinding, issue 49 item 1)", () => {
  const loopback = { loopback: true, allowed: [] }
  it("a loopback server answers loopback names only, and Origins on them", () => {
    expect(refusedHostOrOrigin(loopback, "127.0.0.1:8765", undefined)).toBeUndefined()
    expect(refusedHostOrOrigin(loopback, "localhost:8765", "http://localhost:3000")).toBeUndefined()
    expect(refusedHostOrOrigin(loopback, "[::1]:8765", undefined)).toBeUndefined()
    expect(refusedHostOrOrigin(loopback, "attacker.example:8765", undefined)).toMatch(/Host/)
    expect(refusedHostOrOrigin(loopback, undefined, undefined)).toMatch(/Host/)
    expect(refusedHostOrOrigin(loopback, "localhost:8765", "http://attacker.example")).toMatch(/Origin/)
    expect(refusedHostOrOrigin(loopback, "localhost:8765", "null")).toMatch(/Origin/)
  })
  it("--allow-host adds names; a non-loopback server without a list checks Origin against Host", () => {
    expect(refusedHostOrOrigin({ loopback: false, allowed: ["skills.example.com"] }, "skills.example.com", "https://skills.example.com")).toBeUndefined()
    expect(refusedHostOrOrigin({ loopback: false, allowed: ["skills.example.com"] }, "10.0.0.5:8765", undefined)).toMatch(/Host/)
    expect(refusedHostOrOrigin({ loopback: false, allowed: [] }, "10.0.0.5:8765", undefined)).toBeUndefined()
    expect(refusedHostOrOrigin({ loopback: false, allowed: [] }, "10.0.0.5:8765", "http://evil.example")).toMatch(/Origin/)
  })
})

describe("the public URL's host (WWW-Authenticate, RFC 9728 metadata)", () => {
  it("a plain name or address and port is kept; anything else is the listening address, never copied into a header", () => {
    const listening = "0.0.0.0:8765"
    // [Host header, the host of the public URL]
    const cases: ReadonlyArray<readonly [string | undefined, string]> = [
      ["skills.example.com", "skills.example.com"],
      ["10.0.0.5:8765", "10.0.0.5:8765"],
      ["[::1]:8765", "[::1]:8765"],
      ['a"b, error="x', listening],
      ["a b", listening],
      ["evil.example/path", listening],
      [undefined, listening],
      ["", listening]
    ]
    for (const [host, expected] of cases) expect(publicHostOf(host, listening), String(host)).toBe(expected)
  })
})

describe("the client's address behind a reverse proxy (--trust-proxy, docs/team.md)", () => {
  it("without the flag the header is never read: a client cannot name its own address", () => {
    expect(clientAddress("127.0.0.1", "203.0.113.7", false)).toBe("127.0.0.1")
    expect(clientAddress(undefined, undefined, false)).toBe("?")
  })

  it("with it, the last entry: the address the proxy saw, not what the client sent before it", () => {
    expect(clientAddress("127.0.0.1", "203.0.113.7", true)).toBe("203.0.113.7")
    expect(clientAddress("127.0.0.1", "10.9.9.9, 203.0.113.7", true)).toBe("203.0.113.7")
    expect(clientAddress("127.0.0.1", ["10.9.9.9", "2001:db8::1"], true)).toBe("2001:db8::1")
    expect(clientAddress("127.0.0.1", "203.0.113.7:5123", true)).toBe("203.0.113.7")
    expect(clientAddress("127.0.0.1", "[2001:db8::1]:443", true)).toBe("2001:db8::1")
    expect(clientAddress("127.0.0.1", undefined, true)).toBe("127.0.0.1")
  })

  it("an entry that is no address gives the peer's, as without the flag", () => {
    for (const garbled of ["unknown", "", "evil.example", "203.0.113.7, ", "1.2.3.4 5.6.7.8", "<script>"]) {
      expect(clientAddress("127.0.0.1", garbled, true)).toBe("127.0.0.1")
    }
  })
})

describe("rate limit (issue 49 item 1)", () => {
  it("a bucket per identity: the minute's requests, then seconds to wait; refilled with time", () => {
    let now = 0
    const limiter = makeRateLimiter(2, () => now)
    expect([limiter.take("a"), limiter.take("a"), limiter.take("b")]).toEqual([0, 0, 0])
    expect(limiter.take("a")).toBe(30)
    now += 30_000
    expect(limiter.take("a")).toBe(0)
    expect(makeRateLimiter(0).take("a")).toBe(0)
  })
  it("tracks at most MAX_BUCKETS identities", () => {
    const limiter = makeRateLimiter(5, () => 0)
    for (let i = 0; i < MAX_BUCKETS + 50; i++) limiter.take(`id${i}`)
    expect(limiter.size()).toBeLessThanOrEqual(MAX_BUCKETS)
  })
})
