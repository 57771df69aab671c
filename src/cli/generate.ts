/**
 * The effect/cli command of a command spec: its positional arguments and
 * flags as effect/cli `Argument`s and `Flag`s, in the spec's order, and the
 * generic runner as handler. Loaded only when the full parser is needed
 * (errors, commands off the fast path).
 */
import { Argument, CliError, Command, Flag as CliFlag } from "effect/cli"
import { Context, Effect, Option, Ref } from "effect"
import type { AnyCommandSpec, Arg, Flag } from "../commands/spec.js"
import { runCommand } from "./runner.js"

/**
 * The exit status the handler asks for, read by main.ts after effect/cli
 * returns (its handlers return nothing): a per-invocation service, not
 * module state.
 */
export class ExitStatus extends Context.Service<ExitStatus, Ref.Ref<number>>()("skillc/cli/ExitStatus") {}

const refused = (value: string) => Effect.fail(new CliError.ValidationError({ message: `unknown option '${value}'` }))

const argOf = (a: Arg, operands: ReadonlySet<string>): Argument.Argument<unknown> => {
  const text = Argument.String(a.name).pipe(Argument.withDescription(a.help))
  // A value starting with `-` (a negative number; effect/cli reads any other as a flag, or after `--` as a value) would
  // otherwise be taken as the argument: refused as an unknown option (E100) where the spec says so. A word after `--`
  // is an operand whatever it looks like (src/cli/argv.ts): `skc open s -- -notes.md`.
  const checked =
    a.refuse === "flag"
      ? text.pipe(Argument.mapEffect((v) => (v.startsWith("-") && v.length > 1 && !operands.has(v) ? refused(v) : Effect.succeed(v))))
      : text
  return a.arity === "optional" ? Argument.optional(checked) : a.arity === "many" ? Argument.variadic(checked) : checked
}

/**
 * An integer option's value: decimal digits, with a `-` before them (a negative value is then refused by the
 * command's own range check, as before). effect/cli's `Int` reads the word with `Number`, so `1e1`, `1.0`,
 * `+5` and `0x10`… were taken as numbers (`--limit 1e1` was 10); the fast parser (src/cli/fastParse.ts) never
 * took them. Anything else is the parser's InvalidValue, which src/cli/app.ts words as every bad integer
 * (`--limit: '1e1' is not an integer`, E100 per RFC-0005:C-CODES).
 */
const DECIMAL_INTEGER = /^-?[0-9]+$/

export const parseDecimalInteger = (text: string): number | undefined => {
  if (!DECIMAL_INTEGER.test(text)) return undefined
  const n = Number(text)
  return Number.isSafeInteger(n) ? n : undefined
}

const integerFlag = (flag: CliFlag.Flag<string>): CliFlag.Flag<number> =>
  CliFlag.filterMap(flag, (text) => Option.fromNullishOr(parseDecimalInteger(text)), () => "integer")

export const flagOf = (f: Flag): CliFlag.Flag<unknown> => {
  const described = (flag: CliFlag.Flag<unknown>) =>
    CliFlag.withDescription(f.alias === undefined ? flag : CliFlag.withAlias(flag, f.alias), f.help)
  // Absent is false; no `--no-<flag>` forms: they were never skc's.
  if (f.kind === "boolean") return CliFlag.withDefault(described(CliFlag.withoutNegation(CliFlag.Boolean(f.name))), false)
  if (f.kind === "repeated") return CliFlag.atLeast(described(CliFlag.String(f.name)), 0)
  const base = described(f.kind === "integer" ? integerFlag(CliFlag.String(f.name)) : f.kind === "float" ? CliFlag.Finite(f.name) : CliFlag.String(f.name))
  if (f.default !== undefined) return CliFlag.withDefault(base, f.default)
  return CliFlag.optional(base)
}

/**
 * The effect/cli config of a spec: what the handler receives, key by key (the fast path gives the same).
 * `operands`: the invocation's dash-led words after `--` (src/cli/argv.ts `dashOperands`).
 */
export const cliConfig = (spec: AnyCommandSpec, operands: ReadonlySet<string> = new Set()): Record<string, Argument.Argument<unknown> | CliFlag.Flag<unknown>> => {
  const config: Record<string, Argument.Argument<unknown> | CliFlag.Flag<unknown>> = {}
  for (const [key, a] of Object.entries(spec.args)) config[key] = argOf(a, operands)
  for (const [key, f] of Object.entries(spec.flags)) config[key] = flagOf(f)
  return config
}

/** The help text: summary, then examples. */
export const description = (spec: AnyCommandSpec): string =>
  [...spec.summary, "", "Examples:", ...spec.examples.map((e) => `  ${e}`)].join("\n")

/**
 * What a parsed invocation of a spec does: run it (the CLI: `runCommand`), or only check it
 * (`checkArgv`, src/cli/main.ts: the runner's checks without the use case). The value is the exit status.
 */
export type Handle = (spec: AnyCommandSpec, values: { format: string; verbose: boolean }) => Effect.Effect<number, unknown>

export const cliCommand = (spec: AnyCommandSpec, operands: ReadonlySet<string> = new Set(), handle: Handle = runCommand) =>
  Command.make(spec.name, cliConfig(spec, operands), (values) =>
    Effect.flatMap(handle(spec, values as { format: string; verbose: boolean }), (status) =>
      Effect.flatMap(ExitStatus, (ref) => Ref.set(ref, status))
    )
  ).pipe(Command.withDescription(description(spec)))
