/**
 * The tool-skill dialect's rules (SKL5xx, defined in src/domain/tools/lint.ts
 * as registry rules next to the dialect's parser): they apply only when
 * SKILL.md declares tools, and that dialect's frontmatter fields are then
 * known to SKL109 (DECISIONS #3).
 */
import { declaresToolsIn, toolLintRules } from "../../tools/lint.js"
import { DIALECT_FIELDS } from "../../tools/model.js"
import type { FrontmatterDialect } from "../dialects.js"
import type { Rule } from "../types.js"

export const toolSkillRules: ReadonlyArray<Rule> = toolLintRules

export const toolSkillDialect: FrontmatterDialect = { name: "tool-skill", fields: DIALECT_FIELDS, applies: declaresToolsIn }
