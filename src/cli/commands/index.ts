/**
 * The command table. Each entry is light (options and arguments only); the
 * use case behind it is imported lazily when the command runs, so start-up
 * cost does not grow with the number of commands.
 */
import { buildCommand } from "./build.js"
import { outlineCommand, openCommand, sourcesCommand } from "./gateway.js"
import { initCommand } from "./init.js"
import { searchCommand } from "./search.js"
import { showCommand } from "./show.js"

export const commands = [initCommand, buildCommand, outlineCommand, showCommand, openCommand, sourcesCommand, searchCommand] as const
