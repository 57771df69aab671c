import { Command } from "@effect/cli"
import { Effect } from "effect"
import { checkFormat, formatOption, json, positional, runWithLive, verboseOption, write } from "../shared.js"

export const approveCommand = Command.make(
  "approve",
  { skill: positional("skill", "Skill name or path (of a project or global store)."), format: formatOption(), verbose: verboseOption },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const { approve } = yield* Effect.promise(() => import("../../app/approve.js"))
        const { renderApprove } = yield* Effect.promise(() => import("../render/tools.js"))
        const result = yield* approve({ skill: o.skill })
        return yield* write(format === "json" ? json(result) : renderApprove(result))
      })
    )
).pipe(
  Command.withDescription(
    [
      "Approve a tool skill's current SKILL.md and the skill files its tools run (one sha256 in ~/.skillc/approvals.json).",
      "A change to SKILL.md or to one of those files needs approval again.",
      "",
      "Examples:",
      "  skc approve git",
      "  skc approve git --format json"
    ].join("\n")
  )
)
