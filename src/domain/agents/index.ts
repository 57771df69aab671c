/**
 * Every agent profile skc knows (DECISIONS #51), in the one order used
 * everywhere (resolution, `--agent` choices, docs/agents.md), and the shared
 * directory `.agents/skills` (DECISIONS #53).
 */
import { agentskills } from "./agentskills.js"
import { amp } from "./amp.js"
import { claude } from "./claude.js"
import { codex } from "./codex.js"
import { copilot } from "./copilot.js"
import { cursor } from "./cursor.js"
import { gemini } from "./gemini.js"
import { kiro } from "./kiro.js"
import { opencode } from "./opencode.js"
import type { AgentProfile, FieldSpec } from "./profile.js"
import { SPECIFICATION_FIELDS } from "./specification.js"
import { trae } from "./trae.js"

export type { AgentProfile, FieldSpec, FieldKind, ListingRule, BudgetRule, CombinationRule, SkillFacts } from "./profile.js"

export const PROFILES: ReadonlyArray<AgentProfile> = [claude, codex, copilot, cursor, gemini, kiro, opencode, trae, amp, agentskills]

import { PROFILE_NAMES, isProfileName, type ProfileName } from "./names.js"
export { PROFILE_NAMES, isProfileName, type ProfileName }

export const DEFAULT_PROFILE: ProfileName = "claude"

/** The cross-client skills directory of the specification's client guide (DECISIONS #53). */
export const SHARED_SKILLS_DIR = ".agents/skills"
/** The build target that deploys into it. */
export const SHARED_TARGET = "agents"


export const profileOf = (name: ProfileName): AgentProfile => PROFILES.find((p) => p.name === name)!

/** Every field a profile knows: the specification's six, then its own. */
export const knownFields = (profile: AgentProfile): ReadonlyArray<FieldSpec> => [...SPECIFICATION_FIELDS, ...profile.fields]

/** Every key an agent reads as the field `spec`: its name, then its other spellings. */
export const fieldKeys = (spec: FieldSpec): ReadonlyArray<string> => (spec.spellings === undefined ? [spec.name] : [spec.name, ...spec.spellings])

/**
 * The agents that read the shared `.agents/skills` directory at project
 * level. The strict `agentskills` profile reads it too but is never implied:
 * it is asked for by name (`--agent agentskills`).
 */
export const sharedDirReaders = (): ReadonlyArray<AgentProfile> =>
  PROFILES.filter((p) => p.name !== "agentskills" && p.dirs.project.includes(SHARED_SKILLS_DIR))

/**
 * The profiles a project's build targets stand for (DECISIONS #51): an agent
 * target is its own profile, `agents` stands for every agent that reads the
 * shared directory; a directory path or a `[targets]` entry stands for no
 * profile. None at all: `claude`.
 */
export const profilesForTargets = (targets: ReadonlyArray<string>): ReadonlyArray<AgentProfile> => {
  const out: Array<AgentProfile> = []
  const add = (p: AgentProfile) => {
    if (!out.includes(p)) out.push(p)
  }
  for (const t of targets) {
    if (t === SHARED_TARGET) sharedDirReaders().forEach(add)
    else if (isProfileName(t)) add(profileOf(t))
  }
  return out.length === 0 ? [profileOf(DEFAULT_PROFILE)] : out
}
