/**
 * DECISIONS #47: the project a server serves is `--project DIR`, else
 * `SKILLC_PROJECT`, else the client's MCP roots (src/mcp/roots.ts), else the
 * working directory. Clients start stdio servers in `/` (Claude Desktop) or
 * the home directory; the session then works as if started in the project:
 * the directory is its starting directory, its own working directory
 * (resolution, tool runs and watchers all see it), and the process never
 * changes directory (issue 44 item 2). Shared by the full CLI's `mcp`
 * command and its own bundle (src/cli/mcpEntry.ts).
 */
import { homedir } from "node:os"
import { join, resolve } from "node:path"
import { isDirectory } from "../mcp/roots.js"

/**
 * `~` and `~/…` as the home directory: an MCP client's configuration passes its `args` and `env` without a
 * shell (Claude Desktop, Cursor, VS Code), so `"--project", "~/code/app"` arrived as typed. A directory
 * literally named `~` below the working directory still wins.
 */
const homeExpanded = (dir: string, env: NodeJS.ProcessEnv): string | undefined => {
  if (dir !== "~" && !dir.startsWith("~/")) return undefined
  if (isDirectory(resolve(dir))) return undefined
  const home = env.HOME || homedir()
  return dir === "~" ? home : join(home, dir.slice(2))
}

/** The directory a session starts in (absolute), undefined when neither names one; or why the one named cannot be. */
export type McpProject = { readonly project: string | undefined } | { readonly problem: string }

export const chooseMcpProject = (given: string | undefined, env: NodeJS.ProcessEnv): McpProject => {
  const dir = given ?? (env.SKILLC_PROJECT || undefined)
  if (dir === undefined) return { project: undefined }
  const source = given !== undefined ? "--project" : "SKILLC_PROJECT"
  const expanded = homeExpanded(dir, env)
  const target = resolve(expanded ?? dir)
  // The home directory `~` stood for, said: with HOME unset it is the account's (`os.homedir()`).
  if (!isDirectory(target)) return { problem: `${source}: not a directory: '${dir}'${expanded === undefined ? "" : ` (${target})`}` }
  return { project: target }
}
