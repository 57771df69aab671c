/**
 * The block of skills OpenCode 1.18.33 puts in its system prompt: its
 * `SystemPrompt.skills` joins two sentences and `Skill.fmt(skills,
 * { verbose: true })` with newlines (read from the 1.18.33 binary's
 * strings; sst/opencode `packages/opencode/src/skill`). Each skill is an
 * indented `<skill>` element whose name and description are written as they
 * are and whose location alone is escaped (`&`, `<`, `>`, `"`, and `'` as
 * `&#39;`). Pure.
 */

/** A skill as the block shows it. */
export interface OpenCodePromptSkill {
  readonly name: string
  readonly description: string
  readonly location: string
}

/** How OpenCode escapes a location: XML's five escapes, `'` as `&#39;`. */
export const openCodeEscape = (s: string): string =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;")

/** The element OpenCode writes for one skill (elements are joined by a newline); `skc budget` counts it too. */
export const openCodeEntry = (s: OpenCodePromptSkill): string =>
  `  <skill>\n    <name>${s.name}</name>\n    <description>${s.description}</description>\n    <location>${openCodeEscape(s.location)}</location>\n  </skill>`

/** The two sentences before the list (SystemPrompt.skills). */
export const OPENCODE_SKILLS_INTRO = [
  "Skills provide specialized instructions and workflows for specific tasks.",
  "Use the skill tool to load a skill when a task matches its description."
] as const

/**
 * The block for `skills` in listing order (OpenCode's, by name). Nothing for none: OpenCode would write
 * "No skills are currently available." there, but `skc prompt` prints no block without a skill, as for
 * every agent.
 */
export const openCodePromptBlock = (skills: ReadonlyArray<OpenCodePromptSkill>): string =>
  skills.length === 0 ? "" : [...OPENCODE_SKILLS_INTRO, "<available_skills>", ...skills.map(openCodeEntry), "</available_skills>"].join("\n")
