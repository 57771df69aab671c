/** Text form of `skc outline` (DECISIONS #10): each file on its own line, its headings indented below. */
import type { OutlineResult } from "../../app/outline.js"

export const renderOutline = (r: OutlineResult): string => {
  const lines: Array<string> = []
  let file: string | undefined
  for (const h of r.headings) {
    if (h.file !== file) {
      file = h.file
      lines.push(file)
    }
    lines.push(`  ${"#".repeat(h.level)} ${h.text}`)
  }
  return lines.length === 0 ? "" : lines.join("\n") + "\n"
}
