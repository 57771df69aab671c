/**
 * The MCP tools (RFC-0007:C-COMMANDS, C-MCP-SERVER): one per command spec
 * with `mcp` hints (src/commands/index.ts), each calling the same use case,
 * Schemas and renderers as its CLI command. Nothing here is per-command:
 * adding a tool is adding `mcp` hints to a spec.
 */
import { Clock, Effect, type Schema } from "effect"
import type { Tool } from "@modelcontextprotocol/sdk/types.js"
import { mcpCommandSpecs } from "../commands/index.js"
import type { AnyCommandSpec, AnyHandler, McpHints, RenderContext } from "../commands/spec.js"
import { decodeInput, nullAsUnset, numbersFromText } from "../app/shared/decodeInput.js"
import { declaresProperty, withoutClientArguments } from "./clientArguments.js"
import { Settings } from "../app/shared/Settings.js"
import { InvalidOption } from "../domain/errors.js"
import { logCall } from "../commands/logging.js"
import { toolJsonSchema } from "./jsonSchema.js"

export interface McpTool {
  /** `skc_<command>` (RFC-0007:C-COMMANDS "MCP Tool Naming"). */
  readonly name: string
  /** The plain command name: what the access log records (DECISIONS #31). */
  readonly command: string
  readonly hints: McpHints
  readonly handler: AnyHandler
  /** The handler's `mcp.output`, loaded. */
  readonly output?: Schema.Top
  /**
   * Its `agent` argument names an agent runtime (an enum of the profiles: skc_discover, skc_match,
   * skc_eval, skc_budget, skc_load), which an MCP call may leave to its client (src/mcp/clientAgent.ts).
   * skc_lint's `agent` is a list whose default is the build targets: not that.
   */
  readonly takesAgentRuntime: boolean
}

const toolOf = async (spec: AnyCommandSpec): Promise<McpTool> => {
  const handler = await spec.load()
  const input = handler.mcp?.input ?? handler.input
  const agent = input === undefined ? undefined : (toolJsonSchema(input).properties as Record<string, { readonly enum?: ReadonlyArray<unknown> }> | undefined)?.agent
  return {
    name: `skc_${spec.name}`,
    command: spec.name,
    hints: spec.mcp as McpHints,
    handler,
    ...(handler.mcp === undefined ? {} : { output: await handler.mcp.output() }),
    takesAgentRuntime: Array.isArray(agent?.enum) && agent.enum.includes("claude")
  }
}

/** Every tool with its handler loaded (the server needs their Schemas for `tools/list`). */
export const loadTools = (): Promise<ReadonlyArray<McpTool>> => Promise.all(mcpCommandSpecs.map(toolOf))

/** Tool names, for `--help` and tests. */
export const toolNames = (): ReadonlyArray<string> => mcpCommandSpecs.map((s) => `skc_${s.name}`)

/**
 * The tool's `Tool` definition: JSON Schemas from the handler's Effect
 * Schemas. `tools/list` is read on every connection and costs the agent's
 * context (issue 26 item 3), so by default it carries what a model needs to
 * call a tool: no `outputSchema` (the structured content is sent all the
 * same; `skc mcp --output-schemas` lists the schemas for clients that
 * validate it) and only the annotations that say something: for a
 * read-only tool `destructiveHint` and `idempotentHint` mean nothing (MCP
 * 2025-06-18, ToolAnnotations), and the title is the tool's own.
 */
export const toolDefinition = (t: McpTool, options: { readonly outputSchemas?: boolean } = {}): Tool => {
  const input = t.handler.mcp?.input ?? t.handler.input
  return {
    name: t.name,
    title: t.hints.title,
    description: t.hints.description,
    inputSchema: (input === undefined ? { type: "object" } : toolJsonSchema(input)) as Tool["inputSchema"],
    ...(t.output === undefined || options.outputSchemas !== true ? {} : { outputSchema: toolJsonSchema(t.output, { open: true }) as Tool["outputSchema"] }),
    annotations: t.hints.readOnly
      ? { readOnlyHint: true, openWorldHint: false }
      : {
          readOnlyHint: false,
          destructiveHint: t.hints.destructive ?? false,
          idempotentHint: t.hints.idempotent ?? false,
          openWorldHint: false
        }
  }
}

/**
 * Call a tool: decode the arguments with its Schema (E100 on failure), run
 * and log the use case, and render the text and structured contents.
 */
export const callToolEffect = (t: McpTool, args: unknown, options: { readonly remote?: boolean; readonly agent?: string | undefined } = {}) =>
  Effect.gen(function* () {
    const h = t.handler
    const schema = h.mcp?.input ?? h.input
    // An optional argument sent as `null` is an argument not given (`nullAsUnset`); a number sent as text is the number;
    // a client's own argument (Gemini CLI's `wait_for_previous`) is the client's, not the tool's.
    const decoded =
      schema === undefined
        ? args
        : yield* decodeInput(schema)(numbersFromText(schema.ast, nullAsUnset(schema.ast, withoutClientArguments(args ?? {}, (k) => declaresProperty(schema.ast, k)))))
    // An agent runtime left out is the client's own, when the client is one skc knows (else the CLI's claude).
    const withAgent =
      options.agent !== undefined && t.takesAgentRuntime && (decoded as { readonly agent?: unknown }).agent === undefined
        ? { ...(decoded as object), agent: options.agent }
        : decoded
    const input = h.mcp?.defaults === undefined ? withAgent : h.mcp.defaults(withAgent)
    const result = yield* logCall(t.command, h.log, input, h.run(input), "mcp")
    const { stores } = yield* Settings
    const ctx: RenderContext = { cwd: stores.cwd, home: stores.home, verbose: true, colour: false, now: yield* Clock.currentTimeMillis, remote: options.remote === true }
    const text = (h.mcp?.text ?? h.text)(result, ctx)
    const document: unknown = h.mcp?.structured !== undefined ? h.mcp.structured(result, ctx) : h.json !== undefined ? h.json(result) : result
    // The text's guidance in the structured content too, as `notices` (the output schemas allow added fields).
    const notices = h.mcp?.notices?.(result, ctx) ?? []
    const structured: unknown = notices.length === 0 ? document : { ...(document as Record<string, unknown>), notices }
    return { text, structured, after: h.mcp?.after?.(result, ctx) ?? [] }
  })

/**
 * E100 for an argument the transport boundary took out of a call before the SDK's schema dropped it
 * (`__proto__`: revision.ts `DROPPED_ARGUMENTS`), in the words the decoder uses for any other unknown
 * argument (`limt: is unexpected, expected: "scope" | …`), so it is refused as they are.
 */
export const unexpectedArgument = (t: McpTool, name: string): InvalidOption => {
  const ast = (t.handler.mcp?.input ?? t.handler.input)?.ast
  const keys = ast?._tag === "Objects" ? ast.propertySignatures.map((ps) => JSON.stringify(String(ps.name))) : []
  return new InvalidOption({ message: `${name}: is unexpected, expected: ${keys.length === 0 ? "never" : keys.join(" | ")}` })
}
