/**
 * The stdio transport of `skc mcp` (RFC-0007:C-MCP-SERVER): newline-delimited
 * JSON-RPC on stdin/stdout, nothing else on stdout.
 *
 * Unlike the SDK's StdioServerTransport, a bad line is answered instead of
 * only reported: malformed JSON gets a JSON-RPC -32700 Parse error, valid
 * JSON that is not a JSON-RPC message gets -32600 Invalid Request (with its
 * `id` when it has one), and the server goes on reading. End of stdin
 * closes the transport (the server then exits) once every request read
 * before it is answered: a client that writes its requests and closes its
 * end (`printf … | skc mcp`) gets every answer, not only those that were
 * quick enough. A request the client cancels (`notifications/cancelled`)
 * gets no answer (MCP), so it is not waited for.
 *
 * Size limits (limits.ts, issue 19): a line over 1 MiB is answered with
 * -32602 and skipped as it streams in (only its ends are kept, to find its
 * id); responses are bounded and schema failures made readable on the way out.
 *
 * Backpressure (issue 45 item 4): the transport stops reading requests while
 * its answers are backed up (a client that stops reading stdout) or while
 * MAX_IN_FLIGHT_REQUESTS read requests wait for theirs; the rest of a chunk
 * already read is held, not parsed, and reading resumes once stdout drains.
 * Every waiting answer shares one `drain` listener. So the answers queued in
 * the server are bounded by the in-flight limit, whatever the client sends.
 *
 * Batches (batch.ts): a line holding a JSON array, in a session whose
 * handshake negotiated 2025-03-26 (`acceptsBatch`), is served message by
 * message and answered with one line, the array of its answers, once every
 * request of it is answered (a cancelled one left out); a batch of
 * notifications gets no line. Any other session refuses it with -32600.
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"
import { batchAnswer, batchEntries, batchProblem, refusalText } from "./batch.js"
import { errorIdMember } from "./revision.js"
import {
  boundedResponse,
  ID_WINDOW_BYTES,
  idFromEnds,
  INVALID_PARAMS,
  MAX_IN_FLIGHT_REQUESTS,
  MAX_REQUEST_BYTES,
  oversizedRequestMessage,
  isValidRequestId,
  paramsProblem
} from "./limits.js"

/** A JSON-RPC request id as this transport keeps it: a string or a number. */
const isRequestId = (id: unknown): id is string | number => typeof id === "string" || typeof id === "number"

/** A batch being answered: the ids of its requests not yet answered, and its answers so far (JSON text). */
interface Batch {
  readonly waiting: Set<string | number>
  readonly answers: Array<string>
  /** Every request id of the batch: settled once its line is written. */
  readonly ids: ReadonlyArray<string | number>
}

export class LineTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private chunks: Array<Buffer> = []
  private buffered = 0
  private skipping = false
  /** While skipping an oversized line: its first bytes, its last bytes so far, its size. */
  private skippedHead = ""
  private skippedTail: Buffer = Buffer.alloc(0)
  private skippedBytes = 0
  private closed = false
  /** Ids of the requests read and not yet answered; at end of input the transport closes when none is left. */
  private readonly pending = new Set<string | number>()
  private inputEnded = false
  /** Input read while paused, not yet split into lines. */
  private held: Buffer | undefined
  /** Set while stdout is backed up: one promise, one `drain` listener, for every answer waiting. */
  private drained: Promise<void> | undefined
  private paused = false

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout
  ) {}

  /** Whether a JSON array line is a batch to serve: the session negotiated 2025-03-26 (serveStdio sets it). */
  acceptsBatch: () => boolean = () => false

  /** The revision the session's handshake negotiated, if any (serveStdio sets it): how an unreadable id is answered. */
  revision: () => string | undefined = () => undefined

  /** The open batches by the ids of their requests not yet answered. */
  private readonly batchOf = new Map<string | number, Batch>()

  /**
   * Ids of the requests the server sent the client (`roots/list`) and not yet
   * answered. While one waits, the in-flight bound does not stop reading:
   * the requests read may be waiting for that answer, which comes after them.
   */
  private readonly asked = new Set<string | number>()

  /** Whether reading must wait: answers backed up, or too many requests read and not yet answered. */
  private mustWait(): boolean {
    return this.drained !== undefined || (this.pending.size >= MAX_IN_FLIGHT_REQUESTS && this.asked.size === 0)
  }

  /** Stop reading: the input stream is paused, and what is left of the current chunk is held. */
  private pauseInput() {
    if (this.paused || this.closed) return
    this.paused = true
    this.input.pause()
  }

  /** Read again once nothing is backed up: the held rest first, then the stream. */
  private resumeInput() {
    if (!this.paused || this.closed || this.mustWait()) return
    this.paused = false
    const held = this.held
    this.held = undefined
    if (held !== undefined) this.onData(held)
    if (this.paused) return
    if (this.inputEnded) {
      this.readLastLine()
      if (this.pending.size === 0) void this.close()
    } else this.input.resume()
  }

  /**
   * At end of input, a last line without its newline (`printf '%s' "$REQUEST" | skc mcp`) is still a
   * message: read and answered, where it was dropped without a word. One past the size limit is refused.
   */
  private readLastLine() {
    if (this.skipping) this.refuseSkipped()
    else if (this.chunks.length > 0) this.handleLine(this.takeLine(Buffer.alloc(0)))
  }

  /** The oversized line being skipped has ended: refused with -32602, with its id when one can be read. */
  private refuseSkipped() {
    this.skipping = false
    this.reply(INVALID_PARAMS, oversizedRequestMessage(this.skippedBytes), idFromEnds(this.skippedHead, this.skippedTail.toString("utf8")))
    this.skippedHead = ""
    this.skippedTail = Buffer.alloc(0)
  }

  /** The buffered pieces and `last` as one line of text (a CR before its newline dropped); the buffer emptied. */
  private takeLine(last: Buffer): string {
    const line = this.chunks.length === 0 ? last : Buffer.concat([...this.chunks, last])
    this.chunks = []
    this.buffered = 0
    return line.toString("utf8").replace(/\r$/, "")
  }

  private readonly onData = (chunk: Buffer | string) => {
    let data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk
    if (this.paused) {
      // A chunk the stream delivered while pausing: kept with the rest.
      this.held = this.held === undefined ? data : Buffer.concat([this.held, data])
      return
    }
    for (;;) {
      if (this.mustWait()) {
        this.pauseInput()
        if (data.length > 0) this.held = data
        return
      }
      const nl = data.indexOf(10)
      if (nl === -1) {
        if (this.skipping) this.skip(data)
        else {
          this.chunks.push(data)
          this.buffered += data.length
          if (this.buffered > MAX_REQUEST_BYTES) {
            const all = Buffer.concat(this.chunks)
            this.chunks = []
            this.buffered = 0
            this.skipping = true
            this.skippedHead = all.subarray(0, ID_WINDOW_BYTES).toString("utf8")
            this.skippedBytes = 0
            this.skippedTail = Buffer.alloc(0)
            this.skip(all)
          }
        }
        return
      }
      const head = data.subarray(0, nl)
      data = data.subarray(nl + 1)
      if (this.skipping) {
        this.skip(head)
        this.refuseSkipped()
        continue
      }
      if (this.buffered + head.length > MAX_REQUEST_BYTES) {
        const line = Buffer.concat([...this.chunks, head])
        this.chunks = []
        this.buffered = 0
        const id = idFromEnds(line.subarray(0, ID_WINDOW_BYTES).toString("utf8"), line.subarray(-ID_WINDOW_BYTES).toString("utf8"))
        this.reply(INVALID_PARAMS, oversizedRequestMessage(line.length), id)
        continue
      }
      this.handleLine(this.takeLine(head))
    }
  }

  /** Counts a piece of an oversized line and keeps only its last ID_WINDOW_BYTES. */
  private skip(piece: Buffer) {
    this.skippedBytes += piece.length
    const joined = this.skippedTail.length === 0 ? piece : Buffer.concat([this.skippedTail, piece])
    this.skippedTail = Buffer.from(joined.subarray(Math.max(0, joined.length - ID_WINDOW_BYTES)))
  }

  private readonly onEnd = () => {
    this.inputEnded = true
    // Lines held while paused are read (and answered) first; the last line, then, when reading resumes.
    if (!this.paused) this.readLastLine()
    if (this.pending.size === 0 && this.held === undefined) void this.close()
  }

  /** Notes what a message read means for the requests waited on at end of input. */
  private track(message: JSONRPCMessage) {
    const m = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } }
    if (typeof m.method !== "string") {
      // The client's answer to a request of the server's.
      if (isRequestId(m.id)) this.asked.delete(m.id)
      return
    }
    if (isRequestId(m.id)) this.pending.add(m.id)
    else if (m.method === "notifications/cancelled") {
      this.dropFromBatch(m.params?.requestId)
      this.settle(m.params?.requestId)
    }
  }

  /**
   * Stop waiting for the answer to request `id` (a `subscriptions/listen`
   * stream, answered only when it ends: revision.ts): end of input closes
   * without it.
   */
  release(id: string | number) {
    this.dropFromBatch(id)
    this.settle(id)
  }

  private settle(id: unknown) {
    if (!isRequestId(id) || !this.pending.delete(id)) return
    if (this.inputEnded && this.pending.size === 0 && this.held === undefined) void this.close()
    else this.resumeInput()
  }
  private readonly onStreamError = (e: Error) => this.onerror?.(e)

  private handleLine(line: string) {
    if (line.trim() === "") return
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (e) {
      this.reply(-32700, `Parse error: ${e instanceof Error ? e.message : String(e)}`)
      return
    }
    if (Array.isArray(parsed) && this.acceptsBatch()) return this.handleBatch(parsed)
    const message = JSONRPCMessageSchema.safeParse(parsed)
    if (!message.success) {
      // A request whose envelope is valid and whose params are not (an object progressToken): -32602.
      const wrongParams = paramsProblem(parsed)
      if (wrongParams !== undefined) return this.reply(INVALID_PARAMS, wrongParams.message, wrongParams.id)
      // A batch outside a 2025-03-26 session is valid JSON-RPC 2.0 that this revision does not take: said so.
      if (Array.isArray(parsed)) {
        const revision = this.revision()
        return this.reply(
          -32600,
          `Invalid Request: batches are not accepted ${revision === undefined ? "here (only a session whose handshake negotiated 2025-03-26 takes them)" : `in a ${revision} session (only 2025-03-26 takes them)`}; send each message on its own line`
        )
      }
      const id = typeof parsed === "object" && parsed !== null ? (parsed as { id?: unknown }).id : undefined
      // An id that is no string or integer (1.5, or a number too large to read back) cannot be read: `reply` leaves it out.
      this.reply(-32600, "Invalid Request: not a JSON-RPC 2.0 message", isValidRequestId(id) ? id : undefined)
      return
    }
    // A request reusing the id of one still being answered (MCP: an id is never reused within a session):
    // both would be answered under one id, and the client could not tell which answer is which.
    const m = message.data as { id?: unknown; method?: unknown }
    if (typeof m.method === "string" && isRequestId(m.id) && (this.pending.has(m.id) || this.batchOf.has(m.id)))
      return this.reply(-32600, `Invalid Request: id ${JSON.stringify(m.id)} is already in use by a request not yet answered`, m.id)
    this.track(message.data as JSONRPCMessage)
    this.onmessage?.(message.data as JSONRPCMessage)
  }

  /** A batch line: each message served or refused on its own, answered with one array line (batch.ts). */
  private handleBatch(items: ReadonlyArray<unknown>) {
    const problem = batchProblem(items)
    if (problem !== undefined) return this.reply(-32600, problem)
    const entries = batchEntries(items)
    const answers: Array<string> = []
    const ids: Array<string | number> = []
    for (const entry of entries) {
      // A request sharing its id with an earlier one of the batch: that one's refusal is the answer for both.
      if ("sharedWith" in entry) continue
      if ("refusal" in entry) {
        answers.push(refusalText(entry.refusal))
        process.stderr.write(`skc mcp: ${entry.refusal.message}\n`)
        continue
      }
      const m = entry.message as { id?: unknown; method?: unknown }
      // An id another open batch waits for would take that batch's answer: refused as a duplicate.
      if (typeof m.method === "string" && isRequestId(m.id)) {
        if (this.batchOf.has(m.id)) answers.push(refusalText({ id: m.id, code: -32600, message: `Invalid Request: id ${JSON.stringify(m.id)} is already in use` }))
        else ids.push(m.id)
      }
    }
    const batch: Batch = { waiting: new Set(ids), answers, ids }
    // Registered before any is dispatched: an answer sent at once (a refusal of the revision boundary) finds its batch.
    for (const id of ids) this.batchOf.set(id, batch)
    for (const entry of entries) {
      if (!("message" in entry)) continue
      const m = entry.message as { id?: unknown; method?: unknown }
      if (typeof m.method === "string" && isRequestId(m.id) && !ids.includes(m.id)) continue
      this.track(entry.message)
      this.onmessage?.(entry.message)
    }
    this.finishBatch(batch)
  }

  /** A batch all of whose requests are answered (or cancelled): its line, then its requests settled. */
  private finishBatch(batch: Batch) {
    if (batch.waiting.size > 0) return
    // JSON-RPC 2.0 §6: a batch of notifications only is answered with nothing at all.
    const written = batch.answers.length === 0 ? Promise.resolve() : this.writeLine(batchAnswer(batch.answers))
    void written.then(() => {
      for (const id of batch.ids) this.settle(id)
    })
  }

  /** A request of a batch that will get no answer (cancelled, or a listen stream released): the batch waits no more. */
  private dropFromBatch(id: unknown) {
    if (!isRequestId(id)) return
    const batch = this.batchOf.get(id)
    if (batch === undefined) return
    this.batchOf.delete(id)
    batch.waiting.delete(id)
    this.finishBatch(batch)
  }

  private reply(code: number, message: string, id?: string | number) {
    // An error whose request id cannot be read: JSON-RPC 2.0's `"id": null` where the negotiated revision's schema
    // requires the member (2025-06-18 and earlier), no id where it is optional and never null (2025-11-25,
    // 2026-07-28 basic/index "Error Responses"; and before any handshake).
    const error = { jsonrpc: "2.0", ...errorIdMember(id, this.revision()), error: { code, message } }
    void this.writeLine(JSON.stringify(error))
    process.stderr.write(`skc mcp: ${message}\n`)
  }

  async start(): Promise<void> {
    this.input.on("data", this.onData)
    this.input.on("end", this.onEnd)
    this.input.on("error", this.onStreamError)
  }

  /**
   * Write one line; resolves once it is written or stdout has drained. While
   * stdout is backed up, reading stops, and every waiting line shares one
   * `drain` listener (a listener per answer leaked: MaxListenersExceededWarning).
   */
  private writeLine(text: string): Promise<void> {
    if (this.output.write(text + "\n") && this.drained === undefined) return Promise.resolve()
    if (this.drained === undefined) {
      this.drained = new Promise<void>((resolve) => {
        const done = () => {
          this.output.off("drain", done)
          this.output.off("close", done)
          this.drained = undefined
          resolve()
          this.resumeInput()
        }
        this.output.on("drain", done)
        // A closed stdout never drains: nothing waits for it.
        this.output.on("close", done)
      })
      this.pauseInput()
    }
    return this.drained
  }

  send(message: JSONRPCMessage): Promise<void> {
    const out = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } }
    if (typeof out.method === "string" && isRequestId(out.id)) {
      this.asked.add(out.id)
      // Requests read may wait for its answer: reading goes on (mustWait).
      this.resumeInput()
    } else if (out.method === "notifications/cancelled" && isRequestId(out.params?.requestId)) {
      // The server gave up waiting (the roots timeout): no answer is waited for.
      this.asked.delete(out.params.requestId)
    }
    const answered = message as { id?: unknown; method?: unknown }
    const batch = answered.method === undefined && isRequestId(answered.id) ? this.batchOf.get(answered.id) : undefined
    if (batch !== undefined && isRequestId(answered.id)) {
      // An answer to a request of a batch waits for the others: the batch is answered with one line.
      this.batchOf.delete(answered.id)
      batch.waiting.delete(answered.id)
      batch.answers.push(boundedResponse(message))
      this.finishBatch(batch)
      return Promise.resolve()
    }
    return this.writeLine(boundedResponse(message)).then(() => {
      // An answer (result or error) to a request read: at end of input, the last one closes.
      const m = message as { id?: unknown; method?: unknown }
      if (m.method === undefined) this.settle(m.id)
    })
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.input.off("data", this.onData)
    this.input.off("end", this.onEnd)
    this.input.off("error", this.onStreamError)
    this.chunks = []
    this.held = undefined
    this.onclose?.()
  }
}
