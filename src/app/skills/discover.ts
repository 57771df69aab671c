/**
 * `skc discover` (agent-skill-protocol "Discovery Mechanism"): the use
 * case's face. Discovery itself is a service (src/app/skills/discovery.ts)
 * because other use cases and services build on it (the agent listing,
 * locating a skill an agent cannot see): services never import a use case.
 */
import { Effect } from "effect"
import type { DiscoveredSkill } from "../../domain/protocol/discovery.js"
import type { ModelListing } from "../../domain/protocol/listing.js"
import { agentListing } from "./agentListing.js"
import type { DiscoverInput, DiscoverResult } from "./discovery.js"
import { warnUndeployed } from "./undeployedNotice.js"
import { nestedSkillDirs } from "./nestedSkillDirs.js"
import { profileOf } from "../../domain/agents/index.js"
import { Settings } from "../shared/index.js"

export * from "./discovery.js"

/**
 * What `skc discover` and `skc_discover` run: the agent's discovery, and a
 * notice naming the skills of skc's stores the agent finds nowhere, with
 * the build that deploys them where it reads (src/domain/protocol/undeployed.ts).
 * Built for Claude Code only, a skill was "No skills discovered for codex"
 * without a word of why.
 */
export const discoverCommand = Effect.fn("skc.discoverCommand")(function* (input: DiscoverInput = {}) {
  // The listing `prompt`, `budget` and `match` share: the agent's settings files are read once, as there.
  const { found, listing } = yield* agentListing(input)
  yield* warnUndeployed(found)
  const nested = profileOf(found.agent).dirs.nestedBelow
  if (nested === undefined) return limited(withSettings(found, listing), input.limit)
  const { stores } = yield* Settings
  const below = yield* nestedSkillDirs(stores.cwd, nested.dir)
  const result: DiscoverResult = { ...withSettings(found, listing), below: { dirs: below.dirs, truncated: below.truncated } }
  return limited(result, input.limit)
})

/**
 * The answer with each list cut to `limit` entries, and how many each left out (`omitted`). The cut is the
 * answer's alone: what the agent finds (and match, prompt and budget use) is whole. Over MCP an answer has a
 * bound (docs/mcp.md "Payload budgets"): 300 skills were 224 KB in one.
 */
const limited = (r: DiscoverResult, limit: number | undefined): DiscoverResult => {
  if (limit === undefined) return r
  const over = (n: number) => Math.max(0, n - limit)
  const omitted = { skills: over(r.skills.length), shadowed: over(r.shadowed.length), invalid: over(r.invalid.length) }
  if (omitted.skills + omitted.shadowed + omitted.invalid === 0) return r
  return { ...r, skills: r.skills.slice(0, limit), shadowed: r.shadowed.slice(0, limit), invalid: r.invalid.slice(0, limit), omitted }
}

/**
 * The discovery with what the agent's own settings files make of each skill (`listing.settings`): a skill
 * Claude Code's `skillOverrides` turns off or makes manual only, or Gemini CLI's `skills.disabled` keeps
 * out, was listed by `discover` as any other, while `prompt` and `budget` left it out.
 */
const withSettings = (found: DiscoverResult, listing: ModelListing): DiscoverResult => {
  const off = new Set(listing.off)
  const manual = new Set(listing.manual_only)
  const nameOnly = new Set(listing.entries.filter((e) => e.nameOnlySetting === true && e.kind !== "command").map((e) => e.name))
  const annotate = (s: DiscoveredSkill): DiscoveredSkill =>
    off.has(s.name)
      ? { ...s, listing: { ...s.listing, model: false, command: false, settings: "off" } }
      : manual.has(s.name) && s.listing.model
        ? { ...s, listing: { ...s.listing, model: false, settings: "user-invocable-only" } }
        : nameOnly.has(s.name)
          ? { ...s, listing: { ...s.listing, settings: "name-only" } }
          : s
  return { ...found, skills: found.skills.map(annotate) }
}
