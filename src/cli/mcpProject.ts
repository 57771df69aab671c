/**
 * DECISIONS #47: the project a server serves is `--project DIR`, else
 * `SKILLC_PROJECT`, else the client's MCP roots (src/mcp/roots.ts), else the
 * working directory. Clients start stdio servers in `/` (Claude Desktop) or
 * the home directory; the server then works as if started in the project
 * (the process changes into it, so resolution, tool runs and watchers all
 * see it). Shared by the full CLI's `mcp` command and its own bundle
 * (src/cli/mcpEntry.ts).
 */
import { resolve } from "node:path"
import { isDirectory } from "../mcp/roots.js"

/** Entered: the directory is now the working directory; `fixed` false when neither names one. */
export type ProjectEntered = { readonly fixed: boolean } | { readonly problem: string }

export const enterMcpProject = (given: string | undefined, env: NodeJS.ProcessEnv): ProjectEntered => {
  const dir = given ?? (env.SKILLC_PROJECT || undefined)
  if (dir === undefined) return { fixed: false }
  const source = given !== undefined ? "--project" : "SKILLC_PROJECT"
  const target = resolve(dir)
  if (!isDirectory(target)) return { problem: `${source}: not a directory: '${dir}'` }
  try {
    process.chdir(target)
  } catch {
    return { problem: `${source}: cannot enter '${dir}'` }
  }
  return { fixed: true }
}
