/**
 * The @effect/cli command of a command spec: its positional arguments and
 * flags as @effect/cli `Args` and `Options`, in the spec's order, and the
 * generic runner as handler. Loaded only when the full parser is needed
 * (help, errors, commands off the fast path).
 */
import { Args, Command, HelpDoc, Options } from "@effect/cli"
import { Context, Effect, Ref } from "effect"
import type { AnyCommandSpec, Arg, Flag } from "../commands/spec.js"
import { runCommand } from "./runner.js"

/**
 * The exit status the handler asks for, read by main.ts after @effect/cli
 * returns (its handlers return nothing): a per-invocation service, not
 * module state.
 */
export class ExitStatus extends Context.Service<ExitStatus, Ref.Ref<number>>()("skillc/cli/ExitStatus") {}

const refused = (value: string) => Effect.fail(HelpDoc.p(`unknown option '${value}'`))

const argOf = (a: Arg): Args.Args<unknown> => {
  const text = Args.text({ name: a.name }).pipe(Args.withDescription(a.help))
  // A value starting with `-` would otherwise be taken as the argument: refused as an unknown option (E100).
  const checked =
    a.refuse === "flag"
      ? text.pipe(Args.mapEffect((v) => (v.startsWith("-") && v.length > 1 ? refused(v) : Effect.succeed(v))))
      : a.refuse === "dashWord"
        ? text.pipe(Args.mapEffect((v) => (/^-\S+$/.test(v) ? refused(v) : Effect.succeed(v))))
        : text
  return a.arity === "optional" ? Args.optional(checked) : a.arity === "many" ? Args.repeated(checked) : checked
}

const optionOf = (f: Flag): Options.Options<unknown> => {
  const base: Options.Options<unknown> =
    f.kind === "boolean"
      ? Options.boolean(f.name)
      : f.kind === "integer"
        ? Options.integer(f.name)
        : f.kind === "float"
          ? Options.float(f.name)
          : Options.text(f.name)
  const described = Options.withDescription(f.alias === undefined ? base : Options.withAlias(base, f.alias), f.help)
  if (f.kind === "boolean") return described
  if (f.kind === "repeated") return Options.repeated(described)
  if (f.default !== undefined) return Options.withDefault(described, f.default as unknown)
  return Options.optional(described)
}

/** The @effect/cli config of a spec: what the handler receives, key by key (the fast path gives the same). */
export const cliConfig = (spec: AnyCommandSpec): Record<string, Args.Args<unknown> | Options.Options<unknown>> => {
  const config: Record<string, Args.Args<unknown> | Options.Options<unknown>> = {}
  for (const [key, a] of Object.entries(spec.args as Record<string, Arg>)) config[key] = argOf(a)
  for (const [key, f] of Object.entries(spec.flags as Record<string, Flag>)) config[key] = optionOf(f)
  return config
}

/** The help text: summary, then examples. */
export const description = (spec: AnyCommandSpec): string =>
  [...spec.summary, "", "Examples:", ...spec.examples.map((e) => `  ${e}`)].join("\n")

export const cliCommand = (spec: AnyCommandSpec) =>
  Command.make(spec.name, cliConfig(spec), (values) =>
    Effect.flatMap(runCommand(spec, values as { format: string; verbose: boolean }), (status) =>
      Effect.flatMap(ExitStatus, (ref) => Ref.set(ref, status))
    )
  ).pipe(Command.withDescription(description(spec)))
