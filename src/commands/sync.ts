/** `skc sync` (RFC-0007:C-SYNC). */
import { Effect, Option } from "effect"
import { renderError } from "../domain/errors.js"
import { printJson, printText } from "./output.js"
import { arg, common, defineCommand, flag } from "./spec.js"

export const syncCommand = defineCommand({
  name: "sync",
  summary: [
    "Merge fallback access logs (.skillc/logs/, written when the runtime directory",
    "was read-only, e.g. in a sandbox) into each skill's primary log."
  ],
  examples: [
    "skc sync                      # every skill under ./.skillc/logs/",
    "skc sync my-skill --dry-run   # what would be synced, nothing written",
    "skc sync --project ~/code/webapp"
  ],
  args: { skill: arg.optional("skill", "Only this skill's local logs.") },
  flags: {
    project: flag.text("project", "Sync from this project directory instead of the current one."),
    dryRun: flag.boolean("dry-run", "Show what would be synced without writing or deleting."),
    ...common()
  },
  load: async () => {
    const [{ sync }, { renderSync, syncJson }] = await Promise.all([import("../app/sync.js"), import("../render/sync.js")])
    return {
      fromFlags: (o) => Effect.succeed({ skill: Option.getOrUndefined(o.skill), project: Option.getOrUndefined(o.project), dry_run: o.dryRun }),
      run: (input) => sync(input),
      text: (result) => renderSync(result),
      json: (result) => syncJson(result),
      // Successes go to stdout; each failed skill is an error line on stderr and the command
      // fails (exit 1) with the last one, printed by the CLI (RFC-0007:C-SYNC partial failure).
      emit: (result, ctx) =>
        Effect.gen(function* () {
          yield* ctx.format === "json" ? printJson(syncJson(result)) : printText(renderSync(result))
          const failures = result.failed.map((f) => f.error)
          const last = failures.at(-1)
          if (last === undefined) return
          for (const e of failures.slice(0, -1)) process.stderr.write(renderError(e) + "\n")
          return yield* Effect.fail(last)
        })
    }
  }
})
