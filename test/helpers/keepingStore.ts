/**
 * A team store in memory (the TeamLogStore port): every row it is sent, by `row_id`, as PostgreSQL's `ON
 * CONFLICT (row_id) DO NOTHING` keeps them. For the push use cases in process (`sync --to`, the live push).
 */
import { Effect, Layer } from "effect"
import { TeamLogStore, type TeamLogRow, type TeamLogStoreService } from "../../src/ports/TeamLogStore.js"

/** `refuse`: rows the store refuses for their data (a constraint), with its reason, as PostgreSQL reports one per row. */
export const keepingStore = (refuse?: (row: TeamLogRow) => string | undefined) => {
  const rows = new Map<string, TeamLogRow>()
  const service: TeamLogStoreService = {
    push: (batch) => Effect.sync(() => batch.filter((r) => !rows.has(r.row_id) && rows.set(r.row_id, r)).length),
    pushFrom: (next, options) =>
      Effect.gen(function* () {
        let added = 0
        let sent = 0
        for (let batch = yield* next; batch !== undefined; batch = yield* next) {
          for (const r of batch) {
            const refused = refuse?.(r)
            if (refused !== undefined) options?.onRejected?.(r.row_id, refused)
            else if (!rows.has(r.row_id)) rows.set(r.row_id, r), added++
          }
          sent += batch.length
          if (options?.onBatch) yield* options.onBatch(sent, sent)
        }
        return added
      }),
    aggregate: () => Effect.die("not used"),
    count: Effect.sync(() => rows.size)
  }
  return { rows, layer: Layer.succeed(TeamLogStore, service) }
}
