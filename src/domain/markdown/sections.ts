/**
 * Section extents (DECISIONS #15, RFC-0002:C-SHOW, RFC-0004:C-FORMATS): a
 * section runs from its heading to the line before the next heading with the
 * same or fewer `#`, or to the end of the file. Both readers compute heading
 * ends here, so the boundary rule exists once.
 */
import type { Heading, HeadingLevel, MarkdownDoc, Section } from "./model.js"

export interface HeadingStart {
  readonly level: HeadingLevel
  readonly text: string
  readonly line: number
}

/** Adds `endLine` to headings given in document order; O(n) with a stack. */
export const withEndLines = (starts: ReadonlyArray<HeadingStart>, lineCount: number): ReadonlyArray<Heading> => {
  const ends = new Array<number>(starts.length).fill(lineCount + 1)
  const open: Array<number> = []
  for (let i = 0; i < starts.length; i++) {
    const level = starts[i].level
    while (open.length > 0 && starts[open[open.length - 1]].level >= level) {
      ends[open.pop()!] = starts[i].line
    }
    open.push(i)
  }
  return starts.map((h, i) => ({ level: h.level, text: h.text, line: h.line, endLine: ends[i] }))
}

/** Each heading's section as `[startLine, endLine)`, in document order. */
export const sectionsOf = (doc: Pick<MarkdownDoc, "headings">): ReadonlyArray<Section> =>
  doc.headings.map((heading) => ({ heading, startLine: heading.line, endLine: heading.endLine }))

/**
 * The text lines of a section (heading line included), from the file's
 * `splitLines`: what `show` returns before `--max-lines`.
 */
export const sectionLines = (
  lines: ReadonlyArray<string>,
  range: { readonly startLine: number; readonly endLine: number }
): ReadonlyArray<string> => lines.slice(range.startLine - 1, range.endLine - 1)
