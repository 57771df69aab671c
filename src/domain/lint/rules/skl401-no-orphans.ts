import { snapshotReferences } from "../skillReferences.js"
import type { Finding, Rule } from "../types.js"

const NON_CONTENT = new Set(["license.md", "changelog.md", "contributing.md", "readme.md"])

const basename = (p: string) => p.slice(p.lastIndexOf("/") + 1)

export const skl401: Rule = {
  id: "SKL401",
  name: "no-orphans",
  defaultSeverity: "warning",
  category: "files",
  source: "RFC-0008:C-REGISTRY",
  summary: "Every markdown file is reachable from SKILL.md.",
  doc:
    "Agents reach reference files only by following SKILL.md, so a markdown file nothing in SKILL.md (or in a file it reaches) points to is dead weight. " +
    "A file is reached when a reached file mentions it the way an agent would follow it: a Markdown link, inline code, a code block or plain prose " +
    "(`references/api.md`, relative to the skill root or to the mentioning file, or through the skill's own folder from further up: `skills/<folder>/references/api.md`, as a plugin's root names it); a directory mention (`themes/`, `the themes directory`) reaches every file below it; " +
    "a templated path (`{lang}/batches.md`, `<language>/README.md`: the bracketed segment stands for any name) or a glob (`shared/agents-*.md`, `**`) reaches every file it matches; " +
    "a mention that matches only ignoring case reaches the file too (SKL402 reports it). " +
    "Not orphans: files under hidden directories and `LICENSE.md`, `CHANGELOG.md`, `CONTRIBUTING.md`, `README.md`.",
  fix: "Link the file from SKILL.md (or from a file SKILL.md links), or delete it.",
  check: (s) => {
    if (!s.markdownFiles.some((f) => f.path === "SKILL.md")) return []
    const { reached } = snapshotReferences(s)
    const out: Array<Finding> = []
    for (const f of s.markdownFiles) {
      if (reached.has(f.path) || NON_CONTENT.has(basename(f.path).toLowerCase())) continue
      out.push({ file: f.path, line: 1, message: `orphaned file: '${f.path}'` })
    }
    return out
  }
}
