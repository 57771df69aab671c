/**
 * Walking a skill's source directory and hashing it (RFC-0001:C-INPUT,
 * C-MANIFEST, C-CONSTRAINTS path safety; DECISIONS #22).
 *
 * `scanSourceTree` lists every file with its relative POSIX path, size and
 * mtime, bytewise sorted, skipping `.git` and `.jj` at any depth. Symlinks
 * are followed only while they stay inside the canonical skill root; one
 * that leads out is E012 (build) or silently left out (gateway listings,
 * `onEscape: "skip"`), never read.
 *
 * `sourceHash` is SHA-256 over the sorted (relative path, file SHA-256)
 * pairs. Callers that hash repeatedly (index staleness, `list
 * --check-obsolete`) pass a `FileHashCache` keyed by path, size and mtime
 * and store the returned cache beside their own data, so an unchanged
 * tree costs one stat per file.
 */
import { timeSlicer } from "./timeSlice.js"
import { Clock, Effect } from "effect"
import { Path } from "effect/Path"
import { InternalError, PathEscapes, type UsageError, Warning } from "../../domain/errors.js"
import { readFailure } from "./readFailure.js"
import { IGNORED_DIRS, isEditorArtifact, sortedBytewise, sourceHashInput, sourceHashLines } from "../../domain/sourcePaths.js"
import { FileSystem, type FsError } from "../../ports/FileSystem.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { Hasher } from "../../ports/Hasher.js"

export interface SourceFile {
  /** Relative to the skill root, `/`-separated. */
  readonly path: string
  readonly size: number
  readonly mtimeMs: number
}

export interface SourceTree {
  /** The source directory as given (absolute). */
  readonly root: string
  /** The root with symlinks resolved: every file read lies below it. */
  readonly canonicalRoot: string
  /** Files in bytewise path order. */
  readonly files: ReadonlyArray<SourceFile>
  /** Every directory below the root (relative, bytewise order), empty ones included. */
  readonly dirs: ReadonlyArray<string>
  /** Symlinks left out because they lead outside the root (only with `onEscape: "skip"`). */
  readonly escaping: ReadonlyArray<string>
  /**
   * Entries left out because their names are not UTF-8: listed with U+FFFD in
   * place of the bytes that do not decode, a name no call can open again.
   */
  readonly undecodable: ReadonlyArray<string>
}

export interface ScanOptions {
  /** `fail` (default, build): E012 on the first escaping symlink. `skip`: leave it out. */
  readonly onEscape?: "fail" | "skip"
}

// A folder or file skc may not read is named as such, not E999 (issue 29 item 5).
const internal = (e: FsError) => readFailure(e)

/**
 * Files stat'ed, or looked up in the hash cache, between two looks at the
 * clock: a few hundred take well under a millisecond, so the event loop
 * still gets its turns (`timeSlicer`) while a loop pays one Effect per
 * batch instead of one per file.
 */
const STAT_BATCH = 256

/** Above this size a file's hash is computed from pieces of it (`FileSystem.hashFile`), never from the whole file in memory. */
const HASH_WHOLE_MAX_BYTES = 8 * 1024 * 1024

/** A path that is no longer there (or whose folder no longer is): removed since its directory was listed. */
export const isGone = (e: { readonly code: string }): boolean => e.code === "ENOENT" || e.code === "ENOTDIR"

/**
 * What `self` reads, or undefined when its path is gone (an editor's temporary file, removed between a
 * directory's listing and the read); any other failure is the read's error (`readFailure`).
 */
export const unlessGone = <A>(self: Effect.Effect<A, FsError>): Effect.Effect<A | undefined, InternalError | UsageError> =>
  self.pipe(
    Effect.map((a): A | undefined => a),
    Effect.catch((e) => (isGone(e) ? Effect.succeed(undefined) : Effect.fail(internal(e))))
  )

/**
 * Node decodes a directory entry's name as UTF-8, putting U+FFFD for bytes
 * that are not: such a name leads nowhere (ENOENT), so an entry that is gone
 * and carries U+FFFD was named in another encoding (Latin-1 from an old
 * archive, say), not removed meanwhile. A name that really holds U+FFFD opens.
 */
const undecodableName = (name: string): boolean => name.includes("\uFFFD")

/** The warning for entries whose names are not UTF-8: left out of everything skc reads, said once per command. */
export const undecodableNotice = (rels: ReadonlyArray<string>): string =>
  `${rels.length === 1 ? `'${rels[0]}' is` : `${rels.length} entries are`} left out: ${rels.length === 1 ? "its name is" : `their names are`} not valid UTF-8 (\uFFFD marks the bytes), so skc cannot open ${rels.length === 1 ? "it" : "them"}; rename ${rels.length === 1 ? "it" : `them (${rels.slice(0, 5).map((r) => `'${r}'`).join(", ")}${rels.length > 5 ? ", …" : ""})`} in UTF-8`

/** True when `p` is `root` or below it (both canonical, absolute). */
export const isWithin = (root: string, p: string, sep: string): boolean =>
  p === root || p.startsWith(root.endsWith(sep) ? root : root + sep)

export const scanSourceTree = Effect.fnUntraced(function* (root: string, options: ScanOptions = {}) {
  const fs = yield* FileSystem
  const path = yield* Path
  const onEscape = options.onEscape ?? "fail"
  const canonicalRoot = yield* fs.realPath(root).pipe(Effect.mapError(internal))
  const files: Array<SourceFile> = []
  const dirs: Array<string> = []
  const escaping: Array<string> = []
  const undecodable: Array<string> = []
  const breathe = yield* timeSlicer

  // Depth-first; `realChain` holds the canonical directories on the way
  // down so a symlink back to an ancestor is not walked forever.
  const walk = (abs: string, rel: string, real: string, realChain: ReadonlySet<string>): Effect.Effect<void, InternalError | UsageError | PathEscapes> =>
    Effect.gen(function* () {
      // A directory removed since its parent was listed (an editor's temporary folder) is no part of the tree.
      const entries = rel === "" ? yield* fs.readDir(abs).pipe(Effect.mapError(internal)) : ((yield* unlessGone(fs.readDir(abs))) ?? [])
      const relOf = (name: string) => (rel === "" ? name : `${rel}/${name}`)
      // A directory's files are stat'ed in batches: one Effect per file cost more than the
      // system calls (issue 30: a query's freshness check over 1,000 files).
      const names = entries.filter((e) => e.type === "file" && !IGNORED_DIRS.has(e.name) && !isEditorArtifact(e.name)).map((e) => e.name)
      // `path.join(abs, name)` for every entry, joined once: an entry's name holds no separator and is
      // never "." or "..", so the join is the directory's joined prefix and the name (path.join
      // normalized the whole path per file: about 10 ms of a search's freshness check over 1,000 files).
      const prefix = path.join(abs, "x").slice(0, -1)
      for (let at = 0; at < names.length; at += STAT_BATCH) {
        yield* breathe
        const batch = names.slice(at, at + STAT_BATCH)
        // A file removed since the directory was listed (an editor's or `sed -i`'s temporary file, an atomic
        // save's `.new`) is no part of the tree: one by one then, each gone file left out. It was E999 for
        // every search, show and build that met it while someone edited the skill.
        const infos = yield* fs
          .lstatMany(batch.map((name) => prefix + name))
          .pipe(Effect.catch((e) => (isGone(e) ? Effect.forEach(batch, (name) => unlessGone(fs.lstat(prefix + name))) : Effect.fail(internal(e)))))
        batch.forEach((name, i) => {
          const info = infos[i]
          if (info !== undefined) files.push({ path: relOf(name), size: info.size, mtimeMs: info.mtimeMs })
          else if (undecodableName(name)) undecodable.push(relOf(name))
        })
      }
      for (const entry of entries) {
        // An editor's lock link (`.#SKILL.md`, dangling by design) or swap file kept as another type: no part of the skill.
        if (entry.type === "file" || IGNORED_DIRS.has(entry.name) || isEditorArtifact(entry.name)) continue
        yield* breathe
        const childAbs = prefix + entry.name
        const childRel = relOf(entry.name)
        if (entry.type === "directory") {
          if (undecodableName(entry.name) && (yield* fs.statOption(childAbs).pipe(Effect.mapError(internal))) === undefined) {
            undecodable.push(childRel)
            continue
          }
          dirs.push(childRel)
          const childReal = path.join(real, entry.name)
          yield* walk(childAbs, childRel, childReal, new Set([...realChain, childReal]))
        } else if (entry.type === "symlink") {
          const target = yield* fs.realPath(childAbs).pipe(
            Effect.map((t): string | undefined => t),
            Effect.catch((e) => (e.code === "ENOENT" || e.code === "ELOOP" || e.code === "ENOTDIR" ? Effect.succeed(undefined) : Effect.fail(internal(e))))
          )
          let escapes: boolean
          if (target === undefined) {
            // Dangling: judge by where the link text points.
            const link = yield* unlessGone(fs.readLink(childAbs))
            // The link itself removed meanwhile: nothing to judge.
            if (link === undefined) {
              if (undecodableName(entry.name)) undecodable.push(childRel)
              continue
            }
            escapes = !isWithin(canonicalRoot, path.resolve(real, link), path.sep)
          } else escapes = !isWithin(canonicalRoot, target, path.sep)
          if (escapes) {
            if (onEscape === "fail") return yield* Effect.fail(new PathEscapes({ path: childRel }))
            escaping.push(childRel)
            continue
          }
          if (target === undefined) continue
          const info = yield* fs.statOption(childAbs).pipe(Effect.mapError(internal))
          if (info === undefined) continue
          if (info.type === "file") files.push({ path: childRel, size: info.size, mtimeMs: info.mtimeMs })
          else if (info.type === "directory" && !realChain.has(target)) {
            dirs.push(childRel)
            yield* walk(childAbs, childRel, target, new Set([...realChain, target]))
          }
        }
        // Sockets, FIFOs and devices are not skill content.
      }
    })

  yield* walk(root, "", canonicalRoot, new Set([canonicalRoot]))
  const tree: SourceTree = { root, canonicalRoot, files: sortedBytewise(files, (f) => f.path), dirs: sortedBytewise(dirs, (d) => d), escaping, undecodable }
  // Said wherever the tree is read (build, lint, search, show, sources, the MCP tools): a file that
  // silently never appears is a file its author believes agents can read. Once per command (the sink dedupes).
  if (undecodable.length > 0) {
    const diagnostics = yield* Effect.serviceOption(Diagnostics)
    if (diagnostics._tag === "Some") yield* diagnostics.value.warn(Warning.notice(undecodableNotice(sortedBytewise(undecodable, (d) => d))))
  }
  return tree
})

// ---------------------------------------------------------------------------
// Source hash
// ---------------------------------------------------------------------------

export interface FileHashCacheEntry {
  readonly size: number
  readonly mtimeMs: number
  /** SHA-256 hex of the file's bytes. */
  readonly hash: string
}

/** Relative path → last known hash; plain JSON, safe to persist. */
export type FileHashCache = Readonly<Record<string, FileHashCacheEntry>>

/**
 * A file modified within this many milliseconds of being hashed may change
 * again without its mtime moving ("racily clean", as git calls it), so its
 * hash is not trusted next time even when size and mtime match. The one
 * window of every record of a file: the hash cache here, the index's
 * `source_files` rows, the settled records.
 */
export const RACY_WINDOW_MS = 2000

/** SHA-256 over the sorted (relative path, file hash) pairs (RFC-0001:C-MANIFEST). */
export const combineSourceHash = Effect.fnUntraced(function* (pairs: ReadonlyArray<readonly [string, string]>) {
  const h = yield* Hasher
  if (h.sha256Pieces === undefined || pairs.length < HASH_PIECE_LINES) return h.sha256Hex(sourceHashInput(pairs))
  // A large tree: the same text hashed a few thousand lines at a time, with event-loop turns between.
  const hash = h.sha256Pieces()
  const sorted = sortedBytewise(pairs, (p) => p[0])
  const breathe = yield* timeSlicer
  for (let at = 0; at < sorted.length; at += HASH_PIECE_LINES) {
    yield* breathe
    hash.update(sourceHashLines(sorted.slice(at, at + HASH_PIECE_LINES)))
  }
  return hash.hex()
})

/** Lines of the source-hash input hashed at a time for a large tree. */
const HASH_PIECE_LINES = 4096

/**
 * The source hash is a function of the (path, hash) pairs alone
 * (RFC-0001:C-MANIFEST): when they are exactly the pairs the index recorded
 * beside its source hash, that hash is the answer, and a no-op build does
 * not hash the whole tree's listing again (for 1,000 files, 100 KB, and
 * `node:crypto` loaded for it: issue 30); nor does a query's freshness
 * check (`sourceHash` with `recorded`).
 */
export const recordedSourceHash = (
  pairs: ReadonlyArray<readonly [string, string]>,
  previous: ReadonlyMap<string, { readonly hash: string }>,
  previousSourceHash: string | undefined
): string | undefined => {
  if (previousSourceHash === undefined || previousSourceHash === "" || pairs.length !== previous.size) return undefined
  for (const [path, hash] of pairs) if (previous.get(path)?.hash !== hash) return undefined
  return previousSourceHash
}

/** The (path, hash) pairs an index recorded and the source hash it recorded with them. */
export interface RecordedPairs {
  readonly files: ReadonlyMap<string, { readonly hash: string }>
  readonly sourceHash: string
}

/**
 * The source hash of `tree`. With `cache`, files whose size and mtime match
 * are not read again; with `recorded`, pairs exactly as recorded give the
 * recorded hash. Returns the hash and the cache to keep for next time.
 */
export const sourceHash = Effect.fnUntraced(function* (tree: SourceTree, options: { readonly cache?: FileHashCache; readonly recorded?: RecordedPairs } = {}) {
  const fs = yield* FileSystem
  const path = yield* Path
  const hasher = yield* Hasher
  const now = yield* Clock.currentTimeMillis
  const cache = options.cache ?? {}
  const next: Record<string, FileHashCacheEntry> = {}
  const pairs: Array<readonly [string, string]> = []
  const breathe = yield* timeSlicer
  // Effects only where a file is read: a cache hit is a lookup, and the clock is looked at once a batch.
  for (let i = 0; i < tree.files.length; i++) {
    if (i % STAT_BATCH === 0) yield* breathe
    const f = tree.files[i]!
    const known = Object.prototype.hasOwnProperty.call(cache, f.path) ? cache[f.path] : undefined
    let hash: string
    if (known !== undefined && known.size === f.size && known.mtimeMs === f.mtimeMs) hash = known.hash
    else {
      // Removed since the scan: hashed as the tree is now, without it (a temporary file of an editor).
      const file = path.join(tree.root, ...f.path.split("/"))
      // A large file is hashed in pieces, as a build hashes it: read whole, a 1 GB data file took 1 GB of memory
      // at every query whose freshness check missed the cache, and one over 2 GiB failed them all (E999).
      const hashed =
        f.size > HASH_WHOLE_MAX_BYTES
          ? yield* unlessGone(fs.hashFile(file))
          : yield* Effect.map(unlessGone(fs.readFile(file)), (bytes) => (bytes === undefined ? undefined : hasher.sha256Hex(bytes)))
      if (hashed === undefined) continue
      hash = hashed
      yield* breathe
    }
    pairs.push([f.path, hash])
    if (now - f.mtimeMs > RACY_WINDOW_MS) next[f.path] = { size: f.size, mtimeMs: f.mtimeMs, hash }
  }
  const recorded = options.recorded === undefined ? undefined : recordedSourceHash(pairs, options.recorded.files, options.recorded.sourceHash)
  const hash = recorded ?? (yield* combineSourceHash(pairs))
  return { hash, cache: next as FileHashCache }
})

/** Scan and hash in one go: what staleness checks need. */
export const currentSourceHash = (root: string, options: { readonly cache?: FileHashCache } = {}) =>
  Effect.flatMap(scanSourceTree(root, { onEscape: "skip" }), (tree) => sourceHash(tree, options))

/**
 * A gateway listing (`outline`, `sources`) skips a symlink that leads out
 * of the skill, but a skill whose SKILL.md itself leads out has no entry
 * point skc may read: E012, as `build` and `open` answer, rather than an
 * empty listing that exits 0.
 */
export const entryPointInside = (tree: SourceTree): Effect.Effect<void, PathEscapes> =>
  tree.escaping.includes("SKILL.md") ? Effect.fail(new PathEscapes({ path: "SKILL.md" })) : Effect.void
