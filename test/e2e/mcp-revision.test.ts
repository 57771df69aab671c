/**
 * Issue 48 item 1: MCP revision 2026-07-28 beside 2025-11-25, spoken raw
 * over stdio (the SDK in use knows revisions up to 2025-11-25 only; skc
 * handles the new one at the protocol boundary, src/mcp/revision.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"
import { spawnMcp } from "../helpers/mcpWire.js"

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }

const MODERN = "2026-07-28"
const META = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "raw-modern", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {}
}
const SERVER_INFO = { "io.modelcontextprotocol/serverInfo": { name: "skillc", version: pkg.version } }

interface Wire {
  jsonrpc: "2.0"
  id?: number | string | null
  method?: string
  params?: any
  result?: any
  error?: { code: number; message: string; data?: any }
}

/** `skc mcp` on a child process, spoken to one raw line at a time. */
const raw = (cwd: string, home: string, flags: ReadonlyArray<string> = []) => {
  const messages: Array<Wire> = []
  const { child, stderr } = spawnMcp(cwd, home, (line) => messages.push(JSON.parse(line) as Wire), flags)
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve))
  const until = async (check: () => boolean, what: string) => {
    for (let i = 0; i < 2400; i++) {
      if (check()) return
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error(`timed out waiting for ${what}; stderr: ${stderr()}`)
  }
  let next = 1
  const send = (message: Record<string, unknown>) => void child.stdin.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n")
  const request = async (method: string, params?: Record<string, unknown>, id: number = next++): Promise<Wire> => {
    send({ id, method, ...(params === undefined ? {} : { params }) })
    let answer: Wire | undefined
    await until(() => (answer = messages.find((m) => m.id === id && m.method === undefined)) !== undefined, `the answer to ${method}`)
    return answer!
  }
  const modern = (method: string, params: Record<string, unknown> = {}) => request(method, { ...params, _meta: META })
  const end = async () => {
    child.stdin.end()
    return closed
  }
  return { messages, send, request, modern, until, end, stderr }
}

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

describe("issue 48 item 1: revision 2026-07-28 over stdio", () => {
  const sb = sandbox()
  let s: ReturnType<typeof raw>

  beforeAll(() => {
    put(join(sb.work, ".skillc", "skills", "demo", "SKILL.md"), "---\nname: demo\ndescription: Demo skill.\n---\n# Demo\n\nalpha\n")
    s = raw(sb.work, sb.home)
  })
  afterAll(async () => {
    await s?.end()
  })

  it("issue 48 item 1: server/discover answers the supported versions, capabilities, identity and cache hints, with no handshake", async () => {
    const r = await s.modern("server/discover")
    expect(r.error).toBeUndefined()
    expect(r.result).toMatchObject({
      resultType: "complete",
      supportedVersions: [MODERN, "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"],
      capabilities: { tools: {}, resources: {}, prompts: {}, extensions: { "io.modelcontextprotocol/skills": { directoryRead: true } } },
      _meta: SERVER_INFO,
      ttlMs: 3_600_000,
      cacheScope: "public"
    })
    expect(typeof r.result.instructions).toBe("string")
  })

  it("issue 48 item 1: ping and logging/setLevel, removed by 2026-07-28, are -32601 for a modern request as over HTTP; a 2025-11-25 ping is still answered", async () => {
    for (const method of ["ping", "logging/setLevel"]) {
      const answer = await s.modern(method, method === "ping" ? {} : { level: "info" })
      expect(answer.error?.code, method).toBe(-32601)
      expect(answer.error?.message).toBe(`Method not found: ${method} (removed in revision ${MODERN})`)
    }
    expect((await s.request("ping")).result).toEqual({})
  })

  it("issue 48 item 1: every cacheable result of a 2026-07-28 request carries resultType, ttlMs, cacheScope and serverInfo, with no handshake", async () => {
    const expectations: Array<[string, Record<string, unknown>, { ttlMs: number; cacheScope: string }]> = [
      ["tools/list", {}, { ttlMs: 3_600_000, cacheScope: "public" }],
      ["resources/templates/list", {}, { ttlMs: 3_600_000, cacheScope: "public" }],
      ["prompts/list", {}, { ttlMs: 0, cacheScope: "private" }],
      ["resources/list", {}, { ttlMs: 0, cacheScope: "private" }],
      ["resources/read", { uri: "skill://project/demo/SKILL.md" }, { ttlMs: 0, cacheScope: "private" }]
    ]
    for (const [method, params, hints] of expectations) {
      const r = await s.modern(method, params)
      expect(r.error, method).toBeUndefined()
      expect(r.result, method).toMatchObject({ resultType: "complete", ...hints, _meta: SERVER_INFO })
    }
    // Not cacheable: resultType and identity only.
    const call = await s.modern("tools/call", { name: "skc_list", arguments: {} })
    expect(call.result).toMatchObject({ resultType: "complete", _meta: SERVER_INFO })
    expect(call.result.ttlMs).toBeUndefined()
    expect(call.result.structuredContent.skills.map((x: { name: string }) => x.name)).toEqual(["demo"])
    const prompt = await s.modern("prompts/get", { name: "demo" })
    expect(prompt.result).toMatchObject({ resultType: "complete", messages: [{ role: "user", content: { type: "text", text: "# Demo\n\nalpha\n" } }, {}] })
  })

  it("issue 48 item 1: tools/list is in a deterministic order, the same for both revisions", async () => {
    const a = await s.modern("tools/list")
    const b = await s.modern("tools/list")
    const legacy = await s.request("tools/list")
    const names = (r: Wire) => (r.result.tools as Array<{ name: string }>).map((t) => t.name)
    expect(names(a)).toEqual(names(b))
    expect(names(legacy)).toEqual(names(a))
    expect(JSON.stringify(a.result.tools)).toBe(JSON.stringify(legacy.result.tools))
  })

  it("issue 48 item 1: a version skc does not speak is -32022 UnsupportedProtocolVersionError listing the supported ones", async () => {
    const r = await s.request("tools/list", { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": "1900-01-01" } })
    expect(r.error).toEqual({
      code: -32022,
      message: "Unsupported protocol version",
      data: { supported: [MODERN, "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"], requested: "1900-01-01" }
    })
    // A version that is no string is a malformed request, not a version skc does not speak.
    const numeric = await s.request("tools/list", { _meta: { ...META, "io.modelcontextprotocol/protocolVersion": 2026 } })
    expect(numeric.error?.code).toBe(-32602)
    expect(numeric.error?.message).toContain("must be a string")
  })

  it("issue 48 item 1: a 2026-07-28 request without clientCapabilities is -32602, and so is server/discover without a version", async () => {
    const { "io.modelcontextprotocol/clientCapabilities": _, ...noCaps } = META
    const r = await s.request("tools/list", { _meta: noCaps })
    expect(r.error?.code).toBe(-32602)
    expect(r.error?.message).toContain("io.modelcontextprotocol/clientCapabilities")
    const d = await s.request("server/discover", {})
    expect(d.error?.code).toBe(-32602)
  })

  it("a request with this revision's per-request fields but no protocolVersion, in a process with no initialize, is -32602 as over HTTP (basic/index: a request missing a required field); an extension's settings that are no object too", async () => {
    const { "io.modelcontextprotocol/protocolVersion": _, ...noVersion } = META
    for (const method of ["skills/list", "tools/list"]) {
      const r = await s.request(method, { _meta: noVersion })
      expect([method, r.error?.code]).toEqual([method, -32602])
      expect(r.error?.message).toContain("io.modelcontextprotocol/protocolVersion")
    }
    const caps = META["io.modelcontextprotocol/clientCapabilities"] as Record<string, unknown>
    const loose = await s.request("tools/list", { _meta: { ...META, "io.modelcontextprotocol/clientCapabilities": { ...caps, extensions: { "io.modelcontextprotocol/skills": true } } } })
    expect(loose.error?.code).toBe(-32602)
    expect(loose.error?.message).toContain('extensions["io.modelcontextprotocol/skills"]: expected object')
  })
})

describe("issue 48 item 1: a 2025-11-25 client is served as before", () => {
  it("issue 48 item 1: initialize offering 2025-11-25 or 2026-07-28 is answered 2025-11-25, and its results carry no resultType", async () => {
    const sb = sandbox()
    put(join(sb.work, ".skillc", "skills", "demo", "SKILL.md"), "---\nname: demo\ndescription: Demo skill.\n---\n# Demo\n")
    for (const offered of ["2025-11-25", MODERN]) {
      const s = raw(sb.work, sb.home)
      try {
        const init = await s.request("initialize", { protocolVersion: offered, capabilities: {}, clientInfo: { name: "legacy", version: "1" } })
        expect(init.result).toMatchObject({ protocolVersion: "2025-11-25", serverInfo: { name: "skillc", version: pkg.version } })
        s.send({ method: "notifications/initialized" })
        const tools = await s.request("tools/list")
        expect(tools.result.resultType).toBeUndefined()
        expect(tools.result._meta).toBeUndefined()
        expect(tools.result.ttlMs).toBeUndefined()
        const read = await s.request("resources/read", { uri: "skill://project/demo/SKILL.md" })
        expect(read.result.resultType).toBeUndefined()
      } finally {
        expect(await s.end()).toBe(0)
      }
    }
  })
})

describe("issue 48 item 1: subscriptions/listen under --watch", () => {
  it("issue 48 item 1: list changes reach a 2026-07-28 client only on the subscription that asked, tagged with its id; end of input closes it gracefully", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc", "skills", "demo", "SKILL.md")
    put(src, "---\nname: demo\ndescription: Demo skill.\n---\n# Demo\n\nalpha\n")
    expect(sb.run(["build", "demo"]).code).toBe(0)
    const s = raw(sb.work, sb.home, ["--watch"])
    await s.until(() => s.stderr().includes("watching demo"), "the watch to start")
    s.send({ id: "sub-1", method: "subscriptions/listen", params: { _meta: META, notifications: { promptsListChanged: true, toolsListChanged: true } } })
    await s.until(() => s.messages.some((m) => m.method === "notifications/subscriptions/acknowledged"), "the acknowledgment")
    const ack = s.messages.find((m) => m.method === "notifications/subscriptions/acknowledged")!
    // tools do not change without --tools: only prompts are honoured.
    expect(ack.params).toEqual({ _meta: { "io.modelcontextprotocol/subscriptionId": "sub-1" }, notifications: { promptsListChanged: true } })
    put(src, "---\nname: demo\ndescription: Demo skill, edited.\n---\n# Demo\n\nbeta\n")
    await s.until(() => s.messages.some((m) => m.method === "notifications/prompts/list_changed"), "notifications/prompts/list_changed")
    const changed = s.messages.find((m) => m.method === "notifications/prompts/list_changed")!
    expect(changed.params._meta).toEqual({ "io.modelcontextprotocol/subscriptionId": "sub-1" })
    // Not asked for: never sent (no handshake, so no legacy client either).
    expect(s.messages.some((m) => m.method === "notifications/resources/list_changed")).toBe(false)
    expect(await s.end()).toBe(0)
    expect(s.messages.find((m) => m.id === "sub-1")?.result).toMatchObject({
      resultType: "complete",
      _meta: { "io.modelcontextprotocol/subscriptionId": "sub-1" }
    })
    // basic/patterns/cancellation: on stdio the server MUST send notifications/cancelled naming the
    // subscriptions/listen request when it tears the stream down, after the graceful result.
    const at = s.messages.findIndex((m) => m.id === "sub-1")
    const cancelled = s.messages.findIndex((m) => m.method === "notifications/cancelled")
    expect(cancelled).toBeGreaterThan(at)
    expect(s.messages[cancelled]!.params).toMatchObject({ requestId: "sub-1" })
  })
})

describe("issue 48 item 1: the same cache hints for both revisions", () => {
  it("issue 48 item 1: resources/templates/list, fixed for the process, says so to a 2025-11-25 client too", async () => {
    const sb = sandbox()
    const s = raw(sb.work, sb.home)
    try {
      await s.request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "legacy", version: "1" } })
      s.send({ method: "notifications/initialized" })
      const legacy = await s.request("resources/templates/list")
      const modern = await s.modern("resources/templates/list")
      expect(legacy.result).toMatchObject({ ttlMs: 3_600_000, cacheScope: "public" })
      expect(modern.result).toMatchObject({ ttlMs: 3_600_000, cacheScope: "public" })
    } finally {
      expect(await s.end()).toBe(0)
    }
  })
})
