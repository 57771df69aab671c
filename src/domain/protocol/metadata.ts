/**
 * The one validator of a skill's frontmatter (issue 13 item 2): `discover`,
 * `prompt`, `match` and `load` decide with it which skills an agent can load,
 * and lint's frontmatter rules (SKL100–SKL107, SKL113, SKL604, SKL605) report
 * its findings, so the two can never disagree.
 *
 * Each issue carries the lint rule that reports it and whether it blocks
 * loading. Blocking: no frontmatter or one that does not parse, no usable
 * `name` (missing, empty, not a string) or no usable `description`
 * (missing, empty, not a string) — without those an agent cannot list the
 * skill at all. Everything else (format, length, reserved words, XML tags,
 * NFKC, `allowed-tools`) is a warning discover shows beside the skill.
 *
 * Written out for users in docs/references-and-validation.md.
 */
import { parseFrontmatter, parseFrontmatterQuotingColons, UNCLOSED_MESSAGE, type Frontmatter } from "../markdown/frontmatter.js"
import { isNulMessage } from "../markdown/nul.js"
import { readSkillSource } from "./frontmatter.js"
import { parseAllowedTools, type AllowedTools } from "./tools.js"
import { suggestedName } from "../skillName.js"

export const NAME_PATTERN = /^[a-z0-9-]+$/
export const MAX_NAME = 64
export const MAX_DESCRIPTION = 1024
export const RESERVED_WORDS = ["anthropic", "claude"] as const

/** The lint rules this module decides for, id → name. */
export const METADATA_RULE_NAMES = {
  SKL100: "frontmatter-valid",
  SKL101: "name-required",
  SKL102: "name-format",
  SKL103: "name-length",
  SKL105: "description-required",
  SKL106: "description-nonempty",
  SKL107: "description-length",
  SKL113: "name-nfkc",
  SKL114: "allowed-tools-format",
  SKL604: "reserved-words",
  SKL605: "xml-tags"
} as const
export type MetadataRuleId = keyof typeof METADATA_RULE_NAMES

export interface MetadataIssue {
  readonly rule: MetadataRuleId
  /** 1-based line in SKILL.md. */
  readonly line: number
  /** 1-based column, where the YAML parser (or the value that opened unclosed) locates a syntax error. */
  readonly column?: number
  readonly message: string
  /** An agent cannot load the skill at all. */
  readonly blocking: boolean
}

/**
 * Anything that looks like an XML/HTML tag: `<x>`, `</x>`, `<x attr="">`,
 * `<x/>`. Attributes stop at the next `<` or `>`, so each `<` is looked at
 * once and a long tagless text costs linear time.
 */
const XML_TAG = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/

export const hasXmlTag = (s: string): boolean => XML_TAG.test(s)

const codePoints = (s: string) => {
  let n = 0
  for (const _ of s) n++
  return n
}

/** A letter or digit in any script, or a hyphen (DECISIONS #52: what skills-ref's `isalnum()` or '-' accepts). */
const NAME_CHAR = /[\p{L}\p{N}-]/u

/**
 * The first problem of a name string, worded for RFC-0008:C-DIAGNOSTICS;
 * undefined when fine or empty. DECISIONS #52 (issue 43): after NFKC, every
 * character is a Unicode letter or digit or a hyphen, and the name is
 * lowercase (`мой-навык` passes, `НАВЫК` does not); #19's hyphen rules stand.
 */
export const nameFormatProblem = (name: string): string | undefined => {
  if (name.length === 0) return undefined
  const nfkc = name.normalize("NFKC")
  // Every problem, not the first alone: "PG Migrations" said only "contains uppercase characters", and the
  // author who lowercased it met the space next. The "e.g." is the name `skc build` suggests too.
  const problems: Array<string> = []
  if (nfkc !== nfkc.toLowerCase()) problems.push("contains uppercase characters")
  const bad = [...new Set([...nfkc].filter((c) => !NAME_CHAR.test(c)))]
  if (bad.length > 0) problems.push(`contains invalid characters: ${bad.map((c) => `'${c}'`).join(", ")} (only lowercase letters, digits and '-' are allowed)`)
  if (nfkc.startsWith("-")) problems.push("starts with a hyphen")
  if (nfkc.endsWith("-")) problems.push("ends with a hyphen")
  if (nfkc.includes("--")) problems.push("contains consecutive hyphens")
  if (problems.length === 0) return undefined
  const example = problems.length > 1 ? suggestedName(name) : undefined
  return `name '${name}' ${problems.join("; ")}${example === undefined ? "" : `; e.g. '${example}'`}`
}

const has = (data: Readonly<Record<string, unknown>>, key: string) => Object.prototype.hasOwnProperty.call(data, key)

export interface ValidationOptions {
  /** SKL107's `max-length` (default 1,024). */
  readonly maxDescription?: number
}

/** Every issue of a SKILL.md's frontmatter, in rule order. */
export const frontmatterIssues = (fm: Frontmatter, options: ValidationOptions = {}): ReadonlyArray<MetadataIssue> => {
  if (fm._tag === "Absent") return [{ rule: "SKL100", line: 1, message: "missing frontmatter: file does not start with ---", blocking: true }]
  if (fm._tag === "Invalid") {
    return [
      fm.message === UNCLOSED_MESSAGE
        ? { rule: "SKL100", line: 1, message: UNCLOSED_MESSAGE, blocking: true }
        : isNulMessage(fm.message)
          ? { rule: "SKL100", line: fm.line, message: fm.message, blocking: true }
        : {
            rule: "SKL100",
            line: fm.line,
            ...(fm.column === undefined ? {} : { column: fm.column }),
            // The column too, for a syntax error (issue 29 item 5).
            message: `invalid frontmatter YAML: ${fm.message}${fm.column === undefined ? "" : ` (line ${fm.line}, column ${fm.column})`}`,
            blocking: true
          }
    ]
  }
  const data = fm.data
  const lineOf = (key: string) => fm.keyLines[key] ?? 1
  const out: Array<MetadataIssue> = []
  const push = (rule: MetadataRuleId, line: number, message: string, blocking = false) => out.push({ rule, line, message, blocking })

  if (!has(data, "name")) push("SKL101", 1, "missing required frontmatter field: name", true)
  else {
    const line = lineOf("name")
    const name = data.name === null ? "" : data.name
    if (typeof name !== "string") push("SKL102", line, "name must be a string", true)
    else {
      const format = nameFormatProblem(name)
      if (format !== undefined) push("SKL102", line, format)
      const nfkc = name.normalize("NFKC")
      // Counted in NFKC form, as the format's reference validator counts it (skills-ref validator.py normalises,
      // then measures): `ﬁ` is two letters there, and a 64-letter name ending in it is 65 (an agentskills probe).
      const n = codePoints(nfkc)
      const form = nfkc === name || codePoints(name) === n ? "" : ` in its NFKC form ('${nfkc}'), as the format counts it`
      if (n === 0) push("SKL103", line, "name is empty; it must be 1-64 characters", true)
      else if (n > MAX_NAME) push("SKL103", line, `name is ${n} characters${form}; maximum is ${MAX_NAME}`)
      if (nfkc !== name) push("SKL113", line, `name '${name}' is not NFKC-normalised; its NFKC form is '${nfkc}'`)
      const lower = name.toLowerCase()
      for (const word of RESERVED_WORDS) {
        if (lower.includes(word)) push("SKL604", line, `name '${name}' contains the reserved word '${word}'`)
      }
      if (hasXmlTag(name)) push("SKL605", line, "name contains an XML tag")
    }
  }

  if (!has(data, "description")) push("SKL105", 1, "missing required frontmatter field: description", true)
  else {
    const line = lineOf("description")
    const d = data.description
    if (d === null || (typeof d === "string" && d.trim() === "")) push("SKL106", line, "description is empty", true)
    else if (typeof d !== "string") push("SKL106", line, "description must be a string", true)
    else {
      const max = options.maxDescription ?? MAX_DESCRIPTION
      const n = codePoints(d)
      if (n > max) push("SKL107", line, `description is ${n} characters; maximum is ${max}`)
      // The tag named: over a 1,000-character description "contains an XML tag" left the author searching.
      if (hasXmlTag(d)) push("SKL605", line, `description contains an XML tag (${XML_TAG.exec(d)?.[0] ?? "<…>"})`)
    }
  }

  if (has(data, "allowed-tools") && data["allowed-tools"] !== null) {
    const tools = parseAllowedTools(data["allowed-tools"])
    if (tools._tag === "Invalid") push("SKL114", lineOf("allowed-tools"), `allowed-tools: ${tools.message}`)
  }
  return out
}

export interface SkillMetadata {
  readonly name: string
  readonly description: string
  /** `undefined`: no `allowed-tools` field (standard permission model), or one that does not parse. */
  readonly allowedTools: AllowedTools | undefined
  readonly version: string | undefined
}

/** A non-blocking issue as discover shows it. */
export interface MetadataWarning {
  /**
   * A rule of this module, or SKL104 (name-match-dir), which needs the directory's name: `nameMismatch`,
   * SKL606 (codex-metadata-valid), which reads the skill's `agents/openai.yaml` (discovery.ts), or SKL115 and
   * SKL116, which read the agent's profile (DECISIONS #51; discovery.ts), and SKL109 for a profile that makes
   * an unknown field an error (discovery.ts).
   */
  readonly rule: MetadataRuleId | "SKL104" | "SKL606" | "SKL109" | "SKL115" | "SKL116"
  readonly name: string
  readonly message: string
}

export type MetadataResult =
  | {
      readonly _tag: "Valid"
      readonly metadata: SkillMetadata
      readonly body: string
      readonly warnings: ReadonlyArray<MetadataWarning>
      /** The frontmatter map as parsed: what an agent profile reads beyond the metadata (DECISIONS #51). */
      readonly data: Readonly<Record<string, unknown>>
    }
  | {
      readonly _tag: "Invalid"
      readonly name: string | undefined
      readonly problems: ReadonlyArray<string>
      /** The blocking issues as warnings, for an agent that loads the skill anyway (Claude Code, claudeMetadata.ts). */
      readonly issues: ReadonlyArray<MetadataWarning>
    }

const asText = (i: MetadataIssue) => `${i.rule} ${METADATA_RULE_NAMES[i.rule]}: ${i.message}`

/**
 * The client guide: a name that differs from its directory is warned about and the skill loaded
 * anyway. Compared after NFKC, as lint's SKL104 and the reference validator do.
 */
export const nameMismatch = (name: string, dirName: string): MetadataWarning | undefined =>
  name.normalize("NFKC") === dirName.normalize("NFKC")
    ? undefined
    : { rule: "SKL104", name: "name-match-dir", message: `name '${name}' does not match directory '${dirName}'` }

/**
 * How a SKILL.md's frontmatter is read: the frontmatter, and the lines read other than as written
 * (non-blocking SKL100 issues). An agent profile with a reading of its own passes one (Codex's repair,
 * codexFrontmatter.ts); the default is the specification's client guide's.
 */
export type FrontmatterReader = (source: string) => { readonly frontmatter: Frontmatter; readonly issues: ReadonlyArray<MetadataIssue> }

/** The client guide's reading: a YAML syntax error retried with unquoted `: ` values quoted (frontmatter.ts). */
export const guideReading: FrontmatterReader = (source) => {
  const fm = parseFrontmatter(source)
  if (fm._tag !== "Invalid" || fm.column === undefined) return { frontmatter: fm, issues: [] }
  const retried = parseFrontmatterQuotingColons(source)
  if (retried === undefined) return { frontmatter: fm, issues: [] }
  return {
    frontmatter: retried.frontmatter,
    issues: retried.keys.map(({ key, line }) => ({
      rule: "SKL100" as const,
      line,
      message: `the value of '${key}' holds an unquoted ': ' (line ${line}), which YAML reads as a mapping: read as if quoted, as agents following the specification's client guide read it; quote it (strict readers such as skills-ref refuse the skill)`,
      blocking: false
    }))
  }
}

/** Parse and validate one SKILL.md text: Invalid only when an issue blocks loading. */
export const validateSkillSource = (source: string, read: FrontmatterReader = guideReading): MetadataResult => {
  const { frontmatter: fm, issues: quoted } = read(source)
  const issues = [...quoted, ...frontmatterIssues(fm)]
  const data = fm._tag === "Parsed" ? fm.data : {}
  const name = typeof data.name === "string" ? data.name : undefined
  const blocking = issues.filter((i) => i.blocking)
  const description = data.description
  if (fm._tag !== "Parsed" || blocking.length > 0 || name === undefined || typeof description !== "string") {
    return { _tag: "Invalid", name, problems: blocking.map(asText), issues: blocking.map((i) => ({ rule: i.rule, name: METADATA_RULE_NAMES[i.rule], message: i.message })) }
  }
  const tools = data["allowed-tools"] === undefined || data["allowed-tools"] === null ? undefined : parseAllowedTools(data["allowed-tools"])
  const version = data.version
  return {
    _tag: "Valid",
    metadata: {
      name,
      description: description.trim(),
      allowedTools: tools?._tag === "Parsed" ? tools.tools : undefined,
      version: typeof version === "string" || typeof version === "number" ? String(version) : undefined
    },
    body: readSkillSource(source).body,
    data,
    warnings: issues.map((i) => ({ rule: i.rule, name: METADATA_RULE_NAMES[i.rule], message: i.message }))
  }
}
