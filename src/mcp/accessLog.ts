/**
 * The single place where MCP tool calls are logged (RFC-0007:C-LOGGING,
 * C-MCP-SERVER; DECISIONS #17 which calls, #18 args, #31 the plain command
 * name). Every tool call goes through `logToolCall` with the command name
 * (`show`, not `skc_show`) and its decoded input.
 *
 * Until the access-log wrapper lands, this passes the call through
 * unchanged. When it lands, wrap `effect` with it here (for the commands
 * that resolve a skill: outline, show, open, sources, search, build, lint,
 * stats) — nothing else in the server needs to change.
 */
import type { Effect } from "effect"

export const logToolCall = <A, E, R>(
  _command: string,
  _input: Readonly<Record<string, unknown>>,
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> => effect
