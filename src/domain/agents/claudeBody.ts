/**
 * What Claude Code does to the SKILL.md body it loads before the model reads
 * it (code.claude.com/docs/en/skills, "Pass arguments to skills", "Available
 * string substitutions" and "Inject dynamic context"; anthropics/claude-code
 * CHANGELOG): it replaces argument placeholders with the invocation's
 * arguments, and runs the shell commands written as `` !`command` `` (or a
 * fenced block opened with ` ```! `) and puts their output in their place.
 *
 * A skill skc compiles is loaded as its stub (RFC-0001:C-STUB): headings
 * only. So the stub says how the skill's placeholders map to the arguments
 * given (`renderStub`), `skc show` finds a heading the stub listed after
 * Claude Code substituted it (`headingWithArguments`), and the build names
 * the shell commands that will not run (`shellInjections`).
 */

import { splitLines } from "../markdown/lines.js"

/**
 * Claude Code's variable for the directory of the SKILL.md it loads (CHANGELOG 2.1.69: "for skills to
 * reference their own directory in SKILL.md content"). Claude Code substitutes it in the stub only; a
 * section read through skc keeps it, and for a skill skc built the stub's directory holds no other file:
 * the directory meant is the skill's source, which `show` and `open` name as `base_dir` (P7).
 */
export const SKILL_DIR_VARIABLE = "${CLAUDE_SKILL_DIR}"

/** The variable as a path's start: what follows is a path from the skill's root, wherever it is written. */
export const SKILL_DIR_PREFIX = `${SKILL_DIR_VARIABLE}/`

/**
 * `{baseDir}/`: the skill's directory as published skills write it (trailofbits' skills, about thirty
 * of them, whose contributor guide says "Use `{baseDir}` for paths"). No agent substitutes it; the model
 * reads it against the skill's directory its runtime names when the skill loads. Lint called every such
 * link missing (SKL301, failing CI) and its files orphans (SKL401), and `skc load` listed them missing.
 */
export const BASE_DIR_PREFIX = "{baseDir}/"

/** The path after `${CLAUDE_SKILL_DIR}/` or `{baseDir}/` (from the skill's root), or undefined for a path written otherwise. */
export const pathFromSkillDir = (target: string): string | undefined =>
  target.startsWith(SKILL_DIR_PREFIX)
    ? target.slice(SKILL_DIR_PREFIX.length)
    : target.startsWith(BASE_DIR_PREFIX)
      ? target.slice(BASE_DIR_PREFIX.length)
      : undefined

/** A file's text from its 1-based line `firstLine` on (SKILL.md's body, given where its frontmatter ends). */
export const bodyText = (source: string, firstLine: number): string => splitLines(source).slice(firstLine - 1).join("\n")

/** The `arguments` frontmatter: a space-separated string or a YAML list of names, each once. */
export const argumentNames = (frontmatter: Readonly<Record<string, unknown>>): ReadonlyArray<string> => {
  const v = frontmatter.arguments
  const names = typeof v === "string" ? v.split(/\s+/) : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []
  const out: Array<string> = []
  for (const n of names.map((s) => s.trim())) if (n !== "" && !out.includes(n)) out.push(n)
  return out
}

/** One YAML list item as its text: `[topic: foo | bar]` holds a map, read back as `topic: foo | bar`. */
const itemText = (x: unknown): string =>
  typeof x === "object" && x !== null && !Array.isArray(x)
    ? Object.entries(x).map(([k, v]) => `${k}: ${itemText(v)}`).join(", ")
    : Array.isArray(x) ? `[${x.map(itemText).join(", ")}]` : String(x)

/** `argument-hint` as text (a YAML list is read as text, CHANGELOG 2.1.47). */
export const argumentHint = (frontmatter: Readonly<Record<string, unknown>>): string | undefined => {
  const v = frontmatter["argument-hint"]
  if (typeof v === "string" && v.trim() !== "") return v.trim()
  if (Array.isArray(v) && v.length > 0) return `[${v.map(itemText).join(", ")}]`
  return undefined
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * Every placeholder Claude Code replaces, global: group 1 `$ARGUMENTS[N]`'s N,
 * group 2 `$ARGUMENTS`, group 3 `$N`'s N, group 4 a name of `arguments`.
 * Not after `\` (a literal dollar sign), `$` or a word character; a name's
 * regex metacharacters are literal (CHANGELOG 2.1.139); longest names first,
 * so `$old-name` is not read as `$old`.
 */
export const argumentPattern = (names: ReadonlyArray<string>): RegExp => {
  const named = [...names].sort((a, b) => b.length - a.length).map(escapeRegExp)
  return new RegExp(
    `(?<![\\\\$\\w])\\$(?:ARGUMENTS\\[(\\d+)\\]|(ARGUMENTS)|(\\d+)${named.length === 0 ? "" : `|(${named.join("|")})`})(?![\\w-])`,
    "g"
  )
}

/** The body holds a placeholder Claude Code replaces with the invocation's arguments. */
export const usesArguments = (body: string, names: ReadonlyArray<string>): boolean => argumentPattern(names).test(body)

/** A heading is matched against at most this many characters of a query (the matching is linear, but a query is a line). */
const MAX_QUERY = 4096

/**
 * Whether `query` is `heading` as Claude Code would print it with some
 * arguments given: each placeholder stands for any text (empty too: an empty
 * `$ARGUMENTS`), the rest compared as given (the caller folds case first).
 * Undefined when the heading holds no placeholder. The placeholders are the
 * only wildcards, so the literal parts are matched left to right at their
 * first place (linear, whatever the query).
 */
export const headingWithArguments = (heading: string, names: ReadonlyArray<string>, fold: (s: string) => string = (s) => s): ((query: string) => boolean) | undefined => {
  const parts: Array<string> = []
  let from = 0
  for (const m of heading.matchAll(argumentPattern(names))) {
    parts.push(heading.slice(from, m.index))
    from = m.index + m[0].length
  }
  if (parts.length === 0) return undefined
  parts.push(heading.slice(from))
  // An empty value at an end leaves the blank beside it, which the printed heading (and the query) lose:
  // "Steps for $ARGUMENTS" invoked with none is "Steps for". So the heading without an end placeholder
  // (and its blank) is tried too, never a middle literal trimmed ("$0 to $1" must not match "v1 into prod").
  const variants: Array<ReadonlyArray<string>> = [parts]
  const dropEnd = (p: ReadonlyArray<string>) => (p.length > 1 && p[p.length - 1] === "" ? [...p.slice(0, -2), p[p.length - 2]!.trimEnd()] : undefined)
  const dropStart = (p: ReadonlyArray<string>) => (p.length > 1 && p[0] === "" ? [p[1]!.trimStart(), ...p.slice(2)] : undefined)
  const end = dropEnd(parts)
  const start = dropStart(parts)
  if (end !== undefined) variants.push(end)
  if (start !== undefined) variants.push(start)
  const both = end === undefined ? undefined : dropStart(end)
  if (both !== undefined) variants.push(both)
  const matchers = variants.map((v) => literalsMatch(v.map(fold)))
  return (query: string) => query.length <= MAX_QUERY && matchers.some((m) => m(query))
}

/** `literals` with any text (empty too) between each two, matched left to right at their first place. */
const literalsMatch = (literals: ReadonlyArray<string>) => {
  const first = literals[0]!
  const last = literals[literals.length - 1]!
  return (query: string): boolean => {
    if (literals.length === 1) return query === first
    if (!query.startsWith(first) || query.length < first.length + last.length || !query.endsWith(last)) return false
    let at = first.length
    const end = query.length - last.length
    for (const literal of literals.slice(1, -1)) {
      const found = query.indexOf(literal, at)
      if (found === -1 || found + literal.length > end) return false
      at = found + literal.length
    }
    return true
  }
}

export interface ShellInjection {
  /** 1-based line of the file (`firstLine` is the body's first). */
  readonly line: number
  readonly command: string
}

/** `` !`command` `` at the start of a line or after a blank: Claude Code runs the command when it loads the skill. */
const INLINE = /(?<=^|\s)!`([^`\n]+)`/g
/** A fenced block whose info string is `!`: its lines are one command. */
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})!\s*$/

/** The shell commands Claude Code runs when it loads this body, in order, each with its line. */
export const shellInjections = (body: string, firstLine: number): ReadonlyArray<ShellInjection> => {
  const out: Array<ShellInjection> = []
  const lines = body.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i]!)
    if (open !== null) {
      const fence = open[1]!
      const start = i
      const command: Array<string> = []
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(fence); i++) command.push(lines[i]!)
      out.push({ line: firstLine + start, command: command.join("\n").trim() })
      continue
    }
    for (const m of lines[i]!.matchAll(INLINE)) out.push({ line: firstLine + i, command: m[1]!.trim() })
  }
  return out
}

/** The most commands a notice names (the rest are counted). */
const NAMED_COMMANDS = 3
/** A command is named by at most this many characters. */
const COMMAND_CHARS = 60

const shortCommand = (command: string): string => {
  const line = command.replace(/\s+/g, " ")
  return Array.from(line).length > COMMAND_CHARS ? `${Array.from(line).slice(0, COMMAND_CHARS - 1).join("")}…` : line
}

/** The build's notice: which commands Claude Code would have run, and why the deployed skill will not. */
export const shellInjectionNotice = (skill: string, shell: ReadonlyArray<ShellInjection>): string => {
  const named = shell.slice(0, NAMED_COMMANDS).map((s) => `'${shortCommand(s.command)}' (line ${s.line})`)
  const more = shell.length > NAMED_COMMANDS ? `, and ${shell.length - NAMED_COMMANDS} more` : ""
  const one = shell.length === 1
  return (
    `${skill}: SKILL.md has ${shell.length} shell command${one ? "" : "s"} Claude Code runs when it loads the skill: ${named.join(", ")}${more}; ` +
    `the deployed SKILL.md is the compiled stub, headings only (RFC-0001:C-STUB), so ${one ? "it does" : "they do"} not run: ` +
    `write ${one ? "it" : "them"} as a step the agent runs`
  )
}
