/**
 * The leaf block starts of the scanner (CommonMark 4: thematic breaks, ATX
 * and setext headings, indented and fenced code, HTML blocks), each a
 * function of the scan state returning 0 (no match) or 2 (leaf opened).
 * Headings are recorded here, as raw text with their line; the container
 * starts and the order they are tried in are in blockStarts.ts.
 */
import { addChild, closeUnmatchedBlocks, finalizeTip, paragraphText, takeDefinitions } from "./blockTree.js"
import { CLOSE_TAG, OPEN_TAG } from "./inline.js"
import type { HeadingLevel } from "./model.js"
import { FRESH, isSpaceOrTab, Kind, LAZY_PENDING, type ScanState } from "./scanState.js"

const HTML_BLOCK_NAMES =
  "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h1|h2|h3|h4|h5|h6|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul"

// Sticky, anchored at the first non-space character; index = HTML block kind.
const HTML_BLOCK_OPEN: ReadonlyArray<RegExp> = [
  /(?:)/y,
  /<(?:script|pre|textarea|style)(?:[ \t>]|$)/iy,
  /<!--/y,
  /<\?/y,
  /<![A-Za-z]/y,
  /<!\[CDATA\[/y,
  new RegExp(`</?(?:${HTML_BLOCK_NAMES})(?:[ \\t]|/?>|$)`, "iy"),
  new RegExp(`(?:${OPEN_TAG}|${CLOSE_TAG})[ \\t]*$`, "iy")
]
export const HTML_BLOCK_CLOSE: ReadonlyArray<RegExp> = [
  /(?:)/,
  /<\/(?:script|pre|textarea|style)>/i,
  /-->/,
  /\?>/,
  />/,
  /\]\]>/
]

/** Strips an ATX closing sequence (`# Foo ##`), linearly, from the end. */
const stripClosingSequence = (content: string): string => {
  let end = content.length
  while (end > 0 && isSpaceOrTab(content.charCodeAt(end - 1))) end--
  let hashes = end
  while (hashes > 0 && content.charCodeAt(hashes - 1) === 35) hashes--
  if (hashes === end) return content.slice(0, end)
  if (hashes === 0) return ""
  if (isSpaceOrTab(content.charCodeAt(hashes - 1))) return content.slice(0, hashes)
  return content.slice(0, end)
}

/** Space/tab-trimmed info string; its first word is the language. */
const fenceLang = (line: string, from: number): { lang: string | undefined; plain: boolean } => {
  let start = from
  let end = line.length
  while (start < end && isSpaceOrTab(line.charCodeAt(start))) start++
  while (end > start && isSpaceOrTab(line.charCodeAt(end - 1))) end--
  if (start === end) return { lang: undefined, plain: true }
  let word = start
  while (word < end && !isSpaceOrTab(line.charCodeAt(word))) word++
  const info = line.slice(start, end)
  // remark decodes escapes and entities in the info string.
  return { lang: line.slice(start, word), plain: info.indexOf("\\") === -1 && info.indexOf("&") === -1 }
}

export const atxStart = (s: ScanState): 0 | 2 => {
  const line = s.line
  const nextNonspace = s.nextNonspace
  if (s.indented || line.charCodeAt(nextNonspace) !== 35) return 0
  let end = nextNonspace
  while (end < line.length && line.charCodeAt(end) === 35) end++
  const level = end - nextNonspace
  if (level > 6 || (end < line.length && !isSpaceOrTab(line.charCodeAt(end)))) return 0
  s.advanceNextNonspace()
  s.advanceOffset(level, false)
  closeUnmatchedBlocks(s)
  addChild(s, Kind.Heading)
  let start = s.offset
  while (start < line.length && isSpaceOrTab(line.charCodeAt(start))) start++
  s.raw.push({ level: level as HeadingLevel, content: stripClosingSequence(line.slice(start)), line: s.lineIndex + 1 })
  s.offset = line.length
  return 2
}

export const fenceStart = (s: ScanState): 0 | 2 => {
  const line = s.line
  const nextNonspace = s.nextNonspace
  const c = line.charCodeAt(nextNonspace)
  if (s.indented || (c !== 96 && c !== 126)) return 0
  let end = nextNonspace
  while (end < line.length && line.charCodeAt(end) === c) end++
  const length = end - nextNonspace
  if (length < 3) return 0
  // A backtick fence's info string may not contain a backtick.
  if (c === 96 && line.indexOf("`", end) !== -1) return 0
  closeUnmatchedBlocks(s)
  const block = addChild(s, Kind.FencedCode)
  block.fenceChar = c
  block.fenceLength = length
  block.fenceOffset = s.indent
  const code = s.code
  if (code !== undefined) {
    block.startLine = s.lineIndex + 1
    const info = fenceLang(line, end)
    block.lang = info.lang
    if (!info.plain) code.exact = false
  }
  s.advanceNextNonspace()
  s.advanceOffset(length, false)
  return 2
}

export const htmlStart = (s: ScanState, containerKind: Kind): 0 | 2 => {
  const line = s.line
  if (s.indented || line.charCodeAt(s.nextNonspace) !== 60) return 0
  for (let type = 1; type <= 7; type++) {
    const re = HTML_BLOCK_OPEN[type]
    re.lastIndex = s.nextNonspace
    if (!re.test(line)) continue
    if (type === 7) {
      // Kind 7 cannot interrupt a paragraph...
      if (containerKind === Kind.Paragraph) return 0
      if (!s.allClosed && !s.blank && s.stack[s.stack.length - 1].kind === Kind.Paragraph) {
        // ...but on a lazy line micromark (remark) opens it anyway, inside
        // the containers the line failed to continue, and ends the
        // paragraph. CommonMark would read a lazy continuation line; the
        // fast path follows remark so that both paths agree.
        finalizeTip(s)
        addChild(s, Kind.Html).htmlType = 7
        s.allClosed = true
        s.lastMatched = s.stack.length - 1
        return 2
      }
    }
    closeUnmatchedBlocks(s)
    addChild(s, Kind.Html).htmlType = type
    return 2
  }
  return 0
}

export const setextStart = (s: ScanState, containerKind: Kind): 0 | 2 => {
  if (s.indented || containerKind !== Kind.Paragraph) return 0
  const line = s.line
  const c = line.charCodeAt(s.nextNonspace)
  if (c !== 61 && c !== 45) return 0
  let end = s.nextNonspace
  while (end < line.length && line.charCodeAt(end) === c) end++
  while (end < line.length && isSpaceOrTab(line.charCodeAt(end))) end++
  if (end !== line.length) return 0
  closeUnmatchedBlocks(s)
  const text = paragraphText(s)
  const consumed = text.charCodeAt(0) === 91 ? takeDefinitions(s, text) : 0
  if (consumed >= text.length) return 0
  let skippedLines = 0
  for (let i = 0; i < consumed; i++) if (text.charCodeAt(i) === 10) skippedLines++
  s.raw.push({
    level: c === 61 ? 1 : 2,
    content: consumed === 0 ? text : text.slice(consumed),
    line: s.paraLines[skippedLines] + 1
  })
  s.stack[s.stack.length - 1].kind = Kind.Heading
  s.offset = line.length
  return 2
}

export const thematicBreakStart = (s: ScanState): 0 | 2 => {
  if (s.indented) return 0
  const line = s.line
  const nextNonspace = s.nextNonspace
  const c = line.charCodeAt(nextNonspace)
  if (c !== 42 && c !== 45 && c !== 95) return 0
  if (s.lastOtherThan(c) >= nextNonspace) return 0
  // The rest is markers and blanks only: three markers make a break.
  let count = 0
  for (let i = nextNonspace; i < line.length && count < 3; i++) if (line.charCodeAt(i) === c) count++
  if (count < 3) return 0
  closeUnmatchedBlocks(s)
  addChild(s, Kind.ThematicBreak)
  s.offset = line.length
  return 2
}

export const indentedCodeStart = (s: ScanState): 0 | 2 => {
  if (!s.indented || s.blank || s.stack[s.stack.length - 1].kind === Kind.Paragraph) return 0
  s.advanceOffset(4, true)
  closeUnmatchedBlocks(s)
  const block = addChild(s, Kind.IndentedCode)
  block.interrupts = s.containersContinued || s.openedContainer ? FRESH : LAZY_PENDING
  const code = s.code
  if (code !== undefined) {
    block.startLine = s.lineIndex + 1
    // Inside a container, where it ends depends on how that container
    // closes; after containers closed, micromark may split it line by
    // line (its lazy-line handling, which also depends on how the
    // container ended). Only indented code in a document that has had no
    // container before it is vouched for.
    if (s.sawContainer) code.exact = false
  }
  return 2
}
