import { Args, Command, Options } from "@effect/cli"
import { formatOption, positional, verboseOption } from "../shared.js"
import { runSync } from "./sync.run.js"

export const syncConfig = {
  skill: positional("skill", "Only this skill's local logs.").pipe(Args.optional),
  project: Options.text("project").pipe(Options.withDescription("Sync from this project directory instead of the current one."), Options.optional),
  dryRun: Options.boolean("dry-run").pipe(Options.withDescription("Show what would be synced without writing or deleting.")),
  format: formatOption(),
  verbose: verboseOption
}

export const syncCommand = Command.make("sync", syncConfig, runSync).pipe(
  Command.withDescription(
    [
      "Merge fallback access logs (.skillc/logs/, written when the runtime directory",
      "was read-only, e.g. in a sandbox) into each skill's primary log.",
      "",
      "Examples:",
      "  skc sync                      # every skill under ./.skillc/logs/",
      "  skc sync my-skill --dry-run   # what would be synced, nothing written",
      "  skc sync --project ~/code/webapp"
    ].join("\n")
  )
)
