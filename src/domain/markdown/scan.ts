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
 *
 * This module holds the entry points; the parts are in modules of their own,
 * sharing one explicit state (scanState.ts): the line loop (lineLoop.ts),
 * continuation of open blocks (continuation.ts), block starts
 * (blockStarts.ts, leafStarts.ts), the open-block tree (blockTree.ts), and
 * inline flattening of heading text (inline.ts).
 */
import { bodyStartLineOfClose, type Frontmatter, frontmatterCloseIndex, parseFrontmatterLines } from "./frontmatter.js"
import { flattenInline } from "./inline.js"
import { splitLines } from "./lines.js"
import { scanLines } from "./lineLoop.js"
import type { CodeBlock, MarkdownDoc } from "./model.js"
import { type CodeCollector, ScanState } from "./scanState.js"
import { type HeadingStart, withEndLines } from "./sections.js"

// The nesting cap lives with the container starts that enforce it.
export { MAX_SCAN_NESTING } from "./blockStarts.js"

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
  /**
   * The line of the fenced code block the document ends inside, if any: exact whatever containers
   * hold it (a fence in a list item or a block quote), since every block open at the end is.
   */
  readonly openFenceLine: number | undefined
}

export const scanCodeBlocks = (source: string): CodeScan => {
  const collector: CodeCollector = { blocks: [], exact: true, bodyHasLinkSyntax: false, openFenceLine: undefined }
  const doc = scan(source, collector)
  return { doc, codeBlocks: collector.blocks, exact: collector.exact, bodyHasLinkSyntax: collector.bodyHasLinkSyntax, openFenceLine: collector.openFenceLine }
}

const scan = (source: string, code: CodeCollector | undefined): MarkdownDoc => {
  const lines = splitLines(source)
  const close = frontmatterCloseIndex(lines)
  const bodyStartLine = bodyStartLineOfClose(close)
  if (code !== undefined) {
    for (let i = bodyStartLine - 1; i < lines.length && !code.bodyHasLinkSyntax; i++) {
      if (lines[i].indexOf("[") !== -1 || lines[i].indexOf("<") !== -1) code.bodyHasLinkSyntax = true
    }
  }
  const last = source.charCodeAt(source.length - 1)
  const endsWithLineEnding = lines.length > 0 && (last === 10 || last === 13)
  const state = new ScanState(lines, code, endsWithLineEnding)
  scanLines(state, bodyStartLine - 1)

  const definitions = state.definitions
  const isDefined = (label: string): boolean => definitions.has(label)
  const starts: Array<HeadingStart> = state.raw.map((h) => ({
    level: h.level,
    text: flattenInline(h.content, isDefined),
    line: h.line
  }))
  // The frontmatter is parsed when first read: outline, show and the index want the headings
  // only, and a YAML parse (with the parser's own start-up) was most of a small file's scan (issue 30).
  // Only the frontmatter's own lines are kept for it, not the file's: an index of 100,000 files holds
  // every document until it is written.
  const head = close === undefined ? [] : close === -1 ? lines : lines.slice(0, close + 1)
  let frontmatter: Frontmatter | undefined
  return {
    get frontmatter() {
      return (frontmatter ??= parseFrontmatterLines(head))
    },
    headings: withEndLines(starts, lines.length),
    lineCount: lines.length,
    bodyStartLine
  }
}
