/**
 * The MCP server as the full CLI reaches it: `skc mcp` when its own bundle
 * (dist/commands/mcp.cjs, src/cli/mcpEntry.ts) declined the invocation (a
 * flag spelling only effect/cli's parser takes) yet the invocation is well
 * formed. From the sources (tests, embedders) these are the server's own
 * modules. In dist/cli.cjs, scripts/bundle.mjs puts in their place a module
 * that requires dist/commands/mcp.cjs, so the full CLI does not carry the
 * server, the MCP SDK, zod and ajv a second time: about 400 KB of every
 * install (the package's size bound, test/install/install.test.ts), as the
 * language server before it (src/cli/commands/lsp.ts).
 */
import type { HttpServeOptions } from "../mcp/http.js"
import type { ServeOptions } from "../mcp/server.js"

/** What `skc mcp` serves with: stdio until stdin ends, or Streamable HTTP until `stop` aborts. */
export interface McpServe {
  readonly serveStdio: (version: string, options?: ServeOptions) => Promise<void>
  readonly serveHttp: (version: string, options: HttpServeOptions, stop: AbortSignal, onHangup?: (handler: () => void) => () => void) => Promise<void>
}

/** The server's entry points, loaded on first use (the stdio server never initialises the HTTP edge). */
export const loadMcpServe = (): Promise<McpServe> =>
  Promise.resolve({
    serveStdio: (version, options) => import("../mcp/server.js").then((m) => m.serveStdio(version, options)),
    serveHttp: (version, options, stop, onHangup) => import("../mcp/http.js").then((m) => m.serveHttp(version, options, stop, onHangup))
  })
