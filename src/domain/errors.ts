/**
 * The diagnostic registry of RFC-0005:C-CODES.
 *
 * Every error code is a tagged error class whose `text` is the exact message
 * template of the RFC (without the `error[EXXX]: ` prefix, which `renderError`
 * adds). Extra lines (suggestions, parser details, hints) live in `detail` and
 * are printed after the first line, so the first line always matches the
 * template to the letter. Warnings are plain tagged values rendered the same way.
 */
import { visible, visibleMessage } from "./visible.js"
import { Cause, Option, Schema } from "effect"
import { closest, didYouMean } from "./suggest.js"
import { Lead, leadText, openStep, outlineStep, searchStep, showStep, type StepStyle, stepText } from "./nextStep.js"
import { isMarkdownPath } from "./sourcePaths.js"

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------
//
// Each error is a `Schema.TaggedError` (issue 44 item 7): its fields are a
// Schema, so one definition gives the class, its validation and its encoding
// (`Schema.encodeSync(SkillNotFound)(e)`: the tag and fields as JSON). Schema is in every command's bundle
// already (the input Schemas), so the classes add little: 0.5–2.9 KB to each
// command's bundle against Data.TaggedError (docs/architecture.md).

const Strings = Schema.Array(Schema.String)

/**
 * E001: resolution found no directory at all (RFC-0007:C-RESOLUTION).
 * `suggestions` (issue 25 item 3), when resolution looked: the close names
 * of skills that do resolve here, or none (then the hint to list them).
 */
export class SkillNotFound extends Schema.TaggedError<SkillNotFound>()("SkillNotFound", {
  skill: Schema.String,
  suggestions: Schema.optional(Strings),
  /** What to do instead, when the caller knows better than a list (e.g. a foreign skill `build` cannot take by name). */
  hint: Schema.optional(Schema.String)
}) {
  readonly code = "E001" as const
  get text(): string {
    return `skill '${this.skill}' not found`
  }
  get detail(): ReadonlyArray<string> {
    if (this.hint !== undefined) return [this.hint]
    if (this.suggestions === undefined) return []
    return [didYouMean(this.suggestions) ?? "run 'skc list' to see the skills that resolve here"]
  }
}

/** E002: index missing, corrupt or stale (RFC-0004:C-INDEX, DECISIONS #22). */
export class IndexUnusable extends Schema.TaggedError<IndexUnusable>()("IndexUnusable", { skill: Schema.String, reason: Schema.String, hint: Schema.optional(Schema.String) }) {
  readonly code = "E002" as const
  get text(): string {
    return `search index unusable; run 'skc build ${this.skill}' to rebuild`
  }
  get detail(): ReadonlyArray<string> {
    return this.hint === undefined ? [] : [this.hint]
  }
}

/** E003: the index file name is taken by another skill path. */
export class IndexCollision extends Schema.TaggedError<IndexCollision>()("IndexCollision", { hash16: Schema.String }) {
  readonly code = "E003" as const
  get text(): string {
    return `index hash collision; delete .skillc-meta/search-${this.hash16}.db and rebuild`
  }
}

/**
 * E004: empty or whitespace-only query; or one no section can match because
 * it holds a NUL character (issue 45 item 4: it reached SQLite and came back
 * as a misleading E002 "index unusable").
 */
export class EmptyQuery extends Schema.TaggedError<EmptyQuery>()("EmptyQuery", { holdsNul: Schema.optional(Schema.Boolean) }) {
  constructor(args: { readonly holdsNul?: boolean } = {}) {
    super(args)
  }
  readonly code = "E004" as const
  get text(): string {
    return this.holdsNul === true ? "empty query: a query cannot hold a NUL character (U+0000)" : "empty query"
  }
}

/**
 * E010: a directory was found but it has no SKILL.md. `hint`: the way on
 * when the caller sees one (lint: the skills sit one folder deeper).
 */
export class NotASkill extends Schema.TaggedError<NotASkill>()("NotASkill", { path: Schema.String, hint: Schema.optional(Schema.String) }) {
  readonly code = "E010" as const
  get text(): string {
    return `not a valid skill: '${this.path}' (missing SKILL.md)`
  }
  get detail(): ReadonlyArray<string> {
    return this.hint === undefined ? [] : [this.hint]
  }
}

/** E011: SKILL.md lacks name or description (DECISIONS #16 adds the YAML detail line). */
export class MissingFrontmatterField extends Schema.TaggedError<MissingFrontmatterField>()("MissingFrontmatterField", { field: Schema.String, detail: Schema.optional(Strings) }) {
  readonly code = "E011" as const
  get text(): string {
    return `missing frontmatter field '${this.field}' in SKILL.md`
  }
}

/**
 * E011 for a frontmatter that cannot be read at all (issue 29 item 5, which
 * overrides DECISIONS #16's wording): a YAML syntax error says so with its
 * line and column instead of reading as a missing `name`. Same code: it is
 * the RFC-0005 code for a SKILL.md whose required fields cannot be had.
 */
export class InvalidFrontmatter extends Schema.TaggedError<InvalidFrontmatter>()("InvalidFrontmatter", { problem: Schema.String, hint: Schema.optional(Schema.String) }) {
  readonly code = "E011" as const
  get text(): string {
    return `invalid frontmatter in SKILL.md: ${this.problem}`
  }
  /** `hint`: where the repair is said (a YAML syntax error: lint's SKL100 names the quoting that repairs it). */
  get detail(): ReadonlyArray<string> {
    return this.hint === undefined ? [] : [this.hint]
  }
}

/** E012: a path or symlink would leave the skill root. */
export class PathEscapes extends Schema.TaggedError<PathEscapes>()("PathEscapes", {
  path: Schema.String,
  vcs: Schema.optional(Schema.String),
  /**
   * An absolute path that names a file inside the skill (DECISIONS #28 refuses every absolute path): the same
   * path relative to the skill root, which is what to give. An agent joining `base_dir` to a file name was told
   * only that the path escapes the root, which was untrue.
   */
  relative: Schema.optional(Schema.String)
}) {
  readonly code = "E012" as const
  get text(): string {
    return `path escapes skill root: '${this.path}'`
  }
  /** `vcs`: the path is inside the skill but through a version-control directory, which the template's words do not say. */
  get detail(): ReadonlyArray<string> {
    if (this.relative !== undefined) return [`the path is inside the skill, but paths are given relative to its root: '${this.relative}'`]
    return this.vcs === undefined ? [] : [`'${this.vcs}' is a version-control directory: no file under it is part of the skill`]
  }
}

/** E020: `show` found no heading; suggestions go in `detail`. */
export class SectionNotFound extends Schema.TaggedError<SectionNotFound>()("SectionNotFound", {
  section: Schema.String,
  suggestions: Schema.Array(Schema.Struct({ text: Schema.String, file: Schema.String, line: Schema.optional(Schema.Number) })),
  missingSource: Schema.optional(Schema.String),
  /** `show --line` that no section of that heading holds: the line, and where that heading is. */
  notAt: Schema.optional(Schema.Struct({ line: Schema.Number, places: Schema.Array(Schema.Struct({ file: Schema.String, line: Schema.Number })) })),
  /**
   * The section asked is the path of one of the skill's Markdown files (the stub's label for a file without an H1).
   * `skill` as the caller named it (a path resolves where a name may not), for the commands the detail prints.
   */
  fileNamed: Schema.optional(Schema.Struct({ skill: Schema.String, file: Schema.String, hasHeadings: Schema.optional(Schema.Boolean) })),
  /**
   * The section asked is a heading pasted with more than its text (`forms.md#Step 3`, `## Step 3`:
   * src/domain/search/pastedSection.ts): the heading meant and its file; `skill` as the caller named it.
   */
  pasted: Schema.optional(Schema.Struct({ skill: Schema.String, text: Schema.String, file: Schema.optional(Schema.String) })),
  /**
   * The skill as the caller named it and the section asked, for the way on when no heading is close: a
   * bare E020 left an agent asking for "speaker notes" with nothing to do next, while the words may be in
   * a section's text (`search`), or, for an empty section, among the headings (`outline`).
   */
  lookup: Schema.optional(Schema.Struct({ skill: Schema.String, query: Schema.String })),
  /** `show --file` of a file the index leaves out (above `[search] max_file_bytes`): its path, size and the limit; `skill` as named. */
  notIndexed: Schema.optional(
    Schema.Struct({
      skill: Schema.String,
      file: Schema.String,
      size: Schema.Number,
      limit: Schema.Number,
      /** Without `--file`: how many more Markdown files the index left out. */
      others: Schema.optional(Schema.Number),
      /** Without `--file`: the section may be in it (show cannot tell), rather than surely there. */
      maybe: Schema.optional(Schema.Boolean)
    })
  )
}) {
  readonly code = "E020" as const
  get text(): string {
    return `section not found: '${this.section}'`
  }
  get detail(): ReadonlyArray<string> {
    return this.detailFor("cli")
  }
  /** The detail with its commands as `style`'s caller takes them (nextStep.ts). */
  detailFor(style: StepStyle): ReadonlyArray<string> {
    const elsewhere =
      this.missingSource === undefined
        ? []
        : [`only the stub's headings are here: its source (${this.missingSource}) is not; where it is, run 'skc build' (in a clone: 'skc build --all')`]
    if (this.fileNamed !== undefined) {
      const { skill, file, hasHeadings } = this.fileNamed
      return [
        ...elsewhere,
        `'${file}' is a file of the skill, not a heading (${isMarkdownPath(file) ? "the stub lists a file without a title by its path" : "search labels a hit in a file without headings by its path"}); read it with: ${stepText(openStep(skill, file), style)}`,
        // A file with no heading at all has no section to show: that line would send the reader to another E020.
        ...(hasHeadings === false
          ? []
          : [
              `or one of its sections with: ${stepText({ tool: "show", params: [["skill", skill], ["file", file], ["section", "<heading>"]], args: [skill, "--file", file, "--section", "<heading>"] }, style)}`
            ])
      ]
    }
    if (this.pasted !== undefined) {
      const { skill, text, file } = this.pasted
      return [...elsewhere, `the heading meant: ${stepText(showStep(skill, text, file), style)}`]
    }
    if (this.notIndexed !== undefined) {
      const n = this.notIndexed
      const more = n.others !== undefined && n.others > 0 ? ` (and ${n.others} more file${n.others === 1 ? "" : "s"}: skc search names them)` : ""
      return [
        ...elsewhere,
        `${n.maybe === true ? `it may be in '${n.file}'${more}, which` : `'${n.file}'`} is not indexed: ${n.size} bytes, above [search] max_file_bytes (${n.limit}), so show does not see its sections (or raise max_file_bytes and rebuild); read it with: ${stepText(openStep(n.skill, n.file), style)}`
      ]
    }
    if (this.notAt !== undefined) return [...elsewhere, `no section of that heading holds line ${this.notAt.line}; it is at ${namedPlaces(this.notAt.places, OTHER_PLACES_NAMED + 1)}`]
    if (this.suggestions.length === 0) {
      // Without its source (`elsewhere`) search fails as show did: no step that leads to another error.
      if (this.lookup === undefined || this.missingSource !== undefined) return elsewhere
      const { skill, query } = this.lookup
      return query.trim() === ""
        ? [`the skill's headings: ${stepText(outlineStep(skill), style)}`]
        : [`no heading is close; search the skill's text with: ${stepText(searchStep(skill, query.trim()), style)}`]
    }
    // Headings of one text in one file (`## Setup` under two parents) are told apart by their line, which --line takes.
    const twice = (s: (typeof this.suggestions)[number]) => this.suggestions.filter((o) => o.text === s.text && o.file === s.file).length > 1
    // Suggestions are headings of a close spelling. A subject asked as a heading ("speaker notes") meets
    // headings that merely share letters ("Smart Quotes"): when no suggestion holds what was asked, the
    // search of the skill's text is offered after them.
    const query = this.lookup?.query.trim() ?? ""
    const asked = query.replace(/^#+\s*/, "").toLowerCase()
    const close = this.suggestions.some((s) => s.text.toLowerCase().includes(asked) || asked.includes(s.text.toLowerCase()))
    const search =
      this.lookup === undefined || this.missingSource !== undefined || asked === "" || close ? [] : [`or search the skill's text: ${stepText(searchStep(this.lookup.skill, query), style)}`]
    return [
      ...elsewhere,
      "Did you mean one of these?",
      ...this.suggestions.map((s) => `  - ${s.text} (${s.file}${s.line !== undefined && twice(s) ? ` line ${s.line}` : ""})`),
      ...search
    ]
  }
}

/** The way on of a path not found (E021, E022): a close name when there is one, else the next step. */
const closeNameOrStep = (suggestions: ReadonlyArray<string> | undefined, next: Lead | undefined, style: StepStyle): ReadonlyArray<string> => {
  const line = didYouMean(suggestions ?? [])
  return line !== undefined ? [line] : next !== undefined ? [leadText(next, style)] : []
}

/**
 * E021: `open` target does not exist; `suggestions`: the skill's files of a close name (issue 25 item 3);
 * `hint`: the way on when no name is close (the command that lists the skill's files, or the `show` a
 * pasted search result `file#section` meant).
 */
export class FileNotFound extends Schema.TaggedError<FileNotFound>()("FileNotFound", {
  path: Schema.String,
  suggestions: Schema.optional(Strings),
  /** The way on when no name is close, its command as each caller takes it. */
  next: Schema.optional(Lead)
}) {
  readonly code = "E021" as const
  get text(): string {
    return `file not found: '${this.path}'`
  }
  get detail(): ReadonlyArray<string> {
    return this.detailFor("cli")
  }
  detailFor(style: StepStyle): ReadonlyArray<string> {
    return closeNameOrStep(this.suggestions, this.next, style)
  }
}

/** E022: `sources --dir` target does not exist. */
/**
 * E022: `sources --dir` target does not exist; `suggestions`: the skill's directories of a close name,
 * `hint`: else the command that lists them (an agent guessing `scripts` for `script/` had no way on).
 */
export class DirectoryNotFound extends Schema.TaggedError<DirectoryNotFound>()("DirectoryNotFound", {
  path: Schema.String,
  suggestions: Schema.optional(Strings),
  /** The way on when no name is close, its command as each caller takes it. */
  next: Schema.optional(Lead)
}) {
  readonly code = "E022" as const
  get text(): string {
    return `directory not found: '${this.path}'`
  }
  get detail(): ReadonlyArray<string> {
    return this.detailFor("cli")
  }
  detailFor(style: StepStyle): ReadonlyArray<string> {
    return closeNameOrStep(this.suggestions, this.next, style)
  }
}

/** E030: unknown `stats --group-by` value; `valid` (issue 25 item 3): the values there are, listed with the closest. */
export class InvalidQueryType extends Schema.TaggedError<InvalidQueryType>()("InvalidQueryType", { type: Schema.String, valid: Schema.optional(Strings) }) {
  readonly code = "E030" as const
  get text(): string {
    return `invalid query type: '${this.type}'`
  }
  get detail(): ReadonlyArray<string> {
    if (this.valid === undefined) return []
    const near = didYouMean(closest(this.type, this.valid, 1))
    return [...(near === undefined ? [] : [near]), `valid values: ${this.valid.join(", ")}`]
  }
}

/** E031: malformed stats filter. */
export class InvalidFilter extends Schema.TaggedError<InvalidFilter>()("InvalidFilter", { message: Schema.String }) {
  readonly code = "E031" as const
  get text(): string {
    return this.textFor("cli")
  }
  /**
   * The message names the CLI's flags (`--since 3x: expected …`); an MCP client passed the tool's arguments
   * (`since`, `group_by`), and is told those.
   */
  textFor(style: StepStyle): string {
    const message = style === "cli" ? this.message : this.message.replace(/(^|\s)--([a-z][a-z-]*)\b/g, (_, before: string, flag: string) => `${before}${flag.replace(/-/g, "_")}`)
    return `invalid filter: '${message}'`
  }
}

/** E040: a named skill has no fallback logs (DECISIONS #8). */
export class NoLocalLogs extends Schema.TaggedError<NoLocalLogs>()("NoLocalLogs", {}) {
  readonly code = "E040" as const
  get text(): string {
    return "no local logs found"
  }
}

/** E041: the primary log location cannot be written during sync. */
export class SyncDestinationNotWritable extends Schema.TaggedError<SyncDestinationNotWritable>()("SyncDestinationNotWritable", {
  path: Schema.String,
  /** Why, when known: the file's own answer, or that another process holds its write lock (writable, but busy). */
  reason: Schema.optional(Schema.String)
}) {
  readonly code = "E041" as const
  get text(): string {
    return `sync destination not writable: '${this.path}'`
  }
  get detail(): ReadonlyArray<string> {
    return this.reason === undefined ? [] : [this.reason]
  }
}

/** E042: a fallback log database cannot be read. */
export class SyncSourceNotReadable extends Schema.TaggedError<SyncSourceNotReadable>()("SyncSourceNotReadable", {
  path: Schema.String,
  /** Why, and what to do (a second line): a corrupt fallback kept every sync at E042 with no word of either. */
  hint: Schema.optional(Schema.String)
}) {
  readonly code = "E042" as const
  get text(): string {
    return `sync source not readable: '${this.path}'`
  }
  get detail(): ReadonlyArray<string> {
    return this.hint === undefined ? [] : [this.hint]
  }
}

/** E050: init or import target already exists (DECISIONS #34 adds the `--force` hint for imports). */
export class SkillExists extends Schema.TaggedError<SkillExists>()("SkillExists", { skill: Schema.String, hint: Schema.optional(Schema.String) }) {
  readonly code = "E050" as const
  get text(): string {
    return `skill '${this.skill}' already exists`
  }
  get detail(): ReadonlyArray<string> {
    return this.hint === undefined ? [] : [this.hint]
  }
}

/** E100: any CLI parsing failure, an unknown `--format`, a missing required option. */
export class InvalidOption extends Schema.TaggedError<InvalidOption>()("InvalidOption", { message: Schema.String, suggestion: Schema.optional(Schema.String) }) {
  readonly code = "E100" as const
  get text(): string {
    // A message that quotes a value itself is not quoted again (issue 46 item 5: 'unknown format 'xml'').
    return this.message.includes("'") ? `invalid option: ${this.message}` : `invalid option: '${this.message}'`
  }
  /** Issue 25 item 3: the command or flag meant (`serach` → `search`, `--limt` → `--limit`). */
  get detail(): ReadonlyArray<string> {
    return this.suggestion === undefined ? [] : [this.suggestion]
  }
}

/** `--all` beside skill names (`build`, `lint`, `eval`, `sync`): E100 in one wording. `sync` takes one skill. */
export const allWithNames = (oneSkill = false): InvalidOption =>
  new InvalidOption({ message: `give ${oneSkill ? "a skill name" : "skill names"} or --all, not both` })

/**
 * E300: a lint rule of error severity fired (RFC-0008). `skc lint` reports
 * its findings as data (every diagnostic, then exit 1), never as one raised
 * error, so nothing in skc raises this class; it stays in the registry (and
 * the library's `SkcError` union) for an embedder that turns a lint report
 * into a failure, with the code and line format `skc lint` prints.
 */
export class LintFailed extends Schema.TaggedError<LintFailed>()("LintFailed", { ruleId: Schema.String, ruleName: Schema.String, message: Schema.String }) {
  readonly code = "E300" as const
  get text(): string {
    return `${this.ruleId} ${this.ruleName}: ${this.message}`
  }
}

/** E999: an unexpected failure (I/O, database, parser) with its cause. */
export class InternalError extends Schema.TaggedError<InternalError>()("InternalError", { message: Schema.String, cause: Schema.optional(Schema.Unknown) }) {
  readonly code = "E999" as const
  get text(): string {
    return this.message
  }
}

/**
 * Conditions RFC-0005 has no code for (DECISIONS #34): an invalid init name,
 * a directory given to `open`, an unknown deploy target… They print as
 * `error: <message>` and exit 1 like every other error.
 */
export class UsageError extends Schema.TaggedError<UsageError>()("UsageError", {
  message: Schema.String,
  detail: Schema.optional(Strings),
  /** One more line after `detail`: a next step, its command as each caller takes it. */
  next: Schema.optional(Lead),
  /**
   * What the access log keeps of this error when the message quotes what no log may hold (a tool
   * argument's value: a token, a path; a log may be pushed to a team's database). Absent: the message.
   */
  logged: Schema.optional(Schema.String)
}) {
  readonly code = undefined
  get text(): string {
    return this.message
  }
  detailFor(style: StepStyle): ReadonlyArray<string> {
    return [...(this.detail ?? []), ...(this.next === undefined ? [] : [leadText(this.next, style)])]
  }
}

export type SkcError =
  | SkillNotFound
  | IndexUnusable
  | IndexCollision
  | EmptyQuery
  | NotASkill
  | MissingFrontmatterField
  | InvalidFrontmatter
  | PathEscapes
  | SectionNotFound
  | FileNotFound
  | DirectoryNotFound
  | InvalidQueryType
  | InvalidFilter
  | NoLocalLogs
  | SyncDestinationNotWritable
  | SyncSourceNotReadable
  | SkillExists
  | InvalidOption
  | LintFailed
  | InternalError
  | UsageError

/** Every error class of RFC-0005's codes, once: their tags and the `message` getter below are read from it. */
const ERROR_CLASSES = [
  SkillNotFound, IndexUnusable, IndexCollision, EmptyQuery, NotASkill, MissingFrontmatterField, InvalidFrontmatter, PathEscapes,
  SectionNotFound, FileNotFound, DirectoryNotFound, InvalidQueryType, InvalidFilter, NoLocalLogs, SyncDestinationNotWritable,
  SyncSourceNotReadable, SkillExists, InvalidOption, LintFailed, InternalError, UsageError
] as const

const errorTags = new Set<string>(ERROR_CLASSES.map((c) => c.identifier))

export const isSkcError = (u: unknown): u is SkcError =>
  typeof u === "object" && u !== null && "_tag" in u && errorTags.has((u as { _tag: string })._tag)

/**
 * The one mapping of a failed run's cause to the error a user sees (issue 44
 * item 7; the CLI and the MCP server each had their own): a typed skc error
 * as it is; any other failure or a defect as E999 with its message, and the
 * raw value as `defect` for `-v`.
 */
export const skcErrorOfCause = (cause: Cause.Cause<unknown>): { readonly error: SkcError; readonly defect?: unknown } => {
  const failure = Cause.findErrorOption(cause) as Option.Option<unknown>
  if (Option.isSome(failure)) {
    const e = failure.value
    if (isSkcError(e)) return { error: e }
    return { error: new InternalError({ message: String((e as Error | undefined)?.message ?? e), cause: e }), defect: e }
  }
  // Interrupted and nothing else (a session or the server closing under a call): said as such, not as Effect's
  // "All fibers interrupted without error".
  if (Cause.hasInterruptsOnly(cause)) return { error: new InternalError({ message: "interrupted before it finished (the session or the server was stopping)" }) }
  const defect = Cause.squash(cause)
  return { error: new InternalError({ message: defect instanceof Error ? defect.message : String(defect), cause: defect }), defect }
}

/** The first line exactly as RFC-0005 writes it. */
export const errorHeadline = (e: SkcError, style: StepStyle = "cli"): string => {
  // An error whose own words name a CLI flag says them as the reader calls them (`textFor`), as its detail does.
  const text = "textFor" in e ? e.textFor(style) : e.text
  return e.code === undefined ? `error: ${text}` : `error[${e.code}]: ${text}`
}

/**
 * Every line printed for an error: the headline, then indented detail. `style`: who takes the next steps
 * the detail names (nextStep.ts); the CLI's commands unless an MCP client reads it.
 */
export const renderError = (e: SkcError, style: StepStyle = "cli"): string => {
  const detail = "detailFor" in e ? e.detailFor(style) : "detail" in e && e.detail !== undefined ? e.detail : []
  // Names and paths in a message may be a skill's: control characters escaped, the message's own lines kept (./visible.ts).
  // The headline is one line (RFC-0005's template): a newline in the name it quotes is escaped there too.
  return visibleMessage([visible(errorHeadline(e, style)), ...detail.map((d) => (d.startsWith(" ") ? d : `  ${d}`))].map(boundedLine).join("\n"))
}

/** The longest line an error prints whole (a message quotes what it was given, a name, a path, a glob). */
export const ERROR_LINE_MAX = 1000

/**
 * A line past ERROR_LINE_MAX characters as its start and end with what was left out counted between: an
 * argument of 100 KB (`show --section <pasted page>`, `sources --pattern`) was echoed whole, twice for E020,
 * 200 KB on stderr where the agent reading it needed the first words. Code points, never half a pair.
 */
export const boundedLine = (line: string): string => keptEnds(line, ERROR_LINE_MAX, 600, 200)

/**
 * `text` whole when it has at most `max` code points, else its first `head` and last `tail` with the count
 * left out between them. Code points, never half a pair.
 */
export const keptEnds = (text: string, max: number, head: number, tail: number): string => {
  if (text.length <= max) return text
  const chars = Array.from(text)
  if (chars.length <= max) return text
  return `${chars.slice(0, head).join("")}… (${(chars.length - head - tail).toLocaleString("en-US")} characters left out) …${chars.slice(-tail).join("")}`
}

/**
 * `message` of the errors without a field of that name: `renderError`'s text, read when asked (a getter
 * on the prototype, so it follows the fields and costs nothing until read). Without it `.message` was
 * "" (Error's own), and an embedder who logged `err.message`, or whose `Effect.runPromise` rejected
 * with the error, saw only its class name. The five errors whose RFC-0005 template takes a `message`
 * field (`InvalidFilter`, `InvalidOption`, `LintFailed`, `InternalError`, `UsageError`) keep that field
 * as their `message`: it is their constructor's argument and their encoded form (docs/library.md).
 * Defined here, beside `renderError`, not in each class: TypeScript refuses an accessor over
 * Error's `message` property, and the wording stays in one module, with no import between rendering
 * and the classes.
 */
for (const error of ERROR_CLASSES) {
  if ("message" in error.fields) continue
  Object.defineProperty(error.prototype, "message", {
    get(this: SkcError): string {
      return renderError(this)
    },
    configurable: true,
    enumerable: false
  })
}

// ---------------------------------------------------------------------------
// Warnings
// ---------------------------------------------------------------------------

export type SkcWarning =
  | {
      readonly _tag: "MultipleMatches"
      readonly code: "W001"
      readonly section: string
      /** Where each matching heading is, the one shown first (outline order): named on a second line when given. */
      readonly places?: ReadonlyArray<HeadingPlace>
      /** The skill as the caller named it: the second line then ends with the show of the next place. */
      readonly skill?: string
    }
  | { readonly _tag: "LoggingDisabled"; readonly code: "W002"; readonly unrecorded?: string; readonly noFallback?: boolean; readonly why?: string; readonly fallbackDir?: string }
  | { readonly _tag: "StaleLocalLogs"; readonly code: "W003"; readonly skill: string }
  | {
      readonly _tag: "LintWarning"
      readonly code: "W300"
      readonly ruleId: string
      readonly ruleName: string
      readonly message: string
      /** The skill it is about, when one command meets several (`skc build a b`, `--all`, `--watch`). */
      readonly skill?: string
    }
  | { readonly _tag: "Notice"; readonly code: undefined; readonly message: string }
  | { readonly _tag: "NonFatalError"; readonly code: undefined; readonly message: string }

export const Warning = {
  multipleMatches: (section: string, places?: ReadonlyArray<HeadingPlace>, skill?: string): SkcWarning => ({
    _tag: "MultipleMatches",
    code: "W001",
    section,
    ...(places === undefined ? {} : { places }),
    ...(skill === undefined ? {} : { skill })
  }),
  /**
   * `noFallback`: the row has no fallback log (a cross-skill question goes to the global log alone);
   * `fallbackDir`: the directory of the fallback log that could not be written either (`<cwd>/.skillc/logs/<skill>`).
   */
  loggingDisabled: (unrecorded?: string, noFallback?: boolean, why?: string, fallbackDir?: string): SkcWarning => ({
    _tag: "LoggingDisabled",
    code: "W002",
    ...(unrecorded === undefined ? {} : { unrecorded }),
    ...(noFallback === true ? { noFallback } : {}),
    ...(why === undefined ? {} : { why }),
    ...(fallbackDir === undefined ? {} : { fallbackDir })
  }),
  staleLocalLogs: (skill: string): SkcWarning => ({ _tag: "StaleLocalLogs", code: "W003", skill }),
  lint: (ruleId: string, ruleName: string, message: string): SkcWarning => ({ _tag: "LintWarning", code: "W300", ruleId, ruleName, message }),
  /**
   * A lint warning of one of several skills a command builds, naming that skill: `skc build --all`
   * said `description is a placeholder` once for every skill that had one, without saying which.
   */
  ofSkill: (w: SkcWarning, skill: string): SkcWarning => (w._tag === "LintWarning" && w.skill === undefined ? { ...w, skill } : w),
  /** A warning without an RFC-0005 code (config problems, skipped skills…). */
  notice: (message: string): SkcWarning => ({ _tag: "Notice", code: undefined, message }),
  /**
   * A file the command ignores and goes on without (an invalid or unreadable config file: reported, then
   * ignored). A warning, not an `error:` line: DECISIONS #34 gives every `error:` line exit 1, and a config
   * problem never stops a command (an agent's `skc mcp` among them); printed `error:` with exit 0, it read
   * as a failure that had not failed (a probe of the sixty-second pass).
   */
  nonFatalError: (message: string): SkcWarning => ({ _tag: "NonFatalError", code: undefined, message })
} as const

/** A heading's file (relative to its skill) and line. */
export interface HeadingPlace {
  readonly file: string
  readonly line: number
}

/** How many of the other matches W001's second line names before counting the rest. */
const OTHER_PLACES_NAMED = 5

/**
 * W001's second line (the RFC-0005 template is the first): which heading
 * was shown and where the others are, so a reader (an agent above all) can
 * ask for the one it meant by its file instead of guessing.
 */
const whichShown = (places: ReadonlyArray<HeadingPlace>, section: string, skill: string | undefined, style: StepStyle): string => {
  const [shown, ...others] = places
  // The file tells them apart unless another match shares one: then only the line (`show --line`) does.
  const files = new Set(places.map((p) => p.file))
  const byLine = files.size !== places.length
  const by = byLine ? "the file and line" : "the file"
  const head = `shown: ${namedPlaces([shown!], 1)}; also in ${namedPlaces(others, OTHER_PLACES_NAMED)}`
  if (skill === undefined) return `${head}; give ${by} to show another`
  // The next place as a command an agent runs as it stands (a prose "give the file" left it to guess the flags).
  const next = others[0]!
  return `${head}; the next: ${stepText(showStep(skill, section, next.file, byLine ? next.line : undefined), style)}`
}

/** `file (line N)` for the first `most` places, then how many more. */
const namedPlaces = (places: ReadonlyArray<HeadingPlace>, most: number): string =>
  places
    .slice(0, most)
    .map((p) => `${p.file} (line ${p.line})`)
    .join(", ") + (places.length > most ? ` and ${places.length - most} more` : "")

export const warningText = (w: SkcWarning, style: StepStyle = "cli"): string => {
  switch (w._tag) {
    case "MultipleMatches":
      return `multiple matches for '${w.section}'; showing first${w.places === undefined || w.places.length < 2 ? "" : `\n  ${whichShown(w.places, w.section, w.skill, style)}`}`
    case "LoggingDisabled":
      // RFC-0007:C-LOGGING's line, then what it means for this call: its row is in no log, so no sync brings it.
      // The fallback's directory named: "the fallback in this directory" was read as the process's cwd, where
      // a server run with --project keeps it in the project (a new-user probe, seventy-third pass).
      return `logging disabled; run 'skc sync' after session to merge logs${w.unrecorded === undefined ? "" : `\n  ${w.unrecorded} was not recorded: ${w.noFallback === true ? "its log could not be written, and it has no fallback" : `neither its log nor the fallback ${w.fallbackDir === undefined ? "log" : `log in ${w.fallbackDir}`} could be written`}${w.why === undefined ? "" : ` (${w.why})`}`}`
    case "StaleLocalLogs":
      return `stale local logs for '${w.skill}'; run 'skc sync' to upload`
    case "LintWarning":
      return `${w.skill === undefined ? "" : `${w.skill}: `}${w.ruleId} ${w.ruleName}: ${w.message}`
    case "Notice":
    case "NonFatalError":
      return w.message
  }
}

export const renderWarning = (w: SkcWarning): string => renderWarningAs("cli")(w)

/** `style`: how a next step is named, a command line (`cli`) or an MCP tool call (`tools`). */
export const renderWarningAs = (style: StepStyle) => (w: SkcWarning): string =>
  visibleMessage(
    w.code === undefined ? `warning: ${warningText(w, style)}` : `warning[${w.code}]: ${warningText(w, style)}`
  )
