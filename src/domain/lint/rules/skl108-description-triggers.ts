import { frontmatterData, keyLine, stringList, type Rule } from "../types.js"

/** RFC-0008's six patterns plus DECISIONS #20's three. */
export const TRIGGER_PATTERNS: ReadonlyArray<string> = [
  "use when",
  "when to use",
  "use for",
  "triggers on",
  "triggers:",
  "activate when",
  "use this skill",
  "when the user",
  "whenever"
]

export const skl108: Rule = {
  id: "SKL108",
  name: "description-triggers",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #20",
  summary: "`description` says when to use the skill.",
  doc: `Agents activate a skill when its description matches the task, so it should say when to use it. The check looks (case-insensitively, whitespace collapsed) for one of: ${TRIGGER_PATTERNS.map((p) => `\`${p}\``).join(", ")}. It is written for English; other languages can add their own phrases with \`patterns\` or turn the rule off.`,
  fix: "Add a sentence such as `Use when the user asks to …` to the description.",
  options: {
    patterns: { description: "Extra trigger phrases (case-insensitive).", default: [], validate: stringList }
  },
  check: (s, options) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || typeof data.description !== "string" || data.description.trim() === "") return []
    const text = data.description.toLowerCase().replace(/\s+/g, " ")
    const patterns = [...TRIGGER_PATTERNS, ...(options.patterns as ReadonlyArray<string>).map((p) => p.toLowerCase())]
    return patterns.some((p) => text.includes(p))
      ? []
      : [
          {
            file: "SKILL.md",
            line: keyLine(s.frontmatter, "description"),
            message: "missing activation trigger: say when to use the skill (e.g. 'Use when …')"
          }
        ]
  }
}
