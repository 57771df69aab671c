/**
 * The metadata block an agent loads at start-up for every installed skill
 * (Agent Skills format, progressive disclosure level 1): name, description
 * and location of each, in the agent's own layout, picked by its profile's
 * `listing.layout` (`renderPromptBlock`): Gemini CLI's, OpenCode's and
 * Codex's as their code writes them (src/domain/agents/geminiPrompt.ts,
 * opencodePrompt.ts, codexPrompt.ts); Claude Code's as its lines
 * (`- dir: text`, src/domain/agents/claudeListing.ts); every other agent's
 * in `<available_skills>` XML with escaped values (`renderAvailableSkills`).
 * An entry the agent lists by name only (past its listing budget, DECISIONS
 * #51) has no description.
 */
import { codexPromptBlock } from "../agents/codexPrompt.js"
import { geminiPromptBlock } from "../agents/geminiPrompt.js"
import { openCodePromptBlock } from "../agents/opencodePrompt.js"
import type { ListingRule } from "../agents/profile.js"

export interface PromptSkill {
  readonly name: string
  /** The entry's text as the agent lists it; null: listed by name only. */
  readonly description: string | null
  readonly location: string
  /** Codex: the SKILL.md as its line names it (`r0/pdf/SKILL.md`, `r<k>` the k-th of its skill roots). */
  readonly file?: string
  /** Claude Code: the skill's line as it lists it (`- dir (name): text`). */
  readonly line?: string
}

/** XML 1.0 text and attribute escaping; characters XML 1.0 cannot carry at all are dropped. */
export const escapeXml = (s: string): string =>
  s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")

/**
 * The block, or nothing when no skill is listed: the Agent Skills client guide asks agents not to
 * show an empty `<available_skills/>` block (it only tells the model skills exist that do not).
 */
export const renderAvailableSkills = (skills: ReadonlyArray<PromptSkill>): string => {
  if (skills.length === 0) return ""
  const lines = ["<available_skills>"]
  for (const s of skills) {
    lines.push("<skill>", `<name>${escapeXml(s.name)}</name>`)
    if (s.description !== null) lines.push(`<description>${escapeXml(s.description)}</description>`)
    lines.push(`<location>${escapeXml(s.location)}</location>`, "</skill>")
  }
  lines.push("</available_skills>")
  return lines.join("\n") + "\n"
}

/**
 * The block `layout`'s agent puts in its model's prompt for `skills` (in its listing's order), exactly as
 * its code writes it; `roots` is Codex's table of skill roots (its `r<k>` aliases). Nothing for no skill.
 */
export const renderPromptBlock = (layout: ListingRule["layout"], skills: ReadonlyArray<PromptSkill>, roots: ReadonlyArray<string> = []): string => {
  const whole = (s: PromptSkill) => ({ name: s.name, description: s.description ?? "", location: s.location })
  switch (layout) {
    // Gemini CLI and OpenCode list every skill whole (no budget), so a description is never null there.
    case "gemini":
      return geminiPromptBlock(skills.map(whole))
    case "opencode":
      return openCodePromptBlock(skills.map(whole))
    case "codex":
      return codexPromptBlock(
        skills.map((s) => ({ name: s.name, description: s.description, file: s.file ?? s.location })),
        roots
      )
    // Claude Code: one line a skill (and a legacy command), after its sentence "The following skills are
    // available for use with the Skill tool:" (recorded from 2.1.332: test/fixtures/claude-listing/).
    case "claude":
      return skills.map((s) => s.line ?? (s.description === null ? `- ${s.name}` : `- ${s.name}: ${s.description}`)).join("\n")
    default:
      return renderAvailableSkills(skills)
  }
}
