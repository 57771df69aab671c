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

/**
 * The characters the expansion of one value may scan: each step rescans the pattern it rewrote, so a value of
 * many one-word groups (`{a}{a}…`, 6,000 of them in 18 KB) costs the square of its length without a bound.
 */
const MOST_SCANNED = 64 * MOST_EXPANSIONS * 16

/** What the expansion of one value may still do: patterns made, characters scanned. */
interface ExpansionBudget {
  left: number
  scanned: number
}

/**
 * Every pattern of `pattern`'s brace groups, the first group first; undefined past `MOST_EXPANSIONS` patterns or
 * `MOST_SCANNED` characters. A stack, not recursion: a group per stack frame overflowed the call stack at about
 * 6,000 groups (`error[E999]: Maximum call stack size exceeded` from discover, budget, match and lint, for every
 * skill listed beside it), which Claude Code 2.1.217 fixed in its own reader ("brace expansion is now budget-bounded").
 */
const expandBraces = (pattern: string, budget: ExpansionBudget): ReadonlyArray<string> | undefined => {
  const out: Array<string> = []
  const pending = [pattern]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    budget.scanned += next.length
    if (budget.scanned > MOST_SCANNED) return undefined
    const m = /^([^{]*)\{([^}]+)\}(.*)$/.exec(next)
    if (m === null) {
      if (--budget.left < 0) return undefined
      out.push(next)
      continue
    }
    // Pushed last to first, so the first alternative is expanded (and listed) first.
    const alternatives = m[2]!.split(",")
    for (let i = alternatives.length - 1; i >= 0; i--) pending.push(`${m[1]}${alternatives[i]!.trim()}${m[3]}`)
    if (pending.length > MOST_EXPANSIONS) return undefined
  }
  return out
}

/** The patterns of a `paths` value as Claude Code reads it; none for a value that is neither text nor a list. */
export const claudePaths = (value: unknown): ReadonlyArray<string> => {
  const texts = typeof value === "string" ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []
  const parts = texts.flatMap(splitOutsideBraces)
  const budget: ExpansionBudget = { left: MOST_EXPANSIONS, scanned: 0 }
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
