/**
 * The metadata block an agent loads at start-up for every installed skill
 * (Agent Skills format, progressive disclosure level 1): name, description
 * and location of each, in `<available_skills>` XML. An entry the agent lists
 * by name only (past its listing budget, DECISIONS #51) has no
 * `<description>`.
 */
export interface PromptSkill {
  readonly name: string
  /** The entry's text as the agent lists it; null: listed by name only. */
  readonly description: string | null
  readonly location: string
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

export const renderAvailableSkills = (skills: ReadonlyArray<PromptSkill>): string => {
  const lines = ["<available_skills>"]
  for (const s of skills) {
    lines.push("<skill>", `<name>${escapeXml(s.name)}</name>`)
    if (s.description !== null) lines.push(`<description>${escapeXml(s.description)}</description>`)
    lines.push(`<location>${escapeXml(s.location)}</location>`, "</skill>")
  }
  lines.push("</available_skills>")
  return lines.join("\n") + "\n"
}
