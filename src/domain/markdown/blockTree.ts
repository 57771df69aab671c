/**
 * The open blocks of the scan (ScanState's stack) and what happens when one
 * opens or closes: containment (CommonMark 4 and 5: which block may hold
 * which), finalising a block (a paragraph gives up its leading link
 * reference definitions, a code block is recorded for scanCodeBlocks), and
 * the open paragraph's lines. Shared by the block starts and the line loop.
 */
import { Block, type CodeCollector, isSpaceOrTab, Kind, type ScanState } from "./scanState.js"
import { scanDefinition } from "./syntax.js"

const canContain = (parent: Kind, child: Kind): boolean => {
  switch (parent) {
    case Kind.Document:
    case Kind.BlockQuote:
    case Kind.Item:
      return child !== Kind.Item
    case Kind.List:
      return child === Kind.Item
    default:
      return false
  }
}

export const acceptsLines = (kind: Kind): boolean =>
  kind === Kind.Paragraph || kind === Kind.FencedCode || kind === Kind.IndentedCode || kind === Kind.Html

export const paragraphText = (s: ScanState): string => {
  const lines = s.lines
  const paraLines = s.paraLines
  const paraOffsets = s.paraOffsets
  let text = lines[paraLines[0]].slice(paraOffsets[0])
  for (let i = 1; i < s.paraCount; i++) text += "\n" + lines[paraLines[i]].slice(paraOffsets[i])
  return text
}

/** Consumes leading definitions of the open paragraph; returns chars consumed. */
export const takeDefinitions = (s: ScanState, text: string): number => {
  let pos = 0
  for (;;) {
    let start = pos
    while (isSpaceOrTab(text.charCodeAt(start))) start++
    if (text.charCodeAt(start) !== 91) break
    const def = scanDefinition(text, start)
    if (def === undefined) break
    s.definitions.add(def.label)
    pos = def.end
  }
  return pos
}

/** Records a code block; `closedAt` is its closing fence's line, 0 when it was not closed by one. */
export const endCode = (s: ScanState, block: Block, closedAt: number): void => {
  const c: CodeCollector = s.code!
  if (block.kind === Kind.FencedCode) {
    // Unclosed: it runs to wherever its container closed, which remark may
    // place differently (not vouched for), or, at top level, to the end of
    // the document. remark ends it at the document's end position, which
    // is one line past the last when the source ends with a line ending.
    if (closedAt === 0 && (!s.atEnd || s.stack.length > 1)) c.exact = false
    // Still open when every line was read: whatever remark makes of its end, the document ends inside it.
    if (closedAt === 0 && s.atEnd) c.openFenceLine = block.startLine
    const endLine = closedAt !== 0 ? closedAt : s.lines.length + (s.endsWithLineEnding ? 1 : 0)
    c.blocks.push({ line: block.startLine, endLine, fenced: true, lang: block.lang })
  } else {
    c.blocks.push({ line: block.startLine, endLine: block.lastLine, fenced: false, lang: undefined })
  }
}

export const finalizeTip = (s: ScanState): void => {
  const block = s.stack.pop()!
  if (s.code !== undefined && (block.kind === Kind.FencedCode || block.kind === Kind.IndentedCode)) endCode(s, block, 0)
  if (block.kind === Kind.Paragraph) {
    const first = s.lines[s.paraLines[0]]
    if (first.charCodeAt(s.paraOffsets[0]) === 91) takeDefinitions(s, paragraphText(s))
  }
}

export const addChild = (s: ScanState, kind: Kind): Block => {
  const stack = s.stack
  while (!canContain(stack[stack.length - 1].kind, kind)) finalizeTip(s)
  stack[stack.length - 1].hasChild = true
  const block = new Block(kind)
  stack.push(block)
  return block
}

export const closeUnmatchedBlocks = (s: ScanState): void => {
  if (!s.allClosed) {
    while (s.stack.length - 1 > s.lastMatched) finalizeTip(s)
    s.allClosed = true
  }
}

export const addParagraphLine = (s: ScanState): void => {
  s.paraLines[s.paraCount] = s.lineIndex
  s.paraOffsets[s.paraCount] = s.paraCount === 0 ? s.offset : s.contentOffset
  s.paraCount++
}
