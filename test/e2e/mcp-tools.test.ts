// `skc mcp --tools` (GitHub issue 8 §6, tool-skills spec §6-§7): every tool of
// the project and global tool skills as `<skill>__<tool>`, driven end to end
// by the SDK's Client over stdio on the fixture skills of test/fixtures/tool-skills.
import { spawn, spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, ROOT, sandbox } from "../helpers/cli.js"
import { writeScriptTool } from "../helpers/toolSkills.js"
import { alive } from "../helpers/processes.js"
import { readLog } from "../helpers/logs.js"
import { ALL_TOOLS, connectMcp, PROTOCOL_TOOLS, textOf, type McpSession } from "../helpers/mcpClient.js"

const SKILL_TOOLS = ["deploy__deploy_preview", "git__git_status", "git__git_log", "git__git_diff", "summarize__summarize_url"]

describe("issue 8 §6: skc mcp --tools", () => {
  const s = sandbox()
  const store = join(s.home, ".skillc", "skills")
  mkdirSync(store, { recursive: true })
  for (const name of ["git", "summarize", "deploy"]) cpSync(join(ROOT, "test", "fixtures", "tool-skills", name), join(store, name), { recursive: true })
  spawnSync("git", ["init", "-q", s.work])
  let mcp: McpSession
  beforeAll(async () => {
    // Approved before the server starts: summarize (read_only) and deploy (always_ask); git stays unapproved.
    expect((await s.runAsync(["approve", "summarize"])).code).toBe(0)
    expect((await s.runAsync(["approve", "deploy"])).code).toBe(0)
    mcp = await connectMcp({ cwd: s.work, home: s.home, flags: ["--tools"] })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  const listed = async () => new Map((await mcp.client.listTools()).tools.map((t) => [t.name, t]))

  it("tools/list adds <skill>__<tool> after the skc_* tools, with the parameter table as input schema and readOnlyHint from read_only", async () => {
    const tools = await listed()
    const names = [...tools.keys()]
    expect(names.slice(-SKILL_TOOLS.length)).toEqual(SKILL_TOOLS)
    expect(names.slice(0, -SKILL_TOOLS.length).every((n) => ALL_TOOLS.includes(n) || PROTOCOL_TOOLS.includes(n))).toBe(true)
    const sum = tools.get("summarize__summarize_url")!
    expect(sum.inputSchema).toMatchObject({ type: "object", required: ["url"], properties: { url: { type: "string" } } })
    expect(sum.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true })
    expect(sum.description).not.toContain("skc approve")
    const log = tools.get("git__git_log")!
    expect(log.annotations?.readOnlyHint).toBe(false)
    expect(log.inputSchema.properties).toHaveProperty("count")
    expect(log.description).toContain("run 'skc approve git'")
    expect(tools.get("deploy__deploy_preview")!.description).toContain("always_ask")
  })

  it("an approved tool runs through the runner and envelope, the same as skc run", async () => {
    const r = await mcp.call("summarize__summarize_url", { url: "https://example.com/a; b" })
    expect(r.isError, textOf(r)).toBe(false)
    const viaCli = JSON.parse((await s.runAsync(["run", "summarize", "summarize_url", "--arg", "url=https://example.com/a; b", "--format", "json"])).stdout)
    const env = r.structuredContent as Record<string, unknown>
    expect({ ...env, duration_ms: 0 }).toEqual({ ...viaCli, duration_ms: 0 })
    expect(env.parsed).toEqual({ url: "https://example.com/a; b", summary: "stand-in summary", args: 1 })
    const missing = await mcp.call("summarize__summarize_url", {})
    expect(missing.isError).toBe(true)
    expect(textOf(missing)).toContain("missing required parameter 'url'")
  })

  it("unapproved and always_ask tools refuse to run; an approval made while the server runs is seen by the next call", async () => {
    const refused = await mcp.call("git__git_status", {})
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toContain("approve it with: skc approve git")
    expect(refused.structuredContent).toBeUndefined()
    const ask = await mcp.call("deploy__deploy_preview", { message: "ship" })
    expect(ask.isError).toBe(true)
    expect(textOf(ask)).toContain("always_ask")
    expect((await s.runAsync(["approve", "git"])).code).toBe(0)
    expect((await listed()).get("git__git_status")!.description).not.toContain("skc approve")
    const status = await mcp.call("git__git_status", {})
    expect(status.isError, textOf(status)).toBe(false)
    expect(status.structuredContent).toMatchObject({ success: true, exit_code: 0 })
  })

  it("a refusal's row carries why in `error`, as skc run's does; a __proto__ argument is an unknown parameter, not dropped (a tool-skill probe)", async () => {
    const before = readLog(join(s.home, ".skillc", "runtime", "deploy", ".skillc-meta", "logs.db")).length
    const ask = await mcp.call("deploy__deploy_preview", { message: "ship" })
    expect(ask.isError).toBe(true)
    const rows = readLog(join(s.home, ".skillc", "runtime", "deploy", ".skillc-meta", "logs.db"))
    expect(rows).toHaveLength(before + 1)
    expect(rows.at(-1)!.error).toContain("always_ask")
    const sneaky = await mcp.call("summarize__summarize_url", JSON.parse('{"__proto__":{"x":1},"url":"https://example.com"}') as Record<string, unknown>)
    expect(sneaky.isError).toBe(true)
    expect(textOf(sneaky)).toContain("unknown parameter '__proto__'")
  })

  it("unknown names are still JSON-RPC errors or refusals, and the server keeps answering", async () => {
    expect((await mcp.call("nope__tool", {})).isError).toBe(true)
    await expect(mcp.call("no_such_tool", {})).rejects.toMatchObject({ code: -32602 })
    expect((await mcp.call("skc_list", {})).isError).toBeFalsy()
  })

  it("RFC-0007:C-MCP-SERVER without --tools no tool-skill tool is listed", async () => {
    const plain = await connectMcp({ cwd: s.work, home: s.home })
    try {
      const names = (await plain.client.listTools()).tools.map((t) => t.name)
      expect(names.some((n) => n.includes("__"))).toBe(false)
      await expect(plain.call("summarize__summarize_url", { url: "x" })).rejects.toMatchObject({ code: -32602 })
    } finally {
      await plain.close()
    }
  })
})

/** A sandbox with one approved tool skill `sleeper` whose `nap` runs `script` (which writes its pid to nap.pid), 300 s timeout. */
const approvedSleeper = async (script: string) => {
  const s = sandbox()
  writeScriptTool(s.home, {
    skill: "sleeper",
    tool: "nap",
    description: "Sleeps. Use when testing.",
    frontmatter: ["timeout: 300"],
    command: "./scripts/nap.sh",
    scripts: { "nap.sh": script }
  })
  spawnSync("git", ["init", "-q", s.work])
  expect((await s.runAsync(["approve", "sleeper"])).code).toBe(0)
  return s
}

/** The pid the nap tool wrote, once it has (polled: the bound only keeps a failing run from hanging the suite). */
const napPid = async (work: string) => {
  const pidFile = join(work, "nap.pid")
  for (let i = 0; i < 600 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100))
  return Number(readFileSync(pidFile, "utf8").trim())
}

describe("skc mcp --tools when its client goes away mid-call (the SDK's close: stdin ends, SIGTERM 2 s later, SIGKILL 2 s after)", () => {
  it("a run that ignores SIGTERM is killed before the client's SIGKILL: nothing it started outlives skc", async () => {
    // The run's process writes its pid where the test finds it, then sleeps; SIGTERM is ignored by it and by sleep.
    const s = await approvedSleeper('#!/bin/sh\ntrap "" TERM\necho $$ > nap.pid\nwhile :; do sleep 1; done\n')
    const child = spawn(process.execPath, [BIN, "mcp", "--tools"], {
      cwd: s.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, SKILLC_HOME: s.home, NO_COLOR: "1" },
      stdio: ["pipe", "ignore", "ignore"]
    })
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
    const send = (m: unknown) => child.stdin!.write(`${JSON.stringify(m)}\n`)
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } })
    send({ jsonrpc: "2.0", method: "notifications/initialized" })
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "sleeper__nap", arguments: {} } })
    const pid = await napPid(s.work)
    expect(pid).toBeGreaterThan(0)
    // The client goes as the SDK's StdioClientTransport.close() goes: stdin ends, SIGTERM 2 s later, SIGKILL 2 s after
    // that. A tool run in flight must be gone by then (the runner's own 5 s grace was too long for it).
    child.stdin!.end()
    await new Promise((r) => setTimeout(r, 2_000))
    child.kill("SIGTERM")
    const killer = setTimeout(() => child.kill("SIGKILL"), 2_000)
    await exited
    clearTimeout(killer)
    const running = alive(pid)
    if (running) process.kill(pid, "SIGKILL")
    expect(running).toBe(false)
  }, 120_000)
})

describe("skc mcp --tools when the client cancels a call (notifications/cancelled)", () => {
  // Found walking skc as an agent: cancelling a tools/call (the SDK's AbortSignal sends
  // notifications/cancelled) left the tool running until its own timeout, up to 300 s, though the
  // agent was told the call had ended. docs/tool-skills.md "Running": a cancelled run is ended as a
  // timed-out one (SIGTERM to every process of the run, SIGKILL after the grace).
  it("MCP Cancellation: the tool run of a cancelled call is ended, and the server keeps answering", async () => {
    // The run's process writes its pid where the test finds it, then sleeps (SIGTERM ends it).
    const s = await approvedSleeper("#!/bin/sh\necho $$ > nap.pid\nexec sleep 300\n")
    const mcp = await connectMcp({ cwd: s.work, home: s.home, flags: ["--tools"] })
    let pid = 0
    try {
      const abort = new AbortController()
      const call = mcp.client.callTool({ name: "sleeper__nap", arguments: {} }, undefined, { signal: abort.signal }).catch((e: unknown) => e)
      pid = await napPid(s.work)
      expect(pid).toBeGreaterThan(0)
      abort.abort("the agent moved on")
      await call
      // Well inside the tool's 300 s timeout: polled, the bound only keeps a failing run from hanging the suite.
      for (let i = 0; i < 300 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100))
      expect(alive(pid)).toBe(false)
      expect((await mcp.call("skc_list", {})).isError).toBeFalsy()
      // RFC-0007:C-MCP-SERVER "All tool invocations MUST be logged": the cancelled run, whose program ran, is a
      // row, as cancelled (docs/tool-skills.md: exit code 130). It left none before.
      const logFile = join(s.home, ".skillc", "runtime", "sleeper", ".skillc-meta", "logs.db")
      const runs = () => (existsSync(logFile) ? readLog(logFile).filter((r) => r.command === "run") : [])
      for (let i = 0; i < 100 && runs().length === 0; i++) await new Promise((r) => setTimeout(r, 100))
      expect(runs().map((r) => [JSON.parse(String(r.args)), r.error])).toEqual([[expect.objectContaining({ tool: "nap", exit_code: 130, via: "mcp" }), "cancelled"]])
    } finally {
      if (pid > 0 && alive(pid)) process.kill(pid, "SIGKILL")
      await mcp.close()
    }
  }, 120_000)
})
