import { fileLinks } from "../links.js"
import type { Finding, Rule } from "../types.js"

export const skl303: Rule = {
  id: "SKL303",
  name: "link-no-escape",
  defaultSeverity: "error",
  category: "links",
  source: "RFC-0008:C-REGISTRY, RFC-0005 E012",
  summary: "Relative links stay inside the skill directory.",
  doc:
    "A link that climbs out of the skill with `..` (or reaches a symlink pointing outside it) works only on the author's machine: installed skills are copied or linked on their own, and skc never serves files outside the skill root. " +
    "A symlink in the skill that leads outside it is reported too, linked or not, each one: `skc build` refuses the skill with E012 while it is there (lint passed such a skill before).",
  fix: "Copy the target into the skill (e.g. `references/`) and link the copy; replace a symlink leading outside by a copy of what it points to.",
  check: (s) => {
    const out: Array<Finding> = []
    for (const { file, link, target } of fileLinks(s)) {
      if (target._tag === "Escapes") {
        out.push({ file, line: link.line, column: link.column, endLine: link.endLine, endColumn: link.endColumn, message: `link escapes skill root: '${target.path}'` })
      } else if (target._tag === "Internal" && s.lookup(target.path)?.escapes === true) {
        out.push({ file, line: link.line, column: link.column, endLine: link.endLine, endColumn: link.endColumn, message: `link escapes skill root via symlink: '${target.written}'` })
      }
    }
    // The symlinks themselves, each: build stops at the first (E012), so an author fixed them one build at a time.
    for (const e of s.entries) {
      if (e.escapes === true) out.push({ file: e.path, line: 1, column: 1, message: `symlink leads outside the skill root: '${e.path}' (skc build refuses the skill: E012)` })
    }
    return out
  }
}
