/**
 * The `SourceFreshness` of a long-lived process: one `fs.watch` per source
 * directory (not `recursive`, which Node 20 emulates on Linux with a tree
 * walk that can miss files in new directories), any event marking the
 * record dirty. A new subdirectory is an event of its parent: the next
 * call checks in full and watches it too.
 *
 * Bounded: at most MAX_RECORDS indexes (least recently used dropped, its
 * watchers closed) and MAX_DIRS directories per skill; a skill with more,
 * or a directory that cannot be watched (inotify limits, permissions), is
 * never verified and keeps the per-call check. A record used in the last
 * IN_USE_MS is not the one dropped: when every record is that recent (a
 * cross-skill search asks about every skill in scope), the bound grows to
 * hold them, up to MAX_RECORDS_CEILING. Dropping the least recently used
 * one was the worst policy for that cyclic use: with more skills in scope
 * than records, every call found no record, walked every skill's tree and
 * armed and closed its watchers.
 *
 * Before answering from records, the event loop is given one turn
 * (`settle`, a `setImmediate`): a file written before the request was sent
 * has its inotify event already queued, and that turn delivers it. All
 * watchers share the loop's one inotify descriptor, so one turn delivers
 * the events of every record: a cross-skill call settles once, not once
 * per skill (26 turns were a quarter of a `search --all` over MCP, issue 25).
 */
import { Effect } from "effect"
import * as fs from "node:fs"
import * as nodePath from "node:path"
import { isEditorArtifact } from "../../domain/sourcePaths.js"
import { fileStamp } from "./fileStamp.js"
import { IN_USE_MS, makeRecentlyUsed } from "./recentlyUsed.js"
import type { FreshnessKey, SourceFreshnessService } from "../../ports/SourceFreshness.js"

const MAX_RECORDS = 64
const MAX_DIRS = 512
/** How far the bound grows while every record is in use (the same ceiling as the connection pools'). */
const MAX_RECORDS_CEILING = 1024

interface FreshnessRecord {
  sourceDir: string
  sourceHash: string
  indexStamp: string | undefined
  readonly watchers: Map<string, fs.FSWatcher>
  /**
   * Each watched directory's identity (device, inode, birth time) when its watcher was armed. A directory deleted
   * and made again under the same path (a branch switch, `git stash`, an rsync that replaces the skill's
   * folder) leaves its watcher on the old inode, which sees nothing more: the record then trusted an index
   * of other sources (an MCP probe: E020 for a heading just added, for good). A full check re-arms it.
   */
  readonly identities: Map<string, string>
  /** An event since the last `checking`, or a watcher failed. */
  dirty: boolean
  /** Watchers were armed when the check began. */
  armedAtCheck: boolean
  verified: boolean
}

export interface WatchingFreshnessOptions {
  readonly max?: number
  readonly ceiling?: number
  /** The clock of `IN_USE_MS` (tests). */
  readonly now?: () => number
}

const oneTurn = Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))

export const makeWatchingFreshness = (
  options: WatchingFreshnessOptions = {}
): SourceFreshnessService & { readonly close: () => void; readonly size: () => number } => {
  const records = makeRecentlyUsed<FreshnessRecord>({
    max: options.max ?? MAX_RECORDS,
    ceiling: options.ceiling ?? MAX_RECORDS_CEILING,
    inUseMs: IN_USE_MS,
    now: options.now ?? Date.now,
    onDrop: (r) => closeRecord(r)
  })

  const closeRecord = (r: FreshnessRecord) => {
    for (const w of r.watchers.values()) w.close()
    r.watchers.clear()
    r.identities.clear()
  }

  /**
   * A directory's device, inode and birth time; undefined when it cannot be read. The birth time tells a
   * directory made again from the one before it: ext4 hands the freed inode number straight to it.
   */
  const identityOf = (dir: string): string | undefined => {
    try {
      const st = fs.statSync(dir, { bigint: true })
      return `${st.dev}:${st.ino}:${st.birthtimeNs}`
    } catch {
      return undefined
    }
  }

  const touch = (key: string, r: FreshnessRecord) => records.use(key, r)

  /**
   * Watch exactly `dirs` (absolute): `watched` false when one cannot be watched; `rearmed` true when a
   * watcher was made again for a directory replaced under its path (its old one saw nothing of it).
   */
  const watchDirs = (r: FreshnessRecord, dirs: ReadonlyArray<string>): { readonly watched: boolean; readonly rearmed: boolean } => {
    const wanted = new Set(dirs)
    let rearmed = false
    for (const [dir, w] of r.watchers) {
      const identity = wanted.has(dir) ? identityOf(dir) : undefined
      if (!wanted.has(dir) || identity === undefined || identity !== r.identities.get(dir)) {
        if (wanted.has(dir)) rearmed = true
        w.close()
        r.watchers.delete(dir)
        r.identities.delete(dir)
      }
    }
    for (const dir of wanted) {
      if (r.watchers.has(dir)) continue
      try {
        // The identity first: a directory replaced between the two is re-armed at the next full check.
        const identity = identityOf(dir)
        // An editor's swap, backup or lock file is no part of the skill (isEditorArtifact): vim writes its swap
        // file every few seconds of typing, and each write made the next call check the whole tree again.
        const w = fs.watch(dir, { persistent: false }, (_event, name) => {
          if (typeof name === "string" && isEditorArtifact(nodePath.basename(name))) return
          r.dirty = true
        })
        w.on("error", () => {
          r.dirty = true
          r.verified = false
        })
        r.watchers.set(dir, w)
        if (identity !== undefined) r.identities.set(dir, identity)
      } catch {
        return { watched: false, rearmed }
      }
    }
    return { watched: true, rearmed }
  }

  return {
    settle: oneTurn,
    isFresh: (key: FreshnessKey) =>
      Effect.sync(() => {
        const r = records.get(key.indexPath)
        if (r === undefined || !r.verified || r.dirty) return false
        if (r.sourceDir !== key.sourceDir || r.sourceHash !== key.sourceHash) return false
        if (fileStamp(key.indexPath) !== r.indexStamp) return false
        touch(key.indexPath, r)
        return true
      }),
    checking: (key: FreshnessKey) =>
      Effect.sync(() => {
        const r = records.get(key.indexPath)
        if (r === undefined) return
        r.verified = false
        r.dirty = false
        r.armedAtCheck = r.sourceDir === key.sourceDir && r.watchers.size > 0
      }),
    matched: (key: FreshnessKey, dirs: ReadonlyArray<string>) =>
      Effect.sync(() => {
        const absolute = [key.sourceDir, ...dirs.map((d) => nodePath.join(key.sourceDir, ...d.split("/")))]
        let r = records.get(key.indexPath)
        if (r === undefined || r.sourceDir !== key.sourceDir) {
          if (r !== undefined) closeRecord(r)
          r = {
            sourceDir: key.sourceDir,
            sourceHash: key.sourceHash,
            indexStamp: undefined,
            watchers: new Map(),
            identities: new Map(),
            dirty: false,
            armedAtCheck: false,
            verified: false
          }
        }
        const sameDirs = r.watchers.size === absolute.length && absolute.every((d) => r!.watchers.has(d))
        const armed = absolute.length <= MAX_DIRS ? watchDirs(r, absolute) : { watched: false, rearmed: false }
        if (!armed.watched) closeRecord(r)
        // A watcher made again now was not watching while this check read the sources: the next call checks again.
        r.verified = armed.watched && r.armedAtCheck && sameDirs && !armed.rearmed && !r.dirty
        r.sourceHash = key.sourceHash
        r.indexStamp = fileStamp(key.indexPath)
        touch(key.indexPath, r)
      }),
    close: () => {
      for (const r of records.values()) closeRecord(r)
      records.clear()
    },
    size: () => records.size()
  }
}
