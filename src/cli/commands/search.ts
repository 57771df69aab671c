import { Args, Command, HelpDoc } from "@effect/cli"
import { Effect } from "effect"
import { formatOption, optionalNumber, positional, verboseOption } from "../shared.js"
import { runSearch } from "./search.run.js"

/**
 * The query: any text, except a single dash-word such as `--bogus`, which is
 * far more likely a mistyped flag than a query (E100).
 */
const queryArg = Args.text({ name: "query" }).pipe(
  Args.withDescription("Words that must all appear in a section, in any order (quote several words)."),
  Args.mapEffect((value) =>
    /^-\S+$/.test(value) ? Effect.fail(HelpDoc.p(`unknown option '${value}'`)) : Effect.succeed(value)
  )
)

/** Exported so the fast-path test can parse with exactly these options. */
export const searchConfig = {
  skill: positional("skill", "Skill name or path."),
  query: queryArg,
  limit: optionalNumber("limit", "Maximum results (default 10)."),
  format: formatOption(),
  verbose: verboseOption
}

export const searchCommand = Command.make("search", searchConfig, runSearch).pipe(
  Command.withDescription(
    [
      "Full-text search over a skill's sections, ranked by BM25 (run 'skc build' first).",
      "",
      "Examples:",
      "  skc search my-skill \"configure authentication\"",
      "  skc search my-skill rebase --limit 3 --format json"
    ].join("\n")
  )
)
