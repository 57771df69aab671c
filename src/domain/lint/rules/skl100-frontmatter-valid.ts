import { CLAUDE_REPAIR_SOURCE, claudeFrontmatter, shownValue } from "../../agents/claudeFrontmatter.js"
import { codexFrontmatter, codexRepairMessage } from "../../agents/codexFrontmatter.js"
import { metadataFindings } from "../metadataIssues.js"
import { activeProfiles } from "../profiles.js"
import type { Finding, Rule, SkillSnapshot } from "../types.js"

/**
 * A byte order mark before `---`: an agent that reads the file as Gemini CLI does (profile `reader`) finds no
 * frontmatter, and a profile with `bom` (skills-ref, for `agentskills`) refuses the file.
 */
const bomFindings = (s: SkillSnapshot): ReadonlyArray<Finding> => {
  if (s.markdownFiles.find((f) => f.path === "SKILL.md")?.bom !== true) return []
  return activeProfiles(s).flatMap((p) => {
    const does = p.listing.reader === "gemini" ? "skips the skill" : p.bom?.refuses
    if (does === undefined) return []
    return [
      {
        file: "SKILL.md",
        line: 1,
        message: `SKILL.md starts with a UTF-8 byte order mark: ${p.title} looks for \`---\` at the file's first byte and ${does} (${p.name}); save the file without the BOM`
      }
    ]
  })
}

/** SKILL.md's text when its frontmatter is refused and every active profile is the agent whose own reading may repair it. */
const repairedSource = (s: SkillSnapshot, reader: "codex" | "claude"): string | undefined =>
  s.frontmatter._tag === "Invalid" && activeProfiles(s).every((p) => p.listing.reader === reader) ? s.markdownFiles.find((f) => f.path === "SKILL.md")?.source : undefined

/**
 * When every active profile is OpenAI Codex's and Codex's repair (codexFrontmatter.ts, openai/codex
 * PR #28628) makes the frontmatter parse, Codex loads the skill: each line it re-quotes is a warning
 * naming the repair, not the YAML error. Undefined: the validator's findings stand.
 */
const codexRepairFindings = (s: SkillSnapshot): ReadonlyArray<Finding> | undefined => {
  const source = repairedSource(s, "codex")
  if (source === undefined) return undefined
  const read = codexFrontmatter(source)
  if (read.frontmatter._tag !== "Parsed" || read.repaired.length === 0) return undefined
  return read.repaired.map((r) => ({ file: "SKILL.md", line: r.line, message: codexRepairMessage(r), atMost: "warning" as const }))
}

/**
 * When every active profile is Claude Code's and its second reading (claudeFrontmatter.ts: the values
 * quoted) makes the frontmatter parse, Claude Code loads the skill with those values: the YAML error
 * stays an error (`skc build` refuses the frontmatter, as readers following the specification do), its
 * message saying what Claude Code reads. Undefined: the validator's findings stand.
 */
const claudeRepairFindings = (s: SkillSnapshot): ReadonlyArray<Finding> | undefined => {
  const source = repairedSource(s, "claude")
  if (source === undefined) return undefined
  const read = claudeFrontmatter(source)
  if (read.frontmatter._tag !== "Parsed") {
    // Claude Code's second reading fails too, for a CRLF file whose LF twin it would read: it quotes no line
    // ending in a carriage return, so it loads the skill with empty metadata and a manual-only skill becomes one
    // the model may invoke, which the bare YAML error did not say where the LF file's message did (an agents probe).
    const lf = source.includes("\r\n") ? claudeFrontmatter(source.replace(/\r\n/g, "\n")) : undefined
    if (lf === undefined || lf.frontmatter._tag !== "Parsed" || lf.repaired.length === 0) return undefined
    return metadataFindings(s, "SKL100").map((f) => ({
      ...f,
      message:
        `${f.message}; Claude Code reads such a value quoted only in a file with LF line endings, and this one's are CRLF: it loads the skill with empty metadata (its CHANGELOG 2.1.186), ` +
        "its directory's name, the body's first line as its description, every other field (disable-model-invocation, allowed-tools, …) ignored: quote the value (or save the file with LF)"
    }))
  }
  if (read.repaired.length === 0) return undefined
  const values = read.repaired.map((r) => `'${r.key}' (line ${r.line}) as ${shownValue(r.value)}`).join(", ")
  return metadataFindings(s, "SKL100").map((f) => ({
    ...f,
    message: `${f.message}; Claude Code loads the skill anyway, reading ${values} once quoted (${CLAUDE_REPAIR_SOURCE}), but \`skc build\` and readers following the specification refuse it: quote the value`
  }))
}

export const skl100: Rule = {
  id: "SKL100",
  name: "frontmatter-valid",
  defaultSeverity: "error",
  category: "frontmatter",
  source: "RFC-0008:C-REGISTRY, DECISIONS #16, #21",
  summary: "SKILL.md must start with `---` frontmatter that closes and parses as YAML.",
  doc:
    "SKILL.md must begin with a line that is exactly `---`, close the frontmatter at the next `---` line, and hold a YAML mapping in between. Agents read `name` and `description` from it at start-up: an agent that follows the specification does not load a skill without valid frontmatter, and Claude Code loads its body with empty metadata (its CHANGELOG 2.1.186), listing it under its directory's name with the body's first line as its description, which rarely says when to use it. Duplicate keys, tabs used as indentation and other YAML errors are reported with the parser's message and line. With `--agent gemini`, a SKILL.md that starts with a UTF-8 byte order mark is reported too: Gemini CLI looks for `---` at the file's first byte and skips the skill. With `--agent codex` alone, a YAML error OpenAI Codex repairs before giving up (a value holding `: `, or starting with `[`, `{`, `@` or a backtick that is no YAML, which Codex re-quotes: openai/codex PR #28628) is a warning naming the repair and the value Codex reads, since Codex loads the skill; with any other profile it stays an error. With `--agent claude` alone, a YAML error Claude Code reads past (it quotes every top-level value holding `{ } [ ] * & # ! | > % @`, a backtick or `: ` and parses again: `argument-hint: [env] [version]`) stays an error, since `skc build` refuses the frontmatter, and its message says what Claude Code reads; in a file with CRLF line endings, which Claude Code does not quote, the message says it loads the skill with empty metadata (a `disable-model-invocation: true` then ignored).",
  fix: "Start the file with `---` (no byte order mark before it), put `name:` and `description:` on their own lines, close with `---`, and fix the YAML error at the reported line (quote values containing `: `, indent with spaces).",
  // A SKILL.md that is a symlink leading outside the skill is never read: SKL303 says so, and "does not
  // start with ---" would be false of the file it points to.
  check: (s) =>
    s.lookup("SKILL.md")?.escapes === true ? [] : [...(codexRepairFindings(s) ?? claudeRepairFindings(s) ?? metadataFindings(s, "SKL100")), ...bomFindings(s)]
}
