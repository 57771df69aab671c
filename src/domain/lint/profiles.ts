/**
 * What lint's agent-profile rules share (DECISIONS #51; issue 43): the active
 * profiles of a snapshot, the fields they know, and the facts a combination
 * rule reads.
 */
import { DEFAULT_PROFILE, fieldKeys, knownFields, PROFILES, profileOf } from "../agents/index.js"
import type { AgentProfile, SkillFacts } from "../agents/profile.js"
import { bodyStartLineOf } from "../markdown/frontmatter.js"
import { splitLines } from "../markdown/lines.js"
import type { SkillSnapshot } from "./types.js"

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
