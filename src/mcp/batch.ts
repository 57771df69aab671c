/**
 * JSON-RPC batches for sessions on revision 2025-03-26 (basic/index
 * §Batching: implementations "MUST support receiving JSON-RPC batches";
 * revision 2025-06-18 removed them, so every later session refuses an array
 * with -32600 as before). What stdio (transport.ts) and HTTP (http.ts)
 * check alike:
 *
 * - an empty array is -32600 (JSON-RPC 2.0 §6), one over MAX_BATCH_MESSAGES
 *   too: the whole batch, one error;
 * - each message is checked on its own (JSON-RPC 2.0 §6: "an Array
 *   containing the corresponding Response objects"): one that is not JSON-RPC
 *   2.0 is -32600, one with wrong params -32602 (`paramsProblem`), an
 *   `initialize` -32600 (2025-03-26 basic/lifecycle: it "MUST NOT be part of
 *   a JSON-RPC batch");
 * - a request id shared by several requests of the batch: none of them is
 *   served, and the batch's answer holds one -32600 for that id, at the
 *   first of them (a client matches answers by id, JSON-RPC 2.0 §6: two
 *   answers with one id, or one answer for two requests, could not be told
 *   apart; serving one of them would pick for the client which one it meant);
 * - notifications and responses get no answer; a batch of nothing else gets
 *   no answer at all (stdio) or 202 (HTTP).
 */
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import { isValidRequestId, MAX_BATCH_MESSAGES, MAX_RESPONSE_BYTES, oversizedResponseMessage, paramsProblem } from "./limits.js"

type Id = string | number

/** An answer to a message of a batch that is not served: its id (null when unreadable), code and message. */
export interface Refusal {
  readonly id: Id | null
  readonly code: number
  readonly message: string
}

/**
 * A message of a batch: served, refused on its own, or answered by the refusal of an earlier
 * message of the batch (`sharedWith`, its position: a request whose id another one also uses).
 */
export type BatchEntry = { readonly message: JSONRPCMessage } | { readonly refusal: Refusal } | { readonly sharedWith: number }

/** Why a whole batch is refused (-32600), or undefined when its messages are to be read one by one. */
export const batchProblem = (items: ReadonlyArray<unknown>): string | undefined => {
  if (items.length === 0) return "Invalid Request: an empty batch (JSON-RPC 2.0: a batch holds at least one message)"
  if (items.length > MAX_BATCH_MESSAGES) return `Invalid Request: a batch of ${items.length} messages exceeds the limit of ${MAX_BATCH_MESSAGES} of skc mcp`
  return undefined
}

/** A message's request id, null when it has none that JSON-RPC allows (what its error answer carries). */
export const idOf = (item: unknown): Id | null => {
  const id = typeof item === "object" && item !== null && !Array.isArray(item) ? (item as { id?: unknown }).id : undefined
  return isValidRequestId(id) ? id : null
}

/**
 * The id a batch item is answered with, or undefined: a request's, or a malformed message's that
 * is refused with its id. A response (the client's answer to a request of the server's) gets no
 * answer, and its id is the server's to choose: not counted.
 */
const requestIdOf = (item: unknown): Id | undefined => {
  const id = idOf(item)
  if (id === null) return undefined
  const m = item as Record<string, unknown>
  return !("method" in m) && ("result" in m || "error" in m) ? undefined : id
}

/** Each message of a batch, checked on its own. */
export const batchEntries = (items: ReadonlyArray<unknown>): ReadonlyArray<BatchEntry> => {
  // Where each answered id first appears, and how many messages use it (malformed ones too: each would be answered).
  const first = new Map<Id, number>()
  const uses = new Map<Id, number>()
  items.forEach((item, at) => {
    const id = requestIdOf(item)
    if (id === undefined) return
    if (!first.has(id)) first.set(id, at)
    uses.set(id, (uses.get(id) ?? 0) + 1)
  })
  return items.map((item, at): BatchEntry => {
    const shared = requestIdOf(item)
    if (shared !== undefined && uses.get(shared)! > 1) {
      const firstAt = first.get(shared)!
      if (firstAt !== at) return { sharedWith: firstAt }
      const message = `Invalid Request: id ${JSON.stringify(shared)} is used by ${uses.get(shared)} messages of the batch (none of them is served)`
      return { refusal: { id: shared, code: -32600, message } }
    }
    const checked = JSONRPCMessageSchema.safeParse(item)
    if (!checked.success) {
      const wrongParams = paramsProblem(item)
      if (wrongParams !== undefined) return { refusal: { id: wrongParams.id, code: -32602, message: wrongParams.message } }
      return { refusal: { id: idOf(item), code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message" } }
    }
    const message = checked.data as JSONRPCMessage & { id?: Id; method?: string }
    if (message.method === "initialize") {
      return { refusal: { id: idOf(item), code: -32600, message: "Invalid Request: initialize must not be part of a batch (2025-03-26 basic/lifecycle)" } }
    }
    return { message: message as JSONRPCMessage }
  })
}

/** A refusal as the JSON text of its error answer. */
export const refusalText = (r: Refusal): string => JSON.stringify({ jsonrpc: "2.0", id: r.id, error: { code: r.code, message: r.message } })

/**
 * The batch's answers (each already bounded, as JSON text) as one JSON array, itself within
 * MAX_RESPONSE_BYTES: while it is larger, its largest result is replaced by the error a single
 * oversized answer gets, so a batch cannot send what its requests one by one could not.
 */
export const batchAnswer = (answers: ReadonlyArray<string>): string => {
  const texts = [...answers]
  let total = texts.reduce((n, t) => n + t.length + 1, 1)
  while (total > MAX_RESPONSE_BYTES) {
    let largest = -1
    for (let i = 0; i < texts.length; i++) if (largest === -1 || texts[i]!.length > texts[largest]!.length) largest = i
    const parsed = JSON.parse(texts[largest]!) as { id?: unknown; result?: unknown }
    if (parsed.result === undefined) break
    const replaced = JSON.stringify({ jsonrpc: "2.0", id: parsed.id ?? null, error: { code: -32603, message: oversizedResponseMessage(total) } })
    total += replaced.length - texts[largest]!.length
    texts[largest] = replaced
  }
  return `[${texts.join(",")}]`
}
