/**
 * `skc --help` and `skc <command> --help`, written from the command specs
 * like the help of any other CLI: `skc <command>` usage, every argument and
 * flag with its help, allowed values and default, and examples. The
 * framework's own options (effect/cli's --wizard, --log-level…) are not
 * skc's and are not shown; `--completions` is documented on the root page.
 * This module does not load effect/cli.
 */
import type { Arg, Flag } from "../commands/spec.js"

/** What a help page is written from: a command spec, or `skc mcp`'s description. */
export interface HelpTopic {
  readonly name: string
  readonly summary: ReadonlyArray<string>
  readonly examples: ReadonlyArray<string>
  readonly args: Readonly<Record<string, Arg>>
  readonly flags: Readonly<Record<string, Flag>>
  /** Paragraphs printed after the options (e.g. a configuration snippet). */
  readonly notes?: ReadonlyArray<string>
}

const HELP_FLAG: Flag = { kind: "boolean", name: "help", alias: "h", help: "Show this help." }

export const usageOf = (a: Arg): string => (a.arity === "one" ? `<${a.name}>` : a.arity === "optional" ? `[<${a.name}>]` : `[<${a.name}>...]`)

const placeholder = (f: Flag): string =>
  f.kind === "boolean" ? "" : f.placeholder !== undefined ? ` <${f.placeholder}>` : f.kind === "integer" ? " <n>" : f.kind === "float" ? " <number>" : f.choices !== undefined ? " <value>" : " <text>"

const flagLabel = (f: Flag): string => `${f.alias === undefined ? "    " : `-${f.alias}, `}--${f.name}${placeholder(f)}`

const flagHelp = (f: Flag): string => {
  const extras = [
    ...(f.required === true ? ["required"] : []),
    ...(f.choices === undefined ? [] : [`values: ${f.choices.join(", ")}`]),
    ...(f.default === undefined ? [] : [`default: ${f.default}`]),
    ...(f.kind === "repeated" ? ["repeatable"] : [])
  ]
  return extras.length === 0 ? f.help : `${f.help} [${extras.join("; ")}]`
}

/** Two columns: labels padded to the longest (capped, so one long label does not push every line). */
const columns = (rows: ReadonlyArray<readonly [string, string]>): Array<string> => {
  const width = Math.min(30, Math.max(...rows.map(([l]) => l.length)))
  return rows.map(([label, text]) => (label.length > width ? `  ${label}\n  ${" ".repeat(width)}  ${text}` : `  ${label.padEnd(width)}  ${text}`))
}

/** `skc show <skill> [options]`: a command's usage line, as its help prints it. */
export const usageLine = (topic: Pick<HelpTopic, "name" | "args">): string =>
  `skc ${topic.name}${Object.values(topic.args).map((a) => ` ${usageOf(a)}`).join("")} [options]`

export const renderCommandHelp = (topic: HelpTopic): string => {
  const args = Object.values(topic.args)
  const flags = [...Object.values(topic.flags), HELP_FLAG]
  const [first, ...rest] = topic.summary
  const lines = [`skc ${topic.name} — ${first ?? ""}`, ...rest, "", `Usage: ${usageLine(topic)}`]
  if (args.length > 0) lines.push("", "Arguments:", ...columns(args.map((a) => [usageOf(a), a.help] as const)))
  lines.push("", "Options:", ...columns(flags.map((f) => [flagLabel(f), flagHelp(f)] as const)))
  if (topic.notes !== undefined && topic.notes.length > 0) lines.push("", ...topic.notes)
  lines.push("", "Examples:", ...topic.examples.map((e) => `  ${e}`))
  return lines.join("\n") + "\n"
}

export const renderRootHelp = (topics: ReadonlyArray<HelpTopic>, version: string): string => {
  const commands = columns(topics.map((t) => [t.name, t.summary[0] ?? ""] as const))
  return [
    `skc ${version} — the development kit for Agent Skills.`,
    "",
    "Usage: skc <command> [arguments] [options]",
    "",
    "Commands:",
    ...commands,
    "",
    "Options:",
    ...columns([
      ["-h, --help", "Show this help; 'skc <command> --help' shows a command's."],
      ["--version", "Print the version."],
      ["--completions <shell>", "Print a completion script for bash, fish, zsh or powershell (sh prints the bash one: POSIX sh has no completion; pwsh is powershell)."]
    ]),
    "",
    "Examples:",
    "  skc init my-skill",
    "  skc build my-skill",
    "  skc outline my-skill",
    '  skc show my-skill --section "Getting Started"',
    "  skc mcp                        # serve skills to agents over MCP",
    ""
  ].join("\n")
}

/** `-h`/`--help` anywhere before `--` asks for help. */
export const wantsHelp = (args: ReadonlyArray<string>): boolean => {
  for (const a of args) {
    if (a === "--") return false
    if (a === "--help" || a === "-h") return true
  }
  return false
}
