import { Command, Options } from "@effect/cli"
import { Effect } from "effect"
import { mcpCommandSpecs } from "../../commands/index.js"
import { VERSION } from "../../domain/version.js"

/** The settings snippet for Claude Code / Cursor (RFC-0007:C-MCP-SERVER "Configuration"). */
export const MCP_CONFIG_SNIPPET = `{
  "mcpServers": {
    "skillc": {
      "command": "skc",
      "args": ["mcp"]
    }
  }
}`


const toolsOption = Options.boolean("tools").pipe(
  Options.withDescription("Also expose each tool of the project and global tool skills as an MCP tool <skill>__<tool>.")
)

const watchOption = Options.boolean("watch").pipe(
  Options.withDescription("Rebuild each served skill's runtime and index when its sources change (no E002 while authoring).")
)

export const mcpCommand = Command.make("mcp", { tools: toolsOption, watch: watchOption }, (o) =>
  Effect.gen(function* () {
    // The SDK and the server load only for this command (start-up of every other command stays small).
    const { serveStdio } = yield* Effect.promise(() => import("../../mcp/server.js"))
    yield* Effect.promise(() => serveStdio(VERSION, { skillTools: o.tools, watch: o.watch }))
  })
).pipe(
  Command.withDescription(
    [
      "Serve skills to AI agents over the Model Context Protocol (stdio).",
      "",
      `Tools: ${mcpCommandSpecs.map((s) => `skc_${s.name}`).join(" ")}; every skill file is also a skill:// resource`,
      "(MCP Skills extension io.modelcontextprotocol/skills).",
      "",
      "Paste into Claude Code (.mcp.json) or Cursor (.cursor/mcp.json) settings:",
      "",
      MCP_CONFIG_SNIPPET,
      "",
      "Example:",
      "  skc mcp                        # reads JSON-RPC on stdin, answers on stdout",
      "  skc mcp --tools                # plus every approved tool skill tool (skc approve <skill>)",
      "  skc mcp --watch                # and rebuild served skills as their sources change"
    ].join("\n")
  )
)
