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
import * as Option from "effect/Option"
import { mcpHelp } from "../commands/mcp.js"
import { VERSION } from "../domain/version.js"
import { begin } from "./exit.js"
import { runServer } from "./runMain.js"
import { fastFlags, parseFast } from "./fastParse.js"
import { wantsHelp } from "./help.js"
import { chooseMcpProject } from "./mcpProject.js"
import { serveStdio } from "../mcp/server.js"

/** `skc mcp`'s flags as the fast parser takes them, from the help's own list. */
const MCP_FLAGS = fastFlags("mcp", mcpHelp.flags)

interface McpFlags {
  readonly tools: boolean
  readonly watch: boolean
  readonly outputSchemas: boolean
  readonly project: Option.Option<string>
}

/** Serve if `argv` (the command name first) is a well-formed `skc mcp`; the exit status, or undefined to defer. */
export const run = (argv: ReadonlyArray<string>): Promise<number> | undefined => {
  if (argv[0] !== "mcp" || wantsHelp(argv)) return undefined
  const values = parseFast({ positionals: [], flags: MCP_FLAGS }, argv.slice(1)) as McpFlags | undefined
  if (values === undefined) return undefined
  const chosen = chooseMcpProject(Option.getOrUndefined(values.project), process.env)
  if ("problem" in chosen) return undefined // the full CLI reports it (E100)
  const started = begin(argv, true)
  if (typeof started === "number") return Promise.resolve(started)
  const { project } = chosen
  // The server as the main fiber (src/cli/runMain.ts): SIGINT/SIGTERM end its input and exit 130/143.
  const serve = () =>
    serveStdio(VERSION, {
      skillTools: values.tools,
      watch: values.watch,
      followRoots: project === undefined,
      outputSchemas: values.outputSchemas,
      ...(project === undefined ? {} : { project })
    })
  return runServer(serve, started.verboseOn)
}
