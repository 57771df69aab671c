/**
 * What an MCP tool is: one registry entry per command of RFC-0007:C-COMMANDS
 * (name, input Schema, use case, text renderer, read-only flag). The server
 * derives everything else (JSON schemas, validation, errors, logging) from
 * the entry, so adding a tool is adding an entry to `tools.ts`.
 */
import type { Effect, Layer, Schema } from "effect"
import type { SkcError } from "../domain/errors.js"
import type { livePorts } from "../cli/layers.js"
import type { SearchIndex } from "../ports/SearchIndex.js"
import type { UsageHistory } from "../ports/UsageHistory.js"

/** Every service the live layer provides (grows as ports are added to `livePorts`). */
export type LiveServices = Layer.Layer.Success<ReturnType<typeof livePorts>> | SearchIndex | UsageHistory

/** What a text renderer may need besides the result. */
export interface RenderContext {
  readonly cwd: string
  readonly home: string
}

export interface ToolSpec<I, A> {
  /** `skc_<command>` (RFC-0007:C-COMMANDS "MCP Tool Naming"). */
  readonly name: string
  /** The plain command name: what the access log records (DECISIONS #31). */
  readonly command: string
  readonly title: string
  /** Written for an agent: what it returns and when to call it. */
  readonly description: string
  /** The same Effect Schema the CLI decodes its flags with. */
  readonly input: Schema.Schema<I, any, never>
  /** The Schema of the structured content (the `outputSchema`, extra fields allowed). */
  readonly output: Schema.Schema<any, any, never>
  readonly readOnly: boolean
  /** May overwrite something (annotation `destructiveHint`). */
  readonly destructive?: boolean
  readonly idempotent?: boolean
  readonly run: (input: I) => Effect.Effect<A, SkcError, LiveServices>
  readonly text: (result: A, ctx: RenderContext) => string
  /**
   * For tools that resolve a skill (DECISIONS #17): the logged `args`
   * (DECISIONS #18), the same keys the CLI command logs. Absent for
   * init and list, which log nothing.
   */
  readonly log?: {
    readonly args: (input: I, result: A | undefined) => Readonly<Record<string, unknown>>
    /** Where the use case put the skill when it decides itself (build). */
    readonly runtimeDir?: (result: A) => string
  }
  /** The structured content when the JSON document is not an object (MCP requires one). */
  readonly structured?: (result: A) => Record<string, unknown>
}

/** Identity with inference: keeps each entry's input and result types tied together. */
export const defineTool = <I, A>(spec: ToolSpec<I, A>): ToolSpec<any, any> => spec
