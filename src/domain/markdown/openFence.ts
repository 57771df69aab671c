/**
 * Whether a page of Markdown ends inside a fenced code block, and where that block opened (a probe of an
 * agent reading skills over MCP: a page of `show` ended inside a ```tsx block, its "... (N more lines)"
 * marker read as code, and the next page began with bare code and no fence).
 *
 * The markdown scanner (scan.ts), which follows CommonMark's block structure, decides: a fence inside a
 * list item or a block quote counts ("1. Run:" then a fence indented under the item, often by four or
 * more spaces), a fence ends with its container (a new list item closes it), and "```" inside indented
 * code opens nothing. A line-by-line fence match (up to three spaces, three or more backticks or tildes;
 * a closing fence of the same character, at least as long, with nothing after it) saw only fences outside
 * any container. The scanner reads the page's whole prefix, several times the line match's time (35–44
 * against 1–28 ms for a 600 KB prefix of 5,000 fenced examples, the host busy), so the line match answers
 * alone when it finds no block open and every fence run it meets starts its line: a fence at the first
 * column is outside every container (a fence line is no paragraph a list item or a quote could continue
 * lazily), so the block structure cannot change that answer (a fence line an HTML block swallows aside). An
 * indented one, even by one space, may sit in a list item, whose end closes it and may turn the next fence
 * line into an opening one. `lines` start outside any block (a section starts at its heading; a file at its
 * first line, frontmatter included).
 */
import { scanCodeBlocks } from "./scan.js"

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/
const FENCE_AT_COLUMN_ONE = /^(?:```|~~~)/

/** The line match: the 0-based index of the line whose fence is still open after `lines`, or undefined. */
const openByLines = (lines: ReadonlyArray<string>): number | undefined => {
  let open: { readonly at: number; readonly char: string; readonly length: number } | undefined
  lines.forEach((line, i) => {
    const m = FENCE.exec(line)
    if (m === null) return
    const run = m[1]!
    const rest = m[2]!
    if (open === undefined) {
      // A backtick fence's info string holds no backtick.
      if (run[0] === "`" && rest.includes("`")) return
      open = { at: i, char: run[0]!, length: run.length }
    } else if (run[0] === open.char && run.length >= open.length && rest.trim() === "") open = undefined
  })
  return open?.at
}

/** A fence run past a line's first column: perhaps in a list item, a block quote or indented code, or mere text. */
const nestedFenceRun = (line: string): boolean => (line.includes("```") || line.includes("~~~")) && !FENCE_AT_COLUMN_ONE.test(line)

/** The 0-based index of the line that opened the fenced block still open after `lines`, or undefined. */
export const openFenceAt = (lines: ReadonlyArray<string>): number | undefined => {
  if (openByLines(lines) === undefined && !lines.some(nestedFenceRun)) return undefined
  const line = scanCodeBlocks(lines.join("\n")).openFenceLine
  return line === undefined ? undefined : line - 1
}
