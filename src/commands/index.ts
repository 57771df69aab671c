/**
 * Every command spec, in the order `skc --help` lists them. Adding a command:
 * write `src/commands/<name>.ts` with `defineCommand` and add it here; the
 * CLI command, the fast path (with `fast: true`) and the MCP tool (with
 * `mcp` hints) follow from the spec.
 */
import { approveCommand } from "./approve.js"
import { budgetCommand } from "./budget.js"
import { buildCommand } from "./build.js"
import { discoverCommand } from "./discover.js"
import { evalCommand } from "./eval.js"
import { initCommand } from "./init.js"
import { lintCommand } from "./lint.js"
import { listCommand } from "./list.js"
import { loadCommand } from "./load.js"
import { matchCommand } from "./match.js"
import { openCommand } from "./open.js"
import { outlineCommand } from "./outline.js"
import { permissionsCommand } from "./permissions.js"
import { promptCommand } from "./prompt.js"
import { runCommand } from "./run.js"
import { searchCommand } from "./search.js"
import { showCommand } from "./show.js"
import { sourcesCommand } from "./sources.js"
import { statsCommand } from "./stats.js"
import { syncCommand } from "./sync.js"
import { toolsCommand } from "./tools.js"
import type { AnyCommandSpec } from "./spec.js"

export const commandSpecs: ReadonlyArray<AnyCommandSpec> = [
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
  evalCommand,
  budgetCommand,
  promptCommand,
  permissionsCommand,
  loadCommand,
  lintCommand,
  statsCommand,
  syncCommand
]

/** The commands that are also MCP tools, in the order `tools/list` gives them (RFC-0007:C-COMMANDS). */
export const mcpCommandSpecs: ReadonlyArray<AnyCommandSpec> = [
  initCommand,
  listCommand,
  buildCommand,
  lintCommand,
  outlineCommand,
  showCommand,
  searchCommand,
  openCommand,
  sourcesCommand,
  statsCommand,
  discoverCommand,
  matchCommand,
  evalCommand,
  budgetCommand,
  loadCommand
]
