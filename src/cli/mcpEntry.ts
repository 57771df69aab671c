/**
 * The entry of `skc mcp`'s own bundle (dist/commands/mcp.cjs, issue 30): the
 * server, the MCP SDK bundled in, and no effect/cli, no help pages, no
 * command renderer the tools do not use. A server is one long-lived process
 * per agent session, so what it loads it holds for hours: the full CLI with
 * the SDK required from node_modules held 29 MB more than this bundle
 * (docs/benchmarks.md).
 *
 * As src/cli/single.ts: a well-formed invocation runs here; help, an
 * unknown flag or a `--project` that is not a directory answer `undefined`,
 * so that bin/skc.mjs hands the invocation to the full CLI, which stays the
 * one authority for help and errors.
 */
import { mcpHelp } from "../commands/mcp.js"
import { VERSION } from "../domain/version.js"
import { begin } from "./exit.js"
import { runServer } from "./runMain.js"
import { onHangup } from "../layers.js"
import { fastFlags, parseFast } from "./fastParse.js"
import { wantsHelp } from "./help.js"
import { chooseMcpServe, type McpFlags } from "./mcpHttp.js"
import { serveStdio } from "../mcp/server.js"
import type { McpServe } from "./mcpServe.js"

/** `skc mcp`'s flags as the fast parser takes them, from the help's own list. */
const MCP_FLAGS = fastFlags("mcp", mcpHelp.flags)

/** Serve if `argv` (the command name first) is a well-formed `skc mcp`; the exit status, or undefined to defer. */
export const run = (argv: ReadonlyArray<string>): Promise<number> | undefined => {
  if (argv[0] !== "mcp" || wantsHelp(argv)) return undefined
  const values = parseFast({ positionals: [], flags: MCP_FLAGS }, argv.slice(1)) as McpFlags | undefined
  if (values === undefined) return undefined
  const chosen = chooseMcpServe(values, process.env)
  if ("problem" in chosen) return undefined // the full CLI reports it (E100)
  const started = begin(argv, true)
  if (typeof started === "number") return Promise.resolve(started)
  // The server as the main fiber (src/cli/runMain.ts): SIGINT/SIGTERM end its input (stdio) or stop its listener (HTTP) and exit 130/143;
  // SIGHUP ends it too (129), but an HTTP server with --tokens <file> reads the file again instead.
  if ("http" in chosen) {
    const { http } = chosen
    // Loaded only for --http: the stdio server never initialises the HTTP edge.
    return runServer((stop) => import("../mcp/http.js").then(({ serveHttp }) => serveHttp(VERSION, http, stop, onHangup)), started.verboseOn)
  }
  return runServer(() => serveStdio(VERSION, chosen.stdio), started.verboseOn)
}

/**
 * The server for the full CLI (src/cli/mcpServe.ts): dist/cli.cjs does not
 * carry it and requires this bundle when effect/cli's parser took an
 * invocation the fast parser above declined.
 */
export const serve: McpServe = {
  serveStdio,
  serveHttp: (version, options, stop, onHangup) => import("../mcp/http.js").then((m) => m.serveHttp(version, options, stop, onHangup))
}
