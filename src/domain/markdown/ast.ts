/**
 * The full reader for lint (RFC-0008 SKL2xx/SKL3xx): unified + remark-parse +
 * remark-frontmatter, flattened into the same model as `scanMarkdown` plus
 * links, images, code blocks and HTML comments.
 *
 * Kept out of model.ts on purpose: importing it loads remark, which commands
 * other than lint never need (ARCHITECTURE "heavy modules load only for the
 * commands that need them").
 */
import type { Nodes, Root } from "mdast"
import remarkFrontmatter from "remark-frontmatter"
import remarkParse from "remark-parse"
import { unified } from "unified"
import { bodyStartLineOf, parseFrontmatterLines } from "./frontmatter.js"
import { finishText } from "./inline.js"
import { isHtmlMarkup } from "./htmlElements.js"
import { splitLines, stripBom } from "./lines.js"
import type { CodeBlock, HeadingLevel, HtmlComment, Link, MarkdownAst } from "./model.js"
import { bracketWorkOver } from "./bracketWork.js"
import { scanCodeBlocks, type CodeScan } from "./scan.js"
import { simpleLinks } from "./simpleLinks.js"
import { type HeadingStart, withEndLines } from "./sections.js"

interface Parser {
  readonly parse: (source: string) => Root
}
let withFrontmatter: Parser | undefined
let plain: Parser | undefined
/**
 * An unclosed frontmatter is no frontmatter (the file is all body), and
 * remark-frontmatter's failed attempt leaves micromark unable to open block
 * quotes on the following lines; such files go through plain remark-parse.
 */
const parser = (frontmatterClosed: boolean): Parser =>
  frontmatterClosed
    ? (withFrontmatter ??= unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]))
    : (plain ??= unified().use(remarkParse))

/**
 * Plain text of phrasing content, by the rules `flattenInline` implements:
 * HTML dropped, breaks as spaces, images as their alt (which remark builds
 * with any raw HTML inside kept as text; the fast path mirrors that).
 */
const plainText = (node: Nodes): string => {
  switch (node.type) {
    case "text":
    case "inlineCode":
      return node.value
    case "html":
      // `<br>` is markup, `<T>` in `std::span<T>` is text (htmlElements.ts).
      return isHtmlMarkup(node.value) ? "" : node.value
    case "break":
      return " "
    case "image":
    case "imageReference":
      return node.alt ?? ""
    default:
      return "children" in node ? (node.children as ReadonlyArray<Nodes>).map(plainText).join("") : ""
  }
}

const COMMENT = /<!--([\s\S]*?)-->/g

/**
 * The deepest container nesting remark is given (issue 19). micromark's
 * container handling is super-linear in the nesting depth (`- - - … x` with
 * 25,000 markers took minutes; a list nested 3,000 levels as long) and the
 * mdast walk below recurses once per level. Deeper documents are read by the
 * linear scanner instead (headings and code blocks exact; links, images and
 * HTML comments not reported) — no real skill nests a hundred containers.
 */
export const MAX_NESTING = 100

/**
 * The most emphasis delimiters (`*`, `_`) one paragraph may hold for remark:
 * micromark resolves emphasis in time quadratic in their number within a
 * paragraph (`a *b* ` × 40,000 on one line took 25 s). Beyond it the linear
 * scanner reads the document, as for MAX_NESTING.
 */
export const MAX_PARAGRAPH_DELIMITERS = 4096

/**
 * A linear over-estimate of the container nesting any line opens: the block
 * quote and list markers at its start, plus a level per four columns of
 * leading whitespace (between markers too).
 */
export const nestingDepthOver = (source: string, limit: number = MAX_NESTING): boolean => {
  let depth = 0
  let columns = 0
  let atStart = true
  let lineHasText = false
  let delimiters = 0
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i)
    if (c === 10 || c === 13) {
      // A blank line ends the paragraph whose emphasis delimiters are counted.
      if (!lineHasText) delimiters = 0
      depth = 0
      columns = 0
      atStart = true
      lineHasText = false
      continue
    }
    if (c !== 32 && c !== 9) lineHasText = true
    if (c === 42 || c === 95) {
      if (++delimiters > MAX_PARAGRAPH_DELIMITERS) return true
    }
    if (!atStart) continue
    if (c === 32) columns++
    else if (c === 9) columns += 4
    else if (c === 62) depth++
    else if ((c === 45 || c === 42 || c === 43) && (i + 1 >= source.length || [32, 9, 10, 13].includes(source.charCodeAt(i + 1)))) depth++
    else if (c >= 48 && c <= 57) {
      let j = i
      while (j < source.length && j - i < 10 && source.charCodeAt(j) >= 48 && source.charCodeAt(j) <= 57) j++
      const d = source.charCodeAt(j)
      if (d !== 46 && d !== 41) {
        atStart = false
        continue
      }
      depth++
      i = j
    } else {
      atStart = false
      continue
    }
    if (depth + (columns >> 2) > limit) return true
  }
  return false
}

/**
 * The linear scanner's reading, for documents nested beyond MAX_NESTING or over MAX_BRACKET_WORK:
 * headings and code blocks as the scanner has them, and the links, images and comment lines written in
 * their simple one-line forms (`simpleLinks`, lenient), so that a broken link in such a file is still
 * reported; references, definitions and other forms only remark reads are not.
 */
const shallowAst = (source: string, scanned: CodeScan): MarkdownAst => {
  const found = simpleLinks(splitLines(stripBom(source)), scanned.doc.bodyStartLine, scanned.codeBlocks, true)
  return { ...scanned.doc, links: found.links, images: found.images, codeBlocks: scanned.codeBlocks, htmlComments: found.htmlComments }
}

const lineOf = (node: Nodes): number => node.position?.start.line ?? 1
const columnOf = (node: Nodes): number => node.position?.start.column ?? 1
/** The end of a node's source (exclusive column), or its start when the parser gave none. */
const endOf = (node: Nodes): { readonly endLine: number; readonly endColumn: number } =>
  node.position === undefined ? { endLine: lineOf(node), endColumn: columnOf(node) } : { endLine: node.position.end.line, endColumn: node.position.end.column }

export const parseMarkdownAst = (source: string): MarkdownAst => {
  if (nestingDepthOver(source)) return shallowAst(source, scanCodeBlocks(source))
  // Issue 29 item 5: micromark's label resolution is quadratic in the brackets of a paragraph (see bracketWork.ts).
  let scanned: CodeScan | undefined
  const exactCodeBlocks = () => {
    scanned = scanCodeBlocks(source)
    return scanned.exact ? scanned.codeBlocks : undefined
  }
  if (bracketWorkOver(source, exactCodeBlocks)) return shallowAst(source, scanned ?? scanCodeBlocks(source))
  const text = stripBom(source)
  const lines = splitLines(text)
  const frontmatter = parseFrontmatterLines(lines)
  const root = parser(frontmatter._tag === "Parsed" || (frontmatter._tag === "Invalid" && frontmatter.endLine > 0)).parse(text)

  const headings: Array<HeadingStart> = []
  const links: Array<Link> = []
  const images: Array<Link> = []
  const codeBlocks: Array<CodeBlock> = []
  const htmlComments: Array<HtmlComment> = []
  const definitions = new Map<string, string>()

  const collectDefinitions = (node: Nodes): void => {
    if (node.type === "definition" && !definitions.has(node.identifier)) definitions.set(node.identifier, node.url)
    if ("children" in node) for (const child of node.children as ReadonlyArray<Nodes>) collectDefinitions(child)
  }
  collectDefinitions(root)

  const visit = (node: Nodes): void => {
    switch (node.type) {
      case "heading": {
        // A setext heading's node starts at any definitions before its text;
        // its first child is where the heading text really begins.
        const first = node.children[0]
        headings.push({
          level: node.depth as HeadingLevel,
          text: finishText(plainText(node)),
          line: first !== undefined ? lineOf(first) : lineOf(node)
        })
        break
      }
      case "link": {
        const start = node.position?.start.offset
        const autolink = start !== undefined && text.charCodeAt(start) === 60
        links.push({
          target: node.url,
          text: finishText(plainText(node)),
          line: lineOf(node),
          column: columnOf(node),
          ...endOf(node),
          kind: autolink ? "autolink" : "inline"
        })
        break
      }
      case "linkReference":
        links.push({
          target: definitions.get(node.identifier) ?? "",
          text: finishText(plainText(node)),
          line: lineOf(node),
          column: columnOf(node),
          ...endOf(node),
          kind: "reference"
        })
        break
      case "definition":
        links.push({ target: node.url, text: node.label ?? node.identifier, line: lineOf(node), column: columnOf(node), ...endOf(node), kind: "definition" })
        break
      case "image":
        images.push({ target: node.url, text: finishText(node.alt ?? ""), line: lineOf(node), column: columnOf(node), ...endOf(node), kind: "inline" })
        break
      case "imageReference":
        images.push({
          target: definitions.get(node.identifier) ?? "",
          text: finishText(node.alt ?? ""),
          line: lineOf(node),
          column: columnOf(node),
          ...endOf(node),
          kind: "reference"
        })
        break
      case "code": {
        const line = lineOf(node)
        codeBlocks.push({
          line,
          endLine: node.position?.end.line ?? line,
          fenced: isFence(lines[line - 1] ?? "", columnOf(node) - 1),
          lang: node.lang ?? undefined
        })
        break
      }
      case "html": {
        const line = lineOf(node)
        for (const match of node.value.matchAll(COMMENT)) {
          let newlines = 0
          for (let i = 0; i < match.index; i++) if (node.value.charCodeAt(i) === 10) newlines++
          htmlComments.push({ line: line + newlines, text: match[1].trim() })
        }
        break
      }
    }
    if ("children" in node) for (const child of node.children as ReadonlyArray<Nodes>) visit(child)
  }
  visit(root)

  return {
    frontmatter,
    headings: withEndLines(headings, lines.length),
    lineCount: lines.length,
    bodyStartLine: bodyStartLineOf(frontmatter),
    links,
    images,
    codeBlocks,
    htmlComments
  }
}

/** A fence opens after at most 3 columns of indentation; 4 make indented code. */
const isFence = (line: string, from: number): boolean => {
  let i = from
  let width = 0
  while (i < line.length) {
    const c = line.charCodeAt(i)
    if (c === 32) width++
    else if (c === 9) width += 4 - (width % 4)
    else break
    i++
  }
  const c = line.charCodeAt(i)
  return width < 4 && (c === 96 || c === 126) && line.charCodeAt(i + 1) === c && line.charCodeAt(i + 2) === c
}
