import { isMcpWildcard } from "../../protocol/tools.js"
import { frontmatterData, has, keyAt, type Rule } from "../types.js"

const TOOL = /^[A-Za-z_][A-Za-z0-9_.-]*(\((.*)\))?$/s

/** Split a space/comma separated list, keeping `Tool(pattern with spaces)` whole. */
export const splitAllowedTools = (value: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  let depth = 0
  let cur = ""
  for (const c of value) {
    if (depth === 0 && (c === "," || /\s/.test(c))) {
      if (cur !== "") out.push(cur)
      cur = ""
      continue
    }
    if (c === "(") depth++
    else if (c === ")") depth = Math.max(0, depth - 1)
    cur += c
  }
  if (cur !== "") out.push(cur)
  return out
}

/** `Tool` or `Tool(pattern)` with a non-empty, balanced pattern, or an MCP wildcard (`mcp__github__*`, `mcp__*`). */
export const isWellFormedTool = (entry: string): boolean => {
  if (isMcpWildcard(entry.trim())) return true
  const m = TOOL.exec(entry.trim())
  if (m === null) return false
  if (m[1] === undefined) return true
  const pattern = m[2]
  if (pattern.trim() === "") return false
  let depth = 0
  for (const c of pattern) {
    if (c === "(") depth++
    else if (c === ")" && --depth < 0) return false
  }
  return depth === 0
}

export const skl114: Rule = {
  id: "SKL114",
  name: "allowed-tools-format",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-EXTENSIONS, agentskills-format (allowed-tools)",
  summary: "`allowed-tools` entries are `Tool` or `Tool(pattern)`.",
  doc: "`allowed-tools` pre-approves tools, space-separated (`Bash(git:*) Read`); agents also accept a YAML list. An entry that is not a tool name optionally followed by one parenthesised, non-empty, balanced pattern is silently ignored by agents, so the skill runs with fewer permissions than its author meant. The field is experimental in the format, so this is a warning.",
  fix: "Write each entry as `Name` or `Name(pattern)`, separated by spaces; close every parenthesis.",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || !has(data, "allowed-tools") || data["allowed-tools"] === null) return []
    const v = data["allowed-tools"]
    const at = keyAt(s.frontmatter, "allowed-tools")
    const entries =
      typeof v === "string" ? splitAllowedTools(v) : Array.isArray(v) && v.every((e) => typeof e === "string") ? (v as Array<string>) : undefined
    if (entries === undefined) {
      return [{ file: "SKILL.md", ...at, message: "allowed-tools must be a space-separated string or a list of strings" }]
    }
    return entries
      .filter((e) => !isWellFormedTool(e))
      .map((e) => ({ file: "SKILL.md", ...at, message: `malformed allowed-tools entry: '${e}'` }))
  }
}
