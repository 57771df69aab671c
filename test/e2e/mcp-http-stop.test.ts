// `skc mcp --http` stopped (SIGTERM) while requests are in flight: each one is
// answered with -32603 "skc mcp is stopping …" on the stream its client waits
// on, after a grace for them to finish, instead of a stream ended in silence
// that left the agent waiting until its own timeout (docs/team.md "Stopping").
// Both kinds of request: a 2025-06-18 session's (the SDK's own client) and a
// 2026-07-28 request without a handshake. They are held in flight by another
// process's write lock on the skill's access log, which skc waits out (up to
// 10 s, RFC-0007:C-LOGGING) before it answers.
import { DatabaseSync } from "node:sqlite"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { builtSkill, sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer } from "../helpers/httpServer.js"

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "modern-agent", version: "3.0" }
}

describe("skc mcp --http stopping with requests in flight (docs/team.md Stopping)", () => {
  it("answers each request in flight with -32603, names no Effect internals, exits 143", async () => {
    const s = sandbox()
    expect((await s.runAsync(["init"])).code).toBe(0)
    builtSkill(s, "notes", "Team notes. Use when testing.", "# Notes\n\n## Deploys\n\nShip on Tuesdays.\n")
    expect((await s.runAsync(["show", "notes", "--section", "Deploys"])).code).toBe(0)
    const server = await startHttpServer({ cwd: "/", home: s.home, flags: ["--project", s.work] })
    const client = await connectHttp(`${server.base}/mcp`)
    // Another process writing to the skill's log: every row waits for it.
    const log = new DatabaseSync(join(s.work, ".skillc", "runtime", "notes", ".skillc-meta", "logs.db"))
    log.exec("BEGIN EXCLUSIVE")
    try {
      const legacy = client.callTool({ name: "skc_show", arguments: { skill: "notes", section: "Deploys" } }, undefined, { timeout: 120_000 }).then(
        (r) => ({ code: 0, message: JSON.stringify(r) }),
        (e: { code?: number; message?: string }) => ({ code: e.code, message: String(e.message) })
      )
      const modern = fetch(`${server.base}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": "tools/call",
          "mcp-name": "skc_show"
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "skc_show", arguments: { skill: "notes", section: "Deploys" }, _meta: META } })
      }).then(async (r) => ({ status: r.status, text: await r.text() }))
      let early: unknown
      void legacy.then((r) => (early ??= { legacy: r }))
      void modern.then((r) => (early ??= { modern: r }))
      // Both requests reach the server and wait on the lock; nothing is answered meanwhile.
      await new Promise((r) => setTimeout(r, 1_500))
      expect(early, server.stderr()).toBeUndefined()
      expect(await server.stop("SIGTERM")).toBe(143)
      const l = await legacy
      expect(l.code, l.message + server.stderr()).toBe(-32603)
      expect(l.message).toContain("skc mcp is stopping: the request was not finished")
      const m = await modern
      const answer = JSON.parse(m.text) as { id: number; error: { code: number; message: string } }
      expect(answer.id).toBe(7)
      expect(answer.error.code).toBe(-32603)
      expect(answer.error.message).toContain("skc mcp is stopping")
      expect(server.stderr()).toContain("stopping: answering the requests still in flight with -32603")
      expect(server.stderr()).not.toContain("All fibers interrupted")
    } finally {
      log.exec("ROLLBACK")
      log.close()
      await client.close().catch(() => {})
      await server.stop("SIGKILL")
    }
  }, 180_000)
})
