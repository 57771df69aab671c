/**
 * Whether a page of Markdown ends inside a fenced code block, and where that block opened (a probe of an
 * agent reading skills over MCP: a page of `show` ended inside a ```tsx block, its "... (N more lines)"
 * marker read as code, and the next page began with bare code and no fence). CommonMark's fences: up to
 * three spaces, then three or more backticks or tildes; a closing fence of the same character, at least as
 * long, with nothing after it but spaces. `lines` start outside any block (a section starts at its heading).
 */
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/

/** The 0-based index of the line that opened the block still open after `lines`, or undefined. */
export const openFenceAt = (lines: ReadonlyArray<string>): number | undefined => {
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
