/**
 * The shapes every lint rule shares (RFC-0008:C-REGISTRY): a rule is data
 * (id, name, default severity, category, docs, options) plus a pure check
 * over a skill snapshot. The runner (`runner.ts`) applies configuration,
 * inline directives and ordering; it knows no individual rule.
 */
import { Result, Option, Schema } from "effect"
import type { Frontmatter } from "../markdown/frontmatter.js"
import type { MarkdownAst } from "../markdown/model.js"
import type { InvalidUtf8 } from "../markdown/utf8.js"
import type { AgentProfile } from "../agents/profile.js"
import type { Fix } from "./fix.js"

export type Severity = "error" | "warning"
export type Category = "meta" | "frontmatter" | "structure" | "links" | "files" | "tools" | "protocol" | "eval"

/** A metadata file's text; null when it is too large to read. */
export interface MetadataFile {
  readonly path: string
  readonly source: string | null
}

/** One entry of the skill directory, path relative to the root with `/`. */
export interface SkillEntry {
  readonly path: string
  readonly type: "file" | "directory"
  /** A symlink whose target lies outside the skill root (never followed). */
  readonly escapes?: boolean
}

/** A markdown file lint scans (RFC-0008:C-SCOPE: `.md`, not hidden, not under a hidden directory). */
export interface MarkdownFile {
  readonly path: string
  readonly source: string
  /** Where the file's bytes stop being UTF-8 (SKL207); absent for valid UTF-8 and for an editor's buffer. */
  readonly invalidUtf8?: InvalidUtf8
  /** The file's bytes start with a UTF-8 byte order mark (dropped from `source`); Gemini CLI then skips a SKILL.md (SKL100). */
  readonly bom?: true
  /**
   * The file is UTF-16 text (a byte order mark, or NUL bytes between ASCII letters: Windows PowerShell 5.1's
   * `>`): read as UTF-8 it is binary, so its `source` is empty and SKL207 says how it was saved.
   */
  readonly utf16?: true
  /**
   * The file is binary, neither UTF-8 nor UTF-16 text (a NUL byte in its first 8 KiB, and bytes that are not
   * UTF-8: an image or an archive named `.md`, a corrupted document): its `source` is empty and SKL207 says so.
   */
  readonly binary?: true
}

/**
 * Everything a rule may look at. `markdown(path)` parses lazily and memoises,
 * so rules that never look at a file cost nothing and no file is parsed twice.
 */
export interface SkillSnapshot {
  /** The skill directory's own name (SKL104). */
  readonly dirName: string
  /** Every file and directory below the root (`.git/` and `.jj/` excluded). */
  readonly entries: ReadonlyArray<SkillEntry>
  /** Markdown files in lint scope, SKILL.md first, the rest in bytewise path order. */
  readonly markdownFiles: ReadonlyArray<MarkdownFile>
  /** The markdown facts of a scanned markdown file; undefined for anything else. */
  readonly markdown: (path: string) => MarkdownAst | undefined
  /** SKILL.md's frontmatter. */
  readonly frontmatter: Frontmatter
  /** Kind of entry at a relative path (normalised, no leading `./`). */
  readonly lookup: (path: string) => SkillEntry | undefined
  /** The evaluation files present (`evals/triggers.json`, `evals/evals.json`) as text, for SKL701. */
  readonly evalFiles?: ReadonlyArray<MarkdownFile>
  /** Agents' metadata files beside SKILL.md (Codex's `agents/openai.yaml`), for SKL606. */
  readonly metadataFiles?: ReadonlyArray<MetadataFile>
  /**
   * The agent profiles lint checks against (DECISIONS #51; issue 43): `--agent`,
   * else the project's `[build] targets`, else `claude`. SKL109 knows their
   * fields, SKL115–SKL117 apply their value and combination rules, and the
   * runner makes the rules each one `escalate`s errors. Absent: `claude`.
   */
  readonly profiles?: ReadonlyArray<AgentProfile>
}

/** What a check reports; the runner adds rule id, name and severity. */
export interface Finding {
  readonly file: string
  readonly line: number
  readonly column?: number
  /**
   * The exclusive end of what the finding is about (the whole link, the
   * mention, the frontmatter key), when the rule knows it: the editor's
   * diagnostic range covers `line:column` to here (issue 50).
   */
  readonly endLine?: number
  readonly endColumn?: number
  readonly message: string
  /**
   * The most this finding can be, whatever the rule's severity: `warning` where the active agents load the
   * skill anyway (SKL100: a frontmatter OpenAI Codex repairs, codexFrontmatter.ts).
   */
  readonly atMost?: "warning"
  /**
   * The message already says which agent's rule makes it an error (Codex's refusal of a long
   * `metadata.short-description`): the runner adds no profile's escalation reason after it.
   */
  readonly saysWhy?: true
  /** A certain fix (`skc lint --fix`, the editor's preferred quick fix; issue 50): edits of `file`. */
  readonly fix?: Fix
  /** Guided edits only the editor offers (they need the author's judgement). */
  readonly suggestions?: ReadonlyArray<Fix>
}

/** `{ suggestions: [fix] }` for a guided edit that could be built, else nothing (spread into a finding). */
export const suggested = (fix: Fix | undefined): { readonly suggestions?: ReadonlyArray<Fix> } => (fix === undefined ? {} : { suggestions: [fix] })

/** A declared option as the runner and the docs see it (derived from a `RuleOptionSpec`). */
export interface RuleOption {
  readonly description: string
  readonly default: unknown
  /** Undefined when valid, else what is wrong (shown as a config warning). */
  readonly validate: (value: unknown) => string | undefined
}

/** A rule option: the Schema a `[lint]` value must decode with, its default and its docs. */
export interface RuleOptionSpec<A> {
  readonly schema: Schema.Decoder<A>
  readonly default: A
  readonly description: string
  /** What a valid value is, for the config warning "must be <expected>". */
  readonly expected: string
}

/** Typed access to a rule's configured options: the decoded value, or the default. */
export type OptionReader<O> = <K extends keyof O & string>(key: K) => O[K]

/** What the runner and the docs need of one option. */
const declared = <A>(spec: RuleOptionSpec<A>): RuleOption => {
  const decode = Schema.decodeUnknownResult(spec.schema)
  return {
    description: spec.description,
    default: spec.default,
    validate: (value) => (Result.isSuccess(decode(value)) ? undefined : `must be ${spec.expected}`)
  }
}

/**
 * A rule's `options` and `check` from option Schemas (issue 15 item 4): the
 * runner validates `[lint]` values by decoding them, and the check reads
 * each option through its Schema, typed, with no cast.
 */
export const withOptions = <O extends Record<string, unknown>>(
  specs: { readonly [K in keyof O & string]: RuleOptionSpec<O[K]> },
  check: (s: SkillSnapshot, option: OptionReader<O>) => ReadonlyArray<Finding>
): Pick<Rule, "options" | "check"> => {
  const options: Record<string, RuleOption> = {}
  for (const [key, spec] of Object.entries(specs)) options[key] = declared(spec)
  return {
    options,
    check: (s, configured) =>
      check(s, (key) => {
        const spec = specs[key]
        const raw = configured[key]
        return raw === undefined ? spec.default : Option.getOrElse(Schema.decodeUnknownOption(spec.schema)(raw), () => spec.default)
      })
  }
}

export interface Rule {
  readonly id: string
  readonly name: string
  /** SKL001 has none ("n/a"): it is controlled by `--force`. */
  readonly defaultSeverity: Severity | "n/a"
  readonly category: Category
  /** One line for tables and SARIF `shortDescription`. */
  readonly summary: string
  /** One paragraph: what the rule checks and why. */
  readonly doc: string
  /** How to fix a violation. */
  readonly fix: string
  /** Where the rule comes from (clause id or format reference). */
  readonly source: string
  /**
   * What `skc lint --fix` does for this rule and when it is safe (issue 50),
   * for docs/rules.md; present exactly when the rule attaches certain fixes.
   */
  readonly autofix?: string
  /** The editor-only guided edits the rule offers, for docs/rules.md. */
  readonly guided?: string
  readonly options?: Readonly<Record<string, RuleOption>>
  /** Rules of a dialect (e.g. tool skills) say when they apply; default: always. */
  readonly appliesTo?: (snapshot: SkillSnapshot) => boolean
  readonly check: (snapshot: SkillSnapshot, options: Readonly<Record<string, unknown>>) => ReadonlyArray<Finding>
}

export interface LintDiagnostic {
  readonly rule: string
  readonly name: string
  readonly severity: Severity
  readonly file: string
  readonly line: number
  readonly column: number
  /** The exclusive end of what the diagnostic covers, when its rule knows it (`Finding.endLine`). */
  readonly endLine?: number
  readonly endColumn?: number
  readonly message: string
  readonly fix?: Fix
  readonly suggestions?: ReadonlyArray<Fix>
}

/** Option Schemas shared by rules. */
export const positiveInteger = (description: string, value: number): RuleOptionSpec<number> => ({
  schema: Schema.Int.check(Schema.isGreaterThan(0)),
  default: value,
  description,
  expected: "a positive integer"
})

export const stringList = (description: string): RuleOptionSpec<ReadonlyArray<string>> => ({
  schema: Schema.Array(Schema.NonEmptyString),
  default: [],
  description,
  expected: "a list of non-empty strings"
})

/** Lengths count Unicode code points (DECISIONS #19). */
export const codePoints = (s: string): number => {
  let n = 0
  for (const _ of s) n++
  return n
}

/** The 1-based line of a frontmatter key, or 1 (the opening delimiter) when unknown. */
export const keyLine = (fm: Frontmatter, key: string): number =>
  fm._tag === "Parsed" ? (fm.keyLines[key] ?? 1) : 1

/**
 * Where a frontmatter key is, for a finding about it: its line (`keyLine`)
 * and, when that line holds the key as written, the key's own columns, so
 * an editor marks the key rather than the rest of the line.
 */
export const keyAt = (fm: Frontmatter, key: string): Pick<Finding, "line" | "column" | "endLine" | "endColumn"> => {
  const line = keyLine(fm, key)
  if (fm._tag !== "Parsed" || fm.keyLines[key] === undefined) return { line }
  // The YAML text starts on file line 2 (after the opening `---`).
  const text = fm.raw.split("\n")[line - 2] ?? ""
  const at = /^\s*(["']?)/.exec(text)![0].length
  if (text.slice(at, at + key.length) !== key) return { line }
  return { line, column: at + 1, endLine: line, endColumn: at + key.length + 1 }
}

export const frontmatterData = (fm: Frontmatter): Readonly<Record<string, unknown>> | undefined =>
  fm._tag === "Parsed" ? fm.data : undefined

export const has = (data: Readonly<Record<string, unknown>>, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(data, key)
