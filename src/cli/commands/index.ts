/**
 * The command table. Each entry is light (options and arguments only); the
 * use case behind it is imported lazily when the command runs, so start-up
 * cost does not grow with the number of commands.
 */
import { buildCommand } from "./build.js"
import { outlineCommand, openCommand, sourcesCommand } from "./gateway.js"
import { initCommand } from "./init.js"
import { discoverCommand, loadCommand, matchCommand, permissionsCommand, promptCommand } from "./protocol.js"

export const commands = [
  initCommand,
  buildCommand,
  outlineCommand,
  openCommand,
  sourcesCommand,
  discoverCommand,
  matchCommand,
  promptCommand,
  permissionsCommand,
  loadCommand
] as const
