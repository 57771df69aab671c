import { metadataFindings } from "../metadataIssues.js"
import type { Rule } from "../types.js"

export const skl113: Rule = {
  id: "SKL113",
  name: "name-nfkc",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-EXTENSIONS, agentskills-format (NFKC normalisation)",
  summary: "`name` is in Unicode NFKC form.",
  doc: "The format's reference validator NFKC-normalises `name` before checking and comparing it, while other tools compare it byte for byte; a name that changes under NFKC (ligatures such as `ﬁ`, full-width letters) is therefore read as two different names by different agents.",
  fix: "Replace the name by its NFKC form shown in the message (and rename the directory to match).",
  check: (s) => metadataFindings(s, "SKL113")
}
