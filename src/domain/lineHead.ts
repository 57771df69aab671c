/**
 * The first `n` lines of a file read in pieces (issue 29 item 1). A line
 * ends at LF, CRLF or a lone CR, as outline, show and lint count lines. `open
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
  /**
   * Set when the byte cap (not the line count) cut the head inside a line: that line's bytes after the cut,
   * its line end left out. `more` then counts that line's rest as one line, as before.
   */
  readonly cutLineLeft?: number
}

/**
 * The most bytes a head keeps, however few lines it holds: a file without
 * newlines (a 232 MB blob, a minified bundle) would otherwise be "one line"
 * kept whole (issue 29 item 1). 256 KiB is far more than an agent reads of
 * one line, and its answer (base64 in both the text and the structured
 * content, for a binary head) stays well under a megabyte on the wire.
 */
export const HEAD_MAX_BYTES = 256 * 1024

/** Back off from a cut at `at` to the start of the UTF-8 character it falls in (at most 3 bytes). */
const charBoundary = (chunk: Uint8Array, at: number): number => {
  let i = at
  while (i > 0 && at - i < 3 && (chunk[i]! & 0xc0) === 0x80) i--
  return i
}

export class LineHead {
  private readonly kept: Array<Uint8Array> = []
  private keptBytes = 0
  private seen = 0
  private cut = false
  private after = 0
  private more = 0
  private last = -1
  private lfOfCut = false
  private binary = false
  /** The byte cap cut inside a line: its bytes after the cut are counted until its line end. */
  private capCut = false
  private capLineOpen = false
  private capLeft = 0
  private readonly decoder = new TextDecoder("utf-8", { fatal: true })
  private readonly maxLines: number

  private readonly maxBytes: number

  constructor(maxLines: number, maxBytes: number = HEAD_MAX_BYTES) {
    this.maxLines = maxLines
    this.maxBytes = maxBytes
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
    // The head was cut just after a CR that ended the last piece: an LF right after it is that line's end too.
    if (this.lfOfCut) {
      this.lfOfCut = false
      if (chunk[0] === 10) {
        this.kept.push(Uint8Array.of(10))
        this.keptBytes++
        i = 1
      }
    }
    if (!this.cut) {
      const room = this.maxBytes - this.keptBytes
      const end = Math.min(chunk.length, room)
      for (; i < end; i++) {
        const b = chunk[i]!
        if ((b === 13 || (b === 10 && (i === 0 ? this.last : chunk[i - 1]) !== 13)) && ++this.seen === this.maxLines) {
          i++
          this.cut = true
          // A CRLF's LF stays with its line.
          if (b === 13) {
            if (i === chunk.length) this.lfOfCut = true
            else if (chunk[i] === 10) i++
          }
          break
        }
      }
      // The byte cap reached first: cut there, on a character boundary.
      if (!this.cut && end === room && room < chunk.length) {
        i = charBoundary(chunk, i)
        this.cut = true
        this.capCut = true
        this.capLineOpen = true
      }
      // A copy (not `slice`, which is a view on a Buffer): the reader reuses its buffer for the next piece.
      const copy = new Uint8Array(i)
      copy.set(chunk.subarray(0, i))
      this.kept.push(copy)
      this.keptBytes += i
    }
    if (this.cut) {
      if (this.capLineOpen) {
        // The cut line's rest: up to its first CR or LF (a CRLF's LF follows its CR).
        const cr = chunk.indexOf(13, i)
        const lf = chunk.indexOf(10, i)
        const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf)
        if (end === -1) this.capLeft += chunk.length - i
        else {
          this.capLeft += end - i
          this.capLineOpen = false
        }
      }
      this.after += chunk.length - i
      // indexOf is the engine's memchr: counting the lines of a 232 MB file stays cheap. A line ends at a CR,
      // or at an LF that does not follow one (CRLF is one end), as the other commands count lines.
      for (let at = chunk.indexOf(13, i); at !== -1; at = chunk.indexOf(13, at + 1)) this.more++
      for (let at = chunk.indexOf(10, i); at !== -1; at = chunk.indexOf(10, at + 1)) if ((at === 0 ? this.last : chunk[at - 1]) !== 13) this.more++
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
    const more = this.after === 0 ? 0 : this.more + (this.last === 10 || this.last === 13 ? 0 : 1)
    return { head, more, binary: this.binary, ...(this.capCut ? { cutLineLeft: this.capLeft } : {}) }
  }
}

/** The same over bytes already in memory. */
export const lineHeadOf = (bytes: Uint8Array, maxLines: number, maxBytes: number = HEAD_MAX_BYTES): LineHeadResult => {
  const h = new LineHead(maxLines, maxBytes)
  h.push(bytes)
  return h.finish()
}

/**
 * The byte offset where line `n` (1-based) of `bytes` starts, a line ending at LF, CRLF or a lone CR as
 * above; undefined when `bytes` ends before it (`open --from-line`).
 */
export const lineStartOffset = (bytes: Uint8Array, n: number): number | undefined => {
  if (n <= 1) return 0
  let seen = 0
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if (b !== 10 && b !== 13) continue
    if (b === 13 && bytes[i + 1] === 10) i++
    if (++seen === n - 1) return i + 1
  }
  return undefined
}

/** How many line ends `bytes` holds (LF, CRLF or a lone CR each one). */
export const lineEndCount = (bytes: Uint8Array): number => {
  let n = 0
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if (b === 13) {
      n++
      if (bytes[i + 1] === 10) i++
    } else if (b === 10) n++
  }
  return n
}

/** How many lines `bytes` holds: its line ends, and a last line without one. */
export const lineCount = (bytes: Uint8Array): number => {
  const last = bytes[bytes.length - 1]
  return lineEndCount(bytes) + (last === undefined || last === 10 || last === 13 ? 0 : 1)
}

/** A page of text cut to a byte budget at a line's end (`pageOfBytes`). */
export interface BytePage {
  /** The whole lines that fit; or, when the first line alone is longer than the budget, its first bytes. */
  readonly head: Uint8Array
  /** Lines after the head's last line (a last line without its newline counts); 0 when all of `bytes` fit. */
  readonly more: number
  /** When the first line was cut (longer than the budget): the bytes of it left out, its line end excluded. */
  readonly lineLeft?: number
}

/**
 * The lines of `bytes` that fit in `budget` bytes, cut after a line's end (LF, CRLF or a lone CR): a page of
 * a long file or section over MCP (`max_bytes` of show and open), which the next page continues at a line.
 * A first line longer than the budget is cut at the budget (on a character's boundary) and says how much of
 * it is left (`lineLeft`): a minified file of one 1 MB line came back whole, 2 MB of answer, where the
 * budget is 40 KB (a probe).
 */
export const pageOfBytes = (bytes: Uint8Array, budget: number, cost?: (byte: number) => number): BytePage => {
  if (cost === undefined && bytes.length <= budget) return { head: bytes, more: 0 }
  const costOf = cost ?? (() => 1)
  let used = 0
  let end = 0
  let over = false
  // The first line's text end and the offset after its line end (the whole input when it has none).
  let first: { readonly text: number; readonly next: number } | undefined
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    used += costOf(b)
    if (b !== 10 && b !== 13) continue
    const lineEnd = b === 13 && bytes[i + 1] === 10 ? i + 2 : i + 1
    if (lineEnd === i + 2) used += costOf(10)
    first ??= { text: i, next: lineEnd }
    if (used > budget) {
      over = true
      break
    }
    end = lineEnd
    i = lineEnd - 1
  }
  // Every byte counted within the budget (a last line without its line end included): the whole of it.
  if (!over && used <= budget) return { head: bytes, more: 0 }
  if (end === 0) {
    // The first line alone is over the budget: its first bytes, and how many of it are left.
    const { text, next } = first ?? { text: bytes.length, next: bytes.length }
    let cut = 0
    for (let spent = 0; cut < text && spent + costOf(bytes[cut]!) <= budget; cut++) spent += costOf(bytes[cut]!)
    while (cut > 0 && (bytes[cut]! & 0xc0) === 0x80) cut--
    return { head: bytes.subarray(0, cut), more: lineCount(bytes.subarray(next)), lineLeft: text - cut }
  }
  if (end >= bytes.length) return { head: bytes, more: 0 }
  return { head: bytes.subarray(0, end), more: lineCount(bytes.subarray(end)) }
}

/**
 * What a byte of text costs inside a JSON string (`--format json`, an MCP result): a quote, a backslash or
 * a line end two bytes, another control character six (`\u0001`). A page of short CRLF lines measured as raw
 * bytes printed `--max-bytes 4096 --format json` as 5,276 bytes.
 */
export const jsonStringByteCost = (b: number): number =>
  b === 0x22 || b === 0x5c || b === 8 || b === 9 || b === 10 || b === 12 || b === 13 ? 2 : b < 0x20 ? 6 : 1
