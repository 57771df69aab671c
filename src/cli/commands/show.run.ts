// Handler of `skc show`, shared by the @effect/cli command and the fast path.
import { Effect, Option } from "effect"
import { InvalidOption } from "../../domain/errors.js"
import { decodeInput, defined, flagLabel } from "../../app/decodeInput.js"
import { checkFormat, json, runWithLive, write } from "../runtime.js"

export interface ShowFlags {
  readonly skill: string
  readonly section: Option.Option<string>
  readonly file: Option.Option<string>
  readonly maxLines: Option.Option<number>
  readonly format: string
  readonly verbose: boolean
}

export const runShow = (o: ShowFlags) =>
  runWithLive(
    { verbose: o.verbose },
    Effect.gen(function* () {
      const format = yield* checkFormat(o.format, ["text", "json"] as const)
      if (Option.isNone(o.section)) {
        return yield* Effect.fail(new InvalidOption({ message: "missing required option --section" }))
      }
      const [{ show, ShowInput, showLogArgs }, { SqliteSearchIndexLive }, { renderShowText }] = yield* Effect.promise(() =>
        Promise.all([import("../../app/show.js"), import("../../adapters/sqlite/SqliteSearchIndex.js"), import("../render/show.js")])
      )
      const input = yield* decodeInput(ShowInput, { label: flagLabel })(
        defined({ skill: o.skill, section: o.section.value, file: Option.getOrUndefined(o.file), max_lines: Option.getOrUndefined(o.maxLines) })
      )
      const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
      // DECISIONS #18, the same args as skc_show: the heading and file shown, or what was asked for.
      const result = yield* show(input).pipe(
        Effect.provide(SqliteSearchIndexLive),
        logged("show", input.skill, (o) => showLogArgs(input, o._tag === "Success" ? o.value : undefined))
      )
      return yield* write(format === "json" ? json(result) : renderShowText(result))
    })
  )
