/**
 * A path's identity as `stat` sees it: device, inode, size, modification
 * and change times (nanoseconds). One definition for everything a
 * long-lived process keeps while a file stays the same: the SQLite
 * connection pools (src/adapters/sqlite/ConnectionPool.ts), the freshness
 * records (WatchingFreshness.ts) and the disk memo (StampedDiskMemo.ts).
 */
import * as fs from "node:fs"

/** The path's stats (`lstat` with `follow: false`); undefined when it does not exist or cannot be stat'ed. */
export const statsOf = (path: string, options: { readonly follow?: boolean } = {}): fs.BigIntStats | undefined => {
  try {
    return options.follow === false
      ? fs.lstatSync(path, { bigint: true, throwIfNoEntry: false })
      : fs.statSync(path, { bigint: true, throwIfNoEntry: false })
  } catch {
    return undefined
  }
}

export const identityOf = (s: fs.BigIntStats): string => `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`

/** The identity of a file as `stat` sees it; undefined when it does not exist (or cannot be stat'ed). */
export const fileStamp = (path: string, options: { readonly follow?: boolean } = {}): string | undefined => {
  const s = statsOf(path, options)
  return s === undefined ? undefined : identityOf(s)
}
