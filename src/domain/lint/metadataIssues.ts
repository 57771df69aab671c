/**
 * SKILL.md's frontmatter issues from the one validator
 * (`src/domain/protocol/metadata.ts`), computed once per snapshot for the
 * lint rules that report them.
 */
import { frontmatterIssues, type MetadataIssue, type MetadataRuleId } from "../protocol/metadata.js"
import type { Finding, SkillSnapshot } from "./types.js"

const cache = new WeakMap<SkillSnapshot, ReadonlyArray<MetadataIssue>>()

const issuesOf = (s: SkillSnapshot): ReadonlyArray<MetadataIssue> => {
  let hit = cache.get(s)
  if (hit === undefined) {
    hit = frontmatterIssues(s.frontmatter)
    cache.set(s, hit)
  }
  return hit
}

export const toFinding = (i: MetadataIssue): Finding => ({ file: "SKILL.md", line: i.line, ...(i.column === undefined ? {} : { column: i.column }), message: i.message })

/** The validator's findings for one rule. */
export const metadataFindings = (s: SkillSnapshot, rule: MetadataRuleId): ReadonlyArray<Finding> =>
  issuesOf(s).filter((i) => i.rule === rule).map(toFinding)
