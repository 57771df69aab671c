/**
 * `skc outline` (RFC-0002:C-OUTLINE, DECISIONS #10, #13): every heading of
 * every `.md` file of the source directory, files in bytewise path order,
 * headings in file order, optionally only levels ≤ `level`.
 */
import { howOpenReads } from "../../domain/openLimit.js"
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { InternalError, PathEscapes } from "../../domain/errors.js"
import { fitOutline, OutlineTruncation } from "../../domain/outlineBudget.js"
import { utf8Bytes } from "../../domain/utf8.js"
import { scanMarkdown } from "../../domain/markdown/model.js"
import { splitLines } from "../../domain/markdown/lines.js"
import { textBeforeHeadings } from "../../domain/markdown/preamble.js"
import { estimateTokens, sectionTokens } from "../../domain/protocol/tokens.js"
import { isMarkdownPath, isOversized, sortedBytewise } from "../../domain/sourcePaths.js"
import { FileSystem } from "../../ports/FileSystem.js"
import { warn } from "../../ports/Diagnostics.js"
import { Warning } from "../../domain/errors.js"
import { checkInside, resolveCommandSkill } from "../skills/index.js"
import { AnswerSurfaceRef, entryPointInside, scanSourceTree, Settings } from "../shared/index.js"
import { refuseForeignIndex } from "../build/index.js"
import { fileNotFound } from "./fileNotFound.js"

export const OutlineInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path" }),
  level: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 }))).annotate({ description: "Maximum heading level (1-6)" }),
  tokens: Schema.optional(Schema.Boolean).annotate({
    description: "Add estimated tokens per section and file"
  }),
  file: Schema.optional(Schema.String).annotate({ description: "Only this file (path from the skill root)" }),
  max_bytes: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1024))).annotate({
    description: "Budget in bytes (default 16384)"
  })
})
export type OutlineInput = typeof OutlineInput.Type

/**
 * The outline (DECISIONS #10). The Schema is the JSON document's and the MCP
 * tool's `outputSchema` (open: later fields do not break clients); the types
 * are derived from it (issue 28).
 */
export const OutlineHeading = Schema.Struct({
  file: Schema.String,
  level: Schema.Int,
  text: Schema.String,
  line: Schema.Int,
  /** With `tokens`: the section's estimated tokens, its subsections included. */
  tokens: Schema.optionalKey(Schema.Int)
})
export type OutlineHeading = typeof OutlineHeading.Type

export const OutlineFileTokens = Schema.Struct({ file: Schema.String, tokens: Schema.Int })
export type OutlineFileTokens = typeof OutlineFileTokens.Type

export const OutlineResult = Schema.Struct({
  skill: Schema.String,
  headings: Schema.Array(OutlineHeading),
  /** With `tokens`: every markdown file's estimated tokens, and their sum. */
  files: Schema.optionalKey(Schema.Array(OutlineFileTokens)),
  total_tokens: Schema.optionalKey(Schema.Int),
  /** Issue 26 item 3: what the result budget (`max_bytes`) left out, and how to ask for it. */
  truncated: Schema.optionalKey(OutlineTruncation),
  /**
   * Files with text before their first heading (frontmatter apart): its lines, which no heading shows. Additive.
   * pdf's forms.md opens with "run check_fillable_fields first, then pick a branch", and its outline began at
   * line 6 with no sign of it (an agent's probe took a branch's script for the first step).
   */
  before_headings: Schema.optionalKey(Schema.Array(Schema.Struct({ file: Schema.String, from_line: Schema.Int, to_line: Schema.Int }))),
  /**
   * A markdown file with no heading at all is in `before_headings` with the span of its whole text
   * (RFC-0002:C-OUTLINE scans every `.md` file; such files were in no outline, named nowhere). Past a
   * quarter of `max_bytes` they are counted here instead of listed. Additive.
   */
  files_without_headings_omitted: Schema.optionalKey(Schema.Int)
})
export type OutlineResult = typeof OutlineResult.Type

/** The budget of an outline sent over MCP when the call names none (docs/mcp.md). */
export const MCP_OUTLINE_MAX_BYTES = 16384

const utf8 = new TextDecoder("utf-8")

export const outline = Effect.fn("skc.outline")(function* (input: OutlineInput) {
  const fs = yield* FileSystem
  const path = yield* Path
  const skill = yield* resolveCommandSkill(input.skill)
  yield* refuseForeignIndex(skill)
  const tree = yield* scanSourceTree(skill.sourceDir, { onEscape: "skip" })
  yield* entryPointInside(tree)
  const max = input.level ?? 6
  const headings: Array<OutlineHeading> = []
  const files: Array<OutlineFileTokens> = []
  const preambles: Array<{ file: string; from_line: number; to_line: number }> = []
  const headingless: Array<{ file: string; from_line: number; to_line: number }> = []
  // The one path rule (issue 19): E012 for a path outside the skill, as `show --file` says; lexical, as only the walked tree is read.
  const only = input.file === undefined ? undefined : (yield* checkInside(input.file)).rel
  // A symlink leading out of the skill is left out of the walk: named for what it is (E012, as open says), not "not found".
  if (only !== undefined && tree.escaping.includes(only)) return yield* Effect.fail(new PathEscapes({ path: input.file! }))
  if (only !== undefined && !tree.files.some((f) => f.path === only && isMarkdownPath(f.path))) {
    return yield* Effect.fail(yield* fileNotFound(skill.sourceDir, input.file!, isMarkdownPath, input.skill))
  }
  const { maxFileBytes } = (yield* Settings).config
  for (const f of tree.files) {
    if (!isMarkdownPath(f.path) || (only !== undefined && f.path !== only)) continue
    // Bounded work: a file over [search] max_file_bytes is not indexed either (show does not see its sections);
    // read whole, a 600 MB one made outline fail with E999 after a gigabyte of memory. SKILL.md never (the index's
    // own predicate): build indexes it whatever its size, and outline printed no heading of a 50 MB one.
    if (isOversized(f, maxFileBytes)) {
      yield* warn(Warning.notice(`'${skill.name}/${f.path}' is not outlined: ${f.size} bytes, above [search] max_file_bytes (${maxFileBytes}); ${howOpenReads(f.size)}`))
      continue
    }
    const bytes = yield* fs.readFile(path.join(tree.root, ...f.path.split("/"))).pipe(
      Effect.mapError((e) => new InternalError({ message: `read '${f.path}': ${e.code}`, cause: e }))
    )
    const text = utf8.decode(bytes)
    const doc = scanMarkdown(text)
    const found = doc.headings
    const lines = splitLines(text)
    if (found.length === 0) {
      const whole = wholeText(lines, doc.bodyStartLine)
      if (whole !== undefined) headingless.push({ file: f.path, ...whole })
    }
    const before = found.length === 0 ? undefined : textBeforeHeadings(lines, doc.bodyStartLine, found[0]!.line)
    if (before !== undefined) preambles.push({ file: f.path, ...before })
    // One estimator for outline, load and lint (src/domain/protocol/tokens.ts).
    const counts = input.tokens ? sectionTokens(lines, found) : []
    found.forEach((h, i) => {
      if (h.level <= max) {
        headings.push({ file: f.path, level: h.level, text: h.text, line: h.line, ...(input.tokens ? { tokens: counts[i]! } : {}) })
      }
    })
    if (input.tokens) files.push({ file: f.path, tokens: estimateTokens(text) })
  }
  const surface = yield* AnswerSurfaceRef
  // At a terminal, a file with text above its first heading has a line (or an object) saying how to read it.
  // A set, not a look through the lists per heading: a skill of thousands of files has thousands of each.
  const withReadLine = new Set([...preambles, ...headingless].map((p) => p.file))
  const fileExtra = (file: string) => (withReadLine.has(file) ? 160 + 2 * utf8Bytes(skill.name) + 2 * utf8Bytes(file) : 0)
  // Files without a heading are listed first within a quarter of the budget (each is one line and one object);
  // the headings get the rest.
  const { kept: listed, spent } = input.max_bytes === undefined ? { kept: headingless, spent: 0 } : fitHeadingless(headingless, Math.floor(input.max_bytes / 4), fileExtra)
  const room = input.max_bytes === undefined ? undefined : input.max_bytes - spent
  const fitted = room === undefined ? { kept: headings } : fitOutline(headings, room, { oneFile: input.file !== undefined, surface, fileExtra })
  const before = [...preambles.filter((p) => fitted.kept.some((h) => h.file === p.file)), ...listed]
  const result: OutlineResult = {
    skill: skill.name,
    headings: fitted.kept,
    ...(input.tokens ? { files, total_tokens: files.reduce((n, f) => n + f.tokens, 0) } : {}),
    ...(fitted.truncation === undefined ? {} : { truncated: fitted.truncation }),
    ...(before.length === 0 ? {} : { before_headings: sortedBytewise(before, (p) => p.file) }),
    ...(listed.length === headingless.length ? {} : { files_without_headings_omitted: headingless.length - listed.length })
  }
  return result
})

/** The text of a file without headings, frontmatter apart: its first to its last non-blank line. */
const wholeText = (lines: ReadonlyArray<string>, bodyStartLine: number): { from_line: number; to_line: number } | undefined => {
  let last = lines.length
  while (last >= bodyStartLine && (lines[last - 1] ?? "").trim() === "") last--
  return last < bodyStartLine ? undefined : textBeforeHeadings(lines, bodyStartLine, last + 1)
}

/** What a headingless file's entry costs: its object and its two lines of text (the file, the read). */
const headinglessCost = (p: { readonly file: string }, fileExtra: (file: string) => number): number =>
  JSON.stringify(p).length + 40 + utf8Bytes(p.file) + fileExtra(p.file)

/** The headingless files, in order, while they fit `room` bytes, and the bytes they take. */
const fitHeadingless = <P extends { readonly file: string }>(all: ReadonlyArray<P>, room: number, fileExtra: (file: string) => number) => {
  const kept: Array<P> = []
  let spent = 0
  for (const p of all) {
    const cost = headinglessCost(p, fileExtra)
    if (spent + cost > room) break
    spent += cost
    kept.push(p)
  }
  return { kept, spent }
}

/** The `args` of an `outline` row (DECISIONS #18). */
export const outlineLogArgs = (input: OutlineInput) => ({ level: input.level, ...(input.file === undefined ? {} : { file: input.file }) })
