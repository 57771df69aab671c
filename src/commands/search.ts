/** `skc search` / `skc_search` (RFC-0004:C-SEARCH). */
import { Effect, Option } from "effect"
import { arg, common, defineCommand, flag } from "./spec.js"

export const searchCommand = defineCommand({
  name: "search",
  summary: ["Full-text search over a skill's sections, ranked by BM25 (run 'skc build' first)."],
  examples: ['skc search my-skill "configure authentication"', "skc search my-skill rebase --limit 3 --format json"],
  args: {
    skill: arg.one("skill", "Skill name or path."),
    // Any text, except a single dash-word such as `--bogus`: far more likely a mistyped flag than a query (E100).
    query: arg.one("query", "Words that must all appear in a section, in any order (quote several words).", "dashWord")
  },
  flags: { limit: flag.integer("limit", "Maximum results (default 10)."), ...common() },
  fast: true,
  mcp: {
    title: "Search a skill",
    description:
      "Full-text search over the sections of a skill's .md and .txt files: every word of query must appear (any order; English " +
      "words are stemmed), results ranked by BM25 (higher score is better) with a snippet marking hits as [MATCH]…[/MATCH]. " +
      "limit caps the results (default 10). Read a hit with skc_show (section) or skc_open (file). Needs a built skill " +
      "(error[E002]: run skc_build).",
    readOnly: true
  },
  load: async () => {
    const [{ search, SearchInput, searchLogArgs }, { SqliteSearchIndexLive }, { renderSearchText }, { decodeFlags }, { SearchOutput }] = await Promise.all([
      import("../app/search.js"),
      import("../adapters/sqlite/SqliteSearchIndex.js"),
      import("../render/search.js"),
      import("./decode.js"),
      import("./results.js")
    ])
    return {
      input: SearchInput,
      fromFlags: (o) => decodeFlags(SearchInput, { skill: o.skill, query: o.query, limit: Option.getOrUndefined(o.limit) }),
      run: (input) => search(input).pipe(Effect.provide(SqliteSearchIndexLive)),
      // RFC-0004:C-LOGGING: {query, result_count}.
      log: { args: (input, result) => searchLogArgs(input, result) },
      text: (result) => renderSearchText(result),
      mcp: { output: SearchOutput }
    }
  }
})
