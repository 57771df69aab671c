/**
 * The fast reader: a single pass over lines implementing CommonMark's block
 * structure (the commonmark.js algorithm: match open containers, try block
 * starts, lazy paragraph continuation), keeping only what headings need.
 *
 * It honours everything that decides whether a line is a heading: fenced code
 * (``` and ~~~, longer fences, info strings, unclosed to EOF), indented code,
 * HTML blocks (all seven CommonMark kinds), block quotes and list items
 * (headings inside them ARE headings, as in remark), setext underlines versus
 * thematic breaks, lazy continuation lines, link reference definitions (which
 * cannot become setext heading text) and the frontmatter.
 *
 * Per line it looks at a few characters after the indentation; paragraph
 * lines are remembered as (line, offset) pairs and only joined when a setext
 * underline or a definition needs their text. No regex runs on ordinary
 * paragraph or code lines.
 */
import { bodyStartLineOf, parseFrontmatterLines } from "./frontmatter.js"
import { CLOSE_TAG, flattenInline, OPEN_TAG } from "./inline.js"
import { splitLines } from "./lines.js"
import type { CodeBlock, HeadingLevel, MarkdownDoc } from "./model.js"
import { type HeadingStart, withEndLines } from "./sections.js"
import { scanDefinition } from "./syntax.js"

const enum Kind {
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

class Block {
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

const acceptsLines = (kind: Kind): boolean =>
  kind === Kind.Paragraph || kind === Kind.FencedCode || kind === Kind.IndentedCode || kind === Kind.Html

const C_TAB = 9
const C_SPACE = 32
const C_GT = 62

const NONE = 0
const LAZY_PENDING = 1
const FRESH = 2
const LAZY_ACTIVE = 3

const isSpaceOrTab = (c: number): boolean => c === C_SPACE || c === C_TAB

// First characters that can begin a block other than a paragraph.
const MAYBE_SPECIAL = new Uint8Array(128)
for (const c of "#`~*+_=<>0123456789-") MAYBE_SPECIAL[c.charCodeAt(0)] = 1

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
const HTML_BLOCK_CLOSE: ReadonlyArray<RegExp> = [
  /(?:)/,
  /<\/(?:script|pre|textarea|style)>/i,
  /-->/,
  /\?>/,
  />/,
  /\]\]>/
]

interface RawHeading {
  readonly level: HeadingLevel
  readonly content: string
  readonly line: number
}

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

export const scanMarkdown = (source: string): MarkdownDoc => scan(source, undefined)

/**
 * Code blocks as `parseMarkdownAst` reports them, from the same scan, or
 * `exact: false` when this scanner cannot vouch for one of them (its end
 * depends on how a container closed, or its info string needs escape or
 * entity decoding): the caller then asks remark. `bodyHasLinkSyntax` says
 * whether any body line holds `[` or `<`, without which there can be no
 * link, image, definition, autolink or HTML (comment) at all.
 */
export interface CodeScan {
  readonly doc: MarkdownDoc
  readonly codeBlocks: ReadonlyArray<CodeBlock>
  readonly exact: boolean
  readonly bodyHasLinkSyntax: boolean
}

export const scanCodeBlocks = (source: string): CodeScan => {
  const collector: CodeCollector = { blocks: [], exact: true, bodyHasLinkSyntax: false }
  const doc = scan(source, collector)
  return { doc, codeBlocks: collector.blocks, exact: collector.exact, bodyHasLinkSyntax: collector.bodyHasLinkSyntax }
}

interface CodeCollector {
  readonly blocks: Array<CodeBlock>
  exact: boolean
  bodyHasLinkSyntax: boolean
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

/**
 * The deepest container nesting the scanner opens (issue 19). Beyond it a
 * `>` or list marker is text: a line of 250,000 `>` no longer builds as many
 * blocks (memory, and collection time growing faster than the input). Far
 * beyond any real document; remark is given only documents nested ≤ 100
 * (ast.ts), so both readers agree wherever both read.
 */
export const MAX_SCAN_NESTING = 1000

const scan = (source: string, code: CodeCollector | undefined): MarkdownDoc => {
  const lines = splitLines(source)
  const frontmatter = parseFrontmatterLines(lines)
  const bodyStartLine = bodyStartLineOf(frontmatter)
  if (code !== undefined) {
    for (let i = bodyStartLine - 1; i < lines.length && !code.bodyHasLinkSyntax; i++) {
      if (lines[i].indexOf("[") !== -1 || lines[i].indexOf("<") !== -1) code.bodyHasLinkSyntax = true
    }
  }
  // Set once every line is read: blocks still open end with the document.
  let atEnd = false
  // Set once a block quote or list item opened (scanCodeBlocks' caution).
  let sawContainer = false
  const last = source.charCodeAt(source.length - 1)
  const endsWithLineEnding = lines.length > 0 && (last === 10 || last === 13)

  const raw: Array<RawHeading> = []
  const definitions = new Set<string>()

  const stack: Array<Block> = [new Block(Kind.Document)]
  // The open paragraph (always the tip when open): its lines and offsets.
  // Reused across paragraphs; only `paraCount` entries are live.
  const paraLines: Array<number> = []
  const paraOffsets: Array<number> = []
  let paraCount = 0

  let line = ""
  let lineIndex = 0
  let offset = 0
  let column = 0
  let nextNonspace = 0
  let nextNonspaceColumn = 0
  let indent = 0
  let indented = false
  let blank = false
  let partiallyConsumedTab = false
  let allClosed = true
  let lastMatched = 0
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
  let interrupt = false
  let containersContinued = true
  // A container opened on this line: micromark then starts a fresh flow.
  let openedContainer = false

  // The first non-space of the line, found once per line (issue 19): each of
  // n nested containers asks again from a later offset, and rescanning the
  // remaining indentation every time made a list nested n deep cost n³.
  // Reused only when no tab lies in between (tabs make columns depend on the
  // starting column).
  let spanLine = -1
  let spanFrom = 0
  let spanTo = 0
  let spanHasTab = false
  const findNextNonspace = (): void => {
    if (spanLine === lineIndex && !spanHasTab && offset >= spanFrom && offset <= spanTo && !partiallyConsumedTab) {
      blank = spanTo >= line.length
      nextNonspace = spanTo
      nextNonspaceColumn = column + (spanTo - offset)
      indent = nextNonspaceColumn - column
      indented = indent >= 4
      return
    }
    let i = offset
    let cols = column
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
    spanLine = lineIndex
    spanFrom = offset
    spanTo = i
    spanHasTab = sawTab
    blank = i >= line.length
    nextNonspace = i
    nextNonspaceColumn = cols
    indent = nextNonspaceColumn - column
    indented = indent >= 4
  }

  const advanceNextNonspace = (): void => {
    offset = nextNonspace
    column = nextNonspaceColumn
    partiallyConsumedTab = false
  }

  const advanceOffset = (count: number, columns: boolean): void => {
    while (count > 0 && offset < line.length) {
      if (line.charCodeAt(offset) === C_TAB) {
        const charsToTab = 4 - (column % 4)
        if (columns) {
          partiallyConsumedTab = charsToTab > count
          const charsToAdvance = charsToTab > count ? count : charsToTab
          column += charsToAdvance
          offset += partiallyConsumedTab ? 0 : 1
          count -= charsToAdvance
        } else {
          partiallyConsumedTab = false
          column += charsToTab
          offset += 1
          count -= 1
        }
      } else {
        partiallyConsumedTab = false
        offset += 1
        column += 1
        count -= 1
      }
    }
  }

  const paragraphText = (): string => {
    let text = lines[paraLines[0]].slice(paraOffsets[0])
    for (let i = 1; i < paraCount; i++) text += "\n" + lines[paraLines[i]].slice(paraOffsets[i])
    return text
  }

  /** Consumes leading definitions of the open paragraph; returns chars consumed. */
  const takeDefinitions = (text: string): number => {
    let pos = 0
    for (;;) {
      let start = pos
      while (isSpaceOrTab(text.charCodeAt(start))) start++
      if (text.charCodeAt(start) !== 91) break
      const def = scanDefinition(text, start)
      if (def === undefined) break
      definitions.add(def.label)
      pos = def.end
    }
    return pos
  }

  /** Records a code block; `closedAt` is its closing fence's line, 0 when it was not closed by one. */
  function endCode(block: Block, closedAt: number): void {
    const c = code!
    if (block.kind === Kind.FencedCode) {
      // Unclosed: it runs to wherever its container closed, which remark may
      // place differently (not vouched for), or, at top level, to the end of
      // the document. remark ends it at the document's end position, which
      // is one line past the last when the source ends with a line ending.
      if (closedAt === 0 && (!atEnd || stack.length > 1)) c.exact = false
      const endLine = closedAt !== 0 ? closedAt : lines.length + (endsWithLineEnding ? 1 : 0)
      c.blocks.push({ line: block.startLine, endLine, fenced: true, lang: block.lang })
    } else {
      c.blocks.push({ line: block.startLine, endLine: block.lastLine, fenced: false, lang: undefined })
    }
  }

  const finalizeTip = (): void => {
    const block = stack.pop()!
    if (code !== undefined && (block.kind === Kind.FencedCode || block.kind === Kind.IndentedCode)) endCode(block, 0)
    if (block.kind === Kind.Paragraph) {
      const first = lines[paraLines[0]]
      if (first.charCodeAt(paraOffsets[0]) === 91) takeDefinitions(paragraphText())
    }
  }

  const addChild = (kind: Kind): Block => {
    while (!canContain(stack[stack.length - 1].kind, kind)) finalizeTip()
    stack[stack.length - 1].hasChild = true
    const block = new Block(kind)
    stack.push(block)
    return block
  }

  const closeUnmatchedBlocks = (): void => {
    if (!allClosed) {
      while (stack.length - 1 > lastMatched) finalizeTip()
      allClosed = true
    }
  }

  // Where the line's content starts once container prefixes are consumed.
  // Continuation lines keep their own leading whitespace: remark strips it
  // from text but keeps it inside a code span running over the line break.
  let contentOffset = 0

  const addParagraphLine = (): void => {
    paraLines[paraCount] = lineIndex
    paraOffsets[paraCount] = paraCount === 0 ? offset : contentOffset
    paraCount++
  }

  /** 0: no match, 1: matched (keep going), 2: line consumed. */
  const continues = (block: Block): 0 | 1 | 2 => {
    switch (block.kind) {
      case Kind.Document:
      case Kind.List:
        return 0
      case Kind.BlockQuote:
        if (!indented && line.charCodeAt(nextNonspace) === C_GT) {
          advanceNextNonspace()
          advanceOffset(1, false)
          if (isSpaceOrTab(line.charCodeAt(offset))) advanceOffset(1, true)
          return 0
        }
        return 1
      case Kind.Item:
        if (blank) {
          if (!block.hasChild) return 1
          advanceNextNonspace()
          return 0
        }
        if (indent >= block.markerOffset + block.padding) {
          advanceOffset(block.markerOffset + block.padding, true)
          return 0
        }
        return 1
      case Kind.Heading:
      case Kind.ThematicBreak:
        return 1
      case Kind.FencedCode: {
        if (indent <= 3 && line.charCodeAt(nextNonspace) === block.fenceChar) {
          let end = nextNonspace
          while (end < line.length && line.charCodeAt(end) === block.fenceChar) end++
          if (end - nextNonspace >= block.fenceLength) {
            let rest = end
            while (rest < line.length && isSpaceOrTab(line.charCodeAt(rest))) rest++
            if (rest === line.length) {
              stack.pop()
              if (code !== undefined) endCode(block, lineIndex + 1)
              return 2
            }
          }
        }
        let i = block.fenceOffset
        while (i > 0 && isSpaceOrTab(line.charCodeAt(offset))) {
          advanceOffset(1, true)
          i--
        }
        return 0
      }
      case Kind.IndentedCode:
        if (indent >= 4) {
          advanceOffset(4, true)
          // Only a second non-blank line makes lazy indented code interrupt.
          if (block.interrupts === LAZY_PENDING && !blank) block.interrupts = LAZY_ACTIVE
          // remark's indented code ends on its last line indented 4+ columns,
          // even one holding only whitespace.
          if (code !== undefined) block.lastLine = lineIndex + 1
        } else if (blank) advanceNextNonspace()
        else return 1
        return 0
      case Kind.Html:
        return blank && (block.htmlType === 6 || block.htmlType === 7) ? 1 : 0
      case Kind.Paragraph:
        return blank ? 1 : 0
    }
  }

  // Block starts: 0 no match, 1 container opened, 2 leaf opened.
  const blockQuoteStart = (): 0 | 1 | 2 => {
    if (indented || line.charCodeAt(nextNonspace) !== C_GT || stack.length > MAX_SCAN_NESTING) return 0
    advanceNextNonspace()
    advanceOffset(1, false)
    if (isSpaceOrTab(line.charCodeAt(offset))) advanceOffset(1, true)
    closeUnmatchedBlocks()
    addChild(Kind.BlockQuote)
    sawContainer = true
    return 1
  }

  const atxStart = (): 0 | 1 | 2 => {
    if (indented || line.charCodeAt(nextNonspace) !== 35) return 0
    let end = nextNonspace
    while (end < line.length && line.charCodeAt(end) === 35) end++
    const level = end - nextNonspace
    if (level > 6 || (end < line.length && !isSpaceOrTab(line.charCodeAt(end)))) return 0
    advanceNextNonspace()
    advanceOffset(level, false)
    closeUnmatchedBlocks()
    addChild(Kind.Heading)
    let start = offset
    while (start < line.length && isSpaceOrTab(line.charCodeAt(start))) start++
    raw.push({ level: level as HeadingLevel, content: stripClosingSequence(line.slice(start)), line: lineIndex + 1 })
    offset = line.length
    return 2
  }

  const fenceStart = (): 0 | 1 | 2 => {
    const c = line.charCodeAt(nextNonspace)
    if (indented || (c !== 96 && c !== 126)) return 0
    let end = nextNonspace
    while (end < line.length && line.charCodeAt(end) === c) end++
    const length = end - nextNonspace
    if (length < 3) return 0
    // A backtick fence's info string may not contain a backtick.
    if (c === 96 && line.indexOf("`", end) !== -1) return 0
    closeUnmatchedBlocks()
    const block = addChild(Kind.FencedCode)
    block.fenceChar = c
    block.fenceLength = length
    block.fenceOffset = indent
    if (code !== undefined) {
      block.startLine = lineIndex + 1
      const info = fenceLang(line, end)
      block.lang = info.lang
      if (!info.plain) code.exact = false
    }
    advanceNextNonspace()
    advanceOffset(length, false)
    return 2
  }

  const htmlStart = (containerKind: Kind): 0 | 1 | 2 => {
    if (indented || line.charCodeAt(nextNonspace) !== 60) return 0
    for (let type = 1; type <= 7; type++) {
      const re = HTML_BLOCK_OPEN[type]
      re.lastIndex = nextNonspace
      if (!re.test(line)) continue
      if (type === 7) {
        // Kind 7 cannot interrupt a paragraph...
        if (containerKind === Kind.Paragraph) return 0
        if (!allClosed && !blank && stack[stack.length - 1].kind === Kind.Paragraph) {
          // ...but on a lazy line micromark (remark) opens it anyway, inside
          // the containers the line failed to continue, and ends the
          // paragraph. CommonMark would read a lazy continuation line; the
          // fast path follows remark so that both paths agree.
          finalizeTip()
          addChild(Kind.Html).htmlType = 7
          allClosed = true
          lastMatched = stack.length - 1
          return 2
        }
      }
      closeUnmatchedBlocks()
      addChild(Kind.Html).htmlType = type
      return 2
    }
    return 0
  }

  const setextStart = (containerKind: Kind): 0 | 1 | 2 => {
    if (indented || containerKind !== Kind.Paragraph) return 0
    const c = line.charCodeAt(nextNonspace)
    if (c !== 61 && c !== 45) return 0
    let end = nextNonspace
    while (end < line.length && line.charCodeAt(end) === c) end++
    while (end < line.length && isSpaceOrTab(line.charCodeAt(end))) end++
    if (end !== line.length) return 0
    closeUnmatchedBlocks()
    const text = paragraphText()
    const consumed = text.charCodeAt(0) === 91 ? takeDefinitions(text) : 0
    if (consumed >= text.length) return 0
    let skippedLines = 0
    for (let i = 0; i < consumed; i++) if (text.charCodeAt(i) === 10) skippedLines++
    raw.push({
      level: c === 61 ? 1 : 2,
      content: consumed === 0 ? text : text.slice(consumed),
      line: paraLines[skippedLines] + 1
    })
    stack[stack.length - 1].kind = Kind.Heading
    offset = line.length
    return 2
  }

  // Per line and marker: the last index holding neither the marker nor a
  // space or tab. `- - - … x` nests one list item per marker and asks at each
  // whether the rest of the line is a thematic break; scanning the rest every
  // time was quadratic in the line (issue 19). -2: not computed yet.
  let breakLine = -1
  const lastOther = [-2, -2, -2]
  const lastOtherThan = (c: number): number => {
    if (breakLine !== lineIndex) {
      breakLine = lineIndex
      lastOther[0] = lastOther[1] = lastOther[2] = -2
    }
    const slot = c === 42 ? 0 : c === 45 ? 1 : 2
    if (lastOther[slot] === -2) {
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

  const thematicBreakStart = (): 0 | 1 | 2 => {
    if (indented) return 0
    const c = line.charCodeAt(nextNonspace)
    if (c !== 42 && c !== 45 && c !== 95) return 0
    if (lastOtherThan(c) >= nextNonspace) return 0
    // The rest is markers and blanks only: three markers make a break.
    let count = 0
    for (let i = nextNonspace; i < line.length && count < 3; i++) if (line.charCodeAt(i) === c) count++
    if (count < 3) return 0
    closeUnmatchedBlocks()
    addChild(Kind.ThematicBreak)
    offset = line.length
    return 2
  }

  const listItemStart = (containerKind: Kind, container: Block): 0 | 1 | 2 => {
    // (containerKind is only consulted for the indented-marker rule.)
    if (indented && containerKind !== Kind.List) return 0
    if (stack.length > MAX_SCAN_NESTING) return 0
    if (indent >= 4) return 0
    const c = line.charCodeAt(nextNonspace)
    let markerEnd: number
    let ordered = false
    let marker = 0
    let startsAtOne = false
    if (c === 42 || c === 43 || c === 45) {
      markerEnd = nextNonspace + 1
      marker = c
    } else if (c >= 48 && c <= 57) {
      let i = nextNonspace
      while (i < line.length && i - nextNonspace < 10) {
        const d = line.charCodeAt(i)
        if (d < 48 || d > 57) break
        i++
      }
      const digits = i - nextNonspace
      const d = line.charCodeAt(i)
      if (digits > 9 || (d !== 46 && d !== 41)) return 0
      // Only an ordered list starting at 1 may interrupt (micromark: the
      // single digit `1`, so `01.` may not).
      startsAtOne = digits === 1 && c === 49
      if (interrupt && !startsAtOne) return 0
      ordered = true
      marker = d
      markerEnd = i + 1
    } else return 0
    const after = line.charCodeAt(markerEnd)
    if (markerEnd < line.length && !isSpaceOrTab(after)) return 0
    if (interrupt) {
      // An empty item cannot interrupt.
      let i = markerEnd
      while (i < line.length && isSpaceOrTab(line.charCodeAt(i))) i++
      if (i === line.length) return 0
    }
    const markerOffset = indent
    const markerLength = markerEnd - nextNonspace
    advanceNextNonspace()
    advanceOffset(markerLength, true)
    const spacesStartCol = column
    const spacesStartOffset = offset
    let next = 0
    do {
      advanceOffset(1, true)
      next = line.charCodeAt(offset)
    } while (column - spacesStartCol < 5 && isSpaceOrTab(next))
    const blankItem = offset >= line.length
    const spacesAfterMarker = column - spacesStartCol
    let padding: number
    if (spacesAfterMarker >= 5 || spacesAfterMarker < 1 || blankItem) {
      padding = markerLength + 1
      column = spacesStartCol
      offset = spacesStartOffset
      if (isSpaceOrTab(line.charCodeAt(offset))) advanceOffset(1, true)
    } else {
      padding = markerLength + spacesAfterMarker
    }
    closeUnmatchedBlocks()
    const tip = stack[stack.length - 1]
    if (tip.kind !== Kind.List || container.ordered !== ordered || container.marker !== marker) {
      const list = addChild(Kind.List)
      list.ordered = ordered
      list.marker = marker
    }
    const item = addChild(Kind.Item)
    sawContainer = true
    item.markerOffset = markerOffset
    item.padding = padding
    return 1
  }

  const indentedCodeStart = (): 0 | 1 | 2 => {
    if (!indented || blank || stack[stack.length - 1].kind === Kind.Paragraph) return 0
    advanceOffset(4, true)
    closeUnmatchedBlocks()
    const block = addChild(Kind.IndentedCode)
    block.interrupts = containersContinued || openedContainer ? FRESH : LAZY_PENDING
    if (code !== undefined) {
      block.startLine = lineIndex + 1
      // Inside a container, where it ends depends on how that container
      // closes; after containers closed, micromark may split it line by
      // line (its lazy-line handling, which also depends on how the
      // container ended). Only indented code in a document that has had no
      // container before it is vouched for.
      if (sawContainer) code.exact = false
    }
    return 2
  }

  const startBlock = (container: Block): 0 | 1 | 2 => {
    const kind = container.kind
    return (
      blockQuoteStart() ||
      atxStart() ||
      fenceStart() ||
      htmlStart(kind) ||
      setextStart(kind) ||
      thematicBreakStart() ||
      listItemStart(kind, container) ||
      indentedCodeStart()
    )
  }

  const incorporateLine = (): void => {
    offset = 0
    column = 0
    blank = false
    partiallyConsumedTab = false
    const oldTip = stack.length - 1
    let container = 0
    let consumed = false
    for (let i = 1; i < stack.length; i++) {
      findNextNonspace()
      const result = continues(stack[i])
      if (result === 0) container = i
      else {
        consumed = result === 2
        break
      }
    }
    if (consumed) return
    allClosed = container === oldTip
    lastMatched = container
    openedContainer = false
    const previous = stack[oldTip]
    const leafOpen =
      previous.kind !== Kind.Document && previous.kind !== Kind.BlockQuote && previous.kind !== Kind.List && previous.kind !== Kind.Item
    containersContinued = container >= (leafOpen ? oldTip - 1 : oldTip)
    interrupt =
      containersContinued &&
      (previous.kind === Kind.Paragraph || (previous.kind === Kind.IndentedCode && (previous.interrupts === FRESH || previous.interrupts === LAZY_ACTIVE)))

    let matchedLeaf = stack[container].kind !== Kind.Paragraph && acceptsLines(stack[container].kind)
    while (!matchedLeaf) {
      findNextNonspace()
      const c = line.charCodeAt(nextNonspace)
      if (!indented && !(c < 128 && MAYBE_SPECIAL[c] === 1)) {
        contentOffset = offset
        advanceNextNonspace()
        break
      }
      const result = startBlock(stack[container])
      if (result === 0) {
        contentOffset = offset
        advanceNextNonspace()
        break
      }
      container = stack.length - 1
      if (result === 2) matchedLeaf = true
      else openedContainer = true
    }

    const tip = stack[stack.length - 1]
    if (!allClosed && !blank && tip.kind === Kind.Paragraph) {
      addParagraphLine() // lazy continuation
      return
    }
    closeUnmatchedBlocks()
    const target = stack[stack.length - 1]
    switch (target.kind) {
      case Kind.Paragraph:
        addParagraphLine()
        break
      case Kind.Html:
        if (target.htmlType >= 1 && target.htmlType <= 5 && HTML_BLOCK_CLOSE[target.htmlType].test(offset === 0 ? line : line.slice(offset))) {
          stack.pop()
        }
        break
      case Kind.IndentedCode:
        if (code !== undefined && !blank) target.lastLine = lineIndex + 1
        break
      case Kind.FencedCode:
      case Kind.Heading:
      case Kind.ThematicBreak:
        break
      default:
        if (offset < line.length && !blank) {
          addChild(Kind.Paragraph)
          advanceNextNonspace()
          paraCount = 0
          addParagraphLine()
        }
    }
  }

  for (lineIndex = bodyStartLine - 1; lineIndex < lines.length; lineIndex++) {
    line = lines[lineIndex]
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
        addChild(Kind.Paragraph)
        paraCount = 0
        paraLines[paraCount] = lineIndex
        paraOffsets[paraCount++] = 0
        continue
      }
    } else if (stack.length === 2) {
      if (top.kind === Kind.FencedCode) {
        if (c !== top.fenceChar && c !== C_SPACE && c !== C_TAB) continue
      } else if (top.kind === Kind.Paragraph) {
        if (plain) {
          paraLines[paraCount] = lineIndex
          paraOffsets[paraCount++] = 0
          continue
        }
        if (line.length === 0) {
          finalizeTip()
          continue
        }
      }
    }
    incorporateLine()
  }
  atEnd = true
  while (stack.length > 1) finalizeTip()

  const isDefined = (label: string): boolean => definitions.has(label)
  const starts: Array<HeadingStart> = raw.map((h) => ({
    level: h.level,
    text: flattenInline(h.content, isDefined),
    line: h.line
  }))
  return { frontmatter, headings: withEndLines(starts, lines.length), lineCount: lines.length, bodyStartLine }
}
