// 2025-03-26 basic/index (Batching): JSON-RPC batches of a session on that revision (src/mcp/batch.ts,
// the stdio transport's batch line in src/mcp/transport.ts).
import { PassThrough } from "node:stream"
import { describe, expect, it } from "vitest"
import { batchAnswer, batchEntries, batchProblem } from "../../src/mcp/batch.js"
import { makeRateLimiter } from "../../src/mcp/httpGuards.js"
import { MAX_RESPONSE_BYTES } from "../../src/mcp/limits.js"
import { LineTransport } from "../../src/mcp/transport.js"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"

const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" })

describe("a batch's checks (batch.ts)", () => {
  it("an empty batch and one over the in-flight bound are refused whole", () => {
    expect(batchProblem([])).toMatch(/empty batch/)
    expect(batchProblem(Array.from({ length: 64 }, (_, i) => ping(i)))).toBeUndefined()
    expect(batchProblem(Array.from({ length: 65 }, (_, i) => ping(i)))).toMatch(/65 messages exceeds the limit of 64/)
  })

  it("each message on its own: not JSON-RPC -32600, wrong params -32602, initialize -32600", () => {
    const entries = batchEntries([
      ping(1),
      { hello: 1, id: 9 },
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: { progressToken: {} } } },
      { jsonrpc: "2.0", id: 3, method: "initialize", params: {} },
      { jsonrpc: "2.0", id: 1.5, method: "ping" },
      { jsonrpc: "2.0", method: "notifications/initialized" }
    ])
    expect(entries.map((e) => ("refusal" in e ? [e.refusal.id, e.refusal.code] : "served"))).toEqual([
      "served",
      [9, -32600],
      [2, -32602],
      [3, -32600],
      // 2026-07-28 basic/index: an id is a string or an integer; any other is the envelope's problem, answered with id null.
      [null, -32600],
      "served"
    ])
  })

  it("JSON-RPC 2.0 §6 (a client matches answers by id): an id shared by messages of a batch is refused once, at its first, and none of them is served", () => {
    const entries = batchEntries([
      ping(1),
      ping(2),
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", id: 1, method: 7 },
      { jsonrpc: "2.0", id: 1, result: {} }
    ])
    expect(entries.map((e) => ("refusal" in e ? [e.refusal.id, e.refusal.code, e.refusal.message] : "sharedWith" in e ? ["shared", e.sharedWith] : "served"))).toEqual([
      [1, -32600, "Invalid Request: id 1 is used by 3 messages of the batch (none of them is served)"],
      "served",
      ["shared", 0],
      ["shared", 0],
      // A response's id is the server's request's: not counted.
      "served"
    ])
  })

  it("the array of answers stays within the response limit: its largest results become the oversized error", () => {
    const big = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, result: { text: "x".repeat(3 * 1024 * 1024) } })
    const line = batchAnswer([big(1), big(2), big(3), JSON.stringify({ jsonrpc: "2.0", id: 4, result: {} })])
    expect(line.length).toBeLessThanOrEqual(MAX_RESPONSE_BYTES)
    const answers = JSON.parse(line) as Array<{ id: number; result?: unknown; error?: { code: number; message: string } }>
    expect(answers.map((a) => a.id)).toEqual([1, 2, 3, 4])
    expect(answers.filter((a) => a.error?.code === -32603)).toHaveLength(1)
    expect(answers[3]).toMatchObject({ result: {} })
  })

  it("the rate takes a batch's requests all or none", () => {
    const limiter = makeRateLimiter(5, () => 0)
    expect(limiter.take("a", 6)).toBeGreaterThan(0)
    expect(limiter.take("a", 5)).toBe(0)
    expect(limiter.take("a")).toBeGreaterThan(0)
  })
})

describe("the stdio transport's batches (transport.ts)", () => {
  const connect = () => {
    const input = new PassThrough()
    const output = new PassThrough()
    const lines: Array<string> = []
    output.setEncoding("utf8").on("data", (d: string) => lines.push(...d.split("\n").filter((l) => l !== "")))
    const transport = new LineTransport(input, output)
    const received: Array<JSONRPCMessage> = []
    transport.onmessage = (m) => void received.push(m)
    return { input, transport, lines, received }
  }

  it("refused as one message unless the session accepts batches", async () => {
    const { input, transport, lines, received } = connect()
    // A session on 2025-06-18, which removed batches: its schema requires an error's id, so an unreadable one is null.
    transport.revision = () => "2025-06-18"
    await transport.start()
    input.write(`${JSON.stringify([ping(1), ping(2)])}\n`)
    expect(received).toEqual([])
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: null, error: { code: -32600 } })
  })

  it("a batch with no handshake (a 2026-07-28 client) is refused saying which session takes batches", async () => {
    const { input, transport, lines } = connect()
    await transport.start()
    input.write(`${JSON.stringify([ping(1)])}\n`)
    expect(JSON.parse(lines[0]!).error.message).toBe(
      "Invalid Request: batches are not accepted here (only a session whose handshake negotiated 2025-03-26 takes them); send each message on its own line"
    )
  })

  it("one line once every request is answered; a cancelled request is left out, not waited for", async () => {
    const { input, transport, lines, received } = connect()
    transport.acceptsBatch = () => true
    await transport.start()
    input.write(`${JSON.stringify([ping(1), ping(2), ping(3)])}\n`)
    expect(received.map((m) => (m as { id?: number }).id)).toEqual([1, 2, 3])
    await transport.send({ jsonrpc: "2.0", id: 2, result: {} } as JSONRPCMessage)
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} } as JSONRPCMessage)
    expect(lines).toEqual([])
    input.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } })}\n`)
    await new Promise((r) => setImmediate(r))
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([[{ jsonrpc: "2.0", id: 2, result: {} }, { jsonrpc: "2.0", id: 1, result: {} }]])
    // Later answers with the same ids are lines of their own: the batch is closed.
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} } as JSONRPCMessage)
    expect(JSON.parse(lines[1]!)).toEqual({ jsonrpc: "2.0", id: 1, result: {} })
  })

  it("JSON-RPC 2.0 §6: a batch whose requests share an id answers that id once, serving none of them", async () => {
    const { input, transport, lines, received } = connect()
    transport.acceptsBatch = () => true
    await transport.start()
    input.write(`${JSON.stringify([ping(1), ping(2), ping(1)])}\n`)
    expect(received.map((m) => (m as { id?: number }).id)).toEqual([2])
    await transport.send({ jsonrpc: "2.0", id: 2, result: {} } as JSONRPCMessage)
    await new Promise((r) => setImmediate(r))
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      [
        { jsonrpc: "2.0", id: 1, error: { code: -32600, message: "Invalid Request: id 1 is used by 2 messages of the batch (none of them is served)" } },
        { jsonrpc: "2.0", id: 2, result: {} }
      ]
    ])
  })

  it("MCP (an id is never reused in a session): a request reusing the id of one not yet answered is refused, not served; once answered the id is free", async () => {
    const { input, transport, lines, received } = connect()
    await transport.start()
    input.write(`${JSON.stringify(ping(7))}\n`)
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" })}\n`)
    expect(received.map((m) => (m as { method?: string }).method)).toEqual(["ping"])
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      { jsonrpc: "2.0", id: 7, error: { code: -32600, message: "Invalid Request: id 7 is already in use by a request not yet answered" } }
    ])
    await transport.send({ jsonrpc: "2.0", id: 7, result: {} } as JSONRPCMessage)
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" })}\n`)
    expect(received.map((m) => (m as { method?: string }).method)).toEqual(["ping", "tools/list"])
    // One of an open batch's ids, too.
    transport.acceptsBatch = () => true
    input.write(`${JSON.stringify([ping(8), ping(9)])}\n`)
    input.write(`${JSON.stringify(ping(9))}\n`)
    expect(received.map((m) => (m as { id?: number }).id)).toEqual([7, 7, 8, 9])
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ id: 9, error: { code: -32600 } })
  })

  it("end of input closes once the batch's line is written", async () => {
    const { input, transport, lines } = connect()
    transport.acceptsBatch = () => true
    let closed = false
    transport.onclose = () => void (closed = true)
    await transport.start()
    input.end(`${JSON.stringify([ping(1), { jsonrpc: "2.0", method: "notifications/initialized" }])}\n`)
    await new Promise((r) => setImmediate(r))
    expect(closed).toBe(false)
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} } as JSONRPCMessage)
    await new Promise((r) => setImmediate(r))
    expect(lines).toHaveLength(1)
    expect(closed).toBe(true)
  })
})
