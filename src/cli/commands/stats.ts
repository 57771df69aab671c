import { Command, Options } from "@effect/cli"
import { formatOption, positional, verboseOption } from "../shared.js"
import { runStats } from "./stats.run.js"

/** Exported so the fast-path test can parse with exactly these options. */
export const statsConfig = {
  skill: positional("skill", "Skill name or path."),
  groupBy: Options.text("group-by").pipe(
    Options.withDescription("Aggregation: summary, sections, files, commands, projects, errors, search."),
    Options.withDefault("summary")
  ),
  since: Options.text("since").pipe(Options.withDescription("Only accesses on or after (RFC 3339 or YYYY-MM-DD, UTC)."), Options.optional),
  until: Options.text("until").pipe(Options.withDescription("Only accesses on or before (RFC 3339 or YYYY-MM-DD, UTC)."), Options.optional),
  project: Options.text("project").pipe(
    Options.withDescription("Only accesses from this directory or below (repeatable; any of them matches)."),
    Options.repeated
  ),
  format: formatOption(),
  verbose: verboseOption
}

export const statsCommand = Command.make("stats", statsConfig, runStats).pipe(
  Command.withDescription(
    [
      "Usage analytics from the skill's access log.",
      "",
      "Examples:",
      "  skc stats my-skill                          # summary, top and unused sections",
      "  skc stats my-skill --group-by sections      # sections by access count",
      "  skc stats my-skill --since 2026-01-01 --project ~/code/webapp",
      "  skc stats my-skill --group-by search --format json"
    ].join("\n")
  )
)
