/**
 * Where each agent runtime looks for skills (RFC-0001:C-DEPLOYMENT, DECISIONS
 * #9 revised): both levels come from the one table of src/domain/targets.ts
 * (`AGENT_SKILL_DIRS`), shared by `skc build --target`, discovery and resolution.
 */
import { AGENT_SKILL_DIRS } from "../targets.js"

export const AGENTS = ["claude", "codex", "copilot", "cursor", "gemini", "kiro", "opencode", "trae"] as const
export type Agent = (typeof AGENTS)[number]

/** The user-level skills directory relative to the home, e.g. `.claude/skills`. */
export const userSkillsDir = (agent: Agent): string => AGENT_SKILL_DIRS[agent].user

/** The project-level skills directory relative to a project directory. */
export const projectSkillsDir = (agent: Agent): string => AGENT_SKILL_DIRS[agent].project

export const isAgent = (s: string): s is Agent => (AGENTS as ReadonlyArray<string>).includes(s)
