/**
 * Where each agent runtime looks for skills (RFC-0001:C-DEPLOYMENT, DECISIONS
 * #9). The user level is the deployment table of src/domain/targets.ts (one
 * table for `skc build --target` and for discovery); the project level is the
 * same directory relative to a project directory, except where an agent keeps
 * its user-level skills elsewhere (OpenCode: `~/.config/opencode/skills`, but
 * `.opencode/skills` in a project).
 */
import { BUILTIN_TARGETS } from "../targets.js"

export const AGENTS = ["claude", "codex", "copilot", "cursor", "gemini", "kiro", "opencode", "trae"] as const
export type Agent = (typeof AGENTS)[number]

const PROJECT_LEVEL_OVERRIDES: Partial<Record<Agent, string>> = { opencode: ".opencode/skills" }

/** The user-level skills directory relative to the home, e.g. `.claude/skills`. */
export const userSkillsDir = (agent: Agent): string => BUILTIN_TARGETS[agent]!.replace(/^~\//, "")

/** The project-level skills directory relative to a project directory. */
export const projectSkillsDir = (agent: Agent): string => PROJECT_LEVEL_OVERRIDES[agent] ?? userSkillsDir(agent)

export const isAgent = (s: string): s is Agent => (AGENTS as ReadonlyArray<string>).includes(s)
