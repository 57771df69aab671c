import { frontmatterData, has, keyLine, type Rule } from "../types.js"

/** The first problem of a name string, worded for RFC-0008:C-DIAGNOSTICS; undefined when fine or empty. */
export const nameFormatProblem = (name: string): string | undefined => {
  if (name.length === 0) return undefined
  if (/[A-Z]/.test(name)) return `name '${name}' contains uppercase characters`
  const bad = [...new Set([...name].filter((c) => !/[a-z0-9-]/.test(c)))]
  if (bad.length > 0) {
    return `name '${name}' contains invalid characters: ${bad.map((c) => `'${c}'`).join(", ")} (only a-z, 0-9 and '-' are allowed)`
  }
  if (name.startsWith("-")) return `name '${name}' starts with a hyphen`
  if (name.endsWith("-")) return `name '${name}' ends with a hyphen`
  if (name.includes("--")) return `name '${name}' contains consecutive hyphens`
  return undefined
}

export const skl102: Rule = {
  id: "SKL102",
  name: "name-format",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #19",
  summary: "`name` uses only a-z, 0-9 and single hyphens, not at either end.",
  doc: "Skill names are lowercase ASCII letters, digits and hyphens, with no leading, trailing or doubled hyphen (`my-skill`, `skill123`, `a`). Agents and installers use the name as a directory and an identifier, so anything else breaks on some platform or agent.",
  fix: "Rename the skill: lowercase it, replace underscores and spaces with single hyphens, trim hyphens at the ends (and rename the directory to match).",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || !has(data, "name") || data.name === null) return []
    const line = keyLine(s.frontmatter, "name")
    if (typeof data.name !== "string") return [{ file: "SKILL.md", line, message: "name must be a string" }]
    const problem = nameFormatProblem(data.name)
    return problem === undefined ? [] : [{ file: "SKILL.md", line, message: problem }]
  }
}
