/** Text form of `skc outline` (DECISIONS #10): each file on its own line, its headings indented below. */
import type { OutlineResult } from "../app/search/outline.js"
import { truncationLines } from "../domain/outlineBudget.js"
import { visibleLines } from "../domain/visible.js"
import { preambleRead, preambleSpan } from "./preamble.js"

/** `surface`: the truncation hint names the MCP tool's parameters, or at a terminal the CLI's options. */
export const renderOutline = (r: OutlineResult, surface: "mcp" | "cli" = "mcp"): string => {
  const lines: Array<string> = []
  let file: string | undefined
  for (const h of r.headings) {
    if (h.file !== file) {
      file = h.file
      const total = r.files?.find((x) => x.file === h.file)?.tokens
      lines.push(total === undefined ? file : `${file}  (~${total} tokens)`)
      // Text above the first heading no heading shows: where it is, and the read that shows it.
      const before = r.before_headings?.find((b) => b.file === h.file)
      if (before !== undefined) {
        lines.push(`  (${preambleSpan(before)}: text before the first heading; read with: ${preambleRead(r.skill, h.file, before, surface === "mcp" ? "tools" : "cli")})`)
      }
    }
    lines.push(`  ${"#".repeat(h.level)} ${h.text}${h.tokens === undefined ? "" : `  (~${h.tokens} tokens)`}`)
  }
  if (r.total_tokens !== undefined) lines.push(`total: ~${r.total_tokens} tokens`)
  if (r.truncated !== undefined) lines.push(...truncationLines(r.truncated, surface))
  // Headings and file names are the skill's: control characters shown escaped.
  return lines.length === 0 ? "" : visibleLines(lines) + "\n"
}
