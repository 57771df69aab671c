import type { Finding, Rule } from "../types.js"
import { toolSkillDialect } from "./tool-skill.js"

export const skl204: Rule = {
  id: "SKL204",
  name: "heading-first-h1",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-REGISTRY",
  summary: "The first heading of each markdown file is an H1.",
  doc: "The first heading titles the document; starting at H2 or deeper suggests missing context, and the compiled stub lists reference files by their H1. Applies to every scanned `.md` file, except a SKILL.md without any H1 (SKL202 reports that once), a tool skill's SKILL.md (its body is `### tool` blocks by design), and a reference file whose frontmatter gives its `title` (that is its title, as markdownlint's MD041 reads it; the stub, which lists a file by its first H1 (RFC-0001:C-SECTIONS), lists such a file by its path, and `show` knows no section of that title).",
  fix: "Make the first heading `# Title`, or add an H1 above it.",
  check: (s) => {
    const out: Array<Finding> = []
    for (const f of s.markdownFiles) {
      const headings = s.markdown(f.path)?.headings ?? []
      if (f.path === "SKILL.md" && (!headings.some((h) => h.level === 1) || toolSkillDialect.applies(s))) continue
      // A reference file whose frontmatter holds its `title` has its title (markdownlint's MD041 reads it so):
      // vercel's published rule files, 117 of them, write `title:` and start at `##`.
      const fm = s.markdown(f.path)?.frontmatter
      if (f.path !== "SKILL.md" && fm?._tag === "Parsed" && typeof fm.data.title === "string" && fm.data.title.trim() !== "") continue
      const first = headings[0]
      if (first !== undefined && first.level !== 1) {
        out.push({ file: f.path, line: first.line, message: `first heading is H${first.level}; expected H1` })
      }
    }
    return out
  }
}
