/**
 * `skc show` (RFC-0002:C-SHOW, DECISIONS #23, #36): the content of one
 * section, located through the index's `headings` table and read from the
 * source file by the indexed line range — never by parsing markdown at
 * query time. The index must be usable (E002 missing/corrupt/stale, E003
 * collision), so the line range always belongs to the current sources.
 */
import { openFenceAt } from "../../domain/markdown/openFence.js"
import { Data, Effect, Schema } from "effect"
import { Path } from "effect/Path"
import { isAscii } from "../../domain/ascii.js"
import { utf8Bytes } from "../../domain/utf8.js"
import { InternalError, InvalidOption, SectionNotFound, Warning, type HeadingPlace } from "../../domain/errors.js"
import { splitLines } from "../../domain/markdown/lines.js"
import { preambleAbove } from "../../domain/markdown/preamble.js"
import { argumentNames } from "../../domain/agents/claudeBody.js"
import { foldCase, matchSection, matchSectionWithArguments, moreLinesMarker, normalizeSectionQuery, truncateLines, type HeadingEntry } from "../../domain/search/sectionMatch.js"
import { listedDescription } from "../../domain/descriptionCut.js"
import { parseFrontmatter } from "../../domain/markdown/frontmatter.js"
import { warn } from "../../ports/Diagnostics.js"
import { FileSystem } from "../../ports/FileSystem.js"
import { Hasher } from "../../ports/Hasher.js"
import type { IndexReadFailed } from "../../ports/SearchIndex.js"
import { IndexUnusable } from "../../domain/errors.js"
import { openForQueryOnDemand as openForQuery } from "../build/index.js"
import { readSkillFrontmatter, resolveCommandSkill } from "../skills/index.js"
import { resolveInside } from "../skills/index.js"
import { AnswerSurfaceRef, Settings } from "../shared/index.js"
import { pageBytesOf, pageLineBytes } from "../../domain/answerSurface.js"
import { isOversized } from "../../domain/sourcePaths.js"
import { isMarkdownPath, MAIN_DOC } from "../../domain/sourcePaths.js"
import { fileNotFound } from "./fileNotFound.js"
import { pastedSection } from "../../domain/search/pastedSection.js"
import { filesNamed, pathWords } from "../../domain/namedFiles.js"
import { NamedFilesFields, namedFilesFields } from "./namedFiles.js"

export const ShowInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path" }),
  section: Schema.String.annotate({ description: "Heading text (case-insensitive)" }),
  file: Schema.optional(Schema.String).annotate({ description: "Only this file (path from the skill root)" }),
  max_lines: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))).annotate({ description: "Return at most this many lines" }),
  line: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))).annotate({
    description: "Of same-named headings, the one holding this line"
  }),
  /**
   * The first line shown, a line of the file within the section (the next page of a long section: the
   * line after the last one shown). No description over MCP: tools/list is read on every connection.
   */
  from_line: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))),
  /** A page's budget in bytes (MCP default 40960: docs/mcp.md "Payload budgets"). No description over MCP: tools/list's 12 KB. */
  max_bytes: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1024)))
})
export type ShowInput = typeof ShowInput.Type

/**
 * The `--format json` document (DECISIONS #36) and MCP structured content:
 * the Schema is the tool's `outputSchema`, the type derived from it (issue 28).
 */
export const ShowResult = Schema.Struct({
  skill: Schema.String,
  /** The file of the matched heading (logged as `file`, DECISIONS #18). */
  file: Schema.String,
  /** The matched heading's text. */
  section: Schema.String,
  start_line: Schema.Int,
  /** Exclusive (DECISIONS #15). */
  end_line: Schema.Int,
  /**
   * The section's lines, `\n`-terminated. When `max_lines` cut it: the first
   * `max_lines` lines and a final `... (N more lines)` line (as `open` does).
   */
  content: Schema.String,
  truncated: Schema.Boolean,
  /** With `from_line`: the line of the file `content` starts at (the section's own bounds stay start_line/end_line). */
  from_line: Schema.optional(Schema.Int),
  /** When `max_lines` cut the section: the `from_line` of its next page. */
  next_line: Schema.optional(Schema.Int),
  /** When the page ends inside a fenced code block: the line of the file that opened it (the next page goes on inside it). */
  open_fence_line: Schema.optional(Schema.Int),
  /** The skill's files the section names and where they are (docs/decisions.md P7). */
  ...NamedFilesFields,
  /** When the section is its file's first and text stands above it (no section holds that text): its lines. */
  before_heading: Schema.optional(Schema.Struct({ from_line: Schema.Int, to_line: Schema.Int }))
})
export type ShowResult = typeof ShowResult.Type

const utf8Text = new TextDecoder("utf-8", { ignoreBOM: true })

/** Where a heading is, as W001 and E020 name it. */
const placeOf = (h: HeadingEntry): HeadingPlace => ({ file: h.file, line: h.start_line })

const readFailed = (skill: string) => (e: IndexReadFailed) => new IndexUnusable({ skill, reason: `corrupt (${e.message})` })

/**
 * The file read is not the one the index was built from: a rebuild replaced the source and the index between
 * the index's freshness check and the read, and the index's line range would cut the new text (a probe: Section
 * 2 answered with the end of Section 1, or with Sections 4 and 5, under `build --watch`).
 */
class SourceMoved extends Data.TaggedError("SourceMoved")<{ readonly file: string }> {}

/**
 * One section (RFC-0002:C-SHOW). Read again once when the source moved under the read (the index then opened
 * is the rebuilt one, or reports itself stale); a source that moves twice in a row is E002, never an answer
 * cut from lines of another version (DECISIONS #22: never answer from an index of different sources).
 */
export const show = (input: ShowInput) =>
  showOnce(input).pipe(
    Effect.catchTag("SourceMoved", () => showOnce(input)),
    Effect.catchTag("SourceMoved", (moved) =>
      Effect.gen(function* () {
        const skill = yield* resolveCommandSkill(input.skill)
        return yield* Effect.fail(
          new IndexUnusable({ skill: skill.name, reason: "stale", hint: `${moved.file} changed while it was read, twice in a row: it is being rebuilt; ask again once the build is done` })
        )
      })
    )
  )

const showOnce = Effect.fn("skc.show")(function* (input: ShowInput) {
  const fs = yield* FileSystem
  const path = yield* Path
  const skill = yield* resolveCommandSkill(input.skill)
  // `--file` goes through the one path-safety function (issue 19): normalised
  // (`references/../SKILL.md` is `SKILL.md`), escapes are E012, a missing file E021.
  let onlyFile: string | undefined
  let onlySize = 0
  if (input.file !== undefined) {
    const target = yield* resolveInside(skill.sourceDir, input.file)
    if (target.info?.type !== "file" || target.trailingSlash) return yield* Effect.fail(yield* fileNotFound(skill.sourceDir, input.file, isMarkdownPath, input.skill))
    onlyFile = target.rel
    onlySize = target.info.size
  }
  const { index } = yield* openForQuery(skill)
  const { maxFileBytes } = (yield* Settings).config
  const { primary, whole } = normalizeSectionQuery(input.section)
  // ASCII queries go through the NOCASE index; anything else (Unicode
  // case folding) and every miss (suggestions) looks at all headings.
  let match = undefined as ReturnType<typeof matchSection> | undefined
  // Every heading, once read (a miss below reads them, and its E020 asks them again).
  let all: ReadonlyArray<HeadingEntry> | undefined
  const allHeadings = Effect.gen(function* () {
    all ??= yield* index.allHeadings.pipe(Effect.mapError(readFailed(skill.name)))
    return all
  })
  if (isAscii(whole) && primary.length > 0) {
    const candidates: Array<HeadingEntry> = [...(yield* index.headingsNamed(primary).pipe(Effect.mapError(readFailed(skill.name))))]
    if (whole !== primary) candidates.push(...(yield* index.headingsNamed(whole).pipe(Effect.mapError(readFailed(skill.name)))))
    const found = matchSection(candidates, input.section, onlyFile, input.line)
    // Found, or the heading is there but holds no such line: all headings would say the same.
    if (found._tag === "Found" || found.notAt !== undefined) match = found
  }
  if (match === undefined) {
    match = matchSection(yield* allHeadings, input.section, onlyFile, input.line)
  }
  // A heading listed with argument placeholders, asked for as Claude Code printed it with the arguments given.
  if (match._tag === "NotFound" && match.notAt === undefined && (yield* allHeadings).some((h) => h.text.includes("$"))) {
    // The names of `arguments` widen the positional placeholders; a SKILL.md that cannot be read declares none.
    const fm = yield* readSkillFrontmatter(path.join(skill.sourceDir, MAIN_DOC))
    match = matchSectionWithArguments(yield* allHeadings, input.section, onlyFile, fm._tag === "Valid" ? argumentNames(fm.data) : [], input.line) ?? match
  }
  if (match._tag === "NotFound") {
    // Without --file, a Markdown file the index left out may hold the section: name it rather than a bare E020.
    const files =
      onlyFile === undefined && match.notAt === undefined
        ? ((yield* index.sourceFiles.pipe(
            // Recovery: the note only adds to E020; an index whose file records cannot be read leaves it out.
            Effect.orElseSucceed(() => undefined)
          )) ?? [])
        : []
    const unindexed = files.filter((f) => isMarkdownPath(f.path) && isOversized(f, maxFileBytes))
    // The stub lists a reference without an H1 by its path (RFC-0001:C-SECTIONS), and search labels a `.txt`
    // file's hit by the file's path: an agent asking for that path as a section is told how to read the file,
    // not only "not found" (a `.txt` label got "Did you mean: Notes (notes.md)", another file).
    const asked = input.section.trim().replace(/^\.\//, "")
    // As SKILL.md spells it (`FORMS.md`, the file `forms.md`): the one file of that name in another case, as `open`
    // and `outline --file` take it (an agent's probe followed SKILL.md's "see FORMS.md" into a bare E020).
    const sameCase = files.find((f) => f.path === asked)
    const otherCase = files.filter((f) => f.path.toLowerCase() === asked.toLowerCase())
    const named = sameCase ?? (otherCase.length === 1 ? otherCase[0] : undefined)
    const namedHasHeadings =
      named !== undefined && (yield* allHeadings).some((h) => h.file === named.path)
    // A heading pasted with its file (a search result's label) or its '#' marks (an outline line).
    const pasted = named === undefined && match.notAt === undefined ? pastedSection(input.section, yield* allHeadings, onlyFile) : undefined
    return yield* Effect.fail(
      new SectionNotFound({
        section: match.query,
        suggestions: match.suggestions.map((s) => ({ text: s.text, file: s.file, line: s.start_line })),
        ...(skill.missingSource === undefined ? {} : { missingSource: skill.missingSource }),
        ...(match.notAt === undefined ? {} : { notAt: { line: match.notAt.line, places: match.notAt.headings.map(placeOf) } }),
        ...(named === undefined ? {} : { fileNamed: { skill: input.skill, file: named.path, hasHeadings: namedHasHeadings } }),
        ...(pasted === undefined ? {} : { pasted: { skill: input.skill, ...pasted } }),
        ...(named === undefined && pasted === undefined ? { lookup: { skill: input.skill, query: match.query } } : {}),
        // A file the index leaves out has no sections to find: say so, not just "not found" (outline lists them).
        ...(onlyFile !== undefined && isOversized({ path: onlyFile, size: onlySize }, maxFileBytes)
          ? { notIndexed: { skill: input.skill, file: onlyFile, size: onlySize, limit: maxFileBytes } }
          : unindexed.length > 0
            ? { notIndexed: { skill: input.skill, file: unindexed[0]!.path, size: unindexed[0]!.size, limit: maxFileBytes, others: unindexed.length - 1, maybe: true } }
            : {})
      })
    )
  }
  // "Title — description", as the stub lists a reference file's section: where several files hold the title,
  // the description names the file (a new-user probe: two examples' "Structure", the one asked for by its
  // description, answered with W001 naming the other). Compared as the stub writes it: one line, cut at 120
  // characters with "…".
  if (match.matches > 1 && whole !== primary) {
    const asked = foldCase(whole.slice(whole.indexOf(" \u2014 ") + 3).trim())
    const cut = asked.endsWith("…") ? asked.slice(0, -1) : undefined
    const describedAs = new Map<string, boolean>()
    for (const h of match.all) {
      if (describedAs.has(h.file)) continue
      // Recovery: a file that cannot be read now has no description to tell it by; the W001 below still names it.
      const text = yield* fs.readFileString(path.join(skill.sourceDir, ...h.file.split("/"))).pipe(Effect.orElseSucceed(() => ""))
      const fm = parseFrontmatter(text)
      const d = fm._tag === "Parsed" && typeof fm.data?.description === "string" ? foldCase(listedDescription(fm.data.description)) : undefined
      describedAs.set(h.file, d !== undefined && (d === asked || (cut !== undefined && d.startsWith(cut))))
    }
    const described = match.all.filter((h) => describedAs.get(h.file) === true)
    if (described.length > 0 && described.length < match.all.length) match = { ...match, heading: described[0]!, matches: described.length, all: described }
  }
  if (match.matches > 1) yield* warn(Warning.multipleMatches(primary, match.all.map(placeOf), input.skill))
  const heading = match.heading
  const file = path.join(skill.sourceDir, ...heading.file.split("/"))
  const bytes = yield* fs.readFile(file).pipe(Effect.mapError((e) => new InternalError({ message: `cannot read ${heading.file}: ${e.code}`, cause: e })))
  // The file as indexed, or the line range belongs to another version of it (`SourceMoved`). An index without
  // the record (written before `source_files`) cannot say: its freshness check is all there is.
  const indexed = yield* index.sourceHash(heading.file).pipe(Effect.mapError(readFailed(skill.name)))
  if (indexed !== undefined && (yield* Hasher).sha256Hex(bytes) !== indexed) return yield* Effect.fail(new SourceMoved({ file: heading.file }))
  // As the file system port decodes text: UTF-8, a byte-order mark kept as U+FEFF.
  const source = utf8Text.decode(bytes)
  // A page of a long section: from a line of the file inside it (`from_line`), else from its heading.
  const from = input.from_line ?? heading.start_line
  if (from < heading.start_line || from >= heading.end_line) {
    return yield* Effect.fail(
      new InvalidOption({
        message: `from_line ${from} is outside the section '${heading.text}' (${heading.file} lines ${heading.start_line}-${heading.end_line - 1})`,
        suggestion: `give a line from ${heading.start_line} to ${heading.end_line - 1}`
      })
    )
  }
  const fileLines = splitLines(source)
  const lines = fileLines.slice(from - 1, heading.end_line - 1)
  // Text above the file's first heading is in no section: the section that follows it names where it is.
  const preamble = input.from_line === undefined ? preambleAbove(fileLines, heading.start_line) : undefined
  const cut = yield* withinBudget(truncateLines(lines, input.max_lines), lines.length, input.max_bytes)
  const shown = cut.lines.join("\n")
  // The skill's files the lines shown name (P7): the file list is read only when a word may be a path.
  const words = pathWords(shown, heading.file)
  const stamps =
    words.length === 0
      ? undefined
      : yield* index.sourceStamps.pipe(
          // Recovery: the named files only add to the section; records that cannot be read leave them out.
          Effect.orElseSucceed(() => undefined)
        )
  const named = stamps === undefined ? undefined : filesNamed(words, heading.file, new Set(stamps.map((f) => f.path)))
  // A page cut inside a fenced block: where it opened, scanned from the section's heading (outside any block).
  const fenceAt = cut.omitted > 0 ? openFenceAt(fileLines.slice(heading.start_line - 1, from - 1 + cut.lines.length)) : undefined
  const fenceLine = fenceAt === undefined ? undefined : heading.start_line + fenceAt
  const result: ShowResult = {
    skill: skill.name,
    file: heading.file,
    section: heading.text,
    start_line: heading.start_line,
    end_line: heading.end_line,
    content: (cut.lines.length === 0 ? "" : shown + "\n") + (cut.omitted > 0 ? moreLinesMarker(cut.omitted) + "\n" : ""),
    truncated: cut.omitted > 0,
    ...(input.from_line === undefined ? {} : { from_line: from }),
    ...(cut.omitted > 0 ? { next_line: from + cut.lines.length } : {}),
    ...(fenceLine === undefined ? {} : { open_fence_line: fenceLine }),
    ...namedFilesFields(named, skill, shown),
    ...(preamble === undefined ? {} : { before_heading: preamble })
  }
  return result
}, Effect.scoped)

/**
 * The page's lines within `max_bytes` (over MCP 40,960 unless the call says: one call returned a 41 KB
 * section, another a 371 KB file, where clients keep 12–50 KB of a result), whole lines, at least one; the
 * lines left out are counted as `max_lines` counts them, so `next_line` pages on.
 */
const withinBudget = (cut: { readonly lines: ReadonlyArray<string>; readonly omitted: number }, total: number, maxBytes: number | undefined) =>
  Effect.gen(function* () {
    if (maxBytes === undefined) return cut
    const surface = yield* AnswerSurfaceRef
    const budget = pageBytesOf(surface, maxBytes)
    let used = 0
    let fit = 0
    for (const line of cut.lines) {
      // Escaped in a JSON string over MCP and in `--format json` (a quote, a backslash, the newline: two bytes).
      used += pageLineBytes(surface, line)
      if (fit > 0 && used > budget) break
      fit++
    }
    return fit === cut.lines.length ? cut : { lines: cut.lines.slice(0, fit), omitted: total - fit }
  })

/** The `args` of the access-log row (DECISIONS #18). */
export const showLogArgs = (input: ShowInput, result: ShowResult | undefined) => ({
  // The heading text shown (what `stats --group-by sections` reports, RFC-0003:C-QUERIES), else what was asked for.
  section: result?.section ?? input.section,
  file: result?.file ?? input.file ?? null,
  // With `--line` (two headings of one text in one file): the line of the heading shown, else the one asked for,
  // so the log tells which of them was read. Without it the row is DECISIONS #18's.
  ...(input.line === undefined ? {} : { line: result?.start_line ?? input.line }),
  ...(input.from_line === undefined ? {} : { from_line: input.from_line }),
  // As `open`'s row records it (an agent's probe: a show cut to 5 lines was logged as a whole read).
  ...(input.max_lines === undefined ? {} : { max_lines: input.max_lines }),
  // And a page cut by bytes (`--max-bytes`; MCP's default page): logged as asked, as `open`'s row is.
  ...(input.max_bytes === undefined ? {} : { max_bytes: input.max_bytes })
})
