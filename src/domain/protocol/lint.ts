/**
 * Lint rules of the agent skill protocol (block SKL6xx), as pure functions
 * over one SKILL.md text. Each returns diagnostics in the lint shape of
 * DECISIONS #12; the lint registry (src/domain/lint) runs them beside the
 * RFC-0008 rules.
 *
 * - SKL601 dangerous-tool-combination: the protocol's "Dangerous
 *   Combinations" (Bash + Write, WebFetch + Bash, Edit + Bash).
 * - SKL602 unknown-tool: an `allowed-tools` entry naming no known tool.
 * - SKL603 body-token-budget: the SKILL.md body over 5,000 estimated tokens
 *   (the Agent Skills format's recommendation for level 2).
 */
import { readSkillSource } from "./frontmatter.js"
import { estimateTokens } from "./tokens.js"
import { dangerousCombinations, isKnownTool, parseAllowedTools } from "./tools.js"

export const MAX_BODY_TOKENS = 5_000

export interface ProtocolDiagnostic {
  readonly rule: string
  readonly name: string
  readonly severity: "error" | "warning" | "info"
  readonly file: string
  readonly line: number
  readonly message: string
}

export interface ProtocolRule {
  readonly id: string
  readonly name: string
  readonly severity: "error" | "warning" | "info"
  readonly description: string
  readonly check: (source: string, file: string) => ReadonlyArray<ProtocolDiagnostic>
}

/** Line of a top-level frontmatter key (1-based), 1 when not found. */
const keyLine = (source: string, key: string): number => {
  const parsed = readSkillSource(source)
  return parsed._tag === "Parsed" ? (parsed.keyLines[key] ?? 1) : 1
}

const allowedToolsOf = (source: string) => {
  const parsed = readSkillSource(source)
  if (parsed._tag !== "Parsed" || parsed.data["allowed-tools"] === undefined) return undefined
  const tools = parseAllowedTools(parsed.data["allowed-tools"])
  return tools._tag === "Parsed" ? tools.tools : undefined
}

export const dangerousToolCombination: ProtocolRule = {
  id: "SKL601",
  name: "dangerous-tool-combination",
  severity: "warning",
  description: "allowed-tools pairs tools the protocol calls dangerous together",
  check: (source, file) => {
    const tools = allowedToolsOf(source)
    if (tools === undefined) return []
    const line = keyLine(source, "allowed-tools")
    return dangerousCombinations(tools).map((c) => ({
      rule: "SKL601",
      name: "dangerous-tool-combination",
      severity: "warning" as const,
      file,
      line,
      message: `allowed-tools grants ${c.tools[0]} and ${c.tools[1]}, which together ${c.risk}`
    }))
  }
}

export const unknownTool: ProtocolRule = {
  id: "SKL602",
  name: "unknown-tool",
  severity: "warning",
  description: "allowed-tools names a tool no agent runtime knows",
  check: (source, file) => {
    const tools = allowedToolsOf(source)
    if (tools === undefined) return []
    const line = keyLine(source, "allowed-tools")
    return tools
      .filter((t) => !isKnownTool(t.tool))
      .map((t) => ({
        rule: "SKL602",
        name: "unknown-tool",
        severity: "warning" as const,
        file,
        line,
        message: `unknown tool '${t.tool}' in allowed-tools`
      }))
  }
}

export const bodyTokenBudget: ProtocolRule = {
  id: "SKL603",
  name: "body-token-budget",
  severity: "warning",
  description: `SKILL.md body over ${MAX_BODY_TOKENS} estimated tokens`,
  check: (source, file) => {
    const parsed = readSkillSource(source)
    const tokens = estimateTokens(parsed.body)
    if (tokens <= MAX_BODY_TOKENS) return []
    return [
      {
        rule: "SKL603",
        name: "body-token-budget",
        severity: "warning" as const,
        file,
        line: parsed._tag === "Parsed" ? parsed.bodyStartLine : 1,
        message: `SKILL.md body is ~${tokens} tokens (recommended at most ${MAX_BODY_TOKENS}); move detail into referenced files`
      }
    ]
  }
}

export const PROTOCOL_RULES: ReadonlyArray<ProtocolRule> = [dangerousToolCombination, unknownTool, bodyTokenBudget]

export const lintProtocol = (source: string, file = "SKILL.md"): ReadonlyArray<ProtocolDiagnostic> =>
  PROTOCOL_RULES.flatMap((r) => r.check(source, file))
