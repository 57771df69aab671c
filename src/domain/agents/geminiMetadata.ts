/**
 * What Gemini CLI reads of a SKILL.md (DECISIONS #51): its skill loader
 * (google-gemini/gemini-cli packages/core/src/skills/skillLoader.ts,
 * loadSkillFromFile; checked in Gemini CLI 0.61.0's bundle) reads the file
 * with `fs.readFile(path, "utf-8")`, which keeps a leading byte order mark,
 * and matches `FRONTMATTER_REGEX = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/`
 * from the first character: a file it does not match (a BOM first) is
 * skipped. The frontmatter's YAML is used when both `name` and
 * `description` are strings; otherwise (a number, a boolean, YAML that does
 * not parse) `parseSimpleFrontmatter` reads the raw text of the lines
 * `^\s*name:\s*(.*)$` and `^\s*description:\s*(.*)$` (indented lines
 * included, quotes kept, a later line replacing an earlier one, a
 * description continued on indented lines), and skips the skill only when
 * one of them is missing. The name has each of `: \ / < > * ? " |` made
 * `-`. Pure: the caller decodes the bytes keeping the BOM.
 */
import { parse } from "yaml"

/** Gemini CLI's pattern, character for character. */
const FRONTMATTER_REGEX = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?/

export type GeminiRead =
  | { readonly _tag: "Read"; readonly name: string; readonly description: string }
  | { readonly _tag: "Skipped"; readonly reason: string }

/** `parseSimpleFrontmatter`: the last `name:` and `description:` lines' raw text. */
const simpleFrontmatter = (content: string): { readonly name: string; readonly description: string } | undefined => {
  const lines = content.split(/\r?\n/)
  let name: string | undefined
  let description: string | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const nameMatch = /^\s*name:\s*(.*)$/.exec(line)
    if (nameMatch !== null) {
      name = nameMatch[1]!.trim()
      continue
    }
    const descMatch = /^\s*description:\s*(.*)$/.exec(line)
    if (descMatch !== null) {
      const descLines = [descMatch[1]!.trim()]
      while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1]!)) descLines.push(lines[++i]!.trim())
      description = descLines.filter(Boolean).join(" ")
    }
  }
  return name !== undefined && description !== undefined ? { name, description } : undefined
}

/** The YAML's `name` and `description` when both are strings (js-yaml's `load` there; skc's YAML parser here). */
const yamlFrontmatter = (content: string): { readonly name: string; readonly description: string } | undefined => {
  try {
    const parsed: unknown = parse(content)
    if (parsed !== null && typeof parsed === "object") {
      const { name, description } = parsed as Record<string, unknown>
      if (typeof name === "string" && typeof description === "string") return { name, description }
    }
  } catch {
    // Gemini CLI falls back to its line reader when the YAML does not parse; so does this.
  }
  return undefined
}

export const geminiMetadata = (text: string): GeminiRead => {
  const match = FRONTMATTER_REGEX.exec(text)
  if (match === null)
    return {
      _tag: "Skipped",
      reason: text.startsWith("\uFEFF")
        ? "SKILL.md starts with a UTF-8 byte order mark: Gemini CLI looks for `---` at the file's first byte, finds no frontmatter and skips the skill"
        : "Gemini CLI finds no frontmatter (the file must start with a `---` line) and skips the skill"
    }
  const read = yamlFrontmatter(match[1]!) ?? simpleFrontmatter(match[1]!)
  if (read === undefined) return { _tag: "Skipped", reason: "Gemini CLI finds no `name:` or no `description:` line in the frontmatter and skips the skill" }
  return { _tag: "Read", name: read.name.replace(/[:\\/<>*?"|]/g, "-"), description: read.description }
}
