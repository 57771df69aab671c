import { frontmatterData, keyLine, type Rule } from "../types.js"

export const skl113: Rule = {
  id: "SKL113",
  name: "name-nfkc",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-EXTENSIONS, agentskills-format (NFKC normalisation)",
  summary: "`name` is in Unicode NFKC form.",
  doc: "The format's reference validator NFKC-normalises `name` before checking and comparing it, while other tools compare it byte for byte; a name that changes under NFKC (ligatures such as `ﬁ`, full-width letters) is therefore read as two different names by different agents.",
  fix: "Replace the name by its NFKC form shown in the message (and rename the directory to match).",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || typeof data.name !== "string") return []
    const nfkc = data.name.normalize("NFKC")
    return nfkc === data.name
      ? []
      : [
          {
            file: "SKILL.md",
            line: keyLine(s.frontmatter, "name"),
            message: `name '${data.name}' is not NFKC-normalised; its NFKC form is '${nfkc}'`
          }
        ]
  }
}
