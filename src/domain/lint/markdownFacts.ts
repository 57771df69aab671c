/**
 * The markdown facts lint rules read: frontmatter, headings, links, code
 * blocks and HTML comments of one file, with 1-based lines of the original
 * file.
 *
 * TEMPORARY BRIDGE: the shared markdown model (`src/domain/markdown/`,
 * `parseFrontmatter`, `scanMarkdown`, `parseMarkdownAst`) is the one source
 * of these facts. Until it lands on main this module computes the same shapes
 * with remark so rules can be written and tested against the final API; when
 * it lands, `markdownFacts` becomes a thin call into it and nothing else in
 * `src/domain/lint/` changes.
 */
import { isMap, isScalar, LineCounter, parseDocument } from "yaml"
import { unified } from "unified"
import remarkParse from "remark-parse"

export type Frontmatter =
  | { readonly _tag: "Absent" }
  | {
      readonly _tag: "Parsed"
      readonly data: Readonly<Record<string, unknown>>
      readonly raw: string
      readonly startLine: 1
      readonly endLine: number
      readonly keyLines: Readonly<Record<string, number>>
    }
  | { readonly _tag: "Invalid"; readonly message: string; readonly line: number; readonly raw: string; readonly endLine: number }

export interface Heading {
  readonly level: number
  readonly text: string
  readonly line: number
  readonly endLine: number
}

export interface Link {
  readonly target: string
  readonly text: string
  readonly line: number
  readonly column: number
  readonly kind: "link" | "image" | "definition"
}

export interface CodeBlock {
  readonly line: number
  readonly endLine: number
  readonly fenced: boolean
  readonly lang: string | null
}

export interface HtmlComment {
  readonly line: number
  readonly text: string
}

export interface MarkdownFacts {
  readonly frontmatter: Frontmatter
  readonly headings: ReadonlyArray<Heading>
  readonly links: ReadonlyArray<Link>
  readonly codeBlocks: ReadonlyArray<CodeBlock>
  readonly htmlComments: ReadonlyArray<HtmlComment>
  readonly lineCount: number
  readonly bodyStartLine: number
}

export const UNCLOSED_MESSAGE = "missing frontmatter: no closing --- found"

const stripBom = (s: string) => (s.charCodeAt(0) === 0xfeff ? s.slice(1) : s)

export const splitLines = (source: string): ReadonlyArray<string> => {
  const text = stripBom(source)
  if (text.length === 0) return []
  const lines = text.split(/\r\n?|\n/)
  if (lines[lines.length - 1] === "") lines.pop()
  return lines
}

const isDelimiter = (line: string) => /^---[ \t]*$/.test(line)

export const parseFrontmatterLines = (lines: ReadonlyArray<string>): Frontmatter => {
  if (lines.length === 0 || !isDelimiter(lines[0])) return { _tag: "Absent" }
  let close = -1
  for (let i = 1; i < lines.length; i++) {
    if (isDelimiter(lines[i])) {
      close = i
      break
    }
  }
  if (close === -1) return { _tag: "Invalid", message: UNCLOSED_MESSAGE, line: 1, raw: lines.slice(1).join("\n"), endLine: 0 }
  const raw = lines.slice(1, close).join("\n")
  const endLine = close + 1
  const lineCounter = new LineCounter()
  const doc = parseDocument(raw, { uniqueKeys: true, lineCounter, prettyErrors: false })
  if (doc.errors.length > 0) {
    const error = doc.errors[0]
    return { _tag: "Invalid", message: error.message, line: lineCounter.linePos(error.pos[0]).line + 1, raw, endLine }
  }
  const contents = doc.contents
  if (contents === null) return { _tag: "Parsed", data: {}, raw, startLine: 1, endLine, keyLines: {} }
  if (!isMap(contents)) {
    return { _tag: "Invalid", message: "frontmatter must be a YAML mapping of keys to values", line: 2, raw, endLine }
  }
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: 100 })
  } catch (cause) {
    return { _tag: "Invalid", message: cause instanceof Error ? cause.message : String(cause), line: 2, raw, endLine }
  }
  const keyLines: Record<string, number> = Object.create(null)
  for (const pair of contents.items) {
    if (isScalar(pair.key) && pair.key.range) {
      const name = String(pair.key.value)
      if (!(name in keyLines)) keyLines[name] = lineCounter.linePos(pair.key.range[0]).line + 1
    }
  }
  return { _tag: "Parsed", data: data as Record<string, unknown>, raw, startLine: 1, endLine, keyLines }
}

interface MdNode {
  type: string
  children?: Array<MdNode>
  value?: string
  url?: string
  depth?: number
  lang?: string | null
  position?: { start: { line: number; column: number }; end: { line: number; column: number } }
}

const plainText = (n: MdNode): string =>
  n.value !== undefined && n.type !== "html" ? n.value : (n.children ?? []).map(plainText).join("")

const parser = unified().use(remarkParse)

export const markdownFacts = (source: string): MarkdownFacts => {
  const lines = splitLines(source)
  const frontmatter = parseFrontmatterLines(lines)
  const bodyStartLine = frontmatter._tag === "Absent" ? 1 : frontmatter.endLine + 1
  // Blank the frontmatter lines so remark sees the body at its real line numbers.
  const body = lines.map((l, i) => (i + 1 < bodyStartLine ? "" : l)).join("\n")
  const tree = parser.parse(body) as unknown as MdNode
  const headings: Array<{ level: number; text: string; line: number; endLine: number }> = []
  const links: Array<Link> = []
  const codeBlocks: Array<CodeBlock> = []
  const htmlComments: Array<HtmlComment> = []
  const walk = (n: MdNode) => {
    const pos = n.position?.start
    switch (n.type) {
      case "heading":
        headings.push({ level: n.depth ?? 1, text: plainText(n).trim(), line: pos!.line, endLine: lines.length + 1 })
        break
      case "link":
      case "image":
      case "definition":
        if (pos) links.push({ target: n.url ?? "", text: plainText(n), line: pos.line, column: pos.column, kind: n.type })
        break
      case "code":
        codeBlocks.push({
          line: pos!.line,
          endLine: n.position!.end.line + 1,
          fenced: /^\s{0,3}(```|~~~)/.test(lines[pos!.line - 1] ?? ""),
          lang: n.lang ?? null
        })
        return
      case "inlineCode":
        return
      case "html": {
        const value = n.value ?? ""
        const re = /<!--([\s\S]*?)-->/g
        for (let m = re.exec(value); m !== null; m = re.exec(value)) {
          const before = value.slice(0, m.index)
          htmlComments.push({ line: pos!.line + (before.match(/\n/g)?.length ?? 0), text: m[1].trim() })
        }
        return
      }
    }
    for (const c of n.children ?? []) walk(c)
  }
  walk(tree)
  // Section extent (DECISIONS #15): up to the next heading of the same or a higher level.
  for (let i = 0; i < headings.length; i++) {
    for (let j = i + 1; j < headings.length; j++) {
      if (headings[j].level <= headings[i].level) {
        headings[i].endLine = headings[j].line
        break
      }
    }
  }
  return { frontmatter, headings, links, codeBlocks, htmlComments, lineCount: lines.length, bodyStartLine }
}
