import { fileLinks } from "../links.js"
import type { Finding, Rule } from "../types.js"

export const skl303: Rule = {
  id: "SKL303",
  name: "link-no-escape",
  defaultSeverity: "error",
  category: "links",
  source: "RFC-0008:C-REGISTRY, RFC-0005 E012",
  summary: "Relative links stay inside the skill directory.",
  doc: "A link that climbs out of the skill with `..` (or reaches a symlink pointing outside it) works only on the author's machine: installed skills are copied or linked on their own, and skc never serves files outside the skill root.",
  fix: "Copy the target into the skill (e.g. `references/`) and link the copy.",
  check: (s) => {
    const out: Array<Finding> = []
    for (const { file, link, target } of fileLinks(s)) {
      if (target._tag === "Escapes") {
        out.push({ file, line: link.line, column: link.column, endLine: link.endLine, endColumn: link.endColumn, message: `link escapes skill root: '${target.path}'` })
      } else if (target._tag === "Internal" && s.lookup(target.path)?.escapes === true) {
        out.push({ file, line: link.line, column: link.column, endLine: link.endLine, endColumn: link.endColumn, message: `link escapes skill root via symlink: '${target.written}'` })
      }
    }
    return out
  }
}
