import { frontmatterData, has, keyLine, type Rule } from "../types.js"

export const skl106: Rule = {
  id: "SKL106",
  name: "description-nonempty",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY",
  summary: "`description` is a non-empty string.",
  doc: "An empty or whitespace-only description gives an agent nothing to match a task against, which is the same as having none.",
  fix: "Write one or two sentences: what the skill does, then when to use it.",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || !has(data, "description")) return []
    const d = data.description
    const line = keyLine(s.frontmatter, "description")
    if (d === null || (typeof d === "string" && d.trim() === "")) return [{ file: "SKILL.md", line, message: "description is empty" }]
    if (typeof d !== "string") return [{ file: "SKILL.md", line, message: "description must be a string" }]
    return []
  }
}
