import { lineStarts, offsetAt, type TextEdit } from "../fix.js"
import { snapshotReferences } from "../skillReferences.js"
import type { Mention } from "../../references/mentions.js"
import type { Rule, SkillSnapshot } from "../types.js"

/**
 * The certain fix of one mention (issue 50): its text re-spelt with the real
 * file's case. Only when the source holds the mention exactly as resolved
 * (no percent escape, no `./` or `../` the resolution folded away), so that
 * the replacement is the same path with only the case of letters changed.
 */
const respell = (source: string, starts: ReadonlyArray<number>, mention: Mention, real: string): TextEdit | undefined => {
  const text = mention.text.replace(/\/+$/, "")
  const start = offsetAt(starts, mention.line, mention.column)
  if (start === undefined || text === "" || source.slice(start, start + text.length) !== text) return undefined
  if (real.length < text.length || real.slice(real.length - text.length).toLowerCase() !== text.toLowerCase()) return undefined
  const spelt = real.slice(real.length - text.length)
  return spelt === text ? undefined : { start, end: start + text.length, text: spelt }
}

const sourceOf = (s: SkillSnapshot, file: string): string | undefined => s.markdownFiles.find((f) => f.path === file)?.source

/**
 * The files every repository has by these upper-case names. Written so, bare (`README.md`, `CLAUDE.md`),
 * a mention names the user's project file ("update the project's README.md"), not the skill's own
 * `readme.md` or `templates/claude.md`: the finding was an error and its fix re-spelt the instruction.
 */
const PROJECT_FILES: ReadonlySet<string> = new Set(["README", "CHANGELOG", "CLAUDE", "AGENTS", "GEMINI", "CONTRIBUTING", "LICENSE", "SECURITY", "CODE_OF_CONDUCT", "TODO"])
const namesProjectFile = (text: string): boolean => {
  const m = /^([A-Z_]+)(?:\.(?:md|txt))?$/.exec(text)
  return m !== null && PROJECT_FILES.has(m[1]!)
}

/**
 * Whether the mention's line also names the file as it is spelt (`must be named SKILL.md, not Skill.md`,
 * `Guide.md was renamed; use guide.md`): the other spelling is set against it on purpose, not a path to
 * follow. Reported, such a line was an error, and its fix made "SKILL.md, not SKILL.md" (a probe of
 * published skills).
 */
const contrastedOnLine = (source: string, starts: ReadonlyArray<number>, mention: Mention, real: string): boolean => {
  const text = mention.text.replace(/\/+$/, "")
  if (real.length < text.length) return false
  const spelt = real.slice(real.length - text.length)
  const from = starts[mention.line - 1]
  if (from === undefined) return false
  // A link's target (`[x](references/Forms.md)`) is a path to follow whatever else the line says: SKL301
  // calls it broken, and its fix is the re-spelling (an editor probe: the quick fix was withheld).
  const at = offsetAt(starts, mention.line, mention.column)
  if (at !== undefined && at >= 2 && source[at - 1] === "(" && source[at - 2] === "]") return false
  const to = starts[mention.line] ?? source.length
  const line = source.slice(from, to)
  const escaped = spelt.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  return new RegExp(`(?:^|[^A-Za-z0-9_.\\/-])${escaped}(?:$|[^A-Za-z0-9_-])`).test(line)
}

export const skl402: Rule = {
  id: "SKL402",
  name: "mention-case",
  defaultSeverity: "error",
  category: "files",
  source: "issue 13 (reference detection); RFC-0008:C-REGISTRY SKL301 for links",
  summary: "A path mentioned in a skill file matches a file with the same case.",
  doc:
    "A mention such as `FORMS.md` or `[form](Forms.md)` that names an existing file only when case is ignored (the file is `forms.md`) works on " +
    "case-insensitive file systems (macOS, Windows) and breaks on case-sensitive ones (Linux, most containers and CI), where the agent finds no file. " +
    "Mentions are found as SKL401 finds them (links, inline code, code blocks, prose), in SKL402's scope: SKILL.md and the markdown files it reaches; the message names the real file. " +
    "A bare upper-case name every repository has (`README.md`, `CHANGELOG.md`, `CLAUDE.md`, `AGENTS.md`, `LICENSE`, …) names the user's project file, not the skill's own lower-case one, and is not reported, nor is a mention on a line that also names the file as it is spelt (`must be named SKILL.md, not Skill.md`): the two are set against each other on purpose. A link's target is always reported.",
  fix: "Spell the path exactly as the file is named (or rename the file).",
  autofix:
    "Re-spells each occurrence of the mention with the real file's case (`FORMS.md` → `forms.md`), in the file that holds it. " +
    "Safe because only the case of letters changes and the result names the file exactly; a mention written with percent escapes or with `./`/`../` segments is left to the author.",
  // One line per fact (issue 46 item 5): a mention repeated in a file is reported at its first place, with the other lines named.
  check: (s) => {
    const facts = new Map<
      string,
      { file: string; line: number; column: number; endColumn: number | undefined; text: string; real: string; lines: Array<number>; edits: Array<TextEdit> }
    >()
    const starts = new Map<string, ReadonlyArray<number>>()
    const sources = new Map<string, string>()
    for (const { file, mismatch } of snapshotReferences(s).caseMismatches) {
      if (namesProjectFile(mismatch.mention.text)) continue
      const key = `${file}\u0000${mismatch.mention.text}\u0000${mismatch.real}`
      if (!sources.has(file)) sources.set(file, sourceOf(s, file) ?? "")
      const source = sources.get(file)!
      if (!starts.has(file)) starts.set(file, lineStarts(source))
      if (contrastedOnLine(source, starts.get(file)!, mismatch.mention, mismatch.real)) continue
      const edit = respell(source, starts.get(file)!, mismatch.mention, mismatch.real)
      let fact = facts.get(key)
      if (fact === undefined) {
        const { line, column, text } = mismatch.mention
        // The editor's range covers the mention when the source holds it as written (no escape decoded).
        const start = offsetAt(starts.get(file)!, line, column)
        const endColumn = start !== undefined && text !== "" && source.slice(start, start + text.length) === text ? column + text.length : undefined
        fact = { file, line, column, endColumn, text, real: mismatch.real, lines: [line], edits: [] }
        facts.set(key, fact)
      } else if (!fact.lines.includes(mismatch.mention.line)) fact.lines.push(mismatch.mention.line)
      if (edit !== undefined && !fact.edits.some((e) => e.start === edit.start)) fact.edits.push(edit)
    }
    return [...facts.values()].map((f) => {
      const others = f.lines.slice(1).sort((a, b) => a - b)
      return {
        file: f.file,
        line: f.line,
        column: f.column,
        ...(f.endColumn === undefined ? {} : { endLine: f.line, endColumn: f.endColumn }),
        message:
          `'${f.text}' matches '${f.real}' only ignoring case; it breaks on case-sensitive file systems` +
          (others.length === 0 ? "" : ` (also on ${others.length === 1 ? "line" : "lines"} ${others.join(", ")})`),
        ...(f.edits.length > 0 ? { fix: { title: `Spell '${f.text}' as the file is named`, edits: f.edits } } : {})
      }
    })
  }
}
