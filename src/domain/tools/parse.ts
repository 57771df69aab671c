/**
 * Parse a SKILL.md of the tool dialect (tool-skills spec §2–3, §10) from the
 * one markdown model (`src/domain/markdown/`): frontmatter, headings and code
 * blocks come from there; only the parameter table rows (GFM, which
 * remark-parse alone does not know) and the command line are read here.
 *
 * - A tool block is an H3 whose section holds a `#### Command` or
 *   `#### Parameters` heading; other H3s are ordinary documentation.
 * - Its description is the text between the H3 and its first H4.
 * - The command is the first code block of its `#### Command` section.
 *
 * The parse is lenient: every problem is collected with its line, and the
 * skill is still returned, so lint reports them all and `tools`/`run` refuse
 * with the relevant one.
 */
import { Result } from "effect"
import { parseLintAst } from "../markdown/lintAst.js"
import { splitLines } from "../markdown/lines.js"
import type { CodeBlock, Heading, MarkdownAst } from "../markdown/model.js"
import { parseParameterTable, type SourceLine } from "./parameters.js"
import { commandLineOf, parseCommandTemplate, sourceLineAt, variablesOf } from "./template.js"
import { interpreterHazards } from "./interpreters.js"
import { isFreeText, placementHazards } from "./placement.js"
import {
  DEFAULT_TIMEOUT_SECS,
  MAX_DESCRIPTION_CHARS,
  MAX_TIMEOUT_SECS,
  MODES,
  TOOL_NAME_PATTERN,
  type CommandTemplate,
  type Mode,
  type ParameterDefinition,
  type Problem,
  type ToolDefinition,
  type ToolSkill
} from "./model.js"

export interface ParsedToolSkill {
  readonly skill: ToolSkill
  readonly problems: ReadonlyArray<Problem>
  /** Whether the file uses the dialect at all (see `declaresTools`). */
  readonly declaresTools: boolean
  /** The YAML parser's message and line when the frontmatter does not parse (DECISIONS #16). */
  readonly frontmatterError?: { readonly message: string; readonly line: number; readonly column?: number }
}

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/

/** Frontmatter fields only the dialect has: their presence alone turns it on. */
const TRIGGER_FIELDS = ["modes", "read_only", "always_ask", "timeout", "network", "free_text_anywhere"] as const

const isToolSubheading = (h: Heading) => h.level === 4 && /^(command|parameters)$/i.test(h.text)

/**
 * Whether `h3` opens a tool block (spec §3: "Tools are parsed from H3
 * headers"): an H3 whose section holds a `#### Command` or `#### Parameters`
 * heading. The parser and SKL205 read tool blocks from here, so a heading
 * the dialect fixes at H3 is never one lint asks to move.
 */
export const isToolBlock = (headings: ReadonlyArray<Heading>, h3: Heading): boolean =>
  h3.level === 3 && headingsWithin(headings, h3).some(isToolSubheading)

/**
 * The headings inside `h`'s section, from the document-ordered `headings`:
 * found by bisection and read up to the section's end, so asking it of every
 * heading costs the sum of the sections' sizes, not headings² (40,000 H3s
 * without tools took seconds in `skc tools`, and `skc mcp` asks every skill).
 */
const headingsWithin = (headings: ReadonlyArray<Heading>, h: Heading): ReadonlyArray<Heading> => {
  let lo = 0
  let hi = headings.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (headings[mid].line <= h.line) lo = mid + 1
    else hi = mid
  }
  const out: Array<Heading> = []
  for (let i = lo; i < headings.length && headings[i].line < h.endLine; i++) out.push(headings[i])
  return out
}

/**
 * A skill declares tools when an H3 holds a `#### Command`/`#### Parameters`
 * heading, or its frontmatter has a field only the dialect defines
 * (`modes`, `read_only`, `always_ask`, `timeout`, `network`). `version` and
 * `author` alone do not: plain skills use them as metadata.
 */
export const declaresTools = (doc: Pick<MarkdownAst, "frontmatter" | "headings">): boolean => {
  if (doc.headings.some(isToolSubheading)) return true
  const fm = doc.frontmatter
  return fm._tag === "Parsed" && TRIGGER_FIELDS.some((f) => f in fm.data)
}

/** The value of `key: value` on a frontmatter line as written (no trailing comment); undefined when not on that line. */
const writtenValue = (line: string | undefined, key: string): string | undefined => {
  const m = line === undefined ? null : new RegExp(`^\\s*${key}\\s*:\\s*(.*?)\\s*(?:\\s#.*)?$`).exec(line)
  return m === null || m[1] === "" ? undefined : m[1]
}

/**
 * Through lint's reader (`parseLintAst`: the scanner whenever it vouches for
 * the model, held equal to remark's by the differential tests), not remark
 * always: `skc tools`, `run` and `skc mcp`'s tool listing read every store
 * skill, and remark's tree of a 2 MB SKILL.md of 100,000 headings took 1.9 GB.
 */
export const parseToolSkill = (source: string): ParsedToolSkill => parseToolSkillFrom(parseLintAst(source), splitLines(source))

export const parseToolSkillFrom = (doc: MarkdownAst, lines: ReadonlyArray<string>): ParsedToolSkill => {
  const problems: Array<Problem> = []
  const data = doc.frontmatter._tag === "Parsed" ? doc.frontmatter.data : {}
  const keyLines = doc.frontmatter._tag === "Parsed" ? doc.frontmatter.keyLines : {}
  const lineOf = (key: string) => keyLines[key] ?? 1
  const problem = (kind: Problem["kind"], line: number, message: string) => problems.push({ kind, line, message })

  // --- frontmatter (spec §2.2) --------------------------------------------
  const name = typeof data.name === "string" ? data.name : ""
  const description = typeof data.description === "string" ? data.description : ""
  let version: string | undefined
  if (doc.frontmatter._tag === "Invalid") {
    // Recovery: YAML that does not parse leaves every field unknown. The error itself stops the tools (lint
    // reports it as SKL100, in the same words); "missing 'version'" named a field that is there.
    const fm = doc.frontmatter
    problem("frontmatter-invalid", fm.line, `invalid frontmatter YAML: ${fm.message}${fm.column === undefined ? "" : ` (line ${fm.line}, column ${fm.column})`}`)
  } else if (data.version === undefined || data.version === null) {
    problem("version-missing", 1, "missing 'version' (a semver version such as 1.0.0)")
  } else {
    version = String(data.version)
    if (typeof data.version !== "string" || !SEMVER.test(version)) {
      // Quoted as written: YAML reads `version: 1.0` as the number 1, and "version '1'" named a text not in the file.
      const written = typeof data.version === "string" ? version : (writtenValue(lines[lineOf("version") - 1], "version") ?? version)
      problem("version-semver", lineOf("version"), `version '${written}' is not a semver version (MAJOR.MINOR.PATCH)`)
    }
  }
  // Spec §9.1: a missing required field is fatal (lint reports it as SKL101 / SKL105): a probe's tool skill
  // without `description` was approved and ran while build refused it (E011).
  if (doc.frontmatter._tag !== "Invalid") {
    for (const [field, value] of [["name", name], ["description", description]] as const) {
      if (value.trim() === "") problem("field-missing", lineOf(field), `missing required frontmatter field '${field}'`)
    }
  }
  const descriptionLength = [...description].length
  if (descriptionLength > MAX_DESCRIPTION_CHARS) {
    problem("description-length", lineOf("description"), `description is ${descriptionLength} characters; tool skills allow at most ${MAX_DESCRIPTION_CHARS}`)
  }
  const bool = (key: string): boolean => {
    const v = data[key]
    if (v === undefined || v === null) return false
    if (typeof v !== "boolean") {
      problem("field-type", lineOf(key), `'${key}' must be true or false, not ${JSON.stringify(v)}`)
      return false
    }
    return v
  }
  let author: string | undefined
  if (data.author !== undefined && data.author !== null) {
    if (typeof data.author !== "string") problem("field-type", lineOf("author"), "'author' must be a string")
    else author = data.author
  }
  let timeoutSecs = DEFAULT_TIMEOUT_SECS
  if (data.timeout !== undefined && data.timeout !== null) {
    const t = data.timeout
    if (typeof t !== "number" || !Number.isInteger(t) || t < 1 || t > MAX_TIMEOUT_SECS) {
      problem("timeout-range", lineOf("timeout"), `timeout ${JSON.stringify(t)} must be a whole number of seconds from 1 to ${MAX_TIMEOUT_SECS}`)
    } else timeoutSecs = t
  }
  let modes: ReadonlyArray<Mode> = ["Global"]
  if (data.modes !== undefined && data.modes !== null) {
    const raw = typeof data.modes === "string" ? [data.modes] : data.modes
    if (!Array.isArray(raw) || raw.length === 0) {
      problem("modes", lineOf("modes"), `modes must be a non-empty list of ${MODES.join(", ")}`)
    } else {
      const good = raw.filter((m): m is Mode => (MODES as ReadonlyArray<unknown>).includes(m))
      for (const m of raw) {
        if (!(MODES as ReadonlyArray<unknown>).includes(m)) {
          problem("modes", lineOf("modes"), `unknown mode ${JSON.stringify(m)} (expected ${MODES.join(", ")})`)
        }
      }
      if (good.length > 0) modes = [...new Set(good)]
    }
  }
  const readOnly = bool("read_only")
  const alwaysAsk = bool("always_ask")
  const network = bool("network")
  // `free_text_anywhere: [tool.parameter, …]` (issue 45 item 1): placements SKL516 would refuse, declared.
  const freeTextAnywhere: Array<string> = []
  if (data.free_text_anywhere !== undefined && data.free_text_anywhere !== null) {
    const raw = typeof data.free_text_anywhere === "string" ? [data.free_text_anywhere] : data.free_text_anywhere
    if (!Array.isArray(raw) || raw.some((e) => typeof e !== "string" || !/^[a-z0-9_]{1,32}\.[A-Za-z0-9_]+$/.test(e))) {
      problem("field-type", lineOf("free_text_anywhere"), "'free_text_anywhere' must be a list of tool.parameter names (e.g. [git_commit.message])")
    } else freeTextAnywhere.push(...new Set(raw as ReadonlyArray<string>))
  }

  // --- tool blocks (spec §3) ----------------------------------------------
  const tools: Array<ToolDefinition> = []
  const codeBlockLines = new Set<number>()
  for (const b of doc.codeBlocks) for (let l = b.line; l <= b.endLine; l++) codeBlockLines.add(l)
  const headings = doc.headings
  const seen = new Map<string, number>()
  // Spec §9.1: duplicate tool names are fatal to the skill, not to the second block alone (a probe ran the
  // skill's other tools, and the first of the two, approved): skill-level problems, added after the blocks.
  const duplicates: Array<Problem> = []
  for (let i = 0; i < headings.length; i++) {
    const h3 = headings[i]
    if (!isToolBlock(headings, h3)) continue
    const subs = headingsWithin(headings, h3).filter((h) => h.level === 4)
    const toolName = h3.text
    const before = problems.length
    if (!TOOL_NAME_PATTERN.test(toolName)) {
      problem("tool-name-format", h3.line, `tool name '${toolName}' must be 1-32 lowercase letters, digits or '_'`)
    }
    const first = seen.get(toolName)
    if (first !== undefined) duplicates.push({ kind: "tool-name-duplicate", line: h3.line, message: `duplicate tool '${toolName}' (first defined on line ${first})` })
    else seen.set(toolName, h3.line)

    const sectionLines = (from: number, to: number): ReadonlyArray<SourceLine> => {
      const out: Array<SourceLine> = []
      for (let l = from; l < to; l++) if (!codeBlockLines.has(l)) out.push({ text: lines[l - 1] ?? "", line: l })
      return out
    }
    const descEnd = subs.length > 0 ? subs[0].line : h3.endLine
    const toolDescription = sectionLines(h3.line + 1, descEnd)
      .map((l) => l.text.trim())
      .filter((t) => t.length > 0)
      .join(" ")

    const paramsHeading = subs.find((h) => /^parameters$/i.test(h.text))
    let parameters: ReadonlyArray<ParameterDefinition> = []
    if (paramsHeading !== undefined) {
      const table = parseParameterTable(sectionLines(paramsHeading.line + 1, paramsHeading.endLine))
      parameters = table.parameters
      problems.push(...table.problems)
    }

    const commandHeading = subs.find((h) => /^command$/i.test(h.text))
    let command: CommandTemplate | undefined
    if (commandHeading === undefined) {
      problem("command", h3.line, `tool '${toolName}' has no '#### Command' section`)
    } else {
      const block = doc.codeBlocks.find((b) => b.line > commandHeading.line && b.line < commandHeading.endLine)
      if (block === undefined) {
        problem("command", commandHeading.line, `tool '${toolName}': the Command section has no code block`)
      } else {
        const commandLine = commandLineOf(codeBlockContent(block, lines))
        const parsed = Result.flatMap(commandLine, (c) => parseCommandTemplate(c.text, c.line))
        if (Result.isFailure(parsed)) {
          // At the line holding the offending character (the `|`), not the opening fence, when it is known.
          const at = parsed.failure.at
          const line = Result.isSuccess(commandLine) ? (at === undefined ? commandLine.success.line : sourceLineAt(commandLine.success, at)) : block.line
          problem("command", line, `tool '${toolName}': ${parsed.failure.message}`)
        } else command = parsed.success
      }
    }
    if (command !== undefined) {
      checkVariables(toolName, command, parameters, problem)
      for (const h of interpreterHazards(command)) problem("interpreter-code", command.line, `tool '${toolName}': ${h.message}`)
      const declared = new Set(freeTextAnywhere.filter((e) => e.startsWith(`${toolName}.`)).map((e) => e.slice(toolName.length + 1)))
      for (const h of placementHazards(command, parameters, declared)) problem("value-placement", command.line, `tool '${toolName}': ${h.message}`)
    }
    for (let k = before; k < problems.length; k++) problems[k] = { ...problems[k], tool: toolName }
    tools.push({
      name: toolName,
      description: toolDescription,
      parameters,
      command,
      line: h3.line,
      hasParametersSection: paramsHeading !== undefined
    })
  }
  problems.push(...duplicates)
  // A declaration naming no free-text parameter of a tool is a typo that would hide nothing: say so.
  for (const entry of freeTextAnywhere) {
    const [toolName, param] = entry.split(".") as [string, string]
    const tool = tools.find((t) => t.name === toolName)
    const p = tool?.parameters.find((q) => q.name === param)
    if (tool === undefined || p === undefined) {
      problem("field-type", lineOf("free_text_anywhere"), `'free_text_anywhere' names '${entry}', which is no parameter of a tool of this skill`)
    } else if (!isFreeText(p)) {
      problem("field-type", lineOf("free_text_anywhere"), `'free_text_anywhere' names '${entry}', which is constrained (${p.type}${p.values !== undefined ? ", Values" : ""}${p.pattern !== undefined ? ", Pattern" : ""}) and may go anywhere already`)
    }
  }
  if (tools.length === 0) problem("no-tools", doc.bodyStartLine, "no tool definitions found (### tool_name with a #### Command section)")

  return {
    skill: { name, version, description, author, modes, readOnly, alwaysAsk, timeoutSecs, network, freeTextAnywhere, tools },
    problems,
    declaresTools: declaresTools(doc),
    ...(doc.frontmatter._tag === "Invalid" ? { frontmatterError: { message: doc.frontmatter.message, line: doc.frontmatter.line, ...(doc.frontmatter.column === undefined ? {} : { column: doc.frontmatter.column }) } } : {})
  }
}

/** Template variables against the parameter table (lint SKL513, SKL514). */
const checkVariables = (
  toolName: string,
  command: CommandTemplate,
  parameters: ReadonlyArray<ParameterDefinition>,
  problem: (kind: Problem["kind"], line: number, message: string) => void
) => {
  const byName = new Map(parameters.map((p) => [p.name, p]))
  const used = new Set<string>()
  for (const v of variablesOf(command)) {
    used.add(v.name)
    const p = byName.get(v.name)
    if (p === undefined) {
      problem("unknown-variable", command.line, `tool '${toolName}': '{{${v.name}}}' names no parameter`)
    } else if (v.modifier !== undefined && p.type !== undefined && p.type !== "boolean") {
      problem("modifier", command.line, `tool '${toolName}': '{{${v.name}:${v.modifier}}}' — a modifier needs a boolean parameter, '${v.name}' is ${p.type}`)
    }
  }
  for (const p of parameters) {
    if (p.required && !used.has(p.name)) {
      problem("required-unused", p.line, `tool '${toolName}': required parameter '${p.name}' is never used in the command`)
    }
  }
}

/** Lines inside a code block with their file line numbers (fences excluded). */
const codeBlockContent = (block: CodeBlock, lines: ReadonlyArray<string>): ReadonlyArray<SourceLine> => {
  const out: Array<SourceLine> = []
  if (block.fenced) {
    const opening = lines[block.line - 1] ?? ""
    const fence = /^\s*(`{3,}|~{3,})/.exec(opening)?.[1] ?? "```"
    const last = lines[block.endLine - 1] ?? ""
    const closed = block.endLine > block.line && new RegExp(`^\\s*${fence[0] === "`" ? "`" : "~"}{${fence.length},}\\s*$`).test(last)
    const end = closed ? block.endLine - 1 : block.endLine
    for (let l = block.line + 1; l <= end; l++) out.push({ text: lines[l - 1] ?? "", line: l })
  } else {
    for (let l = block.line; l <= block.endLine; l++) out.push({ text: (lines[l - 1] ?? "").replace(/^( {4}|\t)/, ""), line: l })
  }
  return out
}
