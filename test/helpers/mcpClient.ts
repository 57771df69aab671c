/**
 * `skc mcp` driven by the MCP SDK's own Client over a real stdio child
 * process (bin/skc.mjs mcp), isolated like every e2e test: SKILLC_HOME and
 * HOME point into the sandbox, NO_COLOR set.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { ResultSchema, type CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { PassThrough } from "node:stream"
import { afterAll, beforeAll, expect } from "vitest"
import { BIN, sandbox } from "./cli.js"

export interface McpSession {
  readonly client: Client
  readonly transport: StdioClientTransport
  /** Everything the server wrote to stderr so far. */
  readonly stderr: () => string
  readonly call: (name: string, args?: Record<string, unknown>) => Promise<CallToolResult>
  /** A request of the Skills extension (no SDK schema: loose result). */
  readonly extension: (method: string, params?: Record<string, unknown>) => Promise<Record<string, unknown>>
  readonly close: () => Promise<void>
}

export const connectMcp = async (options: {
  cwd: string
  home: string
  env?: Record<string, string>
  /** Extra `skc mcp` flags, e.g. `--tools`. */
  flags?: ReadonlyArray<string>
  /** The `clientInfo` name the client gives (default `skc-test`), for behaviour that depends on the client. */
  clientName?: string
}): Promise<McpSession> => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", ...(options.flags ?? [])],
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: options.home, SKILLC_HOME: options.home, NO_COLOR: "1", LANG: "C.UTF-8", ...options.env },
    stderr: "pipe"
  })
  let stderr = ""
  const stream = transport.stderr as PassThrough | null
  stream?.setEncoding("utf8").on("data", (d: string) => (stderr += d))
  const client = new Client({ name: options.clientName ?? "skc-test", version: "1.0.0" })
  await client.connect(transport)
  return {
    client,
    transport,
    stderr: () => stderr,
    call: (name, args = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    extension: (method, params = {}) => client.request({ method, params } as never, ResultSchema) as Promise<Record<string, unknown>>,
    close: () => client.close()
  }
}

/** The text of a tool result's first content block. */
export const textOf = (r: CallToolResult): string => {
  const first = r.content[0]
  return first?.type === "text" ? first.text : ""
}

/** RFC-0007:C-COMMANDS "MCP Tool Naming": every MCP-enabled command, no sync, no mcp (DECISIONS #5). */
export const ALL_TOOLS = [
  "skc_init",
  "skc_list",
  "skc_build",
  "skc_lint",
  "skc_outline",
  "skc_show",
  "skc_open",
  "skc_sources",
  "skc_search",
  "skc_stats"
]

/** GitHub issue 9 (and 27: skc_eval, skc_budget): the agent-skill protocol's tools, with the same structured results as their CLI commands. */
export const PROTOCOL_TOOLS = ["skc_discover", "skc_match", "skc_eval", "skc_budget", "skc_load"]

/**
 * For a describe block: a project whose store holds the skill `demo` (`files` by path from its folder,
 * SKILL.md among them), built before the block's tests, and an MCP session on it, closed after them.
 */
export const builtDemoSession = (files: Readonly<Record<string, string>>) => {
  const s = sandbox()
  const dir = join(s.work, ".skillc", "skills", "demo")
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true })
    writeFileSync(join(dir, rel), text)
  }
  let session: McpSession | undefined
  beforeAll(async () => {
    expect(s.run(["build", "demo"]).code).toBe(0)
    session = await connectMcp({ cwd: s.work, home: s.home })
  })
  afterAll(async () => {
    await session?.close()
  })
  return { ...s, dir, mcp: () => session! }
}
