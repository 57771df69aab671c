/**
 * The name OpenAI Codex gives a skill (openai/codex
 * codex-rs/core-skills/src/loader.rs, parse_skill_file): the frontmatter's
 * `name` with each run of white space one space (`sanitize_single_line`);
 * when that is missing, null or empty, the skill's directory's name
 * (`default_skill_name`, `"skill"` if that is empty too). A name over
 * `MAX_NAME_LEN` (64) characters fails `validate_len` and Codex does not
 * load the skill. Pure.
 */
import type { MetadataWarning } from "../protocol/metadata.js"

/** `MAX_NAME_LEN` in loader.rs, counted in characters (`chars().count()`: code points). */
export const CODEX_MAX_NAME = 64

/** `sanitize_single_line`: the words, one space between. */
export const singleLine = (raw: string): string => raw.split(/\s+/u).filter((w) => w !== "").join(" ")

export type CodexName = { readonly _tag: "Named"; readonly name: string } | { readonly _tag: "Refused"; readonly reason: string }

/** The name Codex lists `raw` (the frontmatter's `name`, any value) under, for a skill in directory `dirName`. */
export const codexName = (raw: unknown, dirName: string): CodexName => {
  const given = typeof raw === "string" ? singleLine(raw) : ""
  const name = given !== "" ? given : singleLine(dirName) || "skill"
  const length = [...name].length
  return length > CODEX_MAX_NAME
    ? { _tag: "Refused", reason: `OpenAI Codex refuses a name over ${CODEX_MAX_NAME} characters (this one has ${length}) and does not load the skill` }
    : { _tag: "Named", name }
}

/**
 * Whether the specification's blocking problems are only a missing or empty `name` (SKL101, SKL103's
 * empty name): Codex loads such a skill under its directory's name.
 */
export const onlyNameMissing = (issues: ReadonlyArray<MetadataWarning>): boolean =>
  issues.length > 0 && issues.every((i) => i.rule === "SKL101" || i.rule === "SKL103")

/** `MAX_SHORT_DESCRIPTION_LEN` in loader.rs, counted as the name is. */
export const CODEX_MAX_SHORT_DESCRIPTION = 1_024

/**
 * Codex's `metadata.short-description` (its only key under `metadata`): made one line, then checked by
 * `validate_len` as the name is; over 1,024 characters Codex refuses the skill (parse_skill_file). Undefined
 * when it loads it (no such key, not a string, or within the limit).
 */
export const codexShortDescriptionRefusal = (data: Readonly<Record<string, unknown>>): string | undefined => {
  const metadata = data.metadata
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) return undefined
  const raw = (metadata as Record<string, unknown>)["short-description"]
  if (typeof raw !== "string") return undefined
  const length = [...singleLine(raw)].length
  return length > CODEX_MAX_SHORT_DESCRIPTION
    ? `metadata.short-description is ${length} characters: OpenAI Codex refuses one over 1,024 and does not load the skill`
    : undefined
}
