/**
 * The fast path: well-formed invocations of the commands agents and scripts
 * call most are parsed here, without loading effect/cli (which with its
 * dependencies costs more start-up time than the command itself). Anything
 * this parser is not sure about — help, unknown or misspelled flags, missing
 * values, odd numbers, `--`, boolean flags followed by a value — falls back
 * to the full effect/cli parser, which stays the single authority for
 * errors and help. `test/cli/fast-path.test.ts` checks that both parsers
 * give the same input to the same handler.
 *
 * This module is the parser alone, so that a per-command bundle (see
 * src/cli/single.ts) carries no other command; fast.ts holds the table.
 */
import { Option } from "effect"
import type { AnyCommandSpec, Flag } from "../commands/spec.js"

export type FlagKind = "boolean" | "text" | "integer" | "repeated"

export interface FlagSpec {
  /** The handler's key for this flag (camelCase, as effect/cli gives it). */
  readonly key: string
  readonly kind: FlagKind
  readonly alias?: string
  /** For text flags with a default (`--format`): the value when absent. */
  readonly default?: string
}

/** A command as the fast path sees it: derived from its spec by `fastCommand`. */
export interface FastCommand {
  readonly spec: AnyCommandSpec
  /** In order; only the last may be `many` (all remaining values, possibly none). */
  readonly positionals: ReadonlyArray<{ readonly key: string; readonly optional: boolean; readonly many?: boolean }>
  readonly flags: Readonly<Record<string, FlagSpec>>
}

const BOOL_VALUES = new Set(["true", "1", "y", "yes", "on", "false", "0", "n", "no", "off"])
const INTEGER = /^(0|[1-9][0-9]{0,14})$/

/** Parse `args` (after the command name) or return undefined to defer to effect/cli. */
export const parseFast = (spec: Pick<FastCommand, "positionals" | "flags">, args: ReadonlyArray<string>): Record<string, unknown> | undefined => {
  const byName = new Map<string, FlagSpec>()
  for (const [name, flag] of Object.entries(spec.flags)) {
    byName.set(`--${name}`, flag)
    if (flag.alias !== undefined) byName.set(`-${flag.alias}`, flag)
  }
  const values: Record<string, unknown> = {}
  const positionals: Array<string> = []
  for (let i = 0; i < args.length; i++) {
    const token = args[i]!
    if (token.startsWith("-") && token.length > 1) {
      if (token.includes("=")) return undefined
      const flag = byName.get(token)
      if (flag === undefined) return undefined
      if (flag.kind === "boolean") {
        if (values[flag.key] !== undefined) return undefined
        const next = args[i + 1]
        if (next !== undefined && BOOL_VALUES.has(next.toLowerCase())) return undefined
        values[flag.key] = true
        continue
      }
      const value = args[i + 1]
      if (value === undefined || (value.startsWith("-") && value.length > 1)) return undefined
      i++
      if (flag.kind === "repeated") {
        values[flag.key] = [...((values[flag.key] as Array<string> | undefined) ?? []), value]
        continue
      }
      if (values[flag.key] !== undefined) return undefined
      if (flag.kind === "integer") {
        if (!INTEGER.test(value)) return undefined
        values[flag.key] = Number(value)
      } else values[flag.key] = value
      continue
    }
    positionals.push(token)
  }
  const many = spec.positionals.length > 0 && spec.positionals[spec.positionals.length - 1]!.many === true
  if (!many && positionals.length > spec.positionals.length) return undefined
  const input: Record<string, unknown> = {}
  for (let p = 0; p < spec.positionals.length; p++) {
    const { key, optional } = spec.positionals[p]!
    if (spec.positionals[p]!.many === true) {
      input[key] = positionals.slice(p)
      break
    }
    const value = positionals[p]
    if (value === undefined && !optional) return undefined
    input[key] = optional ? Option.fromNullishOr(value) : value
  }
  for (const flag of Object.values(spec.flags)) {
    const v = values[flag.key]
    switch (flag.kind) {
      case "boolean":
        input[flag.key] = v === true
        break
      case "repeated":
        input[flag.key] = v ?? []
        break
      case "integer":
        input[flag.key] = Option.fromNullishOr(v as number | undefined)
        break
      case "text":
        input[flag.key] = flag.default !== undefined ? (v ?? flag.default) : Option.fromNullishOr(v as string | undefined)
        break
    }
  }
  return input
}

/**
 * The fast-path table entry of a spec. Only single positionals (and a
 * repeated one at the end that refuses dash-led values, as `skc build a b
 * c`) and the flag kinds above are handled; a spec with anything else
 * (repeated arguments elsewhere, float flags) is refused here, so it cannot
 * be marked `fast` by mistake.
 */
export const fastCommand = (spec: AnyCommandSpec): FastCommand => {
  const args = Object.entries(spec.args)
  const positionals = args.map(([key, a], i) => {
    if (a.arity === "many" && (i !== args.length - 1 || a.refuse !== "flag")) {
      throw new Error(`${spec.name}: argument <${a.name}> cannot take the fast path`)
    }
    return a.arity === "many" ? { key, optional: true, many: true } : { key, optional: a.arity === "optional" }
  })
  return { spec, positionals, flags: fastFlags(spec.name, spec.flags) }
}

/** The fast path's table of a command's flags (keyed as the handler takes them): by flag name. */
export const fastFlags = (command: string, specFlags: Readonly<Record<string, Flag>>): Readonly<Record<string, FlagSpec>> => {
  const flags: Record<string, FlagSpec> = {}
  for (const [key, f] of Object.entries(specFlags)) {
    if (f.kind === "float") throw new Error(`${command}: --${f.name} cannot take the fast path`)
    flags[f.name] = { key, kind: f.kind, ...(f.alias === undefined ? {} : { alias: f.alias }), ...(f.default === undefined ? {} : { default: f.default }) }
  }
  return flags
}

