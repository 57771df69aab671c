/**
 * The skills section OpenAI Codex gives its model, as
 * `render_available_skills_body` lays it out (openai/codex
 * `codex-rs/core-skills/src/render.rs`): `## Skills`, the table of skill
 * roots under `### Skill roots` (each line `` - `r<k>` = `<directory>` ``),
 * then `### Available skills` and one line per listed skill, the lines
 * codexListing.ts builds and `skc budget` counts (`- <name>: <description>
 * (file: r<k>/<path>)`). Codex 0.171.0 names every SKILL.md by its root's
 * alias (test/fixtures/codex-listing). Pure.
 *
 * Left out: the sentence Codex writes under `## Skills`, its fixed
 * `### How to use skills` guidance after the list and the
 * `<skills_instructions>` tags around it all. That prose is the same for
 * every set of skills and its wording changes between Codex releases (the
 * versions of render.rs differ), so skc prints only what the skills decide.
 */
import { codexLine, singleLine } from "./codexListing.js"

/** A listed skill: its description as kept (null or "": the bare line), its SKILL.md as the line names it. */
export interface CodexPromptSkill {
  readonly name: string
  readonly description: string | null
  readonly file: string
}

/** One line of the table of roots (`build_skill_root_lines`). */
export const codexRootLine = (root: string, index: number): string => `- \`r${index}\` = \`${root.replace(/\\/g, "/")}\``

/** One skill's line: codexListing.ts's codexLine, the very line `skc budget` counts (`render_with_description`). */
export const codexPromptLine = (s: CodexPromptSkill): string =>
  codexLine({ name: singleLine(s.name), description: s.description ?? "", file: s.file, scopeRank: 0 }, Infinity)

/** The section for `skills` (in Codex's order) and its table of `roots`; nothing for no skill (Codex renders none). */
export const codexPromptBlock = (skills: ReadonlyArray<CodexPromptSkill>, roots: ReadonlyArray<string>): string =>
  skills.length === 0
    ? ""
    : ["## Skills", ...(roots.length === 0 ? [] : ["### Skill roots", ...roots.map(codexRootLine)]), "### Available skills", ...skills.map(codexPromptLine)].join("\n")
