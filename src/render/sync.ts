/** Output of `skc sync`: the exact lines of RFC-0007:C-SYNC. */
import { visible } from "../domain/visible.js"
import type { SyncResult } from "../app/usage/sync.js"
import { errorHeadline } from "../domain/errors.js"

export const renderSync = (r: SyncResult): string => {
  if (r.synced.length === 0 && r.failed.length === 0) return "No local logs to sync\n"
  return r.synced
    .map((s) => {
      // RFC-0007:C-SYNC's lines, the noun agreeing with the count (one row said "Synced 1 entries").
      const entries = `${s.entries} ${s.entries === 1 ? "entry" : "entries"}`
      return r.dry_run ? `Would sync ${entries} for '${s.skill}'` : `Synced ${entries} for '${s.skill}' (local logs removed)`
    })
    .map((l) => visible(l) + "\n")
    .join("")
}

/** JSON view: errors as their code and rendered line. */
export const syncJson = (r: SyncResult) => ({
  dry_run: r.dry_run,
  project: r.project,
  synced: r.synced,
  failed: r.failed.map((f) => ({ skill: f.skill, code: f.error.code ?? null, error: errorHeadline(f.error) }))
})
