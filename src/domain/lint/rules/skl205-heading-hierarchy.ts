import type { Finding, Rule } from "../types.js"

export const skl205: Rule = {
  id: "SKL205",
  name: "heading-hierarchy",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-REGISTRY",
  summary: "Headings do not skip levels going deeper.",
  doc: "Going deeper, each heading is at most one level below the previous one (H2→H3, not H2→H4); going back up is always fine. Skipped levels break the outline that `skc outline` and agents navigate by, and hurt accessibility. Applies to every scanned `.md` file.",
  fix: "Use the next level down (`###` under `##`), or add the missing intermediate heading.",
  check: (s) => {
    const out: Array<Finding> = []
    for (const f of s.markdownFiles) {
      const headings = s.markdown(f.path)?.headings ?? []
      for (let i = 1; i < headings.length; i++) {
        const prev = headings[i - 1].level
        const cur = headings[i].level
        if (cur > prev + 1) out.push({ file: f.path, line: headings[i].line, message: `heading level skipped: H${prev} to H${cur}` })
      }
    }
    return out
  }
}
