/**
 * The entry of a per-command bundle. scripts/bundle.mjs builds one bundle
 * per `fast` command (dist/commands/<name>.cjs) holding that command and
 * nothing else: no other command, no help pages, no effect/cli. The
 * executable tries it first, so a hot command's start-up reads, compiles
 * and initialises only its own code (issue 16).
 *
 * It runs exactly what main.ts's fast path runs for a well-formed
 * invocation, and answers `undefined` for anything else — help, or
 * anything the fast parser is not sure about — so that bin/skc.mjs hands
 * the invocation to the full CLI (dist/cli.cjs), which stays the one
 * authority for help and parse errors.
 */
import type { AnyCommandSpec } from "../commands/spec.js"
import { begin } from "./exit.js"
import { runMain } from "./runMain.js"
import { exitLeavingLogsOpen } from "../layers.js"
import { fastCommand, parseFast } from "./fastParse.js"
import { wantsHelp } from "./help.js"
import { runCommand } from "./runner.js"
import { joinDashValues } from "./argv.js"

/** Run `argv` (the command name first) if it is a well-formed invocation of `spec`; the exit status, or undefined to defer. */
export const runSingle = (spec: AnyCommandSpec, argv: ReadonlyArray<string>): Promise<number> | undefined => {
  if (spec.fast !== true || argv[0] !== spec.name || wantsHelp(argv)) return undefined
  // The words main.ts's parsers would see (src/cli/argv.ts): `--section "-v flag"` as `--section=-v flag`.
  const values = parseFast(fastCommand(spec), joinDashValues(spec, argv).slice(1))
  if (values === undefined) return undefined
  // From here on as main.ts: output guards, the home check, the run.
  const started = begin(argv, true)
  if (typeof started === "number") return Promise.resolve(started)
  return runMain(exitLeavingLogsOpen(runCommand(spec, values as { format: string; verbose: boolean })), started.verboseOn)
}
