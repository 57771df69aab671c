/**
 * What lint's agent-profile rules share (DECISIONS #51; issue 43): the active
 * profiles of a snapshot, the fields they know, and the facts a combination
 * rule reads.
 */
import { DEFAULT_PROFILE, fieldKeys, knownFields, PROFILES, profileOf } from "../agents/index.js"
import { implicitInvocation } from "../agents/codexPolicy.js"
import { listingFacts } from "../agents/listing.js"
import type { AgentProfile, SkillFacts } from "../agents/profile.js"
import { bodyStartLineOf } from "../markdown/frontmatter.js"
import { splitLines } from "../markdown/lines.js"
import type { MetadataFile, SkillSnapshot } from "./types.js"

/** The snapshot's active profiles; `claude` when it names none. */
export const activeProfiles = (s: SkillSnapshot): ReadonlyArray<AgentProfile> =>
  s.profiles !== undefined && s.profiles.length > 0 ? s.profiles : [profileOf(DEFAULT_PROFILE)]

/** `claude`, `claude, cursor`: how messages name a set of profiles. */
export const profileList = (profiles: ReadonlyArray<AgentProfile>): string => profiles.map((p) => p.name).join(", ")

/** Every field name any profile knows (for "did you mean"), specification's first. */
let fieldNames: ReadonlyArray<string> | undefined
export const allFieldNames = (): ReadonlyArray<string> =>
  (fieldNames ??= [...new Set(PROFILES.flatMap((p) => knownFields(p).map((f) => f.name)))])

/** The profiles (of all) whose own fields include `field`. */
export const profilesKnowing = (field: string): ReadonlyArray<AgentProfile> =>
  PROFILES.filter((p) => p.fields.some((f) => fieldKeys(f).includes(field)))

/** SKILL.md's frontmatter data, body and first body line: what a `CombinationRule` reads; undefined without parsed frontmatter. */
export const skillFacts = (s: SkillSnapshot): SkillFacts | undefined => {
  if (s.frontmatter._tag !== "Parsed") return undefined
  const source = s.markdownFiles.find((f) => f.path === "SKILL.md")?.source
  if (source === undefined) return undefined
  const bodyLine = bodyStartLineOf(s.frontmatter)
  return { data: s.frontmatter.data, body: splitLines(source).slice(bodyLine - 1).join("\n"), bodyLine }
}

/**
 * Whether `profile`'s model sees the skill in its listing: not when the skill
 * is manual only there, by a frontmatter field (Claude Code's
 * `disable-model-invocation: true`) or by the agent's metadata file (Codex's
 * `policy.allow_implicit_invocation: false` in `agents/openai.yaml`, read as
 * discovery reads it). The rules about what the model reads of the listing
 * (SKL108's trigger, SKL702's cut) have nothing to say where it reads none.
 */
export const listedToModel = (s: SkillSnapshot, profile: AgentProfile, data: Readonly<Record<string, unknown>>, description: string): boolean => {
  if (!listingFacts(profile, data, description).model) return false
  const policyFile = profile.listing.policyFile
  if (policyFile === undefined) return true
  const file = s.metadataFiles?.find((f) => f.path === policyFile)
  if (file === undefined || typeof file.source !== "string") return true
  // Parsed once per file of a snapshot: SKL108 and SKL702 each ask for every active profile.
  if (!policies.has(file)) policies.set(file, implicitInvocation(file.source))
  return policies.get(file) !== false
}

/** A metadata file's `allow_implicit_invocation` (agents/openai.yaml), by the file's entry in its snapshot. */
const policies = new WeakMap<MetadataFile, boolean | null>()
