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
import { InvalidCursor, pageOf, pageOfBytes, PROMPTS_PAGE_SIZE, RESOURCES_PAGE_SIZE, SKILLS_PAGE_BYTES, SKILLS_PAGE_SIZE } from "./pagination.js"
import { Cause, Context, Effect, Exit, Layer, ManagedRuntime, Option, Ref } from "effect"
import { Env, withWorkingDirectory } from "../ports/Env.js"
import { noWatcher, PendingRebuild, type PendingRebuildService } from "../ports/PendingRebuild.js"
import type { RebuildHub } from "../app/build/watch.js"
import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { noElicitation } from "./noElicitation.js"
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  ResultSchema,
  RootsListChangedNotificationSchema,
  type CallToolResult,
  type Tool
} from "@modelcontextprotocol/sdk/types.js"
import { InternalError, type SkcError, type SkcWarning, renderError, renderWarning, renderWarningAs, skcErrorOfCause } from "../domain/errors.js"
import { collectingDiagnostics, type DiagnosticsService } from "../ports/Diagnostics.js"
// Issue 44 item 6: stdout is the protocol; a command's output port writes nothing here.
import { discardingOutput } from "../ports/Output.js"
import {
  Live,
  PooledConnectionsLive,
  PortsLive,
  ProcessRunnerLive,
  SearchIndexLive,
  StampedDiskMemoLive,
  WatchedFreshnessLive,
  type LiveServices
} from "../layers.js"
import { makeSettingsCache, Settings } from "../app/shared/Settings.js"
import { CLIENT_ARGUMENTS, withoutClientArguments } from "./clientArguments.js"
import { CallerRole, generateRunId, loggedCall, RunId, type Caller } from "../app/usage/accessLog.js"
import { OnDemandIndexing } from "../app/build/indexing.js"
import { callToolEffect, loadTools, toolDefinition, unexpectedArgument, type McpTool } from "./tools.js"
import { ANSWERS_WITH_PATHS, clientTextFor, mapPathFields, mapStrings, NOT_SERVED_REMOTELY, remoteArgumentProblem, remoteDefinition, unservedToolRefusal, writeToolRefusal } from "./remoteCalls.js"
import { operatorsReason } from "../render/search.js"
import { tellOperatorOfSkipped, tellOperatorOfUnlogged, toolErrorText, type OperatorLine, type ToolErrorContext } from "./toolErrors.js"
import { operatorChannel } from "./operatorChannel.js"
import {
  getSkillEntry,
  listSkillEntries,
  listSkillResources,
  NotServed,
  servedListSignature,
  withToolStep,
  readSkillDirectory,
  readSkillResource
} from "./skillResources.js"
import { LineTransport } from "./transport.js"
import { MAX_RESPONSE_BYTES, readableSchemaFailure } from "./limits.js"
import { openStep, stepText } from "../domain/nextStep.js"
import { BATCH_REVISION, DROPPED_ARGUMENTS, isObject, MODERN_REVISION, PROTOCOL_VERSION, RevisionTransport, withDroppedArguments, type CacheHints, type RevisionInfo } from "./revision.js"
import { getSkillPrompt, listSkillPrompts, promptArgumentsFor } from "./prompts.js"
import { agentOfClient } from "./clientAgent.js"
import { projectOfRoots, validRoots } from "./roots.js"
import { REMOTE_SKILL_SCOPES, SKILL_SCOPES, type SkillScopeName } from "./skillUri.js"
import { inNoProject } from "../app/skills/index.js"
import { resolve } from "node:path"
import { clientLabel } from "./clientLabel.js"
import { ListSnapshots, pageFromSnapshot } from "./listSnapshots.js"

/** Room left in an answer for the JSON-RPC envelope and the revision's `_meta` around a tool's result. */
const ENVELOPE_BYTES = 64 * 1024

/**
 * A tool's result that would not fit in one answer (MAX_RESPONSE_BYTES) as a tool error the agent can act
 * on (MCP: a tool execution error is a result with `isError: true`), where the transport replaced the whole
 * answer with a protocol error whose advice named no call: `skc_open` of a 4.3 MiB text file (its text is
 * in the content and in the structured content) was -32603. For `skc_open`, the call that reads its head.
 */
const withinResponseLimit = (tool: string, args: unknown, result: CallToolResult): CallToolResult => {
  if (result.isError === true) return result
  const bytes = Buffer.byteLength(JSON.stringify(result), "utf8")
  if (bytes + ENVELOPE_BYTES <= MAX_RESPONSE_BYTES) return result
  const a = (typeof args === "object" && args !== null ? args : {}) as { readonly skill?: unknown; readonly path?: unknown }
  const size = `${(bytes / 1048576).toFixed(1)} MiB`
  const step =
    tool === "skc_open" && typeof a.skill === "string" && typeof a.path === "string"
      ? `read its first lines with: ${stepText(openStep(a.skill, a.path, 100), "tools")}`
      : "ask for less (max_lines, limit, max_bytes, a narrower path)"
  return { content: [{ type: "text", text: `error: the answer of ${tool} is ${size}, more than skc mcp sends in one answer (${(MAX_RESPONSE_BYTES / 1048576).toFixed(1)} MiB); ${step}` }], isError: true }
}

export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills"

/** Freshness hints of the extension's results: skc re-reads on every request, so nothing should be cached. */
const CACHE_HINTS = { ttlMs: 0, cacheScope: "private" } as const

/**
 * A message as one line of the operator's log, at most 300 characters. A schema failure the SDK
 * reports as its raw validation dump (`Uncaught error in notification handler: [ { "expected": … } ]`,
 * for `notifications/cancelled` without params) is read as the requests' are (`readableSchemaFailure`):
 * `… handler: Invalid params: params: expected object, received undefined`.
 */
export const oneLogLine = (message: string): string => {
  // The SDK's words for an answer whose client had closed its connection (an agent that gave up, a `curl` cut
  // short): said as what happened to the request, not as the transport's internals.
  const gone = /^Failed to send response: Error: No connection established for request ID: (.{1,64})$/.exec(message.trim())
  if (gone !== null) return `request ${gone[1]}: the client closed its connection before the answer; the answer was dropped`
  const dump = /^([^[]*?)(\[[\s\S]*\])\s*$/.exec(message)
  const readable = dump === null ? undefined : readableSchemaFailure(dump[2]!)
  const line = (readable === undefined ? message : `${dump![1]}${readable}`).replace(/\s+/g, " ").trim()
  return line.length > 300 ? `${line.slice(0, 299)}…` : line
}

/** `a`, `a and b`, `a, b and c`. */
const listed = (xs: ReadonlyArray<string>): string => (xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`)

/**
 * The server's instructions, naming only the tools it serves (`--only`, and an HTTP session's read-only
 * set): an agent told to call a tool `tools/list` does not have gets `Unknown tool` for following them.
 */
export const instructionsFor = (served: ReadonlySet<string>, remote = false): string => {
  const has = (t: string) => served.has(t)
  const reading = (
    [
      ["skc_list", "to see the skills"],
      ["skc_outline", "to see a skill's sections"],
      ["skc_show", "to read one section"],
      ["skc_search", "to find text"]
    ] as const
  ).filter(([t]) => has(t))
  const runtimeWhat: Readonly<Record<string, string>> = { skc_discover: "find", skc_match: "pick", skc_load: "load" }
  const runtime = Object.keys(runtimeWhat).filter(has)
  const sentences = [
    "skc serves Agent Skills.",
    reading.length > 0 ? `Call ${listed(reading.map(([t, what]) => `${t} ${what}`))}.` : "",
    has("skc_open") ? "skc_open reads any file of a skill." : "",
    has("skc_lint") ? "skc_lint checks a skill." : "",
    runtime.length > 0 ? `${listed(runtime)} show${runtime.length === 1 ? "s" : ""} what an agent runtime would ${listed(runtime.map((t) => runtimeWhat[t]!))}.` : "",
    "Every file of every skill is also a resource: skill://<scope>/<name>/<path>, the scope being " +
      (has("skc_list") ? "the one skc_list shows " : "") +
      // An HTTP session serves none of the account's own skills (global, agent-user): no scope it never lists.
      `(${remote ? "project, agent-project or plugin" : "project, global, agent-project, agent-user or plugin"}); start with skill://<scope>/<name>/SKILL.md.`
  ]
  return sentences.filter((s) => s !== "").join(" ")
}

/**
 * Where the warnings of the request being served go. The ports are built
 * once for the session's lifetime (file system, path, environment, hasher:
 * stateless, nothing cached), and their Diagnostics forwards to the
 * collector of the current request, so concurrent requests never mix
 * their warnings.
 */
const CurrentDiagnostics = Context.Reference<DiagnosticsService>("skillc/mcp/CurrentDiagnostics", {
  defaultValue: () => collectingDiagnostics(false).service
})
const forwardingDiagnostics: DiagnosticsService = {
  warn: (w) => Effect.flatMap(Effect.service(CurrentDiagnostics), (d) => d.warn(w)),
  verbose: (m) => Effect.flatMap(Effect.service(CurrentDiagnostics), (d) => d.verbose(m)),
  isVerbose: false
}

/**
 * How long a call waits for the on-demand indexing of a foreign skill before
 * answering E002 "being indexed, try again in a moment" (issue 29 item 3);
 * well inside the usual 60 s request timeout of MCP clients.
 */
const FOREIGN_INDEX_WAIT_MS = 20_000

/** What a session keeps between its calls, besides the ports (issue 44 item 2: one layer per session). */
interface SessionParts {
  /** The directory the session serves (its project, DECISIONS #47): its Env's `cwd`, moved by the client's roots. */
  readonly directory: Ref.Ref<string>
  /** --watch: a call finding a watched skill's index stale waits for its rebuild (issue 29 item 5). */
  readonly pending: PendingRebuildService
}

/**
 * The services of one session (issue 44 item 2): the ports, built once for
 * the session (file system, path, hasher: stateless, nothing cached), with
 * the session's own Env — its working directory is the session's project,
 * never the process's — and what the session keeps between calls; its file
 * watchers and SQLite connection pools (issue 16) are closed with its scope.
 */
const SessionLive = (parts: SessionParts) =>
  Layer.mergeAll(
    Layer.effect(
      Env,
      Effect.map(Effect.service(Env), (env) => withWorkingDirectory(env, () => Ref.getUnsafe(parts.directory)))
    ),
    // Staleness state kept between calls under file watchers (issue 16); DECISIONS #22 holds: see src/ports/SourceFreshness.ts.
    WatchedFreshnessLive,
    // The skills in scope, kept while what was read to find them is unchanged (issue 25, src/ports/DiskMemo.ts).
    StampedDiskMemoLive,
    Layer.succeed(PendingRebuild, parts.pending),
    // Issue 29 item 3: one indexing of a foreign skill at a time, shared by the calls that need it; a call waits a bounded time.
    Layer.succeed(OnDemandIndexing, { running: new Map(), waitMillis: FOREIGN_INDEX_WAIT_MS })
  ).pipe(Layer.provideMerge(PortsLive({ diagnostics: forwardingDiagnostics, output: discardingOutput })), Layer.merge(PooledConnectionsLive))

/** Distinct access-log lines a session says on stderr at most (a bound: a log failing at every call says the same line). */
const MAX_TOLD_OPERATOR = 1_000

/**
 * Run a request's effect on the session's services. Settings (project root,
 * stores, config files) are resolved again for every request — the config
 * files parsed again only when they changed (`makeSettingsCache`) — so a
 * project created or a config edited between calls is seen by the next one.
 * Files are read by the use cases themselves on every call, so nothing is
 * served stale; what the session keeps (index freshness under watchers, the
 * skills in scope under stamps) is checked against the disk before each use.
 */
const runLive = (
  runtime: ManagedRuntime.ManagedRuntime<SessionServices, never>,
  caller: () => Caller,
  remote: boolean,
  runIdOf?: (caller: Caller) => Effect.Effect<string>
) => {
  // Config files are re-read only when they changed (issue 16); the stores are computed per request.
  const cached = makeSettingsCache()
  // What befell the access logs (a row that could be written nowhere, a damaged log moved aside) is the
  // operator's news as much as the agent's: said on the server's stderr too, each line once per session. It
  // went to the calling agent alone, and a team server's operator saw nothing while rows went to a fallback
  // its live push never reads (a team-server probe).
  const toldOperator = new Set<string>()
  const tellOperator = (warnings: ReadonlyArray<SkcWarning>) => {
    for (const w of warnings) {
      if (w.code !== "W002" && !(w._tag === "Notice" && /^access log '/.test(w.message))) continue
      const line = renderWarning(w)
      // W002 once per reason (each call names itself: a read-only runtime would say it at every call).
      const key = w._tag === "LoggingDisabled" ? `W002\0${w.noFallback === true}\0${w.why ?? ""}` : line
      if (toldOperator.has(key) || toldOperator.size >= MAX_TOLD_OPERATOR) continue
      toldOperator.add(key)
      process.stderr.write(`skc mcp: ${line}\n`)
    }
  }
  // A remote (HTTP) session serves the project's skills alone: nothing of the account the server runs as,
  // neither its global store nor its agents' user-level directories (docs/team.md, "What a client may ask").
  const settings = remote ? Effect.map(cached, (s) => ({ ...s, stores: { ...s.stores, personal: false } })) : cached
  // `signal`: the request's, aborted when the client cancels it (notifications/cancelled): the effect is
  // interrupted, which ends a tool run's processes as a timeout does (the process runner's interruption).
  return async <A, E>(effect: Effect.Effect<A, E, LiveServices>, options?: { readonly signal?: AbortSignal }) => {
    const diagnostics = collectingDiagnostics(false)
    const who = caller()
    const exit = await runtime.runPromiseExit(
      effect.pipe(
        // Stateless sessions share their project's services: each reader's calls get a run id of their own.
        runIdOf === undefined ? (e: typeof effect) => e : Effect.provideServiceEffect(RunId, runIdOf(who)),
        Effect.provideServiceEffect(Settings, settings),
        Effect.provideService(CurrentDiagnostics, diagnostics.service),
        // DECISIONS #45: an MCP call is an agent's; over HTTP, whose token and which client (issue 49 item 2).
        Effect.provideService(CallerRole, who)
      ),
      options?.signal === undefined ? undefined : { signal: options.signal }
    )
    // Steps named as tool calls, as the errors of a call are (src/mcp/toolErrors.ts).
    tellOperator(diagnostics.warnings)
    return { exit, warnings: diagnostics.warnings.map(renderWarningAs("tools")) }
  }
}

/** What the session's runtime holds: the ports with the session's Env (the rest are Context.References and need no slot). */
type SessionServices = Layer.Success<ReturnType<typeof SessionLive>>

/** Runs a request's effect on the session's ports (see `runLive`). */
type Run = ReturnType<typeof runLive>

const failureOf = (cause: Cause.Cause<unknown>): SkcError => skcErrorOfCause(cause).error

const jsonClean = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value)) as Record<string, unknown>

/**
 * `result` with `lines` said beside the answer: a text block of their own and, on an answer with structured
 * content, its `notices` (an array of strings; the output schemas allow added fields). A client may give its
 * model only one of the two: Claude Code 2.1.332 sends `JSON.stringify(structuredContent)` and drops every
 * text block of a successful call, so a warning or the no-project hint in text alone never reached the model.
 */
export const withNotices = (result: CallToolResult, lines: ReadonlyArray<string>): CallToolResult => {
  if (lines.length === 0) return result
  const content = [...result.content, { type: "text" as const, text: lines.join("\n") }]
  const structured = result.structuredContent
  if (structured === undefined) return { ...result, content }
  const before = Array.isArray(structured.notices) ? (structured.notices as ReadonlyArray<unknown>) : []
  return { ...result, content, structuredContent: { ...structured, notices: [...before, ...lines] } }
}

/**
 * A search's `skipped` as a team server's client reads it: the reasons without the server's paths, and
 * "run 'skc build …'" (a step on the server) said as its operator's, as the text already says it.
 */
const clientSkipped = (structured: unknown, forClient: (text: string) => string): unknown => {
  const s = structured as { readonly skipped?: unknown } | undefined
  if (s === undefined || s === null || typeof s !== "object" || !Array.isArray(s.skipped)) return structured
  const skipped = (s.skipped as ReadonlyArray<Record<string, unknown>>).map((x) =>
    typeof x?.reason === "string" ? { ...x, reason: forClient(operatorsReason(x.reason)) } : x
  )
  return { ...s, skipped }
}

const callTool = async (
  run: Run,
  tool: McpTool,
  args: unknown,
  context: Omit<ToolErrorContext, "tool"> & { readonly agent?: string | undefined }
): Promise<CallToolResult> => {
  const { exit, warnings: said } = await run(callToolEffect(tool, args, { remote: context.remote, agent: context.agent }))
  tellOperatorOfUnlogged(said, args, { ...context, tool: tool.name })
  // A team server's client is told no path of the server (README, docs/team.md): what skc says (warnings, errors,
  // why a skill was skipped) with the project's paths written relative and the home as `~`; a skill's own text
  // (show, open) is served exactly as written.
  const forClient = context.remote ? clientTextFor(context.project) : (text: string) => text
  const warnings = said.map(forClient)
  if (Exit.isSuccess(exit)) {
    const { text, structured, after } = exit.value
    tellOperatorOfSkipped(structured, { ...context, tool: tool.name })
    const skipped = context.remote ? clientSkipped(structured, forClient) : structured
    if (context.remote && ANSWERS_WITH_PATHS.has(tool.name)) {
      return withNotices({ content: [{ type: "text", text: forClient(text) }], structuredContent: mapStrings(jsonClean(skipped), forClient) as Record<string, unknown> }, [...after, ...warnings])
    }
    // Every other tool's places on disk too (skc_load's `path`, skc_match's results): the skill's own text stays as written.
    const structuredContent = context.remote ? (mapPathFields(jsonClean(skipped), forClient) as Record<string, unknown>) : jsonClean(skipped)
    return withNotices({ content: [{ type: "text", text }], structuredContent }, [...after, ...warnings])
  }
  const error = failureOf(exit.cause)
  if (error._tag === "InternalError") process.stderr.write(`skc mcp: ${tool.name}: ${error.text}\n`)
  return withNotices({ content: [{ type: "text", text: forClient(toolErrorText(error, { ...context, tool: tool.name })) }], isError: true }, warnings)
}

/**
 * Resource requests: NotServed becomes -32602 (the extension's "Invalid params"), anything else -32603.
 * `notFoundCode`: the code of a NotServed that found nothing at the URI, where the revision asks for
 * another (`resources/read` of a handshake revision: -32002).
 */
const runResource = async <A>(
  run: Run,
  effect: Effect.Effect<A, NotServed | SkcError, LiveServices>,
  uri?: string,
  notFoundCode: number = ErrorCode.InvalidParams,
  /** The session's skc_* tools, for the way on of a skill they read and the extension does not serve. */
  served?: ReadonlySet<string>,
  /** How the error reads to the client: a team server's names no path of the server (`clientTextFor`). */
  forClient: (text: string) => string = (text) => text
): Promise<A> => {
  const { exit, warnings } = await run(effect)
  for (const w of warnings) process.stderr.write(`${w}\n`)
  if (Exit.isSuccess(exit)) return exit.value
  const failure = Cause.findErrorOption(exit.cause)
  if (Option.isSome(failure) && failure.value instanceof NotServed) {
    // The URI asked for goes with the error (2026-07-28 server/resources, "Resource not found": SHOULD).
    const code = failure.value.notFound === true ? notFoundCode : ErrorCode.InvalidParams
    throw new RpcError(code, forClient(withToolStep(failure.value, served, uri)), uri === undefined ? undefined : { uri })
  }
  throw new RpcError(ErrorCode.InternalError, forClient(renderError(failureOf(exit.cause))))
}

/**
 * A JSON-RPC error the SDK sends as is (its McpError would prefix the
 * message with "MCP error <code>:"): the agent sees the exact skc line.
 */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The error's `data` (the SDK sends it when defined). */
    readonly data?: unknown
  ) {
    super(message)
  }
}

const uriParam = (params: unknown): string => {
  const uri = typeof params === "object" && params !== null ? (params as { uri?: unknown }).uri : undefined
  if (typeof uri !== "string") throw new RpcError(ErrorCode.InvalidParams, "params.uri must be a string")
  return uri
}

/** -32002, the handshake revisions' "Resource not found" (the SDK names no such code). */
const RESOURCE_NOT_FOUND = -32002

/**
 * The code of "resource not found" on `resources/read`, by the revision of the request: -32002 for the
 * handshake revisions (2024-11-05 to 2025-11-25 server/resources, "Error Handling": "Resource not found:
 * -32002"), -32602 for a 2026-07-28 request (its server/resources: "MUST return … -32602"). A modern
 * request names its revision in `_meta` (revision.ts); any other is a handshake session's.
 */
const resourceNotFoundCode = (meta: unknown): number =>
  isObject(meta) && meta[PROTOCOL_VERSION] === MODERN_REVISION ? ErrorCode.InvalidParams : RESOURCE_NOT_FOUND

/** What `skc mcp` serves besides the skc_* tools. */
export interface ServeOptions {
  /**
   * `--tools` (issue 8 §6): every tool of the project and global tool skills
   * as `<skill>__<tool>`, run through the same runner and envelope as
   * `skc run`; unapproved and `always_ask` ones are listed and refuse to run.
   */
  readonly skillTools?: boolean
  /** `--output-schemas`: list each tool's `outputSchema` (issue 26 item 3: left out by default). */
  readonly outputSchemas?: boolean
  /** `--only`: the skc_ tools served (the others are neither listed nor called); undefined: all. */
  readonly only?: ReadonlyArray<string>
  /** `--watch`: rebuild the runtime and index of each built store skill when its sources change. */
  readonly watch?: boolean
  /**
   * DECISIONS #47: serve the project the client's MCP roots name (asked after
   * the handshake and on every roots change), else the starting directory.
   * Off when `--project` or `SKILLC_PROJECT` fixed the project.
   */
  readonly followRoots?: boolean
  /**
   * The directory the session starts in (`--project` or `SKILLC_PROJECT`,
   * src/cli/mcpProject.ts), else the process's working directory. It is
   * the session's own (its Env's `cwd`): the process never changes
   * directory (issue 44 item 2).
   */
  readonly project?: string
  /**
   * Issue 49 item 2: the session is an HTTP one (src/mcp/http.ts), opened
   * with the token named here (undefined when the server takes no token):
   * each access row records it as `args.user`, and the client's
   * `clientInfo` as `args.client` (a stdio session records the client too, not a user).
   */
  readonly http?: {
    readonly user: string | undefined
    /**
     * The client as a 2026-07-28 request names itself (`_meta["io.modelcontextprotocol/clientInfo"]`,
     * `name/version`): a stateless session has no handshake; the handshake's `clientInfo` wins when there is one.
     */
    readonly client?: string | undefined
    /** A line for the operator (the server's stderr), at most once a minute per key: what no client can mend (src/mcp/toolErrors.ts). */
    readonly operator?: OperatorLine | undefined
  }
  /**
   * Issue 49: the services of a project shared by many short sessions
   * (`skc mcp --http --stateless`: one session per request), so that a
   * request does not build and tear down the ports, the memos and the
   * SQLite pools; made by `makeSharedServices`, disposed by its owner.
   * The session's `close` leaves them open.
   */
  readonly shared?: SharedServices
}

/** A project's session services, built once and used by many sessions (see `ServeOptions.shared`). */
export interface SharedServices {
  readonly directory: Ref.Ref<string>
  readonly runtime: ManagedRuntime.ManagedRuntime<SessionServices, never>
  /**
   * The run id of each reader (token and client) of the shared services: a stateless request has no session
   * whose run id its rows could carry, and one id per replica mixed every engineer's calls into one run.
   */
  readonly runIdOf: (caller: Caller) => Effect.Effect<string>
}

/** Readers whose run ids a stateless replica keeps at most (past it, the ids start afresh). */
const RUN_IDS_MAX = 4096

/** The services of `project` for many stateless sessions: no roots, no watcher (the directory never moves). */
export const makeSharedServices = (project: string): SharedServices => {
  const directory = Ref.makeUnsafe(resolve(project))
  const runIds = new Map<string, string>()
  const runIdOf = (caller: Caller) =>
    Effect.suspend(() => {
      const key = `${caller.user ?? ""}\0${caller.client ?? ""}`
      const kept = runIds.get(key)
      if (kept !== undefined) return Effect.succeed(kept)
      return Effect.map(generateRunId, (id) => {
        if (runIds.size >= RUN_IDS_MAX) runIds.clear()
        runIds.set(key, id)
        return id
      })
    })
  return { directory, runtime: ManagedRuntime.make(SessionLive({ directory, pending: noWatcher })), runIdOf }
}

/** One connection's session (issue 44 item 2): the SDK's server and what ends it; nothing of it is kept elsewhere. */
export interface McpSession {
  readonly server: Server
  /** The directory the session serves now: its starting directory, or the project its client's roots name. */
  readonly directory: () => string
  /** With --watch, where the session's watch loop and its calls meet (issue 29 item 5). */
  readonly hub: RebuildHub | undefined
  /** Whether the session's directory is in no project (issue 46 item 3). */
  readonly noProject: () => Promise<boolean>
  /** End the session: close its pooled connections and its watchers. */
  readonly close: () => Promise<void>
  /** What revision 2026-07-28's boundary says of the server (issue 48 item 1, revision.ts). */
  readonly revision: RevisionInfo
  /** Run an effect on the session's services (issue 49 item 4: the telemetry endpoint records activations with it). */
  readonly run: Run
  /** Where the session learns the client of requests that make no handshake (a stdio connection's 2026-07-28 ones). */
  readonly clientNamedBy: (source: () => string | undefined) => void
  /**
   * Settles when the session's directory is known: at once with a fixed project; when following roots, once
   * the client's first `roots/list` is answered (or fails), or its handshake declares no roots.
   */
  readonly projectKnown: Promise<void>
}

/** How long a result that cannot change while the process runs may be cached (issue 48 item 1). */
const STATIC_TTL_MS = 3_600_000

/**
 * Issue 48 item 1: the cache hints of a cacheable result (2026-07-28,
 * server/utilities/caching), saying what skc knows. What the process fixes
 * at start — the skc_* tools, the resource templates, the capabilities —
 * is fresh for an hour and the same for everyone (`public`). What is read
 * from disk on each request — skills, their files, prompts, and with
 * `--tools` the tool skills' tools — is stale at once (`ttlMs: 0`) and the
 * user's (`private`): even under `--watch`, which sees only built skills
 * rebuild, an edit elsewhere changes the next answer without notice.
 */
export const cacheHintsOf =
  (options: ServeOptions) =>
  (method: string): CacheHints => {
    const fixed = method === "server/discover" || method === "resources/templates/list" || (method === "tools/list" && options.skillTools !== true)
    return fixed ? { ttlMs: STATIC_TTL_MS, cacheScope: "public" } : CACHE_HINTS
  }

/** The tool-skill tools, listed afresh on every tools/list: an approval or an edit between calls is seen at once. */
const skillToolDefinitions = async (run: Run): Promise<Array<Tool>> => {
  const { mcpToolDescriptors } = await import("../app/tools/mcpTools.js")
  const descriptors = await runResource(run, mcpToolDescriptors)
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
const callSkillTool = async (run: Run, name: string, args: unknown, signal?: AbortSignal): Promise<CallToolResult> => {
  const { callMcpTool } = await import("../app/tools/mcpTools.js")
  const { exit, warnings } = await run(callMcpTool(name, args).pipe(Effect.provide(ProcessRunnerLive)), signal === undefined ? undefined : { signal })
  const warningContent = warnings.length === 0 ? [] : [{ type: "text" as const, text: warnings.join("\n") }]
  // Cancelled by the client: its processes are ended; the SDK sends no answer to a cancelled request.
  if (Exit.isFailure(exit) && signal?.aborted === true) return { content: [{ type: "text", text: `${name}: cancelled` }], isError: true }
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

/**
 * A list answered in one page hands out no cursor, so any cursor a client
 * sends it is one skc did not hand out: invalid params (-32602), as for the
 * paged lists (MCP Pagination: "Invalid cursors SHOULD result in an error
 * with code -32602"), instead of the whole list answered as if it were a
 * later page.
 */
const onePage = (cursor: string | undefined): Record<string, never> => {
  if (cursor !== undefined) throw new RpcError(ErrorCode.InvalidParams, new InvalidCursor(cursor, "this list has one page: ask without a cursor").message)
  return {}
}

/**
 * A page of `list` (of at most `maxBytes` of JSON when given), a cursor skc did not hand out for that list
 * being invalid params (-32602, pagination.ts).
 */
const paged = <A>(list: string, items: ReadonlyArray<A>, cursor: string | undefined, size: number, maxBytes?: number) => {
  try {
    return maxBytes === undefined ? pageOf(list, items, cursor, size) : pageOfBytes(list, items, cursor, size, maxBytes)
  } catch (e) {
    if (e instanceof InvalidCursor) throw new RpcError(ErrorCode.InvalidParams, e.message)
    throw e
  }
}

/**
 * The cursor of an extension method's params (they have no SDK schema to check it). A cursor is a string
 * (schema: `Cursor`), so any other value is invalid params (-32602, MCP Pagination "Error Handling"): a
 * `"cursor": 123` was read as no cursor and answered with the first page.
 */
const cursorParam = (params: unknown): string | undefined => {
  const c = typeof params === "object" && params !== null ? (params as { cursor?: unknown }).cursor : undefined
  if (c === undefined || typeof c === "string") return c
  throw new RpcError(ErrorCode.InvalidParams, `Invalid params: params.cursor: expected string, received ${c === null ? "null" : Array.isArray(c) ? "array" : typeof c}`)
}

/**
 * What the resource template of each scope says (`resources/templates/list`), in `SKILL_SCOPES` order.
 * Skills found in agent skill directories are served too (DECISIONS #38): a repository keeping its skills
 * in .claude/skills has only those, so a client building URIs from templates needs them.
 */
const TEMPLATE_TEXT: Record<SkillScopeName, { readonly title: string; readonly description: string }> = {
  project: {
    title: "A file of a project skill",
    description: "Any file of a skill in the project source store (.skillc/skills/<skill>); SKILL.md is the entry point."
  },
  global: {
    title: "A file of a global skill",
    description: "Any file of a skill in the global source store (~/.skillc/skills/<skill>); SKILL.md is the entry point."
  },
  "agent-project": {
    title: "A file of a skill in a project's agent skills directory",
    description: "Any file of a skill found in an agent's project skills directory (.claude/skills/<skill>, .agents/skills/<skill>, …); SKILL.md is the entry point."
  },
  "agent-user": {
    title: "A file of a skill in a user's agent skills directory",
    description: "Any file of a skill found in an agent's user skills directory (~/.claude/skills/<skill>, …); SKILL.md is the entry point."
  },
  plugin: {
    title: "A file of a plugin's skill",
    description: "Any file of a skill under a configured plugin root (<root>/skills/<skill>); SKILL.md is the entry point."
  }
}

/** What a directory that is no project means for what is served (`where`: "from '<dir>'", "there"). */
export const noProjectFound = (where: string, remote = false): string =>
  `no project found ${where} (no .skillc/ and no project skills directory such as .claude/skills or ` +
  `.agents/skills there or above it), so ${remote ? "no skill is served there" : "only global and user-level skills are served"}`

/**
 * Whether `project` is in no project, checked once without a session (the
 * HTTP server's start, for its operator): the use case the sessions run, on
 * the live layer of that directory. A check that fails says nothing.
 */
export const isNoProject = async (project: string): Promise<boolean> => {
  const exit = await Effect.runPromiseExit(inNoProject.pipe(Effect.provide(Live({ cwd: project, output: discardingOutput }))))
  return Exit.isSuccess(exit) && exit.value
}

/**
 * Issue 46 item 3: what a session with no project says, once, with the first
 * answer that finds nothing, and on stderr at start: clients start servers
 * in `/` or the home directory, where a missing project otherwise looks
 * like a project with no skills.
 */
export const noProjectHint = (directory: string, remote = false): string =>
  `skc mcp: ${noProjectFound(`from '${directory}'`, remote)}. ` +
  (remote
    ? // Over HTTP the client can change nothing of it: the directory is the operator's `--project`, and roots are not followed.
      "This team server's operator names its projects (`--project <dir>`, docs/team.md)."
    : "Name the project: `--project <dir>` in the server's args, `SKILLC_PROJECT=<dir>` in its environment, " +
      "or a client that sends MCP roots (the first file:// root holding .skillc/, .claude/ or a project skills directory such as .agents/skills).")

/** An answer that found nothing: E001, or an empty list of skills or results. */
const findsNothing = (result: CallToolResult): boolean => {
  if (result.isError === true) return result.content.some((c) => c.type === "text" && c.text.startsWith("error[E001]"))
  const s = result.structuredContent as { skills?: unknown; results?: unknown } | undefined
  return (Array.isArray(s?.skills) && s.skills.length === 0) || (Array.isArray(s?.results) && s.results.length === 0)
}

/** How long a request waits for the client's answer to `roots/list` before serving the starting directory. */
const ROOTS_TIMEOUT_MS = 5_000

export const makeServer = async (version: string, options: ServeOptions = {}): Promise<McpSession> => {
  // The session's services are built once, as one layer (SessionLive); settings per request. The
  // session keeps SQLite connections (bounded pools, issue 16) and the staleness watchers between calls.
  const started = resolve(options.project ?? process.cwd())
  const directory = options.shared?.directory ?? Ref.makeUnsafe(started)
  // --watch: the watch loop (serveStdio) and the calls meet here; loaded only when watching.
  const hub = options.watch === true ? (await import("../app/build/watch.js")).makeRebuildHub() : undefined
  const runtime = options.shared?.runtime ?? ManagedRuntime.make(
    SessionLive({ directory, pending: hub?.service ?? noWatcher })
  )
  // A stdio connection's 2026-07-28 requests name their client in `_meta` (no handshake): its transport tells.
  let namedClient: () => string | undefined = () => undefined
  // The client's identity is known once it made the handshake (the SDK's server keeps its clientInfo),
  // over stdio as over HTTP: authors see which agents read (Claude Code, Codex, an editor).
  const caller = (): Caller => {
    const info = server.getClientVersion()
    const client = info === undefined ? (options.http?.client ?? namedClient()) : clientLabel(info.name, info.version)
    return options.http === undefined ? { role: "agent", client } : { role: "agent", user: options.http.user, client }
  }
  const served = runLive(runtime, caller, options.http !== undefined, options.shared?.runIdOf)
  // Requests wait for the roots the client was last asked for (DECISIONS #47).
  let rootsRead: Promise<void> = Promise.resolve()
  const run: Run = async (effect, runOptions) => {
    await rootsRead
    return served(effect, runOptions)
  }
  // A listing's warnings (a skill left out of resources) go to the server's stderr, not to the client, through
  // the operator's once-a-minute channel keyed by the line: a client lists for every session and every page
  // (a team server for every agent's), and each line was written again for each listing.
  const operator = options.http?.operator ?? operatorChannel((line) => void process.stderr.write(`${line}\n`))
  const resourceRun: Run = async (effect) => {
    const result = await run(effect)
    for (const w of result.warnings) operator(`warning\0${w}`, w)
    return { ...result, warnings: [] }
  }
  // A resource request of the session: its errors as the client reads them (a team server's, without its paths).
  const readResource = <A>(effect: Effect.Effect<A, NotServed | SkcError, LiveServices>, uri?: string, notFoundCode?: number, served?: ReadonlySet<string>) =>
    runResource(resourceRun, effect, uri, notFoundCode, served, options.http === undefined ? undefined : (text) => clientTextFor(Ref.getUnsafe(directory))(text))
  const tools = await loadTools()
  const capabilities = {
    // Issue 26 item 4: with --watch the server sees sources change and says so.
    tools: options.watch === true && options.skillTools === true ? { listChanged: true } : {},
    resources: options.watch === true ? { listChanged: true } : {},
    // Issue 48 item 3: the skills a person may invoke, as prompts (slash commands in MCP clients).
    prompts: options.watch === true ? { listChanged: true } : {},
    extensions: { [SKILLS_EXTENSION]: { directoryRead: true } }
  }
  // A remote session (HTTP) serves the tools that read only (src/mcp/remoteCalls.ts).
  const remote = options.http !== undefined
  // `--only` narrows further: an agent that only reads skills is spared the author tools' definitions.
  const servedTools = (remote ? tools.filter((t) => t.hints.readOnly && !NOT_SERVED_REMOTELY.has(t.name)) : tools).filter(
    (t) => options.only === undefined || options.only.includes(t.name)
  )
  const instructions = instructionsFor(new Set(servedTools.map((t) => t.name)), remote)
  const server = new Server({ name: "skillc", version }, { capabilities, instructions, jsonSchemaValidator: noElicitation })
  const revision: RevisionInfo = { serverInfo: { name: "skillc", version }, capabilities, instructions, cacheHints: cacheHintsOf(options) }
  const definitions = servedTools.map((t) => {
    const definition = toolDefinition(t, { outputSchemas: options.outputSchemas === true })
    return remote ? remoteDefinition(definition) : definition
  })
  const byName = new Map(servedTools.map((t) => [t.name, t]))
  const servedNames = new Set(byName.keys())
  const errorContext = () => ({ served: servedNames, remote, operator: options.http?.operator, project: remote ? Ref.getUnsafe(directory) : undefined })
  // The client by the name it gives (the handshake's clientInfo, else a 2026-07-28 request's `_meta`, else over
  // HTTP its User-Agent): Gemini CLI's prompt arguments and the default agent runtime of a call depend on it.
  const clientName = (): string | undefined => server.getClientVersion()?.name ?? caller().client?.replace(/\/[^/]*$/, "")
  /** Whether the session's directory is in no project (the walk up finds no .skillc/ and no agent's project skills directory). */
  const noProject = async (): Promise<boolean> => {
    const { exit } = await run(inNoProject)
    return Exit.isSuccess(exit) && exit.value
  }
  // Issue 46 item 3: said once per session, with the first answer that finds nothing.
  let hinted = false
  const withHint = async (result: CallToolResult): Promise<CallToolResult> => {
    if (hinted || !findsNothing(result) || !(await noProject())) return result
    hinted = true
    return withNotices(result, [noProjectHint(Ref.getUnsafe(directory), remote)])
  }

  server.setRequestHandler(ListToolsRequestSchema, async (request) => ({
    ...onePage(request.params?.cursor),
    tools: options.skillTools ? [...definitions, ...(await skillToolDefinitions(resourceRun))] : definitions
  }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name)
    if (tool === undefined && options.skillTools && request.params.name.includes("__")) {
      // A client's own argument (Gemini CLI's `wait_for_previous`) is the client's, unless the tool declares it.
      // Its parameters are looked up only when the call carries such an argument.
      const args = request.params.arguments
      const properties =
        args !== undefined && CLIENT_ARGUMENTS.some((k) => Object.hasOwn(args, k))
          ? (await skillToolDefinitions(resourceRun)).find((d) => d.name === request.params.name)?.inputSchema.properties
          : undefined
      // An argument the SDK's schema dropped unseen (`__proto__`) is put back as an own key, so the tool's own
      // check refuses it as the unknown parameter it is: it was run without it, where skc_* tools refuse it.
      const given = withoutClientArguments(args, (k) => properties !== undefined && Object.hasOwn(properties, k)) as Readonly<Record<string, unknown>> | undefined
      return callSkillTool(run, request.params.name, withDroppedArguments(given, request.params._meta, null), extra.signal)
    }
    if (tool === undefined && remote && tools.some((t) => t.name === request.params.name && !t.hints.readOnly)) {
      throw new RpcError(ErrorCode.InvalidParams, writeToolRefusal(request.params.name))
    }
    if (tool === undefined && remote && NOT_SERVED_REMOTELY.has(request.params.name)) {
      throw new RpcError(ErrorCode.InvalidParams, unservedToolRefusal(request.params.name))
    }
    if (tool === undefined) {
      throw new RpcError(ErrorCode.InvalidParams, `Unknown tool: '${request.params.name}' (tools: ${[...byName.keys()].join(", ")})`)
    }
    // An argument the boundary kept from the SDK's schema, which drops it unseen (`__proto__`): unknown, as any other.
    const dropped = request.params._meta?.[DROPPED_ARGUMENTS]
    if (Array.isArray(dropped) && typeof dropped[0] === "string") {
      return { content: [{ type: "text", text: renderError(unexpectedArgument(tool, dropped[0])) }], isError: true }
    }
    const refused = remote ? remoteArgumentProblem(request.params.arguments) : undefined
    if (refused !== undefined) return { content: [{ type: "text", text: renderError(refused) }], isError: true }
    return withinResponseLimit(tool.name, request.params.arguments, await withHint(await callTool(run, tool, request.params.arguments, { ...errorContext(), agent: agentOfClient(clientName()) })))
  })

  // Issue 26 item 3: list methods answer a page at a time (src/mcp/pagination.ts); a continuation page reads
  // the list its cursor was cut from (src/mcp/listSnapshots.ts), not the whole catalogue again.
  const listSnapshots = new ListSnapshots()
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const cursor = request.params?.cursor
    const { page, nextCursor } = await pageFromSnapshot(listSnapshots, "resources/list", cursor, () => readResource(listSkillResources), (items) =>
      paged("resources/list", items, cursor, RESOURCES_PAGE_SIZE)
    )
    return { resources: [...page], ...(nextCursor === undefined ? {} : { nextCursor }), ...CACHE_HINTS }
  })
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async (request) => ({
    ...onePage(request.params?.cursor),
    // An HTTP session lists no template of a scope it never serves (a read of skill://global/… is -32602 there).
    resourceTemplates: (remote ? SKILL_SCOPES.filter((scope) => REMOTE_SKILL_SCOPES.includes(scope)) : SKILL_SCOPES).map((scope) => ({
      uriTemplate: `skill://${scope}/{skill}/{+path}`,
      name: `${scope}-skill-file`,
      ...TEMPLATE_TEXT[scope]
    })),
    // Fixed for the process: the same hints whichever revision asks (issue 48 item 1).
    ...revision.cacheHints("resources/templates/list")
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({
    // A read of a skill's file is an agent's read: the use case says whose log gets its row (an `open`).
    contents: [
      await readResource(
        readSkillResource(request.params.uri).pipe(loggedCall({ command: "open", via: "mcp" })),
        request.params.uri,
        resourceNotFoundCode(request.params._meta),
        servedNames
      )
    ],
    ...CACHE_HINTS
  }))

  // Issue 48 item 3: skills as prompts (src/mcp/prompts.ts).
  server.setRequestHandler(ListPromptsRequestSchema, async (request) => {
    // Which client asks: Gemini CLI passes typed words only to required arguments (promptArgumentsFor).
    const client = clientName()
    const prompts = (await readResource(listSkillPrompts)).map(({ name, description, arguments: args }) => ({
      name,
      description,
      arguments: [...promptArgumentsFor(client, args)]
    }))
    const { page, nextCursor } = paged("prompts/list", prompts, request.params?.cursor, PROMPTS_PAGE_SIZE)
    return { prompts: [...page], ...(nextCursor === undefined ? {} : { nextCursor }) }
  })
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const { name } = request.params
    // An argument the SDK's schema dropped unseen (`__proto__`) is put back, so that the prompt's own check
    // refuses it as the undeclared argument it is (-32602), as it does any other.
    const given = withDroppedArguments(request.params.arguments, request.params._meta, "") ?? {}
    // DECISIONS #45: a prompt is invoked by a person; its read of the skill is logged as theirs (role author).
    const invoked = getSkillPrompt(name, given, { skillDir: !remote }).pipe(
      loggedCall({ command: "open", skill: name, argsOf: () => ({ path: "SKILL.md", max_lines: undefined, via: "mcp", prompt: true }) }),
      Effect.provideServiceEffect(
        CallerRole,
        Effect.map(Effect.service(CallerRole), (c) => ({ ...c, role: "author" as const }))
      )
    )
    return (await readResource(invoked)).result
  })

  // The extension's own methods have no SDK schema: they are dispatched here.
  server.fallbackRequestHandler = async (request) => {
    switch (request.method) {
      case "skills/list": {
        const cursor = cursorParam(request.params)
        const { page, nextCursor } = await pageFromSnapshot(listSnapshots, "skills/list", cursor, () => readResource(listSkillEntries), (items) =>
          paged("skills/list", items, cursor, SKILLS_PAGE_SIZE, SKILLS_PAGE_BYTES)
        )
        return { resultType: "complete", skills: [...page], ...(nextCursor === undefined ? {} : { nextCursor }), ...CACHE_HINTS }
      }
      case "skills/get":
        return { resultType: "complete", skill: await readResource(getSkillEntry(uriParam(request.params)), uriParam(request.params), ErrorCode.InvalidParams, servedNames), ...CACHE_HINTS }
      case "resources/directory/read": {
        // Paged as resources/list (the extension: "Pagination mirrors resources/list"), so a cursor skc did not
        // hand out is -32602 rather than ignored; the cache hints as on skills/get, which the official SDK client
        // requires of this result too (it refused the answer without them).
        const uri = uriParam(request.params)
        const { page, nextCursor } = paged(`resources/directory/read ${uri}`, await readResource(readSkillDirectory(uri), uri, ErrorCode.InvalidParams, servedNames), cursorParam(request.params), RESOURCES_PAGE_SIZE)
        return { resultType: "complete", resources: [...page], ...(nextCursor === undefined ? {} : { nextCursor }), ...CACHE_HINTS }
      }
      default:
        throw new RpcError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`)
    }
  }
  let knowProject = () => {}
  const projectKnown = options.followRoots === true ? new Promise<void>((resolve) => (knowProject = resolve)) : Promise.resolve()
  if (options.followRoots === true) {
    const followRoots = () => {
      if (server.getClientCapabilities()?.roots === undefined) return knowProject()
      rootsRead = server
        // Issue 45 item 4: read loosely and check each root on its own (roots.ts), not the SDK's all-or-nothing schema.
        .request({ method: "roots/list" }, ResultSchema, { timeout: ROOTS_TIMEOUT_MS })
        .then((answer) => {
          const { roots, skipped } = validRoots(answer)
          for (const line of skipped) process.stderr.write(`skc mcp: roots/list: ${line}\n`)
          // This session's directory moves; no other session's, and never the process's.
          Effect.runSync(Ref.set(directory, projectOfRoots(roots) ?? started))
        })
        .catch((e: unknown) => void process.stderr.write(`skc mcp: roots/list: ${e instanceof Error ? e.message : String(e)}\n`))
        .finally(knowProject)
    }
    server.oninitialized = followRoots
    server.setNotificationHandler(RootsListChangedNotificationSchema, async () => followRoots())
  }
  // One bounded line each: a malformed notification (`notifications/cancelled` without params) made the SDK
  // report its whole validation dump, dozens of lines per message, into the client's log.
  server.onerror = (error) => void process.stderr.write(`skc mcp: ${oneLogLine(error.message)}\n`)
  // The session's scope: its watchers and connections end with it (disposing twice is a no-op).
  return {
    server,
    directory: () => Ref.getUnsafe(directory),
    hub,
    noProject,
    close: () => (options.shared === undefined ? runtime.dispose() : Promise.resolve()),
    revision,
    run,
    clientNamedBy: (source) => void (namedClient = source),
    projectKnown
  }
}

/** Serve on stdin/stdout until stdin ends. */
export const serveStdio = async (version: string, options: ServeOptions = {}): Promise<void> => {
  const session = await makeServer(version, options)
  const { server } = session
  // Issue 48 item 1: revision 2026-07-28 beside the handshake revisions, at the protocol boundary.
  const lines = new LineTransport()
  const transport = new RevisionTransport(lines, session.revision, { stdio: true })
  session.clientNamedBy(() => transport.namedClient())
  // 2025-03-26 basic/index §Batching: a session on that revision may send batches; later revisions may not.
  // The revision asked for counts while its `initialize` is being answered: a script that wrote its
  // initialize and a batch at once had the batch refused before the answer recorded the revision.
  lines.acceptsBatch = () => transport.answeringRevision() === BATCH_REVISION
  // An error whose request id cannot be read: `"id": null` or no id, by the negotiated revision's schema (revision.ts `unreadableId`).
  lines.revision = () => transport.answeringRevision()
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve()
  })
  await server.connect(transport)
  process.stderr.isTTY && process.stderr.write(`skc mcp: skillc ${version} serving on stdio (Ctrl-D to stop)\n`)
  // Issue 46 item 3: a server started outside any project says so, and how to name one — once the project is
  // known: a server following its client's roots said "no project found from '/'" before the roots named one.
  // A client that never makes the handshake (2026-07-28) is never asked for roots: the line comes after the wait
  // a request would give them.
  let waited: ReturnType<typeof setTimeout> | undefined
  void Promise.race([session.projectKnown, new Promise<void>((resolve) => (waited = setTimeout(resolve, ROOTS_TIMEOUT_MS)))])
    .then(async () => {
      clearTimeout(waited)
      if (await session.noProject()) process.stderr.write(`${noProjectHint(session.directory())}\n`)
    })
    .catch(() => {})
  waited?.unref()
  // `--watch` (issue 12): rebuild served skills as their sources change; lines on stderr (stdout is the protocol).
  // Each rebuild may change the resources (a file added, removed or renamed) and, with --tools, the tools of a
  // tool skill: connected clients are told to list them again (issue 26 item 4).
  const changed = () => {
    void server.sendResourceListChanged().catch(() => {})
    void server.sendPromptListChanged().catch(() => {})
    if (options.skillTools === true) void server.sendToolListChanged().catch(() => {})
  }
  const watching = options.watch === true ? Effect.runPromise(watchProgram(Effect.promise(() => closed), changed, session)) : undefined
  const following = options.watch === true ? followServedList(session, changed) : undefined
  await closed
  following?.stop()
  await watching
  await following?.done
  await session.close()
}

/** How often `--watch` looks whether the served skills changed (the watch loop's own look for new builds is as often). */
const LIST_EVERY_MS = 2_000

/**
 * `--watch`: the served lists looked at every LIST_EVERY_MS, and clients told when they changed. The watch
 * loop announces its own rebuilds; a skill added to a store, a deployed one removed, or a SKILL.md's
 * frontmatter edited in a skill not built changed `skills/list`, `resources/list` and `prompts/list`
 * without a word, though the server declares `listChanged` (and with no skill built at all, never).
 */
const followServedList = (session: McpSession, changed: () => void): { readonly stop: () => void; readonly done: Promise<void> } => {
  let stopped = false
  let wake: (() => void) | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const done = (async () => {
    let last: string | undefined
    while (!stopped) {
      const { exit } = await session.run(servedListSignature)
      // A look that fails (a store renamed at that moment) keeps the last signature for the next look to compare.
      if (Exit.isSuccess(exit)) {
        if (last !== undefined && exit.value !== last) changed()
        last = exit.value
      }
      if (stopped) break
      await new Promise<void>((resolve) => {
        wake = resolve
        timer = setTimeout(resolve, LIST_EVERY_MS)
      })
    }
  })()
  return {
    stop: () => {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
      wake?.()
    },
    done
  }
}

/** The watch loop on its own live layer in the session's directory (settings resolved once: the served stores do not move). */
const watchProgram = (stop: Effect.Effect<void>, changed: () => void, { directory, hub }: McpSession) =>
  Effect.gen(function* () {
    const { watchServedSkills, renderWatchEvent } = yield* Effect.promise(() => import("../app/build/watch.js"))
    const say = (line: string) => Effect.sync(() => void process.stderr.write(`skc mcp: ${line}\n`))
    yield* watchServedSkills({
      onStart: (names) => say(names.length === 0 ? "--watch: no built skill to watch" : `watching ${names.join(", ")}`),
      onEvent: (e) => Effect.andThen(say(renderWatchEvent(e)), e.kind === "rebuild" ? Effect.sync(changed) : Effect.void),
      stop,
      ...(hub === undefined ? {} : { hub })
    }).pipe(Effect.provide(SearchIndexLive), Effect.provide(Live({ cwd: directory(), output: discardingOutput })))
  }).pipe(Effect.catchCause((cause) => Effect.sync(() => void process.stderr.write(`skc mcp: --watch stopped: ${Cause.pretty(cause)}\n`))))
