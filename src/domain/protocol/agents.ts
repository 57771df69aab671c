/**
 * Where each agent runtime looks for skills (RFC-0001:C-DEPLOYMENT, DECISIONS
 * #9 revised, #51, #53): every level may hold several directories (Codex
 * reads `.agents/skills` and `.codex/skills`), all from the agent profiles of
 * src/domain/agents, shared by `skc build --target`, discovery and resolution.
 */
import { isProfileName, PROFILE_NAMES, profileOf, type ProfileName } from "../agents/index.js"

export const AGENTS = PROFILE_NAMES
export type Agent = ProfileName

/** The user-level skills directories relative to the home, in the agent's order, e.g. `.claude/skills`. */
export const userSkillsDirs = (agent: Agent): ReadonlyArray<string> => profileOf(agent).dirs.user

/** The project-level skills directories relative to a project directory, in the agent's order. */
export const projectSkillsDirs = (agent: Agent): ReadonlyArray<string> => profileOf(agent).dirs.project

/** The first user-level directory: where `skc build --target <agent>` deploys a global build. */
export const userSkillsDir = (agent: Agent): string => userSkillsDirs(agent)[0]!

/** The first project-level directory: where `skc build --target <agent>` deploys a project build. */
export const projectSkillsDir = (agent: Agent): string => projectSkillsDirs(agent)[0]!

export const isAgent = (s: string): s is Agent => isProfileName(s)
