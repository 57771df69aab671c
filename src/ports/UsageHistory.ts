/**
 * What the access log (RFC-0007:C-LOGGING, `<runtime>/.skillc-meta/logs.db`,
 * table `access_log`) says about when a skill was last used. Read-only: the
 * activation model's recency boost needs nothing else, and reading must
 * never create, lock or migrate a database.
 */
import { Context, Effect } from "effect"

export interface UsageHistoryService {
  /**
   * Epoch milliseconds of the newest agent read (`outline`, `show`, `open`,
   * `sources`, `search`; never the author's `build`, `lint`, `stats`) of `skill` in the
   * database at `dbPath`; `undefined` when there is none, or the file is
   * missing, unreadable or not an access log (recency is a hint, never an error).
   */
  readonly lastAccess: (dbPath: string, skill: string) => Effect.Effect<number | undefined>
}

export class UsageHistory extends Context.Service<UsageHistory, UsageHistoryService>()("skillc/UsageHistory") {}

/** No history at all: for embedders and tests that do not care about recency. */
export const noUsageHistory: UsageHistoryService = { lastAccess: () => Effect.succeed(undefined) }

/** A fixed table `dbPath → skill → ms`, for tests. */
export const fixedUsageHistory = (table: Readonly<Record<string, Readonly<Record<string, number>>>>): UsageHistoryService => ({
  lastAccess: (dbPath, skill) => Effect.succeed(table[dbPath]?.[skill])
})
