/**
 * What Gemini CLI's own settings files change in its skill listing (Gemini
 * CLI 0.61.0; docs/agents.md "Gemini CLI"). Pure: each file's text in, the
 * listing settings out, then merged as Gemini CLI merges them.
 *
 * - `skills.enabled` (default true): false loads no skill at all.
 * - `skills.disabled`: names of skills not loaded, compared without case;
 *   the lists of every file are joined (its "union" merge).
 *
 * Files: `~/.gemini/settings.json`, then the working directory's
 * `.gemini/settings.json`, the later winning for `enabled`. Gemini CLI reads
 * them as JSON with comments (`//` and `/* … *\/`), as skc does here.
 */

export interface GeminiListingSettings {
  readonly enabled: boolean
  /** Lower-cased names. */
  readonly disabled: ReadonlySet<string>
}

export const NO_GEMINI_SETTINGS: GeminiListingSettings = { enabled: true, disabled: new Set() }

/** `text` without its `//` and block comments, strings left whole (what Gemini CLI's comment stripping does before JSON.parse). */
export const withoutJsonComments = (text: string): string => {
  let out = ""
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '"') {
      // A string, its escapes included, copied as it is.
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1
      out += text.slice(i, j + 1)
      i = j + 1
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2)
      i = end < 0 ? text.length : end + 2
      out += " "
    } else {
      out += c
      i++
    }
  }
  return out
}

/** One settings file's listing settings (`from`: how to name the file), and what in it Gemini CLI would not take. */
export const parseGeminiSettings = (
  text: string,
  from: string
): { readonly enabled: boolean | undefined; readonly disabled: ReadonlyArray<string>; readonly problems: ReadonlyArray<string> } => {
  let data: unknown
  try {
    data = JSON.parse(withoutJsonComments(text))
  } catch (e) {
    return { enabled: undefined, disabled: [], problems: [`${from} is not JSON (${e instanceof Error ? e.message : String(e)}); ignored`] }
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { enabled: undefined, disabled: [], problems: [`${from} is not a JSON object; ignored`] }
  const skills = (data as Record<string, unknown>).skills
  if (skills === undefined) return { enabled: undefined, disabled: [], problems: [] }
  if (typeof skills !== "object" || skills === null || Array.isArray(skills)) return { enabled: undefined, disabled: [], problems: [`${from}: skills must be an object; ignored`] }
  const { enabled, disabled } = skills as Record<string, unknown>
  const problems: Array<string> = []
  if (enabled !== undefined && typeof enabled !== "boolean") problems.push(`${from}: skills.enabled must be true or false; ignored`)
  const names = disabled === undefined ? [] : Array.isArray(disabled) ? disabled.filter((n): n is string => typeof n === "string") : undefined
  if (names === undefined) problems.push(`${from}: skills.disabled must be a list of skill names; ignored`)
  else if (Array.isArray(disabled) && names.length < disabled.length) problems.push(`${from}: skills.disabled holds a value that is not a name; ignored`)
  return { enabled: typeof enabled === "boolean" ? enabled : undefined, disabled: names ?? [], problems }
}

/** The files' settings merged in order: `enabled` from the last file that sets it, `disabled` joined. */
export const mergeGeminiSettings = (layers: ReadonlyArray<{ readonly enabled: boolean | undefined; readonly disabled: ReadonlyArray<string> }>): GeminiListingSettings => {
  let enabled = true
  const disabled = new Set<string>()
  for (const l of layers) {
    if (l.enabled !== undefined) enabled = l.enabled
    for (const n of l.disabled) disabled.add(n.toLowerCase())
  }
  return { enabled, disabled }
}
