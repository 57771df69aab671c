/**
 * The stdio transport of `skc mcp` (RFC-0007:C-MCP-SERVER): newline-delimited
 * JSON-RPC on stdin/stdout, nothing else on stdout.
 *
 * Unlike the SDK's StdioServerTransport, a bad line is answered instead of
 * only reported: malformed JSON gets a JSON-RPC -32700 Parse error, valid
 * JSON that is not a JSON-RPC message gets -32600 Invalid Request (with its
 * `id` when it has one), and the server goes on reading. End of stdin
 * closes the transport (the server then exits).
 */
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js"
import { JSONRPCMessageSchema, type JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js"

/** Lines longer than this are refused (and skipped up to the next newline) rather than buffered without bound. */
const MAX_LINE_BYTES = 64 * 1024 * 1024

export class LineTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void

  private chunks: Array<Buffer> = []
  private buffered = 0
  private skipping = false
  private closed = false

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout
  ) {}

  private readonly onData = (chunk: Buffer | string) => {
    let data = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk
    for (;;) {
      const nl = data.indexOf(10)
      if (nl === -1) {
        if (!this.skipping) {
          this.chunks.push(data)
          this.buffered += data.length
          if (this.buffered > MAX_LINE_BYTES) {
            this.chunks = []
            this.buffered = 0
            this.skipping = true
            this.reply(-32600, `Invalid Request: message larger than ${MAX_LINE_BYTES} bytes`)
          }
        }
        return
      }
      const head = data.subarray(0, nl)
      data = data.subarray(nl + 1)
      if (this.skipping) {
        this.skipping = false
        continue
      }
      const line = this.chunks.length === 0 ? head : Buffer.concat([...this.chunks, head])
      this.chunks = []
      this.buffered = 0
      this.handleLine(line.toString("utf8").replace(/\r$/, ""))
    }
  }

  private readonly onEnd = () => void this.close()
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
    const message = JSONRPCMessageSchema.safeParse(parsed)
    if (!message.success) {
      const id = typeof parsed === "object" && parsed !== null ? (parsed as { id?: unknown }).id : undefined
      this.reply(-32600, "Invalid Request: not a JSON-RPC 2.0 message", typeof id === "string" || typeof id === "number" ? id : undefined)
      return
    }
    this.onmessage?.(message.data as JSONRPCMessage)
  }

  private reply(code: number, message: string, id?: string | number) {
    const error = id === undefined ? { jsonrpc: "2.0", error: { code, message } } : { jsonrpc: "2.0", id, error: { code, message } }
    this.output.write(JSON.stringify(error) + "\n")
    process.stderr.write(`skc mcp: ${message}\n`)
  }

  async start(): Promise<void> {
    this.input.on("data", this.onData)
    this.input.on("end", this.onEnd)
    this.input.on("error", this.onStreamError)
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(JSON.stringify(message) + "\n")) resolve()
      else this.output.once("drain", () => resolve())
    })
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.input.off("data", this.onData)
    this.input.off("end", this.onEnd)
    this.input.off("error", this.onStreamError)
    this.chunks = []
    this.onclose?.()
  }
}
