/**
 * Text a Markdown file holds above its first heading (its frontmatter
 * apart). No section holds it (RFC-0002:C-SHOW: a section runs from its
 * heading), yet a published reference often opens with what matters most
 * there: pdf's forms.md begins "CRITICAL: You MUST complete these steps in
 * order" above its first heading, and an agent sent to that heading by the
 * stub never read it. `outline` and `show` name where it is and the `open`
 * that reads it.
 */
import { scanMarkdown } from "./model.js"

export interface Preamble {
  /** The first non-blank line of body text (1-based). */
  readonly from_line: number
  /** The line before the first heading. */
  readonly to_line: number
}

/** The lines of body text above a file's first heading (from its first non-blank one), or undefined. */
export const textBeforeHeadings = (lines: ReadonlyArray<string>, bodyStartLine: number, firstHeadingLine: number): Preamble | undefined => {
  for (let line = bodyStartLine; line < firstHeadingLine; line++) {
    if ((lines[line - 1] ?? "").trim() !== "") return { from_line: line, to_line: firstHeadingLine - 1 }
  }
  return undefined
}

/**
 * How far above a heading `preambleAbove` looks (lines): enough for any frontmatter and opening note, and a
 * bound on the scan `show` adds, whichever section it shows (a section deep in a long file is never the first).
 */
export const PREAMBLE_LINES_SCANNED = 200

/**
 * When the heading at `headingLine` is its file's first and body text stands above it: where that text is.
 * Undefined otherwise, and for a heading further down than PREAMBLE_LINES_SCANNED.
 */
export const preambleAbove = (lines: ReadonlyArray<string>, headingLine: number): Preamble | undefined => {
  if (headingLine <= 1 || headingLine > PREAMBLE_LINES_SCANNED + 1) return undefined
  const above = lines.slice(0, headingLine - 1)
  const doc = scanMarkdown(above.join("\n"))
  if (doc.headings.length > 0) return undefined
  return textBeforeHeadings(above, doc.bodyStartLine, headingLine)
}
