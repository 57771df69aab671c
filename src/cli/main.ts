/**
 * The CLI entry: parse with @effect/cli, run the command, map every failure
 * to its RFC-0005 line on stderr and exit status 1. Nothing but a command's
 * result ever reaches stdout; no stack trace reaches a user unless `-v`.
 */
import { Command, HelpDoc, ValidationError } from "@effect/cli"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import * as NodeTerminal from "@effect/platform-node/NodeTerminal"
import { Cause, Console, Effect, Exit, Layer, Option } from "effect"
import { InternalError, InvalidOption, isSkcError, renderError, type SkcError } from "../domain/errors.js"
import { commands } from "./commands/index.js"
import { isVerboseEnv } from "./layers.js"

import { VERSION } from "./version.js"
export { VERSION }

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
  Command.withSubcommands(commands)
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
 * one `error[E100]` line, so its stderr output is swallowed while parsing.
 */
const quietly = <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Console.consoleWith((console) => {
    // Help and version text: plain unless stdout is a colour terminal.
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

const toSkcError = (cause: Cause.Cause<unknown>): { error: SkcError; defect?: unknown } => {
  const failure = Cause.failureOption(cause) as Option.Option<unknown>
  if (Option.isSome(failure)) {
    const e = failure.value
    if (isSkcError(e)) return { error: e }
    if (ValidationError.isValidationError(e)) return { error: new InvalidOption({ message: validationMessage(e) }) }
    const tagged = e as { _tag?: string; message?: string }
    if (tagged?._tag === "FsError") {
      return { error: new InternalError({ message: `${tagged.message ?? "I/O failure"}`, cause: e }), defect: e }
    }
    return { error: new InternalError({ message: String((e as Error)?.message ?? e), cause: e }), defect: e }
  }
  const defect = Cause.squash(cause)
  const message = defect instanceof Error ? defect.message : String(defect)
  return { error: new InternalError({ message, cause: defect }), defect }
}

export const main = async (argv: ReadonlyArray<string>): Promise<number> => {
  const args = argv.length === 0 ? ["--help"] : argv
  const verboseOn = args.includes("-v") || args.includes("--verbose") || isVerboseEnv()
  const cliEnv = Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, NodeTerminal.layer)
  const program = cli(["node", "skc", ...args]).pipe(quietly, Effect.provide(cliEnv))
  const exit = await Effect.runPromiseExit(program)
  if (Exit.isSuccess(exit)) return 0
  if (Cause.isInterruptedOnly(exit.cause)) return 130
  const failure = Cause.failureOption(exit.cause) as Option.Option<{ _tag?: string; code?: number }>
  if (Option.isSome(failure) && failure.value?._tag === "ExitStatus") return failure.value.code ?? 1
  const { error, defect } = toSkcError(exit.cause)
  process.stderr.write(renderError(error) + "\n")
  if (verboseOn && defect !== undefined) {
    process.stderr.write(`${defect instanceof Error && defect.stack ? defect.stack : Cause.pretty(exit.cause)}\n`)
  }
  return 1
}
