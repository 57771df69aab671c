import { codexShortDescriptionRefusal } from "../../agents/codexMetadata.js"
import { frontmatterIssues } from "../../protocol/metadata.js"
import { toFinding } from "../metadataIssues.js"
import { activeProfiles } from "../profiles.js"
import { frontmatterData, keyAt, positiveInteger, withOptions, type Finding, type Rule, type SkillSnapshot } from "../types.js"

/**
 * Codex's own description under `metadata` (`short-description`), over the length its loader takes: Codex
 * refuses the skill (codexMetadata.ts), so it is checked when Codex is among the agents linted for.
 */
const codexShortDescription = (s: SkillSnapshot): ReadonlyArray<Finding> => {
  if (!activeProfiles(s).some((p) => p.listing.reader === "codex")) return []
  const data = frontmatterData(s.frontmatter)
  const refused = data === undefined ? undefined : codexShortDescriptionRefusal(data)
  return refused === undefined ? [] : [{ file: "SKILL.md", ...keyAt(s.frontmatter, "metadata"), message: `${refused} (codex)`, saysWhy: true }]
}

export const skl107: Rule = {
  id: "SKL107",
  name: "description-length",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #2, #19; for Codex, openai/codex codex-rs/core-skills/src/loader.rs (MAX_SHORT_DESCRIPTION_LEN)",
  summary: "`description` is at most 1024 characters.",
  doc:
    "Descriptions of every installed skill share the agent's start-up context; the Agent Skills format caps them at 1024 characters (Unicode code points, folded block scalars counted as their folded text). " +
    "Linted for Codex, `metadata.short-description` is held to 1,024 characters too: Codex refuses a skill whose short description is longer.",
  fix: "Shorten the description to what the skill does and when to use it; move details into the body.",
  ...withOptions<{ "max-length": number }>({ "max-length": positiveInteger("Maximum length in characters.", 1024) }, (s, option) => [
    ...frontmatterIssues(s.frontmatter, { maxDescription: option("max-length") })
      .filter((i) => i.rule === "SKL107")
      .map(toFinding),
    ...codexShortDescription(s)
  ])
}
