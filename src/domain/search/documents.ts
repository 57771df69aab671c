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
  if (preamble.length > 0 && !isBlank(preamble)) sections.push({ file, section: "", content: seg(preamble.join("\n")) })
  for (const h of doc.headings) {
    headings.push({ file, text: h.text, level: h.level, start_line: h.line, end_line: h.endLine })
    sections.push({ file, section: seg(h.text), content: seg(joinLines(lines, h.line, h.endLine)) })
  }
  return { sections, headings }
}

/** The single document of a `.txt` file. */
export const textRows = (file: string, text: string, options: { readonly segmentsCjk: boolean }): FileRows => ({
  sections: [{ file, section: "", content: options.segmentsCjk ? segmentCjk(text) : text }],
  headings: []
})
