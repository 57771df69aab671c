import { fileLinks } from "../links.js"
import { anchorsOf, githubSlug, headingSlug } from "../../markdown/slug.js"
import type { Finding, Rule, SkillSnapshot } from "../types.js"
import { splitLines } from "../../markdown/lines.js"

/** `<a id="x">`, `<a name="x">`, `<div id="x">`: the value of each `id` attribute, and of `name` on an `<a>`. */
const HTML_ANCHOR = /<([A-Za-z][A-Za-z0-9-]*)\b[^>]*?\s(id|name)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g

/**
 * The anchors a file's HTML makes, outside code blocks and code spans: GitHub and browsers take a link to
 * them, and published skills write them beside bold labels (`<a id="file-input"></a>`, a probe of UiPath's
 * skills, where SKL302 reported six links that work).
 */
const htmlAnchors = (s: SkillSnapshot, path: string, codeLines: (line: number) => boolean): ReadonlyArray<string> => {
  const source = s.markdownFiles.find((f) => f.path === path)?.source
  if (source === undefined || !source.includes("<")) return []
  const out: Array<string> = []
  splitLines(source).forEach((text, i) => {
    if (!text.includes("<") || codeLines(i + 1)) return
    for (const m of text.replace(/`+[^`]*`+/g, "").matchAll(HTML_ANCHOR)) {
      if (m[2]!.toLowerCase() === "name" && m[1]!.toLowerCase() !== "a") continue
      const value = m[3] ?? m[4] ?? m[5] ?? ""
      if (value !== "") out.push(value)
    }
  })
  return out
}

export const skl302: Rule = {
  id: "SKL302",
  name: "link-anchor-exists",
  defaultSeverity: "warning",
  category: "links",
  source: "RFC-0008:C-REGISTRY",
  summary: "`#anchor` links point to headings that exist.",
  doc: "An anchor (`#setup`, `guide.md#setup`) must name a heading of the target markdown file, slugged GitHub-style: lowercase, characters other than a-z, 0-9, spaces and hyphens removed, spaces to hyphens, repeated hyphens collapsed; the second `## Setup` is `#setup-1`. GitHub's own form (Unicode letters kept, hyphens not collapsed) is accepted too, and the comparison ignores case. An anchor the file's HTML makes (`<a id=\"x\"></a>`, `<a name=\"x\">`, an element's `id`) outside code counts as well, as GitHub and browsers follow it.",
  fix: "Use the slug of an existing heading (see `skc outline`), or rename the heading.",
  check: (s) => {
    const anchors = new Map<string, ReadonlySet<string>>()
    const anchorsIn = (path: string): ReadonlySet<string> | undefined => {
      if (!anchors.has(path)) {
        const facts = s.markdown(path)
        if (facts === undefined) return undefined
        // The RFC's slug and GitHub's own: a link that works on GitHub is not reported.
        const inCode = (line: number) => facts.codeBlocks.some((b) => line >= b.line && line <= b.endLine)
        anchors.set(path, new Set([...anchorsOf(facts.headings, headingSlug), ...anchorsOf(facts.headings, githubSlug), ...htmlAnchors(s, path, inCode)]))
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
