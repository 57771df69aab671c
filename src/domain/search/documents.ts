/**
 * What one source file contributes to the search index (RFC-0004:C-FORMATS,
 * C-INDEX, DECISIONS #13, #15).
 *
 * - `.md`: one searchable document per heading. Its `content` is the section
 *   as DECISIONS #15 delimits it: from the heading line to the line before
 *   the next heading of the same or a higher level (so a section includes its
 *   subsections), or the end of the file. Every heading also gets a row in
 *   `headings` for `skc show`. Headings come from the one markdown model, so
 *   `#` lines inside code blocks, HTML or frontmatter are never headings.
 *   Text before the first heading (after any frontmatter), when it is not
 *   blank, is one more document with section `""`, so a file without any
 *   heading is still searchable.
 * - `.txt`: the whole file is one document with section `""`.
 * - anything else: nothing (silently skipped).
 *
 * With the `cjk` tokenizer the indexed `section` and `content` are segmented
 * (see cjk.ts); the `headings` table always holds the text unchanged.
 *
 * Beside the RFC's document, each row carries where it sits (issue 14,
 * docs/search.md): its 1-based first `line`, exclusive `endLine`, heading
 * `level` (0 for a preamble or a `.txt` file) and, for a section that has
 * subsections, its `own` text: the heading line and what follows up to the
 * first subheading. Search uses them to drop an ancestor that only matched
 * through a descendant, and to tell the reader where a hit starts.
 */
import { segmentCjk } from "./cjk.js"

/** The markdown model's heading (structurally: src/domain/markdown Heading). */
export interface IndexableHeading {
  readonly level: number
  readonly text: string
  /** 1-based line of the heading. */
  readonly line: number
  /** Exclusive, 1-based end of its section (DECISIONS #15). */
  readonly endLine: number
}

export interface SectionRow {
  readonly file: string
  readonly section: string
  readonly content: string
  /** 1-based line where the document starts (the heading, or the preamble's first line). */
  readonly line: number
  /** Exclusive end line: the next same-or-higher heading, the first heading after a preamble, or EOF+1. */
  readonly endLine: number
  /** Heading level 1–6; 0 for a preamble or a `.txt` file. */
  readonly level: number
  /** The section's own text (heading to first subheading), only when it has subsections. */
  readonly own?: string
}

export interface HeadingRow {
  readonly file: string
  readonly text: string
  readonly level: number
  readonly start_line: number
  /** Exclusive: the next same-or-higher heading's line, or EOF+1. */
  readonly end_line: number
}

export interface FileRows {
  readonly sections: ReadonlyArray<SectionRow>
  readonly headings: ReadonlyArray<HeadingRow>
}

export type IndexedFormat = "markdown" | "text"

/** Which format a relative path is indexed as; undefined means skipped (RFC-0004:C-FORMATS). */
export const indexedFormat = (relPath: string): IndexedFormat | undefined =>
  relPath.endsWith(".md") ? "markdown" : relPath.endsWith(".txt") ? "text" : undefined

const isBlank = (lines: ReadonlyArray<string>): boolean => lines.every((l) => l.trim().length === 0)

const joinLines = (lines: ReadonlyArray<string>, from: number, toExclusive: number): string =>
  lines.slice(Math.max(0, from - 1), Math.max(0, toExclusive - 1)).join("\n")

/**
 * Rows of a markdown file. `lines` are the file split by the markdown model's
 * `splitLines`, `headings` its headings in document order, `bodyStartLine`
 * the first line after the frontmatter.
 */
export const markdownRows = (
  file: string,
  lines: ReadonlyArray<string>,
  doc: { readonly headings: ReadonlyArray<IndexableHeading>; readonly bodyStartLine: number },
  options: { readonly segmentsCjk: boolean }
): FileRows => {
  const seg = options.segmentsCjk ? (s: string) => segmentCjk(s) : (s: string) => s
  const sections: Array<SectionRow> = []
  const headings: Array<HeadingRow> = []
  const firstHeadingLine = doc.headings.length > 0 ? doc.headings[0].line : lines.length + 1
  const preamble = lines.slice(Math.max(0, doc.bodyStartLine - 1), firstHeadingLine - 1)
  if (preamble.length > 0 && !isBlank(preamble)) {
    // The line reported is the preamble's first non-blank line: where the reader's eye should land.
    const firstText = preamble.findIndex((l) => l.trim().length > 0)
    sections.push({ file, section: "", content: seg(preamble.join("\n")), line: doc.bodyStartLine + firstText, endLine: firstHeadingLine, level: 0 })
  }
  doc.headings.forEach((h, i) => {
    headings.push({ file, text: h.text, level: h.level, start_line: h.line, end_line: h.endLine })
    const next = doc.headings[i + 1]
    // The next heading starts a subsection when it lies inside this section (it is then deeper).
    const hasSubsections = next !== undefined && next.line < h.endLine
    sections.push({
      file,
      section: seg(h.text),
      content: seg(joinLines(lines, h.line, h.endLine)),
      line: h.line,
      endLine: h.endLine,
      level: h.level,
      ...(hasSubsections ? { own: seg(joinLines(lines, h.line, next.line)) } : {})
    })
  })
  return { sections, headings }
}

/** The single document of a `.txt` file. */
export const textRows = (file: string, text: string, options: { readonly segmentsCjk: boolean }): FileRows => ({
  sections: [
    { file, section: "", content: options.segmentsCjk ? segmentCjk(text) : text, line: 1, endLine: lineCount(text) + 1, level: 0 }
  ],
  headings: []
})

/** Lines of a text as editors count them (a final newline does not start a line). */
const lineCount = (text: string): number => {
  if (text.length === 0) return 0
  let n = 1
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) if (i < text.length - 1) n++
  return n
}
