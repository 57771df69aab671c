/**
 * The fast path's table: the commands marked `fast` in their specs, each
 * with the flag table the fast parser (src/cli/fastParse.ts) reads. main.ts
 * looks a command up here; a per-command bundle (src/cli/single.ts) builds
 * its one entry itself.
 */
import { commandSpecs } from "../commands/index.js"
import { fastCommand, type FastCommand } from "./fastParse.js"

export { fastCommand, parseFast, type FastCommand, type FlagKind, type FlagSpec } from "./fastParse.js"

/** The commands the fast path knows: the specs marked `fast`. */
export const fastCommands: Readonly<Record<string, FastCommand>> = Object.fromEntries(
  commandSpecs.filter((s) => s.fast === true).map((s) => [s.name, fastCommand(s)])
)
