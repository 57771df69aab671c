// MCP revision 2026-07-28 over `skc mcp --http` (basic/transports/streamable-http):
// requests without a handshake, their mirrored headers checked against the
// body ("Server Validation", -32020), the status of each answer, and
// `subscriptions/listen` as an SSE stream. Raw HTTP against `bin/skc.mjs mcp
// --http --port 0`, in both modes; the handshake clients are tested in
// mcp-http.test.ts.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer, type HttpServer } from "../helpers/httpServer.js"
import { readLog } from "../helpers/logs.js"

const VERSION = "2026-07-28"
const META = {
  "io.modelcontextprotocol/protocolVersion": VERSION,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "modern-agent", version: "3.0" }
}
const ACCEPT = { "content-type": "application/json", accept: "application/json, text/event-stream" }

interface Answer {
  readonly status: number
  readonly contentType: string | null
  readonly body: { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string; data?: Record<string, unknown> } }
}

/** One POST of `message` with the headers a 2026-07-28 client mirrors from it, changed by `headers`. */
const post = async (base: string, message: Record<string, unknown>, headers: Record<string, string | undefined> = {}): Promise<Answer> => {
  const params = (message.params ?? {}) as Record<string, unknown>
  const name = typeof params.name === "string" ? params.name : typeof params.uri === "string" ? params.uri : undefined
  const mirrored: Record<string, string | undefined> = {
    ...ACCEPT,
    "mcp-protocol-version": VERSION,
    "mcp-method": String(message.method),
    ...(name === undefined ? {} : { "mcp-name": name }),
    ...headers
  }
  const sent = Object.fromEntries(Object.entries(mirrored).filter((e): e is [string, string] => e[1] !== undefined))
  const r = await fetch(`${base}/mcp`, { method: "POST", headers: sent, body: JSON.stringify({ jsonrpc: "2.0", ...message }) })
  const text = await r.text()
  return { status: r.status, contentType: r.headers.get("content-type"), body: text === "" ? {} : JSON.parse(text) }
}

const showNotes = { id: 3, method: "tools/call", params: { name: "skc_show", arguments: { skill: "notes", section: "Notes" }, _meta: META } }

describe.each([
  ["sessions", [] as ReadonlyArray<string>],
  ["--stateless", ["--stateless"]]
])("skc mcp --http serves revision 2026-07-28 without a handshake (%s)", (_mode, flags) => {
  const sb = sandbox()
  let server: HttpServer
  beforeAll(async () => {
    mkdirSync(join(sb.work, ".skillc", "skills", "notes"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "notes", "SKILL.md"), "---\nname: notes\ndescription: Plain notes. Use when taking notes.\n---\n# notes\n\n## Notes\n\nPlain notes.\n")
    expect((await sb.runAsync(["build", "notes"])).code).toBe(0)
    server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, ...flags] })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("server/discover and tools/call are answered as JSON, decorated for the revision, and logged with the client of _meta", async () => {
    const discover = await post(server.base, { id: 1, method: "server/discover", params: { _meta: META } })
    expect(discover.status).toBe(200)
    expect(discover.contentType).toMatch(/^application\/json/)
    expect(discover.body.id).toBe(1)
    expect(discover.body.result?.supportedVersions).toContain(VERSION)
    expect(discover.body.result?.resultType).toBe("complete")

    const shown = await post(server.base, showNotes)
    expect(shown.status).toBe(200)
    expect(shown.body.id).toBe(3)
    expect(JSON.stringify(shown.body.result?.content)).toContain("Plain notes.")
    const rows = readLog(join(sb.work, ".skillc", "runtime", "notes", ".skillc-meta", "logs.db"))
    expect(JSON.parse(rows[rows.length - 1]!.args as string)).toMatchObject({ client: "modern-agent/3.0" })
  })

  it("a session id on a modern request is ignored, and none is minted", async () => {
    const shown = await post(server.base, showNotes, { "mcp-session-id": "no-such-session" })
    expect(shown.status).toBe(200)
    expect(JSON.stringify(shown.body.result?.content)).toContain("Plain notes.")
  })

  it("Mcp-Name in the Base64 sentinel encoding is decoded before it is compared", async () => {
    const encoded = `=?base64?${Buffer.from("skc_show").toString("base64")}?=`
    const shown = await post(server.base, showNotes, { "mcp-name": encoded })
    expect(shown.status).toBe(200)
    expect(JSON.stringify(shown.body.result?.content)).toContain("Plain notes.")
  })

  it.each([
    ["no Mcp-Method", { "mcp-method": undefined }, /Mcp-Method header is required/],
    ["an Mcp-Method other than the body's", { "mcp-method": "tools/list" }, /Mcp-Method header value 'tools\/list' does not match body value 'tools\/call'/],
    ["no Mcp-Name on tools/call", { "mcp-name": undefined }, /Mcp-Name header is required for tools\/call/],
    ["an Mcp-Name other than the body's", { "mcp-name": "skc_search" }, /Mcp-Name header value 'skc_search' does not match body value 'skc_show'/],
    ["a malformed Base64 Mcp-Name", { "mcp-name": "=?base64?***?=" }, /not valid Base64/],
    ["a handshake revision in the header", { "mcp-protocol-version": "2025-06-18" }, /MCP-Protocol-Version header value '2025-06-18' does not match body value '2026-07-28'/],
    ["no MCP-Protocol-Version", { "mcp-protocol-version": undefined }, /MCP-Protocol-Version header is required/]
  ])("%s: 400 with -32020 HeaderMismatch and the request's id, nothing served", async (_what, headers, message) => {
    const answer = await post(server.base, showNotes, headers)
    expect(answer.status).toBe(400)
    expect(answer.body.id).toBe(3)
    expect(answer.body.error?.code).toBe(-32020)
    expect(answer.body.error?.message).toMatch(message)
    expect(answer.body.result).toBeUndefined()
  })

  it("a JSON-RPC response POSTed by a client (the revision's client MUST NOT send one): 400 with -32600 saying so, not a header mismatch naming a method 'undefined' (a probe)", async () => {
    for (const headers of [{ "mcp-method": undefined }, { "mcp-method": "x" }]) {
      const answer = await post(server.base, { id: 7, result: {} }, headers)
      expect(answer.status).toBe(400)
      expect(answer.body.error?.code).toBe(-32600)
      expect(answer.body.error?.message).toMatch(/a client sends no JSON-RPC responses/)
      expect(answer.body.error?.message).not.toMatch(/undefined/)
    }
  })

  it("a method named like an object's own property (constructor, __proto__, toString): 404 -32601 as any unknown method, not a header demand (a hostile probe)", async () => {
    for (const method of ["constructor", "__proto__", "toString"]) {
      const answer = await post(server.base, { id: 8, method, params: { _meta: META } })
      expect(answer.status, method).toBe(404)
      expect(answer.body.error?.code).toBe(-32601)
    }
  })

  it("a version skc does not speak: 400 with -32022 and the supported versions; an unknown method: 404 with -32601", async () => {
    const future = await post(server.base, { id: 4, method: "tools/list", params: { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } } }, { "mcp-protocol-version": "2099-01-01" })
    expect(future.status).toBe(400)
    expect(future.body.error?.code).toBe(-32022)
    expect(future.body.error?.data?.supported).toContain(VERSION)
    // A header naming a version skc does not speak, on a request whose body names none (an old client's, say): the same
    // -32022, not a complaint about a missing Mcp-Method header.
    const stray = await post(server.base, { id: 8, method: "tools/list" }, { "mcp-protocol-version": "1999-01-01", "mcp-method": undefined })
    expect(stray.status).toBe(400)
    expect(stray.body.error).toMatchObject({ code: -32022, message: "Unsupported protocol version", data: { requested: "1999-01-01" } })
    expect(stray.body.error?.data?.supported).toContain(VERSION)
    const unknown = await post(server.base, { id: 5, method: "skills/unheard-of", params: { _meta: META } })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error?.code).toBe(-32601)
  })

  it("the handshake and ping, which the revision removed, are 404 with -32601; missing per-request fields are 400 with -32602", async () => {
    for (const [id, method] of [[6, "initialize"], [7, "ping"]] as const) {
      const removed = await post(server.base, { id, method, params: { _meta: META } })
      expect(removed.status).toBe(404)
      expect(removed.body).toMatchObject({ id, error: { code: -32601 } })
    }
    const noMeta = await post(server.base, { id: 8, method: "tools/list", params: {} })
    expect(noMeta.status).toBe(400)
    expect(noMeta.body).toMatchObject({ id: 8, error: { code: -32602 } })
    const noCapabilities = await post(server.base, { id: 9, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": VERSION } } })
    expect(noCapabilities.status).toBe(400)
    expect(noCapabilities.body.error?.message).toMatch(/clientCapabilities/)
  })

  it("per-request fields of the wrong type (schema RequestMetaObject) are 400 with -32602 naming the field, nothing served", async () => {
    const info = await post(server.base, { id: 11, method: "tools/list", params: { _meta: { ...META, "io.modelcontextprotocol/clientInfo": 7 } } })
    expect(info.status).toBe(400)
    expect(info.body).toMatchObject({ id: 11, error: { code: -32602, message: expect.stringContaining('clientInfo"]: expected object') } })
    const level = await post(server.base, { id: 12, method: "tools/list", params: { _meta: { ...META, "io.modelcontextprotocol/logLevel": "loud" } } })
    expect(level.body).toMatchObject({ id: 12, error: { code: -32602, message: expect.stringContaining("logLevel") } })
  })

  it("2026-07-28 basic/index ('Error Codes', 'Error Responses'): the endpoint's refusals of a modern request use skc's codes outside the JSON-RPC reserved range, and no id where none was read", async () => {
    for (const method of ["GET", "DELETE"]) {
      // basic/transports/streamable-http ("Earlier Streamable HTTP Revisions"): no GET stream, no session to DELETE.
      const r = await fetch(`${server.base}/mcp`, { method, headers: { ...ACCEPT, "mcp-protocol-version": VERSION } })
      expect(r.status, method).toBe(405)
      expect(r.headers.get("allow")).toBe("POST")
      expect(await r.json()).toEqual({ jsonrpc: "2.0", error: { code: -31405, message: `Method not allowed: ${method} (revision ${VERSION} POSTs every message)` } })
    }
    const foreign = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...ACCEPT, origin: "http://evil.example", "mcp-protocol-version": VERSION }, body: "{}" })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toMatchObject({ error: { code: -31403 } })
    const garbled = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...ACCEPT, "mcp-protocol-version": VERSION }, body: "{bad" })
    expect(garbled.status).toBe(400)
    const parseError = (await garbled.json()) as Record<string, unknown>
    expect(parseError).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } })
    expect("id" in parseError).toBe(false)
    // A team-server probe: a body sent as text/plain (a browser's preflight-free "simple request") was served.
    const plain = await post(server.base, showNotes, { "content-type": "text/plain" })
    expect(plain.status).toBe(415)
    expect(plain.body.error?.message).toBe("Unsupported Media Type: Content-Type must be application/json")
    expect((await post(server.base, showNotes, { "content-type": "Application/JSON; charset=utf-8" })).status).toBe(200)
  })

  it("an unreadable id by the request's revision: 2025-11-25 (optional, never null) has none, even in the SDK's own refusals; a request without the header (2025-03-26 assumed, id required) has JSON-RPC 2.0's null", async () => {
    // The SDK's transport refuses a client that does not accept SSE (406) with `"id": null`: left out for 2025-11-25.
    const sdk = await fetch(`${server.base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })
    })
    expect(sdk.status).toBe(406)
    const refusal = (await sdk.json()) as Record<string, unknown>
    expect(refusal).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } })
    expect("id" in refusal).toBe(false)
    const old = await fetch(`${server.base}/mcp`, { method: "POST", headers: ACCEPT, body: "{bad" })
    expect(await old.json()).toMatchObject({ id: null, error: { code: -32700 } })
  })

  it.runIf(flags.includes("--stateless"))(
    "2025-03-26 basic/index (Batching): a stateless server answers a batch of a client on that revision (no MCP-Protocol-Version) per message; a later revision's is refused",
    async () => {
      const batch = (body: unknown, headers: Record<string, string> = {}) => fetch(`${server.base}/mcp`, { method: "POST", headers: { ...ACCEPT, ...headers }, body: JSON.stringify(body) })
      const served = await batch([
        { jsonrpc: "2.0", id: 1, method: "tools/list" },
        { hello: 1 },
        { jsonrpc: "2.0", id: 3, method: "resources/templates/list", params: { _meta: { progressToken: {} } } },
        { jsonrpc: "2.0", method: "notifications/initialized" }
      ])
      expect(served.status).toBe(200)
      const answers = (await served.json()) as Array<{ id: unknown; result?: { tools?: Array<unknown> }; error?: { code: number } }>
      expect(answers).toHaveLength(3)
      expect(answers.find((a) => a.id === 1)!.result!.tools!.length).toBeGreaterThan(0)
      expect(answers).toContainEqual(expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32600 }) }))
      expect(answers).toContainEqual(expect.objectContaining({ id: 3, error: expect.objectContaining({ code: -32602 }) }))
      const later = await batch([{ jsonrpc: "2.0", id: 1, method: "tools/list" }], { "mcp-protocol-version": "2025-06-18" })
      expect(later.status).toBe(400)
      expect(await later.json()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining("one JSON-RPC message per request") } })
    }
  )

  it("an unknown resource is -32602 naming its URI in data", async () => {
    const uri = "skill://project/nothing-here/SKILL.md"
    const read = await post(server.base, { id: 10, method: "resources/read", params: { uri, _meta: META } })
    expect(read.body).toMatchObject({ id: 10, error: { code: -32602, data: { uri } } })
  })

  it("the handshake clients are served as before beside it", async () => {
    const client = await connectHttp(`${server.base}/mcp`)
    const shown = (await client.callTool({ name: "skc_show", arguments: { skill: "notes", section: "Notes" } })) as { content: Array<{ text?: string }> }
    expect(shown.content[0]?.text).toContain("Plain notes.")
    await client.close()
  })
})

describe("subscriptions/listen over skc mcp --http (2026-07-28 basic/patterns/subscriptions)", () => {
  const sb = sandbox()
  beforeAll(async () => {
    mkdirSync(join(sb.work, ".skillc", "skills", "notes"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "notes", "SKILL.md"), "---\nname: notes\ndescription: Plain notes. Use when taking notes.\n---\n# notes\n\n## Notes\n\nPlain notes.\n")
    expect((await sb.runAsync(["build", "notes"])).code).toBe(0)
  })

  /** Read SSE events from a response body until `enough` says so. */
  const readEvents = async (body: ReadableStream<Uint8Array>, enough: (events: ReadonlyArray<Record<string, unknown>>) => boolean) => {
    const reader = body.getReader()
    const decoder = new TextDecoder()
    let text = ""
    const events: Array<Record<string, unknown>> = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
      let at: number
      while ((at = text.indexOf("\n\n")) >= 0) {
        const block = text.slice(0, at)
        text = text.slice(at + 2)
        const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n")
        if (data !== "") events.push(JSON.parse(data))
      }
      if (enough(events)) break
    }
    return { events, reader }
  }

  const listen = (base: string, signal?: AbortSignal) =>
    fetch(`${base}/mcp`, {
      method: "POST",
      headers: { ...ACCEPT, "mcp-protocol-version": VERSION, "mcp-method": "subscriptions/listen" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "subscriptions/listen", params: { notifications: { toolsListChanged: true }, _meta: META } }),
      ...(signal === undefined ? {} : { signal })
    })

  it("answers with an SSE stream that is acknowledged first and stays open; closing it ends the subscription and the server goes on", async () => {
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work] })
    try {
      const stop = new AbortController()
      const r = await listen(server.base, stop.signal)
      expect(r.status).toBe(200)
      expect(r.headers.get("content-type")).toMatch(/^text\/event-stream/)
      expect(r.headers.get("x-accel-buffering")).toBe("no")
      const { events } = await readEvents(r.body!, (e) => e.length >= 1)
      expect(events[0]).toMatchObject({ method: "notifications/subscriptions/acknowledged", params: { _meta: { "io.modelcontextprotocol/subscriptionId": 9 } } })
      stop.abort()
      const shown = await post(server.base, showNotes)
      expect(shown.status).toBe(200)
      expect(JSON.stringify(shown.body.result?.content)).toContain("Plain notes.")
    } finally {
      await server.stop()
    }
  })

  it("a server that stops answers an open listen stream before it closes it (graceful closure)", async () => {
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work] })
    const r = await listen(server.base)
    const { events, reader } = await readEvents(r.body!, (e) => e.length >= 1)
    const stopped = server.stop("SIGTERM")
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      for (const block of new TextDecoder().decode(value).split("\n\n")) {
        const data = block.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n")
        if (data !== "") events.push(JSON.parse(data))
      }
    }
    expect(await stopped).toBe(143)
    expect(events.at(-1)).toMatchObject({ id: 9, result: { resultType: "complete", _meta: { "io.modelcontextprotocol/subscriptionId": 9 } } })
  })
})
