/**
 * Revision 2026-07-28 over Streamable HTTP (basic/transports/streamable-http):
 * what `skc mcp --http` does with a request that carries no handshake.
 *
 * The SDK's web transport (1.32) knows only the handshake revisions: with
 * sessions it answers such a request "Server not initialized", without them
 * "Unsupported protocol version: 2026-07-28". So a modern request never
 * reaches it. It is served here, on a session of its own over the shared
 * services (as `--stateless` serves every request), through the same
 * `RevisionTransport` stdio uses: the one place that knows the revision.
 *
 * Which requests are modern (`eraOf`): one whose body names
 * `io.modelcontextprotocol/protocolVersion` in `params._meta`, or whose
 * `MCP-Protocol-Version` header names a version that is not a handshake
 * revision. Everything else (an `initialize`, the requests of a session, a
 * handshake revision's requests) goes to the SDK as before.
 *
 * Before a modern request is served its mirrored headers are checked
 * against its body ("Server Validation"): `MCP-Protocol-Version` equal to
 * the body's version, `Mcp-Method` equal to its method, and for
 * `tools/call`, `prompts/get` and `resources/read` `Mcp-Name` equal to
 * `params.name` / `params.uri` (after the `=?base64?…?=` sentinel is
 * decoded); another method's `Mcp-Name`, when sent, equal to its `uri` or
 * `name` (the Skills extension's `skills/get`). A missing, malformed or different header is 400 with -32020
 * `HeaderMismatch`. skc's tools mark no parameter `x-mcp-header`, so an
 * `Mcp-Param-*` header is not one skc recognises and is ignored.
 *
 * The answer is one JSON object, its HTTP status chosen by its error code
 * (`statusOf`: 400 for -32020/-32021/-32022, 404 for -32601), except for
 * `subscriptions/listen`, whose answer is an SSE stream that stays open
 * (acknowledged first; `X-Accel-Buffering: no`, a comment line as a
 * keep-alive). A client closing the connection before the answer cancels
 * the request (`notifications/cancelled` to the server), and closing a
 * listen stream ends its subscription.
 */
import type { ServerResponse } from "node:http"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import { boundedMessage } from "./limits.js"
import { isObject, PROTOCOL_VERSION, requestMetaProblem } from "./revision.js"

/** -32020 (basic/index, "Error codes"). */
export const HEADER_MISMATCH = -32020

/** The methods whose name `Mcp-Name` mirrors, and the parameter it mirrors. */
const NAMED: Readonly<Record<string, "name" | "uri">> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" }

/** How long a listen stream may stay quiet before a keep-alive comment. */
export const KEEP_ALIVE_MS = 25_000

type Headers = Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

/** A header's one value: undefined when absent, or repeated (a repeated header is malformed). */
const single = (headers: Headers, name: string): string | undefined | false => {
  const v = headers[name]
  if (v === undefined) return undefined
  if (typeof v !== "string") return v.length === 1 ? v[0]! : false
  return v
}

/** The version a body's `_meta` names, when it names one. */
const bodyVersion = (message: unknown): unknown => {
  const params = isObject(message) ? message.params : undefined
  const meta = isObject(params) ? params._meta : undefined
  return isObject(meta) ? meta[PROTOCOL_VERSION] : undefined
}

/**
 * Whether a request is of the modern era (served here) or goes to the SDK
 * (`legacy`): its body's `_meta` version, else its `MCP-Protocol-Version`
 * header when that is not a handshake revision. `initialize` is always the
 * handshake's.
 */
export const eraOf = (headers: Headers, message: unknown): "modern" | "legacy" => {
  const header = single(headers, "mcp-protocol-version")
  const modernHeader = typeof header === "string" && !SUPPORTED_PROTOCOL_VERSIONS.includes(header)
  const body = bodyVersion(message)
  // A handshake client's `initialize` names no modern version; one that does asks a method the revision removed.
  if (isObject(message) && message.method === "initialize" && !modernHeader && (body === undefined || (typeof body === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(body)))) {
    return "legacy"
  }
  // A handshake revision named in _meta is the SDK's (RevisionTransport passes it on), unless the header says otherwise.
  if (body !== undefined) return typeof body === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(body) && !modernHeader ? "legacy" : "modern"
  return modernHeader ? "modern" : "legacy"
}

/** `Mcp-Name`'s value as the body would hold it: the Base64 sentinel decoded (Value Encoding). */
export const decodedHeaderValue = (value: string): string | undefined => {
  const m = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value)
  if (m === null) return value.startsWith("=?base64?") && value.endsWith("?=") ? undefined : value
  const bytes = Buffer.from(m[1]!, "base64")
  // Base64 that does not round-trip is malformed, not a value.
  if (bytes.toString("base64").replace(/=+$/, "") !== m[1]!.replace(/=+$/, "")) return undefined
  const text = new TextDecoder("utf-8", { fatal: true })
  try {
    return text.decode(bytes)
  } catch {
    return undefined
  }
}

/** A header value a client may send as is: visible ASCII, space and tab (RFC 9110 field values). */
const plainValue = (value: string): boolean => /^[\t\x20-\x7e]*$/.test(value)

/**
 * The version an `MCP-Protocol-Version` header names when skc speaks no such
 * revision, neither 2026-07-28 nor a handshake one, and the body names none
 * (a body's own version is the transport's to judge): answered -32022
 * "Unsupported protocol version" with the supported list. Such a request was
 * taken for a 2026-07-28 one and refused for a missing `Mcp-Method` header,
 * which said nothing of the version the client got wrong.
 */
export const unknownVersionHeader = (headers: Headers, message: unknown, supported: ReadonlyArray<string>): string | undefined => {
  const header = single(headers, "mcp-protocol-version")
  if (typeof header !== "string" || supported.includes(header) || bodyVersion(message) !== undefined) return undefined
  return header
}

/**
 * Why a modern request's headers do not mirror its body (the message of a
 * -32020), or undefined when they do. `message` is one JSON-RPC message
 * (checked before).
 */
export const headerMismatch = (headers: Headers, message: Record<string, unknown>): string | undefined => {
  const version = single(headers, "mcp-protocol-version")
  const body = bodyVersion(message)
  if (version === false) return "MCP-Protocol-Version is repeated"
  if (version === undefined) return "the MCP-Protocol-Version header is required"
  // A body without its version, or with one that is no string, is a malformed request (-32602, `metaProblem`),
  // not a mismatch: the header '20260728' "did not match" the body's number 20260728 (a probe).
  if (typeof body === "string" && version !== body) return `MCP-Protocol-Version header value '${version}' does not match body value '${String(body)}'`
  // A notification POST has no header requirement beyond the version (this revision defines none).
  if (message.id === undefined) return undefined
  const method = single(headers, "mcp-method")
  if (method === false) return "Mcp-Method is repeated"
  if (method === undefined) return "the Mcp-Method header is required"
  if (method !== message.method) return `Mcp-Method header value '${method}' does not match body value '${String(message.method)}'`
  // Own keys only: `constructor` or `__proto__` as a method read the object's prototype, and was asked for an
  // Mcp-Name header "for constructor" (a hostile probe), where an unknown method is 404 -32601.
  const required = typeof message.method === "string" && Object.hasOwn(NAMED, message.method) ? NAMED[message.method] : undefined
  const params = isObject(message.params) ? message.params : {}
  const name = single(headers, "mcp-name")
  // Another method naming a resource (the Skills extension's `skills/get`, `resources/directory/read`): the
  // header is not required, but one that is sent must agree with the body, which a gateway routes by.
  const field = required ?? (name === undefined ? undefined : typeof params.uri === "string" ? "uri" : typeof params.name === "string" ? "name" : undefined)
  if (field === undefined) return undefined
  const named = params[field]
  // A named field that is no string is the params' problem (-32602 when served), not the header's.
  if (named !== undefined && typeof named !== "string") return undefined
  if (name === false) return "Mcp-Name is repeated"
  if (name === undefined) return `the Mcp-Name header is required for ${String(message.method)}`
  if (!plainValue(name)) return "Mcp-Name holds characters a header value may not"
  const decoded = decodedHeaderValue(name)
  if (decoded === undefined) return `Mcp-Name header value '${name}' is not valid Base64 sentinel encoding`
  if (decoded !== named) return `Mcp-Name header value '${decoded}' does not match body value '${typeof named === "string" ? named : String(named)}'`
  return undefined
}

/** Answered 404 with -32601 over HTTP, as any method the server does not implement (streamable-http, "Protocol Version Header"). */
export { REMOVED_METHODS } from "./revision.js"

/**
 * Why a modern request lacks the per-request fields the revision requires
 * (basic/index, "Per-request protocol fields"), or carries one of the wrong
 * type (`requestMetaProblem`, shared with stdio): `params._meta` with the
 * protocol version and the client's capabilities. Answered 400 with -32602
 * before the request is served.
 */
export const metaProblem = (message: Record<string, unknown>): string | undefined => {
  const params = message.params
  return requestMetaProblem(isObject(params) ? params._meta : undefined)
}

/** The HTTP status of a modern answer: the transport's errors are 400 or 404, every other answer 200. */
export const statusOf = (message: JSONRPCMessage): number => {
  const error = (message as { error?: { code?: unknown } }).error
  const code = error?.code
  if (code === -32020 || code === -32021 || code === -32022) return 400
  if (code === -32601) return 404
  return 200
}

type Id = string | number

/**
 * One HTTP exchange as the `Transport` of a session made for it: the
 * request goes in through `serve`, the answer (or the listen stream) comes
 * out on the response. The session is closed by the caller once `serve`
 * resolves.
 */
export class HttpExchange implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: Transport["onmessage"]

  private id: Id | undefined
  private streaming = false
  private ended = false
  private closed = false
  private keepAlive: NodeJS.Timeout | undefined
  private settle: () => void = () => {}
  private readonly settled = new Promise<void>((resolve) => (this.settle = resolve))

  constructor(private readonly res: ServerResponse) {}

  start = async (): Promise<void> => {}

  /** Deliver the request; resolves when its answer is written or the client went away. */
  serve(message: Record<string, unknown> & { readonly id: Id }): Promise<void> {
    this.id = message.id
    this.res.on("close", () => {
      if (this.ended) return
      // The client closed the response before the answer: that is the request's cancellation (Cancellation).
      this.finish()
      this.onmessage?.({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: message.id, reason: "the client closed the connection" } } as JSONRPCMessage)
    })
    this.onmessage?.(message as unknown as JSONRPCMessage)
    return this.settled
  }

  /** `RevisionTransport` says the request stays open (a `subscriptions/listen`): its answer is an SSE stream. */
  release = (id: Id): void => {
    if (id !== this.id || this.streaming || this.ended) return
    this.streaming = true
    this.res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "x-accel-buffering": "no" })
    this.res.flushHeaders()
    this.keepAlive = setInterval(() => void this.res.write(":\n\n"), KEEP_ALIVE_MS)
    this.keepAlive.unref()
  }

  send = async (message: JSONRPCMessage): Promise<void> => {
    if (this.ended) return
    const m = boundedMessage(message) as JSONRPCMessage & { id?: Id; method?: string }
    const isAnswer = m.method === undefined && m.id === this.id
    if (this.streaming) {
      this.res.write(`event: message\ndata: ${JSON.stringify(m)}\n\n`)
      if (isAnswer) {
        this.finish()
        this.res.end()
      }
      return
    }
    // Notifications about the request (progress, log messages) are not sent on a JSON answer.
    if (!isAnswer) return
    this.finish()
    const text = JSON.stringify(m)
    this.res.writeHead(statusOf(m), { "content-type": "application/json", "content-length": Buffer.byteLength(text) })
    this.res.end(text)
  }

  /** A request being worked on: delivered, not answered, and no listen stream (which the session's close answers). */
  get inFlight(): boolean {
    return this.id !== undefined && !this.ended && !this.streaming && !this.closed
  }

  /** The server stops before the answer: the request is answered with this error instead of a connection ended in silence. */
  answerIfInFlight = async (code: number, message: string): Promise<void> => {
    if (!this.inFlight || this.id === undefined) return
    await this.send({ jsonrpc: "2.0", id: this.id, error: { code, message } } as JSONRPCMessage)
  }

  /** The session closes: an open listen stream is answered first (RevisionTransport does so on `onclose`). */
  close = async (): Promise<void> => {
    if (this.closed) return
    this.closed = true
    this.onclose?.()
    if (!this.ended) {
      this.finish()
      this.res.end()
    }
  }

  private finish() {
    this.ended = true
    if (this.keepAlive !== undefined) clearInterval(this.keepAlive)
    this.settle()
  }
}
