/**
 * The full CLI on @effect/cli: every command, help, version, completions,
 * and the canonical parse errors (E100). Loaded lazily by main.ts whenever
 * the fast path defers.
 */
import { Command, HelpDoc, ValidationError } from "@effect/cli"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import { Console, Effect, Layer, Ref } from "effect"
import { InvalidOption } from "../domain/errors.js"
import { commandSpecs } from "../commands/index.js"
import { VERSION } from "../domain/version.js"
import { mcpCommand } from "./commands/mcp.js"
import { cliCommand, ExitStatus } from "./generate.js"

const root = Command.make("skc").pipe(
  Command.withDescription(
    [
      "skc — the development kit for Agent Skills.",
      "",
      "Examples:",
      "  skc init my-skill",
      "  skc build my-skill",
      "  skc outline my-skill",
      "  skc show my-skill --section \"Getting Started\"",
      "  skc mcp                        # serve skills to agents over MCP"
    ].join("\n")
  ),
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

/** Run the full parser; the value is the exit status the command asked for. */
export const runFullCli = (args: ReadonlyArray<string>): Effect.Effect<number, unknown> =>
  Effect.gen(function* () {
    const status = yield* Ref.make(0)
    yield* cli(["node", "skc", ...args]).pipe(
      quietly,
      Effect.mapError((e) => (ValidationError.isValidationError(e) ? new InvalidOption({ message: validationMessage(e) }) : e)),
      Effect.provideService(ExitStatus, status),
      Effect.provide(Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, NodeTerminal.layer))
    )
    return yield* Ref.get(status)
  })
