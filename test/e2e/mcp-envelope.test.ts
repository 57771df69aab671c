/**
 * `skc mcp` on the wire, raw JSON-RPC lines over stdio: what an envelope,
 * a batch, a subscription filter or a tool's arguments that are wrong get
 * (QA findings on request ids, duplicate batch ids, `subscriptions/listen`
 * filters, `__proto__` arguments, a modern `initialize`, and the log line of
 * a malformed notification).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { converse as converseRaw } from "../helpers/mcpWire.js"

interface Wire {
  id?: unknown
  result?: any
  error?: { code: number; message: string }
}

const MODERN = "2026-07-28"
const META = { "io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {} }
const init = (id: number, protocolVersion = "2025-11-25", params: Record<string, unknown> = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "1" }, ...params } })
const initialized = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })

/** `converse` of test/helpers/mcpWire.ts in a fresh sandbox, each answer parsed. */
const converse = async (lines: ReadonlyArray<string>) => {
  const box = sandbox()
  const r = await converseRaw(box.work, box.home, lines)
  return { ...r, answers: r.stdout.map((l) => JSON.parse(l) as Wire | Array<Wire>) }
}

describe("skc mcp: envelopes, batches, filters and arguments that are wrong", () => {
  it('2026-07-28 basic/index ("Requests MUST include a string or integer ID"): any other id is -32600 Invalid Request without an id ("Error Responses": none where it could not be read), never -32602', async () => {
    const { answers } = await converse([
      '{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
      '{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}',
      '{"jsonrpc":"2.0","id":1.5,"method":"tools/list","params":{"_meta":{"progressToken":{}}}}',
      '{"jsonrpc":"2.0","id":-7,"method":"tools/list","params":{"_meta":{"progressToken":{}}}}'
    ])
    // No handshake made: the 2026-07-28 schema's JSONRPCErrorResponse, whose id is optional and never null.
    expect(answers[0]).toEqual({ jsonrpc: "2.0", error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message" } })
    // The large number is not echoed back rounded (1.2345678901234568e+29 would name another request).
    expect(answers[1]).toEqual({ jsonrpc: "2.0", error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message" } })
    // A bad id comes before bad params: the envelope is checked first.
    expect(answers[2]).toEqual({ jsonrpc: "2.0", error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message" } })
    // A valid (negative integer) id with bad params stays -32602, answered with its id.
    expect(answers[3]).toMatchObject({ id: -7, error: { code: -32602 } })
  })

  it("2025-03-26 basic/index (Batching): an id shared by requests of a batch gets exactly one answer, -32600, and none of them is served", async () => {
    const ping = (id: unknown) => ({ jsonrpc: "2.0", id, method: "ping" })
    const { answers } = await converse([
      init(1, "2025-03-26"),
      initialized,
      JSON.stringify([ping(2), ping(3), { jsonrpc: "2.0", id: 2, method: "tools/list" }, ping("2"), { jsonrpc: "2.0", id: 2, method: 5 }])
    ])
    const batch = answers[1] as Array<Wire>
    expect(batch.filter((a) => a.id === 2)).toEqual([
      { jsonrpc: "2.0", id: 2, error: { code: -32600, message: "Invalid Request: id 2 is used by 3 messages of the batch (none of them is served)" } }
    ])
    // The string "2" is another id: served, as is 3.
    expect(batch.filter((a) => a.id !== 2).map((a) => [a.id, a.result])).toEqual([
      [3, {}],
      ["2", {}]
    ])
  })

  it('2026-07-28 basic/patterns/subscriptions ("Notification Filter"): a filter flag that is not a boolean, or no filter, is -32602', async () => {
    const listen = (id: number, notifications?: unknown) =>
      JSON.stringify({ jsonrpc: "2.0", id, method: "subscriptions/listen", params: { _meta: META, ...(notifications === undefined ? {} : { notifications }) } })
    const { answers } = await converse([
      listen(1, { toolsListChanged: "yes" }),
      listen(2),
      listen(3, "all"),
      listen(4, { resourceSubscriptions: [1] })
    ])
    expect(answers[0]).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32602, message: "Invalid params: params.notifications.toolsListChanged: expected boolean, received string" }
    })
    expect(answers.slice(1).map((a) => [(a as Wire).id, (a as Wire).error?.code])).toEqual([
      [2, -32602],
      [3, -32602],
      [4, -32602]
    ])
  })

  it("2026-07-28 server/tools (tools/call): a __proto__ argument is unknown, E100 as any other, not dropped unseen", async () => {
    const call = (id: number, args: string) => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"skc_list","arguments":${args}}}`
    const { answers } = await converse([init(1), initialized, call(2, '{"__proto__":{"limit":1}}'), call(3, '{"bogus":1}'), call(4, '{"constructor":1}')])
    const text = (a: unknown) => (a as Wire).result?.content[0].text as string
    expect(answers[1]).toMatchObject({ id: 2, result: { isError: true } })
    expect(text(answers[1])).toBe(text(answers[2]).replace("bogus", "__proto__"))
    expect(text(answers[1])).toMatch(/^error\[E100\]: invalid option: '__proto__: is unexpected, expected: "scope" \| /)
    expect(text(answers[3])).toMatch(/^error\[E100\]: invalid option: 'constructor: is unexpected/)
  })

  it("prompts/get: a __proto__ argument is an undeclared argument (-32602) as any other, not dropped unseen (an MCP probe, seventy-third pass)", async () => {
    const box = sandbox()
    const dir = join(box.work, ".skillc", "skills", "argy")
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: argy\ndescription: Takes two arguments.\narguments: [file, mode]\n---\n\nRead $file in $mode mode.\n")
    const get = (id: number, args: string) => `{"jsonrpc":"2.0","id":${id},"method":"prompts/get","params":{"name":"argy","arguments":${args}}}`
    const r = await converseRaw(box.work, box.home, [init(1), initialized, get(2, '{"__proto__":"x","file":"y"}'), get(3, '{"bogus":"x","file":"y"}'), get(4, '{"file":"y"}')])
    const answers = r.stdout.map((l) => JSON.parse(l) as Wire)
    expect(answers[1]).toMatchObject({ id: 2, error: { code: -32602 } })
    expect(answers[1]!.error!.message).toBe(answers[2]!.error!.message.replace("bogus", "__proto__"))
    expect(answers[1]!.error!.message).toContain("Unknown argument of prompt 'argy': '__proto__' (arguments: file, mode)")
    // The same request without it is served.
    expect(answers[3]).toMatchObject({ id: 4 })
    expect(answers[3]!.result.messages[0]).toEqual({ role: "user", content: { type: "text", text: "Read y in $mode mode.\n" } })
  })

  it('2026-07-28 basic/versioning ("Backward Compatibility"): an initialize carrying the 2026-07-28 _meta is -32601, as ping, and makes no handshake', async () => {
    const { answers } = await converse([
      init(1, "2025-11-25", { _meta: META }),
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping", params: { _meta: META } }),
      // No legacy session was opened: a later handshake is still the first one.
      init(3),
      JSON.stringify({ jsonrpc: "2.0", id: 4, method: "server/discover", params: { _meta: META } })
    ])
    expect(answers[0]).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found: initialize (removed in revision 2026-07-28)" } })
    expect(answers[1]).toMatchObject({ id: 2, error: { code: -32601 } })
    expect(answers[2]).toMatchObject({ id: 3, result: { protocolVersion: "2025-11-25" } })
    expect(answers[3]).toMatchObject({ id: 4, result: { resultType: "complete" } })
  })

  it("JSON-RPC 2.0 §4.1 (notifications): a malformed notification is one readable stderr line, not the validation dump", async () => {
    const { answers, stderr, code } = await converse([
      init(1),
      initialized,
      '{"jsonrpc":"2.0","method":"notifications/cancelled"}',
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })
    ])
    expect(answers[1]).toMatchObject({ id: 2, result: { tools: expect.any(Array) } })
    const lines = stderr.split("\n").filter((l) => l.includes("notification handler"))
    expect(lines).toEqual(["skc mcp: Uncaught error in notification handler: Invalid params: params: expected object, received undefined"])
    expect(code).toBe(0)
  })
})
