/**
 * Compilation proper (RFC-0001:C-INPUT, C-STUB, C-SECTIONS, C-MANIFEST,
 * C-CONSTRAINTS): read the source once, hash every file, scan every `.md`
 * file with the one markdown model, render stub and manifest. Writing them
 * is `writeRuntime`; deployment is `deploy.ts`.
 *
 * `Compiled` keeps what the search index needs (the tree, each markdown
 * file's text and scan), so a build reads and parses the markdown once.
 */
import { claudeFrontmatter } from "../../domain/agents/claudeFrontmatter.js"
import { Clock, Effect } from "effect"
import { Path } from "effect/Path"
import { freeAsideName, Settings } from "../shared/index.js"
import { InternalError, InvalidFrontmatter, MissingFrontmatterField, UsageError, Warning } from "../../domain/errors.js"
import { argumentHint, argumentNames, bodyText, usesArguments } from "../../domain/agents/claudeBody.js"
import { frontmatterProblemText } from "../../domain/markdown/frontmatter.js"
import { nulLine, nulMessage } from "../../domain/markdown/nul.js"
import { nameFormatProblem } from "../../domain/protocol/metadata.js"
import { describeNameProblem, nameProblem, suggestedName } from "../../domain/skillName.js"
import { scanMarkdown, type MarkdownDoc } from "../../domain/markdown/model.js"
import { MANIFEST_FILE, MANIFEST_VERSION, META_DIR, parseManifest, renderManifest, SKILLC_VERSION, type Manifest } from "../../domain/manifest.js"
import { isMarkdownPath, isOversized, MAIN_DOC } from "../../domain/sourcePaths.js"
import { indexedFormat } from "../../domain/search/documents.js"
import { referenceInfo, renderStub, type StubReference } from "../../domain/stub.js"
import { type Diagnostics, warn } from "../../ports/Diagnostics.js"
import { FileSystem, type FsError, unseenAs } from "../../ports/FileSystem.js"
import { Hasher } from "../../ports/Hasher.js"
import { Progress } from "../../ports/Progress.js"
import type { IndexedSourceFile } from "../../ports/SearchIndex.js"
import type { ResolvedSkill } from "../skills/index.js"
import { readFailure } from "../shared/index.js"
import { answersFor } from "./settledRecords.js"
import { combineSourceHash, isGone, RACY_WINDOW_MS, unlessGone, recordedSourceHash, scanSourceTree, type SourceTree } from "../shared/index.js"

export interface MarkdownFile {
  readonly path: string
  readonly source: string
  readonly doc: MarkdownDoc
}

export interface Compiled {
  readonly skill: ResolvedSkill
  readonly tree: SourceTree
  /**
   * The `.md` files read by this compilation, bytewise path order, parsed
   * once: every one on a first build; on an incremental build (issue 16)
   * only those whose size or mtime moved, plus SKILL.md. SKILL.md alone
   * when the compilation fed a new index (`CompileOptions.feed`).
   */
  readonly markdown: ReadonlyArray<MarkdownFile>
  /** How many `.md` files the tree holds (read or not). */
  readonly markdownCount: number
  /** What the search index keeps of every file for the next build. */
  readonly sourceFiles: ReadonlyArray<IndexedSourceFile>
  /** SHA-256 of each file, keyed by relative path. */
  readonly fileHashes: ReadonlyMap<string, string>
  readonly sourceHash: string
  readonly totalBytes: number
  readonly name: string
  readonly description: string
  readonly stub: string
  readonly manifest: Manifest
}

// A file skc may not read is named as such, not E999 (issue 29 item 5).
const internal = (e: FsError) => readFailure(e)

const utf8 = new TextDecoder("utf-8")

/**
 * A required frontmatter field as text, or undefined when missing, empty or
 * not text. A number or boolean (`name: 123`, `description: true`) is not
 * built as its string: YAML would hand the stub `"1"` for `1.0` and `"31"`
 * for `0x1F`, rewriting the author's value, and lint refuses it (SKL102,
 * SKL106 "must be a string"); E011 says to quote it.
 */
const field = (data: Readonly<Record<string, unknown>>, key: string): string | undefined => {
  const v = data[key]
  if (typeof v === "string") return v.trim() === "" ? undefined : v
  return undefined
}

/**
 * Why a required field reads as missing, for E011's indented line: the template names the field,
 * which misleads when the field is there but empty or not text, or when there is no frontmatter.
 */
const missingDetail = (fm: MarkdownDoc["frontmatter"], data: Readonly<Record<string, unknown>>, key: string): ReadonlyArray<string> => {
  if (fm._tag === "Absent") return ["SKILL.md has no frontmatter: its first line must be '---', then 'name:' and 'description:', then '---'"]
  if (!Object.prototype.hasOwnProperty.call(data, key)) return []
  const v = data[key]
  if (v === null || (typeof v === "string" && v.trim() === "")) return [`'${key}' is there but empty`]
  if (typeof v === "number" || typeof v === "boolean") return [`'${key}' is the YAML ${typeof v} ${String(v)}, not text: quote the value as written (${key}: "…")`]
  return [`'${key}' is ${Array.isArray(v) ? "a list" : typeof v === "object" ? "a map" : `a ${typeof v}`}, not text`]
}

/** Whether Claude Code's second reading (its values quoted) parses `source`'s frontmatter: lint's SKL100 then names the quoting. */
const claudeRepairs = (source: string): boolean => {
  const read = claudeFrontmatter(source)
  return read.frontmatter._tag === "Parsed" && read.repaired.length > 0
}

/** The second line of E011 for a YAML syntax error lint names a quoting for. */
export const LINT_REPAIRS = "'skc lint' on this skill names the quoting that repairs it, and how agents that read such a value anyway read it (SKL100)"

/** name and description of SKILL.md, or E011 (unparseable YAML says so: issue 29 item 5). */
export const requiredFrontmatter = (doc: MarkdownDoc, source?: string) => {
  // A NUL byte: refused as lint refuses it (SKL100), never built (issue 29 item 5).
  const nul = source === undefined ? undefined : nulLine(source)
  if (nul !== undefined) return Effect.fail(new InvalidFrontmatter({ problem: nulMessage(nul, source) }))
  const fm = doc.frontmatter
  // `skc lint` says more of a YAML error than build can: the value an agent that repairs it reads, and the quoting to write.
  if (fm._tag === "Invalid") {
    const problem = frontmatterProblemText(fm)
    // Only where lint has that to say: a value Claude Code reads once quoted (claudeFrontmatter.ts). A tab used as
    // indentation or an unclosed quote has no such repair, and lint says what build says (an author's probe).
    const quotable = source !== undefined && problem.startsWith("YAML syntax error") && claudeRepairs(source)
    return Effect.fail(new InvalidFrontmatter({ problem, ...(quotable ? { hint: LINT_REPAIRS } : {}) }))
  }
  const data = fm._tag === "Parsed" ? fm.data : {}
  const name = field(data, "name")
  if (name === undefined) return Effect.fail(new MissingFrontmatterField({ field: "name", detail: missingDetail(fm, data, "name") }))
  // Issue 43 (DECISIONS #19, #52): a name lint's SKL102 refuses is never built; the message says the fix.
  if (nameFormatProblem(name) !== undefined) {
    const example = suggestedName(name)
    return Effect.fail(
      new InvalidFrontmatter({
        problem: `invalid skill name '${name}': use lowercase letters, digits and single hyphens${example === undefined ? "" : `, e.g. '${example}'`}`
      })
    )
  }
  const description = field(data, "description")
  if (description === undefined) return Effect.fail(new MissingFrontmatterField({ field: "description", detail: missingDetail(fm, data, "description") }))
  return Effect.succeed({ name, description })
}

/** The stub's `arguments` when SKILL.md's body uses Claude Code's placeholders (claudeBody.ts). */
const stubArguments = (doc: MarkdownDoc, source: string) => {
  const data = doc.frontmatter._tag === "Parsed" ? doc.frontmatter.data : {}
  const names = argumentNames(data)
  return usesArguments(bodyText(source, doc.bodyStartLine), names) ? { arguments: { names, hint: argumentHint(data) } } : {}
}

/** Options of `compileSkill`. */
export interface CompileOptions {
  /**
   * What the search index remembers of each file from the last build: a
   * file whose size and mtime match a trusted record is not read again
   * (its hash, title and description come from the record).
   */
  readonly previous?: ReadonlyMap<string, IndexedSourceFile>
  /** Records learnt after the index was written (settledRecords.ts): used where the index has none that answers. */
  readonly settled?: ReadonlyMap<string, IndexedSourceFile>
  /** The source hash the index recorded with `previous` (its `index_meta.source_hash`). */
  readonly previousSourceHash?: string
  /**
   * The new search index, fed each indexed file as it is read (issue 44,
   * `compileAndIndex`): then no file's text or model outlives its turn
   * but SKILL.md's, and `Compiled.markdown` holds SKILL.md alone.
   */
  readonly feed?: IndexFeed
}

/** What a compilation hands the search index as it reads (`compileAndIndex` in indexing.ts makes one). */
export interface IndexFeed {
  /** A file of an indexed format read whole: its text, and its model when it is markdown. */
  readonly file: (path: string, text: string, doc: MarkdownDoc | undefined) => Effect.Effect<void, InternalError, Diagnostics>
  /** A file of an indexed format above `[search] max_file_bytes`: hashed in pieces, never read, not indexed. */
  readonly oversized: (path: string, size: number) => Effect.Effect<void, never, Diagnostics>
}

/** Files read per FileSystem call during a build: small enough to bound memory, large enough to amortise the call. */
const READ_BATCH = 64
/**
 * The same when each file goes to the index as it is read (`feed`): a
 * batch's bytes live until its last file is done, long enough for V8 to
 * move them to the old generation, which frees them only at a full
 * collection; four files at a time die young (issue 44).
 */
const FEED_BATCH = 4

const chunks = <A>(items: ReadonlyArray<A>, size: number): Array<ReadonlyArray<A>> => {
  const out: Array<ReadonlyArray<A>> = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * DECISIONS #46: a project store skill's source relative to the project root
 * (`.skillc/skills/<name>`), the same on every clone of the project.
 */
const sourceRel = (skill: ResolvedSkill, path: Path): string | undefined => {
  if (skill.scope !== "project") return undefined
  const store = path.dirname(skill.sourceDir)
  if (path.basename(store) !== "skills" || path.basename(path.dirname(store)) !== ".skillc") return undefined
  return `.skillc/skills/${path.basename(skill.sourceDir)}`
}

export const compileSkill = Effect.fnUntraced(function* (skill: ResolvedSkill, options: CompileOptions = {}) {
  const fs = yield* FileSystem
  const path = yield* Path
  const hasher = yield* Hasher
  const progress = yield* Progress
  const now = yield* Clock.currentTimeMillis
  const tree = yield* scanSourceTree(skill.sourceDir)
  // A compilation feeding an index written whole (`feed`) reads every file: a record lets a read be
  // skipped, and a file not read is a file the new index lacks (the settled records of an index being
  // replaced left the rebuilt one without their sections, and later builds said "unchanged").
  const reuse = options.feed === undefined
  const previous = (reuse ? options.previous : undefined) ?? new Map<string, IndexedSourceFile>()
  const settled = (reuse ? options.settled : undefined) ?? new Map<string, IndexedSourceFile>()
  const { maxFileBytes } = (yield* Settings).config

  // Unchanged files (size and mtime as recorded, recorded long enough after
  // their last change) are taken from the record; SKILL.md is always read
  // (the stub lists its headings).
  const recorded = new Map<string, IndexedSourceFile>()
  const toRead: Array<(typeof tree.files)[number]> = []
  // Issue 29 item 3: a file above the limit is hashed in pieces, never held in memory, and not indexed.
  const oversized: Array<(typeof tree.files)[number]> = []
  for (const f of tree.files) {
    const indexed = previous.get(f.path)
    const settledRecord = settled.get(f.path)
    const known = answersFor(indexed, f) ? indexed : answersFor(settledRecord, f) ? settledRecord : undefined
    if (known !== undefined && f.path !== MAIN_DOC) {
      recorded.set(f.path, known)
    } else if (isOversized(f, maxFileBytes)) oversized.push(f)
    else toRead.push(f)
  }

  // RFC-0001:C-ERRORS: SKILL.md is read and its frontmatter and the folder's name checked before
  // anything is written. A compilation feeding a new index (`feed`) opens the index file at the first
  // file it reads, so an invalid name in a read-only checkout said "cannot write search index" (E999)
  // instead of E011; and a refused skill now costs one file read, not the whole tree's.
  const mainFile = toRead.find((f) => f.path === MAIN_DOC)
  if (mainFile === undefined) return yield* Effect.fail(new InternalError({ message: `SKILL.md of '${skill.name}' is not a file` }))
  const mainBytes = yield* fs.readFile(path.join(tree.root, MAIN_DOC)).pipe(Effect.mapError(internal))
  const mainSource = utf8.decode(mainBytes)
  const mainDoc = scanMarkdown(mainSource)
  const { name, description } = yield* requiredFrontmatter(mainDoc, mainSource)
  // The folder's name is the name skc stores, links and serves the skill by (DECISIONS #19, #52): one the
  // frontmatter rule would refuse (`PG Migrations`, imported by path) was built and linked as it was. An
  // import that fails here is taken back out of the store.
  const badFolder = nameProblem(skill.name)
  if (badFolder !== undefined) {
    // The frontmatter's name where it is a valid one (`pdf (1)` holding `name: pdf`: 'pdf-1' then met SKL104,
    // name and folder differing), else one made from the folder's; never a folder beside it that exists
    // (`Foo` beside `foo`: "e.g. to 'foo'"; a paths probe).
    const candidates = [...(nameProblem(name) === undefined ? [name] : []), suggestedName(skill.name)].filter((n): n is string => n !== undefined)
    let example: string | undefined
    for (const c of candidates) {
      const beside = yield* fs.lstatOption(path.join(path.dirname(skill.sourceDir), c)).pipe(unseenAs(undefined))
      if (beside === undefined) {
        example = c
        break
      }
    }
    return yield* Effect.fail(
      new UsageError({
        message: `${describeNameProblem(skill.name, badFolder)}: skc stores, links and serves a skill by its folder's name`,
        detail: [`rename the folder${example === undefined ? "" : ` (e.g. to '${example}')`} and build it again`]
      })
    )
  }

  const feed = options.feed
  const markdown: Array<MarkdownFile> = []
  // What compilation keeps of each file read: its hash, and a markdown file's title and description for the stub.
  const read = new Map<string, { readonly hash: string; readonly info?: { readonly title: string | undefined; readonly description: string | undefined } }>()
  let totalBytes = 0
  for (const f of oversized) {
    const hash = yield* fs.hashFile(path.join(tree.root, ...f.path.split("/"))).pipe(Effect.mapError(internal))
    read.set(f.path, { hash })
    totalBytes += f.size
    if (feed !== undefined && indexedFormat(f.path) !== undefined) yield* feed.oversized(f.path, f.size)
  }
  progress.start(`Building ${skill.name}`, toRead.length)
  // One file read: hashed, a markdown file scanned once; what the index needs goes to the feed.
  const take = (f: (typeof toRead)[number], bytes: Uint8Array): Effect.Effect<void, InternalError, Diagnostics> => {
    const hash = hasher.sha256Hex(bytes)
    totalBytes += bytes.byteLength
    progress.update(++done)
    if (!isMarkdownPath(f.path)) {
      read.set(f.path, { hash })
      return feed !== undefined && indexedFormat(f.path) === "text" ? feed.file(f.path, utf8.decode(bytes), undefined) : Effect.void
    }
    // SKILL.md was read and scanned above, for the checks.
    const source = f.path === MAIN_DOC ? mainSource : utf8.decode(bytes)
    const doc = f.path === MAIN_DOC ? mainDoc : scanMarkdown(source)
    if (feed === undefined || f.path === MAIN_DOC) markdown.push({ path: f.path, source, doc })
    read.set(f.path, { hash, info: referenceInfo(doc) })
    return feed === undefined ? Effect.void : feed.file(f.path, source, doc)
  }
  // Files are read in batches (one read per batch, not per file: per-file
  // overhead is what a big skill would feel), hashed and parsed in order.
  let done = 0
  yield* Effect.forEach(
    chunks(toRead, feed === undefined ? READ_BATCH : FEED_BATCH),
    (batch) => {
      // SKILL.md is not read twice; its turn in path order is kept.
      const rest = batch.filter((f) => f !== mainFile)
      const paths = rest.map((f) => path.join(tree.root, ...f.path.split("/")))
      // A file removed since the scan (an editor's temporary file) is left out of this build, as the next scan
      // leaves it out: one by one then. It failed the build with E999 while someone edited the skill.
      const contents = fs
        .readFiles(paths)
        .pipe(Effect.catch((e) => (isGone(e) ? Effect.forEach(paths, (p) => unlessGone(fs.readFile(p))) : Effect.fail(internal(e)))))
      return Effect.flatMap(contents, (got) => {
        let next = 0
        return Effect.forEach(
          batch,
          (f) => {
            const bytes = f === mainFile ? mainBytes : got[next++]
            return bytes === undefined ? Effect.void : take(f, bytes)
          },
          { discard: true }
        )
      })
    },
    { discard: true }
  ).pipe(Effect.ensuring(Effect.sync(() => progress.stop())))

  const fileHashes = new Map<string, string>()
  const pairs: Array<readonly [string, string]> = []
  const sourceFiles: Array<IndexedSourceFile> = []
  const references: Array<StubReference> = []
  let markdownCount = 0
  for (const f of tree.files) {
    const known = recorded.get(f.path)
    const fresh = read.get(f.path)
    // Removed since the scan (above): not part of what was built.
    if (known === undefined && fresh === undefined) continue
    const hash = known?.hash ?? fresh!.hash
    const info = known ?? fresh?.info ?? { title: undefined, description: undefined }
    if (known !== undefined) totalBytes += f.size
    fileHashes.set(f.path, hash)
    pairs.push([f.path, hash])
    sourceFiles.push({
      path: f.path,
      size: f.size,
      mtimeMs: f.mtimeMs,
      hash,
      trusted: now - f.mtimeMs > RACY_WINDOW_MS,
      title: info.title,
      description: info.description
    })
    if (isMarkdownPath(f.path)) {
      markdownCount++
      if (f.path !== MAIN_DOC) references.push({ path: f.path, title: info.title, description: info.description })
    }
  }

  const sourceHash = recordedSourceHash(pairs, previous, options.previousSourceHash) ?? (yield* combineSourceHash(pairs))
  const stub = renderStub({
    name,
    description,
    skill: skill.name,
    main: mainDoc.headings,
    references,
    ...(mainDoc.frontmatter._tag === "Parsed"
      ? { fields: mainDoc.frontmatter.data, source: { raw: mainDoc.frontmatter.raw, keyLines: mainDoc.frontmatter.keyLines } }
      : {}),
    ...stubArguments(mainDoc, mainSource)
  })
  const builtAt = new Date(yield* Clock.currentTimeMillis).toISOString()
  const sourceRelative = sourceRel(skill, path)
  const manifest: Manifest = {
    skill: skill.name,
    version: MANIFEST_VERSION,
    built_at: builtAt,
    source_hash: sourceHash,
    source_path: skill.canonicalSourceDir,
    ...(sourceRelative === undefined ? {} : { source_rel: sourceRelative }),
    // Builds resolve through the stores and paths only (DECISIONS #38).
    scope: skill.scope === "project" || skill.scope === "global" ? skill.scope : "path",
    skillc_version: SKILLC_VERSION,
    file_count: tree.files.length,
    markdown_count: markdownCount,
    total_bytes: totalBytes,
    name,
    description
  }
  const compiled: Compiled = {
    skill,
    tree,
    markdown,
    markdownCount,
    sourceFiles,
    fileHashes,
    sourceHash,
    totalBytes,
    name,
    description,
    stub,
    manifest
  }
  return compiled
})

/**
 * A `.skillc-meta` that is not a directory (a file left by a crash or a
 * mistake) made every build fail with E999: it is moved aside to
 * `.skillc-meta.corrupt-<timestamp>` with a warning and rebuilt (issue 19).
 */
export const repairMetaDir = Effect.fnUntraced(function* (meta: string) {
  const fs = yield* FileSystem
  const info = yield* fs.lstatOption(meta).pipe(unseenAs(undefined))
  if (info === undefined || info.type === "directory") return
  // A symlink to a directory is the user's choice: left alone.
  if (info.type === "symlink") {
    const target = yield* fs.statOption(meta).pipe(unseenAs(undefined))
    if (target?.type === "directory") return
  }
  const aside = yield* freeAsideName(meta)
  yield* fs.rename(meta, aside).pipe(Effect.mapError(internal))
  yield* warn(Warning.notice(`'${meta}' was not a directory; moved aside to '${aside}' and rebuilt`))
})

/**
 * Write the stub and the manifest (RFC-0001:C-OUTPUT): the runtime directory
 * gets nothing else, no source content ever. Both files are replaced
 * atomically, so an agent never reads half a stub. A file whose content
 * would not change is left alone (issue 16): the stub when its text is the
 * same, the manifest when it differs only in `built_at`, which therefore
 * names the build that last changed the runtime.
 */
export const writeRuntime = Effect.fnUntraced(function* (runtimeDir: string, compiled: Compiled) {
  const fs = yield* FileSystem
  const path = yield* Path
  const meta = path.join(runtimeDir, META_DIR)
  yield* repairMetaDir(meta)
  const current = (file: string) =>
    fs.readFile(file).pipe(
      Effect.map((bytes) => utf8.decode(bytes)),
      // Recovery: a stub or manifest that cannot be read differs from the compiled one, so it is written again (which reports its own failure).
      Effect.orElseSucceed(() => undefined)
    )
  const stubPath = path.join(runtimeDir, "SKILL.md")
  const manifestPath = path.join(meta, MANIFEST_FILE)
  yield* fs.makeDirectory(meta, { recursive: true }).pipe(Effect.mapError(internal))
  if ((yield* current(stubPath)) !== compiled.stub) {
    yield* fs.writeFileAtomic(stubPath, compiled.stub).pipe(Effect.mapError(internal))
  }
  const oldText = yield* current(manifestPath)
  const old = oldText === undefined ? undefined : parseManifest(oldText)
  const unchanged = old !== undefined && oldText === renderManifest({ ...compiled.manifest, built_at: old.built_at })
  if (!unchanged) yield* fs.writeFileAtomic(manifestPath, renderManifest(compiled.manifest)).pipe(Effect.mapError(internal))
})
