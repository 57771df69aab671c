/**
 * `skc lsp`: a Language Server Protocol 3.17 server over stdio for skill
 * files (issue 50): SKILL.md, the markdown files of a skill and its eval
 * files. Every answer comes from the use cases `skc lint`, `skc budget` and
 * `skc stats` run (through the library layers of src/layers.ts); nothing
 * here re-implements a rule, a listing or a count.
 *
 * - A file belongs to the skill whose directory is the nearest one above it
 *   holding a SKILL.md (on disk or open). Each skill directory gets one
 *   runtime (`Live` with that directory as the working directory, so the
 *   project's `[lint]`, `[build] targets` and `[agents.*]` apply as in the
 *   terminal), built on first use and kept until shutdown.
 * - Diagnostics: each change of a buffer lints its skill with every open
 *   buffer in place of its file. Lints of one skill never overlap: changes
 *   that arrive while one runs, or in the window after it (`cooldownAfter`), are
 *   coalesced into the next (the debounce that keeps a fast typist from
 *   queueing work), and the editor gets the diagnostics of the latest text,
 *   tagged with its version.
 * - Code actions: each finding's certain fix (preferred; the same edit
 *   `skc lint --fix` makes), its guided edits, and "fix all" for the file.
 */
import { fileURLToPath, pathToFileURL } from "node:url"
import { existsSync, statSync } from "node:fs"
import { basename, dirname, join, relative, sep } from "node:path"
import { Cause, Effect, Exit, ManagedRuntime } from "effect"
import {
  createConnection,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  TextDocuments,
  type CodeAction,
  type Connection,
  type Diagnostic,
  type Disposable,
  type InitializeError,
  type InitializeResult,
  type PublishDiagnosticsParams,
  type ResponseMessage,
  type TextDocumentEdit,
  type TextEdit,
  type WorkspaceEdit
} from "vscode-languageserver/node"
import { TextDocument } from "vscode-languageserver-textdocument"
import { lintBuffers, type BufferLint } from "../app/lint/index.js"
import { listingCost } from "../app/eval/index.js"
import { readsOfHeading, sectionReads } from "../app/usage/index.js"
import { isSkcError, renderError, renderWarning, UsageError } from "../domain/errors.js"
import { compatibleFixes, type Fix } from "../domain/lint/fix.js"
import type { LintDiagnostic } from "../domain/lint/types.js"
import type { ParseCache } from "../domain/lint/snapshot.js"
import { anchor } from "../domain/lint/docs.js"
import { estimateTokens } from "../domain/protocol/tokens.js"
import { Live } from "../layers.js"
import { discardingOutput } from "../ports/Output.js"
import { complete, type CompletionSupport, definitions, documentSymbols, frontmatterEnd, headingTextProblem, headingTextRange, renameHeading } from "./features.js"
import { descriptionHover, headingHover } from "./hover.js"
import { requested } from "./ranges.js"
import { watchSkill, type SkillWatch } from "./watch.js"
import { FrameGuard } from "./frameGuard.js"
import { lintText, lineText, toPosition, type LintText } from "./text.js"

/** Whether a document notification's params name a document by a string `uri`. */
const namesDocument = (params: unknown): boolean => {
  const doc = (params as { readonly textDocument?: { readonly uri?: unknown } } | null | undefined)?.textDocument
  return typeof doc?.uri === "string"
}

/** didOpen: the document's `uri`, `text` and `version` as the protocol has them. */
const openedWellFormed = (params: unknown): boolean => {
  const doc = (params as { readonly textDocument?: { readonly uri?: unknown; readonly text?: unknown; readonly version?: unknown } } | null | undefined)?.textDocument
  return typeof doc?.uri === "string" && typeof doc.text === "string" && typeof doc.version === "number"
}

/** didChange: a named document and a list of changes, each with its `text` (a range, when given, of two positions). */
export const changedWellFormed = (params: unknown): boolean => {
  const changes = (params as { readonly contentChanges?: unknown } | null | undefined)?.contentChanges
  return (
    namesDocument(params) &&
    Array.isArray(changes) &&
    changes.every((c: unknown) => {
      const change = c as { readonly text?: unknown; readonly range?: unknown } | null
      // A range of no positions (`{"start":{"line":"a"},"end":{}}`) was applied at the document's start, and every
      // later edit then went to the wrong text (an editor probe): dropped with the others, as the editor guide says.
      return change !== null && typeof change === "object" && typeof change.text === "string" && (change.range === undefined || isRange(change.range))
    })
  )
}

export interface LspOptions {
  /** The base of rule links (`codeDescription.href`): docs/rules.md of this installation. */
  readonly rulesDoc: string
  readonly input?: NodeJS.ReadableStream
  readonly output?: NodeJS.WritableStream
}

/** Days of the access log a heading's hover counts. */
export const READ_DAYS = 30
/**
 * How far up from a file the skill directory is looked for: a bound on the walk, not on skills (`skc lint`
 * reads a skill's files at any depth; at 8, a file nine directories below its SKILL.md belonged to no skill).
 */
const MAX_DEPTH = 64
const SKILL_FILE = "SKILL.md"

type Runtime = ManagedRuntime.ManagedRuntime<ReturnType<typeof Live> extends import("effect").Layer.Layer<infer A, infer _E, infer _R> ? A : never, unknown>

/**
 * After a lint, changes to its skill wait this long before the next one
 * starts, so a burst coalesces into one lint. A lint runs to its end without
 * yielding (the rules are synchronous), so the changes typed meanwhile are
 * still unread when it ends: without this window each would be read and
 * linted on its own, 30 keystrokes costing 30 full lints one after another,
 * and every request waiting behind them. A change to an idle skill is
 * linted at once.
 */
const COOLDOWN_MS = 15

/**
 * The longest window after a lint that took `lintMs` (each change read in it holds the next lint back
 * COOLDOWN_MS more, up to this): at least COOLDOWN_MS, and as long as the lint itself (up to MAX_COOLDOWN_MS).
 * The changes typed during a lint are applied one per turn of the event loop once it ends (about 5 ms each
 * in a 5.8 MB file): a fixed 15 ms let three of them in before the next 600 ms lint, fewer than a typist
 * makes, so the backlog (and the memory holding it) grew for as long as one typed: 13.8 s behind after 200
 * keystrokes, 2 GB.
 */
export const cooldownAfter = (lintMs: number): number => Math.min(MAX_COOLDOWN_MS, Math.max(COOLDOWN_MS, Math.round(lintMs)))
const MAX_COOLDOWN_MS = 5_000

/**
 * The most findings one file's publication carries, the first in file
 * order, then one note of how many more: a generated 5 MB file with a
 * finding per line was one 30 MB message of 100,000 diagnostics, which an
 * editor then had to parse and draw. `skc lint` still lists them all.
 */
export const MAX_DIAGNOSTICS_PER_FILE = 1_000

/**
 * Whether a lint's findings for a file may be published: the version of its buffer the lint read (undefined:
 * not open then, read from disk) is the one open now (undefined: not open now). A buffer closed or changed
 * since the lint started is not published to: didClose cleared the first, a newer lint publishes the second.
 */
export const publishable = (linted: number | undefined, now: number | undefined): boolean => linted === now

interface SkillState {
  readonly root: string
  readonly runtime: Runtime
  /** A lint runs, or its cooldown: a change now only asks for one more lint after it. */
  running: boolean
  again: boolean
  /** In the window after a lint: a change read now holds the next lint back a little more (`cooldownAfter`). */
  nudge?: (() => void) | undefined
  /** The last lint and the texts it read (root-relative path → text). */
  last?: { readonly lint: BufferLint; readonly texts: ReadonlyMap<string, LintText>; readonly versions: ReadonlyMap<string, number> }
  /** URIs that got diagnostics, so a file whose findings are gone gets an empty list. */
  published: Set<string>
  /** Requests waiting for a lint of the text they were sent after (`lintedNow`); called after each lint. */
  waiters: Array<() => void>
  /** Each file's last parse: a change re-parses the file changed, not the skill's other (large) files. */
  readonly parses: ParseCache
  /** The server's own watch of the skill's directory, when the client watches no files for it (watch.ts). */
  watch?: SkillWatch
  /** The directory `watch` watches: the skill's own, or the nearest one above while it is gone. */
  watchedAt?: string
}

const toPath = (uri: string): string | undefined => {
  if (!uri.startsWith("file:")) return undefined
  try {
    return fileURLToPath(uri)
  } catch {
    return undefined
  }
}

const toUri = (path: string): string => pathToFileURL(path).href

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory()
  } catch {
    return false
  }
}

/** `dir` when it is a directory, else the nearest directory above it (undefined past MAX_DEPTH). */
const nearestDir = (dir: string): string | undefined => {
  for (let i = 0; i < MAX_DEPTH; i++, dir = dirname(dir)) if (isDir(dir)) return dir
  return undefined
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)
/** LSP 3.17 positions are `uinteger`s: a negative line or character is malformed (-32602), not "nothing there". */
const isPosition = (v: unknown): boolean =>
  isObject(v) && Number.isInteger(v.line) && Number.isInteger(v.character) && (v.line as number) >= 0 && (v.character as number) >= 0

/** What a request's params lack of what its handler reads, in the protocol's words; undefined when nothing. */
const isRange = (r: unknown): boolean => isObject(r) && isPosition(r.start) && isPosition(r.end)
/** A range whose end comes before its start (LSP 3.17: a range's end position is after or at its start). */
const isReversed = (r: unknown): boolean => {
  if (!isObject(r) || !isObject(r.start) || !isObject(r.end)) return false
  const [s, e] = [r.start as { line: number; character: number }, r.end as { line: number; character: number }]
  return e.line < s.line || (e.line === s.line && e.character < s.character)
}

export const paramsProblem = (params: unknown, needs: ReadonlyArray<"textDocument" | "position" | "range" | "context" | "newName">): string | undefined => {
  if (needs.length === 0) return undefined
  if (!isObject(params)) return "params must be an object"
  for (const need of needs) {
    if (need === "newName" && typeof params.newName !== "string") return "newName must be a string"
    if (need === "textDocument" && !(isObject(params.textDocument) && typeof params.textDocument.uri === "string")) return "textDocument.uri must be a string"
    if (need === "position" && !isPosition(params.position)) return "position must be {line, character}, two integers"
    if (need === "range" && !isRange(params.range)) return "range must be {start, end}, two positions"
    // A reversed range was answered [] as if nothing were there (an editor probe): the client's mistake, said.
    if (need === "range" && isReversed(params.range)) return "range.end must not come before range.start"
    // A code action's context: the diagnostics it names each have a range (a client's own, matched against ours).
    if (need === "context" && params.context !== undefined) {
      const diagnostics = isObject(params.context) ? params.context.diagnostics : undefined
      if (!isObject(params.context) || (diagnostics !== undefined && !(Array.isArray(diagnostics) && diagnostics.every((d: unknown) => isObject(d) && isRange(d.range)))))
        return "context.diagnostics must be a list of diagnostics, each with a range"
    }
  }
  return undefined
}

/**
 * Why a parsed frame is not one JSON-RPC 2.0 message (a request or notification with a string
 * `method`, or a response with an `id` and a `result` or `error`), or undefined. JSON-RPC 2.0 §5.1 and
 * §6 answer such a frame -32600 Invalid Request; vscode-jsonrpc only logged it to the editor as an
 * error ("neither a response nor a notification").
 */
export const invalidMessage = (
  m: unknown
): { readonly id: string | number | null; readonly message: string; readonly code?: number; readonly drop?: true } | undefined => {
  if (Array.isArray(m)) return { id: null, message: "Invalid Request: one JSON-RPC message per frame (the protocol has no batches)" }
  if (!isObject(m)) return { id: null, message: "Invalid Request: a message is a JSON object" }
  const id = typeof m.id === "string" || typeof m.id === "number" ? m.id : null
  if (m.jsonrpc !== "2.0") return { id, message: 'Invalid Request: "jsonrpc" must be "2.0"' }
  // JSON-RPC 2.0 §4: an id is a string, a number or null; §5: answered with `id: null` when it cannot be read.
  // An object, array or boolean id got no answer at all (vscode-jsonrpc logged the frame and dropped it).
  if ("id" in m && m.id !== null && id === null) return { id: null, message: "Invalid Request: an id is a string, a number or null" }
  // Params, when present, are structured (§4.2). A text document request with `params: null` reached
  // vscode-languageserver, which read `params.workDoneToken` before any handler: -32603 with a JavaScript
  // message. Answered -32602 naming what is wrong; a notification so malformed has no answer and is dropped.
  // `initialize` too: its handler read `params.processId` (-32603 "Cannot read properties of null", an editor probe).
  if (typeof m.method === "string" && (m.method.startsWith("textDocument/") || m.method === "initialize") && !isObject(m.params)) {
    return "id" in m ? { id, code: ErrorCodes.InvalidParams, message: "invalid params: params must be an object" } : { id: null, message: "", drop: true }
  }
  // `initialize` without its `capabilities` (LSP 3.17: required): vscode-languageserver read
  // `capabilities.workspace` before any handler, -32603 with a JavaScript message (an editor probe).
  if (m.method === "initialize" && isObject(m.params) && !isObject(m.params.capabilities)) {
    return { id, code: ErrorCodes.InvalidParams, message: "invalid params: initialize needs capabilities (an object; {} when the client has none)" }
  }
  if (typeof m.method === "string") return undefined
  if ("id" in m && ("result" in m || "error" in m)) return undefined
  return { id, message: 'Invalid Request: neither a request or notification (a string "method") nor a response ("id" with "result" or "error")' }
}

/** The stdin reader, answering a frame that is JSON but no JSON-RPC message with -32600 instead of passing it on. */
class CheckedMessageReader extends StreamMessageReader {
  constructor(
    input: NodeJS.ReadableStream,
    private readonly refuse: (answer: ResponseMessage) => void
  ) {
    super(input)
  }
  override listen(callback: Parameters<StreamMessageReader["listen"]>[0]): ReturnType<StreamMessageReader["listen"]> {
    return super.listen((message) => {
      const problem = invalidMessage(message)
      if (problem === undefined) return callback(message)
      if (problem.drop === true) return
      this.refuse({ jsonrpc: "2.0", id: problem.id, error: { code: problem.code ?? ErrorCodes.InvalidRequest, message: problem.message } })
    })
  }
}

export const serveLsp = (options: LspOptions): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const writer = new StreamMessageWriter(options.output ?? process.stdout)
    // The frames checked first (frameGuard.ts): a Content-Length that is no length is a header error, said and ended on.
    const framed = (options.input ?? process.stdin).pipe(new FrameGuard())
    const reader = new CheckedMessageReader(framed, (answer) => void writer.write(answer).catch(() => {}))
    const connection: Connection = createConnection(reader, writer)
    // JSON-RPC 2.0 §5 and §5.1: a body that is not JSON is answered -32700 "Parse error" with `id: null`.
    // vscode-jsonrpc's reader only fires `onError` for it (the connection answers nothing) and reads on with
    // the next frame, so the answer is written here; the writer queues it behind any answer being written.
    reader.onError((e) => {
      if (!(e instanceof SyntaxError)) return unframed(e)
      const answer: ResponseMessage = { jsonrpc: "2.0", id: null, error: { code: ErrorCodes.ParseError, message: `Parse error: ${e.message}` } }
      void writer.write(answer).catch(() => {})
    })
    /**
     * A frame whose header cannot be read (`Content-Length: abc`, no Content-Length): where the next message
     * starts is lost for good, and vscode-jsonrpc's reader dropped every later message without a word, the
     * editor waiting for answers that never came. The editor is told (its output still works), then the
     * session ends with the reason, as an error (exit 1), so the editor can start the server again.
     */
    let stopped = false
    /**
     * The reader's reason in the editor's terms. vscode-jsonrpc says "Header must provide a Content-Length
     * property." followed by a dump of the headers it parsed, where the cause is most often the previous
     * message's Content-Length, too short (its last bytes were read as the next header): an editor probe
     * was sent looking for a header that was never missing.
     */
    const frameProblem = (reason: string): string => {
      const first = (reason.split("\n")[0] ?? "").replace(/\.$/, "")
      if (!/must provide a Content-Length/i.test(first)) return first
      // The first message has no previous one to blame (a hostile probe: `Content-Length : 495`, a space before the colon).
      return framed.framesPassed <= 1
        ? "the first message's header has no Content-Length line the reader takes (`Content-Length: <bytes>`, no space before the colon)"
        : "the bytes after the previous message are no header with a Content-Length: that message's Content-Length may be wrong, or this header lacks one"
    }
    const unframed = (e: Error) => {
      if (stopped) return
      stopped = true
      const message = `skc lsp: cannot read a message frame from the editor (${frameProblem(e.message)}); where the next message starts is lost, so the server stops`
      void connection.sendNotification("window/showMessage", { type: 1, message }).catch(() => {})
      void disposeAll().then(() => reject(new UsageError({ message: message.replace(/^skc lsp: /, "") })))
    }
    const documents = new TextDocuments(TextDocument)
    const skills = new Map<string, SkillState>()

    /**
     * Whether a buffer of this path is open. A client may spell a path's URI otherwise than pathToFileURL
     * (Neovim 0.7 writes `caf%c3%a9` where Node writes `caf%C3%A9`), so a buffer is found by its path: before,
     * a new SKILL.md in `.skillc/skills/café/` was no skill's and got no diagnostics until saved. The paths
     * (each with the URIs the client opened it by) are gathered again after each open and close (these
     * listeners run before the server's own).
     */
    let openUris: Map<string, Array<string>> | undefined
    documents.onDidOpen(() => (openUris = undefined))
    documents.onDidClose(() => (openUris = undefined))
    const byPath = (): Map<string, Array<string>> => {
      if (openUris === undefined) {
        openUris = new Map()
        for (const uri of documents.keys()) {
          const path = toPath(uri)
          if (path !== undefined) openUris.set(path, [...(openUris.get(path) ?? []), uri])
        }
      }
      return openUris
    }
    const isOpen = (file: string): boolean => documents.get(toUri(file)) !== undefined || byPath().has(file)
    /**
     * The URIs to name a file by: an open buffer's as the client sent it in didOpen (a client keys its
     * diagnostics and edits by the URI string: Neovim 0.7's `caf%c3%a9%20%5bx%5d` got them under Node's
     * `caf%C3%A9%20%5Bx%5D`, another string), else the server's own spelling.
     */
    const urisOf = (file: string): ReadonlyArray<string> => byPath().get(file) ?? [toUri(file)]
    const uriOf = (file: string): string => urisOf(file)[0]!

    // Set once the client sent `exit` or closed its end: a lint still running then (an editor that opened a
    // file and quit at once, a script that wrote its whole session) has no one to publish to, and sending
    // on the closed connection threw "Connection is closed", ending skc with exit 1 instead of 0.
    let closed = false
    const log = (message: string) => {
      if (!closed) connection.console.warn(message)
    }
    // After `shutdown` nothing more is published (LSP 3.17: the server stops its work; a lint in flight then
    // has no one who wants it).
    const sendDiagnostics = (params: PublishDiagnosticsParams) => {
      if (!closed && !shutDown) void connection.sendDiagnostics(params)
    }

    /**
     * The skill directory of a file: the nearest directory above it with a SKILL.md (on disk or open). An
     * open SKILL.md makes its directory a skill even before the directory exists (`:edit
     * .skillc/skills/brand-new/SKILL.md` in Neovim): before, such a buffer got no diagnostics until saved.
     */
    const rootOf = (file: string): string | undefined => {
      let dir = dirname(file)
      for (let i = 0; i < MAX_DEPTH; i++) {
        const skillMd = join(dir, SKILL_FILE)
        if (isOpen(skillMd)) return dir
        if (existsSync(skillMd)) return isDir(dir) ? dir : undefined
        const up = dirname(dir)
        if (up === dir) return undefined
        dir = up
      }
      return undefined
    }

    /**
     * With a client that will not watch files for the server (canWatch unset), the skill's directory is
     * watched here; a directory not on disk yet (a new SKILL.md's) is watched from the first lint after it
     * appears (a save).
     */
    const watchFor = (s: SkillState) => {
      if (canWatch) return
      // A directory removed (`rm -r`, a branch switch) is watched from the nearest one still there, so that
      // made again it is linted and watched anew: its own watchers ended with it, and the open files of
      // the skill stayed without findings (a probe).
      const at = nearestDir(s.root)
      if (at === undefined || (s.watch !== undefined && s.watch.size() > 0 && s.watchedAt === at)) return
      s.watch?.close()
      s.watchedAt = at
      s.watch = watchSkill(at, () => {
        // An event already on its way when the skill was released starts nothing.
        if (skills.get(s.root) === s) lintSkill(s.root)
      })
    }

    /**
     * Released skills whose directories still hold open buffers, watched here (canWatch unset) so that a
     * SKILL.md coming back on disk (`git stash pop`, a branch switch, a file restored) makes them a skill
     * again. The skill's own watch closed with it, and a client that watches no files sends no event: the
     * open files stayed without findings until a keystroke (a probe, Neovim 0.7).
     */
    const orphanWatches = new Map<string, SkillWatch>()
    const hasOpenBelow = (root: string): boolean =>
      documents.all().some((doc) => {
        const file = toPath(doc.uri)
        return file !== undefined && file.startsWith(root + sep)
      })
    const closeOrphanWatch = (root: string) => {
      orphanWatches.get(root)?.close()
      orphanWatches.delete(root)
    }
    /** The open buffers of no linted skill whose directory is a skill now: linted (their findings come back). */
    const lintFreshSkills = (except: ReadonlySet<string> = new Set()) => {
      const fresh = new Set<string>()
      for (const doc of documents.all()) {
        const file = toPath(doc.uri)
        const root = file === undefined ? undefined : rootOf(file)
        if (root !== undefined && !skills.has(root) && !except.has(root)) fresh.add(root)
      }
      for (const root of fresh) lintSkill(root)
      for (const root of [...orphanWatches.keys()]) if (skills.has(root) || !hasOpenBelow(root)) closeOrphanWatch(root)
    }
    const watchOrphans = (root: string) => {
      if (canWatch || shutDown || closed || orphanWatches.has(root) || !hasOpenBelow(root)) return
      // Removed with its directory (`rm -r`): the nearest directory still there, where it would be made again.
      const dir = nearestDir(root)
      if (dir !== undefined) orphanWatches.set(root, watchSkill(dir, () => lintFreshSkills()))
    }

    const stateOf = (root: string): SkillState => {
      let s = skills.get(root)
      if (s === undefined) {
        closeOrphanWatch(root)
        const runtime = ManagedRuntime.make(
          Live({
            cwd: root,
            output: discardingOutput,
            // Warnings (a bad [lint] option, say) go to the editor's log, never to stdout: stdout is the protocol.
            diagnostics: { warn: (w) => Effect.sync(() => log(renderWarning(w))), verbose: () => Effect.void, isVerbose: false }
          })
        ) as Runtime
        s = { root, runtime, running: false, again: false, published: new Set(), waiters: [], parses: new Map() }
        skills.set(root, s)
        watchFor(s)
      }
      return s
    }

    const relPath = (root: string, file: string) => relative(root, file).split(sep).join("/")

    /** The open buffers of the skill at `root` (not of a skill below it), each by its root-relative path. */
    const buffersBelow = (root: string): ReadonlyArray<{ readonly rel: string; readonly doc: TextDocument }> =>
      documents.all().flatMap((doc) => {
        const file = toPath(doc.uri)
        return file === undefined || rootOf(file) !== root ? [] : [{ rel: relPath(root, file), doc }]
      })

    /** Every open buffer below `root`, root-relative, with its text and version. */
    const openBelow = (root: string) => {
      const texts = new Map<string, LintText>()
      const versions = new Map<string, number>()
      for (const { rel, doc } of buffersBelow(root)) {
        texts.set(rel, lintText(doc.getText()))
        versions.set(rel, doc.version)
      }
      return { texts, versions }
    }

    /** The versions of the open buffers below `root`: what a lint must have read for a request to be answered. */
    const versionsBelow = (root: string): ReadonlyMap<string, number> => new Map(buffersBelow(root).map(({ rel, doc }) => [rel, doc.version]))

    /**
     * A finding's range: what its rule says it is about (the link, the
     * mention, the frontmatter key: `endLine`/`endColumn`), else from its
     * column to the end of its line.
     */
    const toDiagnostic = (d: LintDiagnostic, t: LintText | undefined): Diagnostic => {
      const textOf = (line: number) => (t === undefined ? "" : lineText(t, line))
      const shiftOf = (line: number) => (t?.bom === true && line === 0 ? 1 : 0)
      const line = d.line - 1
      const text = textOf(line)
      const start = { line, character: Math.min(d.column - 1, text.length) + shiftOf(line) }
      const endLine = d.endLine === undefined ? undefined : d.endLine - 1
      const end =
        endLine !== undefined && d.endColumn !== undefined && (endLine > line || (endLine === line && d.endColumn > d.column))
          ? { line: endLine, character: Math.min(d.endColumn - 1, textOf(endLine).length) + shiftOf(endLine) }
          : { line, character: Math.max(text.length, d.column - 1) + shiftOf(line) }
      return {
        range: { start, end },
        severity: d.severity === "error" ? 1 : 2,
        code: d.rule,
        codeDescription: { href: `${options.rulesDoc}#${anchor({ id: d.rule, name: d.name })}` },
        source: "skc",
        message: `${d.name}: ${d.message}`
      }
    }

    /**
     * Whether a lint's findings for a file may still be published: the file is open at the version the lint
     * read, or was not open then and is not now (read from disk). A buffer closed since (its findings cleared)
     * or changed since (a newer lint follows and publishes) gets nothing: a lint that ended after didClose put
     * the closed buffer's findings back, for good, tagged with a version older than the one last sent.
     */
    const stillCurrent = (root: string, linted: ReadonlyMap<string, number>) => {
      const now = versionsBelow(root)
      return (rel: string): boolean => publishable(linted.get(rel), now.get(rel))
    }

    const publish = (s: SkillState) => {
      const last = s.last!
      const current = stillCurrent(s.root, last.versions)
      const byFile = new Map<string, Array<Diagnostic>>()
      // Each file's text once per publication: a file with thousands of findings had its text found and its
      // line starts computed again for each (quadratic: a 1 MB reference with 10,000 findings took a minute).
      const texts = new Map<string, LintText | undefined>()
      const textFor = (file: string): LintText | undefined => {
        if (!texts.has(file)) texts.set(file, last.texts.get(file) ?? sourceText(last.lint, file))
        return texts.get(file)
      }
      // A file of a skill nested in this one (a template skill under `templates/x/SKILL.md`) is that skill's:
      // its diagnostics come from its own lint, with its open buffers. Published from here too, they replaced
      // the nested skill's with the file on disk's, back and forth at each keystroke.
      const ownFiles = new Map<string, boolean>()
      const isOwn = (file: string): boolean => {
        let own = ownFiles.get(file)
        if (own === undefined) ownFiles.set(file, (own = rootOf(join(s.root, ...file.split("/"))) === s.root))
        return own
      }
      // A finding about a directory (SKL303: a linked directory leading outside the skill) has no text an
      // editor can show it in, and a directory URI shows nowhere: it goes on SKILL.md's first line, naming it.
      // One look per file, as `isOwn`'s: a file of 10,000 findings is stat'ed once, not 10,000 times.
      const directories = new Map<string, boolean>()
      const isDirectory = (file: string): boolean => {
        let dir = directories.get(file)
        if (dir === undefined) {
          try {
            dir = statSync(join(s.root, ...file.split("/")), { throwIfNoEntry: false })?.isDirectory() === true
          } catch {
            dir = false
          }
          directories.set(file, dir)
        }
        return dir
      }
      for (const found of last.lint.diagnostics) {
        if (!isOwn(found.file)) continue
        const d: LintDiagnostic =
          found.file !== "SKILL.md" && isDirectory(found.file)
            ? { ...found, file: "SKILL.md", line: 1, column: 1, endLine: undefined, endColumn: undefined, message: `${found.file}/: ${found.message}`, fix: undefined, suggestions: undefined }
            : found
        const t = textFor(d.file)
        const list = byFile.get(d.file) ?? []
        list.push(toDiagnostic(d, t))
        byFile.set(d.file, list)
      }
      const now = new Set<string>()
      // A file whose buffer changed since the lint read it keeps what it shows (its URIs stay published) until
      // the next lint; one closed since was cleared by didClose, and is not published again.
      const skip = (file: string) => {
        for (const uri of urisOf(join(s.root, ...file.split("/")))) if (s.published.has(uri) && isOpen(join(s.root, ...file.split("/")))) now.add(uri)
      }
      for (const [file, all] of byFile) {
        if (!current(file)) {
          skip(file)
          continue
        }
        const version = last.versions.get(file)
        const diagnostics = all.length <= MAX_DIAGNOSTICS_PER_FILE ? all : capped(all, file)
        for (const uri of urisOf(join(s.root, ...file.split("/")))) {
          now.add(uri)
          sendDiagnostics({ uri, diagnostics, ...(version === undefined ? {} : { version }) })
        }
      }
      for (const rel of last.texts.keys()) {
        if (byFile.has(rel)) continue
        if (!current(rel)) {
          skip(rel)
          continue
        }
        for (const uri of urisOf(join(s.root, ...rel.split("/")))) {
          if (now.has(uri)) continue
          now.add(uri)
          sendDiagnostics({ uri, diagnostics: [], version: last.versions.get(rel) })
        }
      }
      for (const uri of s.published) if (!now.has(uri)) sendDiagnostics({ uri, diagnostics: [] })
      s.published = now
    }

    /**
     * A lint that failed (a file of the skill it may not read, chmod 000): said as an error at the top of every
     * open file of the skill, in place of findings that no longer hold. It was only a log message, which editors
     * keep out of sight, and the last findings stayed, about text since deleted (a probe of the sixty-second pass).
     */
    const publishFailure = (s: SkillState, texts: ReadonlyMap<string, unknown>, versions: ReadonlyMap<string, number>, why: string) => {
      const now = new Set<string>()
      const message = `skc cannot lint this skill: ${why}`
      const current = stillCurrent(s.root, versions)
      for (const rel of texts.keys()) {
        if (!current(rel)) {
          for (const uri of urisOf(join(s.root, ...rel.split("/")))) if (s.published.has(uri) && isOpen(join(s.root, ...rel.split("/")))) now.add(uri)
          continue
        }
        const version = versions.get(rel)
        for (const uri of urisOf(join(s.root, ...rel.split("/")))) {
          now.add(uri)
          sendDiagnostics({ uri, diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: 1, source: "skc", message }], ...(version === undefined ? {} : { version }) })
        }
      }
      for (const uri of s.published) if (!now.has(uri)) sendDiagnostics({ uri, diagnostics: [] })
      s.published = now
    }

    /** The first MAX_DIAGNOSTICS_PER_FILE findings in file order, and a note at the last one's line of how many are left out. */
    const capped = (all: ReadonlyArray<Diagnostic>, file: string): Array<Diagnostic> => {
      const kept = [...all].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character).slice(0, MAX_DIAGNOSTICS_PER_FILE)
      const at = kept[kept.length - 1]!.range
      const more = all.length - kept.length
      return [
        ...kept,
        { range: at, severity: 3, source: "skc", message: `${more.toLocaleString("en-US")} more findings in ${file} are not shown (the first ${MAX_DIAGNOSTICS_PER_FILE.toLocaleString("en-US")} are); skc lint lists them all` }
      ]
    }

    /**
     * A skill none of whose files is open any more: its diagnostics cleared
     * and its runtime disposed, so a long session holds only the skills
     * being edited.
     */
    const release = (s: SkillState) => {
      for (const uri of s.published) sendDiagnostics({ uri, diagnostics: [] })
      for (const w of s.waiters.splice(0)) w()
      skills.delete(s.root)
      s.watch?.close()
      void s.runtime.dispose().catch(() => {})
      watchOrphans(s.root)
    }

    /** Lint a skill now, or once more after the lint in flight when one is (changes coalesce). */
    const lintSkill = (root: string) => {
      // After `shutdown` a notification (a didChange, a watched file) starts no lint: shutdown disposed every
      // skill's runtime, and a lint would build it and its watchers again.
      if (shutDown) return
      const s = stateOf(root)
      if (s.running) {
        s.again = true
        s.nudge?.()
        return
      }
      s.running = true
      // Whatever throws before the lint starts must not leave `running` set: every later lint would only
      // mark itself as wanted again, and its waiters wait for ever.
      let started: { readonly texts: ReturnType<typeof openBelow>["texts"]; readonly versions: ReturnType<typeof openBelow>["versions"]; readonly open: Map<string, string> }
      try {
        watchFor(s)
        const { texts, versions } = openBelow(root)
        started = { texts, versions, open: new Map([...texts].map(([p, t]) => [p, t.text])) }
      } catch (e) {
        s.running = false
        log(`skc lsp: cannot lint ${root}: ${e instanceof Error ? e.message : String(e)}`)
        for (const w of s.waiters.splice(0)) w()
        return
      }
      const { texts, versions, open } = started
      const lintStarted = performance.now()
      s.runtime
        .runPromiseExit(lintBuffers(root, open, s.parses))
        .then((exit) => {
          if (Exit.isSuccess(exit)) {
            s.last = { lint: exit.value, texts, versions }
            return publish(s)
          }
          // Interrupted: the session ended (shutdown, exit, the editor gone) or the skill was released, and its
          // runtime disposed mid-lint. Nothing went wrong, and there is no one to tell: before, quitting the
          // editor during a lint logged "cannot lint …: All fibers interrupted without error" as a warning.
          if (Cause.hasInterruptsOnly(exit.cause)) return
          const e = Cause.squash(exit.cause)
          log(`skc lsp: cannot lint ${root}: ${e instanceof Error ? e.message : String(e)}`)
          publishFailure(s, texts, versions, isSkcError(e) ? renderError(e) : e instanceof Error ? e.message : String(e))
        })
        // Each waiter checks whether this lint read the text it waits for, and waits on if not (a lint follows).
        .then(() => {
          for (const w of s.waiters.splice(0)) w()
        })
        .finally(() => {
          // The window: COOLDOWN_MS of quiet, each change read in it holding the next lint back COOLDOWN_MS more,
          // up to as long as the lint took. The changes queued during the lint are read one per turn now, back to
          // back, so the window lasts while they drain and no longer: a burst that ended waits 15 ms, not a lint's length.
          const cap = cooldownAfter(performance.now() - lintStarted)
          const opened = performance.now()
          let timer: ReturnType<typeof setTimeout> | undefined
          const fire = () => {
            // A message still arriving (a client that sends the whole text at every change: a 5.5 MB document
            // takes many reads of the pipe, longer than the quiet): the window waits for it, within its bound.
            // Otherwise each whole-text change was linted on its own, 30 changes 14 s behind (an editor probe).
            if (framed.midFrame && performance.now() - opened < cap) return arm()
            s.nudge = undefined
            s.running = false
            // No file of the skill open any more (the last one closed during the lint, after a change): the skill
            // is released, not linted from disk once more to publish findings that the release then clears.
            if (openBelow(root).texts.size === 0) {
              s.again = false
              release(s)
            } else if (s.again) {
              s.again = false
              lintSkill(root)
            }
          }
          const arm = () => {
            if (timer !== undefined) clearTimeout(timer)
            timer = setTimeout(fire, Math.max(0, Math.min(COOLDOWN_MS, cap - (performance.now() - opened))))
          }
          s.nudge = arm
          arm()
        })
    }

    const lintFor = (uri: string) => {
      // LSP 3.17 initialize: notifications before it are dropped (the documents' own, above, are not even kept).
      if (!initialized) return
      const file = toPath(uri)
      const root = file === undefined ? undefined : rootOf(file)
      if (root !== undefined) lintSkill(root)
    }

    /** What a request about a file answers from: its skill's state, that skill's last lint, the file's root-relative path. */
    interface Linted {
      readonly s: SkillState
      readonly last: NonNullable<SkillState["last"]>
      readonly rel: string
    }

    /**
     * The last lint of the skill of `uri`, once it read the text of `uri` the client
     * has sent (LSP 3.17: requests are answered in order after the
     * notifications before them). A request right after a `didChange`
     * otherwise got the previous lint: a quick fix for old text, which an
     * editor that checks versions refuses and one that does not misplaces.
     * A lint that fails or a released skill answers with what there is.
     */
    const lintedNow = (uri: string): Promise<Linted | undefined> => {
      // The skill directory is looked up once per request (rootOf walks up with existsSync).
      const file = toPath(uri)
      const root = file === undefined ? undefined : rootOf(file)
      const doc = documents.get(uri)
      if (file === undefined || root === undefined) return Promise.resolve(undefined)
      const rel = relPath(root, file)
      const linted = (): Linted | undefined => {
        const s = skills.get(root)
        return s?.last === undefined ? undefined : { s, last: s.last, rel }
      }
      // The text the request was sent after: a lint of it, or of a later one, answers it. Compared with the
      // version current at each check, every keystroke after the request put the answer off again, and while
      // a lint took longer than the gap between keystrokes (a 5 MB file) the request waited until typing stopped.
      // Every open file of the skill, not the asking one alone: a rename or a definition reads the skill's other
      // files, and one of them edited just before the request answered from its old text (a link's range a
      // line off, an edit an editor clamped into the heading above it; an LSP probe, 8 runs of 8).
      const asked = versionsBelow(root)
      const fresh = () => {
        const s = skills.get(root)
        if (s?.last === undefined) return false
        for (const [r, v] of asked) {
          const linted = s.last.versions.get(r)
          if (linted === undefined || linted < v) return false
        }
        return true
      }
      if (fresh()) return Promise.resolve(linted())
      // A file of a skill nothing of which is open, never linted: as before, nothing to answer from.
      if (doc === undefined && !skills.has(root)) return Promise.resolve(undefined)
      const s = stateOf(root)
      return new Promise((resolve) => {
        const wait = () => {
          // Called after each lint. Settled: it read this text, or no lint follows (`again` unset: a lint that
          // failed, a text no lint reads), or the skill was released.
          if (fresh() || !skills.has(root) || !s.again) resolve(linted())
          else s.waiters.push(wait)
        }
        s.waiters.push(wait)
        lintSkill(root)
      })
    }

    const sourceText = (lint: BufferLint, rel: string): LintText | undefined => {
      const f = lint.snapshot.markdownFiles.find((m) => m.path === rel) ?? lint.snapshot.evalFiles?.find((m) => m.path === rel)
      return f === undefined ? undefined : lintText(f.source)
    }

    const textOf = (last: NonNullable<SkillState["last"]>, rel: string) => last.texts.get(rel) ?? sourceText(last.lint, rel)

    const editOf = (root: string, last: NonNullable<SkillState["last"]>, file: string, fixes: ReadonlyArray<Fix>): WorkspaceEdit | undefined => {
      const t = textOf(last, file)
      if (t === undefined) return undefined
      const edits: Array<TextEdit> = fixes.flatMap((f) => f.edits).map((e) => ({ range: { start: toPosition(t, e.start), end: toPosition(t, e.end) }, newText: e.text }))
      const uri = uriOf(join(root, ...file.split("/")))
      const version = last.versions.get(file) ?? null
      // A versioned edit: an editor whose buffer moved on since this lint refuses it instead of misplacing it.
      // LSP 3.17 (WorkspaceEdit): only to a client that says it takes `documentChanges`; any other gets the
      // plain `changes` every client applies (an editor probe: a minimal client applied nothing).
      if (!documentChangesSupport) return { changes: { [uri]: edits } }
      const change: TextDocumentEdit = { textDocument: { uri, version }, edits }
      return { documentChanges: [change] }
    }

    // LSP 3.17: a request before `initialize` is answered -32002 (ServerNotInitialized); `initialize` is sent once;
    // after `shutdown` every request but `exit` is -32600 (InvalidRequest).
    let initialized = false
    let shutDown = false
    const notInitialized = () => new ResponseError(ErrorCodes.ServerNotInitialized, "the server is not initialized: send initialize first")
    /**
     * A request handler that answers -32002 until `initialize` has been, -32600 after `shutdown`, and
     * -32602 (InvalidParams) naming the field when a text document request's params lack what it reads:
     * before, a hover without `textDocument` was -32603 with a JavaScript message.
     */
    const whenReady =
      <A extends ReadonlyArray<unknown>, R>(handler: (...args: A) => R, needs: ReadonlyArray<"textDocument" | "position" | "range" | "context" | "newName"> = ["textDocument"]) =>
      (...args: A): R | ResponseError<void> => {
        if (!initialized) return notInitialized()
        if (shutDown) return new ResponseError(ErrorCodes.InvalidRequest, "the server is shut down: only exit is accepted")
        const problem = paramsProblem(args[0], needs)
        return problem === undefined ? handler(...args) : new ResponseError(ErrorCodes.InvalidParams, `invalid params: ${problem}`)
      }
    // Whether the client watches files for the server when asked (Neovim, Helix: it does not unless asked).
    let canWatch = false
    // Whether completion items may say what they replace after the cursor (VS Code does; Neovim 0.7 does not).
    let completionSupport: CompletionSupport = { insertReplace: false }
    /** The client applies a WorkspaceEdit's versioned `documentChanges` (`workspace.workspaceEdit.documentChanges`). */
    let documentChangesSupport = false
    connection.onInitialize((params): InitializeResult | ResponseError<InitializeError> => {
      if (initialized) return new ResponseError<InitializeError>(ErrorCodes.InvalidRequest, "initialize may only be sent once", { retry: false })
      initialized = true
      canWatch = params?.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration === true
      completionSupport = { insertReplace: params?.capabilities?.textDocument?.completion?.completionItem?.insertReplaceSupport === true }
      documentChangesSupport = params?.capabilities?.workspace?.workspaceEdit?.documentChanges === true
      return {
        capabilities: {
          textDocumentSync: { openClose: true, change: 2, save: { includeText: false } },
          codeActionProvider: { codeActionKinds: ["quickfix", "source.fixAll.skc"] },
          completionProvider: { triggerCharacters: ["(", "#", "/", ":", " "] },
          hoverProvider: true,
          documentSymbolProvider: true,
          definitionProvider: true,
          renameProvider: { prepareProvider: true },
          workspace: { workspaceFolders: { supported: true, changeNotifications: true } }
        },
        serverInfo: { name: "skc" }
      }
    })

    // Files created, changed or deleted on disk change findings in open buffers (a link's target gone: SKL301).
    // VS Code's extension watches them itself; other clients send these events only for what the server
    // registers, so it asks for every file once initialized.
    connection.onInitialized(() => {
      if (canWatch) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: "**/*" }] }).catch(() => {})
    })
    documents.onDidChangeContent((e) => lintFor(e.document.uri))
    documents.onDidSave((e) => lintFor(e.document.uri))
    /**
     * The skill a file is of now, else the linted skill whose directory holds it (the deepest): a skill whose
     * SKILL.md was closed unsaved or removed on disk is found by neither its file nor `rootOf`, and its files'
     * findings stayed shown for ever, the skill never released.
     */
    const knownRootOf = (file: string): string | undefined =>
      rootOf(file) ?? [...skills.keys()].filter((r) => file.startsWith(r + sep)).sort((a, b) => b.length - a.length)[0]
    /** Whether a linted skill's directory is still a skill: its SKILL.md open or on disk. */
    const stillSkill = (root: string): boolean => isOpen(join(root, SKILL_FILE)) || existsSync(join(root, SKILL_FILE))
    /** Lint a skill again, or release it (its findings cleared) when it is no skill any more. */
    const relintOrRelease = (s: SkillState) => {
      if (stillSkill(s.root) && openBelow(s.root).texts.size > 0) return lintSkill(s.root)
      // A lint in flight releases the skill when it ends, finding no open file of it.
      if (!stillSkill(s.root)) s.again = false
      if (!s.running) release(s)
    }
    documents.onDidClose((e) => {
      // The closed buffer's findings go; the file's own (from disk) come back with the skill's next lint,
      // unless no file of the skill is open any more: then the skill is released.
      sendDiagnostics({ uri: e.document.uri, diagnostics: [] })
      const file = toPath(e.document.uri)
      const root = file === undefined ? undefined : knownRootOf(file)
      const s = root === undefined ? undefined : skills.get(root)
      if (s !== undefined) relintOrRelease(s)
      for (const orphan of [...orphanWatches.keys()]) if (!hasOpenBelow(orphan)) closeOrphanWatch(orphan)
    })
    connection.onDidChangeWatchedFiles((e) => {
      const roots = new Set<string>()
      let skillFiles = false
      for (const c of e?.changes ?? []) {
        const file = typeof c?.uri === "string" ? toPath(c.uri) : undefined
        if (file !== undefined && basename(file) === SKILL_FILE) skillFiles = true
        const root = file === undefined ? undefined : knownRootOf(file)
        if (root !== undefined && skills.has(root)) roots.add(root)
      }
      for (const root of roots) relintOrRelease(skills.get(root)!)
      // A SKILL.md created (or moved back) on disk makes its directory a skill: the open buffers below it, which
      // were of no skill, are linted now. Before, they waited for a keystroke or a save (editors.md: files
      // created on disk re-lint the open skills they belong to, with no keystroke in between).
      if (!skillFiles || !initialized) return
      lintFreshSkills(roots)
    })

    connection.onCodeAction(whenReady(async (params) => {
      const at = await lintedNow(params.textDocument.uri)
      if (at === undefined) return []
      const { s, last, rel } = at
      const actions: Array<CodeAction> = []
      const here = last.lint.diagnostics.filter((d) => d.file === rel)
      const t = textOf(last, rel)
      // Where each certain fix edits: a fix of every occurrence of a mention is offered at each (ranges.ts).
      const fixedAt = (d: LintDiagnostic) => (t === undefined || d.fix === undefined ? undefined : d.fix.edits.map((e) => ({ start: toPosition(t, e.start), end: toPosition(t, e.end) })))
      const asked = requested(
        here.map((d) => ({ d, fixedAt: fixedAt(d), ...toDiagnostic(d, t) })),
        params.range,
        params.context?.diagnostics ?? []
      )
      for (const { d, fixedAt: _, ...diagnostic } of asked) {
        if (d.fix !== undefined) {
          const edit = editOf(s.root, last, d.file, [d.fix])
          if (edit !== undefined) actions.push({ title: `${d.fix.title} (${d.rule})`, kind: "quickfix", diagnostics: [diagnostic], isPreferred: true, edit })
        }
        for (const g of d.suggestions ?? []) {
          const edit = editOf(s.root, last, d.file, [g])
          if (edit !== undefined) actions.push({ title: `${g.title} (${d.rule})`, kind: "quickfix", diagnostics: [diagnostic], edit })
        }
      }
      const fixes = compatibleFixes(here.flatMap((d) => (d.fix === undefined ? [] : [d.fix])))
      const only = params.context?.only
      if (fixes.length > 0 && (only === undefined || only.some((k) => "source.fixAll.skc".startsWith(k)))) {
        const edit = editOf(s.root, last, rel, fixes)
        if (edit !== undefined) actions.push({ title: "Fix all certain skc problems in this file", kind: "source.fixAll.skc", edit })
      }
      return only === undefined ? actions : actions.filter((a) => only.some((k) => a.kind === k || a.kind!.startsWith(`${k}.`)))
    }, ["textDocument", "range", "context"]))

    connection.onCompletion(whenReady(async (params) => {
      const at = await lintedNow(params.textDocument.uri)
      const doc = documents.get(params.textDocument.uri)
      if (at === undefined || doc === undefined) return []
      return [...complete(at.last.lint.snapshot, at.rel, lintText(doc.getText()), params.position, completionSupport)]
    }, ["textDocument", "position"]))

    connection.onDocumentSymbol(whenReady(async (params) => {
      const at = await lintedNow(params.textDocument.uri)
      const t = at === undefined ? undefined : textOf(at.last, at.rel)
      return at === undefined || t === undefined ? [] : [...documentSymbols(at.last.lint.snapshot, at.rel, t)]
    }))

    connection.onDefinition(whenReady(async (params) => {
      const at = await lintedNow(params.textDocument.uri)
      const t = at === undefined ? undefined : textOf(at.last, at.rel)
      if (at === undefined || t === undefined) return null
      // A link's target, else the files a path mention names (one, or each of a directory's or glob's).
      const to = definitions(at.last.lint.snapshot, at.rel, t, params.position)
      const locations = to.map((d) => ({ uri: uriOf(join(at.s.root, ...d.path.split("/"))), range: { start: { line: d.line, character: 0 }, end: { line: d.line, character: 0 } } }))
      return locations.length === 0 ? null : locations.length === 1 ? locations[0]! : locations
    }, ["textDocument", "position"]))

    connection.onPrepareRename(whenReady(async (params) => {
      const at = await lintedNow(params.textDocument.uri)
      const t = at === undefined ? undefined : textOf(at.last, at.rel)
      if (at === undefined || t === undefined) return null
      return headingTextRange(at.last.lint.snapshot, at.rel, t, params.position.line)?.range ?? null
    }, ["textDocument", "position"]))

    connection.onRenameRequest(whenReady(async (params) => {
      const at = await lintedNow(params.textDocument.uri)
      if (at === undefined) return null
      // Refused with the reason, which the editor shows; before, "" renamed "# Demo" to "# " and its links to "#".
      const problem = headingTextProblem(params.newName)
      if (problem !== undefined) return new ResponseError(ErrorCodes.InvalidParams, `cannot rename the heading: ${problem}`)
      const edits = renameHeading(at.last.lint.snapshot, at.rel, params.position.line, params.newName, (p) => textOf(at.last, p))
      if (edits === undefined) return null
      const changes: Record<string, Array<TextEdit>> = {}
      for (const [file, list] of edits) changes[uriOf(join(at.s.root, ...file.split("/")))] = [...list]
      return { changes }
    }, ["textDocument", "position", "newName"]))

    connection.onHover(whenReady(async (params) => {
      const at = await lintedNow(params.textDocument.uri)
      const t = at === undefined ? undefined : textOf(at.last, at.rel)
      if (at === undefined || t === undefined) return null
      const snapshot = at.last.lint.snapshot
      const line = params.position.line
      const fm = snapshot.frontmatter
      if (at.rel === SKILL_FILE && fm._tag === "Parsed" && line > 0 && line < frontmatterEnd(t)) {
        // On the `description` key or its value's lines (up to the next key).
        const start = fm.keyLines.description
        const next = Object.values(fm.keyLines).filter((l) => start !== undefined && l > start).sort((a, b) => a - b)[0] ?? fm.endLine
        if (start === undefined || line + 1 < start || line + 1 >= next) return null
        const name = typeof fm.data.name === "string" && fm.data.name !== "" ? fm.data.name : snapshot.dirName
        const costs = await at.s.runtime.runPromise(listingCost(name, fm.data, snapshot.profiles ?? [], join(at.s.root, SKILL_FILE)))
        return { contents: { kind: "markdown", value: descriptionHover(costs) } }
      }
      const heading = (snapshot.markdown(at.rel)?.headings ?? []).find((h) => h.line === line + 1)
      if (heading === undefined) return null
      const lines: Array<string> = []
      for (let l = heading.line - 1; l < heading.endLine - 1; l++) lines.push(lineText(t, l))
      const reads = await at.s.runtime.runPromise(sectionReads(at.s.root, READ_DAYS))
      // This heading's own reads: of two headings of one text, each read counts for the one `show` showed.
      const count = reads.available ? readsOfHeading(reads.reads, at.rel, heading.line, heading.text) : undefined
      return { contents: { kind: "markdown", value: headingHover(heading.text, estimateTokens(lines.join("\n")), count, READ_DAYS) } }
    }, ["textDocument", "position"]))

    const disposeAll = async () => {
      for (const root of [...orphanWatches.keys()]) closeOrphanWatch(root)
      for (const s of skills.values()) {
        s.watch?.close()
        await s.runtime.dispose().catch(() => {})
      }
      skills.clear()
    }
    connection.onShutdown(
      whenReady(async () => {
        shutDown = true
        await disposeAll()
      }, [])
    )
    connection.onExit(() => {
      closed = true
      resolve()
      // LSP 3.17 `exit`: status 0 only after a `shutdown` that was answered. vscode-languageserver counts one
      // it refused (-32002 before `initialize`) and then exits 0 itself (an editor probe), so a refused one
      // ends here with 1 before the library's own exit.
      if (!shutDown) process.exit(1)
    })
    // A method the server does not handle follows the same lifecycle (LSP 3.17): -32002 before `initialize`,
    // -32600 after `shutdown`, and only in between -32601. The library's own fallback answered -32601
    // at any time, so an editor probing a method after shutdown was told it exists in some other state.
    connection.onRequest((method) => {
      if (!initialized) return notInitialized()
      if (shutDown) return new ResponseError(ErrorCodes.InvalidRequest, "the server is shut down: only exit is accepted")
      return new ResponseError(ErrorCodes.MethodNotFound, `unhandled method ${method}`)
    })
    // The client gone without `exit` (an editor that crashed or was killed closes its end of the pipe):
    // stop. vscode-languageserver does so for the streams it opens itself, not for a reader it is given,
    // and without this the server outlived its editor, one process per crash.
    const ended = () => {
      closed = true
      void disposeAll().then(() => resolve())
    }
    reader.onClose(ended)
    // Input that is a file or /dev/null (a script, CI) ends without a 'close': Node opens such a stdin with
    // autoClose off. Its 'end' is the same news; before, `skc lsp < /dev/null` never exited, and a SIGTERM
    // (which ends stdin) waited out the runner's grace.
    // The checked frames' end, which follows the input's once its last message has gone through.
    framed.once("end", ended)

    // LSP 3.17 initialize: "a notification [before it] should be dropped". The documents' notifications are
    // gated here: before, a didOpen sent before initialize was kept and linted once asked about, and later
    // incremental changes applied to that text.
    // A notification whose params are not what the protocol says (a didOpen without its text) is dropped
    // with a line in the editor's log: kept, it became a document whose text was `undefined`, every lint of
    // its skill threw, and the skill was never linted again.
    const gate =
      <P>(register: (handler: (params: P) => void) => Disposable, method: string, wellFormed: (params: unknown) => boolean = () => true) =>
      (handler: (params: P) => void) =>
        register((params) => {
          // Before initialize and after shutdown, notifications are dropped (LSP 3.17).
          if (!initialized || shutDown) return
          if (!wellFormed(params)) return log(`skc lsp: ${method} with malformed params ignored`)
          handler(params)
        })
    documents.listen({
      onDidOpenTextDocument: gate((h) => connection.onDidOpenTextDocument(h), "textDocument/didOpen", openedWellFormed),
      onDidChangeTextDocument: gate((h) => connection.onDidChangeTextDocument(h), "textDocument/didChange", changedWellFormed),
      onDidCloseTextDocument: gate((h) => connection.onDidCloseTextDocument(h), "textDocument/didClose", namesDocument),
      onWillSaveTextDocument: gate((h) => connection.onWillSaveTextDocument(h), "textDocument/willSave", namesDocument),
      onWillSaveTextDocumentWaitUntil: (h) => connection.onWillSaveTextDocumentWaitUntil((p, t) => (initialized ? h(p, t) : undefined)),
      onDidSaveTextDocument: gate((h) => connection.onDidSaveTextDocument(h), "textDocument/didSave", namesDocument)
    })
    connection.listen()
  })
