/**
 * Settled file records (issue 30): what was learnt about a source file after
 * its index was written, kept beside the index so that no later command
 * learns it again.
 *
 * The index's `source_files` rows say, per file, its size, mtime and hash,
 * and whether that mtime can be trusted: a file modified within 2 s of the
 * build may change again without its mtime moving, so its record is not
 * trusted and every later check reads and hashes it. An up-to-date index is
 * never rewritten (RFC-0004:C-INDEX, issue 25 item 4: same file, same inode,
 * same mtime), so those rows never settle by themselves: a skill built right
 * after a checkout, a copy or a `touch` had every `search`, `show` and no-op
 * `build` read and hash the whole tree (20 MB for the benchmark skill), for
 * as long as its content did not change.
 *
 * A command that had to hash such files and finds them old enough to trust
 * now writes `settled-<hash16>.json` next to the index: for each
 * such file, the record it would have if the index were written now. Each
 * entry is a plain fact ("this path, at this size and mtime, had this
 * hash"), observed more than 2 s after that mtime, so it stays true for as
 * long as size and mtime match, whatever the index says; the file is only
 * ever a cache:
 * - missing, unreadable or malformed, it is ignored (the files are hashed,
 *   as before);
 * - it cannot be written (a read-only runtime), nothing fails;
 * - writing the index removes it (the index's own rows are then current).
 */
import { Clock, Effect } from "effect"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import type { IndexedSourceFile } from "../../ports/SearchIndex.js"
import { verbose } from "../../ports/Diagnostics.js"
import { RACY_WINDOW_MS, type FileHashCache, type FileHashCacheEntry } from "../shared/index.js"


/**
 * `…/search-<hash16>.db` → `…/settled-<hash16>.json`: beside its index, under a name no `search-*` pattern
 * meets (those are the index files, RFC-0004:C-INDEX).
 */
export const settledPathOf = (indexPath: string): string => {
  const at = Math.max(indexPath.lastIndexOf("/"), indexPath.lastIndexOf("\\")) + 1
  const named = indexPath.slice(0, at) + indexPath.slice(at).replace(/^search-/, "settled-").replace(/\.db$/, ".json")
  // Never the index itself, whatever it is called.
  return named === indexPath ? `${indexPath}.settled.json` : named
}

type Entry = readonly [size: number, mtimeMs: number, hash: string, title: string | null, description: string | null]

const isEntry = (v: unknown): v is Entry =>
  Array.isArray(v) &&
  v.length === 5 &&
  typeof v[0] === "number" &&
  typeof v[1] === "number" &&
  typeof v[2] === "string" &&
  /^[0-9a-f]{64}$/.test(v[2]) &&
  (v[3] === null || typeof v[3] === "string") &&
  (v[4] === null || typeof v[4] === "string")

/** The settled records beside `indexPath`, by path; empty when there are none or they cannot be read. */
export const readSettled = Effect.fnUntraced(function* (indexPath: string) {
  const fs = yield* FileSystem
  const out = new Map<string, IndexedSourceFile>()
  // Most indexes have no settled file: looked for without the failed read's error (`search --all`
  // looks once per skill; the error path cost about 0.13 ms each in a fresh process, issue 47).
  const file = settledPathOf(indexPath)
  if ((yield* fs.statOption(file).pipe(unseenAs(undefined))) === undefined) return out as ReadonlyMap<string, IndexedSourceFile>
  const text = yield* fs.readFileString(file).pipe(unseenAs(undefined))
  if (text === undefined) return out as ReadonlyMap<string, IndexedSourceFile>
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return out as ReadonlyMap<string, IndexedSourceFile>
  }
  const files = (parsed as { files?: unknown } | null)?.files
  if (typeof files !== "object" || files === null || Array.isArray(files)) return out as ReadonlyMap<string, IndexedSourceFile>
  for (const [path, v] of Object.entries(files)) {
    if (!isEntry(v)) continue
    out.set(path, { path, size: v[0], mtimeMs: v[1], hash: v[2], trusted: true, title: v[3] ?? undefined, description: v[4] ?? undefined })
  }
  return out as ReadonlyMap<string, IndexedSourceFile>
})

/** Whether `record` answers for a file of this size and mtime without reading it. */
export const answersFor = (record: Pick<IndexedSourceFile, "size" | "mtimeMs" | "trusted"> | undefined, file: { readonly size: number; readonly mtimeMs: number }) =>
  record !== undefined && record.trusted && record.size === file.size && record.mtimeMs === file.mtimeMs

/**
 * The hash cache of a staleness check: the index's trusted records, with a
 * settled record taking a path's place where the index has none it can
 * trust, or one with an older mtime (the file was touched after the index
 * was written).
 */
export const withSettled = (cache: FileHashCache, settled: ReadonlyMap<string, IndexedSourceFile>): FileHashCache => {
  if (settled.size === 0) return cache
  const merged: Record<string, FileHashCacheEntry> = { ...cache }
  for (const [path, r] of settled) {
    const known = Object.prototype.hasOwnProperty.call(cache, path) ? cache[path] : undefined
    if (known === undefined || known.mtimeMs < r.mtimeMs) merged[path] = { size: r.size, mtimeMs: r.mtimeMs, hash: r.hash }
  }
  return merged
}

/**
 * Keep the records of `current` (every file of the tree, as just hashed or
 * taken from a record) that are trusted now and that neither the index's
 * rows nor the settled file already hold: written only when a command
 * learnt something, so a warm tree costs no write.
 */
export const settle = Effect.fnUntraced(function* (
  indexPath: string,
  indexed: ReadonlyMap<string, Pick<IndexedSourceFile, "size" | "mtimeMs" | "trusted">> | undefined,
  settled: ReadonlyMap<string, IndexedSourceFile>,
  current: ReadonlyArray<IndexedSourceFile>
) {
  const now = yield* Clock.currentTimeMillis
  const keep: Record<string, Entry> = {}
  let learnt = false
  for (const f of current) {
    if (now - f.mtimeMs <= RACY_WINDOW_MS) continue
    if (answersFor(indexed?.get(f.path), f)) continue
    keep[f.path] = [f.size, f.mtimeMs, f.hash, f.title ?? null, f.description ?? null]
    if (!answersFor(settled.get(f.path), f)) learnt = true
  }
  if (!learnt) return
  const fs = yield* FileSystem
  yield* fs.writeFileAtomic(settledPathOf(indexPath), JSON.stringify({ files: keep })).pipe(
    Effect.catch((e) => verbose(`settled file records not kept (${e.code}): ${settledPathOf(indexPath)}`))
  )
})

/** Writing the index makes its own rows current: the settled records go. */
export const dropSettled = (indexPath: string) =>
  Effect.flatMap(FileSystem, (fs) => fs.remove(settledPathOf(indexPath)).pipe(Effect.ignore))
