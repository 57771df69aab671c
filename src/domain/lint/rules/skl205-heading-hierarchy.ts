import { declaresTools, isToolBlock } from "../../tools/parse.js"
import { lineStarts } from "../fix.js"
import { suggested, type Finding, type Rule } from "../types.js"

/** The guided edit (issue 50): an ATX heading's `#` run set to the level below the previous heading. */
const relevel = (source: string, line: number, level: number) => {
  const starts = lineStarts(source)
  const at = starts[line - 1]
  if (at === undefined) return undefined
  const m = /^( {0,3})(#{1,6})(?=[ \t\r\n]|$)/.exec(source.slice(at, at + 16))
  if (m === null) return undefined
  const start = at + m[1]!.length
  return { title: `Make it H${level}`, edits: [{ start, end: start + m[2]!.length, text: "#".repeat(level) }] }
}

export const skl205: Rule = {
  id: "SKL205",
  name: "heading-hierarchy",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-REGISTRY",
  summary: "Headings do not skip levels going deeper.",
  doc: "Going deeper, each heading is at most one level below the previous one (H2→H3, not H2→H4); going back up is always fine. Skipped levels break the outline that `skc outline` and agents navigate by, and hurt accessibility. Applies to every scanned `.md` file, except a tool block of a tool skill's SKILL.md: the dialect parses tools from H3 headings only (tool-skills spec §3), so `# Skill` then `### tool_name` is its structure, and an H2 would no longer be a tool.",
  guided: "\"Make it H<n>\": sets an ATX heading to the level below the previous heading (not a `--fix`: the author may rather add the missing heading).",
  fix: "Use the next level down (`###` under `##`), or add the missing intermediate heading.",
  check: (s) => {
    const out: Array<Finding> = []
    // A tool skill's tool blocks are H3 whatever comes before them (tool-skills spec §3, §8 starts the body
    // with `### git_status`): "Make it H2" there turned the skill into one with no tools (SKL507).
    const skillMd = s.markdown("SKILL.md")
    const tools = skillMd !== undefined && declaresTools(skillMd)
    for (const f of s.markdownFiles) {
      const headings = s.markdown(f.path)?.headings ?? []
      const fixed = tools && f.path === "SKILL.md" ? (h: (typeof headings)[number]) => isToolBlock(headings, h) : () => false
      for (let i = 1; i < headings.length; i++) {
        const prev = headings[i - 1].level
        const cur = headings[i].level
        if (cur > prev + 1 && !fixed(headings[i])) {
          out.push({ file: f.path, line: headings[i].line, message: `heading level skipped: H${prev} to H${cur}`, ...suggested(relevel(f.source, headings[i].line, prev + 1)) })
        }
      }
    }
    return out
  }
}
