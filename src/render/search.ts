// Text rendering of `skc search` (RFC-0004:C-SEARCH, informative, not a
// contract): `<file>#<section> (score: <score>)` then the snippet on one
// indented line. Pure.
import type { SearchResult } from "../app/search.js"

const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, " ").trim()

export const renderSearchText = (result: SearchResult): string => {
  if (result.results.length === 0) return `No results for '${result.query}'.\n`
  return result.results
    .map((r) => `${r.section === "" ? r.file : `${r.file}#${r.section}`} (score: ${r.score.toFixed(2)})\n  ${oneLine(r.snippet)}\n`)
    .join("\n")
}
