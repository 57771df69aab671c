import { fileLinks } from "../links.js"
import { anchorsOf, githubSlug, headingSlug } from "../../markdown/slug.js"
import type { Finding, Rule } from "../types.js"

export const skl302: Rule = {
  id: "SKL302",
  name: "link-anchor-exists",
  defaultSeverity: "warning",
  category: "links",
  source: "RFC-0008:C-REGISTRY",
  summary: "`#anchor` links point to headings that exist.",
  doc: "An anchor (`#setup`, `guide.md#setup`) must name a heading of the target markdown file, slugged GitHub-style: lowercase, characters other than a-z, 0-9, spaces and hyphens removed, spaces to hyphens, repeated hyphens collapsed; the second `## Setup` is `#setup-1`. GitHub's own form (Unicode letters kept, hyphens not collapsed) is accepted too, and the comparison ignores case.",
  fix: "Use the slug of an existing heading (see `skc outline`), or rename the heading.",
  check: (s) => {
    const anchors = new Map<string, ReadonlySet<string>>()
    const anchorsIn = (path: string): ReadonlySet<string> | undefined => {
      if (!anchors.has(path)) {
        const facts = s.markdown(path)
        if (facts === undefined) return undefined
        // The RFC's slug and GitHub's own: a link that works on GitHub is not reported.
        anchors.set(path, new Set([...anchorsOf(facts.headings, headingSlug), ...anchorsOf(facts.headings, githubSlug)]))
      }
      return anchors.get(path)
    }
    const out: Array<Finding> = []
    for (const { file, link, target } of fileLinks(s)) {
      let path: string
      let fragment: string | undefined
      let written: string
      if (target._tag === "Anchor") {
        path = file
        fragment = target.fragment
        written = `#${target.fragment}`
      } else if (target._tag === "Internal" && target.fragment !== undefined) {
        path = target.path
        fragment = target.fragment
        written = `${target.written}#${target.fragment}`
      } else continue
      if (fragment === "") continue
      const set = anchorsIn(path)
      if (set !== undefined && !set.has(fragment) && !set.has(fragment.toLowerCase())) {
        out.push({ file, line: link.line, column: link.column, endLine: link.endLine, endColumn: link.endColumn, message: `anchor not found: '${written}'` })
      }
    }
    return out
  }
}
