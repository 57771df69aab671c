import { metadataFindings } from "../metadataIssues.js"
import type { Rule } from "../types.js"

export { nameFormatProblem } from "../../protocol/metadata.js"

export const skl102: Rule = {
  id: "SKL102",
  name: "name-format",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #19, #52",
  summary: "`name` uses only lowercase letters, digits and single hyphens, not at either end.",
  doc: "Skill names are lowercase letters, digits and hyphens, with no leading, trailing or doubled hyphen (`my-skill`, `skill123`, `a`). As in skills-ref (DECISIONS #52), letters and digits of any script count after NFKC normalisation (`мой-навык`, `技能`), but an uppercase letter in any script does not (`НАВЫК`); SKL110 warns about non-ASCII names. Agents and installers use the name as a directory and an identifier, so anything else breaks on some platform or agent.",
  fix: "Rename the skill: lowercase it, replace underscores and spaces with single hyphens, trim hyphens at the ends (and rename the directory to match).",
  check: (s) => metadataFindings(s, "SKL102")
}
