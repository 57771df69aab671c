/**
 * The state of one inline flattening (inline.ts), explicit: the text pieces
 * kept so far, the delimiter stack (emphasis, emphasis.ts) and the bracket
 * stack (links and images, inlineLinks.ts), and the position in the source.
 * One class with fixed fields, created once per heading that holds markup, so
 * that every construct's function sees the same shape.
 */

export interface Delimiter {
  readonly cc: number
  count: number
  readonly part: number
  prev: Delimiter | null
  next: Delimiter | null
  readonly canOpen: boolean
  readonly canClose: boolean
}

export interface Bracket {
  readonly part: number
  readonly image: boolean
  readonly prev: Bracket | null
  readonly prevDelimiter: Delimiter | null
  /** Offset of the `[`. */
  readonly index: number
  bracketAfter: boolean
  active: boolean
}

export class InlineState {
  readonly parts: Array<string> = []
  // Parts that are plain source text, whose trailing spaces a line break eats.
  readonly plain: Array<boolean> = []
  // Raw HTML parts, and the part ranges [from, to) of matched images.
  readonly htmlParts: Array<number> = []
  readonly imageRanges: Array<number> = []
  delimiters: Delimiter | null = null
  brackets: Bracket | null = null
  readonly n: number
  pos = 0

  constructor(
    readonly source: string,
    readonly isDefined: (label: string) => boolean
  ) {
    this.n = source.length
  }

  push(text: string, isPlain: boolean): number {
    this.parts.push(text)
    this.plain.push(isPlain)
    return this.parts.length - 1
  }

  removeDelimiter(d: Delimiter): void {
    if (d.prev !== null) d.prev.next = d.next
    if (d.next === null) this.delimiters = d.prev
    else d.next.prev = d.prev
  }

  skipLeadingSpaces(): void {
    const source = this.source
    while (this.pos < this.n && (source.charCodeAt(this.pos) === 32 || source.charCodeAt(this.pos) === 9)) this.pos++
  }
}
