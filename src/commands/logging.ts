/**
 * The single place where a command's invocation is logged, for the CLI
 * runner and the MCP server alike (RFC-0007:C-LOGGING, C-MCP-SERVER;
 * DECISIONS #17 which calls, #18 args, #31 the plain command name): when the
 * handler has `log` and the input names a skill, `logged`
 * (src/app/usage/accessLog.ts) records one row with the outcome.
 *
 * The MCP server writes to the primary location like the CLI (C-MCP-SERVER
 * "SHOULD write directly to the primary runtime location"), and its rows
 * add `"via": "mcp"` to `args` so that `skc stats` tells the channels apart
 * (issue 17; a row without `via` came from the CLI, RFC columns unchanged).
 */
import type { Effect } from "effect"
import { logged } from "../app/usage/accessLog.js"
import type { Handler } from "./spec.js"

export const logCall = <I, A, E, R>(
  command: string,
  log: Handler<unknown, I, A>["log"],
  input: I,
  effect: Effect.Effect<A, E, R>,
  via: "cli" | "mcp" = "cli"
) => {
  const skill = (input as { readonly skill?: unknown } | undefined)?.skill
  if (log === undefined || typeof skill !== "string") return effect
  const runtimeDir = log.runtimeDir
  const argsOf = (result: A | undefined) => {
    const args = log.args(input, result)
    return via === "mcp" ? { ...args, via } : args
  }
  return effect.pipe(
    logged(command, skill, (o) => argsOf(o._tag === "Success" ? o.value : undefined), {
      ...(runtimeDir === undefined ? {} : { locate: (r: A) => ({ runtimeDir: runtimeDir(r) }) })
    })
  )
}
