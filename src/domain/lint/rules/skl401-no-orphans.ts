import { fileLinks } from "../links.js"
import { dirOf, normalizePath } from "../paths.js"
import type { Finding, Rule } from "../types.js"

const NON_CONTENT = new Set(["license.md", "changelog.md", "contributing.md", "readme.md"])
const MENTION = /[A-Za-z0-9_.\-/]*[A-Za-z0-9_-]\.md\b/g

const basename = (p: string) => p.slice(p.lastIndexOf("/") + 1)

export const skl401: Rule = {
  id: "SKL401",
  name: "no-orphans",
  defaultSeverity: "warning",
  category: "files",
  source: "RFC-0008:C-REGISTRY",
  summary: "Every markdown file is reachable from SKILL.md.",
  doc: "Agents reach reference files only by following SKILL.md, so a markdown file no chain of links from SKILL.md reaches is dead weight. Reachable means linked (directly, or through a linked directory) from SKILL.md or from a reachable file; a file whose path is written out in a reachable file (e.g. `` `references/api.md` ``) counts as reached too, since agents follow such mentions. Not orphans: files under hidden directories and `LICENSE.md`, `CHANGELOG.md`, `CONTRIBUTING.md`, `README.md`.",
  fix: "Link the file from SKILL.md (or from a file SKILL.md links), or delete it.",
  check: (s) => {
    const sources = new Map(s.markdownFiles.map((f) => [f.path, f.source]))
    const scanned = new Set(sources.keys())
    if (!scanned.has("SKILL.md")) return []
    const linksByFile = new Map<string, Array<string>>()
    for (const { file, target } of fileLinks(s)) {
      if (target._tag !== "Internal") continue
      const list = linksByFile.get(file) ?? []
      list.push(target.path)
      linksByFile.set(file, list)
    }
    const reached = new Set<string>(["SKILL.md"])
    const queue = ["SKILL.md"]
    const visit = (p: string) => {
      if (scanned.has(p) && !reached.has(p)) {
        reached.add(p)
        queue.push(p)
      }
    }
    while (queue.length > 0) {
      const file = queue.shift()!
      for (const p of linksByFile.get(file) ?? []) {
        if (s.lookup(p)?.type === "directory") {
          for (const f of scanned) if (f.startsWith(p + "/")) visit(f)
        } else visit(p)
      }
      const source = sources.get(file) ?? ""
      for (const m of source.matchAll(MENTION)) {
        visit(normalizePath(m[0]))
        visit(normalizePath(`${dirOf(file)}/${m[0]}`))
      }
    }
    const out: Array<Finding> = []
    for (const f of s.markdownFiles) {
      if (reached.has(f.path) || NON_CONTENT.has(basename(f.path).toLowerCase())) continue
      out.push({ file: f.path, line: 1, message: `orphaned file: '${f.path}'` })
    }
    return out
  }
}
