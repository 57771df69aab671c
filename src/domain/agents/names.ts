/**
 * The agent profiles' names alone (`--agent` words, `[agents.<name>]` tables), apart from the profiles
 * themselves: the configuration reader checks a name without loading every profile.
 */

/** The `--agent` words, in profile order. */
export const PROFILE_NAMES = ["claude", "codex", "copilot", "cursor", "gemini", "kiro", "opencode", "trae", "amp", "agentskills"] as const
export type ProfileName = (typeof PROFILE_NAMES)[number]

export const isProfileName = (s: string): s is ProfileName => (PROFILE_NAMES as ReadonlyArray<string>).includes(s)
