/**
 * The fast path: well-formed invocations of the commands agents and scripts
 * call most are parsed here, without loading @effect/cli (which with its
 * dependencies costs more start-up time than the command itself). Anything
 * this parser is not sure about — help, unknown or misspelled flags, missing
 * values, odd numbers, `--`, boolean flags followed by a value — falls back
 * to the full @effect/cli parser, which stays the single authority for
 * errors and help. `test/cli/fast-path.test.ts` checks that both parsers
 * give the same input to the same handler.
 */
import { Option } from "effect"
import type { Effect } from "effect"

export type FlagKind = "boolean" | "text" | "integer" | "repeated"

export interface FlagSpec {
  /** The handler's key for this flag (camelCase as @effect/cli gives it). */
  readonly key: string
  readonly kind: FlagKind
  readonly alias?: string
  /** For text flags with a default (`--format`): the value when absent. */
  readonly default?: string
}

export interface FastCommand {
  readonly positionals: ReadonlyArray<{ readonly key: string; readonly optional: boolean }>
  readonly flags: Readonly<Record<string, FlagSpec>>
  readonly load: () => Promise<(input: any) => Effect.Effect<unknown, unknown, never>>
}

const BOOL_VALUES = new Set(["true", "1", "y", "yes", "on", "false", "0", "n", "no", "off"])
const INTEGER = /^(0|[1-9][0-9]{0,14})$/

/** Parse `args` (after the command name) or return undefined to defer to @effect/cli. */
export const parseFast = (spec: FastCommand, args: ReadonlyArray<string>): Record<string, unknown> | undefined => {
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
  if (positionals.length > spec.positionals.length) return undefined
  const input: Record<string, unknown> = {}
  for (let p = 0; p < spec.positionals.length; p++) {
    const { key, optional } = spec.positionals[p]!
    const value = positionals[p]
    if (value === undefined && !optional) return undefined
    input[key] = optional ? Option.fromNullable(value) : value
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
        input[flag.key] = Option.fromNullable(v as number | undefined)
        break
      case "text":
        input[flag.key] = flag.default !== undefined ? (v ?? flag.default) : Option.fromNullable(v as string | undefined)
        break
    }
  }
  return input
}

const common = {
  format: { key: "format", kind: "text", default: "text" },
  verbose: { key: "verbose", kind: "boolean", alias: "v" }
} as const satisfies Record<string, FlagSpec>

/** The commands the fast path knows. Each `load` returns the same handler the @effect/cli command uses. */
export const fastCommands: Readonly<Record<string, FastCommand>> = {
  init: {
    positionals: [{ key: "name", optional: true }],
    flags: { global: { key: "global", kind: "boolean" }, ...common },
    load: () => import("./commands/init.run.js").then((m) => m.runInit)
  },
  show: {
    positionals: [{ key: "skill", optional: false }],
    flags: {
      section: { key: "section", kind: "text" },
      file: { key: "file", kind: "text" },
      "max-lines": { key: "maxLines", kind: "integer" },
      ...common
    },
    load: () => import("./commands/show.run.js").then((m) => m.runShow)
  },
  search: {
    positionals: [
      { key: "skill", optional: false },
      { key: "query", optional: true }
    ],
    flags: {
      limit: { key: "limit", kind: "integer" },
      all: { key: "all", kind: "boolean" },
      skill: { key: "skills", kind: "text" },
      ...common
    },
    load: () => import("./commands/search.run.js").then((m) => m.runSearch)
  },
  stats: {
    positionals: [{ key: "skill", optional: false }],
    flags: {
      "group-by": { key: "groupBy", kind: "text", default: "summary" },
      since: { key: "since", kind: "text" },
      until: { key: "until", kind: "text" },
      project: { key: "project", kind: "repeated" },
      ...common
    },
    load: () => import("./commands/stats.run.js").then((m) => m.runStats)
  },
  outline: {
    positionals: [{ key: "skill", optional: false }],
    flags: { level: { key: "level", kind: "integer" }, tokens: { key: "tokens", kind: "boolean" }, ...common },
    load: () => import("./commands/gateway.run.js").then((m) => m.runOutline)
  },
  open: {
    positionals: [
      { key: "skill", optional: false },
      { key: "path", optional: false }
    ],
    flags: { "max-lines": { key: "maxLines", kind: "integer" }, ...common },
    load: () => import("./commands/gateway.run.js").then((m) => m.runOpen)
  },
  sources: {
    positionals: [{ key: "skill", optional: false }],
    flags: {
      depth: { key: "depth", kind: "integer" },
      dir: { key: "dir", kind: "text" },
      limit: { key: "limit", kind: "integer" },
      pattern: { key: "pattern", kind: "text" },
      ...common
    },
    load: () => import("./commands/gateway.run.js").then((m) => m.runSources)
  }
}
