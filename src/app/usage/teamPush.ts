/**
 * `skc sync --to <postgres-url>` (issue 18, RFC-0007:C-SYNC): push every
 * local access-log row of the skills that resolve here (or of one skill) to
 * the team store, tagged with this machine's and user's hashes.
 *
 * - Local-first (RFC-0000): the local logs are only read, never changed.
 * - Idempotent and resumable: each row's id is derived from its content
 *   (`src/domain/teamRows.ts`); the store keeps what it already holds, and
 *   each batch commits on its own, so a rerun after a failure sends the rest.
 * - Bounded memory: a log is read in pages by local id, each page converted
 *   and sent before the next is read.
 * - A skill without a log has nothing to push; a log that cannot be read is
 *   an error naming it (the pages sent before stay; a rerun sends the rest).
 * - Any string a log holds is pushed (issue 45 item 5): what PostgreSQL
 *   cannot hold as is (NUL, a lone surrogate) is stored escaped, reversibly
 *   (by the PostgreSQL adapter); a row the store still refuses for its data
 *   is reported in `rejected`, and every other row is pushed.
 */
import { Effect } from "effect"
import { Path } from "effect/Path"
import { InternalError, Warning } from "../../domain/errors.js"
import { warn } from "../../ports/Diagnostics.js"
import { unsyncedRows } from "./unsyncedLogs.js"
import { teamStoreFailureText } from "../../domain/teamStoreFailure.js"
import { identityHash, teamRowConverter } from "../../domain/teamRows.js"
import { AccessLog } from "../../ports/AccessLog.js"
import { FileSystem, unseenAs } from "../../ports/FileSystem.js"
import { Env } from "../../ports/Env.js"
import { compareBytewise } from "../../domain/sourcePaths.js"
import { Hasher } from "../../ports/Hasher.js"
import { Progress } from "../../ports/Progress.js"
import { TeamLogStore } from "../../ports/TeamLogStore.js"
import { ACROSS_SKILLS, logDbIn } from "./accessLog.js"
import { resolveSkill } from "../skills/index.js"
import { Settings } from "../shared/index.js"
import { skillsInScope } from "../skills/index.js"

/** Local rows read, converted and handed to the store at once: memory stays bounded by one page. */
export const PAGE = 10_000

export interface TeamPushInput {
  readonly skill?: string
  /** Where the rows go, as shown to people (never with a password). */
  readonly to: string
}

export interface TeamPushResult {
  readonly to: string
  readonly machine: string
  readonly user: string
  /**
   * `machine`/`user`: present when a log's rows went under another identity than this machine's and user's
   * (the one recorded at its first push, `pushedAs`, after a host rename; or a log another user wrote);
   * `writer`: that other user's login name.
   */
  readonly skills: ReadonlyArray<{ readonly skill: string; readonly rows: number; readonly added: number; readonly machine?: string; readonly user?: string; readonly writer?: string }>
  /** Local rows read, and how many of them the store did not hold yet. */
  readonly rows: number
  readonly added: number
  /** Rows the store refused for their data (issue 45 item 5): the rest were pushed. */
  readonly rejected: ReadonlyArray<{ readonly skill: string; readonly row_id: string; readonly reason: string }>
}

/**
 * The hash a push numbers rows with, and this machine and user as the team store knows them: only their hashes
 * leave this machine. `homes`: the homes whose paths the pushed rows write as `~` (`homeAsTilde`), so that no
 * login name leaves in `cwd` or `skill_path` either.
 */
export const pushIdentity = Effect.gen(function* () {
  const { sha256Hex } = yield* Hasher
  const hash = (s: string) => sha256Hex(s)
  const env = yield* Env
  return { hash, who: { machine: identityHash(hash, "machine", env.hostName), user: identityHash(hash, "user", env.userName) }, homes: [env.realHome] }
})

/**
 * `skc sync --to/--team --dry-run`: the local rows a push would offer, per
 * skill, without connecting to the team database (a dry run writes nothing,
 * and reaching the store would already create its tables). Which of them
 * the store holds already is known only by pushing; `added` is absent.
 */
/**
 * The access logs a push reads: of one skill, or of every skill that resolves here and then the global
 * log of cross-skill questions nothing answered (skill `*`, DECISIONS #44), which `stats --all` reports
 * as `unanswered_all`; a skill without a log has none. Before, the global log was never pushed, and a
 * team's `stats --all --team` showed the local machine's unanswered questions as the team's.
 */
export const pushedLogs = (skill: string | undefined) => Effect.flatMap(pushedSkills(skill), (skills) => logsOf(skills, skill === undefined))

/** A skill a push covers: its name and runtime; a stub whose source is gone, with the directory it was deployed from. */
type Pushed = { readonly name: string; readonly runtimeDir: string; readonly canonicalSourceDir?: string; readonly missingSource?: string | undefined }

/** The skills a push covers: one, or every skill that resolves here. */
const pushedSkills = (skill: string | undefined) =>
  skill === undefined ? skillsInScope : Effect.map(resolveSkill(skill), (s): ReadonlyArray<Pushed> => [s])

/**
 * Their logs that exist (with the global log of cross-skill questions when `all`). A log its skill no longer
 * resolves to is pushed too, since its rows are reads no other log holds: a stub whose source is gone (a skill
 * renamed or removed) resolves to a cache directory, while its reads until then are in the runtime it was
 * deployed to; and with `all`, every runtime of the project's and the global store that no skill in scope
 * uses (a renamed skill's old one). Before, those rows were never pushed, and every sync said nothing of them
 * (a team-store probe).
 */
const logsOf = Effect.fnUntraced(function* (skills: ReadonlyArray<Pushed>, all: boolean) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const stubs = skills.flatMap((s) => (s.missingSource !== undefined && s.canonicalSourceDir !== undefined ? [{ name: s.name, runtimeDir: s.canonicalSourceDir }] : []))
  const leftOver = all ? yield* leftOverRuntimes(new Set([...skills, ...stubs].map((s) => s.runtimeDir))) : []
  const scoped = [...skills, ...stubs, ...leftOver, ...(all ? [{ name: ACROSS_SKILLS, runtimeDir: stores.globalDir }] : [])]
  const logs: Array<{ readonly skill: { readonly name: string }; readonly dbFile: string; readonly uid?: number }> = []
  // Each log once, however reached (a stub's directory by its real path, the same runtime by its store's).
  const seen = new Set<string>()
  for (const s of scoped) {
    const dbFile = logDbIn(s.runtimeDir, path)
    const info = yield* fs.statOption(dbFile).pipe(unseenAs(undefined))
    if (info?.type !== "file") continue
    const real = yield* fs.realPath(dbFile).pipe(unseenAs(dbFile))
    if (seen.has(real)) continue
    seen.add(real)
    logs.push({ skill: s, dbFile, ...(info.uid === undefined ? {} : { uid: info.uid }) })
  }
  return logs
})

/** The runtime directories of the project's and the global store that none of `used` is, by their names. */
const leftOverRuntimes = Effect.fnUntraced(function* (used: ReadonlySet<string>) {
  const fs = yield* FileSystem
  const path = yield* Path
  const { stores } = yield* Settings
  const out: Array<{ readonly name: string; readonly runtimeDir: string }> = []
  for (const store of [stores.projectRuntime, stores.globalRuntime]) {
    if (store === undefined) continue
    // Recovery: a store that cannot be listed has no left-over log to offer.
    const entries = yield* fs.readDir(store).pipe(Effect.orElseSucceed(() => []))
    for (const { name } of [...entries].filter((e) => e.type === "directory").sort((a, b) => compareBytewise(a.name, b.name))) {
      const runtimeDir = path.join(store, name)
      if (!used.has(runtimeDir)) out.push({ name, runtimeDir })
    }
  }
  return out
})

/**
 * Whom a log's rows are pushed as: the user who wrote the log (its file's owner) when that is another
 * user with a name, else this user. The rows' ids hash that identity (src/domain/teamRows.ts), so an
 * operator's `sudo skc sync --team` over a team server's logs, which the server's `--log-to` already
 * pushed, gave every row a second id: 828 rows stored twice (a probe), every count doubled.
 */
export const writerIdentity = Effect.gen(function* () {
  const { hash, who } = yield* pushIdentity
  const env = yield* Env
  return (uid: number | undefined): { readonly machine: string; readonly user: string; readonly writer?: string } => {
    const other = uid === undefined ? undefined : env.otherUserName(uid)
    return other === undefined ? who : { machine: who.machine, user: identityHash(hash, "user", other), writer: other }
  }
})

/** The file beside a log that records whom its rows were first pushed as (`pushedAs`). */
export const PUSHED_AS_FILE = "team-identity.json"

type PushIdentity = { readonly machine: string; readonly user: string; readonly writer?: string }

const HASH16 = /^[0-9a-f]{16}$/

/**
 * Whom a log's rows are pushed as: the identity recorded beside it at its first push, else `computed`
 * (this machine, the log's writer), recorded now. A row's id hashes that identity, so a log must keep it:
 * a laptop whose host name changes (macOS renames it between networks), a home or project on NFS used
 * from two hosts, or a runtime `chown`ed to the server's user, pushed every row again under new ids,
 * every read counted twice (a probe: 439 rows stored 878 times). Logs pushed before the record existed
 * get the identity they were pushed as when the host and the owner are unchanged. A record that cannot
 * be written (a read-only runtime) leaves the push as it was: computed each time.
 */
export const pushedAs = Effect.fnUntraced(function* (dbFile: string, computed: PushIdentity) {
  const fs = yield* FileSystem
  const path = yield* Path
  const file = path.join(path.dirname(dbFile), PUSHED_AS_FILE)
  // Recovery: a record that is missing, unreadable or not skc's is no record; it is written anew below.
  const text = yield* fs.readFileString(file).pipe(Effect.orElseSucceed(() => undefined))
  if (text !== undefined) {
    try {
      const r = JSON.parse(text) as { machine?: unknown; user?: unknown; writer?: unknown }
      if (typeof r.machine === "string" && HASH16.test(r.machine) && typeof r.user === "string" && HASH16.test(r.user)) {
        return { machine: r.machine, user: r.user, ...(typeof r.writer === "string" ? { writer: r.writer } : {}) } satisfies PushIdentity
      }
    } catch {
      // not JSON: written anew
    }
  }
  // Recovery: where the record cannot be written, each push computes the identity, as before it existed.
  yield* fs.writeFileAtomic(file, `${JSON.stringify({ machine: computed.machine, user: computed.user, ...(computed.writer === undefined ? {} : { writer: computed.writer }) })}\n`).pipe(Effect.ignore)
  return computed
})

export const teamPushPlan = Effect.fn("skc.teamPushPlan")(function* (input: TeamPushInput) {
  const log = yield* AccessLog
  const { who } = yield* pushIdentity
  const planned: Array<{ readonly skill: string; readonly rows: number }> = []
  for (const { skill, dbFile } of yield* pushedLogs(input.skill)) {
    const first = yield* log.readPage(dbFile, 0, 1).pipe(
      Effect.mapError((e) => new InternalError({ message: `cannot read ${dbFile}: ${e.code}: ${e.message}`, cause: e }))
    )
    planned.push({ skill: skill.name, rows: first.total ?? first.rows.length })
  }
  const result: TeamPushPlan = { dry_run: true, to: input.to, ...who, skills: planned, rows: planned.reduce((n, s) => n + s.rows, 0) }
  return result
})

/** What `teamPushPlan` found: the rows each skill's log would offer the store. */
export interface TeamPushPlan {
  readonly dry_run: true
  readonly to: string
  readonly machine: string
  readonly user: string
  readonly skills: ReadonlyArray<{ readonly skill: string; readonly rows: number }>
  readonly rows: number
}

export const teamPush = Effect.fn("skc.teamPush")(
  function* (input: TeamPushInput) {
    const log = yield* AccessLog
    const store = yield* TeamLogStore
    const { hash, who, homes } = yield* pushIdentity
    const writerOf = yield* writerIdentity
    const progress = yield* Progress
    const pushed: Array<TeamPushResult["skills"][number]> = []
    const rejected: Array<TeamPushResult["rejected"][number]> = []
    const skills = yield* pushedSkills(input.skill)
    for (const { skill, dbFile, uid } of yield* logsOf(skills, input.skill === undefined)) {
      // Read, converted and sent page by page (local id order): one page of rows in memory at a
      // time, the next page read while the store stores the previous one.
      const writer = yield* pushedAs(dbFile, writerOf(uid))
      const convert = teamRowConverter(hash, writer, { homes })
      let started = false
      let after = 0
      let total = 0
      let rows = 0
      let done = false
      const next = Effect.gen(function* () {
        if (done) return undefined
        // A local log that cannot be read is said as this machine's (its file named), never as the team database's:
        // a damaged logs.db read "cannot reach team database …: SQLITE_NOTADB" and sent its owner to the network
        // (a team probe).
        const page = yield* log
          .readPage(dbFile, after, PAGE)
          .pipe(Effect.mapError((e) => new InternalError({ message: `cannot push: cannot read access log '${e.path}': ${e.code}: ${e.message}`, cause: e })))
        if (page.total !== undefined) total = page.total
        if (!started) {
          // Rows sent of this skill's log, on a terminal (the CLI's stderr indicator; silent elsewhere).
          progress.start(`Pushing ${skill.name}`, total, "rows")
          started = true
        }
        after = page.last
        rows += page.rows.length
        done = page.rows.length < PAGE
        return page.rows.length === 0 ? undefined : convert(page.rows)
      })
      const added = yield* store
        .pushFrom(next, {
          onBatch: (sent) => Effect.sync(() => progress.update(sent)),
          onRejected: (row_id, reason) => void rejected.push({ skill: skill.name, row_id, reason })
        })
        .pipe(Effect.ensuring(Effect.sync(() => (started ? progress.stop() : undefined))))
      // The identity the rows went under, where it is not this machine's and user's: the push printed the
      // current host's hash after a rename while every row carried the recorded one, and `stats --machine
      // <printed hash>` found nothing.
      pushed.push({
        skill: skill.name,
        rows,
        added,
        ...(writer.machine === who.machine ? {} : { machine: writer.machine }),
        ...(writer.user === who.user && writer.writer === undefined ? {} : { user: writer.user }),
        ...(writer.writer === undefined ? {} : { writer: writer.writer })
      })
    }
    // A sandboxed agent's reads waiting in the cwd's fallback logs are not in the skills' logs yet, so not
    // pushed: said (the push reported "0 new rows" and nothing else), with the step that brings them in.
    for (const u of yield* unsyncedRows(skills.map((s) => s.name))) {
      const [rows, are, them] = u.rows === 1 ? ["1 access-log row", "is", "it"] : [`${u.rows} access-log rows`, "are", "them"]
      yield* warn(Warning.notice(`${rows} in ${u.dir} ${are} not pushed: 'skc sync' moves ${them} into the skill's log, then 'skc sync --to' pushes ${them}`))
    }
    const result: TeamPushResult = {
      to: input.to,
      ...who,
      skills: pushed,
      rows: pushed.reduce((n, s) => n + s.rows, 0),
      added: pushed.reduce((n, s) => n + s.added, 0),
      rejected
    }
    return result
  },
  (effect, input) =>
    effect.pipe(
      Effect.catchTag("LogStoreError", (e) =>
        // The store's answer with its usual hint (a missing privilege names the ones a push needs), the URL once.
        Effect.fail(new InternalError({ message: `cannot push: ${teamStoreFailureText(input.to, e.code, e.message)}`, cause: e }))
      )
    )
)
