/**
 * The one markdown model (ARCHITECTURE "one source of truth per fact"):
 * outline, show, the search index, the stub and lint all read headings,
 * sections, links and frontmatter from here.
 *
 * Two readers produce it:
 * - `scanMarkdown` (scan.ts): a hand-written CommonMark block scanner, no
 *   remark, for `build`/`outline`/`show` and the index;
 * - `parseMarkdownAst` (ast.ts): unified + remark-parse + remark-frontmatter,
 *   for lint, which also needs links, code blocks and HTML comments.
 * They agree on frontmatter and headings; differential tests enforce it.
 *
 * Every line number is 1-based in the original file, the frontmatter counted,
 * lines split as `splitLines` splits them.
 */
import type { Frontmatter } from "./frontmatter.js"

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6

export interface Heading {
  readonly level: HeadingLevel
  /** Inline markup flattened to plain text, line breaks as spaces, trimmed. */
  readonly text: string
  /** Line of the heading (the first content line of a setext heading). */
  readonly line: number
  /**
   * Exclusive end of its section (DECISIONS #15): the line of the next heading
   * of the same or a higher level, or `lineCount + 1`.
   */
  readonly endLine: number
}

export interface Link {
  /** The destination as written (reference links: their definition's). */
  readonly target: string
  /** Link text flattened like heading text; a definition's text is its label. */
  readonly text: string
  readonly line: number
  /** 1-based column, in UTF-16 code units of the line. */
  readonly column: number
  /** Where the link's source ends (exclusive, as `line`/`column`): the whole link, `[text](target)`, `<url>` or the definition (an editor's diagnostic range). */
  readonly endLine: number
  readonly endColumn: number
  readonly kind: "inline" | "reference" | "autolink" | "definition"
}

export interface CodeBlock {
  readonly line: number
  /** Last line of the block, inclusive (the closing fence when there is one). */
  readonly endLine: number
  readonly fenced: boolean
  readonly lang: string | undefined
}

export interface HtmlComment {
  readonly line: number
  /** What is between `<!--` and `-->`, trimmed. */
  readonly text: string
}

export interface MarkdownDoc {
  readonly frontmatter: Frontmatter
  readonly headings: ReadonlyArray<Heading>
  readonly lineCount: number
  /** First line after the frontmatter (1 without one). */
  readonly bodyStartLine: number
}

export interface MarkdownAst extends MarkdownDoc {
  readonly links: ReadonlyArray<Link>
  /** Images, with `text` the alt text; `kind` says how the source was written. */
  readonly images: ReadonlyArray<Link>
  readonly codeBlocks: ReadonlyArray<CodeBlock>
  readonly htmlComments: ReadonlyArray<HtmlComment>
}

/** A heading's section as a half-open line range `[startLine, endLine)`. */
export interface Section {
  readonly heading: Heading
  readonly startLine: number
  readonly endLine: number
}

export { scanMarkdown } from "./scan.js"
export { sectionLines, sectionsOf, withEndLines } from "./sections.js"
export { anchorsOf, githubSlug, headingSlug } from "./slug.js"
