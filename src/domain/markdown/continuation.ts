/**
 * Whether an open block continues on the current line (the first phase of
 * CommonMark's block parsing, appendix "Phase 1: block structure"): each open
 * block, outermost first, consumes its prefix from the line or stops the
 * match there. Kept apart from the block starts because it runs for every
 * open container on every line that leaves the scanner's fast lanes.
 */
import { endCode } from "./blockTree.js"
import { type Block, C_GT, isSpaceOrTab, Kind, LAZY_ACTIVE, LAZY_PENDING, type ScanState } from "./scanState.js"

/** 0: matched (keep going), 1: no match, 2: line consumed. */
export const continues = (s: ScanState, block: Block): 0 | 1 | 2 => {
  switch (block.kind) {
    case Kind.Document:
    case Kind.List:
      return 0
    case Kind.BlockQuote:
      if (!s.indented && s.line.charCodeAt(s.nextNonspace) === C_GT) {
        s.advanceNextNonspace()
        s.advanceOffset(1, false)
        if (isSpaceOrTab(s.line.charCodeAt(s.offset))) s.advanceOffset(1, true)
        return 0
      }
      return 1
    case Kind.Item:
      if (s.blank) {
        if (!block.hasChild) return 1
        s.advanceNextNonspace()
        return 0
      }
      if (s.indent >= block.markerOffset + block.padding) {
        s.advanceOffset(block.markerOffset + block.padding, true)
        return 0
      }
      return 1
    case Kind.Heading:
    case Kind.ThematicBreak:
      return 1
    case Kind.FencedCode:
      return fencedCodeContinues(s, block)
    case Kind.IndentedCode:
      if (s.indent >= 4) {
        s.advanceOffset(4, true)
        // Only a second non-blank line makes lazy indented code interrupt.
        if (block.interrupts === LAZY_PENDING && !s.blank) block.interrupts = LAZY_ACTIVE
        // remark's indented code ends on its last line indented 4+ columns,
        // even one holding only whitespace.
        if (s.code !== undefined) block.lastLine = s.lineIndex + 1
      } else if (s.blank) s.advanceNextNonspace()
      else return 1
      return 0
    case Kind.Html:
      return s.blank && (block.htmlType === 6 || block.htmlType === 7) ? 1 : 0
    case Kind.Paragraph:
      return s.blank ? 1 : 0
  }
}

/** A closing fence consumes the line; otherwise up to the fence's indentation is stripped. */
const fencedCodeContinues = (s: ScanState, block: Block): 0 | 1 | 2 => {
  const line = s.line
  const nextNonspace = s.nextNonspace
  if (s.indent <= 3 && line.charCodeAt(nextNonspace) === block.fenceChar) {
    let end = nextNonspace
    while (end < line.length && line.charCodeAt(end) === block.fenceChar) end++
    if (end - nextNonspace >= block.fenceLength) {
      let rest = end
      while (rest < line.length && isSpaceOrTab(line.charCodeAt(rest))) rest++
      if (rest === line.length) {
        s.stack.pop()
        if (s.code !== undefined) endCode(s, block, s.lineIndex + 1)
        return 2
      }
    }
  }
  let i = block.fenceOffset
  while (i > 0 && isSpaceOrTab(line.charCodeAt(s.offset))) {
    s.advanceOffset(1, true)
    i--
  }
  return 0
}
