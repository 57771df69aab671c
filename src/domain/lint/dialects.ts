/**
 * Frontmatter dialects: extra fields that become known (SKL109) when a
 * dialect applies to a skill (DECISIONS #3). The tool-skill dialect registers
 * itself here with one line; `applies` decides from the snapshot.
 */
import type { SkillSnapshot } from "./types.js"
import { toolSkillDialect } from "./rules/tool-skill.js"

export interface FrontmatterDialect {
  readonly name: string
  readonly fields: ReadonlyArray<string>
  readonly applies: (snapshot: SkillSnapshot) => boolean
}

export const frontmatterDialects: Array<FrontmatterDialect> = [toolSkillDialect]

/** The Agent Skills format's six fields (agentskills-format.md, DECISIONS #3). */
export const AGENT_SKILLS_FIELDS: ReadonlyArray<string> = [
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools"
]
