// Handler of `skc init`, shared by the @effect/cli command and the fast path.
import { Effect, Option } from "effect"
import { checkFormat, json, runWithLive, write } from "../runtime.js"

export interface InitFlags {
  readonly name: Option.Option<string>
  readonly global: boolean
  readonly format: string
  readonly verbose: boolean
}

export const runInit = (o: InitFlags) =>
  runWithLive(
    { verbose: o.verbose },
    Effect.gen(function* () {
      const format = yield* checkFormat(o.format, ["text", "json"] as const)
      const { init } = yield* Effect.promise(() => import("../../app/init.js"))
      const result = yield* init({ name: Option.getOrUndefined(o.name), global: o.global })
      if (format === "json") return yield* write(json(result))
      const { renderInit } = yield* Effect.promise(() => import("../render/init.js"))
      return yield* write(renderInit(result))
    })
  )
