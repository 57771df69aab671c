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
import { splitLines, stripBom } from "./lines.js"
import type { CodeBlock, HeadingLevel, HtmlComment, Link, MarkdownAst } from "./model.js"
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
      return ""
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

const lineOf = (node: Nodes): number => node.position?.start.line ?? 1
const columnOf = (node: Nodes): number => node.position?.start.column ?? 1

export const parseMarkdownAst = (source: string): MarkdownAst => {
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
          kind: "reference"
        })
        break
      case "definition":
        links.push({ target: node.url, text: node.label ?? node.identifier, line: lineOf(node), column: columnOf(node), kind: "definition" })
        break
      case "image":
        images.push({ target: node.url, text: finishText(node.alt ?? ""), line: lineOf(node), column: columnOf(node), kind: "inline" })
        break
      case "imageReference":
        images.push({
          target: definitions.get(node.identifier) ?? "",
          text: finishText(node.alt ?? ""),
          line: lineOf(node),
          column: columnOf(node),
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
