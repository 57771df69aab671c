import { Command, Options } from "@effect/cli"
import { Effect, Option } from "effect"
import { checkFormat, formatOption, json, positional, runWithLive, verboseOption, write } from "../shared.js"

export const toolsCommand = Command.make(
  "tools",
  {
    skill: positional("skill", "Skill name or path."),
    mode: Options.text("mode").pipe(Options.withDescription("Context mode: Global, Dev or Meeting (default Global)."), Options.optional),
    format: formatOption(["text", "json", "prompt"]),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json", "prompt"] as const)
        const { tools } = yield* Effect.promise(() => import("../../app/tools.js"))
        const render = yield* Effect.promise(() => import("../render/tools.js"))
        const result = yield* tools({ skill: o.skill, mode: Option.getOrUndefined(o.mode) })
        if (format === "json") return yield* write(json(result))
        if (format === "prompt") return yield* write(render.renderToolsPrompt(result))
        return yield* write(render.renderTools(result))
      })
    )
).pipe(
  Command.withDescription(
    [
      "List the tools a tool skill declares (### tool_name blocks), with their parameters.",
      "",
      "Examples:",
      "  skc tools git                     # tools and parameters",
      "  skc tools git --mode Dev          # only if the skill supports the Dev mode",
      "  skc tools git --format json       # function-calling definitions (JSON Schema parameters)",
      "  skc tools git --format prompt     # the [Skills] manifest text for a system prompt"
    ].join("\n")
  )
)
