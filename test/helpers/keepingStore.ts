/**
 * A team store in memory (the TeamLogStore port): every row it is sent, by `row_id`, as PostgreSQL's `ON
 * CONFLICT (row_id) DO NOTHING` keeps them. For the push use cases in process (`sync --to`, the live push).
 */
import { Effect, Layer } from "effect"
import { TeamLogStore, type TeamLogRow, type TeamLogStoreService } from "../../src/ports/TeamLogStore.js"

export const keepingStore = () => {
  const rows = new Map<string, TeamLogRow>()
  const service: TeamLogStoreService = {
    push: (batch) => Effect.sync(() => batch.filter((r) => !rows.has(r.row_id) && rows.set(r.row_id, r)).length),
    pushFrom: (next, options) =>
      Effect.gen(function* () {
        let added = 0
        let sent = 0
        for (let batch = yield* next; batch !== undefined; batch = yield* next) {
          for (const r of batch) if (!rows.has(r.row_id)) rows.set(r.row_id, r), added++
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
