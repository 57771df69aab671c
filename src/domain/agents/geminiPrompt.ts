/**
 * The block of skills Gemini CLI puts in its system prompt, as its
 * `renderAgentSkills` writes it (google-gemini/gemini-cli
 * `packages/core/src/prompts/snippets.ts`; the same in the 0.61.0 bundle):
 * a `# Available Agent Skills` heading, one sentence naming the
 * `activate_skill` tool, then `<available_skills>` holding each skill's
 * element (geminiEntry: indented, name, description and location as they
 * are, nothing escaped), the whole trimmed. Pure.
 *
 * With a Gemini 2.5 model Gemini CLI takes `snippets.legacy.ts` instead,
 * whose sentence reads "you can call" and which is not trimmed; skc renders
 * the Gemini 3 one (`snippets.ts`), the default model family.
 */
import { geminiEntry } from "./geminiListing.js"

/** A skill as the block shows it: the name as Gemini CLI lists it, the description as read, the SKILL.md's path. */
export interface GeminiPromptSkill {
  readonly name: string
  readonly description: string
  readonly location: string
}

/** The sentence after the heading (snippets.ts: "call the ${formatToolName(ACTIVATE_SKILL_TOOL_NAME)} tool"). */
export const GEMINI_SKILLS_INTRO =
  "You have access to the following specialized skills. To activate a skill and receive its detailed instructions, call the `activate_skill` tool with the skill's name."

/** The block for `skills` in listing order; nothing for none (renderAgentSkills returns '' then). */
export const geminiPromptBlock = (skills: ReadonlyArray<GeminiPromptSkill>): string =>
  skills.length === 0
    ? ""
    : [
        "# Available Agent Skills",
        "",
        GEMINI_SKILLS_INTRO,
        "",
        "<available_skills>",
        skills.map((s) => geminiEntry(s.name, s.description, s.location)).join("\n"),
        "</available_skills>"
      ].join("\n")
