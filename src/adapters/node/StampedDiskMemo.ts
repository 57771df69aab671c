/**
 * The `DiskMemo` of a long-lived process (src/ports/DiskMemo.ts): a value
 * kept with the identity of every path its computation read, and given
 * again while each of those paths stats the same.
 *
 * The computation runs with a file system that notes each path before
 * reading it: `stat` identity (device, inode, size, modification and change
 * times) for files read and directories listed, `lstat` identity for links
 * and for every component of a path whose real path was asked (and of the
 * targets of the links met on the way); a directory among those components
 * by its device, inode and mode alone, since what a real path depends on is
 * which directory it passes through, not what else that directory holds
 * (an entry added beside it, in the home directory or /tmp, changed its
 * times and made every call compute again). A file edited, an entry added
 * to or removed from a listed directory, a link or a directory on the way
 * replaced: the identity differs and the next call computes again. Taking
 * the identity before the read means a change made during the computation
 * is seen by the next call.
 *
 * File times are coarse (the kernel's clock tick), so a path changed within
 * `RACY_MS` of being noted could change again without its identity moving;
 * such a value is not kept (git's "racily clean" rule). Nor is the value of
 * a computation that failed or wrote anything.
 *
 * Bounded: `MAX_ENTRIES` keys, least recently used dropped; but a key used
 * in the last `IN_USE_MS` is not the one dropped: while every key is that
 * recent (a server answering more projects at once than `MAX_ENTRIES`, each
 * engineer's agent its own), the bound grows to hold them, up to
 * `MAX_ENTRIES_CEILING`. Dropping the least recently used one alone made
 * every call of such a server enumerate its skills again.
 */
import { Effect } from "effect"
import * as fs from "node:fs"
import * as nodePath from "node:path"
import type { DiskMemoService } from "../../ports/DiskMemo.js"
import { FileSystem, type FileSystemService } from "../../ports/FileSystem.js"
import { identityOf, statsOf } from "./fileStamp.js"
import { IN_USE_MS, makeRecentlyUsed } from "./recentlyUsed.js"

const MAX_ENTRIES = 8
/** How far the bound grows while every key is in use (what each key keeps is a list of skills and the paths read). */
const MAX_ENTRIES_CEILING = 256
/** Ten times the coarsest file-time tick of a Linux kernel (HZ=100); what the memo keeps is where skills are, never their text. */
const RACY_MS = 100
/** Links followed at most while noting one real path (the kernel's own limit is 40). */
const MAX_LINKS = 40

/** `component`: a component of a real path, lstat'ed; a directory there is noted by device, inode and mode only. */
type Kind = "stat" | "lstat" | "component"

interface Noted {
  readonly kind: Kind
  readonly path: string
  readonly stamp: string
}

interface Entry {
  readonly value: unknown
  readonly noted: ReadonlyArray<Noted>
}

const statsFor = (kind: Kind, path: string) => statsOf(path, { follow: kind === "stat" })

/** A directory passed through on the way to a real path: which one it is, not what it holds. */
const passedDirectory = (kind: Kind, s: fs.BigIntStats | undefined): boolean => kind === "component" && s !== undefined && s.isDirectory()

/** A path that cannot be stat'ed (missing, or not ours to see) is noted as such: appearing later is a change. */
const stampOf = (kind: Kind, s: fs.BigIntStats | undefined): string =>
  s === undefined ? "none" : passedDirectory(kind, s) ? `dir:${s.dev}:${s.ino}:${s.mode}` : identityOf(s)

const unchanged = (noted: ReadonlyArray<Noted>): boolean => noted.every((n) => stampOf(n.kind, statsFor(n.kind, n.path)) === n.stamp)

/** What one computation read, and whether its value may be kept. */
const makeNotes = (racyMs: number) => {
  const notes = new Map<string, Noted>()
  let keep = true
  const note = (kind: Kind, path: string): fs.BigIntStats | undefined => {
    const key = `${kind}\0${path}`
    const s = statsFor(kind, path)
    if (!notes.has(key)) {
      notes.set(key, { kind, path, stamp: stampOf(kind, s) })
      // A directory passed through is noted without its times: how recent they are says nothing here.
      if (racyMs > 0 && s !== undefined && !passedDirectory(kind, s) && Date.now() - Math.max(Number(s.mtimeMs), Number(s.ctimeMs)) < racyMs) keep = false
    }
    return s
  }
  /** Every component of `path`, and of the targets of the links among them (how `realpath` walks). */
  const noteRealPath = (path: string, links = 0): void => {
    const parts = nodePath.resolve(path).split(nodePath.sep)
    let at: string = nodePath.sep
    for (const part of parts) {
      if (part === "") continue
      at = nodePath.join(at, part)
      const s = note("component", at)
      if (s === undefined || !s.isSymbolicLink()) continue
      if (links >= MAX_LINKS) return
      try {
        noteRealPath(nodePath.resolve(nodePath.dirname(at), fs.readlinkSync(at)), links + 1)
      } catch {
        // The link changed under us: its own lstat stamp is noted, and the read that follows fails or differs.
      }
    }
  }
  return {
    notes,
    keep: () => keep,
    drop: () => void (keep = false),
    stat: (path: string) => void note("stat", nodePath.resolve(path)),
    lstat: (path: string) => void note("lstat", nodePath.resolve(path)),
    realPath: (path: string) => noteRealPath(path)
  }
}

/** `inner` with every read noted first and every write marking the computation as one not to keep. */
const noting = (inner: FileSystemService, n: ReturnType<typeof makeNotes>): FileSystemService => {
  const before =
    <Args extends ReadonlyArray<unknown>, A, E>(mark: (first: Args[0]) => void, f: (...args: Args) => Effect.Effect<A, E>) =>
    (...args: Args) =>
      Effect.suspend(() => {
        mark(args[0])
        return f(...args)
      })
  const write = () => n.drop()
  // Every method listed (no spread of `inner`): a read added to the port later fails to compile here
  // instead of passing through un-noted.
  return {
    readFile: before(n.stat, inner.readFile),
    readFileString: before(n.stat, inner.readFileString),
    readHead: before(n.stat, inner.readHead),
    hashFile: before(n.stat, inner.hashFile),
    readFiles: before((paths: ReadonlyArray<string>) => paths.forEach(n.stat), inner.readFiles),
    stat: before(n.stat, inner.stat),
    statOption: before(n.stat, inner.statOption),
    lstat: before(n.lstat, inner.lstat),
    lstatMany: before((paths: ReadonlyArray<string>) => paths.forEach(n.lstat), inner.lstatMany),
    lstatOption: before(n.lstat, inner.lstatOption),
    readDir: before(n.stat, inner.readDir),
    readLink: before(n.lstat, inner.readLink),
    realPath: before(n.realPath, inner.realPath),
    writeFileAtomic: before(write, inner.writeFileAtomic),
    writeFile: before(write, inner.writeFile),
    makeDirectory: before(write, inner.makeDirectory),
    remove: before(write, inner.remove),
    rename: before(write, inner.rename),
    symlink: before(write, inner.symlink),
    copyFile: before(write, inner.copyFile)
  }
}

export interface StampedDiskMemoOptions {
  /** How recent a change makes a path racy (`RACY_MS`; tests set 0 to keep every value). */
  readonly racyMs?: number
  /** The clock of `IN_USE_MS` (tests). */
  readonly now?: () => number
}

export const makeStampedDiskMemo = (options: StampedDiskMemoOptions = {}): DiskMemoService & { readonly size: () => number } => {
  const racyMs = options.racyMs ?? RACY_MS
  const entries = makeRecentlyUsed<Entry>({ max: MAX_ENTRIES, ceiling: MAX_ENTRIES_CEILING, inUseMs: IN_USE_MS, now: options.now ?? Date.now })
  return {
    remember: <A, E, R>(key: string, compute: Effect.Effect<A, E, R>) =>
      Effect.suspend(() => {
        const kept = entries.get(key)
        if (kept !== undefined) {
          entries.delete(key)
          if (unchanged(kept.noted)) {
            entries.use(key, kept)
            return Effect.succeed(kept.value as A)
          }
        }
        const n = makeNotes(racyMs)
        return compute.pipe(
          Effect.updateService(FileSystem, (inner) => noting(inner, n)),
          Effect.tap((value) =>
            Effect.sync(() => {
              if (!n.keep()) return
              entries.use(key, { value, noted: [...n.notes.values()] })
            })
          )
        )
      }),
    size: () => entries.size()
  }
}
