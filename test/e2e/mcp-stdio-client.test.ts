/**
 * Issue 49 item 2 (`--group-by clients`), over stdio: the agent that read is
 * recorded as its MCP `clientInfo` (`name/version`) in each access row's
 * `args.client`, from the handshake or, for revision 2026-07-28 (no
 * handshake), from each request's `_meta`. Authors running Claude Code,
 * Codex or an editor's agent over stdio see which one read their skill.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
import { connectMcp } from "../helpers/mcpClient.js"
import { spawnMcp } from "../helpers/mcpWire.js"

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

/** A built skill `demo` in the sandbox's project (show and search read the built skill). */
const demoSkill = async (sb: ReturnType<typeof sandbox>) => {
  put(join(sb.work, ".skillc", "skills", "demo", "SKILL.md"), "---\nname: demo\ndescription: Use when testing.\n---\n# Demo\n\nalpha\n\n## Deploys\n\nbeta\n")
  const built = await sb.runAsync(["build", "demo"])
  expect(built.code, built.stderr).toBe(0)
}

/** The `client` of each read row of `demo`'s log (the build's row left out). */
const clientsOf = (work: string) =>
  readLog(join(work, ".skillc", "runtime", "demo", ".skillc-meta", "logs.db")).filter((r) => r.command !== "build").map((r) => (JSON.parse(String(r.args)) as { client?: string }).client)

describe("issue 49 item 2: a stdio session records its client", () => {
  it("issue 49 item 2: each read of a handshake session carries the client's name/version; stats --group-by clients counts it", async () => {
    const sb = sandbox()
    await demoSkill(sb)
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      const shown = await mcp.call("skc_show", { skill: "demo", section: "Deploys" })
      expect(shown.isError, JSON.stringify(shown)).toBeFalsy()
      expect((await mcp.call("skc_search", { skill: "demo", query: "beta" })).isError).toBeFalsy()
    } finally {
      await mcp.close()
    }
    expect(clientsOf(sb.work)).toEqual(["skc-test/1.0.0", "skc-test/1.0.0"])
    // The CLI's own rows (the build, this show) have none: counted as the null group, last.
    expect((await sb.runAsync(["show", "demo", "--section", "Deploys"])).code).toBe(0)
    const stats = await sb.runAsync(["stats", "demo", "--group-by", "clients", "--include-author", "--format", "json"])
    expect(stats.code, stats.stderr).toBe(0)
    expect(JSON.parse(stats.stdout).data).toEqual([
      { client: "skc-test/1.0.0", count: 2 },
      { client: null, count: 2 }
    ])
  })

  it("issue 49 item 2: a 2026-07-28 request names its client in _meta; a name past 100 characters records none", async () => {
    const sb = sandbox()
    await demoSkill(sb)
    const lines: Array<{ id?: number; result?: unknown; error?: unknown }> = []
    const { child, stderr } = spawnMcp(sb.work, sb.home, (line) => lines.push(JSON.parse(line)))
    const closed = new Promise((resolve) => child.on("close", resolve))
    const call = async (id: number, clientInfo: { name: string; version: string }) => {
      const _meta = {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": clientInfo,
        "io.modelcontextprotocol/clientCapabilities": {}
      }
      child.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "skc_show", arguments: { skill: "demo", section: "Deploys" }, _meta } }) + "\n")
      for (let i = 0; i < 2400 && !lines.some((l) => l.id === id); i++) await new Promise((r) => setTimeout(r, 25))
      const answer = lines.find((l) => l.id === id)
      expect(answer, stderr()).toBeDefined()
      expect(answer!.error).toBeUndefined()
    }
    await call(1, { name: "modern-agent", version: "3.1" })
    child.stdin.end()
    await closed
    expect(clientsOf(sb.work)).toEqual(["modern-agent/3.1"])

    const sb2 = sandbox()
    await demoSkill(sb2)
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp"],
      cwd: sb2.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb2.home, SKILLC_HOME: sb2.home, NO_COLOR: "1" },
      stderr: "pipe"
    })
    const client = new Client({ name: "x".repeat(101), version: "1" })
    await client.connect(transport)
    try {
      expect((await client.callTool({ name: "skc_show", arguments: { skill: "demo", section: "Deploys" } })).isError).toBeFalsy()
    } finally {
      await client.close()
    }
    expect(clientsOf(sb2.work)).toEqual([undefined])
  })
})
