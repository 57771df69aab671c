/**
 * A search index a read found damaged, remembered for the next build
 * (RFC-0004:C-INDEX: a corrupt index is E002, "run 'skc build' to
 * rebuild"). The readers open the index read-only, and `build` decides from
 * `index_meta` alone whether the index is current: pages damaged elsewhere
 * (a disk error, a file zeroed in part) left `index_meta` readable, so
 * `build` said "up to date" and every `show` answered E002 again, with no
 * command that repaired it.
 *
 * A reader whose query fails with SQLite's corruption codes writes
 * `<index>.damaged` beside the index, holding the index file's identity
 * (`fileStamp`: device, inode, size, times) as it was opened. An open that
 * finds a marker naming the file as it is now treats the index as corrupt,
 * so `build` rewrites it whole; a marker naming another file (the index was
 * replaced since) is ignored. Writing the new index removes the marker. The
 * marker is best-effort: where the runtime directory cannot be written, the
 * reader still answers E002 and nothing else changes.
 */
import * as fs from "node:fs"

/** SQLite's primary result codes for a damaged file: SQLITE_CORRUPT, SQLITE_NOTADB. */
const DAMAGE_CODES = new Set([11, 26])

/** Whether a driver error is SQLite saying the file is damaged (its primary code: an extended code's low byte). */
export const isDamage = (e: unknown): boolean => {
  for (let at: unknown = e, depth = 0; at !== null && typeof at === "object" && depth < 4; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { errcode?: unknown }).errcode
    if (typeof code === "number") return DAMAGE_CODES.has(code & 0xff)
  }
  return false
}

export const damageMarkerOf = (indexPath: string): string => `${indexPath}.damaged`

/** Remember that the index opened as `stamp` is damaged (`why`: SQLite's words). Best-effort. */
export const markDamaged = (indexPath: string, stamp: string | undefined, why: string): void => {
  if (stamp === undefined) return
  try {
    fs.writeFileSync(damageMarkerOf(indexPath), `${stamp}\n${why.replace(/\s+/g, " ").slice(0, 200)}\n`)
  } catch {
    // Recovery: a runtime directory that cannot be written keeps the reader's E002; the build then finds
    // the damage only if its own reads do, as before the marker.
  }
}

/** Why the index at `indexPath`, as `stamp` names it now, is known damaged; undefined when it is not. */
export const knownDamage = (indexPath: string, stamp: string | undefined): string | undefined => {
  const marker = damageMarkerOf(indexPath)
  if (stamp === undefined || !fs.existsSync(marker)) return undefined
  let text: string
  try {
    text = fs.readFileSync(marker, "utf8")
  } catch {
    return undefined
  }
  const [markedStamp, why] = text.split("\n")
  // Recovery: a marker of an index since replaced (another inode, size or time) says nothing of this one.
  return markedStamp === stamp ? `a read found it damaged: ${why || "malformed"}` : undefined
}

/** The index at `indexPath` was written anew: no marker of the old one stays. Best-effort. */
export const forgetDamage = (indexPath: string): void => {
  try {
    fs.rmSync(damageMarkerOf(indexPath), { force: true })
  } catch {
    // Recovery: a marker left naming the old file's identity is ignored by `knownDamage` anyway.
  }
}
