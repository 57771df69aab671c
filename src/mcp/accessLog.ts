/**
 * The single place where MCP tool calls are logged (RFC-0007:C-LOGGING,
 * C-MCP-SERVER; DECISIONS #17 which calls, #18 args, #31 the plain command
 * name). Every tool call goes through `logToolCall`; tools that resolve a
 * skill carry `log` in their registry entry (the same `args` the CLI logs).
 *
 * The wrapper is `logged` (src/app/accessLog.ts), the same as the CLI's;
 * MCP rows add `"via": "mcp"` to `args` so that stats can tell the channels
 * apart (a row without `via` came from the CLI).
 *
 * The MCP server writes to the primary location like the CLI (C-MCP-SERVER
 * "SHOULD write directly to the primary runtime location").
 */
import type { Effect } from "effect"
import { logged } from "../app/accessLog.js"
import type { ToolSpec } from "./toolSpec.js"

export const logToolCall = <A, E, R>(
  tool: ToolSpec<any, any>,
  input: Readonly<Record<string, unknown>>,
  effect: Effect.Effect<A, E, R>
) => {
  const log = tool.log
  if (log === undefined || typeof input.skill !== "string") return effect
  const runtimeDir = log.runtimeDir
  return effect.pipe(
    // `via: "mcp"` tells these rows from the CLI's (issue 17); the RFC columns stay as they are.
    logged(tool.command, input.skill, (o) => ({ ...log.args(input, o._tag === "Success" ? o.value : undefined), via: "mcp" }),
      runtimeDir === undefined ? {} : { locate: (r: A) => ({ runtimeDir: runtimeDir(r) }) })
  )
}
