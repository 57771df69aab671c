/**
 * Reading a SKILL.md's frontmatter and body for the protocol's purposes.
 *
 * Interim: the shared markdown model (`src/domain/markdown`, branch
 * `markdown`) owns frontmatter parsing; until it is on main this module
 * applies the same rules (DECISIONS #21: BOM and CRLF accepted, the block
 * ends at the first line that is exactly `---`) with the `yaml` package, and
 * is the only place in the protocol code that splits frontmatter.
 */
import { parseDocument } from "yaml"

export type SkillSource =
  | { readonly _tag: "Parsed"; readonly data: Readonly<Record<string, unknown>>; readonly body: string; readonly bodyStartLine: number }
  | { readonly _tag: "Absent"; readonly body: string }
  | { readonly _tag: "Invalid"; readonly message: string; readonly body: string }

const splitLines = (s: string) => s.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/)

export const readSkillSource = (source: string): SkillSource => {
  const lines = splitLines(source)
  if (lines[0]?.trimEnd() !== "---") return { _tag: "Absent", body: lines.join("\n") }
  let close = -1
  for (let i = 1; i < lines.length; i++) {
    if (lines[i]!.trimEnd() === "---") {
      close = i
      break
    }
  }
  if (close < 0) return { _tag: "Invalid", message: "missing frontmatter: no closing --- found", body: lines.join("\n") }
  const body = lines.slice(close + 1).join("\n")
  const doc = parseDocument(lines.slice(1, close).join("\n"), { uniqueKeys: true, prettyErrors: false })
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!
    const line = e.linePos?.[0]?.line
    return { _tag: "Invalid", message: `${e.message.split("\n")[0]}${line === undefined ? "" : ` (line ${line + 1})`}`, body }
  }
  const data = doc.toJS() as unknown
  if (data === null || data === undefined) return { _tag: "Parsed", data: {}, body, bodyStartLine: close + 2 }
  if (typeof data !== "object" || Array.isArray(data)) {
    return { _tag: "Invalid", message: "frontmatter is not a mapping", body }
  }
  return { _tag: "Parsed", data: data as Record<string, unknown>, body, bodyStartLine: close + 2 }
}
