/**
 * What Claude Code lists for a SKILL.md the specification calls invalid
 * (DECISIONS #51; its CHANGELOG): malformed YAML frontmatter loads the body
 * with empty metadata (2.1.186); a skill without `description` is listed
 * (2.1.69), with the first line of its body as the text, as its legacy
 * commands are (claudeCommands.ts); a bare number as `name` or `description`
 * is coerced to a string (2.1.47); without `name` it goes by its
 * directory's name. Pure.
 */
import { readSkillSource } from "../protocol/frontmatter.js"
import { firstLine } from "./claudeCommands.js"
import type { AgentProfile } from "./profile.js"

export interface ClaudeMetadata {
  readonly name: string
  readonly description: string
  /** The frontmatter as Claude Code reads it: empty when the YAML does not parse. */
  readonly data: Readonly<Record<string, unknown>>
}

/** A scalar as its text (`name: 3000` is "3000"); anything else, or an empty text, is none. */
const scalarText = (v: unknown): string | undefined => {
  const text = typeof v === "string" ? v.trim() : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined
  return text === "" ? undefined : text
}

export const claudeMetadata = (source: string, dirName: string): ClaudeMetadata => {
  const read = readSkillSource(source)
  const data = read._tag === "Parsed" ? read.data : {}
  return {
    name: scalarText(data.name) ?? dirName,
    description: scalarText(data.description) ?? firstLine(read.body) ?? "",
    data
  }
}

/**
 * A SKILL.md the specification calls invalid as `profile`'s agent lists it anyway (`listsInvalid`: Claude
 * Code), or undefined when that agent lists no such skill. Discovery and eval both ask this, so a skill
 * counts as listed in one exactly when it does in the other.
 */
export const listedDespiteProblems = (profile: AgentProfile, source: string, dirName: string): ClaudeMetadata | undefined =>
  profile.listing.listsInvalid === true ? claudeMetadata(source, dirName) : undefined
