import { codePoints, frontmatterData, has, keyAt, type Rule } from "../types.js"

export const skl111: Rule = {
  id: "SKL111",
  name: "compatibility-length",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-EXTENSIONS, agentskills-format (compatibility)",
  summary: "`compatibility`, when present, is a string of 1-500 characters.",
  doc: "The Agent Skills format defines the optional `compatibility` field (environment requirements such as `Requires git and network access`) as 1-500 characters; the format's reference validator rejects anything else, so such a skill fails to install in strict agents.",
  fix: "Write a short string of at most 500 characters, or remove the field.",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || !has(data, "compatibility")) return []
    const c = data.compatibility
    const at = keyAt(s.frontmatter, "compatibility")
    if (c !== null && typeof c !== "string") return [{ file: "SKILL.md", ...at, message: "compatibility must be a string" }]
    const n = c === null ? 0 : codePoints(c.trim() === "" ? "" : c)
    if (n === 0) return [{ file: "SKILL.md", ...at, message: "compatibility is empty; it must be 1-500 characters" }]
    if (n > 500) return [{ file: "SKILL.md", ...at, message: `compatibility is ${n} characters; maximum is 500` }]
    return []
  }
}
