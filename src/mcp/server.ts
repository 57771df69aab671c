/**
 * `skc mcp` (RFC-0007:C-MCP-SERVER, C-MCP-OVERVIEW, ADR-0003): an MCP server
 * on stdio built on the SDK's low-level `Server`, so that tool input
 * schemas are the JSON Schemas of the same Effect Schemas the CLI decodes
 * with (the SDK's `registerTool` wants zod shapes).
 *
 * - `initialize`: server name `skillc`, the package version.
 * - `tools/list` / `tools/call`: the registry of `tools.ts`. Arguments are
 *   decoded with the tool's Schema (invalid → `isError` with
 *   `error[E100]: invalid option: '…'`), the use case runs on a fresh live
 *   layer (settings re-resolved, files re-read: nothing is served stale),
 *   and the result comes back as readable text plus `structuredContent`
 *   (the `--format json` document). A use-case failure is `isError: true`
 *   with the exact `error[EXXX]` lines; an unknown tool is JSON-RPC -32602.
 * - Resources and the Skills extension (io.modelcontextprotocol/skills):
 *   see skillResources.ts and docs/mcp-skills-extension.md.
 *
 * stdout carries JSON-RPC only; diagnostics go to stderr.
 */
import { Cause, Effect, Exit, FiberRef, Layer, ManagedRuntime, Option } from "effect"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool
} from "@modelcontextprotocol/sdk/types.js"
import { InternalError, isSkcError, renderError, renderWarning, type SkcError } from "../domain/errors.js"
import { collectingDiagnostics, type DiagnosticsService } from "../ports/Diagnostics.js"
import { basePorts } from "../cli/layers.js"
import { SqliteSearchIndexLive } from "../adapters/sqlite/SqliteSearchIndex.js"
import type { SearchIndex } from "../ports/SearchIndex.js"
import type { UsageHistory } from "../ports/UsageHistory.js"
import { LazySqliteUsageHistoryLayer } from "../adapters/sqlite/LazyUsageHistory.js"
import { loadSettings, Settings } from "../app/Settings.js"
import { decodeInput } from "../app/decodeInput.js"
import { logToolCall } from "./accessLog.js"
import { toolJsonSchema } from "./jsonSchema.js"
import { tools } from "./tools.js"
import type { LiveServices, ToolSpec } from "./toolSpec.js"
import {
  getSkillEntry,
  listSkillEntries,
  listSkillResources,
  NotServed,
  readSkillDirectory,
  readSkillResource
} from "./skillResources.js"
import { LineTransport } from "./transport.js"

export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills"

/** Freshness hints of the extension's results: skc re-reads on every request, so nothing should be cached. */
const CACHE_HINTS = { ttlMs: 0, cacheScope: "private" } as const

const INSTRUCTIONS = [
  "skc serves Agent Skills. Call skc_list to see the skills, skc_outline to see a skill's sections,",
  "skc_show to read one section and skc_search to find text; skc_open reads any file of a skill.",
  "skc_lint checks a skill; skc_discover, skc_match and skc_load show what an agent runtime would find, pick and load.",
  "Every file of every skill is also a resource: skill://<project|global>/<name>/<path>",
  "(start with skill://<scope>/<name>/SKILL.md)."
].join(" ")

/** The `Tool` definitions, computed once: schemas do not change while the server runs. */
export const toolDefinitions = (): Array<Tool> =>
  tools.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: toolJsonSchema(t.input) as Tool["inputSchema"],
    outputSchema: toolJsonSchema(t.output, { open: true }) as Tool["outputSchema"],
    annotations: {
      title: t.title,
      readOnlyHint: t.readOnly,
      destructiveHint: t.readOnly ? false : (t.destructive ?? false),
      idempotentHint: t.idempotent ?? t.readOnly,
      openWorldHint: false
    }
  }))

/**
 * Where the warnings of the request being served go. The ports are built
 * once for the server's lifetime (file system, path, environment, hasher:
 * stateless, nothing cached), and their Diagnostics forwards to the
 * collector of the current request, so concurrent requests never mix
 * their warnings.
 */
const currentDiagnostics = FiberRef.unsafeMake<DiagnosticsService>(collectingDiagnostics(false).service)
const forwardingDiagnostics: DiagnosticsService = {
  warn: (w) => Effect.flatMap(FiberRef.get(currentDiagnostics), (d) => d.warn(w)),
  verbose: (m) => Effect.flatMap(FiberRef.get(currentDiagnostics), (d) => d.verbose(m)),
  isVerbose: false
}

let runtime: ManagedRuntime.ManagedRuntime<Layer.Layer.Success<ReturnType<typeof basePorts>> | SearchIndex | UsageHistory, never> | undefined

/**
 * Run a request's effect. Settings (project root, stores, config files) are
 * resolved again for every request: a project created or a config edited
 * between calls is seen by the next one. Files are read by the use cases
 * themselves on every call, so nothing is served stale.
 */
const runLive = async <A, E>(effect: Effect.Effect<A, E, LiveServices>) => {
  runtime ??= ManagedRuntime.make(Layer.mergeAll(basePorts(false, forwardingDiagnostics), SqliteSearchIndexLive, LazySqliteUsageHistoryLayer))
  const diagnostics = collectingDiagnostics(false)
  const exit = await runtime.runPromiseExit(
    effect.pipe(Effect.provideServiceEffect(Settings, loadSettings()), Effect.locally(currentDiagnostics, diagnostics.service))
  )
  return { exit, warnings: diagnostics.warnings.map(renderWarning) }
}

const failureOf = (cause: Cause.Cause<unknown>): SkcError => {
  const failure = Cause.failureOption(cause)
  if (Option.isSome(failure) && isSkcError(failure.value)) return failure.value
  const squashed = Cause.squash(cause)
  return new InternalError({ message: squashed instanceof Error ? squashed.message : String(squashed), cause: squashed })
}

const jsonClean = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>

export const callTool = async (tool: ToolSpec<any, any>, args: unknown): Promise<CallToolResult> => {
  const program = Effect.gen(function* () {
    const input = yield* decodeInput(tool.input)(args ?? {})
    const result = yield* logToolCall(tool, input as Record<string, unknown>, tool.run(input))
    const { stores } = yield* Settings
    return { result, text: tool.text(result, { cwd: stores.cwd, home: stores.home }) }
  })
  const { exit, warnings } = await runLive(program)
  const warningContent = warnings.length === 0 ? [] : [{ type: "text" as const, text: warnings.join("\n") }]
  if (Exit.isSuccess(exit)) {
    const { result, text } = exit.value
    return {
      content: [{ type: "text", text }, ...warningContent],
      structuredContent: jsonClean(tool.structured ? tool.structured(result) : result)
    }
  }
  const error = failureOf(exit.cause)
  if (error._tag === "InternalError") process.stderr.write(`skc mcp: ${tool.name}: ${error.text}\n`)
  return { content: [{ type: "text", text: renderError(error) }, ...warningContent], isError: true }
}

/** Resource requests: NotServed becomes -32602 (the extension's "Invalid params"), anything else -32603. */
const runResource = async <A>(effect: Effect.Effect<A, NotServed | SkcError, LiveServices>): Promise<A> => {
  const { exit, warnings } = await runLive(effect)
  for (const w of warnings) process.stderr.write(`${w}\n`)
  if (Exit.isSuccess(exit)) return exit.value
  const failure = Cause.failureOption(exit.cause)
  if (Option.isSome(failure) && failure.value instanceof NotServed) {
    throw new RpcError(ErrorCode.InvalidParams, failure.value.message)
  }
  throw new RpcError(ErrorCode.InternalError, renderError(failureOf(exit.cause)))
}

/**
 * A JSON-RPC error the SDK sends as is (its McpError would prefix the
 * message with "MCP error <code>:"): the agent sees the exact skc line.
 */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string
  ) {
    super(message)
  }
}

const uriParam = (params: unknown): string => {
  const uri = typeof params === "object" && params !== null ? (params as { uri?: unknown }).uri : undefined
  if (typeof uri !== "string") throw new RpcError(ErrorCode.InvalidParams, "params.uri must be a string")
  return uri
}

/** What `skc mcp` serves besides the skc_* tools. */
export interface ServeOptions {
  /**
   * `--tools` (issue 8 §6): every tool of the project and global tool skills
   * as `<skill>__<tool>`, run through the same runner and envelope as
   * `skc run`; unapproved and `always_ask` ones are listed and refuse to run.
   */
  readonly skillTools?: boolean
  /** `--watch`: rebuild the runtime and index of each built store skill when its sources change. */
  readonly watch?: boolean
}

/** The tool-skill tools, listed afresh on every tools/list: an approval or an edit between calls is seen at once. */
const skillToolDefinitions = async (): Promise<Array<Tool>> => {
  const { mcpToolDescriptors } = await import("../app/mcpTools.js")
  const descriptors = await runResource(mcpToolDescriptors)
  return descriptors.map((d) => ({
    name: d.name,
    title: d.annotations.title,
    description: d.description,
    inputSchema: d.inputSchema as unknown as Tool["inputSchema"],
    annotations: {
      title: d.annotations.title,
      readOnlyHint: d.annotations.readOnlyHint,
      destructiveHint: !d.annotations.readOnlyHint,
      openWorldHint: d.annotations.openWorldHint
    }
  }))
}

/** Call `<skill>__<tool>`: refusals and tool failures are `isError` results with the envelope as structured content. */
const callSkillTool = async (name: string, args: unknown): Promise<CallToolResult> => {
  const [{ callMcpTool }, { NodeProcessRunnerLive }] = await Promise.all([
    import("../app/mcpTools.js"),
    import("../adapters/node/NodeProcessRunner.js")
  ])
  const { exit, warnings } = await runLive(callMcpTool(name, args).pipe(Effect.provide(NodeProcessRunnerLive)))
  const warningContent = warnings.length === 0 ? [] : [{ type: "text" as const, text: warnings.join("\n") }]
  if (Exit.isFailure(exit)) {
    const error = failureOf(exit.cause)
    process.stderr.write(`skc mcp: ${name}: ${error.text}\n`)
    return { content: [{ type: "text", text: renderError(error) }, ...warningContent], isError: true }
  }
  const r = exit.value
  return {
    content: [{ type: "text", text: r.text }, ...warningContent],
    ...(r.structuredContent !== undefined ? { structuredContent: jsonClean(r.structuredContent) } : {}),
    isError: r.isError
  }
}

export const makeServer = (version: string, options: ServeOptions = {}): Server => {
  const server = new Server(
    { name: "skillc", version },
    {
      capabilities: {
        tools: {},
        resources: {},
        extensions: { [SKILLS_EXTENSION]: { directoryRead: true } }
      },
      instructions: INSTRUCTIONS
    }
  )
  const definitions = toolDefinitions()
  const byName = new Map(tools.map((t) => [t.name, t]))

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: options.skillTools ? [...definitions, ...(await skillToolDefinitions())] : definitions
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name)
    if (tool === undefined && options.skillTools && request.params.name.includes("__")) {
      return callSkillTool(request.params.name, request.params.arguments)
    }
    if (tool === undefined) {
      throw new RpcError(ErrorCode.InvalidParams, `Unknown tool: '${request.params.name}' (tools: ${[...byName.keys()].join(", ")})`)
    }
    return callTool(tool, request.params.arguments)
  })

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: await runResource(listSkillResources),
    ...CACHE_HINTS
  }))
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: "skill://project/{skill}/{+path}",
        name: "project-skill-file",
        title: "A file of a project skill",
        description: "Any file of a skill in the project source store (.skillc/skills/<skill>); SKILL.md is the entry point."
      },
      {
        uriTemplate: "skill://global/{skill}/{+path}",
        name: "global-skill-file",
        title: "A file of a global skill",
        description: "Any file of a skill in the global source store (~/.skillc/skills/<skill>); SKILL.md is the entry point."
      }
    ],
    ...CACHE_HINTS
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
    contents: [await runResource(readSkillResource(request.params.uri))],
    ...CACHE_HINTS
  }))

  // The extension's own methods have no SDK schema: they are dispatched here.
  server.fallbackRequestHandler = async (request) => {
    switch (request.method) {
      case "skills/list":
        return { resultType: "complete", skills: await runResource(listSkillEntries), ...CACHE_HINTS }
      case "skills/get":
        return { resultType: "complete", skill: await runResource(getSkillEntry(uriParam(request.params))), ...CACHE_HINTS }
      case "resources/directory/read":
        return { resultType: "complete", resources: await runResource(readSkillDirectory(uriParam(request.params))) }
      default:
        throw new RpcError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`)
    }
  }
  server.onerror = (error) => void process.stderr.write(`skc mcp: ${error.message}\n`)
  return server
}

/** Serve on stdin/stdout until stdin ends. */
export const serveStdio = async (version: string, options: ServeOptions = {}): Promise<void> => {
  const server = makeServer(version, options)
  const transport = new LineTransport()
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve()
  })
  await server.connect(transport)
  process.stderr.isTTY && process.stderr.write(`skc mcp: skillc ${version} serving on stdio (Ctrl-D to stop)\n`)
  // `--watch` (issue 12): rebuild served skills as their sources change; lines on stderr (stdout is the protocol).
  const watching = options.watch === true ? runLive(watchProgram(Effect.promise(() => closed))) : undefined
  await closed
  await watching
}

const watchProgram = (stop: Effect.Effect<void>) =>
  Effect.gen(function* () {
    const { watchServedSkills, renderWatchEvent } = yield* Effect.promise(() => import("../app/watch.js"))
    const say = (line: string) => Effect.sync(() => void process.stderr.write(`skc mcp: ${line}\n`))
    yield* watchServedSkills({
      onStart: (names) => say(names.length === 0 ? "--watch: no built skill to watch" : `watching ${names.join(", ")}`),
      onEvent: (e) => say(renderWatchEvent(e)),
      stop
    })
  }).pipe(Effect.catchAllCause((cause) => Effect.sync(() => void process.stderr.write(`skc mcp: --watch stopped: ${Cause.pretty(cause)}\n`))))
