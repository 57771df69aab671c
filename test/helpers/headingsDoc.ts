/**
 * The document of markdown `lines` as the index adapters take it: each ATX
 * heading with the line it starts on and the line of the next heading of
 * the same or a higher level (DECISIONS #15), for tests that write an index
 * without the markdown scanner.
 */
export const headingsDoc = (lines: ReadonlyArray<string>) => {
  const starts = lines.flatMap((l, i) => {
    const m = /^(#{1,6}) (.*)$/.exec(l)
    return m ? [{ level: m[1]!.length, text: m[2]!, line: i + 1 }] : []
  })
  const headings = starts.map((h, i) => {
    const next = starts.slice(i + 1).find((o) => o.level <= h.level)
    return { ...h, endLine: next ? next.line : lines.length + 1 }
  })
  return { headings, bodyStartLine: 1 }
}
