/**
 * The tool-skill dialect's rules (SKL5xx, defined in src/domain/tools/lint.ts
 * by the dialect's parser) as registry rules: they apply only when SKILL.md
 * declares tools, and that dialect's frontmatter fields are then known to
 * SKL109 (DECISIONS #3).
 */
import { splitLines } from "../../markdown/lines.js"
import { toolLintRules } from "../../tools/lint.js"
import { DIALECT_FIELDS } from "../../tools/model.js"
import { declaresTools, parseToolSkillFrom } from "../../tools/parse.js"
import type { FrontmatterDialect } from "../dialects.js"
import type { Rule, SkillSnapshot } from "../types.js"

const parsed = new WeakMap<SkillSnapshot, ReturnType<typeof parseToolSkillFrom>>()

const declares = (s: SkillSnapshot): boolean => {
  const doc = s.markdown("SKILL.md")
  return doc !== undefined && declaresTools(doc)
}

const parsedOf = (s: SkillSnapshot) => {
  let p = parsed.get(s)
  if (p === undefined) {
    const source = s.markdownFiles.find((f) => f.path === "SKILL.md")?.source ?? ""
    p = parseToolSkillFrom(s.markdown("SKILL.md")!, splitLines(source))
    parsed.set(s, p)
  }
  return p
}

export const toolSkillRules: ReadonlyArray<Rule> = toolLintRules.map(
  (r): Rule => ({
    id: r.id,
    name: r.name,
    defaultSeverity: r.defaultSeverity,
    category: "tools",
    summary: r.summary,
    doc: `${r.doc} Applies only to skills that declare tools.`,
    fix: r.fix,
    source: r.source,
    appliesTo: declares,
    check: (s) => r.check(parsedOf(s)).map((f) => ({ file: "SKILL.md", line: f.line, message: f.message }))
  })
)

export const toolSkillDialect: FrontmatterDialect = { name: "tool-skill", fields: DIALECT_FIELDS, applies: declares }
