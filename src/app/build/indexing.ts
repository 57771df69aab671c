/**
 * The search index's lifecycle (RFC-0004:C-INDEX, DECISIONS #7, #22).
 *
 * - `updateIndex` is build's step: create a missing index, replace a corrupt
 *   one without collision check, stop with E003 on a foreign `skill_path`,
 *   skip when source hash, schema version, tokenizer and file size limit all match, replace
 *   otherwise. Replacing is atomic (the adapter writes a temporary file and
 *   renames it over the old one), so the old index stays usable until the
 *   new one is complete; other `search-*.db` files are never touched.
 * - `openForQuery` is the selection `search` and `show` share: E002 when
 *   missing or corrupt, E003 on collision, E002 when stale; only then the
 *   index answers.
 *
 * Staleness compares the index's `source_hash` with the hash of the source
 * files as they are now (DECISIONS #22). The index keeps the per-file hashes
 * build computed (its `source_files` rows, keyed by path, size and mtime;
 * `index_meta.file_hashes` in older indexes), completed by the settled
 * records beside it (settledRecords.ts), so an unchanged tree costs one stat
 * per file and only files whose size or mtime moved are read and hashed again.
 */
import { howOpenReads } from "../../domain/openLimit.js"
import { fsInternal, timeSlicer } from "../shared/index.js"
import { Clock, Context, Deferred, Effect, Option, Scope } from "effect"
import { Path } from "effect/Path"
import { errorHeadline, IndexCollision, IndexUnusable, InternalError, type InvalidFrontmatter, type MissingFrontmatterField, PathEscapes, Warning } from "../../domain/errors.js"
import { nameProblem, suggestedName } from "../../domain/skillName.js"
import { splitLines, stripBom } from "../../domain/markdown/lines.js"
import type { MarkdownDoc } from "../../domain/markdown/model.js"
import { scanMarkdown } from "../../domain/markdown/scan.js"
import { indexedFormat, markdownRows, textRows } from "../../domain/search/documents.js"
import { isOversized } from "../../domain/sourcePaths.js"
import { referenceInfo } from "../../domain/stub.js"
import { requiredFrontmatter, type IndexFeed } from "./compile.js"
import {
  type BuildVerdict,
  type MetaRead,
  buildVerdict,
  hash16Of,
  indexFileName,
  MAX_FILE_BYTES_KEY,
  sameMaxFileBytes,
  SCHEMA_VERSION,
  searchVerdictBeforeHash,
  staleness,
  type IndexMeta
} from "../../domain/search/indexState.js"
import { tokenizerChoice, type TokenizerChoice } from "../../domain/search/tokenizer.js"
import { verbose, warn } from "../../ports/Diagnostics.js"
import { FileSystem } from "../../ports/FileSystem.js"
import { Hasher, type HasherService } from "../../ports/Hasher.js"
import { IndexWriteFailed, SearchIndex, type IndexWriter, type IndexContents, type IndexedSourceFile, type OpenIndex, type PathRows, type SourceStamp } from "../../ports/SearchIndex.js"
import { builtElsewhere, foreignRuntimeDir, NOT_BUILT_HERE, NOT_BUILT_YET, recordCacheOwner } from "../skills/index.js"
import type { ResolvedSkill } from "../skills/index.js"
import { Settings } from "../shared/index.js"
import { SourceFreshness } from "../../ports/SourceFreshness.js"
import { PendingRebuild } from "../../ports/PendingRebuild.js"
import { HeapTuning } from "../../ports/HeapTuning.js"
import { combineSourceHash, isWithin, RACY_WINDOW_MS, scanSourceTree, sourceHash, type FileHashCache, type SourceTree } from "../shared/index.js"
import { answersFor, dropSettled, readSettled, settle, withSettled } from "./settledRecords.js"

/** `index_meta` key holding the per-file hash cache (JSON), beside the required keys. */
export const FILE_HASHES_KEY = "file_hashes"



/**
 * The hash16 of each canonical source path, per hasher (a test's hasher may
 * answer otherwise than the real one). A long-lived MCP server names the
 * same indexes on every call: `skc_search` across 26 skills spent about
 * 0.4 ms of each call hashing their paths (docs/benchmarks-history.md,
 * eighth pass). Bounded: cleared when it holds more paths than any skill
 * set a session serves.
 */
const hash16Memo = new WeakMap<HasherService, Map<string, string>>()
const HASH16_MEMO_SIZE = 4096

const hash16OfPath = (hasher: HasherService, canonical: string): string => {
  let memo = hash16Memo.get(hasher)
  if (memo === undefined) hash16Memo.set(hasher, (memo = new Map()))
  let hash16 = memo.get(canonical)
  if (hash16 === undefined) {
    if (memo.size >= HASH16_MEMO_SIZE) memo.clear()
    hash16 = hash16Of(hasher.sha256Hex(canonical))
    memo.set(canonical, hash16)
  }
  return hash16
}

/** `<runtime>/.skillc-meta/search-<hash16>.db`, hash16 from the canonical source path. */
export const indexPathOf = Effect.fnUntraced(function* (skill: Pick<ResolvedSkill, "canonicalSourceDir" | "runtimeDir">) {
  const path = yield* Path
  const hasher = yield* Hasher
  const hash16 = hash16OfPath(hasher, skill.canonicalSourceDir)
  return { path: path.join(skill.runtimeDir, ".skillc-meta", indexFileName(hash16)), hash16 }
})

/** The tokenizer preference for this run: setting from config/env, porter if SQLite has it. */
export const currentTokenizer = Effect.gen(function* () {
  const { config } = yield* Settings
  const index = yield* SearchIndex
  return tokenizerChoice(config.tokenizer, yield* index.porterAvailable)
})

// ---------------------------------------------------------------------------
// Build
// ---------------------------------------------------------------------------

/** What build already has in hand; markdown is parsed once, by build. */
export interface IndexSource {
  readonly skill: Pick<ResolvedSkill, "name" | "sourceDir" | "canonicalSourceDir" | "runtimeDir">
  readonly tree: SourceTree
  /** Every `.md` file with its text and model. Files missing here are read and scanned. */
  readonly markdown?: ReadonlyArray<{ readonly path: string; readonly source: string; readonly doc: MarkdownDoc }>
  /** SHA-256 of each file, keyed by relative path. */
  readonly fileHashes: ReadonlyMap<string, string>
  readonly sourceHash: string
  /** What to remember of every file of the tree (compile's `sourceFiles`). */
  readonly sourceFiles: ReadonlyArray<IndexedSourceFile>
  /**
   * The records of the index as it is (`previousSourceFiles`), when it may
   * be changed incrementally: then only files whose hash differs are
   * re-indexed. Undefined means a full rebuild when anything changed.
   */
  readonly previous?: ReadonlyMap<string, IndexedSourceFile>
  /** Records learnt since the index was written (settledRecords.ts): kept up to date while the index is. */
  readonly settled?: ReadonlyMap<string, IndexedSourceFile>
}

export interface IndexUpdate {
  readonly path: string
  /** `updated`: only the rows of changed, added and removed files were rewritten (issue 16). */
  readonly action: "created" | "rebuilt" | "updated" | "up-to-date"
  /** Why an existing index was rebuilt (`corrupt`, `stale-source`, …). */
  readonly reason?: string
  readonly sections: number
  readonly headings: number
  readonly tokenizer: string
}

const utf8 = new TextDecoder("utf-8")

/** The index rows of one file of an indexed format, from its text (and its markdown model when already scanned). */
const rowsOfFile = (path: string, text: string, doc: MarkdownDoc | undefined, tokenizer: TokenizerChoice): PathRows =>
  indexedFormat(path) === "text"
    ? { path, ...textRows(path, stripBom(text), tokenizer) }
    : { path, ...markdownRows(path, splitLines(text), doc ?? scanMarkdown(text), tokenizer) }

/** Issue 29 item 3: a file above the limit is never read into memory, never a reason for the skill to fail. */
const notIndexed = (skillName: string, file: string, size: number, maxFileBytes: number) =>
  warn(
    Warning.notice(
      `'${skillName}/${file}' is not indexed: ${size} bytes, above [search] max_file_bytes (${maxFileBytes}); ${howOpenReads(size)}`
    )
  )

/** The index rows of every indexed file (or those `only` names), in bytewise path order (outline order). */
const rowsOf = (source: IndexSource, tokenizer: TokenizerChoice, only?: ReadonlySet<string>) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const { maxFileBytes } = (yield* Settings).config
    const parsed = new Map((source.markdown ?? []).map((m) => [m.path, m]))
    const out: Array<PathRows> = []
    const breathe = yield* timeSlicer
    for (const f of source.tree.files) {
      yield* breathe
      const format = indexedFormat(f.path)
      if (format === undefined || (only !== undefined && !only.has(f.path))) continue
      if (isOversized(f, maxFileBytes)) {
        yield* notIndexed(source.skill.name, f.path, f.size, maxFileBytes)
        out.push({ path: f.path, sections: [], headings: [] })
        continue
      }
      const known = parsed.get(f.path)
      const text =
        known?.source ?? utf8.decode(yield* fs.readFile(path.join(source.skill.sourceDir, ...f.path.split("/"))).pipe(Effect.mapError(fsInternal)))
      out.push(rowsOfFile(f.path, text, known?.doc, tokenizer))
    }
    return out
  })

/** The hash cache stored with the index: only files old enough to trust their mtime. */
/** The changed, added and removed indexed files between the records of the index and the tree now. */
export const changedFiles = (previous: ReadonlyMap<string, IndexedSourceFile>, now: ReadonlyArray<IndexedSourceFile>) => {
  const present = new Set(now.map((f) => f.path))
  const reindex = new Set<string>()
  for (const f of now) if (indexedFormat(f.path) !== undefined && previous.get(f.path)?.hash !== f.hash) reindex.add(f.path)
  const remove = [...previous.keys()].filter((p) => !present.has(p) || reindex.has(p))
  return { reindex, remove }
}

/** Changed files below which an update is always made: a whole write of a small skill costs little either way. */
const WHOLE_WRITE_MIN_CHANGED = 100

/**
 * Whether most of a skill's `files` changed (`changedFiles`: changed, added and removed), and enough of them
 * to matter: the index is then written whole rather than updated (`updateIndex`).
 */
export const mostChanged = (changes: { readonly reindex: ReadonlySet<string>; readonly remove: ReadonlyArray<string> }, files: number): boolean => {
  const touched = new Set([...changes.reindex, ...changes.remove]).size
  return touched >= WHOLE_WRITE_MIN_CHANGED && touched * 2 > files
}

/**
 * The records of the index at `skill`'s index path, when a build may change
 * that index incrementally: it is present, of this skill, of this schema
 * version, tokenizer and `[search] max_file_bytes`, and has them. Anything
 * else (missing, corrupt, collision, stale schema, tokenizer or file size
 * limit — which files are indexed at all depends on it —, an index from
 * before the records)
 * is undefined: the build then reads every file and, if anything changed,
 * writes a complete index.
 */
const previousSourceFiles = (skill: Pick<ResolvedSkill, "canonicalSourceDir" | "runtimeDir">) =>
  Effect.scoped(
    Effect.gen(function* () {
      const index = yield* SearchIndex
      const tokenizer = yield* currentTokenizer
      const { maxFileBytes } = (yield* Settings).config
      const { path } = yield* indexPathOf(skill)
      const opened = yield* index.open(path)
      const meta = opened.meta
      if (meta._tag !== "Present") return { meta }
      if (
        meta.meta.skill_path !== skill.canonicalSourceDir ||
        meta.meta.schema_version !== SCHEMA_VERSION ||
        meta.meta.tokenizer !== tokenizer.recorded ||
        !sameMaxFileBytes(meta.meta, maxFileBytes)
      ) {
        return { meta }
      }
      // Recovery: an index whose file records cannot be read records nothing to reuse; the build indexes every file.
      const files = yield* opened.sourceFiles.pipe(Effect.orElseSucceed(() => undefined))
      if (files === undefined) return { meta }
      return { meta, files: filesByPath(files), sourceHash: meta.meta.source_hash }
    })
  )

/**
 * The `index_meta` of an index of `source` written now. The per-file hashes
 * that let a staleness check skip reading unchanged files are the index's
 * `source_files` rows (path, size, mtime, hash, trusted); they were also
 * written as one JSON value, `file_hashes`, which for a 100k-file skill was
 * a 7 MB insert holding `skc mcp` for 120 ms and a 7 MB parse on every
 * check (issue 29 item 3). Indexes written before `source_files` existed
 * still carry it and are read through it. The file size limit is recorded
 * so that changing it makes the index stale (indexState.ts, MAX_FILE_BYTES_KEY).
 */
const metaOf = (source: IndexSource, tokenizer: TokenizerChoice, now: number, maxFileBytes: number): Record<string, string> => ({
  skill_path: source.skill.canonicalSourceDir,
  source_hash: source.sourceHash,
  schema_version: String(SCHEMA_VERSION),
  indexed_at: new Date(now).toISOString().replace(/\.\d{3}Z$/, "Z"),
  tokenizer: tokenizer.recorded,
  [MAX_FILE_BYTES_KEY]: String(maxFileBytes)
})

/** What the index file at `path` holds now (its metadata, or why it has none). */
const currentMeta = (path: string) => Effect.flatMap(Effect.service(SearchIndex), (index) => Effect.scoped(Effect.map(index.open(path), (i) => i.meta)))

/**
 * build's verdict on the index (RFC-0004:C-INDEX) for sources hashing to
 * `sourceHash`. RFC-0004 stops build on a collision: the file is another
 * skill's index, whose path hashes to the same name. An index whose
 * recorded path does not hash to its file name is no skill's index (a
 * copied or renamed file): that skill never opens it, so build replaces it
 * (issue 29 item 5; docs/decisions.md). `search` keeps E003 for both.
 */
const verdictFor = Effect.fnUntraced(function* (
  meta: MetaRead,
  skill: IndexSource["skill"],
  where: { readonly path: string; readonly hash16: string },
  tokenizer: TokenizerChoice,
  sourceHash: string
) {
  const hasher = yield* Hasher
  const { maxFileBytes } = (yield* Settings).config
  const verdict = buildVerdict(meta, { skillPath: skill.canonicalSourceDir, sourceHash, tokenizer: tokenizer.recorded, maxFileBytes })
  if (verdict._tag !== "Collision") return verdict
  const owner = meta._tag === "Present" ? meta.meta.skill_path : undefined
  if (owner === undefined || hash16Of(hasher.sha256Hex(owner)) === where.hash16) return yield* Effect.fail(new IndexCollision({ hash16: where.hash16 }))
  // DECISIONS #49: the index is a cache, so build replaces it, and says so.
  yield* warn(Warning.notice(`search index ${where.path} was recorded for ${owner}, whose index is not this file: replaced with this skill's own`))
  const replace: BuildVerdict = { _tag: "Replace", reason: "corrupt", detail: `recorded for ${owner}` }
  return replace
})

const writeFailed = (e: { readonly path: string; readonly message: string }) =>
  new InternalError({ message: `cannot write search index ${e.path}: ${e.message}`, cause: e })

export const updateIndex = Effect.fn("skc.updateIndex")(function* (
  source: IndexSource,
  /** The index's metadata when the caller has just read it (`compileAndIndex`). */
  known?: MetaRead
) {
  const index = yield* SearchIndex
  const tokenizer = yield* currentTokenizer
  const { path, hash16 } = yield* indexPathOf(source.skill)
  const meta = known ?? (yield* currentMeta(path))
  const verdict = yield* verdictFor(meta, source.skill, { path, hash16 }, tokenizer, source.sourceHash)

  const now = yield* Clock.currentTimeMillis
  const metaNow = metaOf(source, tokenizer, now, (yield* Settings).config.maxFileBytes)
  const previous = source.previous
  const writeAll = (files: ReadonlyArray<PathRows>) =>
    index.write(path, tokenizer, { files, sourceFiles: source.sourceFiles, meta: metaNow }).pipe(Effect.mapError(writeFailed))
  const summary = (files: ReadonlyArray<PathRows>, action: IndexUpdate["action"], reason?: string): IndexUpdate => ({
    path,
    action,
    ...(reason === undefined ? {} : { reason }),
    sections: files.reduce((n, f) => n + f.sections.length, 0),
    headings: files.reduce((n, f) => n + f.headings.length, 0),
    tokenizer: tokenizer.recorded
  })
  if (verdict._tag === "UpToDate") {
    // Same sources: the index file is left alone, inode and mtime
    // (RFC-0004:C-INDEX, issue 25 item 4). Its per-file records may lag
    // (a touched file, a file now old enough to trust its mtime): what
    // this build learnt of those files goes to the settled records instead.
    // No trace here: build says `search index up-to-date: <path>` from the result, as for every other action
    // (`skc build -v` printed this one twice, in two spellings).
    yield* settle(path, previous, source.settled ?? new Map(), source.sourceFiles)
    const update: IndexUpdate = { path, action: "up-to-date", sections: 0, headings: 0, tokenizer: tokenizer.recorded }
    return update
  }
  // The index is written below with records of the tree as it is now.
  yield* dropSettled(path)
  const changes = verdict._tag === "Replace" && verdict.reason === "stale-source" && previous !== undefined ? changedFiles(previous, source.sourceFiles) : undefined
  if (changes !== undefined && mostChanged(changes, source.sourceFiles.length)) {
    // Most of a large skill changed (a find-and-replace, a branch switch): the rows of each changed file
    // deleted one by one and written again cost about twice a whole write (a build probe: 1,800 of 2,000
    // files, 3.0 s against 1.5 s), so the index is written whole, as a cold build does.
    yield* verbose(`search index: ${changes.reindex.size + changes.remove.length} of ${source.sourceFiles.length} file(s) changed: rebuilding ${path}`)
  } else if (changes !== undefined) {
    // Incremental (issue 16): the rows of changed, added and removed files only.
    const { reindex, remove } = changes
    yield* verbose(`search index: re-indexing ${reindex.size} file(s), removing rows of ${remove.length}: ${path}`)
    const files = yield* rowsOf(source, tokenizer, reindex)
    const changed = yield* index.update(path, { remove, files, sourceFiles: source.sourceFiles, meta: metaNow }).pipe(
      Effect.as(true),
      // A damaged index (a table gone, a broken page) cannot be changed: rebuild it whole instead.
      Effect.catch((e) => Effect.as(verbose(`search index cannot be updated (${e.message}): rebuilding ${path}`), false))
    )
    if (!changed) {
      const all = yield* rowsOf(source, tokenizer)
      yield* writeAll(all)
      return summary(all, "rebuilt", "corrupt")
    }
    const update: IndexUpdate = {
      path,
      action: "updated",
      reason: "stale-source",
      sections: files.reduce((n, f) => n + f.sections.length, 0),
      headings: files.reduce((n, f) => n + f.headings.length, 0),
      tokenizer: tokenizer.recorded
    }
    return update
  }
  if (verdict._tag === "Replace" && changes === undefined) {
    yield* verbose(`search index ${verdict.reason}${verdict.detail ? ` (${verdict.detail})` : ""}: rebuilding ${path}`)
  }
  const files = yield* rowsOf(source, tokenizer)
  yield* index.write(path, tokenizer, { files, sourceFiles: source.sourceFiles, meta: metaNow }).pipe(Effect.mapError(writeFailed))
  const update: IndexUpdate = {
    path,
    action: verdict._tag === "Create" ? "created" : "rebuilt",
    ...(verdict._tag === "Replace" ? { reason: verdict.reason } : {}),
    sections: files.reduce((n, f) => n + f.sections.length, 0),
    headings: files.reduce((n, f) => n + f.headings.length, 0),
    tokenizer: tokenizer.recorded
  }
  return update
})

/** The records of earlier builds a build may reuse (`indexRecords`). */
export interface IndexRecords {
  readonly previous?: ReadonlyMap<string, IndexedSourceFile>
  readonly previousSourceHash?: string
  readonly settled?: ReadonlyMap<string, IndexedSourceFile>
  /** The index's metadata as these records were read (so a build opens the index once). */
  readonly meta?: MetaRead
}

/**
 * build's compilation and index update together (issue 44). When the
 * index will be written whole whatever the sources hash to — none yet, a
 * corrupt one, another schema or tokenizer, a misnamed file — each file's
 * rows go to the new index as the compilation reads the file
 * (`SearchIndex.writer`), so a cold build holds one file's text and rows at
 * a time instead of every file's (20 MB of markdown made ≈40 MB of section
 * rows). Otherwise — the index is current or changes incrementally, which
 * only the source hash can tell — the compilation keeps what it read for
 * `updateIndex`, as before. A collision (E003) stops before anything is
 * read or written; a compilation that fails leaves the old index as it was.
 */
export const compileAndIndex = <C extends Omit<IndexSource, "skill" | "previous" | "settled">, E, R>(
  skill: IndexSource["skill"],
  records: IndexRecords,
  compile: (feed: IndexFeed | undefined) => Effect.Effect<C, E, R>
) =>
  Effect.gen(function* () {
    const index = yield* SearchIndex
    const tokenizer = yield* currentTokenizer
    const where = yield* indexPathOf(skill)
    const meta = records.meta ?? (yield* currentMeta(where.path))
    // The verdict as if the sources had not changed: anything but "up to date" rewrites the whole index.
    const recorded = meta._tag === "Present" ? meta.meta.source_hash : ""
    const whole = yield* verdictFor(meta, skill, where, tokenizer, recorded)
    if (whole._tag === "UpToDate") {
      const compiled = yield* compile(undefined)
      const update = yield* updateIndex({ ...compiled, skill, ...records }, meta)
      return { compiled, update }
    }
    return yield* Effect.scoped(
      Effect.gen(function* () {
        const { maxFileBytes } = (yield* Settings).config
        // Opened at the first file read, so a file that cannot be read is named before a runtime that cannot be written.
        const scope = yield* Effect.scope
        let opened: IndexWriter | undefined
        const writer = Effect.suspend(() =>
          opened !== undefined
            ? Effect.succeed(opened)
            : index.writer(where.path, tokenizer).pipe(
                Effect.provideService(Scope.Scope, scope),
                Effect.tap((w) => Effect.sync(() => void (opened = w))),
                Effect.mapError(writeFailed)
              )
        )
        let sections = 0
        let headings = 0
        const feed: IndexFeed = {
          file: (file, text, doc) =>
            Effect.flatMap(writer, (w) => {
              const rows = rowsOfFile(file, text, doc, tokenizer)
              sections += rows.sections.length
              headings += rows.headings.length
              return Effect.mapError(w.add(rows), writeFailed)
            }),
          oversized: (file, size) => notIndexed(skill.name, file, size, maxFileBytes)
        }
        const tuning = yield* HeapTuning
        const compiled = yield* tuning.whileStreaming(compile(feed))
        if (whole._tag === "Replace") {
          yield* verbose(`search index ${whole.reason}${whole.detail ? ` (${whole.detail})` : ""}: rebuilding ${where.path}`)
        }
        // The index is written below with records of the tree as it is now.
        yield* dropSettled(where.path)
        const metaNow = metaOf({ ...compiled, skill }, tokenizer, yield* Clock.currentTimeMillis, maxFileBytes)
        yield* Effect.mapError((yield* writer).finish({ sourceFiles: compiled.sourceFiles, meta: metaNow }), writeFailed)
        const update: IndexUpdate = {
          path: where.path,
          action: whole._tag === "Create" ? "created" : "rebuilt",
          ...(whole._tag === "Replace" ? { reason: whole.reason } : {}),
          sections,
          headings,
          tokenizer: tokenizer.recorded
        }
        return { compiled, update }
      })
    )
  })

// ---------------------------------------------------------------------------
// Query
// ---------------------------------------------------------------------------

/** The per-file hashes an index recorded in `source_files`, for the files not modified racily close to their hashing. */
const cachesOfFiles = new WeakMap<ReadonlyArray<IndexedSourceFile>, FileHashCache>()
const hashCacheOfFiles = (files: ReadonlyArray<IndexedSourceFile>): FileHashCache => {
  const known = cachesOfFiles.get(files)
  if (known !== undefined) return known
  const cache: Record<string, { size: number; mtimeMs: number; hash: string }> = {}
  for (const f of files) if (f.trusted) cache[f.path] = { size: f.size, mtimeMs: f.mtimeMs, hash: f.hash }
  cachesOfFiles.set(files, cache)
  return cache
}

const byPathOfFiles = new WeakMap<ReadonlyArray<{ readonly path: string }>, ReadonlyMap<string, { readonly path: string }>>()
/** An index's records (or their stamps) by path, made once per list read (a pooled index keeps its lists). */
const filesByPath = <F extends { readonly path: string }>(files: ReadonlyArray<F>): ReadonlyMap<string, F> => {
  let byPath = byPathOfFiles.get(files)
  if (byPath === undefined) {
    byPath = new Map(files.map((f) => [f.path, f]))
    byPathOfFiles.set(files, byPath)
  }
  return byPath as ReadonlyMap<string, F>
}

/** `index_meta.file_hashes` of an index written before `source_files` existed. */
const parseHashCache = (meta: IndexMeta): FileHashCache => {
  const raw = meta.extra[FILE_HASHES_KEY]
  if (raw === undefined) return {}
  try {
    const parsed: unknown = JSON.parse(raw)
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as FileHashCache) : {}
  } catch {
    // A damaged cache only costs re-hashing; the hash comparison stays exact.
    return {}
  }
}

export interface QueryableIndex {
  readonly index: OpenIndex
  readonly meta: IndexMeta
  readonly tokenizer: TokenizerChoice
  /** The index file; absent for an index kept in memory (a foreign skill whose cache cannot be written). */
  readonly path?: string
}

export interface OpenOptions {
  /** This very call wrote the index from the tree it scanned (see below). */
  readonly justIndexed?: boolean
  /** The caller already let the freshness watchers' queued events arrive in this call (`SourceFreshness.settle`). */
  readonly settled?: boolean
}

/**
 * Whether every file of the tree has a row that answers for it as it is
 * (`answersFor`: trusted, same size and mtime) and the index records no
 * other file, with a recorded source hash to give.
 */
const everyRowAnswers = (tree: ReadonlyArray<{ readonly path: string; readonly size: number; readonly mtimeMs: number }>, stamps: ReadonlyArray<SourceStamp>, recordedHash: string): boolean => {
  if (recordedHash === "" || tree.length !== stamps.length) return false
  const byPath = filesByPath(stamps)
  if (byPath.size !== stamps.length) return false
  for (const f of tree) if (!answersFor(byPath.get(f.path), f)) return false
  return true
}

/**
 * After a staleness check found the index current: what it learnt of files
 * the index's rows could not vouch for, kept for the next command
 * (settledRecords.ts). The tree's content is the indexed content (same
 * source hash), so each such file keeps its row's title and description.
 */
const settleChecked = (path: string, files: ReadonlyArray<IndexedSourceFile>, settled: ReadonlyMap<string, IndexedSourceFile>, checked: FileHashCache) => {
  const indexed = filesByPath(files)
  const current: Array<IndexedSourceFile> = []
  for (const [file, entry] of Object.entries(checked)) {
    const row = indexed.get(file)
    // A row that already vouches for the file as it is has nothing to settle (`settle` would pass it over).
    if (row !== undefined && row.hash === entry.hash && !answersFor(row, entry)) current.push({ ...row, size: entry.size, mtimeMs: entry.mtimeMs, trusted: true })
  }
  return settle(path, indexed, settled, current)
}

/**
 * What a build may take from earlier ones instead of reading files: the
 * index's records (`previousSourceFiles`) and the settled ones beside it.
 * The shape of both `CompileOptions` and `IndexSource`'s record fields.
 */
export const indexRecords = Effect.fnUntraced(function* (skill: Pick<ResolvedSkill, "canonicalSourceDir" | "runtimeDir">) {
  const previous = yield* previousSourceFiles(skill)
  const settled = yield* readSettled((yield* indexPathOf(skill)).path)
  const records: IndexRecords = {
    settled,
    meta: previous.meta,
    ...(previous.files === undefined ? {} : { previous: previous.files, previousSourceHash: previous.sourceHash })
  }
  return records
})

/**
 * DECISIONS #49: `outline` reads the source tree, never the index, yet
 * fails with E003 as `search` and `show` do when the skill's index file
 * records another skill. Only that: a missing, corrupt or stale index is no
 * reason to refuse an outline. A foreign skill's index is a cache of its own
 * (`openOrIndex` replaces a misnamed one), so it is not checked.
 */
export const refuseForeignIndex = Effect.fnUntraced(function* (skill: ResolvedSkill) {
  if (skill.foreign === true || skill.scope === "path") return
  const { path, hash16 } = yield* indexPathOf(skill)
  const searchIndex = yield* SearchIndex
  const verdict = yield* Effect.scoped(Effect.map(searchIndex.open(path), (index) => searchVerdictBeforeHash(index.meta, skill.canonicalSourceDir)))
  if (verdict._tag === "Collision") return yield* Effect.fail(new IndexCollision({ hash16 }))
})

/** E012 when the skill's SKILL.md is a link out of its directory (RFC-0001 "Path safety"), as build says. */
const entryPointStaysInside = (skill: ResolvedSkill) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    // Recovery: a path that cannot be resolved is left to the E002 being raised.
    const root = yield* fs.realPath(skill.sourceDir).pipe(Effect.orElseSucceed(() => undefined))
    const entry = yield* fs.realPath(path.join(skill.sourceDir, "SKILL.md")).pipe(Effect.orElseSucceed(() => undefined))
    if (root === undefined || entry === undefined) return
    if (!isWithin(root, entry, path.sep)) return yield* Effect.fail(new PathEscapes({ path: "SKILL.md" }))
  })

/** The way on for a skill whose name `skc build` refuses (E011), or undefined for a name it takes. */
const unbuildableNameHint = (name: string): string | undefined => {
  // The folder's name, which build checks first (compile.ts: skc stores, links and serves a skill by it).
  if (nameProblem(name) === undefined) return undefined
  const example = suggestedName(name)
  const to = example === undefined ? "a name of lowercase letters, digits and single hyphens" : `'${example}'`
  return `'${name}' is no name skc build takes (lowercase letters, digits and single hyphens): rename the skill's directory and its name: field to ${to}, then build it${example === undefined ? "" : ` (skc build ${example})`}`
}

/**
 * The way on when the skill's SKILL.md is one `skc build` refuses as it is now (frontmatter that does not
 * parse, a field gone): E002 said "run 'skc build'", which then failed with E011 (a team-server probe). Read
 * only on this error path.
 */
const unbuildableSourceHint = (skill: ResolvedSkill) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    // Recovery: a SKILL.md that cannot be read is left to the E002 being raised (and to build, which names it).
    const source = yield* fs.readFileString(path.join(skill.sourceDir, "SKILL.md")).pipe(Effect.orElseSucceed(() => undefined))
    if (source === undefined) return undefined
    const checked: Effect.Effect<unknown, InvalidFrontmatter | MissingFrontmatterField> = requiredFrontmatter(scanMarkdown(source), source)
    const refused = yield* Effect.flip(checked).pipe(Effect.option)
    if (Option.isNone(refused)) return undefined
    return `build refuses '${skill.name}' as its SKILL.md is now: ${errorHeadline(refused.value)}; fix SKILL.md, then build it`
  })


/**
 * RFC-0004 "Index file selection": E002 missing → E002 corrupt → E003
 * collision → E002 stale; the opened index lives as long as the scope.
 */
export const openForQuery = Effect.fnUntraced(function* (skill: ResolvedSkill, options: OpenOptions = {}) {
  const searchIndex = yield* SearchIndex
  const { path, hash16 } = yield* indexPathOf(skill)
  const index = yield* searchIndex.open(path)
  // issue 46 item 2: a copied or cloned project's index is missing because it was built elsewhere; say so.
  const unusable = (reason: string, hint?: string) =>
    Effect.andThen(
      // A skill whose SKILL.md leads out of its directory was told to run 'skc build', which refuses it
      // (E012): the same E012 here, where a build would end.
      Effect.andThen(verbose(`search index ${path}: ${reason}`), reason === "missing" ? entryPointStaysInside(skill) : Effect.void),
      Effect.flatMap(reason === "missing" && skill.foreign !== true ? builtElsewhere(skill) : Effect.succeed(false), (elsewhere) =>
        Effect.flatMap(skill.foreign === true ? Effect.succeed(undefined) : unbuildableSourceHint(skill), (unbuildable) => {
          // A name an older skc built (`docs_helper`) and build now refuses (E011): "run 'skc build'" led in a circle.
          const renamed = skill.foreign === true ? undefined : unbuildableNameHint(skill.name)
          // A skill never built (just `skc init`-ed) was told only to "rebuild" an "unusable" index (a probe).
          const why = renamed ?? unbuildable ?? (elsewhere ? NOT_BUILT_HERE : hint ?? (reason === "missing" && skill.foreign !== true ? NOT_BUILT_YET : undefined))
          return Effect.fail(new IndexUnusable({ skill: skill.name, reason, ...(why !== undefined ? { hint: why } : {}) }))
        })
      )
    )
  const first = searchVerdictBeforeHash(index.meta, skill.canonicalSourceDir)
  // Another process holds a lock on the file past the read's wait (a `sqlite3` shell in a transaction):
  // the index is sound, so neither E002 nor "rebuild" (which skc's builds never need: they write a new file).
  if (first._tag === "Unusable" && /database is locked|SQLITE_BUSY/i.test(first.detail ?? "")) {
    return yield* Effect.fail(
      new InternalError({ message: `search index of '${skill.name}' is locked by another process (${first.detail}): retry once that process lets it go` })
    )
  }
  if (first._tag === "Unusable") return yield* unusable(first.detail ? `${first.reason} (${first.detail})` : first.reason)
  if (first._tag === "Collision") return yield* Effect.fail(new IndexCollision({ hash16 }))
  if (first._tag === "Use") return yield* Effect.die("unreachable")
  const meta = first.meta
  const tokenizer = yield* currentTokenizer
  // Cheap conditions first; the source hash reads the tree.
  const { maxFileBytes } = (yield* Settings).config
  const cheap = staleness(meta, { sourceHash: meta.source_hash, tokenizer: tokenizer.recorded, maxFileBytes })
  // A setting of this run that differs from the build's: a rebuild without it would not help, so say which.
  if (cheap === "stale-tokenizer") {
    return yield* unusable(cheap, `the index was built with the '${meta.tokenizer}' tokenizer and this run asks for '${tokenizer.recorded}' (SKILLC_TOKENIZER or [search] tokenizer): build and search with the same setting`)
  }
  if (cheap === "stale-max-file-bytes") {
    // An index an older skc built records no limit (read as the default): the setting may well be the same,
    // and "build and search with the same setting" told the author to do what they did. A build mends it.
    return yield* unusable(
      cheap,
      meta.extra[MAX_FILE_BYTES_KEY] === undefined
        ? `the index was built by an older skc that did not record its [search] max_file_bytes, and this run's is ${maxFileBytes}: build it again`
        : `the index was built with another [search] max_file_bytes than this run's ${maxFileBytes}: build and search with the same setting`
    )
  }
  if (cheap !== undefined) return yield* unusable(cheap)
  // A long-lived server may know the sources have not changed since it last
  // checked (src/ports/SourceFreshness.ts); otherwise stat every file.
  // An index this very call just wrote from the tree it scanned answers as it is: checking the
  // tree again would stat and hash-check every file a second time (a 100k-file foreign skill
  // held the event loop for that, issue 29 item 3); the next call checks as usual.
  if (options.justIndexed === true) {
    const fresh: QueryableIndex = { index, meta, tokenizer, path }
    return fresh
  }
  const freshness = yield* SourceFreshness
  const key = { indexPath: path, sourceDir: skill.sourceDir, sourceHash: meta.source_hash }
  if (options.settled !== true) yield* freshness.settle
  if (yield* freshness.isFresh(key)) {
    const known: QueryableIndex = { index, meta, tokenizer, path }
    return known
  }
  yield* freshness.checking(key)
  const tree = yield* scanSourceTree(skill.sourceDir, { onEscape: "skip" }).pipe(
    Effect.catchTag("PathEscapes", (e) => Effect.fail(new InternalError({ message: e.text, cause: e })))
  )
  // Recovery: without the per-file records the staleness check hashes from the hash cache in index_meta (slower, same answer).
  const stamps = yield* index.sourceStamps.pipe(Effect.orElseSucceed(() => undefined))
  const settled = yield* readSettled(path)
  // The usual case: every file is as its row recorded it (a trusted row, the same size and mtime) and
  // nothing is settled beside the index. Each file's hash is then its row's, so the source hash is
  // the recorded one (`recordedSourceHash`), and no record has anything to settle: the answer
  // without the hash cache, the (path, hash) pairs and the records to keep, a few thousand objects
  // for a 1,000-file skill (issue 47, cli.search); the records' hashes, titles and descriptions are
  // not even read (`sourceStamps`).
  if (stamps !== undefined && settled.size === 0 && everyRowAnswers(tree.files, stamps, meta.source_hash)) {
    yield* freshness.matched(key, tree.dirs)
    const unchanged: QueryableIndex = { index, meta, tokenizer, path }
    return unchanged
  }
  // Recovery: as above.
  const files = stamps === undefined ? undefined : yield* index.sourceFiles.pipe(Effect.orElseSucceed(() => undefined))
  const cache = withSettled(files === undefined ? parseHashCache(meta) : hashCacheOfFiles(files), settled)
  // Files hashing as the index recorded give its recorded source hash (sourceTree.ts, recordedSourceHash).
  const current = yield* sourceHash(tree, { cache, ...(files === undefined ? {} : { recorded: { files: filesByPath(files), sourceHash: meta.source_hash } }) })
  if (current.hash !== meta.source_hash) return yield* unusable("stale-source")
  if (files !== undefined) yield* settleChecked(path, files, settled, current.cache)
  yield* freshness.matched(key, tree.dirs)
  const queryable: QueryableIndex = { index, meta, tokenizer, path }
  return queryable
})

/**
 * Scan, hash and index a resolved skill on its own (for callers without a
 * compilation at hand, such as tests and embedders); `build` passes its
 * own tree, parsed markdown and hashes to `updateIndex` instead.
 */
export const indexSkill = Effect.fn("skc.indexSkill")(function* (skill: ResolvedSkill) {
  const source = yield* collectSource(skill)
  return yield* updateIndex({ ...source, ...(yield* indexRecords(skill)) })
})

/**
 * Read, hash and parse every file of `skill` (what `updateIndex` needs).
 * A symlink leading out of the skill is left out, as `openForQuery`'s
 * staleness check and `outline`/`sources` leave it out (issue 29 item 5):
 * one such link never makes the skill unsearchable. (`build` refuses it
 * with E012 through its own scan.)
 */
const collectSource = (skill: ResolvedSkill) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const hasher = yield* Hasher
    const now = yield* Clock.currentTimeMillis
    const tree = yield* scanSourceTree(skill.sourceDir, { onEscape: "skip" })
    if (tree.escaping.length > 0) yield* verbose(`'${skill.name}': left out, leading outside the skill: ${tree.escaping.join(", ")}`)
    const fileHashes = new Map<string, string>()
    const markdown: Array<{ path: string; source: string; doc: MarkdownDoc }> = []
    const sourceFiles: Array<IndexedSourceFile> = []
    const { maxFileBytes } = (yield* Settings).config
    const breathe = yield* timeSlicer
    for (const f of tree.files) {
      yield* breathe
      const file = path.join(skill.sourceDir, ...f.path.split("/"))
      if (isOversized(f, maxFileBytes)) {
        // Hashed in pieces, not indexed (rowsOf says so): a file of any size never fails the skill.
        const hash = yield* fs.hashFile(file).pipe(Effect.mapError(fsInternal))
        fileHashes.set(f.path, hash)
        sourceFiles.push({ path: f.path, size: f.size, mtimeMs: f.mtimeMs, hash, trusted: now - f.mtimeMs > RACY_WINDOW_MS, title: undefined, description: undefined })
        continue
      }
      const bytes = yield* fs.readFile(file).pipe(Effect.mapError(fsInternal))
      const hash = hasher.sha256Hex(bytes)
      fileHashes.set(f.path, hash)
      let info: { title: string | undefined; description: string | undefined } = { title: undefined, description: undefined }
      if (indexedFormat(f.path) === "markdown") {
        const source = utf8.decode(bytes)
        const doc = scanMarkdown(source)
        markdown.push({ path: f.path, source, doc })
        info = referenceInfo(doc)
      }
      sourceFiles.push({ path: f.path, size: f.size, mtimeMs: f.mtimeMs, hash, trusted: now - f.mtimeMs > RACY_WINDOW_MS, ...info })
    }
    const sourceHash = yield* combineSourceHash([...fileHashes])
    const source: IndexSource = { skill, tree, markdown, fileHashes, sourceHash, sourceFiles }
    return source
  })

/** What an on-demand indexing of a foreign skill ended with. */
export type CacheOutcome =
  | { readonly _tag: "Cached" }
  /** The cache could not be written: the index's contents, for an index in memory. */
  | { readonly _tag: "Uncached"; readonly reason: string; readonly tokenizer: TokenizerChoice; readonly contents: IndexContents }

type OnDemandFailure = Effect.Error<ReturnType<typeof indexIntoCache>>

export interface OnDemandIndexingService {
  /** The indexings under way, by index path: one per skill at a time, its outcome shared by every call that needs it. */
  readonly running: Map<string, Deferred.Deferred<CacheOutcome, OnDemandFailure>>
  /**
   * How long a call waits for an indexing under way before it answers E002
   * "being indexed, try again" (the indexing goes on and the next call finds
   * it done); undefined: as long as it takes (the CLI, whose one call has
   * nothing better to do).
   */
  readonly waitMillis: number | undefined
}

/** The on-demand indexings of this process (issue 29 item 3); the MCP server gives each session its own and a bounded wait. */
export const OnDemandIndexing = Context.Reference<OnDemandIndexingService>("skillc/OnDemandIndexing", {
  defaultValue: () => ({ running: new Map(), waitMillis: undefined })
})

/** The cache failed, not the skill: the index could not be written where it belongs. */
const isCacheWriteFailure = (e: unknown): e is InternalError => e instanceof InternalError && e.cause instanceof IndexWriteFailed

/**
 * Index a foreign skill into its cache; when the cache cannot be written
 * (a read-only home — the sandbox case —, a name too long for the file
 * system, a full disk), the index's contents for an index in memory
 * (issue 29 item 5). Files are read once either way.
 */
const indexIntoCache = (skill: ResolvedSkill) =>
  Effect.gen(function* () {
    yield* recordCacheOwner(skill.runtimeDir, skill.canonicalSourceDir)
    const source = yield* collectSource(skill)
    return yield* updateIndex({ ...source, ...(yield* indexRecords(skill)) }).pipe(
      Effect.as<CacheOutcome>({ _tag: "Cached" }),
      Effect.catchIf(isCacheWriteFailure, (e) =>
        Effect.gen(function* () {
          const tokenizer = yield* currentTokenizer
          const files = yield* rowsOf(source, tokenizer)
          const meta = metaOf(source, tokenizer, yield* Clock.currentTimeMillis, (yield* Settings).config.maxFileBytes)
          const outcome: CacheOutcome = {
            _tag: "Uncached",
            reason: (e.cause as IndexWriteFailed).message,
            tokenizer,
            contents: { files, sourceFiles: source.sourceFiles, meta }
          }
          return outcome
        })
      )
    )
  })

/**
 * The indexing of `skill` under way in this process, or a new one: run on
 * its own fiber (a call that stops waiting does not stop it), its outcome
 * shared by every call that asks meanwhile. With a bounded wait, a call
 * that waited that long is E002 with the hint to try again.
 */
const sharedIndexing = (skill: ResolvedSkill) =>
  Effect.gen(function* () {
    const registry = yield* OnDemandIndexing
    const { path: key } = yield* indexPathOf(skill)
    let job = registry.running.get(key)
    if (job === undefined) {
      const started = Deferred.makeUnsafe<CacheOutcome, OnDemandFailure>()
      // Registered before the fiber starts, removed before its outcome is
      // published: a call after that starts afresh (the sources may have changed).
      registry.running.set(key, started)
      job = started
      yield* Effect.forkDetach(
        Effect.flatMap(Effect.exit(indexIntoCache(skill)), (exit) =>
          Effect.sync(() => {
            if (registry.running.get(key) === started) registry.running.delete(key)
            Deferred.doneUnsafe(started, exit)
          })
        )
      )
    } else yield* verbose(`foreign skill '${skill.name}' is being indexed by another call: waiting for it`)
    if (registry.waitMillis === undefined) return yield* Deferred.await(job)
    const outcome = yield* Effect.timeoutOption(Deferred.await(job), registry.waitMillis)
    if (Option.isSome(outcome)) return outcome.value
    return yield* Effect.fail(
      new IndexUnusable({
        skill: skill.name,
        reason: "being indexed",
        hint: `'${skill.name}' is being indexed (a skill skc did not build, indexed on first use): try again in a moment`
      })
    )
  })

/**
 * `openForQuery` for `search` and `show`. A foreign skill (DECISIONS #38)
 * has no build step skc may run in its directory: its index lives in the
 * cache and is built, or rebuilt when stale, on demand — once per skill at
 * a time, off the request path of a long-lived server (issue 29 item 3).
 * A cache that cannot be written gives an index in memory for the call,
 * with a warning. So does a skill named by a path outside the stores
 * (`openPathSkill`). Every other skill keeps the RFC's E002 (its author runs
 * `skc build`).
 */
export const openForQueryOnDemand = (skill: ResolvedSkill, options: Pick<OpenOptions, "settled"> = {}) =>
  skill.foreign === true
    ? openOrIndex(skill, options)
    : skill.scope === "path"
      ? openForQuery(skill, options).pipe(Effect.catchTag("IndexUnusable", () => openPathSkill(skill, options)))
      : openForQuery(skill, options).pipe(Effect.catchTag("IndexUnusable", (e) => afterPendingRebuild(skill, e, SETTLE_ROUNDS)))

/**
 * How many times a call waits for its watcher's rebuild: a save landing while the watcher rebuilds for an
 * earlier one (an editor saving twice in a moment) leaves the index stale again after that rebuild, and
 * one wait answered E002 for a build the watcher was about to run anyway (an editor-saves probe).
 */
const SETTLE_ROUNDS = 3

/** A watcher of this process about to rebuild the skill (`mcp --watch`): wait for it, bounded, then look again (issue 29 item 5). */
const afterPendingRebuild = (skill: ResolvedSkill, e: IndexUnusable, rounds: number): ReturnType<typeof openForQuery> =>
  Effect.flatMap(Effect.service(PendingRebuild), (pending) => pending.settle([skill.sourceDir, skill.canonicalSourceDir])).pipe(
    Effect.flatMap((settled) => {
      if (!settled) return Effect.fail(e)
      const again = openForQuery(skill)
      return rounds <= 1 ? again : again.pipe(Effect.catchTag("IndexUnusable", (stale) => afterPendingRebuild(skill, stale, rounds - 1)))
    })
  )

/** A foreign skill's index in its cache directory, built or rebuilt on demand. */
const openOrIndex = (skill: ResolvedSkill, options: Pick<OpenOptions, "settled">) =>
  openForQuery(skill, options).pipe(
    Effect.catchTags({
      IndexUnusable: (e) => reindexForeign(skill, e.reason),
      // Not a true collision in the cache (it is this skill's alone): a misnamed file, which indexing replaces.
      IndexCollision: () => reindexForeign(skill, "collision")
    })
  )

/**
 * A skill named by a path outside the stores (`skc show ./downloads/pdf`,
 * `skc search .claude/skills/pdf …`). `skc build <path>` imports such a
 * directory into a store and builds the copy, never the directory named, so
 * no command could give it an index: E002 said "run skc build pdf", which
 * built (or, the name being a path here too, imported again) something
 * else. It is indexed on demand in the cache as a foreign skill is
 * (DECISIONS #38), the very index its name reaches when it sits in an agent
 * directory. Its access log stays in the runtime directory RFC-0007's
 * resolution gives it.
 */
const openPathSkill = (skill: ResolvedSkill, options: Pick<OpenOptions, "settled">) =>
  Effect.flatMap(foreignRuntimeDir(skill.name, skill.canonicalSourceDir), (runtimeDir) =>
    openOrIndex({ ...skill, runtimeDir, foreign: true }, options)
  )

const reindexForeign = (skill: ResolvedSkill, reason: string) =>
  Effect.gen(function* () {
    yield* verbose(`foreign skill '${skill.name}': ${reason}; indexing into ${skill.runtimeDir}`)
    const outcome = yield* sharedIndexing(skill)
    if (outcome._tag === "Cached") return yield* openForQuery(skill, { justIndexed: true })
    yield* warn(
      Warning.notice(
        `cannot keep the search index of '${skill.name}' in ${skill.runtimeDir} (${outcome.reason}); indexed in memory for this call`
      )
    )
    const searchIndex = yield* SearchIndex
    const index = yield* searchIndex
      .build(outcome.tokenizer, outcome.contents)
      .pipe(Effect.mapError((e) => new InternalError({ message: `cannot index '${skill.name}' in memory: ${e.message}`, cause: e })))
    if (index.meta._tag !== "Present") return yield* Effect.fail(new InternalError({ message: `index of '${skill.name}' in memory has no metadata` }))
    const queryable: QueryableIndex = { index, meta: index.meta.meta, tokenizer: outcome.tokenizer }
    return queryable
  })
