/**
 * MCP revision 2026-07-28 beside the handshake revisions (issue 48 item 1),
 * at the protocol boundary, in this one module: the MCP SDK in use (1.32)
 * knows revisions up to 2025-11-25 only. `RevisionTransport` sits between
 * a transport (stdio, or one HTTP exchange: httpModern.ts) and the SDK's `Server`, and makes skc a dual-era
 * server (2026-07-28, basic/versioning, "Backward Compatibility with
 * Initialization-Based Versions"):
 *
 * - A request whose `_meta` names `io.modelcontextprotocol/protocolVersion`
 *   `2026-07-28` is a modern request: it needs no handshake, and it must
 *   carry `io.modelcontextprotocol/clientCapabilities` (else -32602,
 *   basic/index "Per-request protocol fields"). Its result gets
 *   `resultType: "complete"`, the server's identity in
 *   `_meta["io.modelcontextprotocol/serverInfo"]`, and, for the cacheable
 *   methods (server/utilities/caching: `server/discover`, `tools/list`,
 *   `prompts/list`, `resources/list`, `resources/templates/list`,
 *   `resources/read`), `ttlMs` and `cacheScope` (`cacheHints`).
 * - `server/discover` (server/discover) answers the supported versions, the
 *   capabilities, the instructions and the identity.
 * - `subscriptions/listen` (basic/patterns/subscriptions) opens a stream of
 *   the list-changed notifications the client asked for and skc sends
 *   (`--watch`): acknowledged first, each notification tagged with the
 *   subscription's id; `notifications/cancelled` ends it, and the end of
 *   input answers it (graceful closure).
 * - A `_meta` version skc does not speak is -32022
 *   `UnsupportedProtocolVersionError` with the supported versions.
 * - Anything else — `initialize` (unless its `_meta` names 2026-07-28: -32601,
 *   a method that revision removed) and the requests after it, a request
 *   without the `_meta` version, or one naming a handshake revision — goes
 *   to the SDK untouched: a 2025-11-25 client sees exactly what it saw
 *   before. `initialize` offering `2026-07-28` is answered with 2025-11-25:
 *   the handshake selects a legacy revision (basic/versioning). A second
 *   `initialize` in a connection that made (or is making) its handshake is
 *   -32600: initialization is the first interaction (basic/lifecycle), and
 *   the revision it negotiated stays.
 *
 * List-changed notifications the SDK sends go to a client that made the
 * handshake as before; without one, only on the subscriptions that asked
 * for them (a modern server "MUST NOT send notification types the client
 * has not explicitly requested").
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import { clientLabel } from "./clientLabel.js"

/**
 * The handshake revision whose clients may send JSON-RPC batches: 2025-03-26 basic/index §Batching,
 * implementations "MUST support receiving JSON-RPC batches"; 2025-06-18 removed them.
 */
export const BATCH_REVISION = "2025-03-26"

/** The stateless revision skc speaks besides the handshake ones. */
export const MODERN_REVISION = "2026-07-28"
/** Every revision skc serves, newest first: the modern one, then the handshake revisions the SDK negotiates. */
export const SUPPORTED_REVISIONS: ReadonlyArray<string> = [MODERN_REVISION, ...SUPPORTED_PROTOCOL_VERSIONS]

/** The per-request `_meta` keys of the revision (basic/index, "Per-request protocol fields"). */
export const PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion"
export const CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities"
const SERVER_INFO = "io.modelcontextprotocol/serverInfo"
const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId"

/** -32022 (basic/index, "Error codes"). */
export const UNSUPPORTED_PROTOCOL_VERSION = -32022
const INVALID_PARAMS = -32602
const METHOD_NOT_FOUND = -32601
const INVALID_REQUEST = -32600

/** Freshness hints of a cacheable result (server/utilities/caching). */
export interface CacheHints {
  readonly ttlMs: number
  readonly cacheScope: "public" | "private"
}

/** The methods whose complete results carry cache hints (server/utilities/caching, "Cacheable Results"). */
export const CACHEABLE_METHODS: ReadonlyArray<string> = [
  "server/discover",
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read"
]

/** What the boundary needs to know of the server it fronts. */
export interface RevisionInfo {
  readonly serverInfo: { readonly name: string; readonly version: string }
  readonly capabilities: Readonly<Record<string, unknown>>
  readonly instructions: string
  /** The hints of a cacheable method's result. */
  readonly cacheHints: (method: string) => CacheHints
}

/** The list-changed notifications a subscription may ask for, by the filter's field. */
const LIST_CHANGED: Readonly<Record<string, string>> = {
  "notifications/tools/list_changed": "toolsListChanged",
  "notifications/prompts/list_changed": "promptsListChanged",
  "notifications/resources/list_changed": "resourcesListChanged"
}

type Id = string | number

interface Message {
  readonly jsonrpc: "2.0"
  readonly id?: Id
  readonly method?: string
  readonly params?: Record<string, unknown>
  readonly result?: Record<string, unknown>
  readonly error?: unknown
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

/**
 * The handshake revisions whose schema makes an error answer's `id` required (`JSONRPCError.id:
 * RequestId`, 2024-11-05 through 2025-06-18): an error for a message whose id cannot be read carries
 * JSON-RPC 2.0's `"id": null` there (JSON-RPC 2.0 §5, "If there was an error in detecting the id …
 * it MUST be Null"). 2025-11-25 and 2026-07-28 make it optional (`JSONRPCErrorResponse.id?:
 * RequestId`, and `RequestId` is a string or an integer, never null; basic/index, "Error Responses":
 * the id is left out "where the ID could not be read"), and the SDK's own `JSONRPCMessageSchema`
 * refuses an error whose id is null: there the id is omitted.
 */
const ID_REQUIRED_REVISIONS: ReadonlyArray<string> = ["2024-10-07", "2024-11-05", "2025-03-26", "2025-06-18"]

/**
 * The `id` member of an error answer to a message whose id could not be read, by the revision the
 * answer is read under: `{ id: null }` for a revision that requires the member, nothing otherwise
 * (none negotiated: the newest revision's rule, as a dual-era server that has made no handshake).
 */
export const unreadableId = (revision: string | undefined): { readonly id?: null } =>
  revision !== undefined && ID_REQUIRED_REVISIONS.includes(revision) ? { id: null } : {}

/** The `id` member of an error answer: the request's id, or, when it could not be read, `unreadableId`'s. */
export const errorIdMember = (id: string | number | null | undefined, revision: string | undefined): { readonly id?: string | number | null } =>
  id === null || id === undefined ? unreadableId(revision) : { id }

const CLIENT_INFO = "io.modelcontextprotocol/clientInfo"
const LOG_LEVEL = "io.modelcontextprotocol/logLevel"
/** `LoggingLevel` (schema 2026-07-28). */
const LOGGING_LEVELS: ReadonlyArray<string> = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"]
/** The members of `ClientCapabilities` (schema 2026-07-28) whose value is an object. */
const CAPABILITY_OBJECTS: ReadonlyArray<string> = ["experimental", "roots", "sampling", "elicitation", "extensions"]

const kindOf = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v)

/**
 * Why a 2026-07-28 request's per-request fields are malformed (-32602 Invalid params), or undefined
 * (schema 2026-07-28 `RequestMetaObject`; basic/index, "Per-request protocol fields"): the version a
 * string; the client's capabilities an object, each capability it declares an object; the optional
 * `clientInfo` an `Implementation` (an object with string `name` and `version`); the optional
 * `logLevel` a `LoggingLevel`; the optional `progressToken` a string or an integer. A field of the
 * wrong type was read as absent (a `clientInfo` of `7`, a `logLevel` of `"loud"`): the request was
 * served as one that did not say it.
 */
export const requestMetaProblem = (meta: unknown): string | undefined => {
  if (!isObject(meta)) return `a ${MODERN_REVISION} request needs params._meta with "${PROTOCOL_VERSION}" and "${CLIENT_CAPABILITIES}"`
  const version = meta[PROTOCOL_VERSION]
  if (version === undefined) return `params._meta needs "${PROTOCOL_VERSION}"`
  if (typeof version !== "string") return `params._meta["${PROTOCOL_VERSION}"] must be a string such as "${MODERN_REVISION}", not ${kindOf(version)}`
  const capabilities = meta[CLIENT_CAPABILITIES]
  if (!isObject(capabilities)) return `a ${MODERN_REVISION} request's params._meta needs "${CLIENT_CAPABILITIES}" (an object)`
  for (const name of CAPABILITY_OBJECTS) {
    const v = capabilities[name]
    if (v !== undefined && !isObject(v)) return `params._meta["${CLIENT_CAPABILITIES}"].${name}: expected object, received ${kindOf(v)}`
  }
  // Each extension's settings are an object (schema: `extensions: { [key: string]: JSONObject }`): `true` was taken.
  const extensions = capabilities.extensions
  if (isObject(extensions)) {
    for (const [key, v] of Object.entries(extensions)) {
      if (!isObject(v)) return `params._meta["${CLIENT_CAPABILITIES}"].extensions["${key}"]: expected object, received ${kindOf(v)}`
    }
  }
  const info = meta[CLIENT_INFO]
  if (info !== undefined) {
    if (!isObject(info)) return `params._meta["${CLIENT_INFO}"]: expected object (an Implementation), received ${kindOf(info)}`
    for (const field of ["name", "version"]) {
      if (typeof info[field] !== "string") return `params._meta["${CLIENT_INFO}"].${field}: expected string, received ${kindOf(info[field])}`
    }
  }
  const level = meta[LOG_LEVEL]
  if (level !== undefined && !(typeof level === "string" && LOGGING_LEVELS.includes(level))) {
    return `params._meta["${LOG_LEVEL}"]: expected one of ${LOGGING_LEVELS.join(", ")}, received ${typeof level === "string" ? JSON.stringify(level) : kindOf(level)}`
  }
  const token = meta.progressToken
  if (token !== undefined && !(typeof token === "string" || (typeof token === "number" && Number.isSafeInteger(token)))) {
    return `params._meta.progressToken: expected string or integer, received ${typeof token === "number" ? String(token) : kindOf(token)}`
  }
  return undefined
}

/**
 * Methods revision 2026-07-28 removed (its changelog: the handshake, `ping`
 * and `logging/setLevel`) that the SDK would still answer: a modern request
 * for one is -32601 on every transport, as for any method the server does
 * not implement (before, stdio answered `ping` while HTTP refused it).
 */
export const REMOVED_METHODS: ReadonlyArray<string> = ["initialize", "ping", "logging/setLevel"]

/**
 * The `_meta` key under which the boundary names the `tools/call` arguments the SDK's schema would
 * drop unseen: zod leaves an own `__proto__` key out of a record, so `{"__proto__": {…}}` reached the
 * tool as no argument at all and the call succeeded, where any other unknown argument is E100. The
 * tool call refuses them as unknown (server.ts); the key is skc's own, and a client that sets it
 * itself only gets that refusal.
 */
export const DROPPED_ARGUMENTS = "skillc/droppedArguments"

/**
 * `args` with the argument names the boundary noted in `meta[DROPPED_ARGUMENTS]` put back as own keys
 * (`Object.fromEntries` defines `__proto__` as one), each with `value`, so that the handler's own check
 * refuses them as the undeclared arguments they are; `args` as it is when none were noted.
 */
export const withDroppedArguments = <V>(args: Readonly<Record<string, V>> | undefined, meta: Readonly<Record<string, unknown>> | undefined, value: V) => {
  const dropped = meta?.[DROPPED_ARGUMENTS]
  if (!Array.isArray(dropped)) return args
  return Object.fromEntries([...Object.entries(args ?? {}), ...dropped.filter((d): d is string => typeof d === "string").map((d) => [d, value] as const)])
}

/** The own keys of tool arguments that a schema parse drops or a plain object would take as its prototype. */
const DROPPED_KEYS: ReadonlyArray<string> = ["__proto__"]

/**
 * A `tools/call` or `prompts/get` with its dropped argument names moved into `_meta[DROPPED_ARGUMENTS]`; any
 * other message as it is. (`prompts/get` too: `{"__proto__": "x"}` was served as no argument, where any other
 * undeclared one is -32602: an MCP probe, seventy-third pass.)
 */
const keepDroppedArguments = (message: Message): Message => {
  const args = message.params?.arguments
  if ((message.method !== "tools/call" && message.method !== "prompts/get") || !isObject(args)) return message
  const dropped = DROPPED_KEYS.filter((k) => Object.hasOwn(args, k))
  if (dropped.length === 0) return message
  const params = message.params!
  const meta = isObject(params._meta) ? params._meta : {}
  return {
    ...message,
    params: {
      ...params,
      arguments: Object.fromEntries(Object.entries(args).filter(([k]) => !dropped.includes(k))),
      _meta: { ...meta, [DROPPED_ARGUMENTS]: dropped }
    }
  }
}

/** The list-changed fields of a `SubscriptionFilter`: booleans (basic/patterns/subscriptions, "Notification Filter"). */
const FILTER_FLAGS: ReadonlyArray<string> = ["toolsListChanged", "promptsListChanged", "resourcesListChanged"]

/**
 * Why a `subscriptions/listen` filter is malformed (-32602), or undefined. `notifications` is required
 * (SubscriptionsListenRequestParams); a flag that is not a boolean (`"yes"`) is refused rather than read
 * as not asked for, which acknowledged a subscription the client did not mean; fields skc does not know
 * are left alone (a later revision's filter).
 */
export const filterProblem = (notifications: unknown): string | undefined => {
  if (notifications === undefined) return "params.notifications is required (a SubscriptionFilter object)"
  if (!isObject(notifications)) return "params.notifications must be an object (a SubscriptionFilter)"
  for (const field of FILTER_FLAGS) {
    const v = notifications[field]
    if (v !== undefined && typeof v !== "boolean") return `params.notifications.${field}: expected boolean, received ${v === null ? "null" : Array.isArray(v) ? "array" : typeof v}`
  }
  const uris = notifications.resourceSubscriptions
  if (uris !== undefined && !(Array.isArray(uris) && uris.every((u) => typeof u === "string"))) {
    return "params.notifications.resourceSubscriptions must be an array of strings"
  }
  return undefined
}

/** A stdio transport that can stop waiting for a request it will not answer until it closes. */
interface Releasing {
  readonly release?: (id: Id) => void
}

export class RevisionTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: Transport["onmessage"]

  /** Modern requests waiting for the SDK's answer: their method, to decorate the result. */
  private readonly modern = new Map<Id, string>()
  /** Open `subscriptions/listen` streams: their id and the list-changed notifications they asked for. */
  private readonly subscriptions = new Map<Id, ReadonlySet<string>>()
  /** Whether a client made the `initialize` handshake (legacy semantics for the process, basic/versioning). */
  private handshake = false
  /** The id of the `initialize` request being answered: its answer names the revision negotiated. */
  private initializeId: Id | undefined
  /** The revision the handshake negotiated (the server's `initialize` answer), once answered. */
  private negotiated: string | undefined

  /** The client the latest 2026-07-28 request named (`_meta` clientInfo, `name/version`): that revision makes no handshake. */
  private modernClient: string | undefined

  /** The client this connection's 2026-07-28 requests name, if they name one (recorded in access rows, issue 49 item 2). */
  namedClient(): string | undefined {
    return this.modernClient
  }

  /** The revision this connection's handshake negotiated, if it made one (batches are 2025-03-26's: BATCH_REVISION). */
  negotiatedRevision(): string | undefined {
    return this.negotiated
  }

  /** The revision an `initialize` asked for, while its answer is still on its way. */
  private requested: string | undefined

  /**
   * The revision an answer is read under: the negotiated one, or while the `initialize` is being answered
   * the one it asked for. A malformed line sent in the same write as `initialize` was answered before the
   * handshake's answer recorded the revision, by the newest revision's rule (no `id`), where the client's
   * 2025-06-18 schema requires `"id": null`.
   */
  answeringRevision(): string | undefined {
    return this.negotiated ?? (this.initializeId !== undefined ? this.requested : undefined)
  }

  constructor(
    private readonly inner: Transport & Releasing,
    private readonly info: RevisionInfo,
    /** `stdio`: subscriptions share the one channel and end with `notifications/cancelled` too (closeSubscriptions). */
    private readonly options: { readonly stdio?: boolean } = {}
  ) {
    inner.onmessage = (message, extra) => this.receive(message as unknown as Message, extra)
    inner.onerror = (e) => this.onerror?.(e)
    inner.onclose = () => void this.closeSubscriptions().finally(() => this.onclose?.())
  }

  start(): Promise<void> {
    return this.inner.start()
  }

  close(): Promise<void> {
    return this.inner.close()
  }

  /** The versions a modern client may name, and the handshake revisions (UnsupportedProtocolVersionError's `supported`). */
  private supported() {
    return [...SUPPORTED_REVISIONS]
  }

  private reply(id: Id, result: Record<string, unknown>): Promise<void> {
    return this.inner.send({ jsonrpc: "2.0", id, result } as unknown as JSONRPCMessage)
  }

  private fail(id: Id, code: number, message: string, data?: unknown): Promise<void> {
    return this.inner.send({ jsonrpc: "2.0", id, error: { code, message, ...(data === undefined ? {} : { data }) } } as unknown as JSONRPCMessage)
  }

  private receive(received: Message, extra: Parameters<NonNullable<Transport["onmessage"]>>[1]) {
    const message = keepDroppedArguments(received)
    const pass = () => this.onmessage?.(message as unknown as JSONRPCMessage, extra)
    if (message.method === undefined) return pass()
    if (message.id === undefined) {
      // `notifications/cancelled` of a subscription ends it (basic/patterns/subscriptions, "Cancellation").
      if (message.method === "notifications/cancelled") {
        const id = message.params?.requestId
        if ((typeof id === "string" || typeof id === "number") && this.subscriptions.delete(id)) return
      }
      return pass()
    }
    const id = message.id
    const meta = isObject(message.params?._meta) ? message.params._meta : undefined
    const version = meta?.[PROTOCOL_VERSION]
    // An `initialize` naming 2026-07-28 in its `_meta` is a modern request (basic/versioning, "Backward
    // Compatibility": a request carrying modern per-request `_meta` is served according to this revision),
    // for a method the revision removed: -32601 below, as `ping`; it makes no handshake and leaves the
    // process out of legacy semantics.
    if (message.method === "initialize" && version !== MODERN_REVISION) {
      // Initialization is a session's first interaction (basic/lifecycle): a second `initialize` once one is
      // answered (or while it is) would renegotiate the revision mid-session, and with it the rules read off
      // it (batches, the id of an unreadable request). Refused as Invalid Request; the session keeps its
      // revision. (Streamable HTTP's SDK transport refuses it on a session already; stdio served it.)
      const current = this.negotiated ?? (this.initializeId !== undefined ? this.requested : undefined)
      if (this.negotiated !== undefined || this.initializeId !== undefined) {
        return void this.fail(
          id,
          INVALID_REQUEST,
          `Invalid Request: the session is already initialized${current === undefined ? "" : ` (protocol version ${current})`}; initialize is only its first request`
        )
      }
      this.handshake = true
      this.initializeId = id
      const asked = (message.params as { readonly protocolVersion?: unknown } | undefined)?.protocolVersion
      this.requested = typeof asked === "string" ? asked : undefined
      return pass()
    }
    if (version === undefined) {
      if (message.method === "server/discover" || message.method === "subscriptions/listen") {
        return void this.fail(id, INVALID_PARAMS, `${message.method} needs params._meta["${PROTOCOL_VERSION}"] (revision ${MODERN_REVISION})`)
      }
      // Per-request fields of this revision (`clientCapabilities`) without its version, in a process no
      // `initialize` put in legacy semantics: a modern request missing a required field, which the
      // revision says to reject with -32602 (basic/index) and the HTTP server did; stdio served it.
      if (!this.handshake && meta !== undefined && Object.keys(meta).some((k) => k.startsWith("io.modelcontextprotocol/"))) {
        return void this.fail(id, INVALID_PARAMS, requestMetaProblem(meta) ?? `${message.method} needs params._meta["${PROTOCOL_VERSION}"] (revision ${MODERN_REVISION})`)
      }
      return pass()
    }
    // A version that is no string is a malformed request (-32602), not a version skc does not speak.
    if (typeof version !== "string") return void this.fail(id, INVALID_PARAMS, requestMetaProblem(meta)!)
    if (version !== MODERN_REVISION && SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return pass()
    if (version !== MODERN_REVISION) {
      return void this.fail(id, UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version", { supported: this.supported(), requested: String(version) })
    }
    // The per-request fields of the wrong type (a clientInfo of 7, a logLevel of "loud") are -32602, not read as absent.
    const problem = requestMetaProblem(meta)
    if (problem !== undefined) return void this.fail(id, INVALID_PARAMS, problem)
    const info = meta?.[CLIENT_INFO]
    if (isObject(info)) this.modernClient = clientLabel(info.name, info.version) ?? this.modernClient
    if (REMOVED_METHODS.includes(message.method)) {
      return void this.fail(id, METHOD_NOT_FOUND, `Method not found: ${message.method} (removed in revision ${MODERN_REVISION})`)
    }
    if (message.method === "server/discover") return void this.reply(id, this.decorate("server/discover", this.discover()))
    if (message.method === "subscriptions/listen") {
      const problem = filterProblem(message.params?.notifications)
      if (problem !== undefined) return void this.fail(id, INVALID_PARAMS, `Invalid params: ${problem}`)
      return this.listen(id, message.params ?? {})
    }
    this.modern.set(id, message.method)
    return pass()
  }

  /** `DiscoverResult` (server/discover). */
  private discover(): Record<string, unknown> {
    return { supportedVersions: this.supported(), capabilities: this.info.capabilities, instructions: this.info.instructions }
  }

  /** A modern result: `resultType`, the server's identity, and the cache hints of a cacheable method. */
  private decorate(method: string, result: Record<string, unknown>): Record<string, unknown> {
    const meta = isObject(result._meta) ? result._meta : {}
    const hints = CACHEABLE_METHODS.includes(method) ? this.info.cacheHints(method) : undefined
    return {
      ...result,
      resultType: typeof result.resultType === "string" ? result.resultType : "complete",
      ...(hints === undefined ? {} : hints),
      _meta: { ...meta, [SERVER_INFO]: this.info.serverInfo }
    }
  }

  /** `subscriptions/listen`: acknowledge the list-changed notifications skc sends, keep the stream open. */
  private listen(id: Id, params: Record<string, unknown>) {
    const asked = isObject(params.notifications) ? params.notifications : {}
    const capabilities = this.info.capabilities as Record<string, { listChanged?: boolean } | undefined>
    const offered: Record<string, string> = {
      toolsListChanged: "tools",
      promptsListChanged: "prompts",
      resourcesListChanged: "resources"
    }
    const honoured: Record<string, true> = {}
    for (const [field, capability] of Object.entries(offered)) {
      if (asked[field] === true && capabilities[capability]?.listChanged === true) honoured[field] = true
    }
    this.subscriptions.set(id, new Set(Object.keys(honoured)))
    // The stream stays open until cancelled or the end of input: the transport does not wait for its answer.
    this.inner.release?.(id)
    void this.inner.send({
      jsonrpc: "2.0",
      method: "notifications/subscriptions/acknowledged",
      params: { _meta: { [SUBSCRIPTION_ID]: id }, notifications: honoured }
    } as unknown as JSONRPCMessage)
  }

  /** Graceful closure: every open subscription is answered before the transport closes. */
  /**
   * Ends every open subscription when the connection's input ends: the completion result ("Graceful
   * Closure", SHOULD), then on stdio `notifications/cancelled` naming the `subscriptions/listen` request
   * (basic/patterns/cancellation: a server MUST send it when it tears a subscription stream down; the
   * schema: on stdio, solely for that). A client that has the result ignores a cancellation of a finished
   * request (cancellation: "MAY arrive after the request has already finished").
   */
  private async closeSubscriptions() {
    const open = [...this.subscriptions.keys()]
    this.subscriptions.clear()
    for (const id of open) {
      await this.reply(id, this.decorate("subscriptions/listen", { _meta: { [SUBSCRIPTION_ID]: id } })).catch(() => {})
      if (this.options.stdio === true) {
        await this.inner
          .send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id, reason: "the server's input ended" } } as unknown as JSONRPCMessage)
          .catch(() => {})
      }
    }
  }

  async send(message: JSONRPCMessage, options?: Parameters<Transport["send"]>[1]): Promise<void> {
    const m = message as unknown as Message
    if (m.method === undefined && m.id !== undefined) {
      if (m.id === this.initializeId) {
        this.initializeId = undefined
        if (typeof m.result?.protocolVersion === "string") this.negotiated = m.result.protocolVersion
      }
      const method = this.modern.get(m.id)
      if (method !== undefined) {
        this.modern.delete(m.id)
        if (isObject(m.result)) return this.inner.send({ ...m, result: this.decorate(method, m.result) } as unknown as JSONRPCMessage, options)
      }
      return this.inner.send(message, options)
    }
    const field = m.method === undefined ? undefined : LIST_CHANGED[m.method]
    if (field === undefined) return this.inner.send(message, options)
    // A list change: to the client of the handshake as before, and on each subscription that asked for it.
    const sends: Array<Promise<void>> = []
    if (this.handshake) sends.push(this.inner.send(message, options))
    for (const [id, fields] of this.subscriptions) {
      if (!fields.has(field)) continue
      const params = isObject(m.params) ? m.params : {}
      const meta = isObject(params._meta) ? params._meta : {}
      sends.push(this.inner.send({ ...m, params: { ...params, _meta: { ...meta, [SUBSCRIPTION_ID]: id } } } as unknown as JSONRPCMessage, options))
    }
    await Promise.all(sends)
  }
}
