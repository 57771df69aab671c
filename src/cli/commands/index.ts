/**
 * The command table. Each entry is light (options and arguments only); the
 * use case behind it is imported lazily when the command runs, so start-up
 * cost does not grow with the number of commands.
 */
import { approveCommand } from "./approve.js"
import { buildCommand } from "./build.js"
import { outlineCommand, openCommand, sourcesCommand } from "./gateway.js"
import { initCommand } from "./init.js"
import { searchCommand } from "./search.js"
import { showCommand } from "./show.js"
import { statsCommand } from "./stats.js"
import { syncCommand } from "./sync.js"
import { lintCommand } from "./lint.js"
import { listCommand } from "./list.js"
import { mcpCommand } from "./mcp.js"
import { discoverCommand, loadCommand, matchCommand, permissionsCommand, promptCommand } from "./protocol.js"
import { runCommand } from "./run.js"
import { toolsCommand } from "./tools.js"

export const commands = [
  initCommand,
  listCommand,
  buildCommand,
  outlineCommand,
  showCommand,
  openCommand,
  sourcesCommand,
  searchCommand,
  toolsCommand,
  runCommand,
  approveCommand,
  discoverCommand,
  matchCommand,
  promptCommand,
  permissionsCommand,
  loadCommand,
  lintCommand,
  statsCommand,
  syncCommand,
  mcpCommand
] as const
