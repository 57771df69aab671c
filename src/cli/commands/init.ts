import { Args, Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { checkFormat, formatOption, json, positional, runWithLive, verboseOption, write } from "../shared.js"

export const initCommand = Command.make(
  "init",
  {
    name: positional("name", "Skill name to create (lowercase letters, digits, hyphens).").pipe(Args.optional),
    global: Options.boolean("global").pipe(Options.withDescription("Create the skill in the global store (~/.skillc/skills).")),
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
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
).pipe(
  Command.withDescription(
    [
      "Initialize a skillc project, or create a skill from the minimal template.",
      "",
      "Examples:",
      "  skc init                      # create .skillc/skills/ in this directory",
      "  skc init my-skill             # create .skillc/skills/my-skill/SKILL.md",
      "  skc init my-skill --global    # create ~/.skillc/skills/my-skill/SKILL.md"
    ].join("\n")
  )
)
