import { doubleQuoted, entrySpanAt, scalarAt, valueAfter } from "../frontmatterEdits.js"
import { lineStarts, positionAt, type Fix } from "../fix.js"
import { frontmatterData, has, keyAt, type Rule, type SkillSnapshot } from "../types.js"

/**
 * The certain fix of a metadata value written as a plain number or boolean
 * (issue 50): the same characters in double quotes, so every agent reads the
 * string the author typed (`version: 1.0` → `version: "1.0"`, never "1").
 */
const quoteFix = (s: SkillSnapshot, key: string): Fix | undefined => {
  const source = s.markdownFiles.find((f) => f.path === "SKILL.md")?.source
  if (source === undefined) return undefined
  const span = scalarAt(source, ["metadata", key])
  if (span === undefined || span.style !== "PLAIN" || span.value === null || /[\r\n"\\]/.test(span.written)) return undefined
  const edits = [{ start: span.start, end: span.end, text: doubleQuoted(span.written) }]
  const after = valueAfter(source, edits, ["metadata", key])
  return after?.value === span.written ? { title: `Quote metadata value '${key}'`, edits } : undefined
}

/**
 * The range of `metadata.<key>` in SKILL.md (its key through a scalar value),
 * so an editor marks the entry at fault, not the `metadata:` line above it.
 */
const entryAt = (source: string | undefined, key: string) => {
  const span = source === undefined ? undefined : entrySpanAt(source, ["metadata", key])
  if (source === undefined || span === undefined) return undefined
  const starts = lineStarts(source)
  const from = positionAt(starts, span.start)
  const to = positionAt(starts, span.end)
  return { line: from.line + 1, column: from.character + 1, endLine: to.line + 1, endColumn: to.character + 1 }
}

export const skl112: Rule = {
  id: "SKL112",
  name: "metadata-strings",
  defaultSeverity: "warning",
  category: "frontmatter",
  source: "RFC-0008:C-EXTENSIONS, agentskills-format (metadata)",
  summary: "`metadata`, when present, maps string keys to string values.",
  doc: "The Agent Skills format defines `metadata` as a map of string keys to string values. Nested maps, lists and unquoted numbers (`version: 1.0` is the number 1) are read differently by different agents; skills in the wild do nest metadata, so this is a warning, not an error.",
  autofix:
    "Puts a metadata value written as a plain number or boolean (`version: 1.0`, `beta: true`) in double quotes, the characters unchanged, so it is the string as typed. " +
    "Safe because the value agents read becomes exactly what the author wrote; empty or `null` values, nested maps and lists are left to the author (their intended string is not known).",
  fix: "Quote scalar values (`version: \"1.0\"`) and flatten nested maps into string keys (`author-name: …`).",
  check: (s) => {
    const data = frontmatterData(s.frontmatter)
    if (data === undefined || !has(data, "metadata")) return []
    const m = data.metadata
    const at = keyAt(s.frontmatter, "metadata")
    if (typeof m !== "object" || m === null || Array.isArray(m) || m instanceof Date) {
      return [{ file: "SKILL.md", ...at, message: "metadata must be a map of string keys to string values" }]
    }
    const source = s.markdownFiles.find((f) => f.path === "SKILL.md")?.source
    return Object.entries(m as Record<string, unknown>)
      .filter(([, v]) => typeof v !== "string")
      .map(([k]) => {
        const fix = quoteFix(s, k)
        return { file: "SKILL.md", ...(entryAt(source, k) ?? at), message: `metadata value '${k}' must be a string`, ...(fix === undefined ? {} : { fix }) }
      })
  }
}
