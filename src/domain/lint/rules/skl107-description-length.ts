import { frontmatterIssues } from "../../protocol/metadata.js"
import { toFinding } from "../metadataIssues.js"
import { positiveInteger, type Rule } from "../types.js"

export const skl107: Rule = {
  id: "SKL107",
  name: "description-length",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #2, #19",
  summary: "`description` is at most 1024 characters.",
  doc: "Descriptions of every installed skill share the agent's start-up context; the Agent Skills format caps them at 1024 characters (Unicode code points, folded block scalars counted as their folded text).",
  fix: "Shorten the description to what the skill does and when to use it; move details into the body.",
  options: {
    "max-length": { description: "Maximum length in characters.", default: 1024, validate: positiveInteger }
  },
  check: (s, options) =>
    frontmatterIssues(s.frontmatter, { maxDescription: options["max-length"] as number })
      .filter((i) => i.rule === "SKL107")
      .map(toFinding)
}
