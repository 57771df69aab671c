/**
 * Access logging for every command that resolves a skill (RFC-0007:C-LOGGING,
 * DECISIONS #17, #18, #31).
 *
 * `loggedCall({ command, skill, argsOf })(useCase)`, the one wrapper (issue
 * 44 item 4), runs the use case with a fresh `TouchedSkills` and records one
 * row per skill it touched — the named skill's with the outcome (its
 * arguments on success, the rendered error on failure), others with the
 * args the use case gave — then hands back the use case's own result or
 * failure untouched. Logging never changes what a
 * command prints or its exit status: every logging problem ends as W002 at worst.
 *
 * A skill that does not resolve (E001/E010) is not logged: C-LOGGING's row
 * needs the resolved source path, and its location is the resolved runtime
 * directory, so there is nowhere (and nothing) to log.
 *
 * Where the row goes (EAFP): the primary `<runtime>/.skillc-meta/logs.db`;
 * when that write fails (read-only sandbox, a file where a directory should
 * be, a locked or corrupt database…), the fallback
 * `<cwd>/.skillc/logs/<skill>/.skillc-meta/logs.db`; when both fail, W002.
 * Before writing, W003 if this skill's fallback log was last written more than
 * an hour ago (it is waiting for `skc sync`).
 */
import { Cause, Clock, Context, Effect, Exit, Layer, Option, Random } from "effect"
import { Path } from "effect/Path"
import { errorHeadline, isSkcError, Warning } from "../../domain/errors.js"
import { formatTimestamp, type Role } from "../../domain/stats.js"
import { pathTooLongIn } from "../../domain/sqlitePathLimit.js"
import { AccessLog, RETIRED_LOG_CODE, type AccessLogRow } from "../../ports/AccessLog.js"
import { Diagnostics } from "../../ports/Diagnostics.js"
import { Env } from "../../ports/Env.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { withLogRepair } from "./logRepair.js"
import { inForeignCache, recordCacheOwner } from "../skills/index.js"
import { resolveSkill, type ResolvedSkill } from "../skills/index.js"
import { resolvedTouches, Settings, touchSkill, withTouching, type Touch, type TouchedSkill } from "../shared/index.js"

/** `<dir>/.skillc-meta/logs.db` */
export const logDbIn = (dir: string, path: { join: (...parts: Array<string>) => string }) => path.join(dir, ".skillc-meta", "logs.db")

/** The fallback log directory of a skill: `<cwd>/.skillc/logs/<skill>` (C-LOGGING, C-SYNC). */
export const fallbackDirOf = (cwd: string, skill: string, path: { join: (...parts: Array<string>) => string }) =>
  path.join(cwd, ".skillc", "logs", skill)

/** The prefix of a fallback directory a sync holds aside while it merges it. */
export const HELD_PREFIX = ".syncing-"

/** Where a sync holds `name`'s fallback while merging it: rows written meanwhile go to a fresh fallback. */
export const heldDirOf = (project: string, name: string, path: { join: (...parts: Array<string>) => string }) =>
  path.join(project, ".skillc", "logs", `${HELD_PREFIX}${name}`)

/** Fallback logs older than this are stale (W003). */
export const STALE_AFTER_MS = 60 * 60 * 1000

/** `YYYYMMDDTHHMMSSZ-xxxx` (C-LOGGING: run ID generation). */
export const formatRunId = (ms: number, rand: number): string =>
  formatTimestamp(ms).replace(/[-:]/g, "") + "-" + (rand & 0xffff).toString(16).padStart(4, "0")

/**
 * The run id of this process (C-LOGGING): one per CLI invocation or MCP
 * server session. A service rather than module state, so the composition
 * root (src/layers.ts) decides its lifetime: the live layer builds it once.
 */
export class RunId extends Context.Service<RunId, string>()("skillc/RunId") {}

/** A fresh run id from the clock and a random suffix. */
export const generateRunId: Effect.Effect<string> = Effect.gen(function* () {
  const now = yield* Clock.currentTimeMillis
  return formatRunId(now, yield* Random.nextIntBetween(0, 0x10000))
})

/** Provides `RunId`, generated once when the layer is built. */
export const RunIdLive = Layer.effect(RunId, generateRunId)

/**
 * `SKC_RUN_ID` when set and not blank (a caller grouping several processes), else the
 * `RunId` service; without one (an embedder's own layer), a fresh id.
 */
export const currentRunId = Effect.gen(function* () {
  const env = yield* Env
  const given = env.get("SKC_RUN_ID")
  // Blank ("  ", a shell's `SKC_RUN_ID="$UNSET "`) groups nothing: as unset, like an empty one.
  if (given !== undefined && given.trim() !== "") return given
  const provided = yield* Effect.serviceOption(RunId)
  return Option.isSome(provided) ? provided.value : yield* generateRunId
})

/** The rendered first line of a failure, as stored in the `error` column. */
export const failureMessage = (cause: Cause.Cause<unknown>): string => {
  const failure = Cause.findErrorOption(cause)
  if (Option.isSome(failure)) {
    const e = failure.value
    // An error whose message quotes what no log may hold says what the log keeps instead (UsageError.logged).
    const logged = (e as { logged?: unknown } | null)?.logged
    if (isSkcError(e) && typeof logged === "string") return `error: ${logged}`
    if (isSkcError(e)) return errorHeadline(e)
    // A failure of an outer layer that is expected, not unexpected (the MCP server's NotServed), names itself.
    const logLine = (e as { logLine?: unknown } | null)?.logLine
    if (typeof logLine === "string") return logLine
    return `error[E999]: ${(e as { message?: unknown })?.message ?? String(e)}`
  }
  if (Cause.hasInterruptsOnly(cause)) return "interrupted"
  const defect = Cause.squash(cause)
  return `error[E999]: ${defect instanceof Error ? defect.message : String(defect)}`
}

/**
 * The longest text a log row keeps of one argument, or of its error: the first `LOGGED_TEXT_MAX` UTF-16 units
 * and "…". A row is kept for good, and an argument is whatever a caller sends: over `skc mcp --http` one token
 * holder's 900 KB queries grew each log by about 1 MB a call (42 calls: 40 MB, and `skc stats` printed each
 * query whole). A question, heading or path an agent asks for is far shorter.
 */
export const LOGGED_TEXT_MAX = 4096

/** `text` cut to `LOGGED_TEXT_MAX` units and "…" (never between the two halves of a surrogate pair). */
export const loggedText = (text: string): string => {
  if (text.length <= LOGGED_TEXT_MAX) return text
  const end = /[\uD800-\uDBFF]/.test(text[LOGGED_TEXT_MAX - 1]!) ? LOGGED_TEXT_MAX - 1 : LOGGED_TEXT_MAX
  return `${text.slice(0, end)}…`
}

/** JSON text of a command's arguments: absent values are `null`, so every row of a command has the same keys; long texts are cut (`loggedText`). */
export const argsJson = (args: Readonly<Record<string, unknown>>): string =>
  JSON.stringify(args, (_k, v: unknown) => (v === undefined ? null : typeof v === "string" ? loggedText(v) : v))

/** One access to record (C-LOGGING). */
export interface AccessEntry {
  readonly command: string
  /** Whose log: the row's `skill` and `skill_path`, and the runtime holding its `logs.db`. */
  readonly skill: Pick<ResolvedSkill, "name" | "canonicalSourceDir" | "runtimeDir">
  readonly args: Readonly<Record<string, unknown>>
  readonly error: string | null
  /** Whether a row the primary log refuses goes to the cwd's fallback log (default true; not for the global log). */
  readonly fallback?: boolean
  /** When the access happened (ms), when not the time of writing: a row a use case gave itself, at its touch. */
  readonly at?: number
}

/**
 * Record one access (C-LOGGING). Never fails: problems become W002 (both
 * locations failed) and verbose traces.
 */
export const recordAccess = (entry: AccessEntry) => recordAccesses([entry])

/**
 * Record several accesses of one invocation (`search --all`: one row per
 * skill searched, each in that skill's own log, RFC-0004:C-LOGGING, issue
 * 14). What the rows share — the time, the run id, the real cwd — is taken
 * once; the rows go to their primary logs in one call of the adapter
 * (`appendEach`, when it has one), and a row that could not be written there
 * goes the way of `recordAccess`: the primary again (busy retries, repair),
 * then the cwd's fallback. Never fails.
 */
export const recordAccesses = Effect.fnUntraced(function* (entries: ReadonlyArray<AccessEntry>) {
  if (entries.length === 0) return
  const fs = yield* FileSystem
  const { stores } = yield* Settings
  const now = yield* Clock.currentTimeMillis
  const cwd = yield* fs.realPath(stores.cwd).pipe(unseenAs(stores.cwd))
  const runId = yield* currentRunId
  const path = yield* Path
  // W003 looks at each skill's fallback log; without the fallback directory there is none to look at
  // (one stat for the batch instead of one per row: `search --all` writes a row in each skill answering).
  const fallbacks = yield* fs.statOption(path.join(cwd, ".skillc", "logs")).pipe(unseenAs(undefined))
  const shared: BatchShared = {
    now,
    cwd,
    runId,
    fallbacks: fallbacks?.type === "directory",
    caller: yield* CallerRole,
    path,
    globalDir: stores.globalDir
  }
  const log = yield* AccessLog
  if (entries.length === 1 || log.appendEach === undefined) {
    for (const entry of entries) {
      const prepared = yield* prepareRow(entry, shared)
      if (prepared !== undefined) yield* deliver(prepared)
    }
    return
  }
  // Several rows (one per skill that answered `search --all`): their primary logs in one call of the
  // adapter; a row it could not write goes the one-row way (busy retries, repair, fallback).
  const prepared = (yield* Effect.forEach(entries, (entry) => prepareRow(entry, shared))).filter((p) => p !== undefined)
  const failed = yield* log.appendEach(prepared.map((p) => ({ dbFile: p.primary, row: p.row })))
  const diagnostics = yield* Diagnostics
  for (const [i, p] of prepared.entries()) {
    if (failed[i] === undefined) yield* diagnostics.verbose(`logged ${p.entry.command} to ${p.primary}`)
    else yield* deliver(p)
  }
}, (effect) => effect.pipe(Effect.catchCause(unrecorded("accesses"))))

/**
 * Logging never fails the command it records (C-LOGGING), but a write that
 * went wrong in an unforeseen way is said at verbose level (issue 28), never
 * swallowed without a word.
 */
const unrecorded = (what: string) => (cause: Cause.Cause<unknown>) =>
  Effect.flatMap(Effect.service(Diagnostics), (d) => d.verbose(`could not record ${what}: ${failureMessage(cause)}`)).pipe(
    Effect.catchCause(() => Effect.void)
  )

/**
 * Who makes the calls of this run (DECISIONS #45): set by the CLI runner
 * (`SKC_ROLE`, else a terminal on stdin or stdout means a person) and by the
 * MCP server (an agent); recorded as `args.role` in every row written.
 * Unset (a library call), rows carry no role and count by command.
 */
export const CallerRole = Context.Reference<Caller>("skillc/CallerRole", {
  defaultValue: () => ({ role: undefined })
})

/**
 * Who makes a call: the role (DECISIONS #45) and, over `skc mcp --http`
 * (issue 49 item 2), the name of the token the request presented (`user`)
 * and the client's `clientInfo` as `name/version` (`client`). Each is
 * recorded in `args` only when known (additive, DECISIONS #40): rows of the
 * CLI and of stdio sessions are unchanged.
 */
export interface Caller {
  readonly role: Role | undefined
  readonly user?: string | undefined
  readonly client?: string | undefined
}

/** `args` with the caller's role, token name and client, when known. */
const withCaller = (args: Readonly<Record<string, unknown>>, { role, user, client }: Caller): Readonly<Record<string, unknown>> =>
  role === undefined && user === undefined && client === undefined
    ? args
    : {
        ...args,
        ...(role === undefined ? {} : { role }),
        ...(user === undefined ? {} : { user }),
        ...(client === undefined ? {} : { client })
      }

/** The `skill` column of a row that belongs to no one skill: a cross-skill question (DECISIONS #44). */
export const ACROSS_SKILLS = "*"

/**
 * A cross-skill question (`search --all`, `skc_search` without `skill`)
 * that found nothing, touched for the call's wrapper to record once in the global log
 * (`<home>/.skillc/.skillc-meta/logs.db`, DECISIONS #44) and never in a
 * skill's own log: `stats --all` reports it as a question no skill
 * answered (W002 when the global log cannot be written).
 */
export const touchUnansweredAcrossSkills = (query: string) =>
  Effect.flatMap(Effect.service(Settings), ({ stores }) =>
    touchSkill(
      { name: ACROSS_SKILLS, canonicalSourceDir: stores.globalDir, runtimeDir: stores.globalDir },
      { command: "search", args: { query, result_count: 0, scope: "all" }, error: null, fallback: false }
    )
  )

/** A row ready to be written: its text, its primary log and the cwd's fallback (none for the global log). */
interface PreparedRow {
  readonly entry: AccessEntry
  readonly row: AccessLogRow
  readonly primary: string
  readonly fallback: string | undefined
  /** The fallback log's directory (`fallbackDirOf`), as W002 names it. */
  readonly fallbackDir: string | undefined
}

/** What the rows of one batch share, taken once (`search --all` prepares a row per skill that answered). */
interface BatchShared {
  readonly now: number
  readonly cwd: string
  readonly runId: string
  /** Whether the cwd has a fallback log directory (W003 looks there only then). */
  readonly fallbacks: boolean
  readonly caller: Caller
  readonly path: Path
  /** The global store, under which foreign skills' runtimes live (a cache directory records its owner). */
  readonly globalDir: string
}

/**
 * The row of `entry` and where it goes: computed directly, no effect (issue
 * 47: `skc_search` without `skill` prepares 26 rows per call, and an effect
 * per row was a tenth of the call's logging). Throws only on a value
 * `argsJson` cannot write.
 */
const rowOf = (entry: AccessEntry, shared: BatchShared): PreparedRow => {
  const { now, cwd, path } = shared
  const row: AccessLogRow = {
    timestamp: formatTimestamp(entry.at ?? now),
    run_id: shared.runId,
    command: entry.command,
    skill: entry.skill.name,
    skill_path: entry.skill.canonicalSourceDir,
    cwd,
    args: argsJson(withCaller(entry.args, shared.caller)),
    error: entry.error === null ? null : loggedText(entry.error)
  }
  const fallbackDir = entry.fallback === false ? undefined : fallbackDirOf(cwd, entry.skill.name, path)
  return { entry, row, primary: logDbIn(entry.skill.runtimeDir, path), fallback: fallbackDir === undefined ? undefined : logDbIn(fallbackDir, path), fallbackDir }
}

/**
 * `entry`'s row (`rowOf`), after the two checks that touch the file system,
 * each only where it applies: W003 when its fallback log is stale (only
 * when the cwd has a fallback directory at all), and a foreign skill's
 * cache directory says whose it is before its log is written there (issue
 * 29 item 5).
 */
const prepareRow = (entry: AccessEntry, shared: BatchShared): Effect.Effect<PreparedRow | undefined, never, FileSystem | Diagnostics | Path | Settings> => {
  // A row that cannot even be prepared is said at verbose level and written nowhere; the others go on.
  const lost = (cause: Cause.Cause<unknown>) => Effect.as(unrecorded(`the ${entry.command} of '${entry.skill.name}'`)(cause), undefined)
  let prepared: PreparedRow
  try {
    prepared = rowOf(entry, shared)
  } catch (e) {
    return lost(Cause.die(e))
  }
  const staleCheck = prepared.fallback !== undefined && shared.fallbacks
  const foreign = inForeignCache(entry.skill.runtimeDir, shared.globalDir, shared.path)
  if (!staleCheck && !foreign) return Effect.succeed(prepared)
  return Effect.gen(function* () {
    if (staleCheck) {
      const stale = yield* Effect.flatMap(FileSystem, (fs) => fs.statOption(prepared.fallback!)).pipe(unseenAs(undefined))
      if (stale?.type === "file" && shared.now - stale.mtimeMs > STALE_AFTER_MS) {
        yield* (yield* Diagnostics).warn(Warning.staleLocalLogs(entry.skill.name))
      }
    }
    if (foreign) yield* recordCacheOwner(entry.skill.runtimeDir, entry.skill.canonicalSourceDir)
    return prepared as PreparedRow | undefined
  }).pipe(Effect.catchCause(lost))
}

/** How many more times a row the fallback log refused is tried (a sync renaming the fallback aside). */
const FALLBACK_RETRIES = 2

/**
 * A failure of a file moved away under the writer (not a lock, which the append waited out already, nor a
 * permission), or retired by the sync that moved it (`AccessLog.retire`): the path names a fresh one.
 */
const movedAway = (code: string): boolean => code === RETIRED_LOG_CODE || /CANTOPEN|IOERR|ENOENT/.test(code)

/** The row goes to its primary log, else (EAFP, C-LOGGING) to the cwd's fallback, else W002. */
const deliver = ({ entry, row, primary, fallback, fallbackDir }: PreparedRow) => {
  // A cross-skill question names no skill ('*' is the row's placeholder): said as the user asked it.
  const what = entry.skill.name === ACROSS_SKILLS ? `the ${entry.command} --all question` : `the ${entry.command} of '${entry.skill.name}'`
  return Effect.gen(function* () {
    const log = yield* AccessLog
    const diagnostics = yield* Diagnostics
    // A corrupt primary log is moved aside and recreated by this very write (issue 19).
    const first = yield* Effect.result(withLogRepair(primary, log.append(primary, row)))
    if (first._tag === "Success") return yield* diagnostics.verbose(`logged ${entry.command} to ${primary}`)
    if (fallback === undefined) {
      yield* diagnostics.verbose(`cannot log to ${primary} (${first.failure.code}: ${first.failure.message})`)
      return yield* diagnostics.warn(Warning.loggingDisabled(what, true, pathTooLongIn(first.failure.message)))
    }
    yield* diagnostics.verbose(`cannot log to ${primary} (${first.failure.code}: ${first.failure.message}); trying ${fallback}`)
    // `skc sync` renames the fallback directory aside while agents write to it (RFC-0007:C-SYNC): an append
    // caught between the rename and the directory made again failed to open the file and its row was lost
    // with W002 (a robustness probe: 3 rows of 300 under a sync every 0.3 s). Tried again, it makes a fresh
    // fallback, as the next call would. A corrupt fallback is moved aside and made again by the write, as a
    // corrupt primary is (issue 19; `skc sync` keeps the copy beside the primary log, `keepCorruptCopies`).
    const toFallback = () => withLogRepair(fallback, log.append(fallback, row))
    let second = yield* Effect.result(toFallback())
    for (let retry = 0; retry < FALLBACK_RETRIES && second._tag === "Failure" && movedAway(second.failure.code); retry++) {
      yield* diagnostics.verbose(`cannot log to ${fallback} (${second.failure.code}: ${second.failure.message}); trying again`)
      second = yield* Effect.result(toFallback())
    }
    if (second._tag === "Success") return yield* diagnostics.verbose(`logged ${entry.command} to ${fallback}`)
    yield* diagnostics.verbose(`cannot log to ${fallback} (${second.failure.code}: ${second.failure.message})`)
    // W002 names a cause the user can act on that holds no path: a directory too deep for SQLite (every
    // command said W002, and `skc sync` could not help).
    yield* diagnostics.warn(Warning.loggingDisabled(what, false, pathTooLongIn(second.failure.message), fallbackDir))
  }).pipe(Effect.catchCause(unrecorded(what)))
}

/** What a use case ended with, for `argsOf`. */
export type Outcome<A, E> = { readonly _tag: "Success"; readonly value: A } | { readonly _tag: "Failure"; readonly error: E | undefined }

/** What the one logging wrapper needs to know of a call. */
export interface LoggedCall<A, E> {
  readonly command: string
  /** The skill the call names, when it names one: its row comes from `argsOf` and the call's outcome. */
  readonly skill?: string | undefined
  /** The `args` column (DECISIONS #18) of the named skill's row, from the outcome. */
  readonly argsOf?: (outcome: Outcome<A, E>) => Readonly<Record<string, unknown>>
  /** Where the use case actually put the skill when it decides itself (`build --global`, imports). */
  readonly locate?: (value: A) => { readonly runtimeDir: string } | undefined
  /**
   * The channel, when not the CLI: `"mcp"` adds `"via": "mcp"` to every row
   * the call writes — the named skill's and each touch's (`skc_search`
   * without `skill` writes one per answering skill) — unless the row says
   * its own channel (an OTLP activation's `"via": "otel"`).
   */
  readonly via?: "mcp" | undefined
  /**
   * The named skill's row when the call is interrupted (a tool run cancelled over MCP, `skc run` stopped by
   * a signal): its program may have run, and RFC-0007:C-MCP-SERVER logs every tool invocation. Without it an
   * interrupted call (Ctrl-C on a read) leaves no row of its own.
   */
  readonly interruptedArgs?: (() => Readonly<Record<string, unknown>>) | undefined
}

/** `args` with the call's channel, unless it names its own. */
const withVia = (args: Readonly<Record<string, unknown>>, via: "mcp" | undefined): Readonly<Record<string, unknown>> =>
  via === undefined || args.via !== undefined ? args : { ...args, via }

/**
 * The skill a call named, as its use case resolved it (the latest of its
 * `resolveCommandSkill` touches); resolved here only when the use case did
 * not (it failed before): quietly, so a trace is printed once. `undefined`
 * for E001/E010: nothing to log, the use case reported the failure itself.
 */
export const namedSkillOf = Effect.fnUntraced(function* (touches: ReadonlyArray<Touch>, skill: string, how: { readonly agentDirs: boolean }) {
  const resolved = resolvedTouches(touches)
  if (resolved.length > 0) return resolved
  const diagnostics = yield* Diagnostics
  const quiet = { ...diagnostics, verbose: () => Effect.void }
  const found = Option.getOrUndefined(yield* Effect.option(resolveSkill(skill, how).pipe(Effect.provideService(Diagnostics, quiet))))
  const skills: ReadonlyArray<TouchedSkill> = found === undefined ? [] : [found]
  return skills
})

/**
 * THE logging wrapper (issue 44 item 4) of the CLI runner, the MCP server
 * (src/commands/logging.ts) and the library (src/app/recorded.ts): runs the
 * use case with a fresh `TouchedSkills` and writes one row per skill it
 * touched — the named skill with `argsOf` and the call's outcome, each other
 * touch with its own args (`search --all`, `build a b`) — then hands back the
 * use case's own result or failure untouched. Logging never changes what a
 * command prints or its exit status.
 */
export const loggedCall =
  <A, E>(call: LoggedCall<A, E>) =>
  <R>(useCase: Effect.Effect<A, E, R>) =>
    withTouching(useCase, (exit, touches) =>
      Effect.gen(function* () {
        const entries: Array<AccessEntry> = []
        // An interrupted call (Ctrl-C) leaves no row of its own; the parts it finished and touched keep theirs.
        const interrupted = Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)
        const error = Exit.isSuccess(exit) ? null : interrupted ? "cancelled" : failureMessage(exit.cause)
        if (call.skill !== undefined && call.argsOf !== undefined && (!interrupted || call.interruptedArgs !== undefined)) {
          // `build` resolves through the stores and paths only (DECISIONS #38); logging follows it.
          const named = yield* namedSkillOf(touches, call.skill, { agentDirs: call.command !== "build" })
          if (named.length > 0) {
            const outcome: Outcome<A, E> = Exit.isSuccess(exit)
              ? { _tag: "Success", value: exit.value }
              : { _tag: "Failure", error: Option.getOrUndefined(Cause.findErrorOption(exit.cause)) }
            const argsOf = interrupted && call.interruptedArgs !== undefined ? call.interruptedArgs : () => call.argsOf!(outcome)
            // Recovery: a command's args builder that throws must not lose the row; it is written with `{}` as args.
            const args = withVia(yield* Effect.try(() => argsOf()).pipe(Effect.orElseSucceed(() => ({}))), call.via)
            const located = Exit.isSuccess(exit) && call.locate !== undefined ? call.locate(exit.value) : undefined
            for (const skill of named) {
              entries.push({ command: call.command, skill: located === undefined ? skill : { ...skill, runtimeDir: located.runtimeDir }, args, error })
            }
          }
        }
        for (const t of touches) {
          if (t.details?.args === undefined) continue
          entries.push({
            command: t.details.command ?? call.command,
            skill: t.skill,
            args: withVia(t.details.args, call.via),
            error: t.details.error ?? null,
            at: t.at,
            ...(t.details.fallback === undefined ? {} : { fallback: t.details.fallback })
          })
        }
        yield* recordAccesses(entries)
      }).pipe(Effect.catchCause(unrecorded(`the ${call.command}`)))
    )

/**
 * Wrap a use case so that its invocation on `skill` is logged (one row,
 * success or failure): `loggedCall` for one named skill. `argsOf` gives the
 * `args` column (DECISIONS #18) from the outcome, e.g. the matched file of
 * `show` or the result count of `search`.
 */
export const logged =
  <A, E>(
    command: string,
    skill: string,
    argsOf: (outcome: Outcome<A, E>) => Readonly<Record<string, unknown>>,
    options: {
      /** Where the use case actually put the skill when it decides itself (`build --global`, imports). */
      readonly locate?: (value: A) => { readonly runtimeDir: string } | undefined
    } = {}
  ) =>
  <R>(useCase: Effect.Effect<A, E, R>) =>
    loggedCall<A, E>({ command, skill, argsOf, ...(options.locate === undefined ? {} : { locate: options.locate }) })(useCase)
