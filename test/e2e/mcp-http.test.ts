// Issue 49 item 1: `skc mcp --http`, Streamable HTTP (MCP 2026-07-28
// basic/transports, basic/authorization, security best practices), driven by
// the SDK's own client against `bin/skc.mjs mcp --http --port 0`.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { connect } from "node:net"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"
import { connectHttp, startHttpServer, type HttpServer } from "../helpers/httpServer.js"
import { readLog } from "../helpers/logs.js"

const skill = (name: string, text: string) => `---\nname: ${name}\ndescription: ${name} notes. Use when ${name}.\n---\n# ${name}\n\n## Notes\n\n${text}\n`

const ALICE = "alice-token-0123456789abcdef"
const BOB = "bob-token-0123456789abcdef00"

interface ToolText {
  isError?: boolean
  content: Array<{ type: string; text?: string }>
  structuredContent?: Record<string, unknown>
}

const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } }
/** A POST through node:http, which (unlike fetch) may send any Host header. */
const rawPost = (url: string, headers: Record<string, string>, body: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on("error", reject)
    req.end(body)
  })

const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" }

describe("skc mcp --http (issue 49 item 1)", () => {
  const sb = sandbox()
  const web = join(sb.root, "web")
  const ops = join(sb.root, "ops")
  const tokens = join(sb.root, "tokens.txt")
  let server: HttpServer
  beforeAll(async () => {
    for (const [dir, name, text] of [
      [web, "frontend", "Use the design system."],
      [ops, "runbook", "Page the on-call."]
    ] as const) {
      mkdirSync(join(dir, ".skillc", "skills", name), { recursive: true })
      writeFileSync(join(dir, ".skillc", "skills", name, "SKILL.md"), skill(name, text))
      expect((await sb.runAsync(["build", name], dir)).code).toBe(0)
    }
    writeFileSync(tokens, `# team tokens\nalice:${ALICE}\nbob:${BOB}\n`)
    server = await startHttpServer({ cwd: sb.work, home: sb.home, flags: ["--project", web, "--project", ops, "--tokens", tokens, "--rate", "1000"] })
  })
  afterAll(async () => {
    await server?.stop()
  })

  // A team-server probe: the start named /mcp alone (the 404 listed the others), and `/mcp/ops/` was a 404.
  it("the start names each project's endpoint; a project's path with its trailing slash is served", async () => {
    expect(server.stderr()).toContain(`projects: ${server.base}/mcp/web (also /mcp), ${server.base}/mcp/ops\n`)
    const slashed = await connectHttp(`${server.base}/mcp/ops/`, BOB)
    try {
      const list = (await slashed.callTool({ name: "skc_list", arguments: {} })) as ToolText
      expect(list.content[0]?.text).toContain("runbook")
    } finally {
      await slashed.close()
    }
  })

  it("two sessions with different projects each see their own skills, never the working directory's", async () => {
    const a = await connectHttp(`${server.base}/mcp/web`, ALICE, "claude-code")
    const b = await connectHttp(`${server.base}/mcp/ops`, BOB, "cursor")
    try {
      const listA = (await a.callTool({ name: "skc_list", arguments: {} })) as ToolText
      const listB = (await b.callTool({ name: "skc_list", arguments: {} })) as ToolText
      expect(listA.content[0]?.text).toContain("frontend")
      expect(listA.content[0]?.text).not.toContain("runbook")
      expect(listB.content[0]?.text).toContain("runbook")
      expect(listB.content[0]?.text).not.toContain("frontend")
      const shown = (await a.callTool({ name: "skc_show", arguments: { skill: "frontend", section: "Notes" } })) as ToolText
      expect(shown.isError ?? false).toBe(false)
      expect(shown.content[0]?.text).toContain("Use the design system.")
      // /mcp is the first project.
      const first = await connectHttp(`${server.base}/mcp`, ALICE)
      const listFirst = (await first.callTool({ name: "skc_list", arguments: {} })) as ToolText
      expect(listFirst.content[0]?.text).toContain("frontend")
      await first.close()
    } finally {
      await a.close()
      await b.close()
    }
  })

  // A team probe (seventy-second pass): a session opened at /mcp/ops answered at /mcp/web and /mcp with ops's skills.
  it("a session is served only at the path of the project it was opened on (docs/team.md 'Projects')", async () => {
    const headers = { ...MCP_HEADERS, authorization: `Bearer ${BOB}`, "mcp-protocol-version": "2025-06-18" }
    const init = await fetch(`${server.base}/mcp/ops`, { method: "POST", headers, body: JSON.stringify(INIT) })
    expect(init.status).toBe(200)
    const id = init.headers.get("mcp-session-id")!
    await init.text()
    const withSession = { ...headers, "mcp-session-id": id }
    const initialized = await fetch(`${server.base}/mcp/ops`, { method: "POST", headers: withSession, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) })
    expect(initialized.status).toBe(202)
    const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "skc_list", arguments: {} } })
    for (const other of ["/mcp/web", "/mcp"]) {
      const r = await fetch(`${server.base}${other}`, { method: "POST", headers: withSession, body: list })
      const text = await r.text()
      expect(r.status, other).toBe(404)
      expect(text).toContain("Session not found at this path")
      expect(text).not.toContain("runbook")
    }
    const own = await fetch(`${server.base}/mcp/ops`, { method: "POST", headers: withSession, body: list })
    expect(own.status).toBe(200)
    expect(await own.text()).toContain("runbook")
    await fetch(`${server.base}/mcp/ops`, { method: "DELETE", headers: withSession })
  })

  it("a remote client reads only: no tool that writes, no skill or plugin directory given as a server path (docs/team.md)", async () => {
    // A directory of the server outside every served project, named like a skill.
    const victim = join(sb.root, "victim")
    mkdirSync(join(victim, "data"), { recursive: true })
    writeFileSync(join(victim, "data", "important.txt"), "precious")
    const c = await connectHttp(`${server.base}/mcp/web`, ALICE)
    try {
      const names = (await c.listTools()).tools.map((t) => t.name)
      expect(names).toContain("skc_show")
      expect(names).not.toContain("skc_build")
      expect(names).not.toContain("skc_init")
      await expect(c.callTool({ name: "skc_build", arguments: { skill: "frontend", target: victim, force: true } })).rejects.toThrow(/not served over HTTP/)
      await expect(c.callTool({ name: "skc_init", arguments: { name: "data" } })).rejects.toThrow(/not served over HTTP/)
      expect(readFileSync(join(victim, "data", "important.txt"), "utf8")).toBe("precious")
      // Another project's skill on the same machine, by its path: refused, where its name in this project resolves.
      const byPath = (await c.callTool({ name: "skc_outline", arguments: { skill: join(ops, ".skillc", "skills", "runbook") } })) as ToolText
      expect(byPath.isError).toBe(true)
      expect(byPath.content[0]?.text).toMatch(/E100.*is a path/s)
      const across = (await c.callTool({ name: "skc_search", arguments: { query: "on-call", skills: ["frontend", "../ops/.skillc/skills/runbook"] } })) as ToolText
      expect(across.isError).toBe(true)
      const plugins = (await c.callTool({ name: "skc_discover", arguments: { plugin_dirs: [ops] } })) as ToolText
      expect(plugins.isError).toBe(true)
      expect(plugins.content[0]?.text).toMatch(/E100.*plugin_dirs/s)
      const named = (await c.callTool({ name: "skc_outline", arguments: { skill: "frontend" } })) as ToolText
      expect(named.isError ?? false).toBe(false)
      // The access log holds every reader's calls: skc_stats is not served, and says where it is read.
      expect(names).not.toContain("skc_stats")
      await expect(c.callTool({ name: "skc_stats", arguments: { skill: "frontend", group_by: "users" } })).rejects.toThrow(/access log holds every reader's calls/)
      // A path is refused, so the schemas ask for a name.
      const outlineTool = (await c.listTools()).tools.find((t) => t.name === "skc_outline")
      expect((outlineTool?.inputSchema.properties?.skill as { description?: string }).description).toBe("Skill name")
      // skc_list names no path of the server, in its text or its structured content.
      const list = (await c.callTool({ name: "skc_list", arguments: {} })) as ToolText & { structuredContent?: unknown }
      expect(JSON.stringify(list.structuredContent)).toContain(".skillc/skills/frontend")
      expect(JSON.stringify(list.structuredContent)).not.toContain(web)
      expect(list.content[0]?.text).not.toContain(web)
    } finally {
      await c.close()
    }
  })

  // A team-server probe: skc_load's `path` and skc_match's `results[].path` carried the project's absolute path
  // where skc_list had been fixed alone; and skc_load's schema still said "or path". Every tool served, swept.
  it("no tool served over HTTP names a path of the server, in its text or its structured content", async () => {
    const args: Record<string, Record<string, unknown>> = {
      skc_list: {},
      skc_discover: {},
      skc_show: { skill: "frontend", section: "Notes" },
      skc_open: { skill: "frontend", path: "SKILL.md" },
      skc_outline: { skill: "frontend" },
      skc_sources: { skill: "frontend" },
      skc_search: { skill: "frontend", query: "design system" },
      skc_lint: { skill: "frontend" },
      skc_match: { query: "frontend notes design" },
      skc_load: { skill: "frontend" },
      skc_permissions: { skill: "frontend" },
      skc_eval: { skills: ["frontend"] },
      skc_prompt: {},
      skc_budget: {}
    }
    const c = await connectHttp(`${server.base}/mcp/web`, ALICE)
    try {
      const tools = (await c.listTools()).tools
      for (const tool of tools) {
        expect(Object.keys(args), `arguments for ${tool.name}: add them here`).toContain(tool.name)
        expect(JSON.stringify(tool.inputSchema), tool.name).not.toMatch(/names? or paths?\b/i)
        // Refused over HTTP whatever its value (E100), so not offered (a probe: five tools offered it).
        expect(Object.keys((tool.inputSchema as { properties?: object }).properties ?? {}), tool.name).not.toContain("plugin_dirs")
        const result = (await c.callTool({ name: tool.name, arguments: args[tool.name] })) as ToolText
        expect(JSON.stringify(result), tool.name).not.toContain(web)
      }
      const load = (await c.callTool({ name: "skc_load", arguments: { skill: "frontend" } })) as ToolText
      // Relative to the project, where the agent reads it (build deploys it to .claude/skills).
      expect(load.structuredContent?.path).toBe(".claude/skills/frontend/SKILL.md")
      const match = (await c.callTool({ name: "skc_match", arguments: { query: "frontend notes design" } })) as ToolText
      expect(JSON.stringify(match.structuredContent)).toMatch(/"path":"\.(claude|skillc)\/skills\/frontend\/SKILL\.md"/)
    } finally {
      await c.close()
    }
  })

  it("the operator's own skills (global store, user-level agent directories) are never served over HTTP (docs/team.md)", async () => {
    // The account the server runs as keeps skills of its own: none of them is a served project's.
    for (const dir of [join(sb.home, ".skillc", "skills", "operator-private"), join(sb.home, ".claude", "skills", "operator-claude")]) {
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, "SKILL.md"), skill(dir.endsWith("private") ? "operator-private" : "operator-claude", "Secret operator notes with zebrafish."))
    }
    const c = await connectHttp(`${server.base}/mcp/web`, ALICE)
    try {
      const list = (await c.callTool({ name: "skc_list", arguments: {} })) as ToolText
      expect(list.content[0]?.text).toContain("frontend")
      expect(JSON.stringify(list)).not.toMatch(/operator-/)
      for (const name of ["operator-private", "operator-claude"]) {
        const opened = (await c.callTool({ name: "skc_open", arguments: { skill: name, path: "SKILL.md" } })) as ToolText
        expect(opened.isError).toBe(true)
        expect(opened.content[0]?.text).toMatch(/^error\[E001\]/)
      }
      const found = (await c.callTool({ name: "skc_search", arguments: { query: "zebrafish" } })) as ToolText
      expect(JSON.stringify(found)).not.toMatch(/operator-|Secret operator/)
      const discovered = (await c.callTool({ name: "skc_discover", arguments: {} })) as ToolText
      expect(JSON.stringify(discovered)).not.toMatch(/operator-/)
      expect(JSON.stringify(discovered)).not.toContain(sb.home)
      expect(JSON.stringify(await c.listPrompts())).not.toMatch(/operator-/)
      await expect(c.readResource({ uri: "skill://global/operator-private/SKILL.md" })).rejects.toThrow()
      await expect(c.readResource({ uri: "skill://agent-user/operator-claude/SKILL.md" })).rejects.toThrow()
    } finally {
      await c.close()
    }
    // Over stdio the same account's skills are the user's own and are served.
    const local = await sb.runAsync(["list"], web)
    expect(local.stdout).toContain("operator-private")
    expect(local.stdout).toContain("operator-claude")
  })

  it("issue 49 item 2: every row records the token's name (args.user) and the client (args.client)", async () => {
    const c = await connectHttp(`${server.base}/mcp/ops`, BOB, "codex")
    try {
      await c.callTool({ name: "skc_outline", arguments: { skill: "runbook" } })
    } finally {
      await c.close()
    }
    const rows = readLog(join(ops, ".skillc", "runtime", "runbook", ".skillc-meta", "logs.db"))
    const args = rows.map((r) => JSON.parse(r.args as string) as Record<string, unknown>)
    expect(args).toContainEqual(expect.objectContaining({ role: "agent", user: "bob", client: "codex/2.5.0" }))
    expect(rows.every((r) => r.cwd === ops)).toBe(true)
    // skc stats --group-by users|clients: who read, with what (the CLI's own rows have neither: listed last).
    const users = await sb.runAsync(["stats", "runbook", "--group-by", "users", "--format", "json"], ops)
    expect(users.code).toBe(0)
    const byUser = JSON.parse(users.stdout) as { query: string; data: Array<{ user: string | null; count: number }> }
    expect(byUser.query).toBe("users")
    expect(byUser.data[0]).toEqual({ user: "bob", count: rows.filter((r) => (JSON.parse(r.args as string) as { user?: string }).user === "bob").length })
    const clients = await sb.runAsync(["stats", "runbook", "--group-by", "clients"], ops)
    expect(clients.stdout).toMatch(/COUNT\s+CLIENT/)
    expect(clients.stdout).toMatch(/\d+\s+codex\/2\.5\.0/)
  })

  it("without a token: 401 with the protected-resource metadata pointer (RFC 9728); a wrong token: 401", async () => {
    const none = await fetch(`${server.base}/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) })
    expect(none.status).toBe(401)
    const challenge = none.headers.get("www-authenticate") ?? ""
    expect(challenge).toMatch(/^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"$/)
    const metadata = (await (await fetch(/"(.*)"/.exec(challenge)![1]!)).json()) as Record<string, unknown>
    expect(metadata.resource).toBe(`${server.base}/mcp`)
    expect(metadata.bearer_methods_supported).toEqual(["header"])
    const wrong = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Bearer ${ALICE}x` }, body: JSON.stringify(INIT) })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toMatch(/not valid/)
    // RFC 6750 §3.1: a token presented and refused is named in the challenge, which clients show (Codex
    // 0.171.0 prints the header alone); a request without one gets no error code (checked above: the
    // challenge is the metadata pointer and nothing else).
    expect(wrong.headers.get("www-authenticate")).toMatch(
      /^Bearer resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp", error="invalid_token", error_description="the bearer token is not valid"$/
    )
    const basic = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Basic ${ALICE}` }, body: JSON.stringify(INIT) })
    expect(basic.headers.get("www-authenticate")).not.toContain("error=")
  })

  it("a failed call's hints are for a team member's agent: E001 names skc_list, E002 says the operator builds (and the operator is told)", async () => {
    const team = join(sb.root, "team-hints")
    for (const name of ["built", "drafted"]) {
      mkdirSync(join(team, ".skillc", "skills", name), { recursive: true })
      writeFileSync(join(team, ".skillc", "skills", name, "SKILL.md"), skill(name, "Team notes."))
    }
    expect((await sb.runAsync(["build", "built"], team)).code).toBe(0)
    const s = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", team, "--tokens", tokens] })
    const c = await connectHttp(`${s.base}/mcp`, ALICE)
    try {
      const missing = (await c.callTool({ name: "skc_show", arguments: { skill: "zzzzzzzz", section: "Notes" } })) as ToolText
      expect(missing.isError).toBe(true)
      // Not "run 'skc list'": the member's machine has no skc, or another project.
      expect(missing.content[0]?.text).toBe("error[E001]: skill 'zzzzzzzz' not found\n  call skc_list to see the skills this server serves")
      const close = (await c.callTool({ name: "skc_show", arguments: { skill: "buil", section: "Notes" } })) as ToolText
      expect(close.content[0]?.text).toBe("error[E001]: skill 'buil' not found\n  did you mean 'built'?")
      const unbuilt = (await c.callTool({ name: "skc_search", arguments: { skill: "drafted", query: "notes" } })) as ToolText
      expect(unbuilt.isError).toBe(true)
      const lines = unbuilt.content[0]?.text?.split("\n") ?? []
      expect(lines[0]).toBe("error[E002]: search index unusable; run 'skc build drafted' to rebuild")
      expect(lines[1]).toMatch(/^ {2}this team server's skills are built by its operator, on the server: ask them to run that command there/)
      for (let i = 0; i < 3000 && !s.stderr().includes("'drafted'"); i++) await new Promise((r) => setTimeout(r, 20))
      expect(s.stderr()).toMatch(/^skc mcp: skc_search: skill 'drafted' of \S+team-hints: search index unusable \(missing\): clients cannot read it until 'skc build drafted' is run here/m)
      // Once a minute per skill: a client retrying does not flood the operator's log.
      await c.callTool({ name: "skc_search", arguments: { skill: "drafted", query: "notes" } })
      await c.callTool({ name: "skc_show", arguments: { skill: "drafted", section: "Notes" } })
      expect(s.stderr().match(/skill 'drafted'/g)).toHaveLength(1)
    } finally {
      await c.close()
      await s.stop()
    }
  })

  it("2026-07-28 basic/index ('Error Codes'): a refusal of the endpoint answers a modern request with skc's code outside the JSON-RPC reserved range and no id; a handshake revision's keeps -32001 and id null", async () => {
    const modern = await fetch(`${server.base}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } })
    })
    expect(modern.status).toBe(401)
    // -32000 to -32019 is legacy ("new implementations SHOULD NOT use" it); the body is not read, so its id is not known.
    expect(await modern.json()).toEqual({ jsonrpc: "2.0", error: { code: -31401, message: "Unauthorized: a bearer token is required" } })
    const legacy = await fetch(`${server.base}/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) })
    expect(legacy.status).toBe(401)
    expect(await legacy.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "Unauthorized: a bearer token is required" } })
  })

  it("DNS rebinding: a foreign Host or Origin is 403; a loopback Origin passes", async () => {
    const auth = { ...MCP_HEADERS, authorization: `Bearer ${ALICE}` }
    const port = new URL(server.base).port
    expect(await rawPost(`${server.base}/mcp`, { ...auth, host: `evil.example:${port}` }, JSON.stringify(INIT))).toBe(403)
    const origin = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...auth, origin: "http://evil.example" }, body: JSON.stringify(INIT) })
    expect(origin.status).toBe(403)
    const local = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...auth, origin: `http://localhost:${port}` }, body: JSON.stringify(INIT) })
    expect(local.status).toBe(200)
    await local.body?.cancel()
  })

  it("a browser client from an allowed origin: its preflight (no token) is 204 with the MCP headers allowed, and its answers carry Access-Control-Allow-Origin; a foreign origin's preflight is 403", async () => {
    const port = new URL(server.base).port
    const page = `http://localhost:${port}`
    const preflight = await fetch(`${server.base}/mcp`, {
      method: "OPTIONS",
      headers: { origin: page, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, mcp-protocol-version" }
    })
    // Was 401: the preflight carries no token, so the browser never sent the request.
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe(page)
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST")
    for (const h of ["authorization", "content-type", "mcp-session-id", "mcp-protocol-version"]) expect(preflight.headers.get("access-control-allow-headers")).toContain(h)
    // A team-server probe: 2026-07-28's standard headers (Mcp-Method, Mcp-Name) and a tool's Mcp-Param-{Name}
    // headers were not allowed, so a browser refused every request of that revision.
    const modern = await fetch(`${server.base}/mcp`, {
      method: "OPTIONS",
      headers: { origin: page, "access-control-request-method": "POST", "access-control-request-headers": "mcp-protocol-version, Mcp-Method, mcp-name, Mcp-Param-Region, mcp-param-bad name" }
    })
    expect(modern.status).toBe(204)
    const allowed = (modern.headers.get("access-control-allow-headers") ?? "").split(", ")
    expect(allowed).toEqual(expect.arrayContaining(["mcp-method", "mcp-name", "mcp-param-region"]))
    expect(allowed.join(",")).not.toContain("bad name")
    const answer = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Bearer ${ALICE}`, origin: page }, body: JSON.stringify(INIT) })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("access-control-allow-origin")).toBe(page)
    expect(answer.headers.get("access-control-expose-headers")).toContain("mcp-session-id")
    await answer.body?.cancel()
    // A refusal a page must read (its challenge) is readable too; a foreign origin gets nothing but its 403.
    const refused = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, origin: page }, body: JSON.stringify(INIT) })
    expect(refused.status).toBe(401)
    expect(refused.headers.get("access-control-allow-origin")).toBe(page)
    // A path the server does not serve: its preflight is the 404 its request would get.
    expect((await fetch(`${server.base}/nope`, { method: "OPTIONS", headers: { origin: page, "access-control-request-method": "POST" } })).status).toBe(404)
    const foreign = await fetch(`${server.base}/mcp`, { method: "OPTIONS", headers: { origin: "http://evil.example", "access-control-request-method": "POST" } })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull()
  })

  it("a body over 1 MiB is 413; malformed JSON is 400 with JSON-RPC -32700; a non-JSON-RPC body is a JSON-RPC error; the server goes on", async () => {
    const auth = { ...MCP_HEADERS, authorization: `Bearer ${ALICE}` }
    const big = await fetch(`${server.base}/mcp`, { method: "POST", headers: auth, body: JSON.stringify({ ...INIT, pad: "x".repeat(1_100_000) }) })
    expect(big.status).toBe(413)
    const bad = await fetch(`${server.base}/mcp`, { method: "POST", headers: auth, body: '{"jsonrpc":"2.0",' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(-32700)
    // JSON that is not one JSON-RPC message is -32600 Invalid Request, as over stdio; -32700 is for text that is not JSON.
    // A batch (an array) too, outside a session on 2025-03-26: MCP has none since revision 2025-06-18, and stdio refuses it the same way.
    const ping = { jsonrpc: "2.0", id: 7, method: "ping" }
    for (const [body, id] of [
      [{ hello: "world" }, null],
      [42, null],
      [null, null],
      [{ jsonrpc: "1.0", id: 5, method: "ping" }, 5],
      [[ping, ping], null],
      [[], null]
    ] as const) {
      const r = await fetch(`${server.base}/mcp`, { method: "POST", headers: auth, body: JSON.stringify(body) })
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(await r.json(), JSON.stringify(body)).toMatchObject({ jsonrpc: "2.0", id, error: { code: -32600 } })
    }
    // A valid envelope whose params are wrong (an object progressToken: MCP's is a string or a number) is -32602, not -32600.
    const token = await fetch(`${server.base}/mcp`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "skc_list", arguments: {}, _meta: { progressToken: { a: 1 } } } })
    })
    expect(token.status).toBe(400)
    expect(await token.json()).toMatchObject({ jsonrpc: "2.0", id: 8, error: { code: -32602, message: expect.stringContaining("params._meta.progressToken") } })
    // A compressed body is refused by its encoding (415, RFC 9110 §15.5.16), not parsed as its compressed bytes (-32700 echoing them).
    const { gzipSync } = await import("node:zlib")
    const gzipped = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...auth, "content-encoding": "gzip" }, body: gzipSync(JSON.stringify(ping)) })
    expect(gzipped.status).toBe(415)
    expect(await gzipped.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600, message: expect.stringContaining("Content-Encoding 'gzip' is not supported") } })
    // A malformed escape in a project's path names no project: 404 with the paths served, not 500.
    const escaped = await fetch(`${server.base}/mcp/%E0%A4%A`, { method: "POST", headers: auth, body: JSON.stringify(INIT) })
    expect(escaped.status).toBe(404)
    expect(((await escaped.json()) as { served: Array<string> }).served).toContain("/mcp")
    const health = await fetch(`${server.base}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: "ok" })
  })

  it("a body declared over 1 MiB: every client still writing it reads the 413, none fails on a reset (lingering close)", async () => {
    // A server that closed the connection as soon as its 413 was flushed reset it under a client still
    // writing the body: fetch failed with EPIPE in about one request of five (seen in CI), so 40 in a row.
    const auth = { ...MCP_HEADERS, authorization: `Bearer ${ALICE}` }
    const body = JSON.stringify({ ...INIT, pad: "x".repeat(1_100_000) })
    const statuses: Array<number | string> = []
    for (let i = 0; i < 40; i++) {
      try {
        const r = await fetch(`${server.base}/mcp`, { method: "POST", headers: auth, body })
        statuses.push(r.status)
        await r.text()
      } catch (e) {
        statuses.push(`${String(e)}: ${String((e as { cause?: unknown }).cause)}`)
      }
    }
    expect(statuses.filter((s) => s !== 413)).toEqual([])
  })

  it("a streamed (chunked) body is cut off past 1 MiB: 413, the connection ended, the rest never read (docs/team.md)", async () => {
    const port = Number(new URL(server.base).port)
    const CAP = 64 * 1024 * 1024
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
    const outcome = await new Promise<{ head: string; sent: number }>((resolve, reject) => {
      let got = ""
      let sent = 0
      let closed = false
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          ["POST /mcp HTTP/1.1", `Host: 127.0.0.1:${port}`, "Content-Type: application/json", "Accept: application/json, text/event-stream", `Authorization: Bearer ${ALICE}`, "Transfer-Encoding: chunked", "", ""].join("\r\n")
        )
        // Upload as long as the server reads, up to CAP; a server that reads it all answers only after the last chunk.
        const pump = () => {
          while (!closed && sent < CAP) {
            sent += chunk.length
            if (!socket.write(framed)) return void socket.once("drain", pump)
          }
          if (!closed) socket.write("0\r\n\r\n")
        }
        pump()
      })
      const done = () => {
        closed = true
        resolve({ head: got, sent })
      }
      socket.on("data", (d: Buffer) => {
        got += d.toString("latin1")
        if (got.includes("\r\n\r\n") && got.includes("}")) {
          done()
          socket.destroy()
        }
      })
      socket.on("error", () => {}) // EPIPE / ECONNRESET once the server ends the connection
      socket.on("close", done)
      setTimeout(() => reject(new Error(`no answer; sent ${sent}`)), 120_000).unref()
    })
    expect(outcome.head.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large")
    expect(outcome.head).toContain("over 1048576 bytes")
    expect(outcome.sent).toBeLessThan(CAP)
  }, 150_000)

  it("Expect: 100-continue with a body declared over 1 MiB: the 413 comes before any 100, so the client reads it", async () => {
    const port = Number(new URL(server.base).port)
    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(
          [
            "POST /mcp HTTP/1.1",
            `Host: 127.0.0.1:${port}`,
            "Content-Type: application/json",
            "Accept: application/json, text/event-stream",
            `Authorization: Bearer ${ALICE}`,
            "Content-Length: 52428800",
            "Expect: 100-continue",
            "",
            ""
          ].join("\r\n")
        )
      })
      let got = ""
      socket.on("data", (d: Buffer) => {
        got += d.toString("latin1")
        if (got.includes("\r\n\r\n")) {
          socket.destroy()
          resolve(got)
        }
      })
      socket.on("error", reject)
      socket.on("close", () => resolve(got))
    })
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large")
    // A small body with the same header is answered as usual after the 100.
    const small = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify(INIT)
      const req = request(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Bearer ${ALICE}`, expect: "100-continue", "content-length": Buffer.byteLength(body) } }, (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      })
      req.on("continue", () => req.end(body))
      req.on("error", reject)
    })
    expect(small).toBe(200)
  })

  it("GET's event stream sends its status and headers at once, before any event (a proxy's read timeout never sees a silent 200)", async () => {
    const auth = { authorization: `Bearer ${ALICE}` }
    const init = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, ...auth }, body: JSON.stringify(INIT) })
    const sid = init.headers.get("mcp-session-id")
    expect(sid).toBeTruthy()
    await init.text()
    const controller = new AbortController()
    // fetch resolves once the status line and headers arrive; held back until the first event, it would not.
    const stream = await fetch(`${server.base}/mcp`, {
      headers: { ...auth, accept: "text/event-stream", "mcp-session-id": sid!, "mcp-protocol-version": "2025-06-18" },
      signal: controller.signal
    })
    expect(stream.status).toBe(200)
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/)
    controller.abort()
    await fetch(`${server.base}/mcp`, { method: "DELETE", headers: { ...auth, "mcp-session-id": sid!, "mcp-protocol-version": "2025-06-18" } })
  })

  it("one token holds at most 64 sessions: its least recently used is closed for a new one, so another token still gets in", async () => {
    const initAs = async (token: string) => {
      const r = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` }, body: JSON.stringify(INIT) })
      await r.text()
      expect(r.status).toBe(200)
      return r.headers.get("mcp-session-id")!
    }
    const ping = async (token: string, sid: string) => {
      const r = await fetch(`${server.base}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, authorization: `Bearer ${token}`, "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })
      })
      await r.text()
      return r.status
    }
    // Bob's client never sends DELETE: 65 sessions, one more than a token may hold.
    const bobs: Array<string> = []
    for (let i = 0; i < 65; i++) bobs.push(await initAs(BOB))
    expect(await ping(BOB, bobs[0]!)).toBe(404)
    expect(await ping(BOB, bobs[1]!)).toBe(200)
    expect(await ping(BOB, bobs[64]!)).toBe(200)
    expect(server.stderr()).toContain("token 'bob' holds 64 sessions: its least recently used is closed for each new one")
    const alice = await initAs(ALICE)
    expect(await ping(ALICE, alice)).toBe(200)
    for (const sid of [...bobs.slice(1), alice]) {
      const token = sid === alice ? ALICE : BOB
      await fetch(`${server.base}/mcp`, { method: "DELETE", headers: { authorization: `Bearer ${token}`, "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18" } })
    }
  })

  it("a method the endpoint has no use for is 405 naming GET, POST and DELETE, with a session or without", async () => {
    for (const method of ["PUT", "PATCH"]) {
      const r = await fetch(`${server.base}/mcp`, { method, headers: { ...MCP_HEADERS, authorization: `Bearer ${ALICE}` }, body: "{}" })
      await r.text()
      expect(r.status, method).toBe(405)
      expect(r.headers.get("allow")).toBe("GET, POST, DELETE")
    }
  })

  it("a session's request POSTed without Mcp-Session-Id is 400 saying the header is required, as GET and DELETE say (it was 'Server not initialized')", async () => {
    const call = { jsonrpc: "2.0", id: 7, method: "tools/list", params: {} }
    const r = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, "mcp-protocol-version": "2025-06-18", authorization: `Bearer ${ALICE}` }, body: JSON.stringify(call) })
    expect(r.status).toBe(400)
    const body = (await r.json()) as { id?: unknown; error?: { code?: number; message?: string } }
    expect(body.error?.code).toBe(-32000)
    expect(body.error?.message).toContain("Bad Request: Mcp-Session-Id header is required (a session starts with initialize")
    // The request's own id, which it could read (JSON-RPC; an MCP probe: no id at all).
    expect(body.id).toBe(7)
    // So does an unknown session's 404.
    const lost = await fetch(`${server.base}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, "mcp-protocol-version": "2025-06-18", "mcp-session-id": "no-such-session", authorization: `Bearer ${ALICE}` },
      body: JSON.stringify(call)
    })
    expect(lost.status).toBe(404)
    expect(((await lost.json()) as { id?: unknown }).id).toBe(7)
    // An initialize still opens one.
    const init = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Bearer ${ALICE}` }, body: JSON.stringify(INIT) })
    await init.text()
    expect(init.status).toBe(200)
    expect(init.headers.get("mcp-session-id")).toBeTruthy()
  })

  // A client probe (seventy-ninth pass) found stdio renegotiating on a second initialize; over HTTP the SDK's
  // transport refuses it on a session: the session keeps its revision (its batches are still served).
  it("MCP basic/lifecycle: a second initialize on a session is 400 -32600 and the session keeps its revision", async () => {
    const auth = { ...MCP_HEADERS, authorization: `Bearer ${ALICE}` }
    const opened = await fetch(`${server.base}/mcp`, { method: "POST", headers: auth, body: JSON.stringify({ ...INIT, params: { ...INIT.params, protocolVersion: "2025-03-26" } }) })
    const sid = opened.headers.get("mcp-session-id")!
    expect(await opened.text()).toContain('"protocolVersion":"2025-03-26"')
    const headers = { ...auth, "mcp-session-id": sid }
    expect((await fetch(`${server.base}/mcp`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) })).status).toBe(202)
    const again = await fetch(`${server.base}/mcp`, {
      method: "POST",
      headers,
      body: JSON.stringify({ ...INIT, id: 6, params: { ...INIT.params, protocolVersion: "2025-11-25" } })
    })
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600, message: expect.stringContaining("already initialized") } })
    const batch = await fetch(`${server.base}/mcp`, { method: "POST", headers, body: JSON.stringify([{ jsonrpc: "2.0", id: 7, method: "ping" }]) })
    expect(batch.status).toBe(200)
    expect(await batch.text()).toContain('"id":7')
    await fetch(`${server.base}/mcp`, { method: "DELETE", headers })
  })

  it("2025-03-26 basic/index (Batching): a session on that revision POSTs a batch and gets its answers on one SSE stream, one per message (JSON-RPC 2.0 §6); 202 for notifications; later revisions refuse it", async () => {
    const auth = { ...MCP_HEADERS, authorization: `Bearer ${ALICE}` }
    const openSession = async (protocolVersion: string) => {
      const opened = await fetch(`${server.base}/mcp`, { method: "POST", headers: auth, body: JSON.stringify({ ...INIT, params: { ...INIT.params, protocolVersion } }) })
      const id = opened.headers.get("mcp-session-id")!
      await opened.text()
      const headers = { ...auth, "mcp-session-id": id, ...(protocolVersion === "2025-03-26" ? {} : { "mcp-protocol-version": protocolVersion }) }
      const initialized = await fetch(`${server.base}/mcp`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) })
      expect(initialized.status).toBe(202)
      return (body: unknown) => fetch(`${server.base}/mcp`, { method: "POST", headers, body: JSON.stringify(body) })
    }
    const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" })
    const post = await openSession("2025-03-26")
    const batch = await post([ping(2), { jsonrpc: "2.0", id: 3, method: "resources/templates/list" }, { jsonrpc: "2.0", method: "notifications/roots/list_changed" }])
    expect(batch.status).toBe(200)
    const events = (await batch.text())
      .split("\n")
      .filter((l) => l.startsWith("data: ") && l.length > 6)
      .map((l) => JSON.parse(l.slice(6)) as { id: number; result?: { resourceTemplates?: Array<unknown> } })
    expect(events.map((e) => e.id).sort()).toEqual([2, 3])
    // Only the scopes an HTTP session serves: none of the account's own (skill://global/… is -32602 there).
    expect((events.find((e) => e.id === 3)!.result!.resourceTemplates as Array<{ uriTemplate: string }>).map((t) => t.uriTemplate)).toEqual([
      "skill://project/{skill}/{+path}",
      "skill://agent-project/{skill}/{+path}",
      "skill://plugin/{skill}/{+path}"
    ])
    expect((await post([{ jsonrpc: "2.0", method: "notifications/roots/list_changed" }])).status).toBe(202)
    const empty = await post([])
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining("empty batch") } })
    const long = await post(Array.from({ length: 65 }, (_, i) => ping(100 + i)))
    expect(long.status).toBe(400)
    expect(await long.json()).toMatchObject({ error: { code: -32600, message: expect.stringContaining("exceeds the limit of 64") } })
    // JSON-RPC 2.0 §6: a message that cannot be served gets its own error answer; the others of the batch are
    // served (they were refused whole with a 400 before), on the batch's SSE stream.
    const bad = await post([ping(4), { jsonrpc: "2.0", id: 5, method: "tools/list", params: { _meta: { progressToken: {} } } }, { hello: 1 }])
    expect(bad.status).toBe(200)
    const answers = (await bad.text())
      .split("\n")
      .filter((l) => l.startsWith("data: ") && l.length > 6)
      .map((l) => JSON.parse(l.slice(6)) as { id: unknown; result?: unknown; error?: { code: number; message: string } })
    expect(answers).toHaveLength(3)
    expect(answers).toContainEqual({ jsonrpc: "2.0", id: 4, result: {} })
    expect(answers).toContainEqual({ jsonrpc: "2.0", id: 5, error: { code: -32602, message: expect.stringContaining("message 2 of the batch") } })
    expect(answers).toContainEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message (message 3 of the batch)" } })
    // Nothing of it servable: 400, still one answer per message.
    const none = await post([{ hello: 1 }, { jsonrpc: "2.0", id: 6, method: "initialize", params: {} }])
    expect(none.status).toBe(400)
    expect(await none.json()).toEqual([
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message (message 1 of the batch)" } },
      { jsonrpc: "2.0", id: 6, error: { code: -32600, message: expect.stringContaining("initialize must not be part of a batch") } }
    ])
    // A session on a later revision refuses a batch as before.
    const later = await (await openSession("2025-06-18"))([ping(2), ping(3)])
    expect(later.status).toBe(400)
    expect(await later.json()).toMatchObject({ id: null, error: { code: -32600 } })
  })

  it("an unknown session is 404; a session is its token's own (403 for another)", async () => {
    const unknown = await fetch(`${server.base}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, authorization: `Bearer ${ALICE}`, "mcp-session-id": "no-such-session" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })
    })
    expect(unknown.status).toBe(404)
    const opened = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Bearer ${ALICE}` }, body: JSON.stringify(INIT) })
    const id = opened.headers.get("mcp-session-id")!
    await opened.body?.cancel()
    const stolen = await fetch(`${server.base}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, authorization: `Bearer ${BOB}`, "mcp-session-id": id },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })
    })
    expect(stolen.status).toBe(403)
  })
})

describe("skc mcp --http limits and modes (issue 49 item 1)", () => {
  const sb = sandbox()
  beforeAll(async () => {
    mkdirSync(join(sb.work, ".skillc", "skills", "notes"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "notes", "SKILL.md"), skill("notes", "Plain notes."))
    expect((await sb.runAsync(["build", "notes"])).code).toBe(0)
  })

  // A team-server probe: skc_list's warning named '/srv/…/.skillc/skills/docx', a search's skipped reason said
  // "run 'skc build …'" beside the text's operator wording, resources/read's error named the source's path.
  it("a client is told no path of the server: warnings, skipped reasons and resource errors name the project's files relatively", async () => {
    const team = join(sb.root, "paths-team")
    for (const [name, md] of [
      ["good", skill("good", "Use the design system.")],
      ["broken", "---\nname: broken\ndescription: [WIP] x: y\n---\n# Broken\n"],
      ["stale", skill("stale", "Page the on-call.")]
    ] as const) {
      mkdirSync(join(team, ".skillc", "skills", name), { recursive: true })
      writeFileSync(join(team, ".skillc", "skills", name, "SKILL.md"), md)
    }
    expect((await sb.runAsync(["build", "good"], team)).code).toBe(0)
    expect((await sb.runAsync(["build", "stale"], team)).code).toBe(0)
    writeFileSync(join(team, ".skillc", "skills", "stale", "SKILL.md"), skill("stale", "Page the on-call, now edited."))
    const s = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", team] })
    try {
      const c = await connectHttp(`${s.base}/mcp`)
      const listed = (await c.callTool({ name: "skc_list", arguments: {} })) as ToolText
      // What skc says (its notices and warning lines); the listing's own data keeps each skill's path.
      const said = [...((listed as { structuredContent?: { notices?: Array<string> } }).structuredContent?.notices ?? []), ...listed.content.flatMap((x) => (x.text ?? "").split("\n").filter((l) => l.startsWith("warning")))]
      expect(said.join("\n")).toContain("skipping '.skillc/skills/broken'")
      expect(said.join("\n")).not.toContain(team)
      const searched = (await c.callTool({ name: "skc_search", arguments: { query: "design" } })) as ToolText & { structuredContent?: { skipped?: Array<{ skill: string; reason: string }> } }
      const stale = searched.structuredContent?.skipped?.find((x) => x.skill === "stale")
      expect(stale?.reason).toMatch(/its operator rebuilds it on the server$/)
      expect(stale?.reason).not.toContain("run 'skc build")
      expect(JSON.stringify(searched.structuredContent?.skipped)).not.toContain(team)
      await c.close()
    } finally {
      await s.stop()
    }
  })

  it("a --project that is no project: the operator is told at start; a client is not told to send roots it cannot", async () => {
    const empty = join(sb.root, "not-a-project")
    mkdirSync(empty, { recursive: true })
    const s = await startHttpServer({ cwd: sb.work, home: sb.home, flags: ["--project", empty] })
    try {
      expect(s.stderr()).toContain(`--project ${empty}: no project found there`)
      const c = await connectHttp(`${s.base}/mcp`)
      const listed = (await c.callTool({ name: "skc_list", arguments: {} })) as ToolText
      const said = listed.content.map((x) => x.text ?? "").join("\n")
      expect(said).toContain("This team server's operator names its projects")
      expect(said).not.toContain("MCP roots")
      await c.close()
    } finally {
      await s.stop()
    }
  })

  it("a token sent with another scheme than Bearer is told so, the client and the operator alike; the first line counts nothing", async () => {
    const tokenFile = join(sb.root, "scheme-tokens.txt")
    writeFileSync(tokenFile, `alice:${ALICE}\n`)
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--tokens", tokenFile] })
    try {
      const basic = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Basic ${ALICE}` }, body: JSON.stringify(INIT) })
      expect(basic.status).toBe(401)
      const why = `the token must be sent as 'Authorization: Bearer <token>' (the header uses the "Basic" scheme)`
      expect(((await basic.json()) as { error: { message: string } }).error.message).toBe(`Unauthorized: ${why}`)
      for (let i = 0; i < 3000 && !server.stderr().includes("401:"); i++) await new Promise((r) => setTimeout(r, 20))
      expect(server.stderr()).toMatch(new RegExp(`^skc mcp: 401: a request from \\S+: ${why.replace(/[()<>'"]/g, ".")}$`, "m"))
    } finally {
      await server.stop()
    }
  })

  it("requests with a wrong token are held to the rate of their address: guessing tokens gets 429 too", async () => {
    const tokenFile = join(sb.root, "rate-tokens.txt")
    writeFileSync(tokenFile, `alice:${ALICE}\n`)
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--tokens", tokenFile, "--rate", "3"] })
    try {
      const statuses: Array<number> = []
      for (let i = 0; i < 5; i++) {
        const r = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Bearer guess-${i}-0123456789abcdef` }, body: JSON.stringify(INIT) })
        statuses.push(r.status)
        await r.body?.cancel()
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429])
      // The operator is told, once a minute for each kind and address (the client's user sees only "Unauthorized").
      for (let i = 0; i < 3000 && !server.stderr().includes("(refused tokens) is over"); i++) await new Promise((r) => setTimeout(r, 20))
      expect(server.stderr().match(/^skc mcp: 401: a request from \S+: the bearer token is not valid$/gm)).toHaveLength(1)
      expect(server.stderr().match(/^skc mcp: 429: \S+ \(refused tokens\) is over --rate 3 requests a minute$/gm)).toHaveLength(1)
      // The token's own bucket is another: the right token is still answered.
      const ok = await fetch(`${server.base}/mcp`, { method: "POST", headers: { ...MCP_HEADERS, authorization: `Bearer ${ALICE}` }, body: JSON.stringify(INIT) })
      expect(ok.status).toBe(200)
      await ok.body?.cancel()
    } finally {
      await server.stop()
    }
  })

  it("--trust-proxy: behind a reverse proxy each client's refused tokens count against its own address, and the operator's lines name it", async () => {
    const tokenFile = join(sb.root, "proxy-tokens.txt")
    writeFileSync(tokenFile, `alice:${ALICE}\n`)
    const refusedFrom = async (base: string, forwarded: string) => {
      const r = await fetch(`${base}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, authorization: "Bearer guess-0123456789abcdef", "x-forwarded-for": forwarded },
        body: JSON.stringify(INIT)
      })
      await r.body?.cancel()
      return r.status
    }
    const trusted = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--tokens", tokenFile, "--rate", "2", "--trust-proxy"] })
    try {
      // The client before the proxy claims an address of its own (the first entry): only the proxy's last one counts.
      const first = [await refusedFrom(trusted.base, "10.0.0.1, 203.0.113.7"), await refusedFrom(trusted.base, "10.0.0.2, 203.0.113.7"), await refusedFrom(trusted.base, "203.0.113.7")]
      expect(first).toEqual([401, 401, 429])
      // Another engineer behind the same proxy is not held to the first one's bucket.
      expect(await refusedFrom(trusted.base, "198.51.100.4")).toBe(401)
      for (let i = 0; i < 3000 && !trusted.stderr().includes("(refused tokens) is over"); i++) await new Promise((r) => setTimeout(r, 20))
      expect(trusted.stderr()).toMatch(/^skc mcp: 401: a request from 203\.0\.113\.7: the bearer token is not valid$/m)
      expect(trusted.stderr()).toMatch(/^skc mcp: 401: a request from 198\.51\.100\.4: the bearer token is not valid$/m)
      expect(trusted.stderr()).toMatch(/^skc mcp: 429: 203\.0\.113\.7 \(refused tokens\) is over --rate 2 requests a minute$/m)
    } finally {
      await trusted.stop()
    }
    // Without the flag the header is not read: naming another address does not escape the peer's bucket.
    const plain = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--tokens", tokenFile, "--rate", "2"] })
    try {
      expect([await refusedFrom(plain.base, "203.0.113.7"), await refusedFrom(plain.base, "198.51.100.4"), await refusedFrom(plain.base, "192.0.2.9")]).toEqual([401, 401, 429])
      expect(plain.stderr()).not.toContain("203.0.113.7")
    } finally {
      await plain.stop()
    }
  })

  it("the rate limit per identity: 429 with Retry-After once the minute's requests are spent", async () => {
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--rate", "3"] })
    try {
      const statuses: Array<number> = []
      let retryAfter: string | null = null
      for (let i = 0; i < 5; i++) {
        const r = await fetch(`${server.base}/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify(INIT) })
        statuses.push(r.status)
        if (r.status === 429) retryAfter = r.headers.get("retry-after")
        await r.body?.cancel()
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
      expect(statuses.slice(3)).toEqual([429, 429])
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
      for (let i = 0; i < 3000 && !server.stderr().includes("429: "); i++) await new Promise((r) => setTimeout(r, 20))
      expect(server.stderr().match(/^skc mcp: 429: address \S+ is over --rate 3 requests a minute$/gm)).toHaveLength(1)
      // A CORS preflight counts against the address too (sixty-sixth pass: it was the one answer without a limit).
      const preflight = await fetch(`${server.base}/mcp`, { method: "OPTIONS", headers: { origin: server.base, "access-control-request-method": "POST" } })
      expect(preflight.status).toBe(429)
    } finally {
      await server.stop()
    }
  })

  it("a 2025-03-26 batch counts each of its messages against --rate: a batch cannot get past the limit", async () => {
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--rate", "5"] })
    try {
      const opened = await fetch(`${server.base}/mcp`, { method: "POST", headers: MCP_HEADERS, body: JSON.stringify({ ...INIT, params: { ...INIT.params, protocolVersion: "2025-03-26" } }) })
      const headers = { ...MCP_HEADERS, "mcp-session-id": opened.headers.get("mcp-session-id")! }
      await opened.text()
      const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" })
      // Four requests left this minute. A batch of five is refused whole (its POST counted: three left);
      // one of three is served, and spends the minute.
      const five = await fetch(`${server.base}/mcp`, { method: "POST", headers, body: JSON.stringify([1, 2, 3, 4, 5].map(ping)) })
      expect(five.status).toBe(429)
      await five.body?.cancel()
      const three = await fetch(`${server.base}/mcp`, { method: "POST", headers, body: JSON.stringify([1, 2, 3].map(ping)) })
      expect(three.status).toBe(200)
      await three.text()
      const more = await fetch(`${server.base}/mcp`, { method: "POST", headers, body: JSON.stringify(ping(9)) })
      expect(more.status).toBe(429)
      await more.body?.cancel()
    } finally {
      await server.stop()
    }
  })

  it("--stateless with tokens: each reader's calls share a run id of their own, not one per replica", async () => {
    const dir = join(sb.root, "stateless-runs")
    mkdirSync(join(dir, ".skillc", "skills", "guide"), { recursive: true })
    writeFileSync(join(dir, ".skillc", "skills", "guide", "SKILL.md"), skill("guide", "Read this first."))
    expect((await sb.runAsync(["build", "guide"], dir)).code).toBe(0)
    const tokenFile = join(sb.root, "stateless-tokens.txt")
    writeFileSync(tokenFile, `alice:${ALICE}\nbob:${BOB}\n`)
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", dir, "--stateless", "--tokens", tokenFile, "--rate", "1000"] })
    try {
      for (const token of [ALICE, BOB, ALICE, BOB]) {
        const client = await connectHttp(`${server.base}/mcp`, token, "agent")
        await client.callTool({ name: "skc_show", arguments: { skill: "guide", section: "Notes" } })
        await client.close()
      }
      const rows = readLog(join(dir, ".skillc", "runtime", "guide", ".skillc-meta", "logs.db")).filter((r) => r.command === "show")
      const runsOf = (user: string) => new Set(rows.filter((r) => (JSON.parse(String(r.args)) as { user?: string }).user === user).map((r) => r.run_id))
      const alice = runsOf("alice")
      const bob = runsOf("bob")
      expect(alice.size).toBe(1)
      expect(bob.size).toBe(1)
      expect([...alice][0]).not.toBe([...bob][0])
      expect([...alice][0]).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/)
    } finally {
      await server.stop()
    }
  })

  it("--stateless: every request answered on its own, by the SDK client too", async () => {
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--stateless"] })
    try {
      const client = await connectHttp(`${server.base}/mcp`)
      const shown = (await client.callTool({ name: "skc_show", arguments: { skill: "notes", section: "Notes" } })) as ToolText
      expect(shown.content[0]?.text).toContain("Plain notes.")
      const tools = await client.listTools()
      expect(tools.tools.map((t) => t.name)).toContain("skc_search")
      await client.close()
      const get = await fetch(`${server.base}/mcp`, { headers: { accept: "text/event-stream" } })
      expect(get.status).toBe(405)
      // A 2026-07-28 request makes no handshake: it names its client in _meta, and the row records it (issue 49 item 2).
      // Its headers mirror the body (2026-07-28 streamable-http "Request Metadata"; httpModern.ts checks them).
      const modern = await fetch(`${server.base}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "skc_show" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: {
            name: "skc_show",
            arguments: { skill: "notes", section: "Notes" },
            _meta: {
              "io.modelcontextprotocol/protocolVersion": "2026-07-28",
              "io.modelcontextprotocol/clientCapabilities": {},
              "io.modelcontextprotocol/clientInfo": { name: "modern-agent", version: "3.0" }
            }
          }
        })
      })
      expect(modern.status).toBe(200)
      const answer = (await modern.json()) as { result: { resultType: string; content: Array<{ text: string }> } }
      expect(answer.result.resultType).toBe("complete")
      expect(answer.result.content[0]!.text).toContain("Plain notes.")
      const rows = readLog(join(sb.work, ".skillc", "runtime", "notes", ".skillc-meta", "logs.db"))
      expect(JSON.parse(rows[rows.length - 1]!.args as string)).toMatchObject({ role: "agent", client: "modern-agent/3.0" })
      // A 2025-11-25 request names its client nowhere (its clientInfo went with an initialize answered before, maybe
      // by another replica): the User-Agent's name/version is recorded, as Codex 0.171.0 sends it by default.
      const legacy = await fetch(`${server.base}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, "mcp-protocol-version": "2025-11-25", "user-agent": "codex-mcp-client/0.171.0" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "skc_show", arguments: { skill: "notes", section: "Notes" } } })
      })
      expect(legacy.status).toBe(200)
      expect(JSON.stringify(await legacy.json())).toContain("Plain notes.")
      const after = readLog(join(sb.work, ".skillc", "runtime", "notes", ".skillc-meta", "logs.db"))
      expect(after).toHaveLength(rows.length + 1)
      expect(JSON.parse(after[after.length - 1]!.args as string)).toMatchObject({ role: "agent", client: "codex-mcp-client/0.171.0" })
    } finally {
      await server.stop()
    }
  })

  it("SIGTERM stops the server gracefully (143), open sessions closed", async () => {
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work] })
    const client = await connectHttp(`${server.base}/mcp`)
    await client.callTool({ name: "skc_list", arguments: {} })
    expect(await server.stop("SIGTERM")).toBe(143)
    // The operator's log says it stopped, and what it closed.
    expect(server.stderr()).toMatch(/skc mcp: stopped \(1 open session closed\)\n$/)
  })

  it("a --port in use is E100 naming it and how to choose another, not E999", async () => {
    const busy = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work] })
    try {
      const port = new URL(busy.base).port
      const r = await spawnAsync(process.execPath, [BIN, "mcp", "--http", "--port", port, "--project", sb.work], {
        cwd: sb.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
        timeoutMs: 60_000
      })
      expect(r.code).toBe(1)
      expect(r.stderr).toContain(`error[E100]: invalid option: '--port ${port}: 127.0.0.1:${port} is in use (another server listens there)'`)
      expect(r.stderr).toContain("choose another --port, or --port 0 for a free one")
    } finally {
      await busy.stop()
    }
  })

  it("a --host that does not resolve is E100 naming it, not E999 with getaddrinfo's code (sixty-third pass's team probe)", async () => {
    const tokens = join(sb.root, "host-tokens")
    writeFileSync(tokens, "alice:host-token-0123456789abcdef\n")
    const r = await spawnAsync(process.execPath, [BIN, "mcp", "--http", "--host", "192.168.999.1", "--port", "0", "--tokens", tokens, "--project", sb.work], {
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
      timeoutMs: 60_000
    })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("error[E100]: invalid option: '--host 192.168.999.1: no such address (")
    expect(r.stderr).not.toContain("E999")
  })

  it("reachable from other machines without --allow-host, the start says the Host check is off (MCP 2026-07-28 transports, DNS rebinding)", async () => {
    const tokens = join(sb.root, "open-tokens")
    writeFileSync(tokens, "alice:open-token-0123456789abcdef\n")
    const warning = "reachable from other machines and no --allow-host: every Host name is served"
    for (const [flags, warned] of [
      [["--host", "0.0.0.0"], true],
      [["--host", "0.0.0.0", "--allow-host", "skills.lan"], false],
      [[], false]
    ] as const) {
      const s = await startHttpServer({ cwd: sb.work, home: sb.home, flags: [...flags, "--tokens", tokens, "--project", sb.work] })
      try {
        // The warning comes in the serving line's write.
        expect(s.stderr().includes(warning)).toBe(warned)
      } finally {
        await s.stop()
      }
    }
  })

  it("refuses to start: a non-loopback address without tokens, HTTP flags without --http, --http without a project (E100)", async () => {
    const run = (args: ReadonlyArray<string>) =>
      spawnAsync(process.execPath, [BIN, "mcp", ...args], {
        cwd: sb.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
        timeoutMs: 60_000
      })
    const open = await run(["--http", "--host", "0.0.0.0", "--project", sb.work])
    expect(open.code).toBe(1)
    expect(open.stderr).toMatch(/^error\[E100\]: .*--host 0\.0\.0\.0: a server reachable from other machines needs tokens/m)
    expect(open.stderr).not.toMatch(/\n\s+at /)
    const stray = await run(["--port", "9000"])
    expect(stray.code).toBe(1)
    expect(stray.stderr).toMatch(/--port is for --http/)
    const noProject = await run(["--http"])
    expect(noProject.code).toBe(1)
    expect(noProject.stderr).toMatch(/--http needs --project <dir>/)
    const shortToken = join(sb.root, "short.txt")
    writeFileSync(shortToken, "carol:short\n")
    const weak = await run(["--http", "--tokens", shortToken, "--project", sb.work])
    expect(weak.code).toBe(1)
    expect(weak.stderr).toMatch(/line 1: the token of 'carol' is shorter than 16 characters/)
    expect(weak.stderr).not.toContain("short\n")
  })
})
