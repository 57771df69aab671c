/**
 * The single place where a command's invocation is logged, for the CLI
 * runner and the MCP server alike (RFC-0007:C-LOGGING, C-MCP-SERVER;
 * DECISIONS #17 which calls, #18 args, #31 the plain command name): every
 * call runs inside `loggedCall` (src/app/usage/accessLog.ts, the one wrapper,
 * also the library's: issue 44 item 4), which gives the use case a fresh
 * `TouchedSkills` and writes one row per skill it touched. When the handler
 * has `log` and the input names a skill, that skill's row carries the
 * handler's `args`; `search --all` and `build a b` give each skill's args
 * themselves.
 *
 * The MCP server writes to the primary location like the CLI (C-MCP-SERVER
 * "SHOULD write directly to the primary runtime location"), and its rows
 * add `"via": "mcp"` to `args` so that `skc stats` tells the channels apart
 * (issue 17; a row without `via` came from the CLI, RFC columns unchanged).
 */
import type { Effect } from "effect"
import { loggedCall } from "../app/usage/accessLog.js"
import type { Handler } from "./spec.js"

export const logCall = <I, A, E, R>(
  command: string,
  log: Handler<unknown, I, A>["log"],
  input: I,
  effect: Effect.Effect<A, E, R>,
  via: "cli" | "mcp" = "cli"
) => {
  const given = (input as { readonly skill?: unknown } | undefined)?.skill
  const skill = log === undefined || typeof given !== "string" ? undefined : given
  const runtimeDir = log?.runtimeDir
  const argsOf = (result: A | undefined) => (log === undefined ? {} : log.args(input, result))
  return effect.pipe(
    loggedCall<A, E>({
      command,
      skill,
      argsOf: (o) => argsOf(o._tag === "Success" ? o.value : undefined),
      ...(via === "mcp" ? { via } : {}),
      ...(runtimeDir === undefined ? {} : { locate: (r: A) => ({ runtimeDir: runtimeDir(r) }) }),
      ...(log?.interrupted === undefined ? {} : { interruptedArgs: () => log.interrupted!(input) })
    })
  )
}
