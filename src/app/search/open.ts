/**
 * `skc open` (RFC-0002:C-OPEN, DECISIONS #28, #36): any file of the source
 * directory, bytes as on disk. With `max_lines`, the first n lines and a
 * final `... (N more lines)` line. Text that is not valid UTF-8 (or holds
 * NUL bytes) is binary: JSON carries it as base64.
 */
import { openFenceAt } from "../../domain/markdown/openFence.js"
import { splitLines } from "../../domain/markdown/lines.js"
import { OPEN_MAX_BYTES } from "../../domain/openLimit.js"
import { Effect, Schema } from "effect"
import { InternalError, InvalidOption, UsageError } from "../../domain/errors.js"
import { HEAD_MAX_BYTES, lineCount, lineEndCount, lineHeadOf, lineStartOffset, pageOfBytes } from "../../domain/lineHead.js"
import { pageByteCost, pageBytesOf } from "../../domain/answerSurface.js"
import { AnswerSurfaceRef } from "../shared/index.js"
import { FileSystem, NOT_REGULAR, type FsError } from "../../ports/FileSystem.js"
import { fileNotFound } from "./fileNotFound.js"
import { openStep, sourcesStep } from "../../domain/nextStep.js"
import { resolveCommandSkill } from "../skills/index.js"
import { resolveInside } from "../skills/index.js"
import { isMarkdownPath } from "../../domain/sourcePaths.js"
import { NamedFilesFields, namedFilesFields, namedFilesOnDisk } from "./namedFiles.js"

export const OpenInput = Schema.Struct({
  skill: Schema.String.annotate({ description: "Skill name or path" }),
  path: Schema.String.annotate({ description: "Relative path within the skill" }),
  max_lines: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))).annotate({ description: "Maximum lines to return" }),
  /** The first line returned (the next page of a long file: the line after the last one returned). No description over MCP: tools/list's 12 KB. */
  from_line: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))),
  /** A page's budget in bytes (MCP default 40960: docs/mcp.md "Payload budgets"). No description over MCP: tools/list's 12 KB. */
  max_bytes: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1024)))
})
export type OpenInput = typeof OpenInput.Type

/**
 * The `--format json` document (DECISIONS #36) and MCP structured content.
 * `content` is text, or base64 with `encoding`. The type is derived from
 * the Schema (issue 28).
 */
export const OpenResult = Schema.Struct({
  skill: Schema.String,
  path: Schema.String,
  content: Schema.String,
  truncated: Schema.Boolean,
  encoding: Schema.optionalKey(Schema.Literal("base64")),
  /** With `from_line`: the line `content` starts at. */
  from_line: Schema.optional(Schema.Int),
  /** When `max_lines` cut the file: the `from_line` of its next page. */
  next_line: Schema.optional(Schema.Int),
  /** When the first page of a Markdown file ends inside a fenced code block: the line that opened it. */
  open_fence_line: Schema.optional(Schema.Int),
  /** Of a Markdown file: the skill's files it names and where they are, as `show`'s (docs/decisions.md P7). */
  ...NamedFilesFields
})
export type OpenResult = typeof OpenResult.Type

/** The raw bytes beside the JSON document, for the CLI's byte-exact text output. */
export interface Opened {
  readonly result: OpenResult
  readonly bytes: Uint8Array
}

/** The largest file `open` returns whole; larger ones are read with `max_lines` (whose head is capped, src/domain/lineHead.ts). */
export { OPEN_MAX_BYTES }

export const mib = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MiB`

const strictUtf8 = new TextDecoder("utf-8", { fatal: true })
/** The text as on disk: a leading byte order mark is content too (the default decoder drops it). */
const asOnDisk = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
const encoder = new TextEncoder()

const asText = (bytes: Uint8Array): string | undefined => {
  if (bytes.includes(0)) return undefined
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return undefined
  }
}

/** Base64 in pieces of a multiple of 3 bytes (each encodes alone): no one huge binary string to build and scan. */
const PIECE = 3 * 0x2000
const base64 = (bytes: Uint8Array): string => {
  const parts: Array<string> = []
  for (let i = 0; i < bytes.length; i += PIECE) parts.push(btoa(String.fromCharCode.apply(null, bytes.subarray(i, i + PIECE) as unknown as Array<number>)))
  return parts.join("")
}

/**
 * A file `open` cannot read says why in words, naming the path as the user
 * gave it (EACCES is the user's to fix, not an internal error, issue 19).
 * The tree walks of build and index use src/app/shared/readFailure.ts instead.
 */
const openFailure = (given: string) => (e: FsError) =>
  e.code === "EACCES" || e.code === "EPERM"
    ? new UsageError({ message: `cannot read '${given}': permission denied` })
    : e.code === "EISDIR"
      ? new UsageError({ message: `'${given}' is a directory, not a file` })
      : e.code === NOT_REGULAR
        ? new UsageError({ message: `'${given}' is not a regular file`, detail: [e.message.replace(/^'[^']*' is /, "it is ")] })
        : new InternalError({ message: `read '${given}': ${e.code}`, cause: e })

/**
 * A cut page's bytes with the marker after them, and the line the next page starts at. The RFC's `... (N
 * more lines)`; for a line longer than the budget, cut inside it, how much of it is left (a larger max_bytes
 * reads it whole) and the line after it as the next page (the same line again would be a page for ever).
 */
const withMarker = (
  head: Uint8Array,
  more: number,
  lineLeft: number | undefined,
  from: number,
  /** The line is cut at the most `open` reads of one line (`HEAD_MAX_BYTES`): no max_bytes reads more of it. */
  capped = false
): { readonly bytes: Uint8Array; readonly next: number | undefined } => {
  const ends = lineEndCount(head)
  const way = capped ? `skc open reads at most ${HEAD_MAX_BYTES / 1024} KB of one line with max_lines` : "a larger max_bytes reads it whole"
  const text =
    lineLeft === undefined
      ? `... (${more} more lines)\n`
      : `\n... (line ${from + ends} goes on for ${lineLeft} more bytes${more > 0 ? `, then ${more} more lines` : ""}: ${way})\n`
  const marker = encoder.encode(text)
  const bytes = new Uint8Array(head.length + marker.length)
  bytes.set(head)
  bytes.set(marker, head.length)
  return { bytes, next: lineLeft === undefined ? from + ends : more > 0 ? from + ends + 1 : undefined }
}

export const openFile = Effect.fn("skc.openFile")(function* (input: OpenInput) {
  const fs = yield* FileSystem
  const skill = yield* resolveCommandSkill(input.skill)
  const target = yield* resolveInside(skill.sourceDir, input.path)
  // `SKILL.md/` names a directory; as for open(2) (ENOTDIR), there is no such file.
  if (target.info === undefined || (target.trailingSlash && target.info.type !== "directory")) {
    // Issue 25 item 3: a file of the skill with a close name (`FORMS.md` → `forms.md`).
    return yield* Effect.fail(yield* fileNotFound(skill.sourceDir, input.path, undefined, input.skill))
  }
  if (target.info.type === "directory") {
    return yield* Effect.fail(
      new UsageError({ message: `'${input.path}' is a directory, not a file`, next: { lead: "list it with:", step: sourcesStep(input.skill, target.rel || ".") } })
    )
  }
  // A FIFO, a device or a socket is refused by the read itself, which
  // never blocks on one (issue 29 item 1: openFailure says what it is).
  let bytes: Uint8Array
  let truncated = false
  let binary: boolean
  const from = input.from_line ?? 1
  const surface = yield* AnswerSurfaceRef
  // The option as the caller wrote it: `from_line` over MCP, `--from-line` at a terminal (a new-user probe read
  // the tool's parameter name in the CLI's refusal).
  const fromName = surface === "mcp" ? "from_line" : "--from-line"
  // `from_line`: lines of text from that one on (a page of a long file); a binary file has none.
  const fromLine = (read: Uint8Array, isBinary: boolean, readAll: boolean) =>
    Effect.gen(function* () {
      if (from === 1) return read
      if (isBinary) return yield* Effect.fail(new InvalidOption({ message: `${fromName} reads lines of text, and '${input.path}' is a binary file` }))
      const at = lineStartOffset(read, from)
      // Nothing left after it: past the end of the file, or (the head cut at its byte cap) past what is read.
      if (at === undefined || at === read.length) {
        return yield* Effect.fail(
          new InvalidOption({
            message: readAll
              ? `${fromName} ${from} is past the end of '${input.path}' (${lineCount(read)} lines)`
              : `${fromName} ${from} is past the first ${HEAD_MAX_BYTES / 1024} KB that skc open reads of a file this size`
          })
        )
      }
      before = read.subarray(0, at)
      return read.subarray(at)
    })
  // A later page's file text before it (`from_line`), read with it: where a block open at the page's end opened.
  let before: Uint8Array | undefined
  let nextLine: number | undefined
  // A page's text before its marker, when a page was cut (for `open_fence_line`).
  let pageHead: Uint8Array | undefined
  const budget = input.max_bytes === undefined ? undefined : pageBytesOf(surface, input.max_bytes)
  if (input.max_lines !== undefined) {
    // Read in pieces: only the head is kept, whatever the file's size.
    // A page past the head's byte cap (`from_line` beyond the first 256 KB, where a search points into a long
    // file): the file is read whole, as without `max_lines`, when that is within what open returns at once.
    // Refused before, so a long file's later pages could not be read with the very call its notes name.
    let head: Uint8Array
    let more: number
    // The head cut inside a line at the most it keeps (HEAD_MAX_BYTES): that line's bytes left.
    let capLeft: number | undefined
    if (from > 1 && target.info.size > HEAD_MAX_BYTES && target.info.size <= OPEN_MAX_BYTES) {
      const all = yield* fs.readFile(target.abs).pipe(Effect.mapError(openFailure(input.path)))
      binary = asText(all) === undefined
      const read = lineHeadOf(yield* fromLine(all, binary, true), input.max_lines)
      ;({ head, more } = read)
      capLeft = read.cutLineLeft
    } else {
      const read = yield* fs.readHead(target.abs, from - 1 + input.max_lines).pipe(Effect.mapError(openFailure(input.path)))
      binary = read.binary
      more = read.more
      capLeft = read.cutLineLeft
      head = yield* fromLine(read.head, binary, more === 0)
    }
    // A line longer than the head keeps (a new-user probe: a 1 MB line): `more` counted its rest as one more
    // line and the page named the same line as the next, for ever, or "a larger max_bytes reads it whole" with
    // a count of what the head held, not of the line. Its rest is counted in bytes, the next page is the line after.
    if (binary) capLeft = undefined
    if (capLeft !== undefined) more = Math.max(0, more - 1)
    // A page within max_bytes as well (whole lines): the lines it leaves out are counted with the others.
    let lineLeft: number | undefined
    let capped = false
    const headEnds = capLeft === undefined ? 0 : lineEndCount(head)
    if (budget !== undefined && !binary) {
      const page = pageOfBytes(head, budget, pageByteCost(surface))
      const pageCut = page.more > 0 || page.lineLeft !== undefined
      head = page.head
      more += page.more
      lineLeft = page.lineLeft
      if (capLeft !== undefined && !pageCut) {
        lineLeft = capLeft
        capped = true
      } else if (capLeft !== undefined && page.lineLeft !== undefined && headEnds === 0) {
        // The page's one line is the line the head cut: what is left of it is past both cuts.
        lineLeft = page.lineLeft + capLeft
        capped = true
      }
    } else if (capLeft !== undefined) {
      lineLeft = capLeft
      capped = true
    }
    bytes = head
    truncated = more > 0 || lineLeft !== undefined
    // The marker is text for a reader of text: in a binary file's bytes (base64 in JSON, RFC-0002:C-OPEN "as-is
    // without transformation") it read as the file's own bytes, a PNG ending in "... (2 more lines)".
    if (truncated && !binary) {
      pageHead = head
      ;({ bytes, next: nextLine } = withMarker(head, more, lineLeft, from, capped))
    }
  } else {
    // Bounded work (issue 29 item 1): a file far larger than any answer is not read whole;
    // its head is there for the asking.
    if (target.info.size > OPEN_MAX_BYTES) {
      return yield* Effect.fail(
        new UsageError({
          message: `'${input.path}' is ${mib(target.info.size)}, more than skc open returns at once (${mib(OPEN_MAX_BYTES)})`,
          // The call as its caller makes it: over MCP `skc_open skill=… path=… max_lines=100`, not a shell command.
          next: { lead: "read its first lines with:", step: openStep(input.skill, target.rel, 100), cliNote: "(MCP: max_lines)" }
        })
      )
    }
    bytes = yield* fs.readFile(target.abs).pipe(Effect.mapError(openFailure(input.path)))
    binary = asText(bytes) === undefined
    bytes = yield* fromLine(bytes, binary, true)
    // Over MCP a file is a page of at most max_bytes (40,960 unless the call says): a 371 KB schema came back
    // whole, where clients keep 12–50 KB of a result. Whole lines; `next_line` names the next page.
    const page = budget === undefined || binary ? undefined : pageOfBytes(bytes, budget, pageByteCost(surface))
    if (page !== undefined && (page.more > 0 || page.lineLeft !== undefined)) {
      truncated = true
      pageHead = page.head
      ;({ bytes, next: nextLine } = withMarker(page.head, page.more, page.lineLeft, from))
    }
  }
  const text = binary ? undefined : asOnDisk.decode(bytes)
  // A page of a Markdown file cut inside a fenced code block: where it opened, a line of the file. A later page
  // is read with the lines before it (`before`), so a block opened on an earlier page and still open is named too.
  const fenceAt =
    pageHead !== undefined && isMarkdownPath(target.rel)
      ? openFenceAt(splitLines(asOnDisk.decode(before ?? new Uint8Array(0)) + asOnDisk.decode(pageHead)))
      : undefined
  const fenceLine = fenceAt === undefined ? undefined : fenceAt + 1
  // A Markdown file's instructions may run the skill's scripts: say where they are, as show does (P7).
  const named = text !== undefined && isMarkdownPath(target.rel) ? yield* namedFilesOnDisk(skill.sourceDir, text, target.rel) : undefined
  const result: OpenResult =
    text === undefined
      ? { skill: skill.name, path: target.rel, content: base64(bytes), truncated, encoding: "base64" }
      : {
          skill: skill.name,
          path: target.rel,
          content: text,
          truncated,
          ...(input.from_line === undefined ? {} : { from_line: from }),
          ...(nextLine === undefined ? {} : { next_line: nextLine }),
          ...(fenceLine === undefined ? {} : { open_fence_line: fenceLine }),
          ...namedFilesFields(named, skill, isMarkdownPath(target.rel) ? text : "")
        }
  const opened: Opened = { result, bytes }
  return opened
})

/**
 * The `args` of an `open` row (DECISIONS #18): the path of the file read, from the skill's root as every
 * command names it (`./forms.md` and `scripts/../forms.md` are `forms.md`, so `stats --group-by files`
 * counts one file once); as asked when nothing was read.
 */
export const openLogArgs = (input: OpenInput, result?: { readonly path: string }) => ({
  path: result?.path ?? input.path,
  max_lines: input.max_lines,
  ...(input.from_line === undefined ? {} : { from_line: input.from_line }),
  // A page cut by bytes is no whole read either (an agent's probe: stats counted a first page of 35 of 169 lines as the file).
  ...(input.max_bytes === undefined ? {} : { max_bytes: input.max_bytes })
})
