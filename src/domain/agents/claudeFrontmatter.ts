/**
 * Claude Code's second reading of a SKILL.md frontmatter its YAML parser
 * refuses. When the first parse fails, Claude Code double-quotes the value
 * of every top-level `key: value` line (a key of ASCII letters, `_` and `-`)
 * that is not already quoted and holds one of `{ } [ ] * & # ! | > % @` or a
 * backtick, or a `: `, and parses again; only when that fails too does it
 * load the skill with empty metadata (CHANGELOG 2.1.186). So the shapes its
 * own documentation teaches load with their values: `argument-hint: [env]
 * [version]`, `description: [WIP] Generate charts`, `description: Triggers
 * include: X, Y` (the fix of CHANGELOG 2.1.69), `description: @team helper`.
 *
 * Observed, not inferred: Claude Code 2.1.332 (npm, its linux-x64 binary),
 * run against a local server recording its first request, listed each
 * skill of test/fixtures/claude-listing/frontmatter-repair with the value
 * this reading gives (and a `disable-model-invocation: true` beside a
 * repaired `argument-hint` kept the skill out of the listing); the retry
 * itself, line by line, is as public ports of Claude Code's
 * `frontmatterParser.ts` (`quoteProblematicValues`) describe it.
 *
 * The second reading quotes every such line, not only the one that broke
 * the first: a valid flow list beside a broken line (`allowed-tools: [Read,
 * Write]`) is then the text "[Read, Write]", as Claude Code reads it. A line
 * ending in `\r` (a CRLF file) is not such a line for Claude Code, whose
 * pattern stops at the `\r`: its frontmatter loads as empty metadata.
 * Its parser (Bun's) also takes a key written twice, the last one winning,
 * as skc's reading does; and tabs as indentation, which skc reads as
 * refused (recorded with the same Claude Code). Pure.
 */
import { parseDocument } from "yaml"
import { frontmatterCloseIndex, parseFrontmatterLines, UNCLOSED_MESSAGE, type Frontmatter } from "../markdown/frontmatter.js"
import { splitLines, stripBom } from "../markdown/lines.js"
import type { FrontmatterReader } from "../protocol/metadata.js"

/** Where the reading was observed, for messages and docs. */
export const CLAUDE_REPAIR_SOURCE = "Claude Code 2.1.332, test/fixtures/claude-listing/frontmatter-repair"

/** A simple top-level `key: value` line, as Claude Code's retry matches it. */
const KEY_VALUE = /^([a-zA-Z_-]+):\s+(.+)$/
/** A value Claude Code's retry quotes: a flow, anchor, alias, comment, tag, block or reserved character, or `: `. */
const SPECIAL = /[{}[\]*&#!|>%@`]|: /

/** One line the second reading quotes: its key, its 1-based file line and the text it then reads. */
export interface ClaudeRepairedLine {
  readonly key: string
  readonly line: number
  readonly value: string
}

/**
 * The frontmatter's lines (between the delimiters) as Claude Code's retry rewrites them, and which it
 * changed; undefined when it changes none.
 */
export const claudeRepairLines = (
  lines: ReadonlyArray<string>,
  endsWithCr: (index: number) => boolean = () => false
): { readonly lines: ReadonlyArray<string>; readonly repaired: ReadonlyArray<Omit<ClaudeRepairedLine, "line"> & { readonly index: number }> } | undefined => {
  const out: Array<string> = []
  const repaired: Array<Omit<ClaudeRepairedLine, "line"> & { readonly index: number }> = []
  lines.forEach((line, index) => {
    const m = endsWithCr(index) ? null : KEY_VALUE.exec(line)
    const key = m?.[1]
    const value = m?.[2]
    const quoted = value !== undefined && ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'")))
    if (key === undefined || value === undefined || quoted || !SPECIAL.test(value)) return void out.push(line)
    out.push(`${key}: "${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)
    repaired.push({ key, value, index })
  })
  return repaired.length === 0 ? undefined : { lines: out, repaired }
}

/**
 * The frontmatter as Claude Code reads it: parsed as written when that succeeds, else parsed again after
 * its retry when that yields a mapping (`repaired`: the lines quoted, file lines); else the first failure,
 * which Claude Code loads as empty metadata (claudeMetadata.ts).
 */
export const claudeFrontmatter = (
  source: string
): {
  readonly frontmatter: Frontmatter
  readonly repaired: ReadonlyArray<ClaudeRepairedLine>
  /** The first parse's error when it was only a key written twice, which Claude Code reads with the last value. */
  readonly duplicateKey?: { readonly line: number; readonly message: string }
} => {
  const lines = splitLines(source)
  const frontmatter = parseFrontmatterLines(lines)
  // Only a YAML syntax error (located by the parser): skc's own limits (nesting, size) are not Claude Code's.
  if (frontmatter._tag !== "Invalid" || frontmatter.message === UNCLOSED_MESSAGE || frontmatter.column === undefined) return { frontmatter, repaired: [] }
  // A key written twice: Claude Code's parser takes the last value.
  const lastWins = parseFrontmatterLines(lines, { uniqueKeys: false })
  if (lastWins._tag === "Parsed") return { frontmatter: lastWins, repaired: [], duplicateKey: { line: frontmatter.line, message: frontmatter.message } }
  const close = frontmatterCloseIndex(lines)
  if (close === undefined || close === -1) return { frontmatter, repaired: [] }
  // Claude Code finds no frontmatter in a file whose lines end in a lone `\r`; CRLF lines it leaves as written.
  const text = stripBom(source)
  if (/\r(?!\n)/.test(text)) return { frontmatter, repaired: [] }
  const raw = text.split("\n")
  const fixed = claudeRepairLines(lines.slice(1, close), (index) => raw[index + 1]?.endsWith("\r") === true)
  if (fixed === undefined) return { frontmatter, repaired: [] }
  const retried = parseFrontmatterLines([lines[0]!, ...fixed.lines, ...lines.slice(close)], { uniqueKeys: false })
  if (retried._tag !== "Parsed") return { frontmatter, repaired: [] }
  // Frontmatter line k (0-based) is file line k + 2 (the opening `---` is line 1). A line the quotes do not
  // change (`allowed-tools: Bash(git:*)` is that text either way) is not reported.
  const changed = fixed.repaired.filter(({ index }) => readsOtherwise(lines[index + 1]!, fixed.lines[index]!))
  return { frontmatter: retried, repaired: changed.map(({ key, value, index }) => ({ key, value, line: index + 2 })) }
}

/** Whether a `key: value` line means something else once quoted: it is no YAML alone, or another value. */
const readsOtherwise = (written: string, quoted: string): boolean => {
  const alone = parseDocument(written, { logLevel: "error", prettyErrors: false })
  if (alone.errors.length > 0) return true
  return JSON.stringify(alone.toJS()) !== JSON.stringify(parseDocument(quoted, { logLevel: "error" }).toJS())
}

/** The most characters of a value a message quotes. */
const SHOWN_CHARS = 80

/** A value as a message quotes it: JSON, cut at 80 characters. */
export const shownValue = (value: string): string => JSON.stringify(value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS - 1)}…` : value)

/** The note for one line Claude Code quotes. */
export const claudeRepairMessage = (r: ClaudeRepairedLine): string =>
  `the value of '${r.key}' (line ${r.line}) is not valid YAML as written: Claude Code quotes it and reads ${shownValue(r.value)} (${CLAUDE_REPAIR_SOURCE}); quote it, as \`skc build\` and readers following the specification refuse the frontmatter`

/**
 * The frontmatter as Claude Code reads it (`claudeFrontmatter`), each quoted line a non-blocking SKL100
 * issue: discover, budget, prompt and match list such a skill with what Claude Code reads (its
 * `disable-model-invocation` included).
 */
export const claudeReading: FrontmatterReader = (source) => {
  const { frontmatter, repaired, duplicateKey } = claudeFrontmatter(source)
  return {
    frontmatter,
    issues: [
      ...(duplicateKey !== undefined
        ? [{ rule: "SKL100" as const, line: duplicateKey.line, message: `${duplicateKey.message}: Claude Code reads the last value (${CLAUDE_REPAIR_SOURCE}); write the key once, as readers following the specification refuse the frontmatter`, blocking: false }]
        : []),
      ...repaired.map((r) => ({ rule: "SKL100" as const, line: r.line, message: claudeRepairMessage(r), blocking: false }))
    ]
  }
}
