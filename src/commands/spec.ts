/**
 * What a command is, as data: one `CommandSpec` per command in this folder.
 * Everything else is derived from it:
 *
 * - the effect/cli command (src/cli/generate.ts): positional arguments and
 *   flags with their kinds, aliases, help, allowed values and examples;
 * - the fast-path flag table (src/cli/fast.ts) for `fast` commands;
 * - the MCP tool (src/mcp/tools.ts) for commands with `mcp` hints: its
 *   input and output JSON Schemas come from the handler's Schemas;
 * - the access-log arguments (DECISIONS #17, #18), written by the one
 *   generic runner (src/cli/runner.ts) and by the MCP server alike.
 *
 * The spec itself is light (names, help text); the use case, its Schemas and
 * its renderers are behind `load`, so start-up does not grow with the number
 * of commands. This module imports neither effect/cli nor the MCP SDK.
 */
import type { Effect, Option, Schema } from "effect"
import type { SkcError } from "../domain/errors.js"
import type { LiveServices } from "../layers.js"

export type FlagKind = "boolean" | "text" | "integer" | "float" | "repeated"

/** A `--flag`. `V` is the value the handler receives (phantom). */
export interface Flag<V = unknown> {
  readonly kind: FlagKind
  /** The spelling on the command line, without dashes: `max-lines`. */
  readonly name: string
  /** One letter: `-v`. */
  readonly alias?: string
  readonly help: string
  /** For text flags: the value when the flag is absent (`--format text`). */
  readonly default?: string
  /** The values accepted, when the set is closed (shown in help; checked by the handler or the runner). */
  readonly choices?: ReadonlyArray<string>
  /**
   * A text flag the command cannot run without. Parsed as optional (so both
   * parsers agree), then refused by the runner as E100 "missing required
   * option" (DECISIONS #32).
   */
  readonly required?: boolean
  /** The value's name in help (`--project <dir>`); else from the kind (`<text>`, `<n>`). */
  readonly placeholder?: string
  readonly _value?: V
}

/** A positional argument. `V` is the value the handler receives (phantom). */
export interface Arg<V = unknown> {
  /** The name shown in usage: `<skill>`. */
  readonly name: string
  readonly help: string
  readonly arity: "one" | "optional" | "many"
  /**
   * What a value starting with `-` means. `flag`: any dash-led value is an
   * unknown option (E100), so typos never become skill names. `none`: taken
   * as is (a search query after `--`: `skc search s -- --force`).
   */
  readonly refuse: "flag" | "none"
  readonly _value?: V
}

type ValueOf<T> = T extends { readonly _value?: infer V } ? V : never

/** What the handler receives: every argument and flag by its key, as effect/cli and the fast path both give it. */
export type Values<P, F> = { readonly [K in keyof P]: ValueOf<P[K]> } & { readonly [K in keyof F]: ValueOf<F[K]> }

/** Flags every command has. */
export interface CommonFlags {
  readonly format: Flag<string>
  readonly verbose: Flag<boolean>
}

export const flag = {
  boolean: (name: string, help: string, alias?: string): Flag<boolean> => ({ kind: "boolean", name, help, ...(alias ? { alias } : {}) }),
  /** An optional text flag. */
  text: (
    name: string,
    help: string,
    options: { readonly alias?: string; readonly choices?: ReadonlyArray<string>; readonly required?: boolean; readonly placeholder?: string } = {}
  ): Flag<Option.Option<string>> => ({
    kind: "text",
    name,
    help,
    ...options
  }),
  /** A text flag with a default value. */
  textWithDefault: (name: string, help: string, value: string, choices?: ReadonlyArray<string>): Flag<string> => ({
    kind: "text",
    name,
    help,
    default: value,
    ...(choices ? { choices } : {})
  }),
  integer: (name: string, help: string): Flag<Option.Option<number>> => ({ kind: "integer", name, help }),
  float: (name: string, help: string): Flag<Option.Option<number>> => ({ kind: "float", name, help }),
  /** A text flag that may be given several times, in order. */
  repeated: (name: string, help: string, placeholder?: string): Flag<ReadonlyArray<string>> => ({ kind: "repeated", name, help, ...(placeholder ? { placeholder } : {}) })
}

export const arg = {
  one: (name: string, help: string, refuse: Arg["refuse"] = "flag"): Arg<string> => ({ name, help, arity: "one", refuse }),
  optional: (name: string, help: string): Arg<Option.Option<string>> => ({ name, help, arity: "optional", refuse: "flag" }),
  many: (name: string, help: string): Arg<ReadonlyArray<string>> => ({ name, help, arity: "many", refuse: "none" })
}

/** `--format` with its allowed values (unknown values are E100, DECISIONS #32) and `-v/--verbose`. */
export const common = (formats: ReadonlyArray<string> = ["text", "json"]): CommonFlags => ({
  format: flag.textWithDefault("format", "Output format.", formats[0]!, formats),
  verbose: flag.boolean("verbose", "Print resolved paths and timings to stderr (also SKC_VERBOSE=1).", "v")
})

/** What renderers may need besides the result. */
export interface RenderContext {
  readonly cwd: string
  readonly home: string
  /** `-v` on the CLI; always on for MCP (an agent wants the paths). */
  readonly verbose: boolean
  /** ANSI colours allowed (a colour terminal, no NO_COLOR). */
  readonly colour: boolean
  /** The clock at rendering time, for relative dates. */
  readonly now: number
  /** An MCP call of a team server (HTTP): its operator builds the skills, on the server; its clients only read. */
  readonly remote?: boolean
}

/** The CLI's output context: the chosen format and the render context. */
export interface EmitContext extends RenderContext {
  readonly format: string
}

/**
 * The executable part of a command, loaded on demand. `I` is the use case's
 * input, `A` its result. Everything runs on `Live` (src/layers.ts): the
 * compiler refuses a `run` that needs a service `Live` does not provide
 * unless the handler provides it itself.
 */
export interface Handler<V, I, A> {
  /** The use case's input Schema: MCP arguments decode with it, most CLI flags too. */
  readonly input?: Schema.Decoder<I>
  /**
   * The flags as the raw input that `input` decodes (snake_case keys,
   * absent values left out): the usual way, with E100 naming the flag in
   * its CLI spelling (DECISIONS #32).
   */
  toInput?(values: V): Readonly<Record<string, unknown>>
  /** Instead of `toInput`: flags to input by the command's own means and errors. */
  fromFlags?(values: V): Effect.Effect<I, SkcError>
  run(input: I): Effect.Effect<A, SkcError, LiveServices>
  /**
   * For commands that resolve a skill (DECISIONS #17): the logged `args`
   * (DECISIONS #18) from the input and, on success, the result. Logged only
   * when the input names a skill.
   */
  readonly log?: {
    args(input: I, result: A | undefined): Readonly<Record<string, unknown>>
    /** Where the use case put the skill when it decides itself (build). */
    runtimeDir?(result: A): string
    /**
     * The args of the row an interrupted call still writes (a tool run cancelled or stopped by a signal: its
     * program may have run). Without it, an interrupted call leaves no row of its own.
     */
    interrupted?(input: I): Readonly<Record<string, unknown>>
  }
  /** The text rendering (CLI `--format text`, MCP text content). */
  text(result: A, ctx: RenderContext): string
  /** The `--format json` document (default: the result itself). */
  json?(result: A): unknown
  /** Replaces the CLI's default output (text or JSON on stdout): other formats, raw bytes, stderr lines. */
  emit?(result: A, ctx: EmitContext, input: I): Effect.Effect<void, SkcError, LiveServices>
  /**
   * Output the command still owes when its use case fails (the error itself is printed to stderr as
   * always): lint's `--format sarif` writes a SARIF log saying the run failed, so that `> lint.sarif` in CI
   * leaves a document an upload step can read rather than an empty file.
   */
  emitFailure?(error: SkcError, input: I, format: string): Effect.Effect<void, never, LiveServices>
  /** The exit status of a command that succeeded but reports a failure (lint errors, a failed tool). */
  exitStatus?(result: A): number
  /** Where the MCP tool differs from the CLI command. */
  readonly mcp?: {
    /**
     * The MCP input Schema when it is not `input` (lint takes exactly one
     * skill): a narrowing of `I` (a `Decoder` is covariant in its type).
     */
    readonly input?: Schema.Decoder<I>
    /**
     * The Schema of the structured content (the tool's `outputSchema`, extra
     * fields allowed), loaded by the MCP server only: the CLI never builds
     * these Schemas (issue 16).
     */
    readonly output: () => Promise<Schema.Top>
    /** Defaults an MCP call gets where the CLI has none (the outline's result budget). */
    defaults?(input: I): I
    /** The text content when it is not `text`. */
    text?(result: A, ctx: RenderContext): string
    /** The structured content when it is not the JSON document (MCP requires an object). */
    structured?(result: A, ctx: RenderContext): Record<string, unknown>
    /**
     * Guidance the text gives beside the answer (a correction, where to look after an empty answer),
     * added to the structured content as `notices`: Claude Code 2.1.332 and Codex 0.171.0 give their
     * model only the structured content of a successful call.
     */
    notices?(result: A, ctx: RenderContext): ReadonlyArray<string>
    /**
     * Lines about the answer that its text must not hold (a section is given as it is in the file): sent
     * as a text block of their own after it, as a warning is, and added to the structured content's `notices`.
     */
    after?(result: A, ctx: RenderContext): ReadonlyArray<string>
  }
}

/** How the command appears as an MCP tool (RFC-0007:C-COMMANDS "MCP Tool Naming": `skc_<name>`). */
export interface McpHints {
  readonly title: string
  /** Written for an agent: what it returns and when to call it. */
  readonly description: string
  readonly readOnly: boolean
  /** May overwrite something (annotation `destructiveHint`). */
  readonly destructive?: boolean
  readonly idempotent?: boolean
}

export interface CommandSpec<P, F extends CommonFlags, I, A> {
  readonly name: string
  /** Lines of the description, before the examples. */
  readonly summary: ReadonlyArray<string>
  /** Invocations shown in help, each with an optional `# comment`. */
  readonly examples: ReadonlyArray<string>
  /** Positional arguments, in order. */
  readonly args: P
  /** Flags, in help order; `format` and `verbose` are always there. */
  readonly flags: F
  /**
   * The `repeated` flag (its command-line name) that receives every word
   * after `--`, in order: `skc eval … -- my-agent {{query}}` (src/cli/main.ts).
   */
  readonly rest?: string
  /** Well-formed invocations are parsed without effect/cli (src/cli/fast.ts). */
  readonly fast?: boolean
  /**
   * A CLI run may stream much data through little live state (`build`):
   * the runner provides the runtime's HeapTuning (src/ports/HeapTuning.ts),
   * which a build writing its whole index uses to halve its peak memory
   * (issue 44). Never for the MCP server, whose process lives on.
   */
  readonly batch?: boolean
  /** Present for commands that are also MCP tools. */
  readonly mcp?: McpHints
  readonly load: () => Promise<Handler<Values<P, F>, I, A>>
}

/**
 * Any command, as the registry holds it. The handler's members are methods,
 * whose parameters TypeScript compares both ways, so every
 * `CommandSpec<P, F, I, A>` is one of these without a cast or `any`: the
 * generic consumers (the CLI generator, the runner, the MCP tools) pass
 * values they decoded with the handler's own Schemas, and each spec is
 * type-checked against its use case where it is defined (`defineCommand`).
 */
export type AnyCommandSpec = CommandSpec<Readonly<Record<string, Arg>>, CommonFlags & Readonly<Record<string, Flag>>, unknown, unknown>

/** Any handler, as the generic consumers see it (see `AnyCommandSpec`). */
export type AnyHandler = Handler<unknown, unknown, unknown>

/** Identity with inference: ties a spec's flags to its handler's parameter type. */
export const defineCommand = <P extends Record<string, Arg<unknown>>, F extends CommonFlags, I, A>(
  spec: CommandSpec<P, F, I, A>
): CommandSpec<P, F, I, A> => spec
