/**
 * `skc mcp --http --log-to <postgres-url>` (issue 49 item 3): the access
 * rows a server writes reach the team store as they happen, so replicas
 * share one log without a sync step.
 *
 * The local log stays the source of truth (RFC-0000, issue 18): every call
 * writes its row there as always, and the server pushes what each served
 * skill's log gained since its last push, in batches (one every couple of
 * seconds while calls come in), with the push of `skc sync --to`
 * (src/app/usage/teamPush.ts): the same row ids (machine and user hashes,
 * every column, the occurrence number of a repeated row), the same `ON
 * CONFLICT (row_id) DO NOTHING`. So:
 *
 * - at-least-once: a row is pushed until a push of it commits; sent twice
 *   (a replica and `skc sync --to` over the same log), it is stored once;
 * - the local log is the fallback: with the database down the rows stay
 *   where they were written, and the next push — or `skc sync --to` — sends
 *   them;
 * - one page of rows in memory at a time, as the push; what is kept between
 *   pushes is, per log, the local id last pushed and the converter's memory
 *   of the rows seen in the last hour of the log (one short hash per
 *   distinct row, docs/team.md), so that a repeated row gets the occurrence
 *   number a full push gives it, and a server that runs for months does not
 *   keep a hash of every row it ever pushed (domain/teamRows.ts).
 *   After a failed push that state is dropped and the next push reads the
 *   log from its start (idempotent, as a rerun of `sync --to` is);
 * - a log replaced while the server runs (a corrupt one moved aside and
 *   recreated, an operator clearing the runtime) numbers its rows from 1
 *   again: each push first reads the row at the id it last pushed, and when
 *   that row is gone or another, reads the log from its start. Before, the
 *   replaced log's rows up to the old id were never pushed (fifty-first pass).
 */
import { Effect } from "effect"
import { teamRowConverter } from "../../domain/teamRows.js"
import { AccessLog } from "../../ports/AccessLog.js"
import { TeamLogStore } from "../../ports/TeamLogStore.js"
import { PAGE, pushedAs, pushedLogs, pushIdentity, writerIdentity } from "./teamPush.js"

/** Identical rows share a timestamp: a row this much older than the newest pushed cannot recur (teamRowConverter). */
const FORGET_AFTER_MS = 60 * 60_000

/** What a server remembers of each log between pushes. */
export interface LivePushState {
  readonly logs: Map<string, PushedLog>
}

/** Of one log: the local id last pushed, that row as pushed (to know the log is still the same), the converter. */
interface PushedLog {
  readonly after: number
  readonly lastRow: string | undefined
  readonly convert: ReturnType<typeof teamRowConverter>
}

export const makeLivePushState = (): LivePushState => ({ logs: new Map() })

/** Push the rows each skill in scope's log gained since the last push; how many the store did not hold yet. */
export const pushNewRows = Effect.fn("skc.pushNewRows")(function* (state: LivePushState) {
  const log = yield* AccessLog
  const store = yield* TeamLogStore
  const { hash, homes } = yield* pushIdentity
  const writerOf = yield* writerIdentity
  let added = 0
  let rows = 0
  let rejected = 0
  const reasons = new Map<string, number>()
  // Every served skill's log and the global log of cross-skill questions nothing answered, as `sync --to` pushes them.
  for (const { dbFile, uid } of yield* pushedLogs(undefined)) {
    // A log's identity is read (its record beside it) only when the log is read from its start, not every push.
    const fresh = Effect.map(pushedAs(dbFile, writerOf(uid)), (who): PushedLog => ({
      after: 0,
      lastRow: undefined,
      convert: teamRowConverter(hash, who, { forgetAfterMs: FORGET_AFTER_MS, homes })
    }))
    let kept = state.logs.get(dbFile) ?? (yield* fresh)
    if (kept.after > 0) {
      // The row last pushed, read again: gone or another, the log was replaced and is read from its start.
      const probe = yield* log.readPage(dbFile, kept.after - 1, 1).pipe(
        // Recovery: a log that cannot be read now is read from its start next (pushing again is idempotent).
        Effect.orElseSucceed(() => undefined)
      )
      if (probe === undefined || probe.last !== kept.after || probe.rows.length !== 1 || JSON.stringify(probe.rows[0]) !== kept.lastRow) kept = yield* fresh
    }
    let after = kept.after
    let lastRow = kept.lastRow
    let done = false
    const next = Effect.gen(function* () {
      if (done) return undefined
      const page = yield* log.readPage(dbFile, after, PAGE)
      done = page.rows.length < PAGE
      if (page.rows.length === 0) return undefined
      after = page.last
      lastRow = JSON.stringify(page.rows[page.rows.length - 1])
      rows += page.rows.length
      return kept.convert(page.rows)
    })
    let refused = 0
    const pushed = yield* store
      .pushFrom(next, {
        onBatch: () => Effect.void,
        onRejected: (_rowId, reason) => {
          refused++
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
        }
      })
      .pipe(
        // A push that failed part-way: the next one starts this log afresh (the converter saw rows that were not stored).
        Effect.tapError(() => Effect.sync(() => state.logs.delete(dbFile)))
      )
    // Rows the store refused for their data (a constraint, a conflicting id) are not passed over: the next push
    // reads this log from its start again (stored rows are skipped by their ids), so a row refused while a
    // constraint stood is stored once it is lifted. Before, the push moved past them and only `sync --to` sent them.
    if (refused > 0) state.logs.delete(dbFile)
    else state.logs.set(dbFile, { after, lastRow, convert: kept.convert })
    rejected += refused
    added += pushed
  }
  return { rows, added, rejected, reasons: [...reasons].map(([reason, count]) => ({ reason, count })) }
})
