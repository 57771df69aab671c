/**
 * The tool-skill dialect of SKILL.md (tool-skills spec §2–3, §10): a skill
 * whose body declares executable tools as `### tool_name` blocks with a
 * description, a `#### Parameters` table and a `#### Command` template.
 *
 * These are the parsed shapes. Parsing is lenient: it always yields a
 * `ToolSkill` plus the problems it met (with 1-based lines of the original
 * file), so lint can report every problem and `tools`/`run` can refuse with
 * the first fatal one.
 */

export const MODES = ["Global", "Dev", "Meeting"] as const
export type Mode = (typeof MODES)[number]

export const PARAMETER_TYPES = ["string", "integer", "number", "boolean", "array"] as const
export type ParameterType = (typeof PARAMETER_TYPES)[number]

/** A value after coercion: what a parameter holds at run time. */
export type ParameterValue = string | number | boolean | ReadonlyArray<string>

export interface ParameterDefinition {
  readonly name: string
  /** The type as written; `undefined` when it is not one of the five (a lint problem). */
  readonly type: ParameterType | undefined
  readonly typeText: string
  readonly required: boolean
  readonly description: string
  /** From a `Default` column or a `(default: X)` note, already coerced to `type`. */
  readonly default: ParameterValue | undefined
  /** From a `Values` column: the only values allowed (an enumeration; strings and array elements). */
  readonly values?: ReadonlyArray<string>
  /** From a `Pattern` column: a regular expression every value (each array element) matches whole. */
  readonly pattern?: string
  readonly line: number
}

/** One piece of an argument: literal text, or a `{{name}}` / `{{name:modifier}}` interpolation. */
export type ArgFragment =
  | { readonly _tag: "Literal"; readonly text: string }
  | { readonly _tag: "Variable"; readonly name: string; readonly modifier: string | undefined }

/** One argument of the command line: fragments concatenated, never split again. */
export type ArgTemplate = ReadonlyArray<ArgFragment>

export interface CommandTemplate {
  /** Always a literal: a template may never choose the program. */
  readonly program: string
  readonly args: ReadonlyArray<ArgTemplate>
  /** The command line as written (continuations joined). */
  readonly source: string
  readonly line: number
}

export interface ToolDefinition {
  readonly name: string
  readonly description: string
  readonly parameters: ReadonlyArray<ParameterDefinition>
  /** `undefined` when the block has no usable command (a problem says why). */
  readonly command: CommandTemplate | undefined
  readonly line: number
  /** Whether the block had a `#### Parameters` heading at all (spec §9.2: allowed without). */
  readonly hasParametersSection: boolean
}

export interface ToolSkill {
  readonly name: string
  readonly version: string | undefined
  readonly description: string
  readonly author: string | undefined
  readonly modes: ReadonlyArray<Mode>
  readonly readOnly: boolean
  readonly alwaysAsk: boolean
  /** Seconds, 1–300 (default 30). */
  readonly timeoutSecs: number
  readonly network: boolean
  /**
   * `free_text_anywhere` (issue 45 item 1): `tool.parameter` names whose
   * free-text values the author places where SKL516 would refuse them.
   */
  readonly freeTextAnywhere: ReadonlyArray<string>
  readonly tools: ReadonlyArray<ToolDefinition>
}

/** Which check a problem belongs to; lint rules select problems by kind. */
export type ProblemKind =
  /** Frontmatter YAML that does not parse: no SKL5xx rule (lint reports SKL100), but it stops every tool. */
  | "frontmatter-invalid"
  /** `name` or `description` missing or empty: no SKL5xx rule (lint reports SKL101 / SKL105), but it stops every tool (spec §9.1). */
  | "field-missing"
  | "version-missing"
  | "version-semver"
  | "description-length"
  | "field-type"
  | "timeout-range"
  | "modes"
  | "no-tools"
  | "tool-name-format"
  | "tool-name-duplicate"
  | "parameter-table"
  | "parameter-type"
  | "command"
  | "unknown-variable"
  | "modifier"
  | "required-unused"
  | "interpreter-code"
  | "value-placement"

export interface Problem {
  readonly kind: ProblemKind
  readonly line: number
  readonly message: string
  /** The tool block the problem is in; absent for skill-level (frontmatter) problems. */
  readonly tool?: string
}

/** Problems that are only advice: a run goes ahead despite them (spec §9.2 warnings). */
export const ADVISORY_PROBLEMS: ReadonlySet<ProblemKind> = new Set(["description-length", "required-unused"])

export const DEFAULT_TIMEOUT_SECS = 30
export const MAX_TIMEOUT_SECS = 300
export const MAX_DESCRIPTION_CHARS = 256
export const TOOL_NAME_PATTERN = /^[a-z0-9_]{1,32}$/

/** Frontmatter fields of the dialect (DECISIONS #3: known to SKL109 when the dialect applies). */
export const DIALECT_FIELDS = ["version", "author", "modes", "read_only", "always_ask", "timeout", "network", "free_text_anywhere"] as const
