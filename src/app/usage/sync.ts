/**
 * `skc sync` (RFC-0007:C-SYNC, DECISIONS #8, #30): move fallback logs from
 * `<project>/.skillc/logs/<skill>/.skillc-meta/logs.db` into each skill's
 * primary log, then delete the fallback.
 *
 * - Each skill is independent: a failure (E041 destination not writable,
 *   E042 source not readable) keeps that skill's fallback and is reported;
 *   the others still sync and their fallbacks are removed.
 * - The copy is one transaction per span of about 2,000 rows (each span's
 *   last second whole) and skips rows the destination already holds (all
 *   columns but `id`, as a multiset), so a sync interrupted between spans, or
 *   between the last commit and the deletion, adds only what is missing when
 *   run again. The fallback is deleted only after the last commit. Between
 *   spans the event loop gets a turn (`timeSlicer`), so SIGINT/SIGTERM stop
 *   a long merge after the span in hand, exit 130/143 (src/cli/runMain.ts).
 * - A sandboxed agent may write while the sync runs. The fallback is first
 *   renamed aside (`.skillc/logs/.syncing-<skill>`), so that rows written
 *   from then on start a fresh fallback for the next sync; the held one is
 *   merged, retired (no append commits to it from then on; a writer that had it
 *   open writes its row to a fresh fallback) and read a last time, and only
 *   then removed. Before, rows committed between the read and the removal
 *   were deleted unsynced (a helper's test lost 4 of 60). A held directory
 *   a killed sync left is synced first by the next one.
 * - Destination: the runtime directory of the skill the rows were logged for
 *   (their `skill_path`), i.e. the project runtime for a project skill and the
 *   global runtime for a global one; if that source is gone, the skill is
 *   resolved by name from the project directory.
 */
import { Effect, Schema } from "effect"
import { Path } from "effect/Path"
import {
  InternalError,
  InvalidOption,
  NoLocalLogs,
  SkillNotFound,
  SyncDestinationNotWritable,
  SyncSourceNotReadable,
  UsageError,
  type SkcError
} from "../../domain/errors.js"
import { compareBytewise } from "../../domain/sourcePaths.js"
import { AccessLog, isBusyLog, isCorruptLog, LogStoreError } from "../../ports/AccessLog.js"
import { Hasher } from "../../ports/Hasher.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, isDenied, unseenAs } from "../../ports/FileSystem.js"
import { HeapTuning } from "../../ports/HeapTuning.js"
import { fallbackDirOf, HELD_PREFIX, heldDirOf, logDbIn } from "./accessLog.js"
import { withLogRepair } from "./logRepair.js"
import { describeSkillDir, resolveSkill } from "../skills/index.js"
import { holdingProcessLock, loadSettings, Settings, timeSlicer } from "../shared/index.js"

/**
 * The second line of E042: why the fallback cannot be read and what unblocks the sync. The file is kept
 * (DECISIONS #30: nothing stored is deleted unread), so without this every later sync stopped at the same
 * bare line. A corrupt one can be moved aside by hand (its rows then wait for a person to recover them).
 */
const unreadableHint = (e: LogStoreError, shown: string): string =>
  isCorruptLog(e)
    ? `it is not a sound SQLite database (${e.message}); skc keeps it unread (the other skills' logs sync without it): move it aside (mv '${shown}' '${shown}.corrupt') so that later syncs pass over it, and recover its rows with sqlite3's .recover`
    : isBusyLog(e)
      ? `another process holds it (${e.message}); run 'skc sync' again once that process is done`
      : `${e.message}; the file is kept`

/**
 * What stopped a merge into the skill's log, for E041's second line: a write lock another process holds past
 * the wait is no permission problem (the file is writable: "not writable" alone sent users to chmod).
 */
const notWritableReason = (e: LogStoreError): string | undefined =>
  isBusyLog(e)
    ? "another process holds a write lock on the log (the file is writable): try again once it lets go; the local log is kept"
    : e.message === ""
      ? undefined
      : e.code === "" || e.message.includes(e.code)
        ? e.message
        : `${e.code}: ${e.message}`

export const SyncInput = Schema.Struct({
  skill: Schema.optional(Schema.String.annotate({ description: "Specific skill to sync" })),
  project: Schema.optional(Schema.String.annotate({ description: "Project directory (default: the current directory)" })),
  dry_run: Schema.optional(Schema.Boolean.annotate({ description: "Preview without writing or deleting" }))
})
export type SyncInput = typeof SyncInput.Type

export interface SyncedSkill {
  readonly skill: string
  /** Rows added (or, with --dry-run, that would be added) to the primary log. */
  readonly entries: number
  /** The primary log database. */
  readonly destination: string
  readonly removed: boolean
}

export interface SyncFailure {
  readonly skill: string
  readonly error: SkcError
}

export interface SyncResult {
  readonly dry_run: boolean
  /** The directory whose `.skillc/logs/` was scanned. */
  readonly project: string
  readonly synced: ReadonlyArray<SyncedSkill>
  readonly failed: ReadonlyArray<SyncFailure>
}


/** Skills with a log database under `<project>/.skillc/logs/` (their fallback, or one a killed sync held), bytewise by name. */
const discover = Effect.fnUntraced(function* (project: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const logsDir = path.join(project, ".skillc", "logs")
  const entries = yield* fs.readDir(logsDir).pipe(unseenAs([]))
  const found = new Set<string>()
  for (const e of entries) {
    if (e.type !== "directory") continue
    const name = e.name.startsWith(HELD_PREFIX) ? e.name.slice(HELD_PREFIX.length) : e.name
    if (name === "") continue
    const db = yield* fs.statOption(logDbIn(path.join(logsDir, e.name), path)).pipe(unseenAs(undefined))
    if (db?.type === "file") found.add(name)
  }
  return [...found].sort(compareBytewise)
})

/**
 * Where a skill's fallback rows belong (DECISIONS #30): the log the skill's
 * own commands write and `stats` reads.
 *
 * 1. The skill the name resolves to from the project, when its source is one
 *    the rows were logged for: this is exact for every kind of skill, a
 *    foreign one included (DECISIONS #38: its log is in the cache, not in a
 *    runtime store, and a runtime directory made for it would be read by
 *    nothing).
 * 2. Else the source the rows name, as the resolution would describe it (a
 *    project or global skill now shadowed by another of its name).
 * 3. Else, the source gone, the skill the name resolves to, or a runtime
 *    directory of that name that already exists (its log is there).
 * 4. Else nothing reads rows of this name: E001, and the fallback is kept
 *    rather than moved into a log made for no skill.
 */
const destinationOf = Effect.fnUntraced(function* (name: string, skillPaths: ReadonlyArray<string>) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const resolved = yield* Effect.result(resolveSkill(name))
  if (resolved._tag === "Success" && skillPaths.includes(resolved.success.canonicalSourceDir)) return logDbIn(resolved.success.runtimeDir, path)
  for (const p of skillPaths) {
    const md = yield* fs.statOption(path.join(p, "SKILL.md")).pipe(unseenAs(undefined))
    if (md?.type !== "file") continue
    const described = yield* Effect.result(describeSkillDir(p))
    if (described._tag === "Success" && described.success.name === name) return logDbIn(described.success.runtimeDir, path)
  }
  if (resolved._tag === "Success") return logDbIn(resolved.success.runtimeDir, path)
  for (const store of [stores.projectRuntime, stores.globalRuntime]) {
    if (store === undefined) continue
    const dir = path.join(store, name)
    if ((yield* fs.statOption(dir).pipe(unseenAs(undefined)))?.type === "directory") return logDbIn(dir, path)
  }
  return yield* Effect.fail(new SkillNotFound({ skill: name, hint: `no skill '${name}' resolves here and no runtime directory holds its log; its local logs are kept in ${fallbackDirOf(stores.cwd, name, path)}` }))
})

const exists = (file: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem
    return (yield* fs.statOption(file).pipe(unseenAs(undefined))) !== undefined
  })

/**
 * Rows a merge reads and writes at a time (about: a span keeps every row of its last second): a large
 * fallback is merged in bounded memory (`npm run bench -- sync`: 300,000 rows peaked at 1.3 GB read whole, 173 MB a span at a time).
 */
const SPAN_ROWS = 2_000

/**
 * How a merge tells the rows its destination holds already (RFC-0007:C-SYNC "skip entries that already
 * exist"). `compared`: by every column but the id, as a multiset (DECISIONS #30), for a fallback whose
 * rows may be in the skill's log already: one a sync began before (killed, failed, put back). `taken`:
 * the fallback was never merged, so a row is in the skill's log exactly when this sync put it there; the
 * rows whose ids are in `skip` (an earlier pass of this sync took them) are left, every other one is added
 * and its id put in `seen`. Compared, two calls of one agent session (`SKC_RUN_ID`) with the same
 * arguments in the same second are one row, and the second was lost when it came in a later sync.
 */
type MergeMode =
  | { readonly _tag: "compared"; readonly seen: Set<number> }
  | { readonly _tag: "taken"; readonly seen: Set<number>; readonly skip: ReadonlySet<number> }
  /** A dry run of the fallback in place: taken when it bears no mark (as the sync would take it), else compared. */
  | { readonly _tag: "asSync"; readonly seen: Set<number> }

/** The rows of the fallback log `source`, merged into their skill's log a span at a time (a dry run counts them). */
const mergeOnce = Effect.fnUntraced(function* (
  name: string,
  source: string,
  dryRun: boolean,
  shown = source,
  mode: MergeMode = { _tag: "compared", seen: new Set() }
) {
  const log = yield* AccessLog
  // Named where the user finds it: a held fallback goes back there when its sync fails.
  const read = (after: string | undefined) =>
    log.readSpan(source, after, SPAN_ROWS).pipe(Effect.mapError((e) => new SyncSourceNotReadable({ path: shown, hint: unreadableHint(e, shown) })))
  const first = yield* read(undefined)
  const destination = yield* destinationOf(name, first.skillPaths ?? [])
  // Each span's rows are garbage once merged: the heap's young generation is kept at its size meanwhile.
  const tuning = yield* HeapTuning
  // The spans are synchronous SQLite work: without a turn of the event loop between them, SIGINT/SIGTERM
  // waited for the whole log (a 500,000-row fallback ignored Ctrl-C for 12 s, then exited 0). A turn lets
  // the signal interrupt the run between two spans; each span is its own transaction, so an interrupted
  // sync keeps its held fallback and the next one adds only the rows the log lacks.
  const slice = yield* timeSlicer
  const taken = mode._tag === "taken" || (mode._tag === "asSync" && first.marked === false)
  const skip: ReadonlySet<number> = mode._tag === "taken" ? mode.skip : new Set()
  const merged = Effect.gen(function* () {
    let span = first
    let rows = 0
    let entries = 0
    for (;;) {
      yield* slice
      const spanIds = span.ids
      const fresh = skip.size > 0 ? spanIds.flatMap((id, i) => (skip.has(id) ? [] : [i])) : undefined
      const spanRows = fresh === undefined ? span.rows : fresh.map((i) => span.rows[i]!)
      if (spanRows.length > 0) {
        // A corrupt destination is moved aside and recreated, not "not writable" (issue 19); a dry run changes nothing.
        const merge = log.merge(destination, spanRows, { dryRun, exact: taken })
        entries += yield* (dryRun ? merge.pipe(Effect.catchIf(isCorruptLog, () => Effect.succeed(spanRows.length))) : withLogRepair(destination, merge)).pipe(
          Effect.mapError((e) => new SyncDestinationNotWritable({ path: destination, reason: notWritableReason(e) }))
        )
        rows += spanRows.length
      }
      // Every row read is in the destination now (added, or held already): a later pass leaves it.
      for (const id of spanIds) mode.seen.add(id)
      // No span follows the last one; each `after` is later than the one before, so this ends.
      if (span.last === undefined) break
      span = yield* read(span.last)
    }
    return { rows, entries, destination }
  })
  return yield* tuning.whileStreaming(merged)
})

/**
 * Merge the held fallback `held`, retire it, merge it once more, then remove it. A writer that opened the
 * file before it was renamed aside may still commit to it while it is merged; once retired (a trigger
 * checked inside each insert, `AccessLog.retire`), no row can: the last merge reads every row the file
 * will ever hold, and a writer caught later writes its row to a fresh fallback for the next sync. Before,
 * the file was read again until two reads agreed, and a writer committing after the last read lost its
 * row with the file. The second merge adds only the rows the first did not read (by their ids in the
 * file; docs/decisions.md P8). On a failure the fallback
 * goes back where it was (taken back into use), unless a fresh one is there.
 */
const mergeHeld = Effect.fnUntraced(function* (project: string, name: string, held: string, heldNow: boolean) {
  const fs = yield* FileSystem
  const path = yield* Path
  const log = yield* AccessLog
  const source = logDbIn(held, path)
  const dir = fallbackDirOf(project, name, path)
  const unreadable = (e: LogStoreError) => new SyncSourceNotReadable({ path: logDbIn(dir, path), hint: unreadableHint(e, logDbIn(dir, path)) })
  const merged = Effect.gen(function* () {
    // Never merged before (marked now, in the file itself, so the mark follows it when a failed sync puts it
    // back): none of its rows is in the skill's log, and each is added as it is. Marked before, or not
    // markable (another user's): compared, as DECISIONS #30 says.
    // A fallback found held aside already (a sync killed midway, perhaps of a version that left no mark) is
    // compared whatever its mark says.
    // Recovery: a log that cannot be marked is merged the cautious way, compared. One found damaged is E042
    // before anything is written to it (DECISIONS #30: that skill skipped, its file kept byte for byte).
    const never = heldNow && (yield* log.markMerging(source).pipe(Effect.catchIf((e) => !isCorruptLog(e), () => Effect.succeed(false)), Effect.mapError(unreadable)))
    const seen = new Set<number>()
    // Most rows are merged while writers may still write, so that the retired file's last merge is short.
    const first = yield* mergeOnce(name, source, false, logDbIn(dir, path), never ? { _tag: "taken", seen, skip: new Set() } : { _tag: "compared", seen })
    // Recovery: a log SQLite cannot add a trigger to (read-only, full) takes no writer's row either. A damaged
    // one is E042, as a damaged read is: kept as it is, never deleted for rows read around the damage.
    yield* log.retire(source, true).pipe(Effect.catchIf((e) => !isCorruptLog(e), () => Effect.void), Effect.mapError(unreadable))
    // The rows committed since the first pass read the file: each added as it is (the first pass took the others).
    const last = yield* mergeOnce(name, source, false, logDbIn(dir, path), { _tag: "taken", seen: new Set(), skip: seen })
    return { entries: first.entries + last.entries, destination: last.destination }
  })
  const outcome = yield* Effect.result(merged)
  if (outcome._tag === "Failure") {
    // Another `skc sync` took the held log while this one read it (merged and removed it, or put it back): its
    // rows are there, safe, and this sync has nothing of it to report. Two syncs at once failed E042 before.
    if (!(yield* exists(source))) return { entries: 0, destination: "" }
    // Recovery: the fallback stays held, and the next sync takes it from there; put back, it takes rows again
    // (a damaged one is not taken back into use: `retire` refuses it unopened, and its files stay as they are).
    if (!(yield* exists(dir))) {
      yield* log.retire(source, false).pipe(Effect.ignore)
      yield* fs.rename(held, dir).pipe(Effect.ignore)
    }
    return yield* Effect.fail(outcome.failure)
  }
  const done = outcome.success
  yield* keepCorruptCopies(held, done.destination)
  yield* fs.remove(held, { recursive: true }).pipe(
    // Recovery: gone already, another sync removed it after its own last merge.
    Effect.catchIf((e) => e.code === "ENOENT", () => Effect.void),
    Effect.mapError(
      (e) => new InternalError({ message: `synced ${done.entries} entries for '${name}' but cannot remove ${held}: ${e.code}`, cause: e })
    )
  )
  return done
})

/**
 * The corrupt copies a writer moved aside in the fallback (`logs.db.corrupt-<time>`, logRepair.ts), moved next
 * to the primary log before the held directory is removed: kept, never deleted, as a corrupt primary's copy is.
 * One that cannot be moved keeps the held directory (the next sync tries again), and the sync says where.
 */
const keepCorruptCopies = Effect.fnUntraced(function* (held: string, destination: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const meta = path.dirname(logDbIn(held, path))
  const entries = yield* fs.readDir(meta).pipe(unseenAs([]))
  for (const e of entries) {
    if (!/^logs\.db\.corrupt-/.test(e.name)) continue
    let target = path.join(path.dirname(destination), `${e.name}.from-fallback`)
    for (let n = 2; (yield* exists(target)); n++) target = path.join(path.dirname(destination), `${e.name}.from-fallback-${n}`)
    yield* fs.rename(path.join(meta, e.name), target).pipe(
      Effect.mapError((err) => new InternalError({ message: `cannot keep the corrupt copy ${path.join(meta, e.name)} beside ${destination} (${err.code}); it stays in ${held}`, cause: err }))
    )
  }
})

const syncOne = Effect.fnUntraced(function* (project: string, name: string, dryRun: boolean) {
  const fs = yield* FileSystem
  const path = yield* Path
  const dir = fallbackDirOf(project, name, path)
  const held = heldDirOf(project, name, path)
  const synced = { skill: name, entries: 0, destination: "", removed: !dryRun }
  const add = (r: { readonly entries: number; readonly destination: string }) => {
    synced.entries += r.entries
    if (r.destination !== "") synced.destination = r.destination
  }
  if (dryRun) {
    // A held fallback (a stopped sync's) is compared, as the sync will; the one in place as the sync would take it.
    if (yield* exists(logDbIn(held, path))) add(yield* mergeOnce(name, logDbIn(held, path), true))
    if (yield* exists(logDbIn(dir, path))) add(yield* mergeOnce(name, logDbIn(dir, path), true, logDbIn(dir, path), { _tag: "asSync", seen: new Set() }))
    return synced as SyncedSkill
  }
  // Two rounds at most: a fallback a killed sync held aside, else the current one renamed aside first (atomic:
  // a sandboxed agent writing meanwhile starts a fresh fallback); then the fallback that started meanwhile.
  for (let round = 0; round < 2; round++) {
    // A sync killed after its last merge, while removing the held directory, can leave it without a log:
    // nothing to merge, and every later sync failed E042 on it while the fallback's rows waited for ever.
    if ((yield* exists(held)) && !(yield* exists(logDbIn(held, path)))) yield* fs.remove(held, { recursive: true }).pipe(Effect.ignore)
    const heldNow = !(yield* exists(held))
    if (heldNow) {
      if (!(yield* exists(logDbIn(dir, path)))) break
      const taken = yield* fs.rename(dir, held).pipe(
        Effect.as(true),
        // Recovery: another sync renamed it first (it syncs those rows); nothing is left here for this one.
        Effect.catchIf((e) => e.code === "ENOENT", () => Effect.succeed(false)),
        // A fallback this user may not move (another user's, a read-only project): RFC-0005's E042 for the source, its rows kept.
        Effect.mapError((e) =>
          isDenied(e)
            ? new SyncSourceNotReadable({ path: dir, hint: `skc cannot move it aside to sync it (${e.code}): its rows are kept; run skc sync as the user who owns it` })
            : new InternalError({ message: `cannot hold ${dir} aside to sync it (${e.code}); its rows are kept`, cause: e })
        )
      )
      if (!taken) break
    }
    add(yield* mergeHeld(project, name, held, heldNow))
  }
  return synced as SyncedSkill
})

/**
 * The directory `project` names (from the cwd, symlinks resolved) and the
 * settings skc has there: its stores and configuration, `[team] database`
 * included. The cwd itself when no project is given.
 */
const projectDirSettings = Effect.fnUntraced(function* (project: string | undefined) {
  const fs = yield* FileSystem
  const path = yield* Path
  const env = yield* Env
  const settings = yield* Settings
  const raw = project === undefined ? settings.stores.cwd : path.resolve(settings.stores.cwd, project)
  // A --project that names no directory is a bad option value (RFC-0005: E100 for option failures), not a
  // project with no local logs: `skc sync --project /nonexistent` said "No local logs to sync", exit 0, so a
  // typo in a cron job's path went unnoticed. RFC-0007:C-SYNC's E040-E042 are about log databases, not this.
  if (project !== undefined && (yield* fs.statOption(raw).pipe(unseenAs(undefined)))?.type !== "directory") {
    return yield* Effect.fail(new InvalidOption({ message: `--project: not a directory: '${raw}'` }))
  }
  const dir = yield* fs.realPath(raw).pipe(unseenAs(raw))
  const dirSettings = project === undefined ? settings : yield* loadSettings().pipe(Effect.provideService(Env, { ...env, cwd: dir }))
  return { dir, settings: dirSettings }
})

/**
 * Run `effect` as if skc ran in `project` (`sync --to/--team --project`):
 * its settings — stores, configuration, the `[team] database` — are the
 * project directory's. A directory that is not there is E100, not a push
 * of nothing.
 */
export const inProjectDir =
  (project: string | undefined) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    project === undefined
      ? effect
      : Effect.gen(function* () {
          return yield* effect.pipe(Effect.provideService(Settings, (yield* projectDirSettings(project)).settings))
        })

export const sync = Effect.fn("skc.sync")(function* (input: SyncInput) {
  const dryRun = input.dry_run ?? false
  // Destinations are resolved as if skc ran in the project directory.
  const { dir: project, settings: projectSettings } = yield* projectDirSettings(input.project)

  let names = yield* discover(project)
  if (input.skill !== undefined) {
    names = names.filter((n) => n === input.skill)
    if (names.length === 0) return yield* Effect.fail(new NoLocalLogs())
  }
  const synced: Array<SyncedSkill> = []
  const failed: Array<SyncFailure> = []
  // Between skills the event loop gets a turn now and then, so that a signal (Ctrl-C) reaches a long
  // sync between two skills: a skill stopped between its spans keeps its held fallback, and the next sync
  // adds only the rows its log lacks (issue 44 item 1).
  const slice = yield* timeSlicer
  const work = Effect.gen(function* () {
    for (const name of names) {
      yield* slice
      const outcome = yield* Effect.result(syncOne(project, name, dryRun).pipe(Effect.provideService(Settings, projectSettings)))
      if (outcome._tag === "Success") synced.push(outcome.success)
      else failed.push({ skill: name, error: outcome.failure })
    }
    if (!dryRun && synced.length > 0) yield* removeEmptyLogDirs(project)
  })
  // Nothing to merge takes no lock: the lock lives under the home, which may be full or read-only when the
  // project is not ("No local logs to sync" had become "cannot take the sync lock … (SQLITE_FULL)").
  if (dryRun || names.length === 0) yield* work
  else yield* oneSyncAtATime(project, work)
  const result: SyncResult = { dry_run: dryRun, project, synced, failed }
  return result
})

/** How long a sync waits for another sync of the same project to end. */
const SYNC_LOCK_WAIT_MS = 60_000

/**
 * Run `work` as the only `skc sync` of `project` (a lock in `$SKILLC_HOME/.skillc/locks`, never in the project,
 * whose emptied `.skillc/` a sync removes). Two syncs at once took the same held log: the one the other had
 * already merged failed E042, and a held directory one had emptied could be replaced by the other's rename
 * and removed with its rows. The lock goes with the process holding it, a killed sync's too.
 */
const oneSyncAtATime = <A, E, R>(project: string, work: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const path = yield* Path
    const { sha256Hex } = yield* Hasher
    const { stores } = yield* Settings
    const lock = path.join(stores.globalDir, "locks", `sync-${sha256Hex(project).slice(0, 16)}.db`)
    // Named as the user set it: "where $SKILLC_HOME is writable" sent one whose SKILLC_HOME was unset (a read-only HOME) to it.
    const homeSource = ((yield* Env).get("SKILLC_HOME") ?? "") !== "" ? "$SKILLC_HOME" : "$HOME"
    return yield* holdingProcessLock(lock, SYNC_LOCK_WAIT_MS, work, {
      busy: `another skc sync of '${project}' has run for over ${SYNC_LOCK_WAIT_MS / 1000} s; the local logs are kept: run skc sync again when it ends`,
      failed: (code) => `cannot take the sync lock ${lock} (${code}); the local logs are kept`,
      // A read-only home (where the global runtime logs live too): RFC-0005's E041, not an internal error.
      unwritable: (code) =>
        new SyncDestinationNotWritable({ path: path.dirname(lock), reason: `skc cannot write its sync lock there (${code}); the local logs are kept: run skc sync with a writable home (${stores.home}, from ${homeSource}; SKILLC_HOME sets another)` })
    })
  })

/**
 * `.skillc/logs/` once its fallbacks are synced, and `.skillc/` when that was all it held: a sandboxed
 * read in a subdirectory made them there, and left behind they would make that subdirectory a project
 * root (the nearest directory holding `.skillc/`), moving where later tools run and which project later
 * commands see. A directory that is not empty is kept (each removal is an `rmdir`, never recursive: a
 * fallback an agent starts meanwhile survives).
 */
const removeEmptyLogDirs = Effect.fnUntraced(function* (project: string) {
  const fs = yield* FileSystem
  const path = yield* Path
  const skillc = path.join(project, ".skillc")
  const logs = path.join(skillc, "logs")
  // A `.skillc/logs` others may write to was opened on purpose (an administrator's `chmod 777` so that
  // sandboxed agents of another user can log in a root-owned project): removed, those agents' next reads
  // could be written nowhere (a probe: 90 of 100 unrecorded). It stays.
  const info = yield* fs.statOption(logs).pipe(unseenAs(undefined))
  if (info?.mode !== undefined && (info.mode & 0o002) !== 0) return
  // So was one given to another user than the project's (`chown nobody .skillc/logs`, for an agent that may
  // write there and not in `.skillc/`): removed by the owner's sync, that agent could not make it again and
  // every later read went unrecorded (a hostile probe: 1,190 of 3,657 MCP reads).
  const skillcInfo = yield* fs.statOption(skillc).pipe(unseenAs(undefined))
  if (info?.uid !== undefined && skillcInfo?.uid !== undefined && info.uid !== skillcInfo.uid) return
  // Recovery: a directory that holds something (or is already gone) simply stays as it is.
  const removed = yield* fs.remove(logs).pipe(
    Effect.as(true),
    Effect.orElseSucceed(() => false)
  )
  // Recovery: as above, `.skillc/` holding anything else (skills, runtime, config) is a project's and stays.
  if (removed) yield* fs.remove(skillc).pipe(Effect.ignore)
})
