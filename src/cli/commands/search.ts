import { Args, Command, HelpDoc, Options } from "@effect/cli"
import { Effect } from "effect"
import { formatOption, optionalNumber, positional, verboseOption } from "../shared.js"
import { runSearch } from "./search.run.js"

/**
 * The query: any text, except a single dash-word such as `--bogus`, which is
 * far more likely a mistyped flag than a query (E100).
 */
const queryArg = Args.text({ name: "query" }).pipe(
  Args.withDescription("Words to find, in any order (quote several words). With --all the only argument."),
  Args.mapEffect((value) =>
    /^-\S+$/.test(value) ? Effect.fail(HelpDoc.p(`unknown option '${value}'`)) : Effect.succeed(value)
  ),
  // With --all the single positional is the query (the handler reads it from `skill`).
  Args.optional
)

/** Exported so the fast-path test can parse with exactly these options. */
export const searchConfig = {
  skill: positional("skill", "Skill name or path."),
  query: queryArg,
  limit: optionalNumber("limit", "Maximum results (default 10)."),
  all: Options.boolean("all").pipe(Options.withDescription("Search every built skill visible from here; results carry their skill.")),
  skills: Options.text("skill").pipe(
    Options.withDescription("With --all: only these skills (comma-separated names or paths)."),
    Options.optional
  ),
  format: formatOption(),
  verbose: verboseOption
}

export const searchCommand = Command.make("search", searchConfig, runSearch).pipe(
  Command.withDescription(
    [
      "Full-text search over a skill's sections, ranked by BM25 (run 'skc build' first).",
      "Sections holding every word come first; when none does, those holding the most words (marked partial).",
      "",
      "Usage: skc search <skill> <query> | skc search --all <query> [--skill a,b]",
      "",
      "Examples:",
      "  skc search my-skill \"configure authentication\"",
      "  skc search my-skill rebase --limit 3 --format json",
      "  skc search --all \"fill a pdf form\""
    ].join("\n")
  )
)
