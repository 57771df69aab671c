/**
 * The scanner's line loop: every body line goes through CommonMark's block
 * phase (appendix "Phase 1: block structure", as commonmark.js does it):
 * match the open containers (continuation.ts), try block starts
 * (blockStarts.ts), then add the rest of the line to the tip or read it as a
 * lazy paragraph continuation. Most lines of real documents take one of the
 * fast lanes in `scanLines` instead and never reach `incorporateLine`.
 */
import { startBlock } from "./blockStarts.js"
import { acceptsLines, addChild, addParagraphLine, closeUnmatchedBlocks, finalizeTip } from "./blockTree.js"
import { continues } from "./continuation.js"
import { HTML_BLOCK_CLOSE } from "./leafStarts.js"
import { C_SPACE, C_TAB, FRESH, Kind, LAZY_ACTIVE, MAYBE_SPECIAL, type ScanState } from "./scanState.js"

/** Reads lines `from` (0-based) to the end, then closes every open block. */
export const scanLines = (s: ScanState, from: number): void => {
  const lines = s.lines
  const stack = s.stack
  const paraLines = s.paraLines
  const paraOffsets = s.paraOffsets
  for (let lineIndex = from; lineIndex < lines.length; lineIndex++) {
    const line = lines[lineIndex]
    s.lineIndex = lineIndex
    s.line = line
    // Fast lanes for the bulk of real documents, at the top level only:
    // lines that can neither close nor open anything but a paragraph are
    // decided by their first character, without the general machinery.
    // Each lane does exactly what incorporateLine would.
    let top = stack[stack.length - 1]
    if (stack.length === 2 && (top.kind === Kind.Heading || top.kind === Kind.ThematicBreak)) {
      stack.pop() // single-line leaves never continue
      top = stack[0]
    }
    const c = line.charCodeAt(0)
    const plain = c > C_SPACE && !(c < 128 && MAYBE_SPECIAL[c] === 1)
    if (stack.length === 1) {
      if (line.length === 0) continue
      if (plain) {
        addChild(s, Kind.Paragraph)
        paraLines[0] = lineIndex
        paraOffsets[0] = 0
        s.paraCount = 1
        continue
      }
    } else if (stack.length === 2) {
      if (top.kind === Kind.FencedCode) {
        if (c !== top.fenceChar && c !== C_SPACE && c !== C_TAB) continue
      } else if (top.kind === Kind.Paragraph) {
        if (plain) {
          paraLines[s.paraCount] = lineIndex
          paraOffsets[s.paraCount++] = 0
          continue
        }
        if (line.length === 0) {
          finalizeTip(s)
          continue
        }
      }
    }
    incorporateLine(s)
  }
  s.atEnd = true
  while (stack.length > 1) finalizeTip(s)
}

/** One line through the general machinery. */
const incorporateLine = (s: ScanState): void => {
  s.offset = 0
  s.column = 0
  s.blank = false
  s.partiallyConsumedTab = false
  const oldTip = s.stack.length - 1
  const container = matchContainers(s)
  if (container === -1) return
  noteInterrupt(s, container, oldTip)
  openNewBlocks(s, container)
  addLineToTip(s)
}

/** The deepest open block the line continues, or -1 when a block consumed the line. */
const matchContainers = (s: ScanState): number => {
  const stack = s.stack
  let container = 0
  for (let i = 1; i < stack.length; i++) {
    s.findNextNonspace()
    const result = continues(s, stack[i])
    if (result === 0) container = i
    else if (result === 2) return -1
    else break
  }
  return container
}

/** Sets what the line's block starts depend on: which blocks it closes, and micromark's `interrupt` (see ScanState). */
const noteInterrupt = (s: ScanState, container: number, oldTip: number): void => {
  s.allClosed = container === oldTip
  s.lastMatched = container
  s.openedContainer = false
  const previous = s.stack[oldTip]
  const leafOpen =
    previous.kind !== Kind.Document && previous.kind !== Kind.BlockQuote && previous.kind !== Kind.List && previous.kind !== Kind.Item
  s.containersContinued = container >= (leafOpen ? oldTip - 1 : oldTip)
  s.interrupt =
    s.containersContinued &&
    (previous.kind === Kind.Paragraph || (previous.kind === Kind.IndentedCode && (previous.interrupts === FRESH || previous.interrupts === LAZY_ACTIVE)))
}

/** Opens blocks for the starts on the line, containers first, until a leaf opens or none matches. */
const openNewBlocks = (s: ScanState, container: number): void => {
  const stack = s.stack
  let matchedLeaf = stack[container].kind !== Kind.Paragraph && acceptsLines(stack[container].kind)
  while (!matchedLeaf) {
    s.findNextNonspace()
    const c = s.line.charCodeAt(s.nextNonspace)
    if (!s.indented && !(c < 128 && MAYBE_SPECIAL[c] === 1)) {
      s.contentOffset = s.offset
      s.advanceNextNonspace()
      break
    }
    const result = startBlock(s, stack[container])
    if (result === 0) {
      s.contentOffset = s.offset
      s.advanceNextNonspace()
      break
    }
    container = stack.length - 1
    if (result === 2) matchedLeaf = true
    else s.openedContainer = true
  }
}

/** The rest of the line: a lazy continuation, the tip's content, or a new paragraph. */
const addLineToTip = (s: ScanState): void => {
  const stack = s.stack
  const tip = stack[stack.length - 1]
  if (!s.allClosed && !s.blank && tip.kind === Kind.Paragraph) {
    addParagraphLine(s) // lazy continuation
    return
  }
  closeUnmatchedBlocks(s)
  const target = stack[stack.length - 1]
  const line = s.line
  switch (target.kind) {
    case Kind.Paragraph:
      addParagraphLine(s)
      break
    case Kind.Html:
      if (target.htmlType >= 1 && target.htmlType <= 5 && HTML_BLOCK_CLOSE[target.htmlType].test(s.offset === 0 ? line : line.slice(s.offset))) {
        stack.pop()
      }
      break
    case Kind.IndentedCode:
      if (s.code !== undefined && !s.blank) target.lastLine = s.lineIndex + 1
      break
    case Kind.FencedCode:
    case Kind.Heading:
    case Kind.ThematicBreak:
      break
    default:
      if (s.offset < line.length && !s.blank) {
        addChild(s, Kind.Paragraph)
        s.advanceNextNonspace()
        s.paraCount = 0
        addParagraphLine(s)
      }
  }
}
