import { Command, Options } from "@effect/cli"
import { Effect, Layer, Option, Schema } from "effect"
import { UsageError } from "../../domain/errors.js"
import { checkFormat, formatOption, json, positional, runWithLive, setExitStatus, verboseOption, write } from "../shared.js"

export const runCommand = Command.make(
  "run",
  {
    skill: positional("skill", "Skill name or path."),
    tool: positional("tool", "Tool name."),
    arg: Options.text("arg").pipe(Options.withDescription("An argument as name=value (repeat; repeat an array parameter to add elements)."), Options.repeated),
    json: Options.text("json").pipe(Options.withDescription("Arguments as a JSON object."), Options.optional),
    mode: Options.text("mode").pipe(Options.withDescription("Context mode: Global, Dev or Meeting."), Options.optional),
    timeout: Options.integer("timeout").pipe(Options.withDescription("Timeout in seconds (1-300), overriding the skill's."), Options.optional),
    yes: Options.boolean("yes").pipe(Options.withAlias("y"), Options.withDescription("Run without asking for confirmation.")),
    format: formatOption(),
    verbose: verboseOption
  },
  (o) =>
    runWithLive(
      { verbose: o.verbose },
      Effect.gen(function* () {
        const format = yield* checkFormat(o.format, ["text", "json"] as const)
        const [{ run, RunInput }, { NodeProcessRunnerLive }, { makeNodePrompter }, { Prompter }, { InvalidOption }] = yield* Effect.promise(() =>
          Promise.all([
            import("../../app/run.js"),
            import("../../adapters/node/NodeProcessRunner.js"),
            import("../../adapters/node/NodePrompter.js"),
            import("../../ports/Prompter.js"),
            import("../../domain/errors.js")
          ])
        )
        let args: unknown = undefined
        if (Option.isSome(o.json)) {
          try {
            args = JSON.parse(o.json.value)
          } catch (e) {
            return yield* Effect.fail(new UsageError({ message: `--json is not valid JSON: ${(e as Error).message}` }))
          }
        }
        const input = yield* Schema.decodeUnknown(RunInput)({
          skill: o.skill,
          tool: o.tool,
          ...(args !== undefined ? { args } : {}),
          arg_pairs: o.arg,
          ...(Option.isSome(o.mode) ? { mode: o.mode.value } : {}),
          ...(Option.isSome(o.timeout) ? { timeout: o.timeout.value } : {}),
          yes: o.yes
        }).pipe(Effect.mapError(() => new InvalidOption({ message: `--timeout must be a whole number of seconds from 1 to 300` })))
        const result = yield* run(input).pipe(
          Effect.provide(Layer.merge(NodeProcessRunnerLive, Layer.succeed(Prompter, makeNodePrompter())))
        )
        const { renderRunOutput } = yield* Effect.promise(() => import("../render/tools.js"))
        const env = result.envelope
        if (format === "json") yield* write(json(env))
        else if (env.output.length > 0) yield* Effect.sync(() => void process.stdout.write(renderRunOutput(result)))
        if (!env.success) {
          yield* Effect.sync(() => void process.stderr.write(`error: ${env.error}\n`))
          // RFC-0005: one exit status for every failure; the envelope keeps the tool's own code.
          yield* setExitStatus(1)
        }
      })
    )
).pipe(
  Command.withDescription(
    [
      "Run one tool of a tool skill: program + args, never a shell; sanitised environment; timeout.",
      "Exit status 0 when the tool succeeded, 1 otherwise; --format json gives the tool's own exit_code.",
      "",
      "Examples:",
      "  skc run git git_log --arg count=5",
      "  skc run git git_diff --json '{\"staged\": true}'",
      "  skc run deploy deploy_preview --arg message='ship it' --yes --format json"
    ].join("\n")
  )
)
