/**
 * The single place where MCP tool calls are logged (RFC-0007:C-LOGGING,
 * C-MCP-SERVER; DECISIONS #17 which calls, #18 args, #31 the plain command
 * name). Every tool call goes through `logToolCall`; tools that resolve a
 * skill carry `log` in their registry entry (the same `args` the CLI logs).
 *
 * Until the access-log wrapper (`logged` in src/app/accessLog.ts, branch
 * `logging`) is on main, this passes the call through unchanged. Wiring it
 * is this one body:
 *
 *   if (tool.log === undefined || typeof input.skill !== "string") return effect
 *   return effect.pipe(
 *     logged(tool.command, input.skill, (o) => tool.log!.args(input, o._tag === "Success" ? o.value : undefined),
 *       tool.log.runtimeDir ? { locate: (r) => ({ runtimeDir: tool.log!.runtimeDir!(r) }) } : {})
 *   )
 *
 * The MCP server writes to the primary location like the CLI (C-MCP-SERVER
 * "SHOULD write directly to the primary runtime location").
 */
import type { Effect } from "effect"
import type { ToolSpec } from "./toolSpec.js"

export const logToolCall = <A, E, R>(
  _tool: ToolSpec<any, any>,
  _input: Readonly<Record<string, unknown>>,
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> => effect
