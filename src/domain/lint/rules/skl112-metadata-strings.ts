import { frontmatterData, has, keyLine, type Rule } from "../types.js"

export const skl112: Rule = {
  id: "SKL112",
  name: "metadata-strings",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-EXTENSIONS, agentskills-format (metadata)",
  summary: "`metadata`, when present, maps string keys to string values.",
  doc: "The Agent Skills format defines `metadata` as a map of string keys to string values. Nested maps, lists and unquoted numbers (`version: 1.0` is the number 1) are read differently by different agents; skills in the wild do nest metadata, so this is a warning, not an error.",
  fix: "Quote scalar values (`version: \"1.0\"`) and flatten nested maps into string keys (`author-name: …`).",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || !has(data, "metadata")) return []
    const m = data.metadata
    const line = keyLine(s.frontmatter, "metadata")
    if (typeof m !== "object" || m === null || Array.isArray(m) || m instanceof Date) {
      return [{ file: "SKILL.md", line, message: "metadata must be a map of string keys to string values" }]
    }
    return Object.entries(m as Record<string, unknown>)
      .filter(([, v]) => typeof v !== "string")
      .map(([k]) => ({ file: "SKILL.md", line, message: `metadata value '${k}' must be a string` }))
  }
}
