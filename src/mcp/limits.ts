/**
 * Limits of `skc mcp` (issue 19), applied by the stdio transport so that no
 * request can make the server buffer, parse or echo without bound:
 *
 * - a request line over MAX_REQUEST_BYTES (1 MiB) is answered with JSON-RPC
 *   -32602 Invalid params naming its size, never echoed back; only its first
 *   and last few KiB are kept (to find its `id`), the rest is skipped as it
 *   streams in, so a 10 MB argument costs neither memory nor parse time;
 * - a response over MAX_RESPONSE_BYTES (8 MiB) is replaced by an error
 *   telling the client to ask for less (`max_lines`, `limit`);
 * - at most MAX_IN_FLIGHT_REQUESTS requests are read ahead of their
 *   answers, and none while stdout is backed up (a client that stops
 *   reading), so queued answers stay bounded (issue 45 item 4);
 * - the SDK answers a request whose params fail its schema with -32603 and
 *   the raw validation dump; it becomes -32602 with one readable line per
 *   problem (`params.name: expected string, received number`).
 */

import { JSONRPCRequestSchema } from "@modelcontextprotocol/sdk/types.js"

/** The largest request (one JSON-RPC line) the server reads: 1 MiB. */
export const MAX_REQUEST_BYTES = 1024 * 1024
/** The largest response the server sends: 8 MiB. */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024
/**
 * How many requests the server reads ahead of its answers (issue 45 item 4):
 * past this many read and not yet answered (or answered and not yet
 * written, stdout being backed up), it stops reading until some are.
 */
export const MAX_IN_FLIGHT_REQUESTS = 64
/**
 * The messages one JSON-RPC batch may hold (revision 2025-03-26 only): the in-flight bound, so a batch
 * (read as one line, one POST) cannot put more requests in flight than reading ahead would. Over HTTP
 * each message of a batch also counts against `--rate`.
 */
export const MAX_BATCH_MESSAGES = MAX_IN_FLIGHT_REQUESTS
/** How much of an oversized request is kept at each end to find its `id`. */
export const ID_WINDOW_BYTES = 4096

export const INVALID_PARAMS = -32602

/**
 * A request id JSON-RPC and MCP accept: a string or an integer (2026-07-28
 * basic/index, "Requests MUST include a string or integer ID"), a safe one,
 * since a larger number was already rounded by JSON.parse and echoing it
 * would name another request. Anything else is an envelope problem: -32600
 * with the id the revision gives an unreadable one (revision.ts `unreadableId`:
 * `"id": null` up to 2025-06-18, none after).
 */
export const isValidRequestId = (id: unknown): id is string | number =>
  typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id))

const inMib = (bytes: number, decimals: number) => (bytes / (1024 * 1024)).toFixed(decimals)

/**
 * A size over its limit and the limit, both in MiB (the form docs/mcp.md "Limits" gives): the limit
 * with one decimal, the size with one, or with as many more as show it over the limit ("1.05 MiB",
 * "1.00001 MiB"), since "1.0 MiB exceeds the 1.0 MiB limit" reads as no excess. (A size just over the
 * limit was said in bytes, "1100103 bytes exceeds the 1048576-byte limit", and any other in MiB.)
 * Six decimals tell a single byte over a limit of a few MiB.
 */
const sizes = (bytes: number, limit: number): readonly [string, string] => {
  let decimals = 1
  while (decimals < 6 && inMib(bytes, decimals) === inMib(limit, decimals)) decimals++
  return [`${inMib(bytes, decimals)} MiB`, `${inMib(limit, 1)} MiB`]
}

export const oversizedRequestMessage = (bytes: number): string => {
  const [size, limit] = sizes(bytes, MAX_REQUEST_BYTES)
  return `Invalid params: request of ${size} exceeds the ${limit} limit of skc mcp (arguments are not read)`
}

export const oversizedResponseMessage = (bytes: number): string => {
  const [size, limit] = sizes(bytes, MAX_RESPONSE_BYTES)
  return `Result of ${size} exceeds the ${limit} limit of skc mcp; ask for less (max_lines, limit, a narrower path)`
}

/**
 * The `id` of a request from the ends of its text: `"id"` is a top-level key
 * and clients write it first or last. `undefined` when neither end shows one.
 */
export const idFromEnds = (head: string, tail: string): string | number | undefined => {
  for (const text of [head, tail]) {
    const m = /"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")\s*[,}]/.exec(text)
    if (m !== null) {
      const raw = m[1]!
      try {
        const value = JSON.parse(raw) as unknown
        if (typeof value === "string" || typeof value === "number") return value
      } catch {
        // not a usable id
      }
    }
  }
  return undefined
}

interface ZodIssue {
  readonly path?: ReadonlyArray<string | number>
  readonly message?: string
}

/**
 * The SDK's schema failure (its message is the JSON array of zod issues) as
 * one readable line, or `undefined` when the message is something else.
 */
export const readableSchemaFailure = (message: string): string | undefined => {
  if (!message.startsWith("[")) return undefined
  let issues: unknown
  try {
    issues = JSON.parse(message)
  } catch {
    return undefined
  }
  if (!Array.isArray(issues) || issues.length === 0) return undefined
  const lines: Array<string> = []
  for (const issue of issues as ReadonlyArray<ZodIssue>) {
    if (typeof issue !== "object" || issue === null || typeof issue.message !== "string") return undefined
    const path = (issue.path ?? []).map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("").replace(/^\./, "")
    lines.push(`${path === "" ? "request" : path}: ${issue.message.replace(/^Invalid input: /, "")}`)
  }
  return `Invalid params: ${lines.slice(0, 10).join("; ")}${lines.length > 10 ? ` (and ${lines.length - 10} more)` : ""}`
}

/**
 * An outgoing message as the server should send it: a schema failure turned
 * into -32602, an oversized response into an error. Returns the JSON text.
 */
export const boundedResponse = (message: unknown): string => {
  let m = message as { id?: unknown; error?: { code?: unknown; message?: unknown }; result?: unknown }
  if (m.error !== undefined && m.error.code === -32603 && typeof m.error.message === "string") {
    const readable = readableSchemaFailure(m.error.message)
    if (readable !== undefined) m = { ...m, error: { code: INVALID_PARAMS, message: readable } }
  }
  const text = JSON.stringify(m)
  if (text.length > MAX_RESPONSE_BYTES && m.result !== undefined) {
    // Length in UTF-16 units bounds bytes from below; good enough for a limit meant for megabytes.
    return JSON.stringify({ jsonrpc: "2.0", id: m.id ?? null, error: { code: -32603, message: oversizedResponseMessage(text.length) } })
  }
  return text
}

/**
 * `boundedResponse` for a transport that serialises the message itself
 * (Streamable HTTP, src/mcp/http.ts): the message as it should be sent.
 */
export const boundedMessage = (message: unknown): unknown => {
  const m = message as { result?: unknown; error?: unknown }
  // A notification or a request of the server's passes as it is; an answer is checked.
  if (m.result === undefined && m.error === undefined) return message
  return JSON.parse(boundedResponse(message)) as unknown
}

/**
 * Why a message that is not one the SDK's JSON-RPC schema accepts is still a
 * valid JSON-RPC 2.0 request (`jsonrpc` "2.0", a `method`, a string or integer
 * `id` (`isValidRequestId`), `params` an object or absent) whose params are wrong: an object
 * `_meta.progressToken` (MCP's is a string or a number) is Invalid params
 * (-32602), not Invalid Request (-32600), whose envelope is fine. The problem
 * as one readable line, with the request's id; undefined when the envelope
 * itself is wrong (a notification's params are never answered).
 */
export const paramsProblem = (parsed: unknown): { readonly id: string | number; readonly message: string } | undefined => {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return undefined
  const m = parsed as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }
  if (m.jsonrpc !== "2.0" || typeof m.method !== "string") return undefined
  // An id that is no string or integer is the envelope's problem (-32600), not the params' (-32602).
  if (!isValidRequestId(m.id)) return undefined
  if (m.params !== undefined && (typeof m.params !== "object" || m.params === null || Array.isArray(m.params))) return undefined
  const checked = JSONRPCRequestSchema.safeParse(parsed)
  if (checked.success) return undefined
  const readable = readableSchemaFailure(JSON.stringify(checked.error.issues))
  return { id: m.id, message: readable ?? "Invalid params" }
}
