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
  check: (s) =>
    snapshotReferences(s).caseMismatches.map(({ file, mismatch }) => ({
      file,
      line: mismatch.mention.line,
      column: mismatch.mention.column,
      message: `'${mismatch.mention.text}' matches '${mismatch.real}' only ignoring case; it breaks on case-sensitive file systems`
    }))
}
