import { frontmatterData, keyAt, type Rule } from "../types.js"

export const skl104: Rule = {
  id: "SKL104",
  name: "name-match-dir",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, agentskills-format (NFKC comparison)",
  summary: "`name` equals the skill directory's name.",
  doc: "Agents find a skill by its directory and identify it by `name`; when they differ, the skill is listed under one name and loaded under another. Both sides are compared after NFKC normalisation, as the format's reference validator does, so a directory name stored in another Unicode form is not a false positive.",
  fix: "Rename the directory or change `name` so that they are equal.",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || typeof data.name !== "string" || data.name.length === 0) return []
    if (data.name.normalize("NFKC") === s.dirName.normalize("NFKC")) return []
    return [
      {
        file: "SKILL.md",
        ...keyAt(s.frontmatter, "name"),
        message: `name '${data.name}' does not match directory '${s.dirName}'`
      }
    ]
  }
}
