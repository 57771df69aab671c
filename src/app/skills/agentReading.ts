/**
 * How the agents whose profile has a `listing.reader` read a SKILL.md
 * where their reading differs from the specification's (DECISIONS #51):
 * Gemini CLI from the file's bytes (geminiMetadata.ts), OpenAI Codex's
 * names (codexMetadata.ts). Discovery asks these before its generic
 * reading; each answers from the agent's source, cited in its domain module.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { codexFrontmatter } from "../../domain/agents/codexFrontmatter.js"
import { codexName, codexShortDescriptionRefusal, onlyNameMissing } from "../../domain/agents/codexMetadata.js"
import { geminiMetadata } from "../../domain/agents/geminiMetadata.js"
import { listingFacts } from "../../domain/agents/listing.js"
import type { AgentProfile } from "../../domain/agents/index.js"
import type { Candidate, SkillLocation } from "../../domain/protocol/discovery.js"
import type { validateSkillSource } from "../../domain/protocol/metadata.js"
import { FileSystem } from "../../ports/FileSystem.js"

/**
 * Gemini CLI's reading of a SKILL.md (geminiMetadata.ts), from its bytes: its `readFile(…, "utf-8")` keeps a
 * leading byte order mark, which skc's text read drops. Undefined when the bytes cannot be read.
 */
export const geminiRead = Effect.fnUntraced(function* (skillMd: string) {
  const fs = yield* FileSystem
  const bytes = yield* fs.readFile(skillMd).pipe(Effect.result)
  return bytes._tag === "Success" ? geminiMetadata(keepBom.decode(bytes.success)) : undefined
})
const keepBom = new TextDecoder("utf-8", { ignoreBOM: true })

/**
 * A skill as OpenAI Codex names it (codexMetadata.ts): listed under its directory's name when the only
 * blocking problem is a missing or empty `name`; invalid when the name is over 64 characters. Undefined:
 * the generic reading stands.
 */
export const codexCandidate = Effect.fnUntraced(function* (
  location: SkillLocation,
  text: string,
  checked: ReturnType<typeof validateSkillSource>,
  profile: AgentProfile,
  policy: boolean | null,
  dir: string
) {
  const path = yield* Path
  if (checked._tag === "Invalid" && !onlyNameMissing(checked.issues)) return undefined
  // The frontmatter after Codex's repair (codexFrontmatter.ts), as `checked` was read.
  const read = codexFrontmatter(text).frontmatter
  const data = read._tag === "Parsed" ? read.data : {}
  const named = codexName(data.name, path.basename(dir))
  if (named._tag === "Refused") return { ...location, _tag: "Invalid", name: typeof data.name === "string" ? data.name : null, problems: [named.reason] } satisfies Candidate
  const shortRefused = codexShortDescriptionRefusal(data)
  if (shortRefused !== undefined) return { ...location, _tag: "Invalid", name: named.name, problems: [shortRefused] } satisfies Candidate
  if (checked._tag === "Valid") return undefined
  const description = typeof data.description === "string" ? data.description : ""
  const facts = listingFacts(profile, data, description)
  return {
    ...location,
    _tag: "Valid",
    name: named.name,
    description,
    allowedTools: undefined,
    warnings: checked.issues,
    listing: { model: facts.model && policy !== false, command: facts.command, when_to_use: facts.when_to_use, paths: facts.paths }
  } satisfies Candidate
})
