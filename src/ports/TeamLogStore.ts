/**
 * The team's log store (issue 18, RFC-0007:C-SYNC): many machines' access-log
 * rows in one shared database, queried with the same views as one machine's
 * log (RFC-0003:C-QUERIES).
 *
 * This widens the local `AccessLog` port rather than duplicating it: the
 * aggregation results are the very same `AggregateRows`, so the stats use
 * case and its renderers work unchanged on either store. What a team store
 * adds is who a row came from (`machine`, `user`: hashes, never names) and a
 * stable `row_id` that makes every push idempotent and resumable.
 *
 * The local SQLite log stays the source of truth (RFC-0000, local-first):
 * pushing never deletes or changes a local row.
 */
import { Context, type Effect } from "effect"
import type { StatsFilters } from "../domain/stats.js"
import type { TeamLogRow } from "../domain/logRows.js"
import type { AggregateRows, GroupBy, LogStoreError } from "./AccessLog.js"

export type { TeamLogRow } from "../domain/logRows.js"

/** The stats filters plus who the rows came from (empty lists: everyone). */
export interface TeamFilters extends StatsFilters {
  readonly machines: ReadonlyArray<string>
  readonly users: ReadonlyArray<string>
  /** Only rows logged for these skill names (absent: every skill). */
  readonly skills?: ReadonlyArray<string>
}

export interface PushOptions {
  /** Rows per batch (each batch is one transaction); the adapter's default when absent. */
  readonly batchSize?: number
  /**
   * Called after each committed batch, before the next batch is sent, with
   * the rows committed so far and the rows in all (`pushFrom`: so far).
   */
  readonly onBatch?: (sent: number, total: number) => Effect.Effect<void>
  /**
   * Issue 45 item 5: a row the store refused for its data (the rest of its
   * batch is stored), with the store's reason. Without it, refused rows are
   * only not counted.
   */
  readonly onRejected?: (rowId: string, reason: string) => void
}

export interface TeamLogStoreService {
  /**
   * Store the rows the team store does not hold yet (by `row_id`) in one
   * transaction; return how many were new. Pushing the same rows twice
   * stores them once.
   */
  readonly push: (rows: ReadonlyArray<TeamLogRow>, options?: PushOptions) => Effect.Effect<number, LogStoreError>
  /**
   * The same, batch by batch from `next` (one batch per call, `undefined`
   * when there are no more): each batch is one transaction, and the store
   * may pull the next batch while the previous one is being stored, so a
   * large log is read, converted and sent in bounded memory and in
   * parallel with the server's work. Returns how many rows were new.
   */
  readonly pushFrom: <E>(
    next: Effect.Effect<ReadonlyArray<TeamLogRow> | undefined, E>,
    options?: Pick<PushOptions, "onBatch" | "onRejected">
  ) => Effect.Effect<number, LogStoreError | E>
  /** The same views as `AccessLogService.aggregate`, over every pushed row passing `filters`. */
  readonly aggregate: (groupBy: GroupBy, filters: TeamFilters) => Effect.Effect<AggregateRows, LogStoreError>
  /** How many rows the store holds (the sync's summary line, the tests). */
  readonly count: Effect.Effect<number, LogStoreError>
}

export class TeamLogStore extends Context.Service<TeamLogStore, TeamLogStoreService>()("skillc/TeamLogStore") {}
