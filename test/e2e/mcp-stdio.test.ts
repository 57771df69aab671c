/**
 * `skc mcp` at the wire level (RFC-0007:C-MCP-SERVER): raw JSON-RPC lines
 * on a child process's stdin — malformed input is answered and the next
 * request still served; stdout carries JSON-RPC only; end of stdin ends the
 * server. Then 1,000 sequential SDK calls with the server's resident memory
 * bounded.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, ROOT, sandbox, spawnAsync } from "../helpers/cli.js"
import { connectMcp } from "../helpers/mcpClient.js"
import { converse, spawnMcp } from "../helpers/mcpWire.js"

const init = (id: number) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })

describe("skc mcp on the wire", () => {
  it("RFC-0007:C-MCP-SERVER survives malformed JSON, non-JSON-RPC input and unknown methods, answering the next request", async () => {
    const box = sandbox()
    const { stdout, stderr, code } = await converse(box.work, box.home, [
      "this is not json",
      init(1),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"skc_list"',
      JSON.stringify({ hello: "world", id: 3 }),
      JSON.stringify({ jsonrpc: "2.0", id: 4, method: "no/such/method" }),
      JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "skc_list", arguments: { scope: 5 } } }),
      JSON.stringify({ jsonrpc: "2.0", id: 6, method: "tools/call", params: { name: "skc_list", arguments: {} } })
    ])
    const messages = stdout.map((l) => JSON.parse(l) as { jsonrpc: string; id?: number | null; result?: any; error?: { code: number; message: string } })
    for (const m of messages) expect(m.jsonrpc).toBe("2.0")
    expect(messages).toHaveLength(7)
    expect(messages[0]!.error!.code).toBe(-32700)
    // The id of an unparseable request is unknown (issue 29 item 5). Before any handshake the newest revision's
    // schema holds: its error id is optional and never null (2026-07-28 basic/index, "Error Responses"), so none is
    // sent; in the 2025-06-18 session, whose schema requires the member, it is JSON-RPC 2.0's null.
    expect("id" in messages[0]!).toBe(false)
    expect(messages[2]!.id).toBeNull()
    expect(messages[1]).toMatchObject({ id: 1, result: { serverInfo: { name: "skillc" } } })
    expect(messages[2]!.error!.code).toBe(-32700)
    expect(messages[3]).toMatchObject({ id: 3, error: { code: -32600 } })
    expect(messages[4]).toMatchObject({ id: 4, error: { code: -32601 } })
    expect(messages[5]).toMatchObject({ id: 5, result: { isError: true } })
    expect(messages[5]!.result.content[0].text).toMatch(/^error\[E100\]: invalid option: 'scope: /)
    expect(messages[6]).toMatchObject({ id: 6, result: { structuredContent: { skills: [], total: 0, filtered: 0 } } })
    expect(stderr).toContain("Parse error")
    expect(code).toBe(0)
  })

  it("JSON-RPC 2.0: a malformed line in the same write as a 2025-06-18 initialize is answered with that revision's \"id\": null", async () => {
    const box = sandbox()
    const lines: Array<string> = []
    const { child } = spawnMcp(box.work, box.home, (line) => lines.push(line))
    const closed = new Promise<void>((resolve) => child.on("close", () => resolve()))
    // One write: the malformed line is read before the initialize answer has gone out.
    child.stdin.write([init(1), JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), "{bad"].join("\n") + "\n")
    for (let waited = 0; lines.length < 2 && waited < 60_000; waited += 10) await new Promise((r) => setTimeout(r, 10))
    child.stdin.end()
    await closed
    const parseError = lines.map((l) => JSON.parse(l) as { id?: unknown; error?: { code: number } }).find((m) => m.error?.code === -32700)
    expect(parseError).toBeDefined()
    expect(parseError!.id).toBeNull()
  })

  // A client probe (seventy-ninth pass): 100,000 nested arrays, under the 1 MiB limit, overflowed the stack where
  // the E100 message prints the value, and the call was `error[E999]: Maximum call stack size exceeded`.
  it("a tool argument nested 100,000 levels deep is E100 naming the nesting, not E999; other methods answer it as usual", async () => {
    const box = sandbox()
    const deep = "[".repeat(100_000) + "]".repeat(100_000)
    const { stdout, stderr } = await converse(box.work, box.home, [
      init(1),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"skc_list","arguments":{"pattern":${deep}}}}`,
      `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"skc_search","arguments":{"query":"x","skills":[${deep}]}}}`,
      `{"jsonrpc":"2.0","id":4,"method":"prompts/get","params":{"name":"x","arguments":{"a":${deep}}}}`,
      `{"jsonrpc":"2.0","id":5,"method":"resources/read","params":{"uri":"skill://project/x/SKILL.md","extra":${deep}}}`,
      `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"skc_list","arguments":{},"_meta":{"deep":${deep}}}}`
    ])
    const lines = stdout.map((l) => JSON.parse(l) as { id: number; error?: { code: number; message: string }; result?: { isError?: boolean; content?: Array<{ text: string }> } })
    expect(lines, stdout.join("\n")).toHaveLength(6)
    expect(lines[1]).toMatchObject({ id: 2, result: { isError: true } })
    expect(lines[1]!.result!.content![0]!.text).toBe("error[E100]: invalid option: 'pattern: Expected string, actual an array nested deeper than 32 levels'")
    expect(lines[2]).toMatchObject({ id: 3, result: { isError: true } })
    expect(lines[2]!.result!.content![0]!.text).toMatch(/^error\[E100\]: invalid option: 'skills(\.0)?: .*an array nested deeper than 32 levels'$/)
    expect(lines[3]).toMatchObject({ id: 4, error: { code: -32602 } })
    expect(lines[4]).toMatchObject({ id: 5, error: { code: -32002 } })
    expect(lines[5]).toMatchObject({ id: 6, result: { structuredContent: { skills: [] } } })
    expect(stdout.join("\n")).not.toContain("E999")
    expect(stderr).not.toContain("Maximum call stack")
  })

  it("JSON-RPC 2.0: a request with a valid envelope and wrong params (an object progressToken) is -32602 Invalid params, not -32600", async () => {
    const box = sandbox()
    const { stdout } = await converse(box.work, box.home, [
      init(1),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "skc_list", arguments: {}, _meta: { progressToken: { a: 1 } } } }),
      JSON.stringify({ jsonrpc: "2.0", id: "s", method: "resources/list", params: { _meta: { progressToken: [1] } } }),
      // An envelope that is wrong stays -32600.
      JSON.stringify({ jsonrpc: "2.0", id: 4, method: 7 }),
      JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/list", params: "x" })
    ])
    const messages = stdout.map((l) => JSON.parse(l) as { id?: unknown; error?: { code: number; message: string } })
    expect(messages[1]).toMatchObject({ id: 2, error: { code: -32602, message: expect.stringContaining("params._meta.progressToken") } })
    expect(messages[2]).toMatchObject({ id: "s", error: { code: -32602 } })
    expect(messages[3]).toMatchObject({ id: 4, error: { code: -32600 } })
    expect(messages[4]).toMatchObject({ id: 5, error: { code: -32600 } })
  })

  it("2025-03-26 basic/index (Batching): a session on that revision gets a batch answered with one array line; later revisions refuse it", async () => {
    const box = sandbox()
    const init0326 = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })
    const ping = (id: number | string) => ({ jsonrpc: "2.0", id, method: "ping" })
    const { stdout } = await converse(box.work, box.home, [
      init0326,
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      JSON.stringify([ping(2), { jsonrpc: "2.0", id: 3, method: "resources/templates/list" }, { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } }]),
      // Notifications only: no answer at all (JSON-RPC 2.0 §6).
      JSON.stringify([{ jsonrpc: "2.0", method: "notifications/roots/list_changed" }]),
      // Empty, or longer than the in-flight bound: refused whole.
      "[]",
      JSON.stringify(Array.from({ length: 65 }, (_, i) => ping(100 + i))),
      // Each message on its own: invalid ones answered in the array, the rest served.
      JSON.stringify([1, { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "skc_list", arguments: {}, _meta: { progressToken: {} } } }, ping(5), ping(5), { jsonrpc: "2.0", id: 6, method: "initialize", params: {} }]),
      JSON.stringify(ping(7))
    ])
    const lines = stdout.map((l) => JSON.parse(l) as unknown)
    expect(lines, stdout.join("\n")).toHaveLength(6)
    expect(lines[0]).toMatchObject({ id: 1, result: { protocolVersion: "2025-03-26" } })
    // A line holding a notification is not waited for (converse): the answers are found by what they hold.
    const arrays = lines.filter((l): l is Array<{ id: unknown; error?: { code: number }; result?: { resourceTemplates?: Array<unknown> } }> => Array.isArray(l))
    expect(arrays).toHaveLength(2)
    const batch = arrays.find((a) => a.some((m) => m.id === 2))!
    expect(batch.map((m) => m.id).sort()).toEqual([2, 3])
    expect(batch.find((m) => m.id === 2)).toMatchObject({ jsonrpc: "2.0", result: {} })
    expect(batch.find((m) => m.id === 3)!.result!.resourceTemplates!.length).toBeGreaterThan(0)
    expect(lines).toContainEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining("empty batch") } })
    expect(lines).toContainEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: expect.stringContaining("65 messages exceeds the limit of 64") } })
    const mixed = arrays.find((a) => a !== batch)!
    // The id 5 used twice: one answer for it, -32600, and neither ping served (a client matches answers by id).
    expect(mixed).toHaveLength(4)
    expect(mixed).toContainEqual(expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32600 }) }))
    expect(mixed).toContainEqual(expect.objectContaining({ id: 4, error: expect.objectContaining({ code: -32602 }) }))
    expect(mixed.filter((m) => m.id === 5)).toEqual([expect.objectContaining({ id: 5, error: expect.objectContaining({ code: -32600 }) })])
    expect(mixed).toContainEqual(expect.objectContaining({ id: 6, error: expect.objectContaining({ code: -32600 }) }))
    expect(lines[5]).toMatchObject({ id: 7, result: {} })

    // A session on a later revision: one -32600, as before (2025-06-18 removed batches).
    const later = await converse(box.work, box.home, [init(1), JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), JSON.stringify([ping(2), ping(3)])])
    expect(JSON.parse(later.stdout[1]!)).toMatchObject({ id: null, error: { code: -32600 } })
  })

  // A client probe (seventy-ninth pass): a second initialize was answered as a new handshake, switching the
  // session from 2025-03-26 to 2025-11-25, and with it the rules read off the revision (batches, "id": null).
  it("MCP basic/lifecycle: a second initialize in a session is -32600 and the session keeps the revision it negotiated", async () => {
    const box = sandbox()
    const initAt = (id: number, protocolVersion: string) =>
      JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "x", version: "1" } } })
    const { stdout, code } = await converse(box.work, box.home, [
      initAt(1, "2025-03-26"),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
      initAt(6, "2025-11-25"),
      // Still a 2025-03-26 session: its batches are served, an unreadable id is "id": null.
      JSON.stringify([{ jsonrpc: "2.0", id: 7, method: "ping" }]),
      "{bad"
    ])
    const lines = stdout.map((l) => JSON.parse(l) as unknown)
    expect(lines, stdout.join("\n")).toHaveLength(5)
    expect(lines[0]).toMatchObject({ id: 1, result: { protocolVersion: "2025-03-26" } })
    expect(lines[1]).toMatchObject({ id: 2, result: {} })
    expect(lines[2]).toEqual({
      jsonrpc: "2.0",
      id: 6,
      error: { code: -32600, message: "Invalid Request: the session is already initialized (protocol version 2025-03-26); initialize is only its first request" }
    })
    expect(lines[3]).toEqual([{ jsonrpc: "2.0", id: 7, result: {} }])
    expect(lines[4]).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } })
    expect(code).toBe(0)
  })

  it("MCP basic/lifecycle: an initialize refused for its params leaves the session free to initialize", async () => {
    const box = sandbox()
    const { stdout } = await converse(box.work, box.home, [
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 7 } }),
      init(2)
    ])
    const lines = stdout.map((l) => JSON.parse(l) as { id: number; error?: { code: number }; result?: { protocolVersion?: string } })
    expect(lines[0]).toMatchObject({ id: 1, error: { code: -32602 } })
    expect(lines[1]).toMatchObject({ id: 2, result: { protocolVersion: "2025-06-18" } })
  })

  it("requests written all at once and then end of input: every request is answered before the server exits", async () => {
    const box = sandbox()
    cpSync(join(ROOT, "examples", "git-helper"), join(box.work, ".skillc", "skills", "git-helper"), { recursive: true })
    expect(box.run(["build", "git-helper"]).code).toBe(0)
    // Calls that open the index and write the log, so some are still running when the input ends.
    const call = (id: number) =>
      JSON.stringify(
        id % 2 === 0
          ? { jsonrpc: "2.0", id, method: "tools/call", params: { name: "skc_show", arguments: { skill: "git-helper", section: "Undo the last commit" } } }
          : { jsonrpc: "2.0", id, method: "tools/call", params: { name: "skc_search", arguments: { skill: "git-helper", query: "undo commit" } } }
      )
    const lines = [
      init(1),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      ...Array.from({ length: 12 }, (_, i) => call(10 + i)),
      JSON.stringify({ jsonrpc: "2.0", id: 30, method: "ping" }),
      // Cancelled by the client: MCP gives it no answer, and the server must not wait for one.
      JSON.stringify({ jsonrpc: "2.0", id: 31, method: "tools/call", params: { name: "skc_list", arguments: {} } }),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 31 } })
    ]
    const { stdout, code } = await spawnAsync(process.execPath, [BIN, "mcp"], {
      cwd: box.work,
      env: { PATH: process.env.PATH ?? "", HOME: box.home, SKILLC_HOME: box.home, NO_COLOR: "1" },
      input: lines.map((l) => l + "\n").join("")
    })
    expect(code).toBe(0)
    const ids = stdout.trim().split("\n").map((l) => (JSON.parse(l) as { id: number }).id)
    expect(ids.filter((id) => id !== 31).sort((a, b) => a - b)).toEqual([1, ...Array.from({ length: 12 }, (_, i) => 10 + i), 30])
  })

  it("2025-03-26 basic/index (Batching): a batch written with its initialize, before the answer, is served; a batch a session refuses says why", async () => {
    const box = sandbox()
    const init0326 = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "raw", version: "1" } } })
    const env = { PATH: process.env.PATH ?? "", HOME: box.home, SKILLC_HOME: box.home, NO_COLOR: "1" }
    const batch = JSON.stringify([{ jsonrpc: "2.0", id: 2, method: "ping" }])
    const { stdout, code } = await spawnAsync(process.execPath, [BIN, "mcp"], {
      cwd: box.work,
      env,
      input: [init0326, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), batch].map((l) => l + "\n").join("")
    })
    expect(code).toBe(0)
    const answers = stdout.trim().split("\n").map((l) => JSON.parse(l) as unknown)
    expect(answers[0]).toMatchObject({ id: 1, result: { protocolVersion: "2025-03-26" } })
    expect(answers[1]).toEqual([{ jsonrpc: "2.0", id: 2, result: {} }])
    // A later revision refuses it, saying what to do instead of "not a JSON-RPC 2.0 message" (a batch is one).
    const later = await spawnAsync(process.execPath, [BIN, "mcp"], { cwd: box.work, env, input: [init(1), batch].map((l) => l + "\n").join("") })
    const refused = later.stdout.trim().split("\n").map((l) => JSON.parse(l) as { error?: { code: number; message: string } })
    // Refused at once, while the initialize is still being answered: found by what it holds, not its place.
    expect(refused.find((m) => m.error !== undefined)?.error).toEqual({ code: -32600, message: expect.stringMatching(/^Invalid Request: batches are not accepted in a \d{4}-\d{2}-\d{2} session \(only 2025-03-26 takes them\); send each message on its own line$/) })
  })

  it("a last request with no newline before end of input is answered; a malformed notification is one line on stderr", async () => {
    const box = sandbox()
    const { stdout, stderr, code } = await spawnAsync(process.execPath, [BIN, "mcp"], {
      cwd: box.work,
      env: { PATH: process.env.PATH ?? "", HOME: box.home, SKILLC_HOME: box.home, NO_COLOR: "1" },
      // `printf '%s\n%s' "$INIT" "$PING" | skc mcp`: the ping's line ends with the input, not with a newline.
      input: [init(1), JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled" }), JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" })].join("\n")
    })
    expect(code).toBe(0)
    const ids = stdout.trim().split("\n").map((l) => (JSON.parse(l) as { id: number }).id)
    expect(ids).toEqual([1, 2])
    // The SDK's validation of the notification without params: one bounded line, not a multi-line dump.
    const said = stderr.split("\n").filter((l) => l.includes("notification"))
    expect(said.length).toBeLessThanOrEqual(1)
    expect(stderr.split("\n").every((l) => l === "" || l.startsWith("skc mcp: "))).toBe(true)
  })

  it("RFC-0007:C-MCP-SERVER 1,000 sequential calls keep answering with bounded memory", async () => {
    const box = sandbox()
    const skill = join(box.work, ".skillc", "skills", "mem-skill")
    mkdirSync(join(skill, "refs"), { recursive: true })
    writeFileSync(join(skill, "SKILL.md"), "---\nname: mem-skill\ndescription: Use when testing memory.\n---\n\n# Mem\n\n## One\n\ntext\n\n## Two\n\nmore\n")
    writeFileSync(join(skill, "refs", "a.md"), "# A\n\n## B\n")
    const mcp = await connectMcp({ cwd: box.work, home: box.home })
    const pid = mcp.transport.pid!
    const rss = () => {
      const status = `/proc/${pid}/status`
      if (!existsSync(status)) return undefined
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, "utf8"))
      return m ? Number(m[1]) * 1024 : undefined
    }
    try {
      const round = async (i: number) => {
        switch (i % 4) {
          case 0:
            return mcp.call("skc_outline", { skill: "mem-skill" })
          case 1:
            return mcp.call("skc_list", {})
          case 2:
            return mcp.client.readResource({ uri: "skill://project/mem-skill/refs/a.md" })
          default:
            return mcp.call("skc_open", { skill: "mem-skill", path: "nope.md" })
        }
      }
      for (let i = 0; i < 200; i++) await round(i)
      const warm = rss()
      let errors = 0
      for (let i = 200; i < 1000; i++) {
        const r = (await round(i)) as { isError?: boolean }
        if (r.isError === true) errors++
      }
      expect(errors).toBe(200)
      const outline = await mcp.call("skc_outline", { skill: "mem-skill" })
      expect((outline.structuredContent as { headings: Array<unknown> }).headings).toHaveLength(5)
      const after = rss()
      if (warm !== undefined && after !== undefined) expect(after - warm).toBeLessThan(48 * 1024 * 1024)
    } finally {
      await mcp.close()
    }
    // A thousand round trips: under a minute even on a loaded machine, never near this.
  }, 600_000)
})
