/**
 * Issue 19: `skc mcp` under hostile requests. Invalid params are -32602 with
 * a readable line (not -32603 and a raw validation dump); a request over the
 * documented 1 MiB is refused with -32602 without being echoed; the server
 * keeps answering (ping) while a tool call is slow.
 */
import { spawn } from "node:child_process"
import { describe, expect, it } from "vitest"
import { idFromEnds, MAX_REQUEST_BYTES, MAX_RESPONSE_BYTES, oversizedRequestMessage, oversizedResponseMessage, readableSchemaFailure } from "../../src/mcp/limits.js"
import { BIN, sandbox } from "../helpers/cli.js"
import { writeScriptTool } from "../helpers/toolSkills.js"
import { connectMcp } from "../helpers/mcpClient.js"

/** Send raw lines to `skc mcp`, collect one response per id in `ids`, then end stdin. */
const exchange = (cwd: string, home: string, lines: ReadonlyArray<string>, ids: ReadonlyArray<string | number>) =>
  new Promise<Map<string | number, { error?: { code: number; message: string }; result?: unknown }>>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "mcp"], {
      cwd,
      env: { PATH: process.env.PATH ?? "", HOME: home, SKILLC_HOME: home, NO_COLOR: "1" }
    })
    const got = new Map<string | number, { error?: { code: number; message: string }; result?: unknown }>()
    let buffer = ""
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      buffer += d
      let nl: number
      while ((nl = buffer.indexOf("\n")) !== -1) {
        const msg = JSON.parse(buffer.slice(0, nl))
        buffer = buffer.slice(nl + 1)
        if (msg.id !== undefined && ids.includes(msg.id)) got.set(msg.id, msg)
        if (got.size === ids.length) child.stdin.end()
      }
    })
    child.on("error", reject)
    child.on("close", () => resolve(got))
    for (const l of lines) child.stdin.write(l + "\n")
  })

const init = JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } })

describe("issue 19: MCP limits", () => {
  it("invalid params: -32602 with a readable message, never -32603 with a raw dump", async () => {
    const sb = sandbox()
    const got = await exchange(
      sb.work,
      sb.home,
      [
        init,
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: 5 } }),
        JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "skc_list", arguments: "x" } }),
        JSON.stringify({ jsonrpc: "2.0", id: 3, method: "resources/read", params: {} })
      ],
      [0, 1, 2, 3]
    )
    expect(got.get(1)?.error).toEqual({ code: -32602, message: "Invalid params: params.name: expected string, received number" })
    expect(got.get(2)?.error).toEqual({ code: -32602, message: "Invalid params: params.arguments: expected record, received string" })
    expect(got.get(3)?.error).toEqual({ code: -32602, message: "Invalid params: params.uri: expected string, received undefined" })
  })

  it("a request over 1 MiB is refused with -32602, not echoed, and the server goes on (ping answered)", async () => {
    const sb = sandbox()
    const huge = "SECRET-PAYLOAD-".repeat(Math.ceil((3 * MAX_REQUEST_BYTES) / 15))
    const got = await exchange(
      sb.work,
      sb.home,
      [
        init,
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "skc_search", arguments: { skill: "x", query: huge } } }),
        // id last: found from the end of the line.
        `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"skc_search","arguments":{"skill":"x","query":"${huge}"}},"id":"late"}`,
        JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
        // Just over the limit (a client probe, seventy-ninth pass: said in bytes, the 3 MiB one in MiB).
        `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"skc_list","arguments":{"pattern":"${"a".repeat(1_100_103 - 102)}"}}}`
      ],
      [0, 1, "late", 2, 3]
    )
    expect(got.get(3)?.error).toEqual({ code: -32602, message: "Invalid params: request of 1.05 MiB exceeds the 1.0 MiB limit of skc mcp (arguments are not read)" })
    for (const id of [1, "late"]) {
      const e = got.get(id)?.error
      expect(e?.code).toBe(-32602)
      expect(e?.message).toMatch(/^Invalid params: request of 3\.0 MiB exceeds the 1\.0 MiB limit of skc mcp/)
      expect(JSON.stringify(got.get(id))).not.toContain("SECRET-PAYLOAD")
    }
    expect(got.get(2)?.result).toEqual({})
  })

  it("pings are answered while a tool call is still running", async () => {
    const sb = sandbox()
    writeScriptTool(sb.home, {
      skill: "slow",
      tool: "wait",
      description: "A slow tool. Use when testing.",
      frontmatter: ["timeout: 20"],
      command: "./scripts/wait.sh",
      scripts: { "wait.sh": "#!/bin/sh\nsleep 4\necho finished\n" }
    })
    expect(sb.run(["approve", "slow"]).code).toBe(0)
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, flags: ["--tools"] })
    try {
      const order: Array<string> = []
      const call = mcp.call("slow__wait").then((r) => {
        order.push("call")
        return r
      })
      await mcp.client.ping()
      order.push("ping")
      await mcp.client.ping()
      order.push("ping")
      const r = await call
      expect(order).toEqual(["ping", "ping", "call"])
      expect(JSON.stringify(r)).toContain("finished")
    } finally {
      await mcp.close()
    }
  })

  it("helpers: id from either end; schema failures made readable; anything else left alone", () => {
    expect(idFromEnds('{"jsonrpc":"2.0","id":42,"method":"x"', "")).toBe(42)
    expect(idFromEnds('{"jsonrpc":"2.0","method":"x"', 'xxx"},"id":"a\\"b"}')).toBe('a"b')
    expect(idFromEnds("{", "}")).toBeUndefined()
    expect(readableSchemaFailure('[{"path":["params","name"],"message":"Invalid input: expected string"}]')).toBe("Invalid params: params.name: expected string")
    expect(readableSchemaFailure("boom")).toBeUndefined()
    expect(readableSchemaFailure("[1,2]")).toBeUndefined()
  })

  // A client probe (seventy-ninth pass): 1,100,103 bytes were "1100103 bytes exceeds the 1048576-byte limit", 5 MB
  // "4.8 MiB exceeds the 1.0 MiB limit". One form, MiB, with the decimals that show the excess.
  it("a size over the limit is said in MiB, with as many decimals as show it over ('1.0 MiB exceeds the 1.0 MiB limit' reads as no excess)", () => {
    expect(oversizedRequestMessage(1_100_103)).toBe("Invalid params: request of 1.05 MiB exceeds the 1.0 MiB limit of skc mcp (arguments are not read)")
    expect(oversizedRequestMessage(MAX_REQUEST_BYTES + 10)).toBe("Invalid params: request of 1.00001 MiB exceeds the 1.0 MiB limit of skc mcp (arguments are not read)")
    expect(oversizedRequestMessage(MAX_REQUEST_BYTES + 1)).toMatch(/^Invalid params: request of 1\.000001 MiB exceeds the 1\.0 MiB limit/)
    expect(oversizedRequestMessage(5_000_000)).toMatch(/^Invalid params: request of 4\.8 MiB exceeds the 1\.0 MiB limit/)
    expect(oversizedRequestMessage(3 * 1024 * 1024)).toMatch(/^Invalid params: request of 3\.0 MiB exceeds the 1\.0 MiB limit/)
    expect(oversizedResponseMessage(MAX_RESPONSE_BYTES + 1)).toMatch(/^Result of 8\.000001 MiB exceeds the 8\.0 MiB limit of skc mcp/)
  })
})
