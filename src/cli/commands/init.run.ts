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
      if (result.kind === "project") {
        return yield* write(
          result.created ? `Initialized skillc project in ${result.path}` : `skillc project already initialized in ${result.path}`
        )
      }
      return yield* write(`Created ${result.scope} skill '${result.name}' at ${result.path}/SKILL.md`)
    })
  )
