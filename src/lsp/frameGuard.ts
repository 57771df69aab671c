/**
 * The frames an editor sends, checked before vscode-jsonrpc reads them: a `Content-Length` that is no
 * length (`-5`) was taken as one and the next message swallowed without a word, and one of 99999999999
 * held every later message while the bytes after it piled up in memory (an editor probe: 40 MB and no
 * answer). Such a header is the reader's header error here, which the server reports and ends on
 * (server.ts `unframed`: where the next message starts is lost). Everything else passes through unchanged;
 * a header without a `Content-Length` is left to the reader, which says so itself.
 */
import { Transform, type TransformCallback } from "node:stream"

/** The largest message skc lsp reads: far above any skill file an editor sends (a 5 MB SKILL.md is ~6 MB of JSON). */
export const MAX_FRAME_BYTES = 256 * 1024 * 1024
/** The longest header block: headers are a line or two. */
const MAX_HEADER_BYTES = 64 * 1024
const HEADER_END = Buffer.from("\r\n\r\n")

export class FrameGuard extends Transform {
  private header = Buffer.alloc(0)
  private bodyLeft = 0

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = chunk
    while (data.length > 0) {
      if (this.bodyLeft > 0) {
        const n = Math.min(this.bodyLeft, data.length)
        this.push(data.subarray(0, n))
        this.bodyLeft -= n
        data = data.subarray(n)
        continue
      }
      const held = this.header.length === 0 ? data : Buffer.concat([this.header, data])
      const end = held.indexOf(HEADER_END)
      if (end === -1) {
        if (held.length > MAX_HEADER_BYTES) return done(new Error(`a header of more than ${MAX_HEADER_BYTES / 1024} KB without its end (an empty line)`))
        this.header = Buffer.from(held)
        break
      }
      const text = held.subarray(0, end).toString("latin1")
      // Two Content-Length headers: the reader keeps the last, a check of the first would let the other through.
      const lengths = [...text.matchAll(/^content-length[ \t]*:[ \t]*(.*)$/gim)].map((m) => m[1]!.trim())
      if (lengths.length > 1) return done(new Error(`${lengths.length} Content-Length headers in one message: which one is its length cannot be told`))
      const length = lengths[0]
      if (length !== undefined && !(/^\d{1,10}$/.test(length) && Number(length) <= MAX_FRAME_BYTES)) {
        return done(new Error(`Content-Length '${length.slice(0, 32)}' is no length skc lsp reads (a whole number of bytes up to ${MAX_FRAME_BYTES / 1024 / 1024} MiB)`))
      }
      this.push(held.subarray(0, end + HEADER_END.length))
      this.bodyLeft = length === undefined ? 0 : Number(length)
      this.header = Buffer.alloc(0)
      data = held.subarray(end + HEADER_END.length)
    }
    done()
  }

  /** The bytes of a header that never ended go to the reader as they are: it decides what they are. */
  override _flush(done: TransformCallback): void {
    if (this.header.length > 0) this.push(this.header)
    done()
  }
}
