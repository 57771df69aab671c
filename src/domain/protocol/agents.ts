/**
 * Where each agent runtime looks for skills (RFC-0001:C-DEPLOYMENT, DECISIONS
 * #9): the same relative directory under the user's home (user level) and
 * under every project directory from the cwd upwards (project level).
 */
export const AGENTS = ["claude", "codex", "copilot", "cursor", "gemini", "kiro", "opencode", "trae"] as const
export type Agent = (typeof AGENTS)[number]

export const AGENT_SKILL_DIRS: Readonly<Record<Agent, string>> = {
  claude: ".claude/skills",
  codex: ".codex/skills",
  copilot: ".github/skills",
  cursor: ".cursor/skills",
  gemini: ".gemini/skills",
  kiro: ".kiro/skills",
  opencode: ".opencode/skills",
  trae: ".trae/skills"
}

export const isAgent = (s: string): s is Agent => (AGENTS as ReadonlyArray<string>).includes(s)
