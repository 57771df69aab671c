/**
 * Keeping runtime and index in step with the sources while authoring
 * (issue 12, item 5): `skc build --watch [skill…]` and `skc mcp --watch`.
 *
 * Portable polling rather than file-system events (which differ per
 * platform and miss edits on network drives): every `intervalMs` each
 * watched skill's tree is stat'ed (paths, sizes, mtimes; nothing is read).
 * A skill is rebuilt once its tree differs from the last build and has
 * not changed since the previous poll: that is the debounce, so an editor
 * saving several files in a burst causes one rebuild. The debounce has a
 * maximum wait (issue 29 item 5): under edits that never pause, a skill is
 * rebuilt at the latest `maxWaitMs` after the first change the loop saw. A
 * failed rebuild is reported and watched further; the next edit tries
 * again.
 *
 * A query of the same process that finds a watched skill's index unusable
 * waits for it (`makeRebuildHub`, src/ports/PendingRebuild.ts): the loop
 * wakes, finishes a rebuild it is running, polls that skill at once and
 * rebuilds it without the debounce if it changed, then lets the query go.
 *
 * The loop runs until `stop` completes (`skc mcp --watch`: the session
 * closes), then ends normally; interrupted (the CLI's SIGINT/SIGTERM,
 * src/cli/runMain.ts) it stops between two file-system calls and holds
 * nothing to close (it polls; no watcher is open).
 */
import { visible } from "../../domain/visible.js"
import { Clock, Effect, Option } from "effect"
import type { PendingRebuildService } from "../../ports/PendingRebuild.js"
import { UsageError } from "../../domain/errors.js"
import { buildMany, storeEntries, type BuildManyInput, type BuildOutcome } from "./buildMany.js"
import { resolveSkill } from "../skills/index.js"
import { RACY_WINDOW_MS, scanSourceTree } from "../shared/index.js"
import { statusOf } from "../skills/index.js"
import { visibleSkills } from "../skills/index.js"

export interface WatchEvent {
  readonly skill: string
  /** When the build finished (ms since the epoch). */
  readonly at: number
  /** The first build when watching starts, or a rebuild after an edit. */
  readonly kind: "initial" | "rebuild"
  readonly durationMs: number
  readonly outcome: BuildOutcome
}

export interface WatchOptions {
  readonly intervalMs?: number
  /** Rebuild runtime and index without deploying (`skc mcp --watch`). */
  readonly deploy?: boolean
  /** Build every watched skill once at the start (default true); a set: only the skills of these directories. */
  readonly initialBuild?: boolean | ReadonlySet<string>
  /**
   * Of a skill not built at the start, its tree's fingerprint when it was found up to date (by directory).
   * Without it, the tree at the loop's first look counts as built, and an edit saved in between is never
   * rebuilt.
   */
  readonly builtFingerprints?: ReadonlyMap<string, string>
  readonly onStart?: (skills: ReadonlyArray<string>) => Effect.Effect<void>
  readonly onEvent: (event: WatchEvent) => Effect.Effect<void>
  /** Completes when watching should end. */
  readonly stop: Effect.Effect<void>
  /** The longest a changed skill waits for its tree to settle before it is rebuilt anyway (default MAX_WAIT_MS). */
  readonly maxWaitMs?: number
  /** Where queries of this process ask for a pending rebuild (`makeRebuildHub`). */
  readonly hub?: RebuildHub
  /**
   * `skc mcp --watch`: the skills watched are the served, built ones, looked for again every
   * FOLLOW_EVERY_MS: a skill built (or added, or renamed) after the server started was never watched,
   * and each edit of it left the agent an E002.
   */
  readonly followServed?: boolean
}

/** How often `followServed` looks for served skills built since the last look. */
const FOLLOW_EVERY_MS = 2_000

export const DEFAULT_INTERVAL_MS = 250
/** A skill edited without a pause is rebuilt at the latest this long after its first change. */
export const MAX_WAIT_MS = 2_000
/** How long a query waits for a watcher's rebuild before it answers as without one. */
export const SETTLE_TIMEOUT_MS = 5_000
/** How long a query waits, once, for the watch loop to start (`skc mcp --watch` just launched). */
export const ATTACH_TIMEOUT_MS = 30_000

export interface Watched {
  readonly name: string
  /** What `build` is given: the store directory, so resolution can never pick another skill. */
  readonly dir: string
  built: string | undefined
  seen: string | undefined
  /** When the loop first saw the tree differ from the last build (the debounce's maximum wait counts from it). */
  changedAt: number | undefined
  /** Queries waiting for the next poll of this skill. */
  readonly waiters: Array<() => void>
  /** The last build's source hash and failure text: a quiet look again reports only a change of either. */
  hash?: string | undefined
  failure?: string | undefined
  /** When a failed build is tried again (what failed may change without a new size or mtime: a file made readable). */
  retryAt?: number | undefined
  retryDelay?: number | undefined
  /** When to look again at a tree built within the racy window of its newest file (a same-size, same-mtime rewrite). */
  recheckAt?: number | undefined
}

/** A failed build is tried again after this long, doubling up to RETRY_MAX_MS while it keeps failing. */
const RETRY_MS = 2_000
const RETRY_MAX_MS = 30_000

/**
 * The meeting point of a watch loop and the queries of the same process
 * (`PendingRebuildService`). `settle` registers a waiter on the watched
 * skill of that directory and wakes the loop; the loop answers every
 * waiter once it has polled (and, if needed, rebuilt) that skill.
 */
export interface RebuildHub {
  readonly service: PendingRebuildService
  /** Used by `watchBuild`: the skills watched, and how to wake the loop. */
  readonly attach: (skills: ReadonlyArray<Watched>, wake: () => void) => void
}

export const makeRebuildHub = (options: { readonly timeoutMs?: number } = {}): RebuildHub => {
  let skills: ReadonlyArray<Watched> = []
  let wake: () => void = () => {}
  // Until the loop attaches, a query waits for it: the first call after `skc mcp --watch` started, of a skill
  // edited while no server ran, was answered E002 "run skc_build" 30 ms before the watcher began (a probe).
  // The loop's start, while queries are to wait for it: gone once it attached, or once a query gave up on it.
  let attached: () => void = () => {}
  let starting: Promise<void> | undefined = new Promise<void>((resolve) => (attached = resolve))
  return {
    attach: (watched, w) => {
      skills = watched
      wake = w
      starting = undefined
      attached()
    },
    service: {
      settle: (dirs) => {
        const waitFor = (s: Watched) =>
          new Promise<boolean>((resolve) => {
            s.waiters.push(() => resolve(true))
            wake()
          })
        return Effect.gen(function* () {
          // The loop's start has its own bound (a large project's first look takes a while on a busy machine); a
          // loop that never starts (its setup failed) is waited for once, not by every query.
          const start = starting
          if (start !== undefined) {
            const came = yield* Effect.promise(() => start).pipe(Effect.timeoutOption(ATTACH_TIMEOUT_MS))
            if (Option.isNone(came)) starting = undefined
          }
          const s = skills.find((x) => dirs.includes(x.dir))
          if (s === undefined) return false
          return yield* Effect.promise(() => waitFor(s)).pipe(
            Effect.timeoutOption(options.timeoutMs ?? SETTLE_TIMEOUT_MS),
            Effect.map(Option.getOrElse(() => false))
          )
        })
      }
    }
  }
}

/**
 * Paths, sizes and mtimes of a skill's tree, and the links that lead out of it (a build refuses them,
 * E012: adding or removing one changed nothing here, and the E002 it left stayed until another edit):
 * changes with any edit, costs no reads. `newest`: the newest file's mtime.
 */
const treeLook = (dir: string) =>
  scanSourceTree(dir, { onEscape: "skip" }).pipe(
    Effect.map((t) => ({
      fp: t.files.map((f) => `${f.path}\0${f.size}\0${f.mtimeMs}`).join("\n") + "\n" + t.dirs.join("\n") + "\n\0escaping\n" + t.escaping.join("\n"),
      newest: t.files.reduce<number | undefined>((n, f) => (n === undefined || f.mtimeMs > n ? f.mtimeMs : n), undefined)
    })),
    // Recovery: a skill deleted or unreadable mid-edit is a value of its own, so that it rebuilds (and reports why) once it is back.
    Effect.orElseSucceed(() => ({ fp: "<unreadable>", newest: undefined }))
  )

export const treeFingerprint = (dir: string) => Effect.map(treeLook(dir), (l) => l.fp)

/** The skills to watch: the names given (store skills, never paths), or the whole store. */
const watchedSkills = (input: BuildManyInput, servedOnly: boolean) =>
  Effect.gen(function* () {
    // `skc mcp --watch` with no skill built yet watches none until one is (followServed), never the whole store.
    if (input.skills.length === 0 && servedOnly) return []
    if (input.skills.length === 0) return (yield* storeEntries(input.global ?? false, "--watch")).map((e) => ({ name: e.name, dir: e.dir }))
    const out: Array<{ name: string; dir: string }> = []
    for (const s of input.skills) {
      const r = yield* resolveSkill(s, { agentDirs: false })
      if (r.scope === "path") {
        return yield* Effect.fail(
          new UsageError({ message: `--watch takes store skills; '${s}' is a path`, detail: [`import it first with: skc build ${s}`] })
        )
      }
      out.push({ name: r.name, dir: r.sourceDir })
    }
    return out
  })

export const watchBuild = Effect.fn("skc.watchBuild")(function* (input: BuildManyInput, options: WatchOptions) {
  const interval = options.intervalMs ?? DEFAULT_INTERVAL_MS
  const maxWait = options.maxWaitMs ?? MAX_WAIT_MS
  const skills: Array<Watched> = (yield* watchedSkills(input, options.followServed === true)).map((s) => ({
    ...s,
    built: undefined,
    seen: undefined,
    changedAt: undefined,
    waiters: []
  }))
  // A query's wake-up: ends the current sleep, or the next one at once when it comes during a poll.
  let woken = false
  let wakeSleeper: (() => void) | undefined
  const wake = () => {
    woken = true
    wakeSleeper?.()
  }
  options.hub?.attach(skills, wake)
  const wakeUp = Effect.callback<void>((resume) => {
    if (woken) return resume(Effect.void)
    wakeSleeper = () => resume(Effect.void)
    return Effect.sync(() => void (wakeSleeper = undefined))
  })
  const nap = Effect.raceFirst(Effect.sleep(interval), wakeUp).pipe(Effect.andThen(Effect.sync(() => void (woken = false))))
  if (options.onStart !== undefined) yield* options.onStart(skills.map((s) => s.name))

  /** Build `s` as its tree looked (`look`); `quiet`: a look again, reported only when the hash or the failure changed. */
  const rebuild = (s: Watched, kind: WatchEvent["kind"], look: { readonly fp: string; readonly newest: number | undefined }, quiet = false) =>
    Effect.gen(function* () {
      const started = yield* Clock.currentTimeMillis
      const result = yield* buildMany({ ...input, all: false, skills: [s.dir] }, { deploy: options.deploy, orphanWarning: false })
      const at = yield* Clock.currentTimeMillis
      s.built = look.fp
      const outcome = { ...result.results[0]!, skill: s.name }
      const hash = outcome.ok ? outcome.result.source_hash : undefined
      const failure = outcome.ok ? undefined : outcome.error.text
      const same = quiet && hash === s.hash && failure === s.failure
      s.hash = hash
      s.failure = failure
      // A failure is tried again later, less often while it lasts; a success clears it.
      s.retryDelay = failure === undefined ? undefined : Math.min((s.retryDelay ?? RETRY_MS / 2) * 2, RETRY_MAX_MS)
      s.retryAt = failure === undefined ? undefined : at + s.retryDelay!
      // A file written less than RACY_WINDOW_MS before the build may be rewritten with its size and mtime
      // unchanged (a save twice within one timestamp tick, `cp -p`): the build hashes it, this loop compares
      // only sizes and mtimes, so the tree is looked at once more after that window (as queries do).
      s.recheckAt = look.newest !== undefined && started - look.newest < RACY_WINDOW_MS ? look.newest + RACY_WINDOW_MS : undefined
      if (!same) yield* options.onEvent({ skill: s.name, at, kind, durationMs: at - started, outcome })
    })

  for (const s of skills) {
    const look = yield* treeLook(s.dir)
    s.seen = look.fp
    const initial = options.initialBuild ?? true
    if (initial === true || (initial !== false && initial.has(s.dir))) yield* rebuild(s, "initial", look)
    else s.built = options.builtFingerprints?.get(s.dir) ?? look.fp
  }
  let followedAt = -Infinity
  const followServed = Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    if (now - followedAt < FOLLOW_EVERY_MS) return
    followedAt = now
    // Recovery: stores that cannot be listed for a moment keep the skills watched as they are.
    const served = yield* servedBuiltSkills.pipe(Effect.orElseSucceed(() => undefined))
    if (served === undefined) return
    for (const e of served) {
      if (skills.some((x) => x.dir === e.dir)) continue
      // Built by its author since the server started: up to date as found, or built again when obsolete.
      const look = yield* treeLook(e.dir)
      const obsolete = (yield* statusOf(e.skill, true)) === "obsolete"
      skills.push({ name: e.name, dir: e.dir, built: obsolete ? undefined : look.fp, seen: look.fp, changedAt: undefined, waiters: [] })
    }
  })
  // Watching the whole store (no skill named): a skill added to it, or renamed, is watched from the poll
  // that finds it, and built once its tree settles; one that left it is no longer watched, and said so once.
  // Before, the loop kept the skills of its start: a new skill was never built and a renamed one failed E001
  // on every poll.
  const followStore = Effect.gen(function* () {
    if (options.followServed === true) return yield* followServed
    if (input.skills.length > 0) return
    // Recovery: a store that cannot be listed for a moment (being renamed) keeps the skills watched as they are.
    const listed = yield* storeEntries(input.global ?? false, "--watch").pipe(Effect.orElseSucceed(() => undefined))
    if (listed === undefined) return
    const now = new Set(listed.map((e) => e.dir))
    for (let i = skills.length - 1; i >= 0; i--) {
      const gone = skills[i]!
      if (now.has(gone.dir)) continue
      skills.splice(i, 1)
      for (const done of gone.waiters.splice(0)) done()
      const at = yield* Clock.currentTimeMillis
      const message = `left the store (${gone.dir}): no longer watched; its runtime and agent links stay until removed`
      yield* options.onEvent({ skill: gone.name, at, kind: "rebuild", durationMs: 0, outcome: { skill: gone.name, ok: false, error: { code: null, message, text: message } } })
    }
    for (const e of listed) {
      // A new skill's tree counts as changed: it is built once it has not changed for a poll (the debounce).
      if (!skills.some((x) => x.dir === e.dir)) skills.push({ ...e, built: undefined, seen: undefined, changedAt: undefined, waiters: [] })
    }
  })
  const poll = Effect.gen(function* () {
    yield* followStore
    for (const s of skills) {
      // The queries that asked before this look at the tree; later ones wait for the next poll.
      const waiting = s.waiters.splice(0)
      const look = yield* treeLook(s.dir)
      const fp = look.fp
      const now = yield* Clock.currentTimeMillis
      const stable = fp === s.seen
      s.seen = fp
      if (fp === s.built) {
        s.changedAt = undefined
        // A failure due again, or a tree built inside its racy window: looked at again, said only if it changed.
        if ((s.retryAt !== undefined && now >= s.retryAt) || (s.recheckAt !== undefined && now >= s.recheckAt)) {
          s.recheckAt = undefined
          yield* rebuild(s, "rebuild", look, true)
        }
      } else {
        s.changedAt ??= now
        // Settled, or a query is waiting, or the edits have gone on for maxWait: rebuild now.
        if (stable || waiting.length > 0 || now - s.changedAt >= maxWait) {
          // A skill that joined the store while watched is built for the first time.
          yield* rebuild(s, s.built === undefined ? "initial" : "rebuild", look)
          s.changedAt = undefined
        }
      }
      for (const done of waiting) done()
      if (s.waiters.length > 0) woken = true
    }
  })
  const loop = Effect.forever(Effect.andThen(nap, poll))
  yield* Effect.raceFirst(loop, options.stop)
})

/** `[HH:MM:SS] rebuilt demo in 42 ms` (local time), or the failure. */
export const renderWatchEvent = (e: WatchEvent): string => {
  const d = new Date(e.at)
  const pad = (n: number) => String(n).padStart(2, "0")
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  if (!e.outcome.ok) return visible(`[${time}] ${e.skill}: ${e.outcome.error.message}`)
  return visible(`[${time}] ${e.kind === "initial" ? "built" : "rebuilt"} ${e.skill} in ${Math.round(e.durationMs)} ms`)
}

/**
 * `skc mcp --watch`: the built skills of the project and global stores
 * that the server serves by name, kept in step without deploying (links
 * stay as the author made them). A skill not built yet is left alone: the
 * author has not chosen its targets. Foreign skills need no watch: their
 * cached index is refreshed on demand.
 */
export const watchServedSkills = Effect.fn("skc.watchServedSkills")(function* (options: Omit<WatchOptions, "deploy">) {
  const dirs: Array<string> = []
  // Only obsolete ones build at the start: an up-to-date runtime is left as it is.
  const obsolete = new Set<string>()
  // Each tree's fingerprint taken before its status: an edit after it is a change the loop sees, one
  // before it makes the skill obsolete. Taken after (the loop's first look), an edit saved in between
  // counted as built and was never rebuilt (E002 until the next edit).
  const fingerprints = new Map<string, string>()
  for (const e of yield* servedBuiltSkills) {
    const fp = yield* treeFingerprint(e.dir)
    dirs.push(e.dir)
    fingerprints.set(e.dir, fp)
    if ((yield* statusOf(e.skill, true)) === "obsolete") obsolete.add(e.dir)
  }
  // With none built yet the loop still runs: a skill built later is watched from then on (followServed).
  return yield* watchBuild({ skills: dirs }, { ...options, deploy: false, initialBuild: obsolete, builtFingerprints: fingerprints, followServed: true })
})

/** The served skills of the stores that are built (not shadowed): the fast status only (a manifest or not). */
const servedBuiltSkills = Effect.gen(function* () {
  const out: Array<{ readonly name: string; readonly dir: string; readonly skill: Parameters<typeof statusOf>[0] }> = []
  for (const s of yield* visibleSkills({ agentDirs: false })) {
    if (s.shadowed) continue
    if ((yield* statusOf(s, false)) === "not-built") continue
    out.push({ name: s.name, dir: s.sourceDir, skill: s })
  }
  return out
})
