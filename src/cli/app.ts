/**
 * The full CLI on @effect/cli: every command, help, version, completions,
 * and the canonical parse errors (E100). Loaded lazily by main.ts whenever
 * the fast path defers.
 */
import { Command, HelpDoc, ValidationError } from "@effect/cli"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import { Console, Effect, Layer, Ref } from "effect"
import * as Path from "effect/Path"
import { InvalidOption } from "../domain/errors.js"
import { closest, didYouMean } from "../domain/suggest.js"
import { commandSpecs } from "../commands/index.js"
import { VERSION } from "../domain/version.js"
import { mcpCommand } from "./commands/mcp.js"
import { cliCommand, ExitStatus } from "./generate.js"

// Help is written by src/cli/help.ts from the specs; main.ts answers --help before this parser loads.
const root = Command.make("skc").pipe(
  Command.withDescription("skc — the development kit for Agent Skills."),
  Command.withSubcommands([cliCommand(commandSpecs[0]!), ...commandSpecs.slice(1).map(cliCommand), mcpCommand])
)

const cli = Command.run(root, { name: "skc", version: VERSION })

const stripAnsi = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, "")

/** One line for E100: the parser's own words without colour or layout. */
const validationMessage = (e: ValidationError.ValidationError): string => {
  const text = "error" in e ? stripAnsi(HelpDoc.toAnsiText(e.error)) : (e as { _tag: string })._tag
  return text.replace(/\s+/g, " ").trim()
}

/**
 * @effect/cli prints its own help text on every parse error; the contract is
 * one `error[E100]` line, so its stderr output is swallowed. Help and version
 * text on stdout are plain unless stdout is a colour terminal.
 */
const quietly = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Console.consoleWith((console) => {
    const plain = !process.stdout.isTTY || (process.env.NO_COLOR ?? "") !== ""
    const log = (...args: ReadonlyArray<unknown>) => {
      const text = args.map(String).join(" ")
      process.stdout.write((plain ? stripAnsi(text) : text).replace(/\n+$/, "") + "\n")
    }
    return Effect.withConsole(self, {
      ...console,
      unsafe: { ...console.unsafe, error: () => {}, log },
      error: () => Effect.void,
      log: (...args: ReadonlyArray<unknown>) => Effect.sync(() => log(...args))
    } as Console.Console)
  })

/**
 * The parser's E100, with the way out where skc knows it (issue 25 item 3):
 * the command meant by a misspelt one, the flag meant by an unknown one,
 * and the argument `search --all` really misses (the query, not a skill).
 */
const parseError = (message: string, args: ReadonlyArray<string>): InvalidOption => {
  const command = args[0]
  if (command === "search" && args.includes("--all") && /^Missing argument <skill>$/.test(message)) {
    return new InvalidOption({ message: "Missing argument <query>" })
  }
  if (/^Invalid subcommand for skc\b/.test(message) && command !== undefined) {
    const meant = didYouMean(closest(command, [...commandSpecs.map((s) => s.name), "mcp"], 1))
    return new InvalidOption({ message, ...(meant === undefined ? {} : { suggestion: meant }) })
  }
  const unknown = /(?:unknown option|Received unknown argument:) '(--?[^']+)'/.exec(message)
  const spec = commandSpecs.find((s) => s.name === command)
  if (unknown !== null && spec !== undefined) {
    const flags = Object.values(spec.flags as Record<string, { readonly name: string }>).map((f) => `--${f.name}`)
    const meant = didYouMean(closest(unknown[1]!, flags, 1))
    return new InvalidOption({ message, ...(meant === undefined ? {} : { suggestion: meant }) })
  }
  return new InvalidOption({ message })
}

/** Run the full parser; the value is the exit status the command asked for. */
export const runFullCli = (args: ReadonlyArray<string>): Effect.Effect<number, unknown> =>
  Effect.gen(function* () {
    const status = yield* Ref.make(0)
    yield* cli(["node", "skc", ...args]).pipe(
      quietly,
      Effect.mapError((e) => (ValidationError.isValidationError(e) ? parseError(validationMessage(e), args) : e)),
      Effect.provideService(ExitStatus, status),
      Effect.provide(Layer.mergeAll(NodeFileSystem.layer, Path.layer, NodeTerminal.layer))
    )
    return yield* Ref.get(status)
  })
