/**
 * Gemini CLI's skill listing, as Gemini CLI 0.61.0 builds it for its model
 * (its `SkillManager.discoverSkills` and `renderAgentSkills`; checked
 * against the request the real client sends, docs/agents.md "Gemini CLI").
 * Pure.
 *
 * - **Names.** A skill is known by its frontmatter `name`, each of
 *   `: \ / < > * ? " |` made `-` (`a:b` is listed as `a-b`).
 * - **Loading and precedence.** Gemini CLI loads its own bundled skills,
 *   then extensions', then the user's `.gemini/skills` and `.agents/skills`,
 *   then the working directory's `.gemini/skills` and `.agents/skills`. A
 *   copy of a name loaded later replaces the earlier one, so the project
 *   wins over the user, and `.agents/skills` over `.gemini/skills` at each
 *   level.
 * - **Order.** A name keeps the place where it was first loaded (a map's
 *   insertion order), with the text of its last copy: a project skill that
 *   replaces a user skill of the same name is listed among the user's.
 *   Within one directory Gemini CLI takes the order its file search returns,
 *   which depends on the file system; skc uses a SKILL.md right in the
 *   directory first, then the skill directories by name.
 * - **The entry.** An XML element per skill (`<skill>` holding `<name>`,
 *   `<description>` and `<location>`, the SKILL.md's absolute path), the
 *   description as the YAML gives it, line breaks kept; no cap, no budget.
 */
import { compareBytewise } from "../sourcePaths.js"

/** The characters Gemini CLI replaces with `-` in a skill's name. */
const UNSAFE_IN_NAME = /[:\\/<>*?"|]/g

/** A skill's name as Gemini CLI lists it. */
export const geminiName = (name: string): string => name.replace(UNSAFE_IN_NAME, "-")

/** One copy of a skill, where Gemini CLI loads it from. */
export interface GeminiCopy<T> {
  readonly item: T
  /** The frontmatter name, as written. */
  readonly name: string
  /** When its directory is loaded: 0 extensions (skc's plugin roots), 1 the user's, 2 the project's. */
  readonly level: number
  /** Its skills directory's place among the level's, in the order Gemini CLI loads them (`.gemini/skills` first). */
  readonly dirIndex: number
  /** The skill's directory name below its skills directory; "" for a SKILL.md right in the skills directory. */
  readonly entry: string
}

/** The skills Gemini CLI lists: each name once, at its first place, with its last loaded copy. */
export const geminiListingOrder = <T>(copies: ReadonlyArray<GeminiCopy<T>>): ReadonlyArray<{ readonly name: string; readonly item: T }> => {
  const loaded = [...copies].sort((a, b) => a.level - b.level || a.dirIndex - b.dirIndex || compareBytewise(a.entry, b.entry))
  const byName = new Map<string, T>()
  for (const c of loaded) byName.set(geminiName(c.name), c.item)
  return [...byName].map(([name, item]) => ({ name, item }))
}

/** The element Gemini CLI writes for one skill (elements are joined by a newline). */
export const geminiEntry = (name: string, description: string, location: string): string =>
  `  <skill>\n    <name>${name}</name>\n    <description>${description}</description>\n    <location>${location}</location>\n  </skill>`
