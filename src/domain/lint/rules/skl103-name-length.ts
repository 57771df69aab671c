import { metadataFindings } from "../metadataIssues.js"
import type { Rule } from "../types.js"

export const skl103: Rule = {
  id: "SKL103",
  name: "name-length",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #19",
  summary: "`name` is 1-64 characters.",
  doc: "The Agent Skills format limits names to 1-64 characters (Unicode code points, counted in the name's NFKC form as its reference validator counts them: `ﬁ` is two). An empty name identifies nothing; a very long one is truncated or rejected by agents.",
  fix: "Give the skill a short, non-empty name of at most 64 characters.",
  check: (s) => metadataFindings(s, "SKL103")
}
