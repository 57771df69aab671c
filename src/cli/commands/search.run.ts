// Handler of `skc search`, shared by the @effect/cli command and the fast path.
import { Effect, Option } from "effect"
import { decodeInput, defined, flagLabel } from "../../app/decodeInput.js"
import { checkFormat, json, runWithLive, write } from "../runtime.js"

export interface SearchFlags {
  readonly skill: string
  readonly query: string
  readonly limit: Option.Option<number>
  readonly format: string
  readonly verbose: boolean
}

export const runSearch = (o: SearchFlags) =>
  runWithLive(
    { verbose: o.verbose },
    Effect.gen(function* () {
      const format = yield* checkFormat(o.format, ["text", "json"] as const)
      const [{ search, SearchInput, searchLogArgs }, { SqliteSearchIndexLive }, { renderSearchText }] = yield* Effect.promise(() =>
        Promise.all([import("../../app/search.js"), import("../../adapters/sqlite/SqliteSearchIndex.js"), import("../render/search.js")])
      )
      const input = yield* decodeInput(SearchInput, { label: flagLabel })(defined({ skill: o.skill, query: o.query, limit: Option.getOrUndefined(o.limit) }))
      const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
      // RFC-0004:C-LOGGING: {query, result_count}, the same args as skc_search.
      const result = yield* search(input).pipe(
        Effect.provide(SqliteSearchIndexLive),
        logged("search", input.skill, (o) => searchLogArgs(input, o._tag === "Success" ? o.value : undefined))
      )
      return yield* write(format === "json" ? json(result) : renderSearchText(result))
    })
  )
