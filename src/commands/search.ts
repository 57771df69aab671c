/**
 * `skc search` / `skc_search` (RFC-0004:C-SEARCH, DECISIONS #37, issue 14):
 * one skill (`skc search <skill> <query>`), or every skill visible from the
 * cwd (`skc search --all <query>`, `--skill a,b` to narrow; MCP: `skill`
 * omitted, `skills`). How results are chosen and ranked: docs/search.md.
 */
import { Effect, Option } from "effect"
import { arg, common, defineCommand, flag, type Arg } from "./spec.js"
import { SearchIndexLive } from "../layers.js"
import { shellWord } from "../domain/shellWord.js"
import type { Narrower, WholeFurther } from "../app/search/index.js"
import type { RepeatedRead } from "../domain/search/repeatedHeading.js"

// Any text. A mistyped flag (`--bogus`) never gets here: the parsers read it as an option and refuse it
// (E100). A dash-word reaches the query only after `--`, where it is one: `skc search git-helper --
// --force` asks about `--force` (before, it was refused as an unknown option, `--` or not).
const queryArg: Arg<Option.Option<string>> = {
  ...arg.optional("query", "Words to find, in any order (quote several words). With --all, the only argument."),
  refuse: "none"
}

export const searchCommand = defineCommand({
  name: "search",
  summary: [
    "Full-text search over a skill's sections, ranked by BM25 (a store skill after 'skc build'; others indexed on first use).",
    "Sections holding every word answer; when none does, those holding the most words (marked partial). A word of the skill's name or description counts as held by each of its sections, and the score then weighs the words a section's own text holds first.",
    "",
    "Two forms: skc search <skill> <query>, or skc search --all <query> [--skill a,b] (every skill visible from here)."
  ],
  examples: [
    'skc search my-skill "configure authentication"',
    "skc search my-skill rebase --limit 3 --format json",
    'skc search --all "fill a pdf form"             # every visible skill, one ranking',
    "skc search --all watermark --skill pdf,docx    # only these skills"
  ],
  args: {
    // With --all the single positional is the query (the handler reads it from `skill`).
    skill: arg.one("skill", "Skill name or path (with --all: the query).", "none"),
    query: queryArg
  },
  flags: {
    limit: flag.integer("limit", "Maximum results (default 10)."),
    all: flag.boolean("all", "Search every skill visible from here (a store skill once built; an agent directory's indexed on first use); results carry their skill."),
    skills: flag.text("skill", "With --all: only these skills (comma-separated names or paths)."),
    maxBytes: flag.integer("max-bytes", "Keep the printed result under this many bytes (at least 1024): the best results are kept and the rest counted (MCP default 16384)."),
    ...common()
  },
  fast: true,
  mcp: {
    title: "Search a skill, or all skills",
    description:
      "Full-text search of a skill's sections (every visible skill without skill), best first. Read a hit with skc_show (skc_open when section is \"\").",
    readOnly: true
  },
  load: async () => {
    const [{ searchWithCorrection, SearchInput, searchLogArgs, MCP_SEARCH_MAX_BYTES }, { renderSearchText, searchNotices }, { decodeFlags }, { InvalidOption }] =
      await Promise.all([
        import("../app/search/search.js"),
        import("../render/search.js"),
        import("./decode.js"),
        import("../domain/errors.js")
      ])
    // What the text adds to the result, the CLI's and the MCP server's alike.
    const renderOptions = (answer: {
      readonly skill: string | undefined
      readonly skills: ReadonlyArray<string> | undefined
      readonly correction: string | undefined
      readonly narrower: Narrower | undefined
      readonly unindexed?: ReadonlyArray<{ readonly skill: string; readonly path: string }> | undefined
      readonly searched?: number | undefined
      readonly wholeFurther?: WholeFurther | undefined
      readonly noSectionWhole?: boolean | undefined
      readonly unheld?: ReadonlyArray<string> | undefined
      readonly cjkHint?: boolean | undefined
      readonly repeated?: ReadonlyMap<string, RepeatedRead> | undefined
    }) => ({
      ...(answer.skill === undefined ? {} : { skill: answer.skill }),
      ...(answer.skills === undefined || answer.skills.length === 0 ? {} : { skills: answer.skills }),
      ...(answer.correction === undefined ? {} : { correction: answer.correction }),
      ...(answer.narrower === undefined ? {} : { narrower: answer.narrower }),
      ...(answer.unindexed === undefined ? {} : { unindexed: answer.unindexed }),
      ...(answer.searched === undefined ? {} : { searched: answer.searched }),
      ...(answer.wholeFurther === undefined ? {} : { wholeFurther: answer.wholeFurther }),
      ...(answer.noSectionWhole === true ? { noSectionWhole: true } : {}),
      ...(answer.unheld === undefined ? {} : { unheld: answer.unheld }),
      ...(answer.cjkHint === true ? { cjkHint: true } : {}),
      ...(answer.repeated === undefined ? {} : { repeated: answer.repeated })
    })
    return {
      input: SearchInput,
      fromFlags: (o) => {
        const across = o.all || Option.isSome(o.skills)
        if (across && Option.isSome(o.query)) {
          // `--skill` alone means --all: say so rather than speak of a flag that was not given.
          // Two words given apart (`skc search --all adding charts`) are the query, quoted: the command to paste.
          const words = `${o.skill} ${Option.getOrThrow(o.query)}`
          const message = o.all
            ? `--all takes only the query; quote the words of one query: skc search --all ${shellWord(words)}`
            : "--skill narrows --all and takes only the query: skc search --all <query> --skill a,b (one skill: skc search <skill> <query>)"
          return Effect.fail(new InvalidOption({ message }))
        }
        if (!across && Option.isNone(o.query)) {
          // One word of several words (`skc search "fill a pdf form"`) is a question, not a skill: the skill is what
          // is missing (an agent's probe was told the query was). A single word may be either: both ways said.
          const question = /\s/.test(o.skill.trim())
          return Effect.fail(
            new InvalidOption({
              message: question
                ? `missing skill: skc search <skill> ${shellWord(o.skill)}, or every skill: skc search --all ${shellWord(o.skill)}`
                : `missing query: skc search ${shellWord(o.skill)} <query>, or every skill: skc search --all ${shellWord(o.skill)}`
            })
          )
        }
        // Each name trimmed (`--skill " pdf , docx"`), empty items dropped (`pdf,`); a `--skill` naming no skill at all
        // (`--skill ""`, `--skill ,`) is a usage error in the flag's own words (RFC-0004:C-ERRORS: E100 for "other CLI
        // parsing failure"), not a search of every skill and not E001 for a skill named "".
        const skills = Option.map(o.skills, (s) => s.split(",").map((x) => x.trim()).filter((x) => x.length > 0))
        if (Option.isSome(skills) && skills.value.length === 0) {
          return Effect.fail(
            new InvalidOption({ message: `--skill names no skill ('${Option.getOrThrow(o.skills)}'): give comma-separated names or paths, or leave --skill out to search every visible skill` })
          )
        }
        const max_bytes = Option.getOrUndefined(o.maxBytes)
        return across
          ? decodeFlags(SearchInput, { query: o.skill, limit: Option.getOrUndefined(o.limit), skills: Option.getOrUndefined(skills), max_bytes })
          : decodeFlags(SearchInput, { skill: o.skill, query: Option.getOrThrow(o.query), limit: Option.getOrUndefined(o.limit), max_bytes })
      },
      // The skill searched rides along for the text's `skc open <skill> …` hint, and for an empty or partial answer
      // the question as probably meant (a typo of a heading word) and, for an empty one, the narrower question
      // of the words some section holds; the JSON document is the result alone.
      run: (input) =>
        searchWithCorrection(input).pipe(
          Effect.map((a) => ({
            result: a.result,
            skill: input.skill,
            skills: input.skills,
            correction: a.correction,
            narrower: a.narrower,
            unindexed: a.unindexed,
            // Across skills: how many were searched, so that an answer of none says so.
            searched: "searched" in a ? a.searched : undefined,
            wholeFurther: "wholeFurther" in a ? a.wholeFurther : undefined,
            // One skill's AND query found nothing: "No section holds every word" is then true (else "None of these").
            noSectionWhole: "noSectionWhole" in a ? a.noSectionWhole : undefined,
            // The words no section holds: a partial answer's other unheld words are named with their search.
            unheld: "unheld" in a ? a.unheld : undefined,
            cjkHint: "cjkHint" in a ? a.cjkHint : undefined,
            // The results whose heading their skill repeats: each names the read of its own section.
            repeated: "repeated" in a ? a.repeated : undefined
          })),
          Effect.provide(SearchIndexLive)
        ),
      // RFC-0004:C-LOGGING: {query, result_count}. Without `skill` the use case logs one row per skill searched.
      log: { args: (input, answer) => searchLogArgs(input, answer?.result) },
      text: (answer) => renderSearchText(answer.result, renderOptions(answer)),
      // The RFC's document, and (additive, DECISIONS #40) the guidance the text prints beside the results as
      // `notices`, as the MCP structured content carries it: an agent reading JSON got `{"results": []}` where the
      // text said "Did you mean 'watermark'?" and where to look next (a probe as an agent).
      json: (answer) => {
        const notices = searchNotices(answer.result, renderOptions(answer))
        return notices.length === 0 ? answer.result : { ...answer.result, notices }
      },
      mcp: {
        output: () => import("../app/search/search.js").then((r) => r.SearchResult),
        text: (answer, ctx) => renderSearchText(answer.result, { mcp: true, remote: ctx.remote === true, ...renderOptions(answer) }),
        notices: (answer, ctx) => searchNotices(answer.result, { mcp: true, remote: ctx.remote === true, ...renderOptions(answer) }),
        // Over MCP a search answer has a budget unless the call names its own (as an outline's, issue 26 item 3).
        defaults: (input) => (input.max_bytes === undefined ? { ...input, max_bytes: MCP_SEARCH_MAX_BYTES } : input)
      }
    }
  }
})
