/**
 * `skc mcp --http` (issue 49 item 1): the MCP server over Streamable HTTP
 * (MCP 2026-07-28 basic/transports), on `node:http`.
 *
 * Why the SDK's transport on `node:http` and not Effect's HTTP server: a
 * session is already one `makeServer` (src/mcp/server.ts: its own scope of
 * services, its own project `Ref`, closed by `close()`), an SDK `Server`
 * behind a `Transport`. The SDK's web-standard transport
 * (`WebStandardStreamableHTTPServerTransport`) is that `Transport` for HTTP
 * — session ids, SSE streams, JSON responses, protocol-version headers —
 * so a session over HTTP is the very session stdio serves, and this module
 * is only the HTTP edge: routing, the checks before MCP, and the Node ↔
 * web `Request`/`Response` bridge (a few lines, instead of the SDK's Node
 * wrapper, which would bundle `@hono/node-server` into the server every
 * stdio user loads too). `@effect/platform-node` would add undici and ws to
 * the install and a second request model beside the SDK's.
 *
 * Per request, in order: `/healthz` (200, no check: orchestrators probe by
 * address); Host and Origin (403, httpGuards.ts); the protected-resource
 * metadata (RFC 9728) at `/.well-known/oauth-protected-resource[/…]`; for
 * `/mcp` (and `/mcp/<name>` with several `--project`s): the bearer token
 * when tokens are configured (401 with `WWW-Authenticate: Bearer
 * resource_metadata="…"`, httpAuth.ts), the rate of that identity (429 with
 * `Retry-After`), the body's size (413 over 1 MiB, read no further), its
 * JSON (400 with JSON-RPC -32700; JSON that is not one JSON-RPC message,
 * a batch included, -32600 as over stdio; never a crash); then the SDK's
 * transport. A batch is served only for a client on 2025-03-26 (batch.ts):
 * in a session whose handshake negotiated it, or with `--stateless` without
 * an `MCP-Protocol-Version` header (or naming it); its answers on one SSE
 * stream (`--stateless`: one JSON array), 202 for a batch of notifications,
 * each message that cannot be served answered on its own beside them, each
 * message beyond the first counted against the rate. The refusals of the
 * endpoint itself answer a 2026-07-28 request with `modernRefusalCode`.
 *
 * Sessions: stateful by default — an `initialize` POST opens a session
 * (its own `makeServer`, its own project: `--project`, never the process's
 * working directory), later requests name it with `Mcp-Session-Id`, `DELETE`
 * ends it, and one idle for SESSION_IDLE_MS is closed; at most MAX_SESSIONS
 * at once, and MAX_SESSIONS_PER_TOKEN per token (its least recently used
 * closed for a new one); a full server closes the least recently used
 * session of the token holding the most for a token holding fewer, and
 * refuses (503) when there is none; without tokens (one identity) it closes
 * its least recently used session (sessionRoom.ts). A session belongs to
 * the token that opened it.
 * `--stateless`: every POST is served by a session of its own, closed when
 * answered, so any replica behind a load balancer can answer any request.
 */
import { createServer, type IncomingMessage, type Server as NodeServer, type ServerResponse } from "node:http"
import type { Socket } from "node:net"
import { randomUUID } from "node:crypto"
import { basename } from "node:path"
import { InvalidOption } from "../domain/errors.js"
import { urlHasPassword } from "../domain/config.js"
import { commandLinePasswordNotice, sslModeAlias, sslModeNotice } from "../app/usage/teamDatabase.js"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import { isNoProject, makeServer, makeSharedServices, noProjectFound, type McpSession, type ServeOptions, type SharedServices } from "./server.js"
import { BATCH_REVISION, MODERN_REVISION, RevisionTransport, SUPPORTED_REVISIONS, UNSUPPORTED_PROTOCOL_VERSION, errorIdMember, unreadableId } from "./revision.js"
import { batchAnswer, batchEntries, batchProblem, idOf, refusalText } from "./batch.js"
import { boundedMessage, MAX_REQUEST_BYTES, paramsProblem } from "./limits.js"
import { roomFor } from "./sessionRoom.js"
import { authenticate, type TokenSet } from "./httpAuth.js"
import { clientAddress, corsHeaders, isLoopbackAddress, makeRateLimiter, preflightHeaders, publicHostOf, refusedHostOrOrigin, type HostPolicy } from "./httpGuards.js"
import { MAX_OTLP_BYTES, receiveLogs } from "./otlp.js"
import { startLivePush } from "./livePush.js"
import { stopListening } from "./httpStop.js"
import { eraOf, HEADER_MISMATCH, headerMismatch, HttpExchange, metaProblem, REMOVED_METHODS, unknownVersionHeader } from "./httpModern.js"
import { clientLabel, clientOfUserAgent } from "./clientLabel.js"
import { operatorChannel } from "./operatorChannel.js"

/** What `skc mcp --http` was asked to serve, checked by the command line (src/cli/mcpHttp.ts). */
export interface HttpServeOptions extends Omit<ServeOptions, "project" | "followRoots" | "http"> {
  readonly host: string
  /** 0: any free port (the bound URL is printed on stderr). */
  readonly port: number
  /** The projects served: the first at `/mcp`, each at `/mcp/<its directory's name>`. */
  readonly projects: ReadonlyArray<string>
  /** Required for a non-loopback address; undefined: no token asked. */
  readonly tokens: TokenSet | undefined
  /**
   * `--tokens <file>` read again (SIGHUP, docs/team.md "Adding, rotating or revoking a token"): the new set,
   * or why it cannot be used (the tokens in use are then kept). Undefined: tokens from SKILLC_MCP_TOKENS, or none.
   */
  readonly reloadTokens?: (() => TokenSet | { readonly problem: string }) | undefined
  readonly stateless: boolean
  /** `--allow-host`: host names accepted in Host and Origin besides the loopback ones. */
  readonly allowHosts: ReadonlyArray<string>
  /** Requests a minute per identity; 0: no limit. */
  readonly ratePerMinute: number
  /** `--trust-proxy`: a client's address is the last entry of X-Forwarded-For (httpGuards.ts `clientAddress`). */
  readonly trustProxy?: boolean | undefined
  /** `--log-to <postgres-url>` (issue 49 item 3): push the served skills' new rows there as they happen. */
  readonly logTo?: string | undefined
}

/** Sessions open at once, at most (each holds its services and pools). */
export const MAX_SESSIONS = 256
/**
 * Sessions one token holds at once, at most: a new one closes that token's least recently used session,
 * so one member's agents (or a client that never sends DELETE) cannot take every slot from the others.
 */
export const MAX_SESSIONS_PER_TOKEN = 64
/** Open connections at most (each session's SSE stream holds one). */
export const MAX_CONNECTIONS = 1024
/**
 * Open connections one client address may hold at once. Beyond it a request is answered 503 and its
 * connection closed: 1,024 idle TCP connections from one address (no token needed to open them) shut
 * every other engineer out of a team server, who got a reset and the operator no line.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 256
/** A connection that sends no request for this long is closed (an idle socket holds a slot). */
export const FIRST_REQUEST_MS = 10_000

/** The answer to a first request whose headers are still arriving at FIRST_REQUEST_MS: its id is unread. */
const HEADERS_TOO_SLOW = (() => {
  const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32000, message: `Request Timeout: the request's headers did not arrive within ${FIRST_REQUEST_MS / 1000} s of connecting` } })
  return `HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
})()
/** A session without a request for this long is closed (clients that vanish without DELETE). */
export const SESSION_IDLE_MS = 30 * 60_000
/** Keys of the once-a-minute operator lines kept at most (they name client addresses). */
const TOLD_KEYS_MAX = 4096

const METADATA_PATH = "/.well-known/oauth-protected-resource"

interface Open {
  readonly session: McpSession
  readonly transport: WebStandardStreamableHTTPServerTransport
  /** The session's revision boundary: the revision its handshake negotiated (batches are 2025-03-26's). */
  readonly revision: RevisionTransport
  /** The transport that knows the requests in flight: answered when the session is closed under them. */
  readonly bounded: BoundedTransport
  readonly user: string | undefined
  /** The project it was opened on: its path's (`/mcp/<name>`, or `/mcp` for the first). */
  readonly project: string
  lastUsed: number
}

/**
 * How long a stopping server waits for the requests in flight to be answered before it answers them itself:
 * half of the 2 s that `runServer` (src/cli/runMain.ts) gives the whole stop, so the answers go out before it exits.
 */
export const STOP_GRACE_MS = 1_000
/** The answer of a request still in flight when the grace is over (-32603: the server, not the request, failed). */
export const STOPPING_CODE = -32603
export const STOPPING_MESSAGE = "skc mcp is stopping: the request was not finished; send it again once the server is back"

/**
 * The SDK's web transport with skc's response bound (limits.ts) on every
 * answer, and the requests it has delivered and not yet answered: a server
 * that stops answers those itself (`answerUnanswered`), or its clients
 * would wait on an open stream until their own timeout.
 */
class BoundedTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: Transport["onmessage"]
  private readonly unanswered = new Set<string | number>()
  /** Requests answered here with an error (the session or server closing under them), not by their handler. */
  private readonly answeredHere = new Set<string | number>()
  constructor(
    private readonly inner: WebStandardStreamableHTTPServerTransport,
    live: Set<BoundedTransport>
  ) {
    live.add(this)
    inner.onmessage = (m, extra) => {
      const id = idOf(m)
      if (id !== null && typeof (m as { method?: unknown }).method === "string") this.unanswered.add(id)
      this.onmessage?.(m, extra)
    }
    inner.onerror = (e) => this.onerror?.(e)
    inner.onclose = () => {
      live.delete(this)
      this.onclose?.()
    }
  }
  start = () => this.inner.start()
  close = () => this.inner.close()
  send = (message: JSONRPCMessage, options?: Parameters<Transport["send"]>[1]) => {
    const id = idOf(message)
    if (id !== null && (message as { method?: unknown }).method === undefined) {
      // The handler's late answer to a request this transport already answered (`answerUnanswered`): its client
      // has its answer, and the SDK would report the closed stream as a client gone.
      if (this.answeredHere.has(id)) return Promise.resolve()
      this.unanswered.delete(id)
    }
    return this.inner.send(boundedMessage(message) as JSONRPCMessage, options)
  }
  /** Whether a request it delivered is still waiting for its answer. */
  get busy(): boolean {
    return this.unanswered.size > 0
  }
  /** Answer every request still in flight with `STOPPING_CODE` and `message`, on the stream its client waits on. */
  answerUnanswered = async (message: string = STOPPING_MESSAGE): Promise<void> => {
    for (const id of [...this.unanswered]) {
      // Answered by its handler while an earlier error was being sent: that answer stands.
      if (!this.unanswered.delete(id)) continue
      this.answeredHere.add(id)
      await this.inner.send({ jsonrpc: "2.0", id, error: { code: STOPPING_CODE, message } } as JSONRPCMessage, { relatedRequestId: id }).catch(() => {})
    }
  }
}

/** A 2026-07-28 request's `_meta["io.modelcontextprotocol/clientInfo"]` as `name/version`, when it is well formed. */
const clientOfMeta = (message: unknown): string | undefined => {
  const params = typeof message === "object" && message !== null ? (message as { params?: unknown }).params : undefined
  const meta = typeof params === "object" && params !== null ? (params as { _meta?: unknown })._meta : undefined
  const info = typeof meta === "object" && meta !== null ? (meta as Record<string, unknown>)["io.modelcontextprotocol/clientInfo"] : undefined
  if (typeof info !== "object" || info === null) return undefined
  const { name, version } = info as { name?: unknown; version?: unknown }
  return clientLabel(name, version)
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  if (res.headersSent) return void res.end()
  const text = JSON.stringify(body)
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers })
  res.end(text)
}

/**
 * The revision a request carrying no `MCP-Protocol-Version` header is read under, outside any session:
 * 2025-06-18 basic/transports ("Protocol Version Header"): the server "SHOULD assume protocol version
 * 2025-03-26".
 */
const HEADERLESS_REVISION = "2025-03-26"

/**
 * skc's code for a refusal of the HTTP endpoint itself (401, 403, 405, 429, 503) answered to a 2026-07-28
 * request: -31000 minus the HTTP status (-31401, -31403, -31405, -31429, -31503). Revision 2026-07-28
 * (basic/index, "Error Codes") calls -32000 to -32019 legacy, which "new implementations SHOULD NOT
 * use", reserves -32020 to -32099 for the codes it defines (none of them for these refusals), and asks that
 * codes for other purposes "SHOULD be allocated outside the JSON-RPC reserved range (-32768 to -32000)".
 * A request of a handshake revision keeps the SDK's -32000/-32001, which its clients have seen all along.
 */
export const modernRefusalCode = (status: number): number => -31000 - status

/**
 * A JSON-RPC error answer with the request's id, or, when it could not be read (`null`), the id member
 * `revision`'s schema asks for (revision.ts `unreadableId`: `"id": null` up to 2025-06-18, none after).
 */
const rpcAnswer = (res: ServerResponse, status: number, id: string | number | null, code: number, message: string, headers: Record<string, string> = {}, revision?: string) =>
  json(res, status, { jsonrpc: "2.0", ...errorIdMember(id, revision), error: { code, message } }, headers)

/** A JSON-RPC error outside any request's answer (its id was not read), under `revision`. */
const rpcError = (res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}, revision?: string) =>
  rpcAnswer(res, status, null, code, message, headers, revision)

/**
 * Why a parsed body is not one JSON-RPC 2.0 message, answered as stdio
 * answers it (src/mcp/transport.ts): -32600 Invalid Request, with the
 * request's id when it has a readable one. -32700 is for text that is not
 * JSON. A JSON array is a batch, which MCP dropped in revision 2025-06-18:
 * one message per POST, as one per line over stdio, except for a client on
 * revision 2025-03-26 (`batchOf`).
 */
const notOneMessage = (res: ServerResponse, parsed: unknown, revision: string): void => {
  // A request whose envelope is valid and whose params are not (an object progressToken): -32602, as over stdio.
  const wrongParams = paramsProblem(parsed)
  if (wrongParams !== undefined) return rpcAnswer(res, 400, wrongParams.id, -32602, wrongParams.message)
  const message = Array.isArray(parsed)
    ? "Invalid Request: one JSON-RPC message per request (MCP has no batches since revision 2025-06-18; a client on 2025-03-26 may send them)"
    : "Invalid Request: not a JSON-RPC 2.0 message"
  rpcAnswer(res, 400, idOf(parsed), -32600, message, {}, revision)
}

/** A path segment decoded, or as given when its escapes are malformed (`%E0%A4%A` names no project: 404, not 500). */
const decodedOrSelf = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The largest body an endpoint reads: OTLP log exports have their own limit, MCP requests 1 MiB. */
const bodyLimitOf = (req: IncomingMessage): number => (new URL(req.url ?? "/", "http://x").pathname === "/v1/logs" ? MAX_OTLP_BYTES : MAX_REQUEST_BYTES)

/** A body over the limit: its declared size, or (streamed, read no further) how much had come. */
interface TooLarge {
  readonly tooLarge: number
  readonly streamed: boolean
}

/** "of 2000000 bytes" for a declared size, "over 1048576 bytes" for a streamed body cut off at the limit. */
const sizeOf = (t: TooLarge, limit: number): string => (t.streamed ? `over ${limit} bytes` : `of ${t.tooLarge} bytes`)

/**
 * The body, or why not: over the limit (413) or the connection gone. Never buffers more than the limit,
 * and reads no further than it: a streamed (chunked) body is cut off there, the 413 sent with
 * `connection: close`, and the connection ended soon after it is written (`endAfterAnswer`). Before, the
 * rest was read and dropped: a client could keep a connection uploading for as long as it liked.
 */
const readBody = (req: IncomingMessage): Promise<{ readonly text: string; readonly bytes: Buffer } | TooLarge | undefined> =>
  new Promise((resolve) => {
    const limit = bodyLimitOf(req)
    const declared = Number(req.headers["content-length"] ?? "NaN")
    if (Number.isFinite(declared) && declared > limit) {
      req.resume()
      return resolve({ tooLarge: declared, streamed: false })
    }
    const chunks: Array<Buffer> = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        chunks.length = 0
        req.off("data", onData)
        req.pause()
        return resolve({ tooLarge: size, streamed: true })
      }
      chunks.push(chunk)
    }
    req.on("data", onData)
    req.on("end", () => {
      const bytes = Buffer.concat(chunks)
      resolve({ text: bytes.toString("utf8"), bytes })
    })
    req.on("error", () => resolve(undefined))
    req.on("aborted", () => resolve(undefined))
  })

/** How long the rest of a body over the limit is drained after the 413, before the connection is cut. */
const LINGER_MS = 5_000

/**
 * A body over the limit, declared or streamed: once the 413 is written the connection is closed
 * (`connection: close`), what the client still sends is drained for at most LINGER_MS, then the socket is
 * destroyed. Destroying it at once, with the client still sending, resets the connection: a client that
 * had not read the 413 yet loses it, and one still writing its body fails on EPIPE (fetch's "fetch
 * failed", about one request in five on a loaded machine) instead of reading the 413.
 */
/** Whether a Content-Type's media type (before any parameter, case aside) is JSON's. */
const isJsonMediaType = (header: string | undefined): boolean => (header ?? "").split(";")[0]!.trim().toLowerCase() === "application/json"

const endAfterAnswer = (req: IncomingMessage, res: ServerResponse): void => {
  const socket = req.socket
  // Node's server ends a `connection: close` answer with `socket.destroySoon()`: its FIN, then the socket
  // destroyed as soon as the answer is flushed, the client's bytes still arriving: a reset, which makes the
  // client's kernel drop the 413 it had received and not read yet. Here the FIN goes out and reading goes on.
  socket.destroySoon = () => void socket.end()
  res.once("finish", () => {
    req.resume()
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  })
}

/**
 * The server's public base URL as this request reached it (a TLS proxy says
 * so with X-Forwarded-Proto; the host as `publicHostOf` reads it).
 */
const baseUrlOf = (req: IncomingMessage, listening: string): string => {
  const proto = req.headers["x-forwarded-proto"] === "https" ? "https" : "http"
  return `${proto}://${publicHostOf(req.headers.host, listening)}`
}

/** A Node request as the web `Request` the SDK's transport reads (the body already read and parsed). */
const webRequest = (req: IncomingMessage, base: string, body: string | undefined): Request => {
  const headers = new Headers()
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue
    if (Array.isArray(v)) for (const one of v) headers.append(k, one)
    else headers.set(k, v)
  }
  return new Request(new URL(req.url ?? "/", base), {
    method: req.method ?? "GET",
    headers,
    ...(body === undefined ? {} : { body })
  })
}

/**
 * What is added to the SDK's answer: the error answers of a batch's messages refused before it (JSON
 * texts, each answered beside the others: JSON-RPC 2.0 §6), and the revision the request is read under
 * (the SDK's own refusals carry `"id": null`, which the revisions after 2025-06-18 do not allow).
 */
interface Additions {
  readonly refusals?: ReadonlyArray<string>
  readonly revision?: string
}

/** The SDK's JSON error answer (no id read) in `revision`'s shape: its `"id": null` left out where the schema has no null id. */
const reshapedError = (text: string, revision: string | undefined): string => {
  if ("id" in unreadableId(revision)) return text
  try {
    const m: unknown = JSON.parse(text)
    if (typeof m !== "object" || m === null || Array.isArray(m) || (m as { id?: unknown }).id !== null || !("error" in m)) return text
    const rest: Record<string, unknown> = { ...m }
    delete rest.id
    return JSON.stringify(rest)
  } catch {
    return text
  }
}

/** A body skc rewrote in place of the SDK's: its own length, not the SDK's `content-length`. */
const rewritten = (res: ServerResponse, status: number, headers: Record<string, string>, body: string): void => {
  const { "content-length": _, ...rest } = headers
  res.writeHead(status, { ...rest, "content-length": String(Buffer.byteLength(body)) })
  res.end(body)
}

/** Write the SDK's web `Response` (JSON, or an SSE stream that may stay open) to the Node response, with `more` added. */
const sendWeb = async (res: ServerResponse, response: Response, more: Additions = {}): Promise<void> => {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, key) => {
    headers[key] = value
  })
  // Refusals go with a served answer only: a transport error of the SDK's (406, 415) answers the batch whole.
  const refusals = response.status < 300 ? (more.refusals ?? []) : []
  const isJson = (headers["content-type"] ?? "").startsWith("application/json")
  if (refusals.length > 0 && (response.body === null || isJson)) {
    // A batch whose served messages were notifications (202) or answered as JSON: one array of every answer.
    const text = response.body === null ? "" : await response.text()
    const served: unknown = text === "" ? [] : JSON.parse(text)
    const answers = [...(Array.isArray(served) ? served : [served]).map((a) => JSON.stringify(a)), ...refusals]
    return rewritten(res, 200, { ...headers, "content-type": "application/json" }, batchAnswer(answers))
  }
  if (isJson && response.status >= 400 && response.body !== null) {
    return rewritten(res, response.status, headers, reshapedError(await response.text(), more.revision))
  }
  res.writeHead(response.status, headers)
  if (response.body === null) return void res.end()
  // An event stream (GET's standalone stream) may write nothing for minutes: its status and headers go out
  // now, or the client (and a proxy's read timeout) waits on a 200 that only the first event would send.
  if ((headers["content-type"] ?? "").startsWith("text/event-stream")) res.flushHeaders()
  // A batch's refused messages are answered first on its stream, each as an event of its own.
  for (const r of refusals) res.write(`event: message\ndata: ${r}\n\n`)
  const reader = response.body.getReader()
  // A client gone: the stream is cancelled, so the transport stops writing to it.
  res.on("close", () => void reader.cancel().catch(() => {}))
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      res.write(value)
    }
  } catch {
    // the client went away mid-stream
  }
  res.end()
}

/** Serve until `stop` aborts; resolves once every session is closed and the listener is down. */
export const serveHttp = async (
  version: string,
  options: HttpServeOptions,
  stop: AbortSignal,
  /** Make SIGHUP call the handler instead of ending the run (src/layers.ts `onHangup`); returns its undoing. */
  onHangup?: (handler: () => void) => () => void
): Promise<void> => {
  const say = (line: string) => void process.stderr.write(`skc mcp: ${line}\n`)
  const policy: HostPolicy = { loopback: isLoopbackAddress(options.host), allowed: options.allowHosts.map((h) => h.toLowerCase()) }
  const limiter = makeRateLimiter(options.ratePerMinute)
  const projects = new Map<string, string>(options.projects.map((dir) => [basename(dir), dir]))
  // The bound address as a URL writes it, and with its port (set once bound) for a request whose Host header cannot be used.
  const shown = options.host.includes(":") ? `[${options.host}]` : options.host
  let listening = shown
  const sessions = new Map<string, Open>()
  let tokens = options.tokens
  /** Every legacy transport serving now (sessions and stateless requests): their requests in flight are answered on stop. */
  const serving = new Set<BoundedTransport>()

  // --stateless: a session per request, over services built once per project (ports, memos, SQLite pools).
  const shared = new Map<string, SharedServices>()
  const sharedOf = (project: string) => {
    let s = shared.get(project)
    if (s === undefined) shared.set(project, (s = makeSharedServices(project)))
    return s
  }
  const sessionOptions = (project: string, user: string | undefined, stateless: boolean, client?: string): ServeOptions => ({
    ...(options.skillTools === undefined ? {} : { skillTools: options.skillTools }),
    ...(options.outputSchemas === undefined ? {} : { outputSchemas: options.outputSchemas }),
    ...(options.only === undefined ? {} : { only: options.only }),
    project,
    http: { user, client, operator: tell },
    ...(stateless ? { shared: sharedOf(project) } : {})
  })

  /** A session and its transport, connected. */
  const open = async (project: string, user: string | undefined, stateless: boolean, client?: string) => {
    const session = await makeServer(version, sessionOptions(project, user, stateless, client))
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: stateless ? undefined : () => randomUUID(),
      // Stateless: one answer per POST, no stream to keep.
      enableJsonResponse: stateless,
      // Known as soon as the id is made, before the answer that carries it is sent: the client's next request finds it.
      onsessioninitialized: (id) => void sessions.set(id, { session, transport, revision, bounded, user, project, lastUsed: Date.now() }),
      onsessionclosed: (id) => void closeSession(id)
    })
    // Kept with the session (`onsessioninitialized`, called once the transport serves the initialize request).
    const bounded = new BoundedTransport(transport, serving)
    const revision = new RevisionTransport(bounded, session.revision)
    await session.server.connect(revision)
    return { session, transport }
  }

  /**
   * Close a session; `why`, when it is closed under its client (a token removed, room made for another): the
   * requests it has in flight are answered first, with -32603 and why, on the streams their client waits on.
   * Before, such a request's stream ended empty (200, no message) and the agent waited until its own timeout.
   */
  const closeSession = async (id: string, why?: string) => {
    const o = sessions.get(id)
    if (o === undefined) return
    sessions.delete(id)
    if (why !== undefined) await o.bounded.answerUnanswered(`skc mcp closed this session: ${why}; the request was not finished`)
    await o.transport.close().catch(() => {})
    await o.session.close().catch(() => {})
  }

  /** A line for the operator about `what`, at most once a minute (a client retrying in a loop would flood the log). */
  const tell = operatorChannel(say)
  /**
   * Refused requests (401, 429) told to the operator: a client with a
   * wrong or missing token, or one over its rate, is otherwise invisible
   * on the server (its user sees only "Unauthorized"). One line a minute
   * for each kind and address, with how many were refused since the last.
   */
  const refusedSince = new Map<string, number>()
  const tellRefused = (what: string, line: string) => {
    if (refusedSince.size >= TOLD_KEYS_MAX) refusedSince.clear()
    const count = (refusedSince.get(what) ?? 0) + 1
    refusedSince.set(what, count)
    // The first line of a kind is about one request; a later one counts what came since the line before.
    const text = tell.toldBefore(what) ? `${line} (${count} refused since the last line)` : line
    if (tell(what, text)) refusedSince.delete(what)
  }

  /** A new session of `user`: the one it takes the place of closed first (sessionRoom.ts: its token's limit, a full server's fair share). */
  const makeRoomFor = async (user: string | undefined) => {
    const room = roomFor(
      [...sessions].map(([id, o]) => ({ id, user: o.user, lastUsed: o.lastUsed })),
      user,
      MAX_SESSIONS,
      MAX_SESSIONS_PER_TOKEN
    )
    if (room._tag !== "Close") return
    if (room.why === "full") {
      tell("sessions", `${MAX_SESSIONS} sessions are open: the least recently used is closed for each new one (clients that never send DELETE leave theirs open)`)
    } else if (room.why === "token-limit") {
      tell(`token:${room.owner}`, `token '${room.owner}' holds ${MAX_SESSIONS_PER_TOKEN} sessions: its least recently used is closed for each new one (clients that never send DELETE leave theirs open)`)
    } else {
      tell(`share:${room.owner}`, `${MAX_SESSIONS} sessions are open: token '${room.owner}' holds the most, and its least recently used is closed for each new session of a token holding fewer`)
    }
    await closeSession(room.id, "the server made room for a newer session; open a new session and send the request again")
  }

  /**
   * SIGHUP: the token file read again. A token removed from it is refused (401) from the next request on, and
   * the sessions its name opened are closed; a token added is served; the sessions of the names kept carry on.
   * A file that cannot be read or has a bad line changes nothing: the operator is told, the tokens in use stay.
   */
  const reloadTokens = (reread: NonNullable<HttpServeOptions["reloadTokens"]>) => {
    const next = reread()
    if ("problem" in next) {
      say(`SIGHUP: tokens not reloaded, the ${tokens?.entries.length ?? 0} in use are kept: ${next.problem}`)
      return
    }
    tokens = next
    const names = new Set(next.entries.map((e) => e.name))
    const revoked = [...sessions].filter(([, o]) => o.user !== undefined && !names.has(o.user)).map(([id]) => id)
    for (const id of revoked) void closeSession(id, "its token was removed from the server's token file")
    say(`SIGHUP: ${next.entries.length} token(s) reloaded${revoked.length === 0 ? "" : `; ${revoked.length} session${revoked.length === 1 ? "" : "s"} of removed tokens closed`}`)
  }
  // Registered before anything this start-up awaits (the first --log-to push can take seconds): a reload
  // sent meanwhile (`systemctl reload`) reads the file instead of ending the server.
  const reread = options.reloadTokens
  const undoHangup = reread === undefined ? undefined : onHangup?.(() => reloadTokens(reread))

  // Issue 49 item 3: the rows written since the last push go to the team store every LOG_TO_INTERVAL_MS.
  if (options.logTo !== undefined) {
    // As `sync --to` says them: a long-lived server's arguments are readable by every user of the machine for its whole life.
    const alias = sslModeAlias(options.logTo)
    if (alias !== undefined) say(`warning: ${sslModeNotice(alias)}`)
    if (urlHasPassword(options.logTo)) say(`warning: ${commandLinePasswordNotice("--log-to")}`)
  }
  const live = options.logTo === undefined ? undefined : await startLivePush(version, options.logTo, options.projects, say)


  const sweep = setInterval(() => {
    const now = Date.now()
    for (const [id, o] of sessions) if (now - o.lastUsed > SESSION_IDLE_MS) void closeSession(id)
  }, 60_000)
  sweep.unref()

  /**
   * The revision a request is read under, for the answers skc gives it outside its server's: 2026-07-28 for
   * a modern request (its body's `_meta`, or an `MCP-Protocol-Version` header naming no handshake
   * revision: `eraOf`); else the revision its session's handshake negotiated; else the one its header
   * names; else 2025-03-26, as a server assumes without the header (`HEADERLESS_REVISION`).
   */
  const revisionOf = (req: IncomingMessage, parsed?: unknown): string => {
    if (eraOf(req.headers, parsed) === "modern") return MODERN_REVISION
    const id = req.headers["mcp-session-id"]
    const negotiated = options.stateless || typeof id !== "string" ? undefined : sessions.get(id)?.revision.negotiatedRevision()
    if (negotiated !== undefined) return negotiated
    const header = req.headers["mcp-protocol-version"]
    return typeof header === "string" ? header : HEADERLESS_REVISION
  }

  /**
   * A refusal of the endpoint itself (401, 403, 405, 429, 503; the request's id unread): `legacyCode`
   * (-32000/-32001, the SDK's) for a handshake revision's request, `modernRefusalCode` for a 2026-07-28 one.
   */
  /** `id`: the request's own when its body was read (JSON-RPC: an error answers the id it could read, not null). */
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, legacyCode: number, message: string, headers: Record<string, string> = {}, id: string | number | null = null) => {
    const revision = revisionOf(req)
    rpcAnswer(res, status, id, revision === MODERN_REVISION ? modernRefusalCode(status) : legacyCode, message, headers, revision)
  }

  /**
   * 401. A bearer token that was presented and refused is also named in the challenge, as RFC 6750 §3.1 asks
   * (`error="invalid_token"`, with `error_description`): clients show the challenge, not the body (Codex
   * 0.171.0 printed only `AuthRequired(… resource_metadata=…)`, which reads as "log in", not "your token is
   * wrong"). A request with no bearer token gets no error code (§3.1: "SHOULD NOT include an error code").
   */
  const unauthorized = (req: IncomingMessage, res: ServerResponse, why: string, invalidToken: boolean) =>
    refuse(req, res, 401, -32001, `Unauthorized: ${why}`, {
      "www-authenticate":
        `Bearer resource_metadata="${baseUrlOf(req, listening)}${METADATA_PATH}${new URL(req.url ?? "/", "http://x").pathname}"` +
        (invalidToken ? `, error="invalid_token", error_description="${why}"` : "")
    })

  /** The rate's answer for `identity` making `count` requests: true once 429 is sent. */
  const overRate = (req: IncomingMessage, res: ServerResponse, identity: string, label = identity, count = 1): boolean => {
    const wait = limiter.take(identity, count)
    if (wait > 0) {
      tellRefused(`429 ${identity}`, `429: ${label} is over --rate ${options.ratePerMinute} requests a minute`)
      refuse(req, res, 429, -32000, `Too many requests: try again in ${wait} s`, { "retry-after": String(wait) })
    }
    return wait > 0
  }

  /** The client's address: the peer's, or behind a trusted proxy the one it saw. */
  const addressOf = (req: IncomingMessage) => clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], options.trustProxy === true)
  /** Whom the rate counts: the token's name, else the client's address. */
  const identityOf = (req: IncomingMessage, user: string | undefined) => user ?? `address ${addressOf(req)}`
  const labelOf = (user: string | undefined) => (user === undefined ? undefined : `token '${user}'`)

  /**
   * A JSON array POSTed: a batch, served only for a client on revision 2025-03-26 (batch.ts; later revisions
   * have none): a session whose handshake negotiated it, or, with `--stateless` (no session to ask), a
   * request whose `MCP-Protocol-Version` header is absent (a 2025-03-26 client sends none) or names it.
   * Else refused whole, as before. An empty batch or one too long is refused whole; otherwise each message
   * is checked on its own, and one that cannot be served gets its own error answer beside the answers of
   * the others (JSON-RPC 2.0 §6), as over stdio: `refusals`, answered with what the SDK's transport
   * answers for the rest (`served`). Its messages beyond the first count against the rate. `undefined`
   * once answered here.
   */
  const batchOf = (
    req: IncomingMessage,
    res: ServerResponse,
    user: string | undefined,
    items: ReadonlyArray<unknown>
  ): { readonly served: ReadonlyArray<unknown>; readonly refusals: ReadonlyArray<string> } | undefined => {
    const id = req.headers["mcp-session-id"]
    const o = options.stateless || typeof id !== "string" ? undefined : sessions.get(id)
    const header = req.headers["mcp-protocol-version"]
    const accepted = options.stateless
      ? header === undefined || header === BATCH_REVISION
      : // Not this token's 2025-03-26 session (none, an unknown one, another token's, a later revision): refused as before.
        o !== undefined && o.user === user && o.revision.negotiatedRevision() === BATCH_REVISION
    if (!accepted) return void notOneMessage(res, items, revisionOf(req))
    const problem = batchProblem(items)
    if (problem !== undefined) return void rpcError(res, 400, -32600, problem, {}, BATCH_REVISION)
    if (items.length > 1 && overRate(req, res, identityOf(req, user), labelOf(user), items.length - 1)) return undefined
    const served: Array<unknown> = []
    const refusals: Array<string> = []
    batchEntries(items).forEach((entry, at) => {
      if ("message" in entry) served.push(entry.message)
      else if ("refusal" in entry) {
        refusals.push(refusalText({ ...entry.refusal, message: `${entry.refusal.message} (message ${at + 1} of the batch)` }))
      }
      // `sharedWith`: answered by the refusal of the first message with its id.
    })
    // Nothing of it can be served: the batch is refused, each message with its own answer.
    if (served.length === 0) return void json(res, 400, JSON.parse(batchAnswer(refusals)))
    return { served, refusals }
  }

  /** The token's name (undefined without tokens), or `false` once refused (401, 429: answered here). */
  const admit = (req: IncomingMessage, res: ServerResponse): string | undefined | false => {
    const user = tokens === undefined ? undefined : authenticate(tokens, req.headers.authorization)
    if (tokens !== undefined && user === undefined) {
      // Refused requests count against their address too: guessing tokens is held to the rate as any client is.
      const address = addressOf(req)
      if (overRate(req, res, `refused ${address}`, `${address} (refused tokens)`)) return false
      const given = req.headers.authorization
      const bearer = given !== undefined && /^Bearer\s/i.test(given)
      const why =
        given === undefined
          ? "a bearer token is required"
          : bearer
            ? "the bearer token is not valid"
            : `the token must be sent as 'Authorization: Bearer <token>' (the header uses the ${JSON.stringify(given.split(/\s/)[0]!.slice(0, 20))} scheme)`
      tellRefused(`401 ${address}`, `401: a request from ${address}: ${why}`)
      unauthorized(req, res, why, bearer)
      return false
    }
    if (overRate(req, res, identityOf(req, user), labelOf(user))) return false
    return user
  }

  // Issue 49 item 4: the telemetry endpoint records on one session of the first project, opened at its first use.
  let telemetry: Promise<McpSession> | undefined
  const serveLogs = async (req: IncomingMessage, res: ServerResponse) => {
    if (admit(req, res) === false) return
    if (req.method !== "POST") return json(res, 405, { code: 3, message: "POST an OTLP/HTTP JSON logs export" }, { allow: "POST" })
    const read = await readBody(req)
    if (read === undefined) return void res.destroy()
    if ("tooLarge" in read) {
      endAfterAnswer(req, res)
      return json(res, 413, { code: 3, message: `body ${sizeOf(read, MAX_OTLP_BYTES)} exceeds ${MAX_OTLP_BYTES}` }, { connection: "close" })
    }
    telemetry ??= makeServer(version, { project: options.projects[0]! })
    return receiveLogs(req, res, read.bytes, await telemetry)
  }

  /** Modern exchanges in progress: a listen stream stays open until its client or the server closes it. */
  const exchanges = new Set<HttpExchange>()

  /** A 2026-07-28 request: its headers checked against its body, then served on a session of its own over the shared services. */
  const serveModern = async (req: IncomingMessage, res: ServerResponse, project: string, user: string | undefined, message: Record<string, unknown>) => {
    const id = idOf(message)
    const unknown = unknownVersionHeader(req.headers, message, SUPPORTED_REVISIONS)
    if (unknown !== undefined) {
      const error = { code: UNSUPPORTED_PROTOCOL_VERSION, message: "Unsupported protocol version", data: { supported: SUPPORTED_REVISIONS, requested: unknown } }
      return json(res, 400, { jsonrpc: "2.0", ...errorIdMember(id, MODERN_REVISION), error })
    }
    // A response (`result` or `error`, no method): this revision's client sends none over HTTP (it "MUST NOT
    // send JSON-RPC responses"); it was refused as a header mismatch naming a body method 'undefined' (a probe).
    if (message.method === undefined) return rpcAnswer(res, 400, id, -32600, "Invalid Request: a client sends no JSON-RPC responses to the server in this revision (a request or a notification, with its method)", {}, MODERN_REVISION)
    const mismatch = headerMismatch(req.headers, message)
    if (mismatch !== undefined) return rpcAnswer(res, 400, id, HEADER_MISMATCH, `Header mismatch: ${mismatch}`, {}, MODERN_REVISION)
    // No client-to-server notification is defined over HTTP in this revision (cancelling is closing the stream): accepted, nothing to do.
    if (id === null) return void res.writeHead(202).end()
    if (typeof message.method === "string" && REMOVED_METHODS.includes(message.method)) {
      return rpcAnswer(res, 404, id, -32601, `Method not found: ${message.method} (removed in revision ${MODERN_REVISION})`)
    }
    const missing = metaProblem(message)
    if (missing !== undefined) return rpcAnswer(res, 400, id, -32602, `Invalid params: ${missing}`)
    const session = await makeServer(version, sessionOptions(project, user, true, clientOfMeta(message)))
    const exchange = new HttpExchange(res)
    exchanges.add(exchange)
    try {
      await session.server.connect(new RevisionTransport(exchange, session.revision))
      await exchange.serve({ ...message, id })
    } finally {
      exchanges.delete(exchange)
      await session.server.close().catch(() => {})
      await session.close().catch(() => {})
    }
  }

  const serveMcp = async (req: IncomingMessage, res: ServerResponse, project: string) => {
    const user = admit(req, res)
    if (user === false) return
    const method = req.method ?? "GET"
    let body: string | undefined
    let parsed: unknown
    /** A batch's messages refused on their own, answered beside the SDK's answers to the rest. */
    let refusals: ReadonlyArray<string> = []
    if (method === "POST") {
      // A compressed body would be parsed as its compressed bytes ("Unexpected token '\u001f'", the bytes echoed):
      // the encoding is refused by name (RFC 9110 §15.5.16), as /v1/logs refuses what it does not inflate.
      const encoding = (req.headers["content-encoding"] ?? "identity").trim().toLowerCase()
      if (encoding !== "identity" && encoding !== "") {
        endAfterAnswer(req, res)
        return rpcError(res, 415, -32600, `Content-Encoding '${encoding.slice(0, 40)}' is not supported on /mcp: send the JSON-RPC message uncompressed`, { "accept-encoding": "identity", connection: "close" }, revisionOf(req))
      }
      const read = await readBody(req)
      if (read === undefined) return void res.destroy()
      if ("tooLarge" in read) {
        endAfterAnswer(req, res)
        return rpcError(res, 413, -32600, `Request body ${sizeOf(read, MAX_REQUEST_BYTES)} exceeds the ${MAX_REQUEST_BYTES} byte limit of skc mcp`, { connection: "close" }, revisionOf(req))
      }
      body = read.text
      try {
        parsed = JSON.parse(body)
      } catch (e) {
        return rpcError(res, 400, -32700, `Parse error: ${e instanceof Error ? e.message : String(e)}`, {}, revisionOf(req))
      }
      if (Array.isArray(parsed)) {
        const batch = batchOf(req, res, user, parsed)
        if (batch === undefined) return
        parsed = batch.served
        refusals = batch.refusals
      } else if (!JSONRPCMessageSchema.safeParse(parsed).success) return notOneMessage(res, parsed, revisionOf(req, parsed))
    }
    // Revision 2026-07-28 makes no handshake: its requests are served here in either mode (httpModern.ts). A batch is a 2025-03-26 session's.
    if (method === "POST" && !Array.isArray(parsed) && eraOf(req.headers, parsed) === "modern") {
      // The earlier revisions' transport (the SDK's) refuses a body that is not declared JSON; so does this one.
      // A `text/plain` POST is one a browser sends without a preflight (a CORS "simple request"): served, only
      // the Origin check stood between a page and a tool call (a team-server probe).
      if (!isJsonMediaType(req.headers["content-type"])) {
        return refuse(req, res, 415, -32000, "Unsupported Media Type: Content-Type must be application/json")
      }
      return serveModern(req, res, project, user, parsed as Record<string, unknown>)
    }
    const base = baseUrlOf(req, listening)
    const authInfo = user === undefined ? undefined : { token: "", clientId: user, scopes: [] }
    const handle = async (transport: WebStandardStreamableHTTPServerTransport) =>
      sendWeb(res, await transport.handleRequest(webRequest(req, base, body), { parsedBody: parsed, ...(authInfo === undefined ? {} : { authInfo }) }), {
        refusals,
        revision: revisionOf(req, parsed)
      })

    // 2026-07-28 basic/transports/streamable-http ("Earlier Streamable HTTP Revisions"): the revision has no
    // GET stream and no session to DELETE, so a modern client's GET or DELETE is 405 (it was 400 "Mcp-Session-Id
    // header is required", which told it of sessions it has none of).
    if (method !== "POST" && eraOf(req.headers, undefined) === "modern") {
      return refuse(req, res, 405, -32000, `Method not allowed: ${method} (revision ${MODERN_REVISION} POSTs every message)`, { allow: "POST" })
    }
    // A method the endpoint has no use for is 405 with the ones it has, session or not (before, PUT without
    // a session was 400 "Mcp-Session-Id header is required").
    if (!options.stateless && method !== "GET" && method !== "POST" && method !== "DELETE") {
      return refuse(req, res, 405, -32000, `Method not allowed: ${method}`, { allow: "GET, POST, DELETE" })
    }
    if (options.stateless) {
      if (method !== "POST") return refuse(req, res, 405, -32000, "Method not allowed: a stateless server answers POST only", { allow: "POST" })
      const { session, transport } = await open(project, user, true, clientOfMeta(parsed) ?? clientOfUserAgent(req.headers["user-agent"]))
      try {
        await handle(transport)
      } finally {
        await transport.close().catch(() => {})
        await session.close().catch(() => {})
      }
      return
    }
    // The id of the one request a POST holds, which these refusals answer (a client matches answers by it): a
    // refusal said `id: null` or no id at all to a well-formed body (an MCP probe).
    const requestId = Array.isArray(parsed) ? null : idOf(parsed)
    const id = req.headers["mcp-session-id"]
    if (typeof id === "string") {
      const o = sessions.get(id)
      if (o === undefined) return refuse(req, res, 404, -32001, "Session not found", {}, requestId)
      if (o.user !== user) return refuse(req, res, 403, -32001, "Forbidden: the session belongs to another token", {}, requestId)
      // A session serves the project of the path it was opened on; at another project's path it answered with
      // its own project's skills (a team probe: a session of /mcp/b listed b's skills at /mcp/a and /mcp).
      if (o.project !== project) return refuse(req, res, 404, -32001, "Session not found at this path: a session is served at the path of the project it was opened on", {}, requestId)
      o.lastUsed = Date.now()
      return handle(o.transport)
    }
    if (method !== "POST") return refuse(req, res, 400, -32000, "Bad Request: Mcp-Session-Id header is required")
    // A message of a session sent without its header: the SDK answered "Server not initialized", which the
    // server is; the client lacks the session (a team probe). Said as GET and DELETE say it.
    // (After the SDK's own checks of what the client accepts: a client that cannot read the answer hears that first.)
    const one = Array.isArray(parsed) ? undefined : (parsed as { method?: unknown } | null)
    const accepts = String(req.headers.accept ?? "")
    if (one !== undefined && one !== null && one.method !== "initialize" && accepts.includes("application/json") && accepts.includes("text/event-stream")) {
      return refuse(req, res, 400, -32000, "Bad Request: Mcp-Session-Id header is required (a session starts with initialize; or send the 2026-07-28 revision's requests, which need none)", {}, requestId)
    }
    if ((parsed as { method?: unknown } | null)?.method === "initialize") await makeRoomFor(user)
    if (sessions.size >= MAX_SESSIONS) {
      tell("sessions", `${MAX_SESSIONS} sessions are open: new ones are refused (503) until some end or sit idle for ${SESSION_IDLE_MS / 60_000} minutes`)
      return refuse(req, res, 503, -32000, `Too many sessions (${MAX_SESSIONS}): try again later`, { "retry-after": "60" }, requestId)
    }
    const { session, transport } = await open(project, user, false)
    await handle(transport)
    if (transport.sessionId === undefined) {
      // Not an initialize request: no session was opened.
      await transport.close().catch(() => {})
      await session.close().catch(() => {})
    }
  }

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://x").pathname
    if (path === "/healthz") return json(res, 200, { status: "ok" })
    const refused = refusedHostOrOrigin(policy, req.headers.host, req.headers.origin)
    if (refused !== undefined) return refuse(req, res, 403, -32000, `Forbidden: ${refused}`)
    // A browser client (an MCP client in a web page, the Inspector's direct connection) from an origin the
    // check above let through: its preflight carries no token and was answered 401, so the browser never sent
    // the request; and without Access-Control-Allow-Origin it could not read an answer (httpGuards.ts `corsHeaders`).
    const origin = req.headers.origin
    // Every answer varies with the Origin (a cache in between must not give one page's answer to another).
    res.setHeader("vary", "Origin")
    if (origin !== undefined) for (const [name, value] of Object.entries(corsHeaders(origin))) res.setHeader(name, value)
    const metadata = path === METADATA_PATH || path.startsWith(`${METADATA_PATH}/`)
    // `/mcp/ops/` is `/mcp/ops`, as `/mcp/` is `/mcp` (a client's base URL written with its slash was a 404).
    const named = path.startsWith("/mcp/") ? decodedOrSelf(path.slice(5).replace(/\/$/, "")) : undefined
    const project = path === "/mcp" || path === "/mcp/" ? options.projects[0] : named !== undefined ? projects.get(named) : undefined
    const notFound = () => json(res, 404, { error: "not found", served: ["/mcp", ...[...projects.keys()].map((n) => `/mcp/${n}`), "/healthz"] })
    if (req.method === "OPTIONS") {
      req.resume()
      // A preflight of a path this server serves; any other is the 404 its request would get.
      if (!metadata && path !== "/v1/logs" && project === undefined) return notFound()
      // Counted against the client's address as a request without a token is (--rate): preflights were the
      // one answer a client could ask for without limit.
      if (overRate(req, res, identityOf(req, undefined))) return
      const requested = req.headers["access-control-request-headers"]
      res.writeHead(204, { ...preflightHeaders(typeof requested === "string" ? requested : undefined), allow: "GET, POST, DELETE, OPTIONS" })
      return void res.end()
    }
    if (metadata) {
      const base = baseUrlOf(req, listening)
      const resource = path === METADATA_PATH ? "/mcp" : path.slice(METADATA_PATH.length)
      // RFC 9728: the resource and how to present a token; skc's tokens are issued by its operator, no authorization server.
      return json(res, 200, { resource: `${base}${resource}`, authorization_servers: [], bearer_methods_supported: ["header"], resource_name: "skc skill server" })
    }
    if (path === "/v1/logs") return serveLogs(req, res)
    if (project === undefined) return notFound()
    return serveMcp(req, res, project)
  }

  /** Set once the stop begins: a request that begins after it gets the stopping answer (`answerStopping`), not a session. */
  let stopping = false
  /** Requests that began after the stop did, answered with the stopping answer (said once in the operator's log). */
  let answeredStopping = 0
  /** The answers being written: once the stop begins, those not yet started end their connection (`connection: close`). */
  const answering = new Set<ServerResponse>()

  /**
   * A request that begins while the server stops (its bytes were on a connection before the connection was
   * closed, unread): 503 with the stopping answer and `connection: close`, never a reset. Before, Node's
   * `server.close()` closed such a connection as idle, and the kernel reset it with the request unread. Its
   * body is read first (bounded by the endpoint's limit, and by the stop's last bound on connections), so
   * the answer names the request's id and the connection closes with nothing left unread (unread bytes at
   * the close would make the kernel reset it, the answer with it).
   */
  const answerStopping = async (req: IncomingMessage, res: ServerResponse) => {
    answeredStopping++
    let parsed: unknown
    if (req.method === "POST") {
      const read = await readBody(req)
      if (read === undefined) return void res.destroy()
      if ("tooLarge" in read) endAfterAnswer(req, res)
      else {
        try {
          parsed = JSON.parse(read.text)
        } catch {
          // Recovery: not JSON: the stopping answer goes without an id, as any answer to a body whose id cannot be read.
          parsed = undefined
        }
      }
    } else req.resume()
    rpcAnswer(res, 503, idOf(parsed), STOPPING_CODE, STOPPING_MESSAGE, { connection: "close" }, revisionOf(req, parsed))
  }

  /** Connections open per client address (the socket's own, not a forwarded one: this counts sockets). */
  const perAddress = new Map<string, number>()
  /** Connections past their address's MAX_CONNECTIONS_PER_ADDRESS: each request on them is answered 503. */
  const overLimit = new WeakSet<Socket>()
  /** Connections that have not sent their first request yet, with the timer that closes them. */
  const waiting = new Map<Socket, NodeJS.Timeout>()
  const answerOverLimit = (req: IncomingMessage, res: ServerResponse) => {
    const address = req.socket.remoteAddress ?? "unknown"
    tellRefused(`connections ${address}`, `refused a request from ${address}: it holds ${MAX_CONNECTIONS_PER_ADDRESS} connections, the most one address may`)
    req.resume()
    refuse(
      req,
      res,
      503,
      -32000,
      `Service Unavailable: this address holds ${MAX_CONNECTIONS_PER_ADDRESS} connections to the server, the most one address may; close idle ones and retry`,
      { connection: "close", "retry-after": "5" }
    )
  }

  /**
   * Per connection, the answer before the request in hand: a pipelined request (HTTP/1.1 lets a client send
   * many before reading one answer) is served once the answer before it has gone to the socket. Node parses
   * every request a chunk holds at once and queues their answers in memory; a client that never read them
   * held one answer per request it sent (200 connections of 20 requests for a 242 KB file: 1.48 GB), and
   * each was logged as read. Now a connection holds one answer, and a request is logged when it is served.
   */
  const inFlight = new WeakMap<Socket, Promise<void>>()
  const server: NodeServer = createServer((req, res) => {
    clearTimeout(waiting.get(req.socket))
    waiting.delete(req.socket)
    const socket = req.socket
    const before = inFlight.get(socket)
    const answered = new Promise<void>((resolve) => {
      // One listener on the connection at a time (a keep-alive connection carries thousands of requests).
      const done = () => {
        socket.off("close", done)
        resolve()
      }
      res.once("finish", done)
      res.once("close", done)
      socket.once("close", done)
    })
    inFlight.set(socket, answered)
    if (before === undefined) serve(req, res)
    else void before.then(() => (socket.destroyed ? undefined : serve(req, res)))
  })
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    if (stopping) return void answerStopping(req, res)
    if (overLimit.has(req.socket)) return void answerOverLimit(req, res)
    answering.add(res)
    res.once("close", () => answering.delete(res))
    // Its row is written before the answer ends: the push after that sees it.
    if (live !== undefined) res.on("finish", live.touched)
    route(req, res).catch((e: unknown) => {
      say(`${req.method} ${req.url}: ${e instanceof Error ? e.message : String(e)}`)
      if (!res.headersSent) rpcError(res, 500, -32603, "Internal error", {}, revisionOf(req))
      else res.end()
    })
  }
  // `Expect: 100-continue` (curl's way with a body over 1 MB): Node would answer 100 before any check, and the
  // client would send the whole body only to have the connection closed under it, never reading the 413.
  // A body declared over its endpoint's limit gets no 100: the request goes straight to the checks, which
  // answer 401/403/413 before the client sends a byte of it.
  server.on("checkContinue", (req, res) => {
    const declared = Number(req.headers["content-length"] ?? "NaN")
    if (!(Number.isFinite(declared) && declared > bodyLimitOf(req))) res.writeContinue()
    server.emit("request", req, res)
  })
  // A slow client cannot hold a connection by sending slowly: a request (headers and body) must arrive within a minute.
  // (The answer may stream for longer: an SSE stream is a response, which this does not bound.)
  server.headersTimeout = 60_000
  server.requestTimeout = 60_000
  // Connections at once, at most: beyond, Node closes each new one as it is accepted ('drop'), never buffered
  // here; the operator is told, once a minute.
  server.maxConnections = MAX_CONNECTIONS
  server.on("drop", (data?: { readonly remoteAddress?: string }) =>
    tellRefused("drop", `dropped a connection from ${data?.remoteAddress ?? "an unknown address"}: ${MAX_CONNECTIONS} connections are open (the most this server keeps)`)
  )
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown"
    const held = (perAddress.get(address) ?? 0) + 1
    perAddress.set(address, held)
    if (held > MAX_CONNECTIONS_PER_ADDRESS) overLimit.add(socket)
    // A connection whose first request's headers have not all arrived within FIRST_REQUEST_MS is closed
    // (headersTimeout counts only once a request begins, and would let a byte every few seconds hold the
    // connection a minute). One that has begun a request is told why (408), as Node tells a request past
    // requestTimeout; one that sent nothing is just closed.
    const timer = setTimeout(() => {
      if (socket.bytesRead === 0 || socket.writableEnded) return void socket.destroy()
      socket.end(HEADERS_TOO_SLOW)
      setTimeout(() => socket.destroy(), LINGER_MS).unref()
    }, FIRST_REQUEST_MS)
    timer.unref()
    waiting.set(socket, timer)
    socket.once("close", () => {
      clearTimeout(timer)
      waiting.delete(socket)
      overLimit.delete(socket)
      const left = (perAddress.get(address) ?? 1) - 1
      if (left <= 0) perAddress.delete(address)
      else perAddress.set(address, left)
    })
  })

  // Before listening, so it comes before the `serving` line. Issue 46 item 3 for the operator: a --project that is no project serves no skill.
  for (const project of options.projects) {
    if (await isNoProject(project)) say(`--project ${project}: ${noProjectFound("there", true)} at /mcp/${basename(project)}`)
  }
  await new Promise<void>((resolve, reject) => {
    // The address in use, or a port this user may not bind: the --port or --host given, said as such (E100).
    const refused = (e: NodeJS.ErrnoException) =>
      reject(
        e.code === "EADDRINUSE"
          ? new InvalidOption({ message: `--port ${options.port}: ${options.host}:${options.port} is in use (another server listens there)`, suggestion: "choose another --port, or --port 0 for a free one (printed on stderr)" })
          : e.code === "EACCES" || e.code === "EADDRNOTAVAIL"
            ? new InvalidOption({ message: `--host ${options.host} --port ${options.port}: cannot listen there (${e.code})`, suggestion: "ports below 1024 need privileges; --host must be an address of this machine" })
            : // A host name that does not resolve (a typo, `192.168.999.1`): the --host given, not E999.
              e.code === "ENOTFOUND" || e.code === "EAI_AGAIN" || e.code === "EAI_NONAME" || e.code === "EAI_FAIL"
              ? new InvalidOption({ message: `--host ${options.host}: no such address (${e.code === "EAI_AGAIN" ? "the name could not be resolved now" : "the name does not resolve"})`, suggestion: "give an address of this machine: 127.0.0.1, ::1, 0.0.0.0 or a name that resolves to one" })
              : e
      )
    server.once("error", refused)
    server.listen(options.port, options.host, () => {
      server.off("error", refused)
      resolve()
    })
  })
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : options.port
  listening = `${shown}:${port}`
  // With several projects, where each is (the 404 listed them; the start said /mcp alone): in the same write,
  // so whoever waits for the serving line has them too.
  const endpoints =
    projects.size > 1 ? `\nskc mcp: projects: ${[...projects.keys()].map((n, i) => `http://${shown}:${port}/mcp/${encodeURIComponent(n)}${i === 0 ? " (also /mcp)" : ""}`).join(", ")}` : ""
  // Reachable from other machines with no `--allow-host`: the Host check is off (any name a client uses is
  // served) and DNS-rebinding protection rests on the token alone (httpGuards.ts). Said at start, where the
  // README's own team command ran that way without a word (a team-server probe).
  const unchecked = policy.loopback || policy.allowed.length > 0 ? "" : `\nskc mcp: reachable from other machines and no --allow-host: every Host name is served and only the token stops a rebinding page; name the host clients use with --allow-host, and put TLS in front (tokens travel in clear over http)`
  say(`skillc ${version} serving http://${shown}:${port}/mcp (${options.stateless ? "stateless" : "sessions"}; ${tokens === undefined ? "no token asked" : `${tokens.entries.length} token(s)`})${endpoints}${unchecked}`)

  await new Promise<void>((resolve) => {
    if (stop.aborted) return resolve()
    stop.addEventListener("abort", () => resolve(), { once: true })
  })
  clearInterval(sweep)
  undoHangup?.()
  // Stop accepting; answer what clients had already sent; let the requests in flight finish for STOP_GRACE_MS,
  // then answer the rest with STOPPING_CODE (before, the session closed under them and the client waited on an
  // empty stream until its own timeout); close every session (their pools and watchers); then the connections
  // still open (SSE streams).
  stopping = true
  // Answers not yet begun end their connection: no client sends another request on it while the server stops.
  for (const res of answering) if (!res.headersSent) res.shouldKeepAlive = false
  // The listener closes once the connections waiting in the kernel's queue are accepted, and the idle
  // connections once what they held is read: every request a client had sent is answered (httpStop.ts).
  const { closed } = await stopListening(server, MAX_CONNECTIONS)
  const busy = () => [...serving].some((t) => t.busy) || [...exchanges].some((e) => e.inFlight)
  for (const deadline = Date.now() + STOP_GRACE_MS; busy() && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 25))
  if (busy()) say(`stopping: answering the requests still in flight with ${STOPPING_CODE} (${STOPPING_MESSAGE.split(":")[0]})`)
  await Promise.all([...serving].map((t) => t.answerUnanswered()))
  await Promise.all([...exchanges].map((e) => e.answerIfInFlight(STOPPING_CODE, STOPPING_MESSAGE)))
  const openSessions = sessions.size
  await Promise.all([...sessions.keys()].map((id) => closeSession(id)))
  // Open listen streams get their answer (graceful closure) before the connections go.
  await Promise.all([...exchanges].map((e) => e.close().catch(() => {})))
  if (telemetry !== undefined) await (await telemetry).close().catch(() => {})
  for (const s of shared.values()) await s.runtime.dispose().catch(() => {})
  // The last rows written are pushed before the process ends (bounded: a database that does not answer keeps them local).
  await live?.stop()
  if (answeredStopping > 0) {
    say(`stopping: ${answeredStopping} request${answeredStopping === 1 ? "" : "s"} begun after the stop answered with ${STOPPING_CODE} (503, connection: close)`)
  }
  // `http.Server.close()` now: the idle connections closed, and its timer that checks connections stopped.
  server.close()
  setTimeout(() => server.closeAllConnections(), 1_000).unref()
  await closed
  // The operator's log ends with the stop, not with the last request it happened to show.
  say(`stopped (${openSessions} open session${openSessions === 1 ? "" : "s"} closed)`)
}
