/** Text form of `skc outline` (DECISIONS #10): each file on its own line, its headings indented below. */
import type { OutlineResult } from "../app/search/outline.js"
import { truncationLines } from "../domain/outlineBudget.js"
import { visibleLines } from "../domain/visible.js"
import { preambleRead, preambleSpan } from "./preamble.js"
import { compareBytewise } from "../domain/sourcePaths.js"
import { sourcesStep, stepText } from "../domain/nextStep.js"

/** `surface`: the truncation hint names the MCP tool's parameters, or at a terminal the CLI's options. */
export const renderOutline = (r: OutlineResult, surface: "mcp" | "cli" = "mcp"): string => {
  const lines: Array<string> = []
  const style = surface === "mcp" ? "tools" : "cli"
  // Files with no heading at all, in their bytewise place among the others: the file, its tokens, the read.
  const withHeadings = new Set(r.headings.map((h) => h.file))
  const headingless = (r.before_headings ?? []).filter((b) => !withHeadings.has(b.file))
  let next = 0
  const headinglessUpTo = (file: string | undefined) => {
    while (next < headingless.length && (file === undefined || compareBytewise(headingless[next]!.file, file) < 0)) {
      const b = headingless[next++]!
      const total = r.files?.find((x) => x.file === b.file)?.tokens
      lines.push(total === undefined ? b.file : `${b.file}  (~${total} tokens)`)
      lines.push(`  (${preambleSpan(b)}: no headings; read with: ${preambleRead(r.skill, b.file, b, style)})`)
    }
  }
  let file: string | undefined
  for (const h of r.headings) {
    if (h.file !== file) {
      headinglessUpTo(h.file)
      file = h.file
      const total = r.files?.find((x) => x.file === h.file)?.tokens
      lines.push(total === undefined ? file : `${file}  (~${total} tokens)`)
      // Text above the first heading no heading shows: where it is, and the read that shows it.
      const before = r.before_headings?.find((b) => b.file === h.file)
      if (before !== undefined) {
        lines.push(`  (${preambleSpan(before)}: text before the first heading; read with: ${preambleRead(r.skill, h.file, before, style)})`)
      }
    }
    lines.push(`  ${"#".repeat(h.level)} ${h.text}${h.tokens === undefined ? "" : `  (~${h.tokens} tokens)`}`)
  }
  headinglessUpTo(undefined)
  const omitted = r.files_without_headings_omitted
  if (omitted !== undefined) lines.push(`… ${omitted} more file${omitted === 1 ? "" : "s"} without headings not shown (result budget); list the skill's files with: ${stepText(sourcesStep(r.skill), style)}`)
  if (r.total_tokens !== undefined) lines.push(`total: ~${r.total_tokens} tokens`)
  if (r.truncated !== undefined) lines.push(...truncationLines(r.truncated, surface))
  // Headings and file names are the skill's: control characters shown escaped.
  return lines.length === 0 ? "" : visibleLines(lines) + "\n"
}
