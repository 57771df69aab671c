import { lineStarts } from "../fix.js"
import { frontmatterData, suggested, type Rule, type SkillSnapshot } from "../types.js"

/** The guided edit (issue 50): `# <name>` and a blank line where the body starts. */
const addH1 = (s: SkillSnapshot, bodyLine: number) => {
  const source = s.markdownFiles.find((f) => f.path === "SKILL.md")?.source
  if (source === undefined) return undefined
  const starts = lineStarts(source)
  // Past the blank lines that open the body: inserted on the first of them, the title sat against the
  // frontmatter with two blank lines under it (an editor's probe: `---\n# guided\n\n\nIntro`). A body
  // of blank lines only takes it where it starts.
  const blank = (i: number) => /^[ \t]*\r?\n?$/.test(source.slice(starts[i]!, i + 1 < starts.length ? starts[i + 1]! : source.length))
  let first = bodyLine - 1
  while (first < starts.length && blank(first)) first++
  const line = first < starts.length ? first : bodyLine - 1
  const at = line < starts.length ? starts[line]! : source.length
  const name = frontmatterData(s.frontmatter)?.name
  const title = typeof name === "string" && name.trim() !== "" ? name.trim() : s.dirName
  const eol = /\r\n/.test(source) ? "\r\n" : "\n"
  const lead = at === source.length && source.length > 0 && !/[\r\n]$/.test(source) ? eol : ""
  return { title: `Add the title '# ${title}'`, edits: [{ start: at, end: at, text: `${lead}# ${title}${eol}${eol}` }] }
}
import { toolSkillDialect } from "./tool-skill.js"

export const skl202: Rule = {
  id: "SKL202",
  name: "heading-h1",
  defaultSeverity: "warning",
  category: "structure",
  source: "RFC-0008:C-REGISTRY, DECISIONS #13",
  summary: "SKILL.md has at least one H1 heading.",
  doc: "The H1 titles the skill in outlines, the compiled stub and search results. Headings inside code blocks, HTML or the frontmatter do not count. Not applied to tool skills, whose body is a list of `### tool` blocks by their dialect's design.",
  fix: "Add `# <Skill Title>` after the frontmatter.",
  guided: "\"Add the title\": inserts `# <name>` and a blank line where the body starts.",
  appliesTo: (s) => !toolSkillDialect.applies(s),
  check: (s) => {
    const facts = s.markdown("SKILL.md")
    if (facts === undefined || facts.headings.some((h) => h.level === 1)) return []
    return [{ file: "SKILL.md", line: facts.bodyStartLine > facts.lineCount ? 1 : facts.bodyStartLine, message: "no H1 heading found", ...suggested(addH1(s, facts.bodyStartLine)) }]
  }
}
