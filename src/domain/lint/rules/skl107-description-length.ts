import { frontmatterIssues } from "../../protocol/metadata.js"
import { toFinding } from "../metadataIssues.js"
import { positiveInteger, withOptions, type Rule } from "../types.js"

export const skl107: Rule = {
  id: "SKL107",
  name: "description-length",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #2, #19",
  summary: "`description` is at most 1024 characters.",
  doc: "Descriptions of every installed skill share the agent's start-up context; the Agent Skills format caps them at 1024 characters (Unicode code points, folded block scalars counted as their folded text).",
  fix: "Shorten the description to what the skill does and when to use it; move details into the body.",
  ...withOptions<{ "max-length": number }>({ "max-length": positiveInteger("Maximum length in characters.", 1024) }, (s, option) =>
    frontmatterIssues(s.frontmatter, { maxDescription: option("max-length") })
      .filter((i) => i.rule === "SKL107")
      .map(toFinding)
  )
}
