/**
 * The markdown model lint reads (links, images, code blocks, HTML comments
 * on top of frontmatter and headings), from the fast scanner whenever it can
 * vouch for the result, else from remark (`parseMarkdownAst`).
 *
 * The scanner vouches when the body has neither `[` nor `<`: every link,
 * image, definition, autolink and HTML construct of CommonMark needs one of
 * them (an entity or escape never makes a structural `[`), so links, images
 * and comments are empty; headings are the scanner's, which agree with
 * remark's (markdown-differential test); code blocks come from the same scan
 * and `scanCodeBlocks` says when one of them is not certain. The
 * differential test `markdown-lint-fast` holds the two paths equal.
 *
 * When the body does hold `[` or `<`, `simpleLinks` still answers for links
 * and images written in their simple one-line forms outside code (the common
 * case in skills); anything else falls back to remark.
 *
 * Big skills are mostly prose and code; this keeps lint from building an
 * mdast for files that could not contain what only remark can find.
 */
import { parseMarkdownAst } from "./ast.js"
import type { MarkdownAst } from "./model.js"
import { splitLines, stripBom } from "./lines.js"
import { scanCodeBlocks } from "./scan.js"
import { simpleLinks } from "./simpleLinks.js"

/** The fast result, or undefined when only remark can answer exactly. */
export const lintAstFast = (source: string): MarkdownAst | undefined => {
  const scanned = scanCodeBlocks(source)
  if (!scanned.exact) return undefined
  if (!scanned.bodyHasLinkSyntax) return { ...scanned.doc, links: [], images: [], codeBlocks: scanned.codeBlocks, htmlComments: [] }
  // Links in their simple forms, outside code: still no remark (issue 13 item 5).
  const found = simpleLinks(splitLines(stripBom(source)), scanned.doc.bodyStartLine, scanned.codeBlocks)
  if (found === undefined) return undefined
  return { ...scanned.doc, links: found.links, images: found.images, codeBlocks: scanned.codeBlocks, htmlComments: found.htmlComments }
}

export const parseLintAst = (source: string): MarkdownAst => lintAstFast(source) ?? parseMarkdownAst(source)
