/**
 * Block starts: the container starts (CommonMark 5: block quotes, list
 * items) and `startBlock`, which tries every start in commonmark.js's order
 * on the line's first non-space. Each returns 0 (no match), 1 (container
 * opened: the caller looks for further starts inside it) or 2 (leaf opened).
 * The leaf starts are in leafStarts.ts.
 */
import { addChild, closeUnmatchedBlocks } from "./blockTree.js"
import { atxStart, fenceStart, htmlStart, indentedCodeStart, setextStart, thematicBreakStart } from "./leafStarts.js"
import { type Block, C_GT, isSpaceOrTab, Kind, type ScanState, type StartResult } from "./scanState.js"

/**
 * The deepest container nesting the scanner opens (issue 19). Beyond it a
 * `>` or list marker is text: a line of 250,000 `>` no longer builds as many
 * blocks (memory, and collection time growing faster than the input). Far
 * beyond any real document; remark is given only documents nested ≤ 100
 * (ast.ts), so both readers agree wherever both read.
 */
export const MAX_SCAN_NESTING = 1000

export const startBlock = (s: ScanState, container: Block): StartResult => {
  const kind = container.kind
  return (
    blockQuoteStart(s) ||
    atxStart(s) ||
    fenceStart(s) ||
    htmlStart(s, kind) ||
    setextStart(s, kind) ||
    thematicBreakStart(s) ||
    listItemStart(s, kind, container) ||
    indentedCodeStart(s)
  )
}

const blockQuoteStart = (s: ScanState): 0 | 1 => {
  if (s.indented || s.line.charCodeAt(s.nextNonspace) !== C_GT || s.stack.length > MAX_SCAN_NESTING) return 0
  s.advanceNextNonspace()
  s.advanceOffset(1, false)
  if (isSpaceOrTab(s.line.charCodeAt(s.offset))) s.advanceOffset(1, true)
  closeUnmatchedBlocks(s)
  addChild(s, Kind.BlockQuote)
  s.sawContainer = true
  return 1
}

/**
 * The end of a list marker at the line's first non-space (`-`, `+`, `*`, or
 * up to nine digits and `.` or `)`), or -1. The marker character (bullet or
 * ordered delimiter) is the one just before the end.
 */
const listMarkerEnd = (s: ScanState): number => {
  const line = s.line
  const nextNonspace = s.nextNonspace
  const c = line.charCodeAt(nextNonspace)
  if (c === 42 || c === 43 || c === 45) return nextNonspace + 1
  if (c < 48 || c > 57) return -1
  let i = nextNonspace
  while (i < line.length && i - nextNonspace < 10) {
    const d = line.charCodeAt(i)
    if (d < 48 || d > 57) break
    i++
  }
  const digits = i - nextNonspace
  const d = line.charCodeAt(i)
  if (digits > 9 || (d !== 46 && d !== 41)) return -1
  // Only an ordered list starting at 1 may interrupt (micromark: the
  // single digit `1`, so `01.` may not).
  const startsAtOne = digits === 1 && c === 49
  if (s.interrupt && !startsAtOne) return -1
  return i + 1
}

const listItemStart = (s: ScanState, containerKind: Kind, container: Block): 0 | 1 => {
  // (containerKind is only consulted for the indented-marker rule.)
  if (s.indented && containerKind !== Kind.List) return 0
  if (s.stack.length > MAX_SCAN_NESTING) return 0
  if (s.indent >= 4) return 0
  const markerEnd = listMarkerEnd(s)
  if (markerEnd === -1) return 0
  const line = s.line
  const first = line.charCodeAt(s.nextNonspace)
  const ordered = first >= 48 && first <= 57
  const marker = line.charCodeAt(markerEnd - 1)
  const after = line.charCodeAt(markerEnd)
  if (markerEnd < line.length && !isSpaceOrTab(after)) return 0
  if (s.interrupt) {
    // An empty item cannot interrupt.
    let i = markerEnd
    while (i < line.length && isSpaceOrTab(line.charCodeAt(i))) i++
    if (i === line.length) return 0
  }
  const markerOffset = s.indent
  const markerLength = markerEnd - s.nextNonspace
  s.advanceNextNonspace()
  s.advanceOffset(markerLength, true)
  const spacesStartCol = s.column
  const spacesStartOffset = s.offset
  let next = 0
  do {
    s.advanceOffset(1, true)
    next = line.charCodeAt(s.offset)
  } while (s.column - spacesStartCol < 5 && isSpaceOrTab(next))
  const blankItem = s.offset >= line.length
  const spacesAfterMarker = s.column - spacesStartCol
  let padding: number
  if (spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem) {
    padding = markerLength + 1
    s.column = spacesStartCol
    s.offset = spacesStartOffset
    if (isSpaceOrTab(line.charCodeAt(s.offset))) s.advanceOffset(1, true)
  } else {
    padding = markerLength + spacesAfterMarker
  }
  closeUnmatchedBlocks(s)
  const tip = s.stack[s.stack.length - 1]
  if (tip.kind !== Kind.List || container.ordered !== ordered || container.marker !== marker) {
    const list = addChild(s, Kind.List)
    list.ordered = ordered
    list.marker = marker
  }
  const item = addChild(s, Kind.Item)
  s.sawContainer = true
  item.markerOffset = markerOffset
  item.padding = padding
  return 1
}
