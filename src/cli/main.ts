/**
 * The CLI entry. `--version` and well-formed invocations of hot commands
 * run on the fast path; everything else goes through effect/cli (loaded
 * lazily). Every failure maps to its RFC-0005 line on stderr and exit
 * status 1; nothing but a command's result reaches stdout, and no stack
 * trace reaches a user unless `-v`. The program runs under `runMain`
 * (src/cli/runMain.ts): a signal interrupts it and its finalizers run.
 */
import { Effect } from "effect"
import { VERSION } from "../domain/version.js"
import { commandSpecs } from "../commands/index.js"
import { fastCommands, parseFast } from "./fast.js"
import { mcpHelp } from "../commands/mcp.js"
import { lspHelp } from "../commands/lsp.js"
import { renderCommandHelp, renderRootHelp, wantsHelp } from "./help.js"
import { begin } from "./exit.js"
import { runMain } from "./runMain.js"
import { exitLeavingLogsOpen } from "../layers.js"
import { checkInvocation, runCommand } from "./runner.js"
import { joinDashValues } from "./argv.js"

export { VERSION }

/** `skc --help`, `skc <command> --help`: written from the specs (src/cli/help.ts); undefined for an unknown command. */
const help = (args: ReadonlyArray<string>): Effect.Effect<number> | undefined => {
  const first = args[0]
  const root = first === undefined || first === "--help" || first === "-h"
  const spec = root ? undefined : commandSpecs.find((s) => s.name === first)
  if (!root && spec === undefined && first !== "mcp" && first !== "lsp") return undefined
  return Effect.sync(() => {
    process.stdout.write(root ? renderRootHelp([...commandSpecs, mcpHelp, lspHelp], VERSION) : renderCommandHelp(spec ?? (first === "lsp" ? lspHelp : mcpHelp)))
    return 0
  })
}

/**
 * A command with a `rest` flag takes the words after `--` as that flag's
 * values, each as `--flag=word` so a word that starts with a dash stays a
 * value (`skc eval --judge command -- agent -p {{query}}`).
 */
const restAsFlags = (args: ReadonlyArray<string>): ReadonlyArray<string> => {
  const rest = commandSpecs.find((s) => s.name === args[0])?.rest
  const at = args.indexOf("--")
  if (rest === undefined || at < 0) return args
  return [...args.slice(0, at), ...args.slice(at + 1).map((word) => `--${rest}=${word}`)]
}

/** An invocation as `main` reads it: a help page to print, or the words its parsers see. */
const route = (argv: ReadonlyArray<string>): { readonly help: Effect.Effect<number> } | { readonly args: ReadonlyArray<string> } => {
  // `skc help [command]`, as git and npm take it: the same as `skc [command] --help` (it was E100 "Invalid subcommand").
  let args = argv[0] === "help" ? [...argv.slice(1), "--help"] : argv
  if (args.length === 0 || wantsHelp(args)) {
    const asked = help(args)
    if (asked !== undefined) return { help: asked }
    // An unknown command: the full parser says so (E100) rather than printing any help.
    args = args.filter((a) => a !== "--help" && a !== "-h")
  }
  // `skc mcp` and `skc lsp` are no command specs, but their options take dash-led values by the same rule (src/cli/argv.ts).
  const flagsOf = args[0] === "mcp" ? mcpHelp : args[0] === "lsp" ? lspHelp : commandSpecs.find((s) => s.name === args[0])
  return { args: restAsFlags(joinDashValues(flagsOf, args)) }
}

/** The invocation as an effect whose value is the exit status. */
const program = (argv: ReadonlyArray<string>): Effect.Effect<number, unknown> => {
  const routed = route(argv)
  if ("help" in routed) return routed.help
  const { args } = routed
  const fast = args.length > 0 ? fastCommands[args[0]!] : undefined
  const values = fast === undefined ? undefined : parseFast(fast, args.slice(1))
  if (fast !== undefined && values !== undefined) return runCommand(fast.spec, values as { format: string; verbose: boolean })
  return Effect.flatMap(
    Effect.promise(() => import("./app.js")),
    ({ runFullCli }) => runFullCli(args)
  )
}

/**
 * Whether skc accepts `argv`, without running it (nothing read, written or served): the words `main`
 * gives its parsers, the full parser (the authority the fast path defers to: commands, flag names,
 * aliases, arity, value kinds) and the runner's checks before the use case (`checkInvocation`: --format
 * values, required flags, the flags decoded into the input). Fails with the error `main` reports (E100…).
 * Help for a known topic is accepted. `skc mcp` and `skc lsp` are parsed only (their flag combinations
 * are checked when serving). Used by test/cli/documented-commands.test.ts on every command the docs show.
 */
export const checkArgv = (argv: ReadonlyArray<string>): Effect.Effect<void, unknown> => {
  if (argv.length === 1 && argv[0] === "--version") return Effect.void
  const routed = route(argv)
  if ("help" in routed) return Effect.void
  return Effect.flatMap(
    Effect.promise(() => import("./app.js")),
    ({ runFullCli }) => Effect.asVoid(runFullCli(routed.args, (spec, values) => Effect.as(checkInvocation(spec, values), 0)))
  )
}

export const main = (argv: ReadonlyArray<string>): Promise<number> => {
  if (argv.length === 1 && argv[0] === "--version") {
    process.stdout.write(VERSION + "\n")
    return Promise.resolve(0)
  }
  const started = begin(argv, argv.length > 0 && !argv.includes("--help"))
  if (typeof started === "number") return Promise.resolve(started)
  return runMain(exitLeavingLogsOpen(program(argv)), started.verboseOn)
}
