/**
 * Claude Code's legacy commands (`.claude/commands/**\/*.md`) as its skill
 * listing shows them (Claude Code 2.1.332, recorded in
 * test/fixtures/claude-listing/with-commands). Pure.
 *
 * They share the listing and its budget with the skills: after every skill,
 * all of them by name; `a/b/deep.md` is `a:b:deep`. The text is the
 * frontmatter's `description` (then ` - ` and `when_to_use`), else the first
 * non-empty line of the body without its leading `#`s, trimmed, over 100
 * characters cut to 97 and `...`, else "Custom command". A command with
 * `disable-model-invocation: true` is not listed, nor one named like a skill.
 */
import { parse } from "yaml"
import { booleanValue } from "./fieldValue.js"

export interface ClaudeCommand {
  /** `a:b:deep` for `a/b/deep.md`. */
  readonly name: string
  /** The file, as found. */
  readonly path: string
  /** The text Claude Code lists (before the per-entry cap). */
  readonly text: string
  /** `disable-model-invocation: true`: never listed to the model. */
  readonly manual: boolean
}

/** A command's name from its path below the commands directory (`/`-separated). */
export const commandName = (relative: string): string => relative.replace(/\.md$/, "").split("/").join(":")

const FIRST_LINE_MAX = 100

/** The first non-empty line of `body` without its leading `#`s, cut past 100 characters as Claude Code cuts it. */
export const firstLine = (body: string): string | undefined => {
  for (const raw of body.split("\n")) {
    const line = raw.replace(/^#+\s*/, "").trim()
    if (line !== "") return line.length > FIRST_LINE_MAX ? `${line.slice(0, FIRST_LINE_MAX - 3)}...` : line
  }
  return undefined
}

/**
 * The frontmatter's fields: YAML when it parses to a mapping, else `key: value` lines read as text
 * (Claude Code lists `description: [oops` as "[oops").
 */
const frontmatterOf = (block: string): Record<string, unknown> => {
  try {
    const data: unknown = parse(block)
    if (typeof data === "object" && data !== null && !Array.isArray(data)) return data as Record<string, unknown>
  } catch {
    // Recovery: read it line by line below, as Claude Code does.
  }
  const out: Record<string, unknown> = {}
  for (const line of block.split("\n")) {
    const m = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line)
    if (m !== null) out[m[1]!] = m[2]!.trim()
  }
  return out
}

/** A command file's listing facts from its text. */
export const claudeCommand = (relative: string, path: string, text: string, joiner = " - "): ClaudeCommand => {
  // A leading UTF-8 BOM is no text: Claude Code reads the frontmatter after it (CHANGELOG 2.1.239).
  const normalized = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n")
  const fm = /^---\n([\s\S]*?)\n---(?:\n|$)/.exec(normalized)
  const data = fm === null ? {} : frontmatterOf(fm[1]!)
  const body = fm === null ? normalized : normalized.slice(fm[0].length)
  const description = typeof data.description === "string" && data.description.trim() !== "" ? data.description.trim() : (firstLine(body) ?? "Custom command")
  const when = typeof data.when_to_use === "string" ? data.when_to_use.trim() : ""
  return {
    name: commandName(relative),
    path,
    text: when === "" ? description : `${description}${joiner}${when}`,
    manual: booleanValue(data["disable-model-invocation"], true) === true
  }
}
