/**
 * The `paths` of a Claude Code skill as Claude Code reads them (its skills
 * reference: "a comma-separated string or a YAML list"; CHANGELOG 2.1.217:
 * brace expansion, bounded): a string is split at the commas outside
 * braces, each part trimmed, and each `{a,b}` group expanded
 * (`src/**\/*.{ts,tsx}` is `src/**\/*.ts` and `src/**\/*.tsx`); a list is
 * each of its strings read so. Splitting at white space too, as skc did,
 * broke `docs/My Notes/**` in two and `*.{ts, tsx}` at its brace.
 *
 * A skill whose every pattern is `**` applies everywhere: Claude Code 2.1.332
 * lists `paths: "**"` at start like a skill without `paths`
 * (test/fixtures/claude-listing/frontmatter-repair). Pure.
 */

/** The most patterns one value expands to (Claude Code stops a value past 65,536; skc keeps it unexpanded). */
const MOST_EXPANSIONS = 65_536

/** `value` split at its commas outside braces, parts trimmed, empty ones dropped. */
const splitOutsideBraces = (value: string): ReadonlyArray<string> => {
  const parts: Array<string> = []
  let depth = 0
  let current = ""
  for (const c of value) {
    if (c === "{") depth++
    else if (c === "}") depth--
    if (c === "," && depth === 0) {
      parts.push(current.trim())
      current = ""
    } else current += c
  }
  parts.push(current.trim())
  return parts.filter((p) => p.length > 0)
}

/** Every pattern of `pattern`'s brace groups, the first group first; undefined past `MOST_EXPANSIONS`. */
const expandBraces = (pattern: string, budget: { left: number }): ReadonlyArray<string> | undefined => {
  const m = /^([^{]*)\{([^}]+)\}(.*)$/.exec(pattern)
  if (m === null) {
    budget.left--
    return budget.left < 0 ? undefined : [pattern]
  }
  const out: Array<string> = []
  for (const alternative of m[2]!.split(",")) {
    const more = expandBraces(`${m[1]}${alternative.trim()}${m[3]}`, budget)
    if (more === undefined) return undefined
    out.push(...more)
  }
  return out
}

/** The patterns of a `paths` value as Claude Code reads it; none for a value that is neither text nor a list. */
export const claudePaths = (value: unknown): ReadonlyArray<string> => {
  const texts = typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []
  const parts = texts.flatMap(splitOutsideBraces)
  const budget = { left: MOST_EXPANSIONS }
  const expanded: Array<string> = []
  for (const part of parts) {
    const patterns = expandBraces(part, budget)
    if (patterns === undefined) return parts
    expanded.push(...patterns)
  }
  return expanded
}

/** Whether patterns make a skill conditional: some pattern narrows it (every one `**` matches every file). */
export const narrowsFiles = (patterns: ReadonlyArray<string>): boolean => patterns.some((p) => p !== "**")
