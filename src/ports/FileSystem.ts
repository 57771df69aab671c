/**
 * The file system as the application sees it. Narrower than
 * @effect/platform's FileSystem so that an in-memory adapter stays small and
 * so that the CLI start-up does not load the platform implementation.
 *
 * Every failure is an `FsError` carrying the system error code (ENOENT,
 * EACCES, EROFS, ENOTDIR, ELOOP…), so use cases can map the expected ones to
 * RFC-0005 codes and let the rest become E999 with their cause.
 *
 * Reads take regular files only (issue 29 item 1): a FIFO, a device or a
 * socket fails at once with code `ENOTREG` (a directory with `EISDIR`),
 * never blocks, never streams without end.
 */
import { Context, Data, Effect } from "effect"
import type { LineHeadResult } from "../domain/lineHead.js"

export class FsError extends Data.TaggedError("FsError")<{
  readonly op: string
  readonly path: string
  readonly code: string
  readonly message: string
}> {}

export type EntryType = "file" | "directory" | "symlink" | "other"

export interface FileInfo {
  readonly type: EntryType
  readonly size: number
  readonly mtimeMs: number
  /**
   * Which file this is (`<device>:<inode>` on disk): a file replaced at its path has another. Undefined
   * where the adapter cannot tell (the in-memory one): callers then act as if it were unchanged.
   */
  readonly identity?: string
  /** The owner's user id, where the platform has one (POSIX); undefined in the in-memory adapter. */
  readonly uid?: number
  /**
   * When the file's inode last changed (any write, `touch`, `chmod`): unlike `mtimeMs`, no tool sets it
   * back (`cp -p`, `rsync -t` and `tar` restore an old mtime). Undefined in the in-memory adapter.
   */
  readonly ctimeMs?: number
  /** The permission bits (`0o7777`), where the platform has them (POSIX); undefined in the in-memory adapter. */
  readonly mode?: number
}

export interface DirEntry {
  readonly name: string
  readonly type: EntryType
}

export interface FileSystemService {
  readonly readFile: (path: string) => Effect.Effect<Uint8Array, FsError>
  readonly readFileString: (path: string) => Effect.Effect<string, FsError>
  /**
   * The first `maxLines` lines of a file, how many follow and whether the
   * whole file is binary, read in bounded pieces (`open --max-lines`).
   */
  readonly readHead: (path: string, maxLines: number) => Effect.Effect<LineHeadResult, FsError>
  /**
   * SHA-256 (hex) of a regular file's bytes, read in pieces: for files too
   * large to hold in memory (issue 29 item 3: a build hashes them, the
   * index skips them).
   */
  readonly hashFile: (path: string) => Effect.Effect<string, FsError>
  /**
   * Several whole files in one operation, in the order given; fails with
   * the first file that cannot be read. For work that reads many files in
   * a row (a build hashes every file of a skill), where one Effect per file
   * would cost more than the reads themselves.
   */
  readonly readFiles: (paths: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<Uint8Array>, FsError>
  /** Writes through a temporary file and a rename, so readers never see half a file. */
  readonly writeFileAtomic: (path: string, data: string | Uint8Array) => Effect.Effect<void, FsError>
  readonly writeFile: (path: string, data: string | Uint8Array, options?: { readonly exclusive?: boolean }) => Effect.Effect<void, FsError>
  /** Follows symlinks. */
  readonly stat: (path: string) => Effect.Effect<FileInfo, FsError>
  /** Does not follow symlinks. */
  readonly lstat: (path: string) => Effect.Effect<FileInfo, FsError>
  /**
   * `lstat` of several paths in one operation, in the order given; fails
   * with the first that fails. For walks over many files (a query's
   * freshness check stats every file of a skill), where one Effect per file
   * cost more than the system calls (issue 30: 1,000 files).
   */
  readonly lstatMany: (paths: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<FileInfo>, FsError>
  /**
   * `undefined` when nothing is there (ENOENT/ENOTDIR/ENAMETOOLONG, or a symbolic link that loops: ELOOP, which
   * leads to nothing, as `test -e` says); other failures fail. The one place that decides it, so that every
   * command classifies a looping SKILL.md as the missing one it is (E010), never E999.
   */
  readonly statOption: (path: string) => Effect.Effect<FileInfo | undefined, FsError>
  readonly lstatOption: (path: string) => Effect.Effect<FileInfo | undefined, FsError>
  /** Entries in no particular order, types not following symlinks. */
  readonly readDir: (path: string) => Effect.Effect<ReadonlyArray<DirEntry>, FsError>
  readonly makeDirectory: (path: string, options?: { readonly recursive?: boolean }) => Effect.Effect<void, FsError>
  readonly remove: (path: string, options?: { readonly recursive?: boolean }) => Effect.Effect<void, FsError>
  readonly rename: (from: string, to: string) => Effect.Effect<void, FsError>
  readonly realPath: (path: string) => Effect.Effect<string, FsError>
  readonly readLink: (path: string) => Effect.Effect<string, FsError>
  readonly symlink: (target: string, path: string, type: "dir" | "file" | "junction") => Effect.Effect<void, FsError>
  readonly copyFile: (from: string, to: string) => Effect.Effect<void, FsError>
}

export class FileSystem extends Context.Service<FileSystem, FileSystemService>()("skillc/FileSystem") {}

/** The code of a read refused because the path is not a regular file (a FIFO, a device, a socket). */
export const NOT_REGULAR = "ENOTREG"

/**
 * Nothing is at the path: absent, under a non-directory, a name too long to exist, or a symbolic link that
 * loops (ELOOP: it leads to nothing, as a dangling one does). What `statOption` and `lstatOption` answer
 * `undefined` for.
 */
export const isNotFound = (e: FsError): boolean =>
  e.code === "ENOENT" || e.code === "ENOTDIR" || e.code === "ENAMETOOLONG" || e.code === "ELOOP"
/** A write or move refused by permissions or a read-only file system: the user's to change, not skc's fault. */
export const isDenied = (e: FsError): boolean => e.code === "EACCES" || e.code === "EPERM" || e.code === "EROFS"
/** Errors that mean "this location cannot be written", whatever the cause. */
export const isNotWritable = (e: FsError): boolean => isDenied(e) || e.code === "ENOTDIR" || e.code === "EEXIST"

/**
 * The recovery of a probe (issue 44 item 7): a file-system question whose
 * answer decides which way to go ("is there a store here?", "where does this
 * link lead?", "what does this directory hold?"), where a path that cannot
 * be seen — missing, unreadable, a dangling or looping link — counts as
 * `fallback`, as it does for `ls` or `test -e`. Only an `FsError` is
 * recovered (the type says so: any other failure still fails), and only
 * probes use it: a read whose content matters fails with its own error
 * (`readFailure`, E999 naming the path). Instead of 60 anonymous
 * `orElseSucceed`s, each of which could have swallowed any failure.
 */
export const unseenAs =
  <B>(fallback: B) =>
  <A, E, R>(self: Effect.Effect<A, E | FsError, R>): Effect.Effect<A | B, Exclude<E, FsError>, R> =>
    Effect.catchTag(self as Effect.Effect<A, FsError | Exclude<E, FsError>, R>, "FsError", () => Effect.succeed(fallback)) as Effect.Effect<A | B, Exclude<E, FsError>, R>

/** Whether `path` is a regular file (symlinks followed); anything unreadable counts as no. */
export const isRegularFile = (path: string) =>
  Effect.flatMap(Effect.service(FileSystem), (fs) => fs.statOption(path).pipe(Effect.map((i) => i?.type === "file"), unseenAs(false)))
