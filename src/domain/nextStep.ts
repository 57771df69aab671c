/**
 * A next step an error prints (a hint's command), kept as data so each front end names it as its
 * caller takes it: the CLI's `skc <tool> <args>` (each argument shell-quoted, pasted into a shell), an
 * MCP client's `skc_<tool> key=<json> …` (the tool call it has in hand). Printed as a CLI command over
 * MCP, the step sent an agent to a shell, where over `skc mcp --http` no skc reads the server's skills
 * and over stdio skc may not be on PATH (an `npx` configuration).
 */
import { Schema } from "effect"
import { shellWord } from "./shellWord.js"

export const NextStep = Schema.Struct({
  /** The command and tool, without `skc ` / `skc_`: `sources`, `show`, `open`. */
  tool: Schema.String,
  /** The tool call's arguments, in the order printed. */
  params: Schema.Array(Schema.Tuple([Schema.String, Schema.Union([Schema.String, Schema.Number])])),
  /** The same step as the CLI's arguments after the command name, unquoted. */
  args: Schema.Array(Schema.String)
})
export type NextStep = typeof NextStep.Type

/** Who reads a step: a shell (the CLI, a library's `message`) or an MCP client. */
export type StepStyle = "cli" | "tools"

export const stepText = (step: NextStep, style: StepStyle): string =>
  style === "tools"
    ? [`skc_${step.tool}`, ...step.params.map(([k, v]) => `${k}=${JSON.stringify(v)}`)].join(" ")
    : ["skc", step.tool, ...step.args.map(shellWord)].join(" ")

/** A hint line whose command is a step: `lead` ends where the command starts (`list its files with:`). */
export const Lead = Schema.Struct({
  lead: Schema.String,
  step: NextStep,
  /**
   * Words the CLI's line adds after its command, never the tool call's: a CLI line that also named
   * the MCP parameter (`--max-lines 100 (MCP: max_lines)`) keeps its text, while an MCP client reads
   * the call itself, which names it.
   */
  cliNote: Schema.optional(Schema.String)
})
export type Lead = typeof Lead.Type

export const leadText = (next: Lead, style: StepStyle): string =>
  `${next.lead} ${stepText(next.step, style)}${style === "cli" && next.cliNote !== undefined ? ` ${next.cliNote}` : ""}`

/** The steps printed most: a skill's files (`dir`: one directory of them), a section of a file, a file. */
export const sourcesStep = (skill: string, dir?: string): NextStep => ({
  tool: "sources",
  params: [["skill", skill], ...(dir === undefined ? [] : [["dir", dir] as const])],
  args: [skill, ...(dir === undefined ? [] : ["--dir", dir])]
})

export const showStep = (skill: string, section: string, file?: string, line?: number): NextStep => ({
  tool: "show",
  params: [["skill", skill], ["section", section], ...(file === undefined ? [] : [["file", file] as const]), ...(line === undefined ? [] : [["line", line] as const])],
  args: [skill, "--section", section, ...(file === undefined ? [] : ["--file", file]), ...(line === undefined ? [] : ["--line", String(line)])]
})

export const openStep = (skill: string, path: string, maxLines?: number, fromLine?: number): NextStep => ({
  tool: "open",
  params: [
    ["skill", skill],
    ["path", path],
    ...(fromLine === undefined ? [] : [["from_line", fromLine] as const]),
    ...(maxLines === undefined ? [] : [["max_lines", maxLines] as const])
  ],
  args: [skill, path, ...(fromLine === undefined ? [] : ["--from-line", String(fromLine)]), ...(maxLines === undefined ? [] : ["--max-lines", String(maxLines)])]
})

/** A skill's rebuild (E002's next step). */
export const buildStep = (skill: string): NextStep => ({ tool: "build", params: [["skill", skill]], args: [skill] })

/** The skill's headings, and a search of its text: where an agent goes when no heading is close (E020). */
export const outlineStep = (skill: string): NextStep => ({ tool: "outline", params: [["skill", skill]], args: [skill] })

export const searchStep = (skill: string, query: string): NextStep => ({
  tool: "search",
  params: [["skill", skill], ["query", query]],
  // A query that starts with '-' would be read as a flag: it goes after `--`, as the README's `skc search git-helper -- --abort`.
  args: query.startsWith("-") ? [skill, "--", query] : [skill, query]
})
