// The pure checks of revision 2026-07-28 over HTTP (src/mcp/httpModern.ts;
// basic/transports/streamable-http "Request Metadata", "Value Encoding",
// "Server Validation"). The server itself is driven in
// test/e2e/mcp-http-modern.test.ts.
import { describe, expect, it } from "vitest"
import { decodedHeaderValue, eraOf, headerMismatch, metaProblem, statusOf } from "../../src/mcp/httpModern.js"

const meta = (version: string) => ({ _meta: { "io.modelcontextprotocol/protocolVersion": version, "io.modelcontextprotocol/clientCapabilities": {} } })
const b64 = (s: string) => `=?base64?${Buffer.from(s, "utf8").toString("base64")}?=`

describe("eraOf: which requests are served without a handshake", () => {
  it("a body naming 2026-07-28, or a header naming a version that is not a handshake revision, is modern", () => {
    expect(eraOf({}, { id: 1, method: "tools/list", params: meta("2026-07-28") })).toBe("modern")
    expect(eraOf({ "mcp-protocol-version": "2026-07-28" }, { id: 1, method: "tools/list" })).toBe("modern")
    expect(eraOf({ "mcp-protocol-version": "2099-01-01" }, { id: 1, method: "tools/list", params: meta("2099-01-01") })).toBe("modern")
  })
  it("initialize, a handshake revision's header or _meta, and no version at all go to the SDK", () => {
    expect(eraOf({}, { id: 1, method: "initialize", params: { protocolVersion: "2026-07-28" } })).toBe("legacy")
    expect(eraOf({ "mcp-protocol-version": "2025-06-18" }, { id: 1, method: "tools/list" })).toBe("legacy")
    expect(eraOf({}, { id: 1, method: "tools/list", params: meta("2025-11-25") })).toBe("legacy")
    expect(eraOf({}, { id: 1, method: "tools/list" })).toBe("legacy")
  })
  it("an initialize under a modern header or _meta version is modern: a method the revision removed (404)", () => {
    expect(eraOf({ "mcp-protocol-version": "2026-07-28" }, { id: 1, method: "initialize", params: {} })).toBe("modern")
    expect(eraOf({}, { id: 1, method: "initialize", params: meta("2026-07-28") })).toBe("modern")
  })
  it("a handshake revision in _meta under a modern header is modern (and then a mismatch)", () => {
    const message = { id: 1, method: "tools/list", params: meta("2025-11-25") }
    expect(eraOf({ "mcp-protocol-version": "2026-07-28" }, message)).toBe("modern")
    expect(headerMismatch({ "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" }, message)).toMatch(/does not match body value '2025-11-25'/)
  })
})

describe("decodedHeaderValue: the Base64 sentinel", () => {
  it("decodes UTF-8 and leaves a plain value alone", () => {
    expect(decodedHeaderValue(b64("Hello, 世界"))).toBe("Hello, 世界")
    expect(decodedHeaderValue(b64("=?base64?literal?="))).toBe("=?base64?literal?=")
    expect(decodedHeaderValue("us-west1")).toBe("us-west1")
  })
  it("refuses what is not Base64 of UTF-8", () => {
    expect(decodedHeaderValue("=?base64?***?=")).toBeUndefined()
    expect(decodedHeaderValue(`=?base64?${Buffer.from([0xff, 0xfe]).toString("base64")}?=`)).toBeUndefined()
  })
})

describe("headerMismatch", () => {
  const call = { id: 2, method: "resources/read", params: { uri: "skill://notes/SKILL.md", ...meta("2026-07-28") } }
  const ok = { "mcp-protocol-version": "2026-07-28", "mcp-method": "resources/read", "mcp-name": "skill://notes/SKILL.md" }
  it("headers that mirror the body pass, Mcp-Name plain or encoded", () => {
    expect(headerMismatch(ok, call)).toBeUndefined()
    expect(headerMismatch({ ...ok, "mcp-name": b64("skill://notes/SKILL.md") }, call)).toBeUndefined()
  })
  it("a repeated header, a missing one or one that differs is named", () => {
    expect(headerMismatch({ ...ok, "mcp-method": ["resources/read", "resources/read"] }, call)).toMatch(/Mcp-Method is repeated/)
    expect(headerMismatch({ ...ok, "mcp-name": undefined }, call)).toMatch(/Mcp-Name header is required for resources\/read/)
    expect(headerMismatch({ ...ok, "mcp-name": "skill://other/SKILL.md" }, call)).toMatch(/does not match body value 'skill:\/\/notes\/SKILL.md'/)
    expect(headerMismatch({ ...ok, "mcp-name": "caf\u00e9" }, call)).toMatch(/characters a header value may not/)
  })
  it("an extension method naming a resource (skills/get) needs no Mcp-Name, but one sent must match its uri (streamable-http, Server Validation)", () => {
    const get = { id: 3, method: "skills/get", params: { uri: "skill://project/alpha/SKILL.md", ...meta("2026-07-28") } }
    const headers = { "mcp-protocol-version": "2026-07-28", "mcp-method": "skills/get" }
    expect(headerMismatch(headers, get)).toBeUndefined()
    expect(headerMismatch({ ...headers, "mcp-name": "skill://project/alpha/SKILL.md" }, get)).toBeUndefined()
    expect(headerMismatch({ ...headers, "mcp-name": "skill://project/beta/SKILL.md" }, get)).toMatch(/does not match body value 'skill:\/\/project\/alpha\/SKILL.md'/)
  })
  it("a body value of the wrong type is the body's problem (-32602), not a header mismatch, whatever the header says (a probe)", () => {
    // The header '20260728' "did not match" the body's number 20260728; `metaProblem` names the type.
    const numbered = { id: 1, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": 20260728, "io.modelcontextprotocol/clientCapabilities": {} } } }
    expect(headerMismatch({ "mcp-protocol-version": "20260728", "mcp-method": "tools/list" }, numbered)).toBeUndefined()
    expect(metaProblem(numbered)).toMatch(/protocolVersion/)
    const uri5 = { id: 2, method: "resources/read", params: { uri: 5, ...meta("2026-07-28") } }
    expect(headerMismatch({ ...ok, "mcp-name": "5" }, uri5)).toBeUndefined()
  })
  it("a method that names nothing needs no Mcp-Name", () => {
    expect(headerMismatch({ "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" }, { id: 1, method: "tools/list", params: meta("2026-07-28") })).toBeUndefined()
  })
})

describe("statusOf", () => {
  it("the revision's transport errors are 400, an unknown method 404, every other answer 200", () => {
    const error = (code: number) => ({ jsonrpc: "2.0" as const, id: 1, error: { code, message: "x" } })
    expect([-32020, -32021, -32022].map((c) => statusOf(error(c)))).toEqual([400, 400, 400])
    expect(statusOf(error(-32601))).toBe(404)
    expect(statusOf(error(-32602))).toBe(200)
    expect(statusOf({ jsonrpc: "2.0", id: 1, result: {} })).toBe(200)
  })
})

describe("metaProblem: the per-request fields a modern request must carry", () => {
  it("names a missing _meta, version or capabilities object", () => {
    expect(metaProblem({ id: 1, method: "tools/list" })).toMatch(/needs params._meta/)
    expect(metaProblem({ id: 1, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/clientCapabilities": {} } } })).toMatch(/protocolVersion/)
    expect(metaProblem({ id: 1, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": [] } } })).toMatch(/clientCapabilities" \(an object\)/)
    expect(metaProblem({ id: 1, method: "tools/list", params: meta("2026-07-28") })).toBeUndefined()
  })
})
