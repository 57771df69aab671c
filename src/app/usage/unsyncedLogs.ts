/**
 * Rows a sandboxed agent logged beside the project that `skc stats` does not
 * count yet.
 *
 * When an agent cannot write a skill's runtime (a sandbox that allows only
 * its working directory), its reads go to the fallback log
 * `<cwd>/.skillc/logs/<skill>` (RFC-0007:C-LOGGING) until `skc sync` moves
 * them into the skill's log (C-SYNC). `stats` reads the skill's log alone,
 * so right after such a session its figures leave those reads out, and W003
 * says so only once the fallback is an hour old. `stats` now says how many
 * rows wait there, whatever their age: the figures are only believable when
 * the reader knows what they leave out.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { AccessLog } from "../../ports/AccessLog.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { Settings } from "../shared/index.js"
import { fallbackDirOf, heldDirOf, logDbIn } from "./accessLog.js"

/** Where a skill's local rows wait, and how many there are. */
export interface UnsyncedRows {
  readonly skill: string
  /** `.skillc/logs/<skill>`, as the cwd names it. */
  readonly dir: string
  readonly rows: number
  /**
   * Of `rows`, those in the log a stopped sync held aside (`.skillc/logs/.syncing-<skill>`): a sync killed
   * mid-merge had already moved some of them into the skill's log, so they may be counted there already.
   */
  readonly held: number
}

/**
 * For each of `skills` (each name once, in order) with rows waiting: the
 * rows of its fallback log in the cwd, and of one a sync holds aside
 * (`.skillc/logs/.syncing-<skill>`, left by a sync that was stopped). One
 * `stat` when the cwd has no `.skillc/logs` at all, the usual case. A log
 * that cannot be read counts nothing here (`skc sync` reports it, E042);
 * this is a note, never a failure.
 */
export const unsyncedRows = Effect.fnUntraced(function* (skills: ReadonlyArray<string>) {
  const fs = yield* FileSystem
  const path = yield* Path
  const log = yield* AccessLog
  const { stores } = yield* Settings
  const found: Array<UnsyncedRows> = []
  const cwd = yield* fs.realPath(stores.cwd).pipe(unseenAs(stores.cwd))
  if ((yield* fs.statOption(path.join(cwd, ".skillc", "logs")).pipe(unseenAs(undefined)))?.type !== "directory") return found
  for (const skill of new Set(skills)) {
    let rows = 0
    let held = 0
    for (const [dir, isHeld] of [[fallbackDirOf(cwd, skill, path), false], [heldDirOf(cwd, skill, path), true]] as const) {
      const db = logDbIn(dir, path)
      if ((yield* fs.statOption(db).pipe(unseenAs(undefined)))?.type !== "file") continue
      // Recovery: an unreadable or corrupt local log counts nothing here; `skc sync` names it (E042).
      const page = yield* log.readPage(db, 0, 1).pipe(Effect.orElseSucceed(() => undefined))
      rows += page?.total ?? 0
      if (isHeld) held += page?.total ?? 0
    }
    if (rows > 0) found.push({ skill, dir: path.join(".skillc", "logs", skill), rows, held })
  }
  return found
})

/** The note `stats` prints for them. */
export const unsyncedNote = (u: UnsyncedRows): string => {
  const note =
    u.rows === 1
      ? `1 access-log row in ${u.dir} is not in these figures until 'skc sync' moves it into the skill's log`
      : `${u.rows} access-log rows in ${u.dir} are not in these figures until 'skc sync' moves them into the skill's log`
  // A sync stopped mid-merge: part of what it held is in the skill's log already (the next sync skips those).
  if (u.held === 0) return note
  const whose = u.held === u.rows ? "" : `${u.held} of them `
  return `${note} (${whose}held by a sync that was stopped, which may have counted ${u.rows === 1 ? "it" : "some"} already: run 'skc sync' to finish it)`
}

/** The note `stats --all` prints: every skill in scope with rows waiting, in one line. */
export const unsyncedAllNote = (waiting: ReadonlyArray<UnsyncedRows>): string => {
  const rows = waiting.reduce((n, w) => n + w.rows, 0)
  const names = waiting.map((w) => `${w.skill} (${w.rows})`).join(", ")
  return `${rows} access-log row${rows === 1 ? "" : "s"} in .skillc/logs ${rows === 1 ? "is" : "are"} not in these figures until 'skc sync' moves ${rows === 1 ? "it" : "them"} into the skills' logs: ${names}`
}
