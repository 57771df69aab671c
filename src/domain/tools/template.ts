/**
 * Command templates (tool-skills spec §3.4–3.5, §10 `CommandTemplate`).
 *
 * The template is split into arguments ONCE, at parse time, with the small
 * quoting rules authors know from a shell: whitespace separates arguments,
 * `'…'` is literal, `"…"` keeps spaces and honours `\"` and `\\`, a
 * backslash outside quotes escapes the next character. `{{name}}` and
 * `{{name:modifier}}` are recognised in every context. Values are later
 * substituted INTO these arguments and never re-split, so no value can ever
 * become a second argument.
 *
 * Shell features (pipes, redirects, `;`, `&`, command substitution, `$VAR`)
 * outside quotes are refused: the command runs as program + args, never
 * through a shell, so they would silently mean something else.
 */
import { Result } from "effect"
import type { ArgFragment, ArgTemplate, CommandTemplate } from "./model.js"

const VARIABLE_NAME = /^[A-Za-z0-9_]+$/

export interface TemplateError {
  readonly message: string
  /** Where in the command text the problem is (0-based), when one character is the problem (a `|`, a `$(`). */
  readonly at?: number
}

const fail = (message: string, at?: number): Result.Result<never, TemplateError> => Result.fail(at === undefined ? { message } : { message, at })

/** Appends literal text, merging with a preceding literal. */
const pushLiteral = (fragments: Array<ArgFragment>, text: string) => {
  const last = fragments[fragments.length - 1]
  if (last !== undefined && last._tag === "Literal") fragments[fragments.length - 1] = { _tag: "Literal", text: last.text + text }
  else fragments.push({ _tag: "Literal", text })
}

/** Split one command line into argument templates. */
export const tokenizeCommand = (command: string): Result.Result<ReadonlyArray<ArgTemplate>, TemplateError> => {
  const args: Array<Array<ArgFragment>> = []
  let current: Array<ArgFragment> | undefined
  let quote: "'" | '"' | undefined
  const start = () => (current ??= [])
  let i = 0
  const n = command.length
  while (i < n) {
    const c = command[i]
    // Interpolation, in any quoting context.
    if (c === "{" && command[i + 1] === "{") {
      const close = command.indexOf("}}", i + 2)
      if (close === -1) return fail(`unclosed '{{' at column ${i + 1}`, i)
      const inner = command.slice(i + 2, close).trim()
      const colon = inner.indexOf(":")
      const name = (colon === -1 ? inner : inner.slice(0, colon)).trim()
      const modifier = colon === -1 ? undefined : inner.slice(colon + 1)
      if (!VARIABLE_NAME.test(name)) return fail(`invalid variable '{{${inner}}}': a parameter name is letters, digits and '_'`)
      if (modifier !== undefined && modifier.trim().length === 0) return fail(`empty modifier in '{{${inner}}}'`)
      start().push({ _tag: "Variable", name, modifier: modifier?.trim() })
      i = close + 2
      continue
    }
    if (quote === "'") {
      if (c === "'") quote = undefined
      else pushLiteral(start(), c)
      i++
      continue
    }
    if (quote === '"') {
      // Double quotes still expand in a shell: `"$HOME"` and `"$(date)"` were passed as their literal text.
      if ((c === "$" && /[A-Za-z_{(]/.test(command[i + 1] ?? "")) || c === "`") {
        return fail(`shell expansion '${c === "`" ? "`" : `$${command[i + 1]}…`}' inside double quotes is not supported (commands run without a shell); wrap it in a script, or write it in single quotes to mean the text itself`, i)
      }
      if (c === '"') quote = undefined
      else if (c === "\\" && (command[i + 1] === '"' || command[i + 1] === "\\")) {
        pushLiteral(start(), command[i + 1])
        i++
      } else pushLiteral(start(), c)
      i++
      continue
    }
    if (c === " " || c === "\t") {
      if (current !== undefined) args.push(current)
      current = undefined
      i++
      continue
    }
    if (c === "'" || c === '"') {
      quote = c
      start()
      i++
      continue
    }
    if (c === "\\") {
      if (i + 1 >= n) return fail("trailing backslash")
      pushLiteral(start(), command[i + 1])
      i += 2
      continue
    }
    // A `#` beginning a word begins a shell comment: the words after it were passed as arguments, a value the
    // author meant commented out among them (a tool-skill probe).
    if (c === "#" && current === undefined) {
      return fail("a '#' beginning a word begins a shell comment, which is not supported (commands run without a shell); remove the comment, or quote the word ('#general') to mean the text itself", i)
    }
    if (c === "|" || c === ";" || c === "&" || c === ">" || c === "<" || c === "`") {
      return fail(`shell operator '${c}' is not supported (commands run without a shell); wrap the pipeline in a script`, i)
    }
    if (c === "$" && /[A-Za-z_{(]/.test(command[i + 1] ?? "")) {
      return fail(`shell expansion '$${command[i + 1]}…' is not supported (commands run without a shell); wrap it in a script`, i)
    }
    pushLiteral(start(), c)
    i++
  }
  if (quote !== undefined) return fail(`unclosed ${quote === "'" ? "single" : "double"} quote`)
  if (current !== undefined) args.push(current)
  return Result.succeed(args)
}

/** A command as one line of text, and where each of its source lines starts in that text. */
export interface CommandLine {
  readonly text: string
  /** The source line the command starts on. */
  readonly line: number
  readonly starts: ReadonlyArray<{ readonly line: number; readonly at: number }>
}

/** The source line of a position in a command's text (a `\`-continued command spans several). */
export const sourceLineAt = (command: CommandLine, at: number): number => {
  let line = command.line
  for (const s of command.starts) if (s.at <= at) line = s.line
  return line
}

/**
 * The command line of a `#### Command` code block: lines ending in `\` are
 * joined, blank lines and `#` comment lines skipped; exactly one command must
 * remain (spec §11 question 5: one command per tool, no fallback chains).
 */
export const commandLineOf = (
  lines: ReadonlyArray<{ readonly text: string; readonly line: number }>
): Result.Result<CommandLine, TemplateError> => {
  const commands: Array<{ text: string; line: number; starts: Array<{ readonly line: number; readonly at: number }> }> = []
  let pending: (typeof commands)[number] | undefined
  for (const { text, line } of lines) {
    const trimmed = text.trim()
    if (pending === undefined && (trimmed === "" || trimmed.startsWith("#"))) continue
    const continued = /(^|[^\\])\\$/.test(trimmed)
    const body = continued ? trimmed.slice(0, -1) : trimmed
    if (pending === undefined) pending = { text: body, line, starts: [{ line, at: 0 }] }
    else {
      pending.text += " "
      pending.starts.push({ line, at: pending.text.length })
      pending.text += body
    }
    if (!continued) {
      commands.push(pending)
      pending = undefined
    }
  }
  if (pending !== undefined) commands.push(pending)
  if (commands.length === 0) return fail("the command block is empty")
  if (commands.length > 1) {
    return fail(`${commands.length} commands in one block; a tool runs exactly one command (wrap several in a script)`)
  }
  return Result.succeed(commands[0])
}

export const parseCommandTemplate = (
  command: string,
  line: number
): Result.Result<CommandTemplate, TemplateError> =>
  Result.flatMap(tokenizeCommand(command), (args) => {
    if (args.length === 0) return fail("the command is empty")
    const [first, ...rest] = args
    if (first.length !== 1 || first[0]._tag !== "Literal") {
      return fail("the program must be literal text, never an interpolated value")
    }
    if (first[0].text.length === 0) return fail("the program is empty")
    return Result.succeed({ program: first[0].text, args: rest, source: command, line })
  })

/** Every variable the template names, in order of appearance. */
export const variablesOf = (template: CommandTemplate): ReadonlyArray<Extract<ArgFragment, { _tag: "Variable" }>> =>
  template.args.flatMap((arg) => arg.filter((f): f is Extract<ArgFragment, { _tag: "Variable" }> => f._tag === "Variable"))

/** The template shown back to a user (`git log -n {{count}}`), quoting literals that need it. */
export const renderTemplate = (template: CommandTemplate): string =>
  [quoteArg(template.program), ...template.args.map((arg) => arg.map((f) => (f._tag === "Literal" ? f.text : `{{${f.name}${f.modifier === undefined ? "" : ":" + f.modifier}}}`)).join(""))]
    .map((a, i) => (i === 0 ? a : quoteArg(a)))
    .join(" ")

/** Quote an argument for display only (never executed): POSIX single quotes when needed. */
/** An argument's text when it is literal throughout (no placeholder), else undefined. */
export const literalOf = (t: ArgTemplate): string | undefined =>
  t.every((f) => f._tag === "Literal") ? t.map((f) => (f._tag === "Literal" ? f.text : "")).join("") : undefined

export const quoteArg = (arg: string): string =>
  arg.length > 0 && /^[A-Za-z0-9_@%+=:,./{}-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`
