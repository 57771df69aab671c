import { Args, Command, Options } from "@effect/cli"
import { formatOption, positional, verboseOption } from "../shared.js"
import { runStats } from "./stats.run.js"

/** Exported so the fast-path test can parse with exactly these options. */
export const statsConfig = {
  skill: positional("skill", "Skill name or path (omit with --all).").pipe(Args.optional),
  groupBy: Options.text("group-by").pipe(
    Options.withDescription("Aggregation: summary, sections, files, commands, projects, errors, search, unanswered."),
    Options.withDefault("summary")
  ),
  since: Options.text("since").pipe(Options.withDescription("Only accesses on or after (RFC 3339 or YYYY-MM-DD, UTC)."), Options.optional),
  until: Options.text("until").pipe(Options.withDescription("Only accesses on or before (RFC 3339 or YYYY-MM-DD, UTC)."), Options.optional),
  project: Options.text("project").pipe(
    Options.withDescription("Only accesses from this directory or below (repeatable; any of them matches)."),
    Options.repeated
  ),
  includeAuthor: Options.boolean("include-author").pipe(
    Options.withDescription("Also count the author's own build, lint and stats calls (default: agent reads only).")
  ),
  limit: Options.integer("limit").pipe(Options.withDescription("Most entries per list (default 10 in text, all in JSON)."), Options.optional),
  all: Options.boolean("all").pipe(Options.withDescription("One row per skill that resolves from here, and the skills never read.")),
  format: formatOption(["text", "json", "html"] as const),
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
      "  skc stats my-skill --group-by search --format json",
      "  skc stats my-skill --group-by unanswered        # searches that found nothing",
      "  skc stats my-skill --include-author             # count build, lint, stats too",
      "  skc stats --all --since 2026-01-01              # every skill; which were never read",
      "  skc stats my-skill --format html > report.html  # one self-contained page"
    ].join("\n")
  )
)
