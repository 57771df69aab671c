import { Args, Command, Options } from "@effect/cli"
import { Effect, Option, Schema } from "effect"
import { InvalidOption } from "../../domain/errors.js"
import { checkFormat, formatOption, setExitStatus, json, positional, runWithLive, verboseOption, write } from "../shared.js"

const FORMATS = ["text", "json", "sarif"] as const

export const lintCommand = Command.make(
  "lint",
  {
    skill: positional("skill", "Skill name or path to a skill directory (default: every skill of the project).").pipe(Args.optional),
    force: Options.boolean("force").pipe(Options.withDescription("Lint even if the skill is compiled (SKL001).")),
    format: formatOption(FORMATS),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, FORMATS)
        const { LintInput, lintSkills, outcomeJson, hasErrors } = yield* Effect.promise(() => import("../../app/lint.js"))
        const input = yield* Schema.decodeUnknown(LintInput)({
          ...(Option.isSome(o.skill) ? { skill: o.skill.value } : {}),
          force: o.force
        }).pipe(Effect.mapError((e) => new InvalidOption({ message: e.message })))
        const { logged } = yield* Effect.promise(() => import("../../app/accessLog.js"))
        // Logged when it names a skill (DECISIONS #17); `skc lint` over the whole project resolves none.
        const outcome = yield* (input.skill === undefined
          ? lintSkills(input)
          : lintSkills(input).pipe(logged("lint", input.skill, () => ({ force: input.force }))))
        if (format === "json") yield* write(json(outcomeJson(outcome)))
        else if (format === "sarif") {
          const [{ toSarif }, { RULES }, { VERSION }] = yield* Effect.promise(() =>
            Promise.all([import("../../domain/lint/sarif.js"), import("../../domain/lint/registry.js"), import("../version.js")])
          )
          yield* write(json(toSarif({ toolVersion: VERSION, rules: RULES, reports: outcome.reports })))
        } else {
          // DECISIONS #39: diagnostics on stderr, the per-skill summary on stdout.
          const { lintTextParts } = yield* Effect.promise(() => import("../render/lint.js"))
          const colour = process.stderr.isTTY === true && (process.env.NO_COLOR ?? "") === ""
          for (const part of lintTextParts(outcome, colour)) {
            yield* write(part.stdout)
            if (part.stderr.length > 0) yield* Effect.sync(() => void process.stderr.write(part.stderr.join("\n") + "\n"))
          }
        }
        // RFC-0008:C-DIAGNOSTICS: exit 1 iff an error-severity rule fired.
        if (hasErrors(outcome)) yield* setExitStatus(1)
      })
    )
).pipe(
  Command.withDescription(
    [
      "Check skills against the authoring rules (docs/rules.md); exit 1 when an error-severity rule fires.",
      "",
      "Examples:",
      "  skc lint my-skill                    # a skill of the project or global store",
      "  skc lint ./skills/pdf                # any skill directory",
      "  skc lint                             # every skill of the project store",
      "  skc lint my-skill --format sarif > lint.sarif"
    ].join("\n")
  )
)
