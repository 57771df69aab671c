/**
 * Where in a long stretch of text without headings a search hit is (a `.txt` reference, the text before a
 * file's first heading). Such a result is one section from its first line to its last: a 120,000-line file
 * answered "line 1" for a match at line 120,000, and the read it named was cut after about 5,000 lines, so
 * an agent paged 22 times to reach it (a probe with the official MCP Inspector). Pure.
 */

/** Results spanning fewer lines than this are read whole: the section's own line is enough. */
export const LONG_STRETCH_LINES = 40

const MARK = /\[MATCH\]([\s\S]*?)\[\/MATCH\]/g

/**
 * The 1-based line in `[from, to)` of `lines` (the file's, 1-based as written) that holds the snippet's
 * first marked words: the first line holding every word marked in the snippet's first fragment, else the
 * first holding its first marked word (letter case aside); undefined when none does.
 */
export const matchLineIn = (lines: ReadonlyArray<string>, from: number, to: number, snippet: string): number | undefined => {
  const fragment = snippet.split("...").find((f) => f.includes("[MATCH]")) ?? ""
  const marked = [...new Set([...fragment.matchAll(MARK)].map((m) => m[1]!.toLowerCase().trim()).filter((w) => w.length > 0))]
  if (marked.length === 0) return undefined
  const last = Math.min(to, lines.length + 1)
  let firstWord: number | undefined
  for (let line = Math.max(1, from); line < last; line++) {
    const text = lines[line - 1]!.toLowerCase()
    if (!text.includes(marked[0]!)) continue
    firstWord ??= line
    if (marked.every((w) => text.includes(w))) return line
  }
  return firstWord
}
