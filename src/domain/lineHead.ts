/**
 * The first `n` lines of a file read in pieces (issue 29 item 1): `open
 * --max-lines n` needs those lines, how many lines follow (its
 * `... (N more lines)` marker) and whether the whole file is text (NUL-free,
 * valid UTF-8: RFC-0002:C-OPEN's binary rule, DECISIONS #36). All three come
 * from one pass over the pieces, keeping only the head: a 232 MB file with
 * `--max-lines 3` costs one 64 KB buffer, not 232 MB.
 */
export interface LineHeadResult {
  /** The first `n` lines, line endings kept (the whole file when it has no more). */
  readonly head: Uint8Array
  /** Lines after the head (a last line without its newline counts). */
  readonly more: number
  /** Whether the whole file holds a NUL byte or is not valid UTF-8. */
  readonly binary: boolean
}

export class LineHead {
  private readonly kept: Array<Uint8Array> = []
  private seen = 0
  private cut = false
  private after = 0
  private more = 0
  private last = -1
  private binary = false
  private readonly decoder = new TextDecoder("utf-8", { fatal: true })
  private readonly maxLines: number

  constructor(maxLines: number) {
    this.maxLines = maxLines
  }

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return
    if (!this.binary) {
      if (chunk.includes(0)) this.binary = true
      else {
        try {
          this.decoder.decode(chunk, { stream: true })
        } catch {
          this.binary = true
        }
      }
    }
    let i = 0
    if (!this.cut) {
      for (; i < chunk.length; i++) {
        if (chunk[i] === 10 && ++this.seen === this.maxLines) {
          i++
          this.cut = true
          break
        }
      }
      // A copy (not `slice`, which is a view on a Buffer): the reader reuses its buffer for the next piece.
      const copy = new Uint8Array(i)
      copy.set(chunk.subarray(0, i))
      this.kept.push(copy)
    }
    if (this.cut) {
      this.after += chunk.length - i
      for (; i < chunk.length; i++) if (chunk[i] === 10) this.more++
    }
    this.last = chunk[chunk.length - 1]!
  }

  finish(): LineHeadResult {
    if (!this.binary) {
      try {
        this.decoder.decode()
      } catch {
        this.binary = true
      }
    }
    const length = this.kept.reduce((n, c) => n + c.length, 0)
    const head = new Uint8Array(length)
    let at = 0
    for (const c of this.kept) {
      head.set(c, at)
      at += c.length
    }
    const more = this.after === 0 ? 0 : this.more + (this.last === 10 ? 0 : 1)
    return { head, more, binary: this.binary }
  }
}

/** The same over bytes already in memory. */
export const lineHeadOf = (bytes: Uint8Array, maxLines: number): LineHeadResult => {
  const h = new LineHead(maxLines)
  h.push(bytes)
  return h.finish()
}
