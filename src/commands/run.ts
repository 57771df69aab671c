/** `skc run` (tool skills, docs/tool-skills.md §4). */
import { Effect, Layer, Option, Schema } from "effect"
import { InvalidOption, UsageError } from "../domain/errors.js"
import { printJson, printRaw, printStderr } from "./output.js"
import { arg, common, defineCommand, flag } from "./spec.js"
import { ProcessRunnerLive, PrompterLive } from "../layers.js"

export const runCommand = defineCommand({
  name: "run",
  summary: [
    "Run one tool of a tool skill: program + args, never a shell; sanitised environment; timeout.",
    "Exit status 0 when the tool succeeded, 1 otherwise; --format json gives the tool's own exit_code."
  ],
  examples: [
    "skc run git git_log --arg count=5",
    "skc run git git_diff --json '{\"staged\": true}'",
    "skc run deploy deploy_preview --arg message='ship it' --yes --format json"
  ],
  args: { skill: arg.one("skill", "Skill name or path."), tool: arg.one("tool", "Tool name.") },
  flags: {
    arg: flag.repeated("arg", "An argument as name=value (repeat an array parameter to add elements)."),
    json: flag.text("json", "Arguments as a JSON object."),
    mode: flag.text("mode", "Context mode (default Global when the skill supports it).", { choices: ["Global", "Dev", "Meeting"] }),
    timeout: flag.integer("timeout", "Timeout in seconds (1-300), overriding the skill's."),
    yes: flag.boolean("yes", "Run without asking for confirmation.", "y"),
    ...common()
  },
  load: async () => {
    const [{ run, RunInput, runLogArgs, CANCELLED_EXIT }, { renderRunOutput }] = await Promise.all([
      import("../app/tools/run.js"),
      import("../render/tools.js")
    ])
    return {
      input: RunInput,
      fromFlags: (o) =>
        Effect.gen(function* () {
          const args = Option.isNone(o.json)
            ? undefined
            : yield* Effect.try({
                try: () => JSON.parse(o.json.pipe(Option.getOrThrow)) as unknown,
                catch: (e) => new UsageError({ message: `--json is not valid JSON: ${(e as Error).message}` })
              })
          return yield* Schema.decodeUnknownEffect(RunInput)({
            skill: o.skill,
            tool: o.tool,
            ...(args !== undefined ? { args } : {}),
            arg_pairs: o.arg,
            ...(Option.isSome(o.mode) ? { mode: o.mode.value } : {}),
            ...(Option.isSome(o.timeout) ? { timeout: o.timeout.value } : {}),
            yes: o.yes
          }).pipe(Effect.mapError(() => new InvalidOption({ message: `--timeout must be a whole number of seconds from 1 to 300` })))
        }),
      run: (input) => run(input).pipe(Effect.provide(Layer.merge(ProcessRunnerLive, PrompterLive))),
      // RFC-0007:C-LOGGING: `run` resolves a skill, so it writes its row (DECISIONS #17).
      // Stopped by a signal while its program ran: still a row, as cancelled (RFC-0007:C-LOGGING).
      log: { args: (input, result) => runLogArgs(input.tool, result?.envelope), interrupted: (input) => runLogArgs(input.tool, { exit_code: CANCELLED_EXIT }) },
      text: (result) => renderRunOutput(result),
      emit: (result, ctx) =>
        Effect.gen(function* () {
          const env = result.envelope
          if (ctx.format === "json") yield* printJson(env)
          // The tool's output exactly as it came (no newline added).
          else if (env.output.length > 0) yield* printRaw(renderRunOutput(result))
          if (!env.success) yield* printStderr(`error: ${env.error}`)
        }),
      // RFC-0005: one exit status for every failure; the envelope keeps the tool's own code.
      exitStatus: (result) => (result.envelope.success ? 0 : 1)
    }
  }
})
