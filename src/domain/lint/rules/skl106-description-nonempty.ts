import { metadataFindings } from "../metadataIssues.js"
import type { Rule } from "../types.js"

export const skl106: Rule = {
  id: "SKL106",
  name: "description-nonempty",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY",
  summary: "`description` is a non-empty string.",
  doc: "An empty or whitespace-only description gives an agent nothing to match a task against, which is the same as having none.",
  fix: "Write one or two sentences: what the skill does, then when to use it.",
  check: (s) => metadataFindings(s, "SKL106")
}
