/**
 * The search index's lifecycle (RFC-0004:C-INDEX, DECISIONS #7, #22).
 *
 * - `updateIndex` is build's step: create a missing index, replace a corrupt
 *   one without collision check, stop with E003 on a foreign `skill_path`,
 *   skip when source hash, schema version and tokenizer all match, replace
 *   otherwise. Replacing is atomic (the adapter writes a temporary file and
 *   renames it over the old one), so the old index stays usable until the
 *   new one is complete; other `search-*.db` files are never touched.
 * - `openForQuery` is the selection `search` and `show` share: E002 when
 *   missing or corrupt, E003 on collision, E002 when stale; only then the
 *   index answers.
 *
 * Staleness compares the index's `source_hash` with the hash of the source
 * files as they are now (DECISIONS #22). The index keeps the per-file hashes
 * build computed (`index_meta.file_hashes`, keyed by path, size and mtime),
 * so an unchanged tree costs one stat per file and only files whose size or
 * mtime moved are read and hashed again.
 */
import { Clock, Effect } from "effect"
import { Path } from "@effect/platform/Path"
import { IndexCollision, IndexUnusable, InternalError } from "../domain/errors.js"
import { splitLines, stripBom } from "../domain/markdown/lines.js"
import type { MarkdownDoc } from "../domain/markdown/model.js"
import { scanMarkdown } from "../domain/markdown/scan.js"
import { indexedFormat, markdownRows, textRows, type FileRows } from "../domain/search/documents.js"
import {
  buildVerdict,
  hash16Of,
  indexFileName,
  SCHEMA_VERSION,
  searchVerdictBeforeHash,
  staleness,
  type IndexMeta
} from "../domain/search/indexState.js"
import { tokenizerChoice, type TokenizerChoice } from "../domain/search/tokenizer.js"
import { verbose } from "../ports/Diagnostics.js"
import { FileSystem, type FsError } from "../ports/FileSystem.js"
import { Hasher } from "../ports/Hasher.js"
import { SearchIndex, type OpenIndex } from "../ports/SearchIndex.js"
import type { ResolvedSkill } from "./resolve.js"
import { Settings } from "./Settings.js"
import { combineSourceHash, currentSourceHash, scanSourceTree, type FileHashCache, type SourceTree } from "./sourceTree.js"

/** `index_meta` key holding the per-file hash cache (JSON), beside the required keys. */
export const FILE_HASHES_KEY = "file_hashes"

/** Same window as sourceTree's: a file modified this recently may change again without its mtime moving. */
const RACY_WINDOW_MS = 2000

const internal = (e: FsError) => new InternalError({ message: `${e.op} '${e.path}': ${e.code}`, cause: e })

/** `<runtime>/.skillc-meta/search-<hash16>.db`, hash16 from the canonical source path. */
export const indexPathOf = (skill: Pick<ResolvedSkill, "canonicalSourceDir" | "runtimeDir">) =>
  Effect.gen(function* () {
    const path = yield* Path
    const hasher = yield* Hasher
    const hash16 = hash16Of(hasher.sha256Hex(skill.canonicalSourceDir))
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
}

export interface IndexUpdate {
  readonly path: string
  readonly action: "created" | "rebuilt" | "up-to-date"
  /** Why an existing index was rebuilt (`corrupt`, `stale-source`, …). */
  readonly reason?: string
  readonly sections: number
  readonly headings: number
  readonly tokenizer: string
}

const utf8 = new TextDecoder("utf-8")

/** The index rows of every indexed file, in bytewise path order (outline order). */
const rowsOf = (source: IndexSource, tokenizer: TokenizerChoice) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const parsed = new Map((source.markdown ?? []).map((m) => [m.path, m]))
    const out: Array<FileRows> = []
    for (const f of source.tree.files) {
      const format = indexedFormat(f.path)
      if (format === undefined) continue
      const known = parsed.get(f.path)
      const text =
        known?.source ?? utf8.decode(yield* fs.readFile(path.join(source.skill.sourceDir, ...f.path.split("/"))).pipe(Effect.mapError(internal)))
      if (format === "text") {
        out.push(textRows(f.path, stripBom(text), tokenizer))
        continue
      }
      const doc = known?.doc ?? scanMarkdown(text)
      out.push(markdownRows(f.path, splitLines(text), doc, tokenizer))
    }
    return out
  })

/** The hash cache stored with the index: only files old enough to trust their mtime. */
const hashCacheOf = (tree: SourceTree, hashes: ReadonlyMap<string, string>, now: number): FileHashCache => {
  const cache: Record<string, { size: number; mtimeMs: number; hash: string }> = {}
  for (const f of tree.files) {
    const hash = hashes.get(f.path)
    if (hash !== undefined && now - f.mtimeMs > RACY_WINDOW_MS) cache[f.path] = { size: f.size, mtimeMs: f.mtimeMs, hash }
  }
  return cache
}

export const updateIndex = (source: IndexSource) =>
  Effect.gen(function* () {
    const index = yield* SearchIndex
    const tokenizer = yield* currentTokenizer
    const { path, hash16 } = yield* indexPathOf(source.skill)
    const meta = yield* Effect.scoped(Effect.map(index.open(path), (i) => i.meta))
    const verdict = buildVerdict(meta, {
      skillPath: source.skill.canonicalSourceDir,
      sourceHash: source.sourceHash,
      tokenizer: tokenizer.recorded
    })
    if (verdict._tag === "Collision") return yield* Effect.fail(new IndexCollision({ hash16 }))
    if (verdict._tag === "UpToDate") {
      yield* verbose(`search index up to date: ${path}`)
      const update: IndexUpdate = { path, action: "up-to-date", sections: 0, headings: 0, tokenizer: tokenizer.recorded }
      return update
    }
    if (verdict._tag === "Replace") {
      yield* verbose(`search index ${verdict.reason}${verdict.detail ? ` (${verdict.detail})` : ""}: rebuilding ${path}`)
    }
    const files = yield* rowsOf(source, tokenizer)
    const now = yield* Clock.currentTimeMillis
    yield* index
      .write(path, tokenizer, {
        files,
        meta: {
          skill_path: source.skill.canonicalSourceDir,
          source_hash: source.sourceHash,
          schema_version: String(SCHEMA_VERSION),
          indexed_at: new Date(now).toISOString().replace(/\.\d{3}Z$/, "Z"),
          tokenizer: tokenizer.recorded,
          [FILE_HASHES_KEY]: JSON.stringify(hashCacheOf(source.tree, source.fileHashes, now))
        }
      })
      .pipe(Effect.mapError((e) => new InternalError({ message: `cannot write search index ${e.path}: ${e.message}`, cause: e })))
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

// ---------------------------------------------------------------------------
// Query
// ---------------------------------------------------------------------------

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
}

/**
 * RFC-0004 "Index file selection": E002 missing → E002 corrupt → E003
 * collision → E002 stale; the opened index lives as long as the scope.
 */
export const openForQuery = (skill: ResolvedSkill) =>
  Effect.gen(function* () {
    const searchIndex = yield* SearchIndex
    const { path, hash16 } = yield* indexPathOf(skill)
    const index = yield* searchIndex.open(path)
    const unusable = (reason: string) =>
      Effect.zipRight(verbose(`search index ${path}: ${reason}`), Effect.fail(new IndexUnusable({ skill: skill.name, reason })))
    const first = searchVerdictBeforeHash(index.meta, skill.canonicalSourceDir)
    if (first._tag === "Unusable") return yield* unusable(first.detail ? `${first.reason} (${first.detail})` : first.reason)
    if (first._tag === "Collision") return yield* Effect.fail(new IndexCollision({ hash16 }))
    if (first._tag === "Use") return yield* Effect.die("unreachable")
    const meta = first.meta
    const tokenizer = yield* currentTokenizer
    // Cheap conditions first; the source hash reads the tree.
    const cheap = staleness(meta, { sourceHash: meta.source_hash, tokenizer: tokenizer.recorded })
    if (cheap !== undefined) return yield* unusable(cheap)
    const current = yield* currentSourceHash(skill.sourceDir, { cache: parseHashCache(meta) }).pipe(
      Effect.catchTag("PathEscapes", (e) => Effect.fail(new InternalError({ message: e.text, cause: e })))
    )
    if (current.hash !== meta.source_hash) return yield* unusable("stale-source")
    const queryable: QueryableIndex = { index, meta, tokenizer }
    return queryable
  })

/**
 * Scan, hash and index a resolved skill on its own (for callers without a
 * compilation at hand, such as tests and embedders); `build` passes its
 * own tree, parsed markdown and hashes to `updateIndex` instead.
 */
export const indexSkill = (skill: ResolvedSkill) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    const path = yield* Path
    const hasher = yield* Hasher
    const tree = yield* scanSourceTree(skill.sourceDir)
    const fileHashes = new Map<string, string>()
    for (const f of tree.files) {
      const bytes = yield* fs.readFile(path.join(skill.sourceDir, ...f.path.split("/"))).pipe(Effect.mapError(internal))
      fileHashes.set(f.path, hasher.sha256Hex(bytes))
    }
    const sourceHash = yield* combineSourceHash([...fileHashes])
    return yield* updateIndex({ skill, tree, fileHashes, sourceHash })
  })

/**
 * `openForQuery` for `search` and `show`. A foreign skill (DECISIONS #38)
 * has no build step skc may run in its directory: its index lives in the
 * cache and is built, or rebuilt when stale, on demand. Every other skill
 * keeps the RFC's E002 (its author runs `skc build`).
 */
export const openForQueryOnDemand = (skill: ResolvedSkill) =>
  skill.foreign === true
    ? openForQuery(skill).pipe(
        Effect.catchTag("IndexUnusable", (e) =>
          Effect.gen(function* () {
            yield* verbose(`foreign skill '${skill.name}': ${e.reason}; indexing into ${skill.runtimeDir}`)
            yield* indexSkill(skill)
            return yield* openForQuery(skill)
          })
        )
      )
    : openForQuery(skill)
