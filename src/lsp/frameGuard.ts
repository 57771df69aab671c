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
/** A header field as HTTP spells one (RFC 9110 §5, RFC 9112 §5.1: no whitespace before the colon): a token, a colon, its value. */
const HEADER_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/

/** Whether `bytes` hold a line feed not preceded by a carriage return. */
const bareLineFeed = (bytes: Buffer): boolean => {
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) if (i === 0 || bytes[i - 1] !== 13) return true
  return false
}

export class FrameGuard extends Transform {
  private header = Buffer.alloc(0)
  private bodyLeft = 0
  /** Whole headers passed on: none yet means a bad header cannot be blamed on a previous message's length. */
  framesPassed = 0

  /** A message is being received: its header or body begun and not yet whole (the server's lint window waits for it). */
  get midFrame(): boolean {
    return this.bodyLeft > 0 || this.header.length > 0
  }

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
      // A header line ended by a bare line feed (`Content-Length: 44\n\n{…}`): the frame's end is never read, so
      // the next well-framed message was swallowed into this header and blamed for it (an editor probe: -32700
      // about valid bytes). Said at once, in the frame's own terms.
      const bare = bareLineFeed(end === -1 ? held : held.subarray(0, end + 2))
      if (bare) return done(new Error("a header line ends in a bare line feed (\\n): each header line ends in \\r\\n, and an empty line (\\r\\n) ends the header"))
      if (end === -1) {
        if (held.length > MAX_HEADER_BYTES) return done(new Error(`a header of more than ${MAX_HEADER_BYTES / 1024} KB without its end (an empty line)`))
        this.header = Buffer.from(held)
        break
      }
      const text = held.subarray(0, end).toString("latin1")
      const odd = text.split("\r\n").find((line) => !HEADER_LINE.test(line))
      // Most often the previous message's Content-Length was short and its last bytes are read here (the line is
      // not quoted: it is message text, which the editor's log would show as a header).
      if (odd !== undefined) {
        return done(
          new Error(
            this.framesPassed === 0
              ? "the first bytes are no header ('Name: value' lines, no space before the colon, then an empty line)"
              : "the bytes after the previous message are no header ('Name: value' lines, no space before the colon): that message's Content-Length may be wrong, or this header is malformed"
          )
        )
      }
      // Two Content-Length headers: the reader keeps the last, a check of the first would let the other through.
      const lengths = [...text.matchAll(/^content-length[ \t]*:[ \t]*(.*)$/gim)].map((m) => m[1]!.trim())
      if (lengths.length > 1) return done(new Error(`${lengths.length} Content-Length headers in one message: which one is its length cannot be told`))
      const length = lengths[0]
      if (length !== undefined && !(/^\d{1,10}$/.test(length) && Number(length) <= MAX_FRAME_BYTES)) {
        return done(new Error(`Content-Length '${length.slice(0, 32)}' is no length skc lsp reads (a whole number of bytes up to ${MAX_FRAME_BYTES / 1024 / 1024} MiB)`))
      }
      this.push(held.subarray(0, end + HEADER_END.length))
      this.framesPassed += 1
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
