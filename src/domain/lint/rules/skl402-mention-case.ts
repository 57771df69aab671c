import { snapshotReferences } from "../skillReferences.js"
import type { Rule } from "../types.js"

export const skl402: Rule = {
  id: "SKL402",
  name: "mention-case",
  defaultSeverity: "error",
  category: "files",
  source: "issue 13 (reference detection); RFC-0008:C-REGISTRY SKL301 for links",
  summary: "A path mentioned in a skill file matches a file with the same case.",
  doc:
    "A mention such as `FORMS.md` or `[form](Forms.md)` that names an existing file only when case is ignored (the file is `forms.md`) works on " +
    "case-insensitive file systems (macOS, Windows) and breaks on case-sensitive ones (Linux, most containers and CI), where the agent finds no file. " +
    "Mentions are found as SKL401 finds them (links, inline code, code blocks, prose), in SKL402's scope: SKILL.md and the markdown files it reaches; the message names the real file.",
  fix: "Spell the path exactly as the file is named (or rename the file).",
  // One line per fact (issue 46 item 5): a mention repeated in a file is reported at its first place, with the other lines named.
  check: (s) => {
    const facts = new Map<string, { file: string; line: number; column: number; text: string; real: string; lines: Array<number> }>()
    for (const { file, mismatch } of snapshotReferences(s).caseMismatches) {
      const key = `${file}\u0000${mismatch.mention.text}\u0000${mismatch.real}`
      const fact = facts.get(key)
      if (fact === undefined) {
        facts.set(key, { file, line: mismatch.mention.line, column: mismatch.mention.column, text: mismatch.mention.text, real: mismatch.real, lines: [mismatch.mention.line] })
      } else if (!fact.lines.includes(mismatch.mention.line)) fact.lines.push(mismatch.mention.line)
    }
    return [...facts.values()].map((f) => {
      const others = f.lines.slice(1).sort((a, b) => a - b)
      return {
        file: f.file,
        line: f.line,
        column: f.column,
        message:
          `'${f.text}' matches '${f.real}' only ignoring case; it breaks on case-sensitive file systems` +
          (others.length === 0 ? "" : ` (also on ${others.length === 1 ? "line" : "lines"} ${others.join(", ")})`)
      }
    })
  }
}
