// Handler of `skc search`, shared by the @effect/cli command and the fast path.
import { Effect, Option } from "effect"
import { decodeInput, defined, flagLabel } from "../../app/decodeInput.js"
import { InvalidOption } from "../../domain/errors.js"
import { checkFormat, json, runWithLive, write } from "../runtime.js"

export interface SearchFlags {
  /** The skill, or with `--all` the query (the only positional then). */
  readonly skill: string
  readonly query: Option.Option<string>
  readonly limit: Option.Option<number>
  readonly all: boolean
  /** `--skill a,b`: with --all, the skills to search. */
  readonly skills: Option.Option<string>
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
      const across = o.all || Option.isSome(o.skills)
      if (across && Option.isSome(o.query)) {
        return yield* Effect.fail(new InvalidOption({ message: "--all takes only the query: skc search --all <query>" }))
      }
      if (!across && Option.isNone(o.query)) {
        return yield* Effect.fail(new InvalidOption({ message: "missing query: skc search <skill> <query>, or skc search --all <query>" }))
      }
      const skills = Option.map(o.skills, (s) => s.split(",").map((x) => x.trim()).filter((x) => x.length > 0))
      const input = yield* decodeInput(SearchInput, { label: flagLabel })(
        defined(
          across
            ? { query: o.skill, limit: Option.getOrUndefined(o.limit), skills: Option.getOrUndefined(skills) }
            : { skill: o.skill, query: Option.getOrThrow(o.query), limit: Option.getOrUndefined(o.limit) }
        )
      )
      const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
      // RFC-0004:C-LOGGING: {query, result_count}, the same args as skc_search; across skills the use case logs one row per skill.
      const skill = input.skill
      const result = yield* (
        skill === undefined
          ? search(input)
          : search(input).pipe(logged("search", skill, (r) => searchLogArgs(input, r._tag === "Success" ? r.value : undefined)))
      ).pipe(Effect.provide(SqliteSearchIndexLive))
      return yield* write(format === "json" ? json(result) : renderSearchText(result, skill === undefined ? {} : { skill }))
    })
  )
