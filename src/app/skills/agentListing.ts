/**
 * The chosen agent's listing of the skills it discovers (DECISIONS #51,
 * issue 43): discovery, the profile's limits with `[agents.<name>]`, the
 * environment override and `--context-tokens` applied, and the one listing
 * `skc prompt`, `skc budget`, `skc match` and `skc eval` share
 * (src/domain/protocol/listing.ts).
 */
import { Effect, Schema } from "effect"
import { profileOf, type AgentProfile } from "../../domain/agents/index.js"
import type { Agent } from "../../domain/protocol/agents.js"
import { listingLimits, type ListingLimits } from "../../domain/protocol/budget.js"
import type { DiscoveredSkill } from "../../domain/protocol/discovery.js"
import { listedName, modelListing, type ModelListing } from "../../domain/protocol/listing.js"
import { Env } from "../../ports/Env.js"
import { NO_CLAUDE_SETTINGS, envTruthy, type ClaudeListingSettings } from "../../domain/agents/claudeSettings.js"
import { claudeCommands } from "./claudeCommands.js"
import { claudeListingSettings } from "./claudeSettings.js"
import { geminiListingSettings } from "./geminiSettings.js"
import { discover, sameDirectoryCopies, type DiscoverResult } from "./discovery.js"
import { Settings } from "../shared/index.js"

/** `--context-tokens` of `budget` and `prompt`: the model's context window. */
/**
 * The model's context window in tokens (Claude Code: its model's by default; Codex: without it, its
 * 8,000-character fallback). No schema description: the name says it, and it is in three tools' schemas
 * within tools/list's 12 KB (docs/mcp.md "Payload budgets").
 */
export const ContextTokensField = Schema.Int.check(Schema.isGreaterThan(0))

export interface AgentListingInput {
  readonly agent?: Agent | undefined
  readonly plugin_dirs?: ReadonlyArray<string> | undefined
  readonly context_tokens?: number | undefined
}

export interface AgentListing {
  readonly found: DiscoverResult
  readonly profile: AgentProfile
  readonly limits: ListingLimits
  readonly listing: ModelListing
  /** Claude Code: what turned its own bundled skills off (its setting's file, or the variable); absent while they are listed. */
  readonly bundledSkillsOff?: string
}

/** The agent's own settings that change its listing: Claude Code's settings files; nothing for other agents. */
const ownSettings = (profile: AgentProfile) => (profile.listing.layout === "claude" ? claudeListingSettings() : Effect.succeed(NO_CLAUDE_SETTINGS))

/**
 * The profile's limits as configured: the agent's own settings files (Claude Code's
 * skillListingBudgetFraction, skillListingMaxDescChars), `[agents.<name>]`, its environment override
 * (a positive integer, else ignored, as Claude Code does), `--context-tokens`.
 */
export const agentLimits = Effect.fnUntraced(function* (profile: AgentProfile, contextTokens: number | undefined, own?: ClaudeListingSettings) {
  const env = yield* Env
  const { config } = yield* Settings
  const rule = profile.listing.budget
  const raw = rule.kind === "fraction" && rule.envOverride !== null ? env.get(rule.envOverride) : undefined
  const envChars = raw !== undefined && /^\d+$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : undefined
  const settings = own ?? (yield* ownSettings(profile))
  // The model the agent runs sizes its window (Claude Code): its environment variable, else its settings'
  // `model`, else its default model.
  const byModel = rule.kind === "fraction" ? rule.modelWindow : undefined
  const fromEnv = byModel === undefined ? undefined : env.get(byModel.modelEnv)?.trim()
  const named = fromEnv !== undefined && fromEnv !== "" ? { value: fromEnv, from: byModel!.modelEnv } : settings.model
  const window = byModel?.windowOf(named?.value, envTruthy(env.get(byModel.without1MEnv)))
  const modelWindow = window === undefined || named === undefined ? window : { tokens: window.tokens, why: `${window.why} (the model from ${named.from})` }
  return listingLimits(profile, { contextTokens, envChars, overrides: config.agents[profile.name], agentSettings: settings, modelWindow })
})

export const agentListing = Effect.fnUntraced(function* (input: AgentListingInput = {}) {
  const found = yield* discover({ agent: input.agent, plugin_dirs: input.plugin_dirs })
  const profile = profileOf(found.agent)
  const own = yield* ownSettings(profile)
  // Claude Code's legacy commands share its listing and budget.
  const commands = profile.listing.layout === "claude" ? yield* claudeCommands(found.agent) : []
  const limits = yield* agentLimits(profile, input.context_tokens, own)
  // Codex keeps every copy of a name (it knows skills by path), and Claude Code lets the user's copy win
  // over the project's (it knows skills by directory name): the shadowed copies go to their listings too.
  // Gemini CLI lists a name at the place of its first copy: every copy goes to its listing too.
  // (Codex: the copies it lists, not one directory reached through a link twice: discovery.ts `listedCopies`.)
  // (Claude Code: not a copy that is a directory already listed, reached through another link: it detects
  // duplicates by inode, CHANGELOG 2.1.0, and lists the skill once.)
  const sameDirectory = profile.listing.layout === "claude" ? yield* sameDirectoryCopies(found.skills, found.shadowed) : new Set<string>()
  const copies =
    profile.listing.layout === "codex" || profile.listing.layout === "claude" || profile.listing.layout === "gemini"
      ? found.shadowed
          .filter((s) => (profile.listing.layout !== "codex" || s.also_listed === true) && !sameDirectory.has(s.path))
          .map((s): DiscoveredSkill => ({ ...s, allowed_tools: null, warnings: [] }))
      : []
  // Gemini CLI's `skills.enabled` and `skills.disabled` keep skills from loading at all.
  const gemini = profile.listing.layout === "gemini" ? yield* geminiListingSettings() : undefined
  const disabled = gemini === undefined ? new Set<string>() : gemini.enabled ? gemini.disabled : ("all" as const)
  const { stores } = yield* Settings
  const bundled = own.bundledSkillsOff
  const result: AgentListing = {
    found,
    profile,
    limits,
    listing: modelListing(profile, limits, [...found.skills, ...copies], own.skillOverrides, commands, disabled, stores.cwd),
    ...(bundled?.value === true ? { bundledSkillsOff: bundled.from } : {})
  }
  return result
})

/**
 * The text each skill is matched on, as the agent lists it (`skc match`, `skc eval`'s match judge): the first
 * entry of a name (the copy discovery kept; Codex lists every copy, the repository's first), none left out past
 * the budget (as unseen as a manual-only skill), no legacy command (no skill to pick). Past the budget Claude
 * Code keeps descriptions for the skills used most recently, which skc cannot know, so every entry it lists
 * keeps its text; other agents cut by a rule skc reproduces (Codex: every description shortened, then names
 * only), so an entry they list by name only is matched on its name alone, as `skc budget` says; so is an
 * entry Claude Code's settings list by name only (`skillOverrides: name-only`), which no budget changes.
 */
export const matchedTexts = (
  listing: ModelListing,
  profile: AgentProfile,
  skills: ReadonlyArray<Pick<DiscoveredSkill, "path" | "name" | "scope" | "plugin">> = []
): ReadonlyMap<string, string> => {
  const nameOnlyKnown = profile.listing.layout !== "claude"
  // Keyed by the name the agent lists a skill under (`listedName`: Claude Code's `acme:foo` for a plugin's
  // `foo`, which a project's `foo` does not hide); the entries carry the skill's own name and its location.
  const listedAs = new Map(skills.map((s) => [s.path, listedName(profile, s)]))
  const texts = new Map<string, string>()
  for (const e of listing.entries) {
    const key = (e.kind === "command" ? undefined : listedAs.get(e.location)) ?? e.name
    if (e.listed === "omitted" || e.kind === "command" || texts.has(key)) continue
    // Named only by Claude Code's settings (`skillOverrides: name-only`) is known, whatever the budget.
    texts.set(key, e.nameOnlySetting === true || (e.listed === "name-only" && nameOnlyKnown) ? "" : e.text)
  }
  return texts
}
