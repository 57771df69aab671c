/**
 * The block scanner's state (scan.ts), explicit: one ScanState per scan,
 * holding what every part of the scanner shares (the open blocks, the line
 * being read and the cursor on it, the open paragraph's lines, what has been
 * collected), and the cursor helpers that move over the line.
 *
 * One class with fixed fields, created once per scan, so that the parts
 * (blockStarts.ts, leafStarts.ts, continuation.ts, lineLoop.ts) all see the
 * same object shape: property access stays monomorphic in the per-line loop,
 * and nothing is allocated per line.
 */
import type { CodeBlock, HeadingLevel } from "./model.js"

export const enum Kind {
  Document,
  BlockQuote,
  List,
  Item,
  Paragraph,
  Heading,
  ThematicBreak,
  FencedCode,
  IndentedCode,
  Html
}

export const C_TAB = 9
export const C_SPACE = 32
export const C_GT = 62

export const NONE = 0
export const LAZY_PENDING = 1
export const FRESH = 2
export const LAZY_ACTIVE = 3

export const isSpaceOrTab = (c: number): boolean => c === C_SPACE || c === C_TAB

// First characters that can begin a block other than a paragraph.
export const MAYBE_SPECIAL = new Uint8Array(128)
for (const c of "#`~*+_=<>0123456789-") MAYBE_SPECIAL[c.charCodeAt(0)] = 1

export class Block {
  hasChild = false
  // List
  ordered = false
  marker = 0 // bullet character or ordered delimiter
  // Item
  markerOffset = 0
  padding = 0
  // Fenced code
  fenceChar = 0
  fenceLength = 0
  fenceOffset = 0
  // HTML block
  htmlType = 0
  // Indented code and micromark's `interrupt` (see there): FRESH always
  // interrupts; LAZY_PENDING (opened on a line that closed containers) starts
  // to once it has a second non-blank line (LAZY_ACTIVE).
  interrupts = NONE
  // Code blocks, when collected (scanCodeBlocks): first line, last non-blank
  // line so far (indented code), info string's first word (fenced code).
  startLine = 0
  lastLine = 0
  lang: string | undefined = undefined
  constructor(public kind: Kind) {}
}

export interface RawHeading {
  readonly level: HeadingLevel
  readonly content: string
  readonly line: number
}

export interface CodeCollector {
  readonly blocks: Array<CodeBlock>
  exact: boolean
  bodyHasLinkSyntax: boolean
  /** The line of the fenced code block still open when the document ended: exact in any container. */
  openFenceLine: number | undefined
}

/** A block start's answer: 0 no match, 1 container opened, 2 leaf opened. */
export type StartResult = 0 | 1 | 2

export class ScanState {
  // Set once every line is read: blocks still open end with the document.
  atEnd = false
  // Set once a block quote or list item opened (scanCodeBlocks' caution).
  sawContainer = false

  readonly raw: Array<RawHeading> = []
  readonly definitions = new Set<string>()

  readonly stack: Array<Block> = [new Block(Kind.Document)]
  // The open paragraph (always the tip when open): its lines and offsets.
  // Reused across paragraphs; only `paraCount` entries are live.
  readonly paraLines: Array<number> = []
  readonly paraOffsets: Array<number> = []
  paraCount = 0

  line = ""
  lineIndex = 0
  offset = 0
  column = 0
  nextNonspace = 0
  nextNonspaceColumn = 0
  indent = 0
  indented = false
  blank = false
  partiallyConsumedTab = false
  allClosed = true
  lastMatched = 0
  // micromark's document-level "interrupt": set when every container
  // continued and the open leaf is a paragraph or indented code; it then
  // rules list item starts for the whole line, also inside containers opened
  // on it. CommonMark only asks "is the container a paragraph"; remark's
  // answer is the one the two paths must share. Indented code counts across
  // blank lines when it opened in a fresh micromark flow (every container
  // continued, or a container opened on its line); opened on a line that
  // closed containers (micromark writes that line to the old flow), it counts
  // only from its second non-blank line on. Observed behaviour, pinned by the
  // differential tests.
  interrupt = false
  containersContinued = true
  // A container opened on this line: micromark then starts a fresh flow.
  openedContainer = false

  // Where the line's content starts once container prefixes are consumed.
  // Continuation lines keep their own leading whitespace: remark strips it
  // from text but keeps it inside a code span running over the line break.
  contentOffset = 0

  // The first non-space of the line, found once per line (issue 19): each of
  // n nested containers asks again from a later offset, and rescanning the
  // remaining indentation every time made a list nested n deep cost n³.
  // Reused only when no tab lies in between (tabs make columns depend on the
  // starting column).
  spanLine = -1
  spanFrom = 0
  spanTo = 0
  spanHasTab = false

  // Per line and marker: the last index holding neither the marker nor a
  // space or tab. `- - - … x` nests one list item per marker and asks at each
  // whether the rest of the line is a thematic break; scanning the rest every
  // time was quadratic in the line (issue 19). -2: not computed yet.
  breakLine = -1
  readonly lastOther = [-2, -2, -2]

  constructor(
    readonly lines: ReadonlyArray<string>,
    readonly code: CodeCollector | undefined,
    // remark ends an unclosed fence at the document's end position, which is
    // one line past the last when the source ends with a line ending.
    readonly endsWithLineEnding: boolean
  ) {}

  findNextNonspace(): void {
    const line = this.line
    if (this.spanLine === this.lineIndex && !this.spanHasTab && this.offset >= this.spanFrom && this.offset <= this.spanTo && !this.partiallyConsumedTab) {
      this.blank = this.spanTo >= line.length
      this.nextNonspace = this.spanTo
      this.nextNonspaceColumn = this.column + (this.spanTo - this.offset)
      this.indent = this.nextNonspaceColumn - this.column
      this.indented = this.indent >= 4
      return
    }
    let i = this.offset
    let cols = this.column
    let c = 0
    let sawTab = false
    while (i < line.length) {
      c = line.charCodeAt(i)
      if (c === C_SPACE) {
        i++
        cols++
      } else if (c === C_TAB) {
        i++
        cols += 4 - (cols % 4)
        sawTab = true
      } else break
    }
    this.spanLine = this.lineIndex
    this.spanFrom = this.offset
    this.spanTo = i
    this.spanHasTab = sawTab
    this.blank = i >= line.length
    this.nextNonspace = i
    this.nextNonspaceColumn = cols
    this.indent = cols - this.column
    this.indented = this.indent >= 4
  }

  advanceNextNonspace(): void {
    this.offset = this.nextNonspace
    this.column = this.nextNonspaceColumn
    this.partiallyConsumedTab = false
  }

  advanceOffset(count: number, columns: boolean): void {
    const line = this.line
    while (count > 0 && this.offset < line.length) {
      if (line.charCodeAt(this.offset) === C_TAB) {
        const charsToTab = 4 - (this.column % 4)
        if (columns) {
          this.partiallyConsumedTab = charsToTab > count
          const charsToAdvance = charsToTab > count ? count : charsToTab
          this.column += charsToAdvance
          this.offset += this.partiallyConsumedTab ? 0 : 1
          count -= charsToAdvance
        } else {
          this.partiallyConsumedTab = false
          this.column += charsToTab
          this.offset += 1
          count -= 1
        }
      } else {
        this.partiallyConsumedTab = false
        this.offset += 1
        this.column += 1
        count -= 1
      }
    }
  }

  /** See `lastOther`: the last index of the line holding neither `c` nor a space or tab. */
  lastOtherThan(c: number): number {
    const lastOther = this.lastOther
    if (this.breakLine !== this.lineIndex) {
      this.breakLine = this.lineIndex
      lastOther[0] = lastOther[1] = lastOther[2] = -2
    }
    const slot = c === 42 ? 0 : c === 45 ? 1 : 2
    if (lastOther[slot] === -2) {
      const line = this.line
      let i = line.length - 1
      while (i >= 0) {
        const d = line.charCodeAt(i)
        if (d !== c && !isSpaceOrTab(d)) break
        i--
      }
      lastOther[slot] = i
    }
    return lastOther[slot]
  }
}
