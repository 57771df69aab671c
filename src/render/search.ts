// Text rendering of `skc search` (RFC-0004:C-SEARCH, informative, not a
// contract): `<file>#<section> (score: <score>)` (prefixed by `<skill>: `
// across skills), the snippet on one indented line, then where the section
// starts and, for text before a file's first heading (which no heading
// names), how to read it. A partial result (DECISIONS #37) says so first.
// Pure.
import type { Narrower, SearchResult, SearchResultItem, WholeFurther } from "../app/search/index.js"
import { searchTruncationLine } from "../domain/searchBudget.js"
import { shellWord } from "../domain/shellWord.js"
import { headingKey, repeatedHeadingRead, type RepeatedRead } from "../domain/search/repeatedHeading.js"
import { visible } from "../domain/visible.js"
import { openStep, stepText } from "../domain/nextStep.js"
import { fallbackTokens, wordOf } from "../domain/search/rank.js"
import { queryTokens } from "../domain/search/query.js"
import { asAsked } from "../domain/search/matchedTerms.js"

// A snippet on one line; whatever control characters remain are shown escaped (src/domain/visible.ts).
const oneLine = (s: string) => visible(s.replace(/\s*[\r\n]+\s*/g, " ").trim())

export interface SearchRenderOptions {
  /** The skill searched (single-skill search), for the `skc open` hint. */
  readonly skill?: string
  /** Name the MCP tool (`skc_open`) instead of the CLI command. */
  readonly mcp?: boolean
  /** For an empty or partial answer: the question with its typos corrected from the searched skills' headings. */
  readonly correction?: string
  /** For an empty answer: the words some section holds (the narrower question) and those none holds. */
  readonly narrower?: Narrower
  /**
   * For a partial answer: the words no section searched holds (as `wordOf` keys). A word none of the results
   * shown holds but some section does is then named with the search that finds it: "none of these holds
   * 'Remcos'" read as "no skill covers it" while a section at rank 5 did (a probe as an agent).
   */
  readonly unheld?: ReadonlyArray<string>
  /** Across skills: the skills the search was narrowed to (`--skill a,b`), for the narrower question's command. */
  readonly skills?: ReadonlyArray<string>
  /** An empty answer to Chinese or Japanese from an index that does not segment them (the `ascii` tokenizer). */
  readonly cjkHint?: boolean
  /** A partial answer whose pool holds, past the results returned, a section with every word (a larger limit shows it). */
  readonly wholeFurther?: WholeFurther
  /**
   * One skill's AND query found nothing (DECISIONS #37), so no section holds every word and the partial
   * answer's first line says so; otherwise it speaks of the results shown only (a section past the pool
   * searched may hold them all: a probe found one at the 39th place of an answer that said no section did).
   */
  readonly noSectionWhole?: boolean
  /** For an empty answer in one skill: its files the index left out (above `[search] max_file_bytes`), never searched. */
  /** The files of the searched skills no index holds (too large), each with its skill. */
  readonly unindexed?: ReadonlyArray<{ readonly skill: string; readonly path: string }>
  /** Across skills: how many skills were searched (the others are the result's `skipped`). */
  readonly searched?: number
  /** Over MCP from a team server (HTTP, docs/team.md): its operator builds the skills, on the server; its clients read. */
  readonly remote?: boolean
  /** The results whose heading their skill repeats (by `headingKey`): each names the `show` of its own section. */
  readonly repeated?: ReadonlyMap<string, RepeatedRead>
}


/**
 * A next step as the caller takes it: over MCP the tool call (`skc_<tool>
 * key=<json> …`, a parameter left undefined omitted), else the command
 * (`skc <tool> <args>`, each argument shell-quoted).
 */
const nextStep = (options: SearchRenderOptions, tool: string, params: Readonly<Record<string, unknown>>, args: ReadonlyArray<string>): string =>
  options.mcp
    ? [`skc_${tool}`, ...Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [`${k}=${JSON.stringify(v)}`]))].join(" ")
    : ["skc", tool, ...args.map(shellWord)].join(" ")

/**
 * The arguments of a command whose last operand is a question: after `--` when it starts with "-", which the
 * parser would read as an option (`skc match -qzxv` failed with E100 "unknown argument '-q'").
 */
const withQuestion = (before: ReadonlyArray<string>, question: string, after: ReadonlyArray<string> = []): ReadonlyArray<string> =>
  question.startsWith("-") ? [...before, ...after, "--", question] : [...before, question, ...after]

/** After `line N` of a result whose heading its skill repeats: the `show` of this section (`show` alone reads the first). */
const repeatedRead = (r: SearchResultItem, options: SearchRenderOptions): string => {
  const by = options.repeated?.get(headingKey(r.skill, r.file, r.section))
  return by === undefined ? "" : visible(`; ${repeatedHeadingRead(r.skill ?? options.skill ?? "<skill>", r, by, options.mcp ? "tools" : "cli")}`)
}

const whereLine = (r: SearchResultItem, options: SearchRenderOptions): string => {
  if (r.section !== "") return `  line ${r.line}${repeatedRead(r, options)}`
  const skill = r.skill ?? options.skill ?? "<skill>"
  if (r.match_line !== undefined) {
    // A long stretch without headings: the read starts a little above the hit, not at the file's first line.
    const from = Math.max(r.line, r.match_line - MATCH_CONTEXT_LINES)
    const count = Math.min(r.end_line - from, 2 * MATCH_CONTEXT_LINES + 1)
    const how = stepText(openStep(skill, r.file, count, from), options.mcp ? "tools" : "cli")
    return visible(`  line ${r.line}, before any heading; the hit is at line ${r.match_line}: ${how}`)
  }
  const lines = Math.max(1, r.end_line - 1)
  const how = stepText(openStep(skill, r.file, lines), options.mcp ? "tools" : "cli")
  return visible(`  line ${r.line}, before any heading; read it with: ${how}`)
}

/** Lines shown above and below a hit in a long stretch without headings. */
const MATCH_CONTEXT_LINES = 10

/**
 * A score as printed: two decimals, or two significant digits below 0.01, so
 * a match never prints 0.00 (issue 47: every match scores above 0, and the
 * printed order is the printed scores').
 */
export const printedScore = (score: number): string => (score >= 0.01 || score <= 0 ? score.toFixed(2) : score.toPrecision(2))

/**
 * Where to look when no section holds the words (the question's words are
 * not the skill's, a gap search cannot bridge): the narrower question when
 * the held words answer alone, else the skill's headings, or what each
 * skill is for. An agent otherwise guesses other words call after call.
 */
const noResultsNext = (options: SearchRenderOptions, query: string, skipped: number): string =>
  options.searched === 0
    ? skipped > 0
      ? // Every skill in scope was skipped: "no searched skill holds these words" would say the question was asked.
        "  No skill was searched: every one in scope was skipped (below).\n"
      : // None in scope at all (a fresh-machine probe: "skipped (below)" with nothing below).
        noSkillInScope(options)
    : notSearched(options) + noResultsLead(options, query) + (options.cjkHint === true ? CJK_HINT : "")

/** No skill resolves where the search was asked: where skills are looked for, and how to ask elsewhere. */
const noSkillInScope = (options: SearchRenderOptions): string =>
  options.remote === true
    ? "  No skill was searched: this server holds no skill.\n"
    : "  No skill was searched: none resolves from here (no skill in the project's .skillc/skills, the global store or the agents' skill directories; skc list shows what resolves). Search from the project's directory, or start skc mcp with --project <dir> (or SKILLC_PROJECT).\n"

/** DECISIONS #7: Chinese and Japanese text has no spaces between words; only the `cjk` tokenizer splits it into them. */
const CJK_HINT =
  '  A word of Chinese or Japanese text is found only in skills indexed with the cjk tokenizer: set [search] tokenizer = "cjk" (or SKILLC_TOKENIZER=cjk), then skc build --all.\n'

/** The `run 'skc build <skill>'` an unusable index's reason ends with (src/app/search/searchAcross.ts `reasonOf`). */
const BUILD_COMMAND = /; run 'skc build [^']*'$/

/** A skipped skill's reason without its `run 'skc build …'`: for a team server's operator and clients, who do not run it as told. */
export const reasonWithoutBuildCommand = (reason: string): string => reason.replace(BUILD_COMMAND, "")

/** Why a skill was skipped, as a team server's client reads it: the build is its operator's, on the server. */
export const operatorsReason = (reason: string): string =>
  BUILD_COMMAND.test(reason) ? `${reasonWithoutBuildCommand(reason)}; its operator rebuilds it on the server` : reason

/**
 * The skills a search across skills left out, and how to search them: each unusable index with its reason, the
 * skills never built in one line with the command that builds them (a fresh clone of a project leaves every
 * skill of its store unbuilt, and "(skipped pdf: not built)" named no way on). A team server's clients cannot
 * build: its operator does, on the server (the same words as E002 over HTTP, src/mcp/toolErrors.ts).
 */
const skippedLines = (result: SearchResult, options: SearchRenderOptions): string => {
  const skipped = result.skipped ?? []
  const unbuilt = skipped.filter((s) => s.reason === "not built").map((s) => s.skill)
  const lines = skipped
    .filter((s) => s.reason !== "not built")
    .map((s) => `(skipped ${s.skill}: ${options.remote === true ? operatorsReason(s.reason) : s.reason})`)
  if (unbuilt.length > 0) {
    const them = unbuilt.length === 1 ? "it" : "them"
    const how = options.remote === true ? `this team server's operator builds ${them}, on the server` : `build ${them} with: skc build ${unbuilt.map(shellWord).join(" ")}`
    lines.push(unbuilt.length === 1 ? `(skipped ${unbuilt[0]}: not built; ${how})` : `(skipped, not built: ${unbuilt.join(", ")}; ${how})`)
  }
  return lines.map((l) => `${visible(l)}\n`).join("")
}

/** The files an empty answer never looked in (too large to index), and how to read one: said first. */
const notSearched = (options: SearchRenderOptions): string => {
  const files = options.unindexed ?? []
  if (files.length === 0) return ""
  const first = files[0]!
  // One skill's search names the skill as it was asked for, and its files by their paths; across skills, each with its skill.
  const skill = options.skill ?? first.skill
  const how = nextStep(options, "open", { skill, path: first.path }, [skill, first.path])
  const shown = files.map((f) => (options.skill === undefined ? `${f.skill}/${f.path}` : f.path))
  const named = shown.length <= 3 ? shown.join(", ") : `${shown.slice(0, 3).join(", ")} and ${shown.length - 3} more`
  return visible(`  Not searched: ${named} (above [search] max_file_bytes, not indexed); read ${files.length === 1 ? "it" : "one"} with: ${how}`) + "\n"
}

const noResultsLead = (options: SearchRenderOptions, query: string): string => {
  const n = options.narrower
  if (n?.answers === true) return didYouMeanLine(options, "  ") + visible(`  ${narrowerLine(options, n)}`) + "\n"
  // Words some section holds, never enough of them in one: "holds these words" would be untrue.
  // A query of punctuation or symbols only ("*", "(", an emoji) has no word the index holds any of: saying
  // no section holds "these words" sent the reader to the headings for words there were none of.
  const lead = !/[\p{L}\p{N}]/u.test(query)
    ? "The query holds no word to search (only punctuation or symbols)"
    : options.skill !== undefined
      ? `No section of '${options.skill}' holds ${n === undefined ? "these words" : "enough of these words together"}`
      : n === undefined
        ? "No searched skill holds these words"
        : "No section holds enough of these words together"
  const how =
    options.skill !== undefined
      ? `its headings: ${nextStep(options, "outline", { skill: options.skill }, [options.skill])}`
      : // `skc list` names the skills but not what they are for; `match` ranks them by name and description,
        // of the question as probably meant when a typo was corrected (the line above says which).
        `the skills whose descriptions fit it: ${nextStep(options, "match", { query: matchArg(options.correction ?? query) }, withQuestion([], matchArg(options.correction ?? query)))}`
  return didYouMeanLine(options, "  ") + visible(`  ${lead}; ${how}`) + "\n"
}

/** The longest word a list of words repeats whole, in characters: a pasted token of 100 KB was repeated whole. */
const WORD_SHOWN_MAX = 64

/** A word as a list shows it: whole up to WORD_SHOWN_MAX characters, else its start and "…". */
const shownWord = (word: string): string => {
  const chars = Array.from(word)
  return chars.length <= WORD_SHOWN_MAX ? word : `${chars.slice(0, WORD_SHOWN_MAX).join("")}…`
}

/** `'a'`, `'a' and 'b'`, `'a', 'b' or 'c'`. */
const quotedList = (words: ReadonlyArray<string>, last: "and" | "or", quoted = true): string => {
  const q = quoted ? words.map((w) => `'${shownWord(w)}'`) : words.map(shownWord)
  return q.length <= 1 ? q.join("") : `${q.slice(0, -1).join(", ")} ${last} ${q[q.length - 1]}`
}

/**
 * An empty answer whose held words answer alone: which words are held and
 * which not, and the narrower question as a command (one skill, or the same
 * skills across).
 */
const narrowerLine = (options: SearchRenderOptions, n: Narrower): string => {
  const question = n.held.join(" ")
  const held = `${quotedList(n.held, "and")} ${n.held.length === 1 ? "is" : "are"}`
  if (options.skill !== undefined) {
    const how = nextStep(options, "search", { skill: options.skill, query: question }, withQuestion([options.skill], question))
    return `No section of '${options.skill}' holds ${quotedList(n.missing, "or")}; ${held} in its sections: ${how}`
  }
  const skills = options.skills ?? []
  const narrowed = skills.length === 0 ? undefined : skills
  const how = nextStep(options, "search", { query: question, skills: narrowed }, withQuestion(["--all"], question, narrowed === undefined ? [] : ["--skill", narrowed.join(",")]))
  return `No searched skill holds ${quotedList(n.missing, "or")}; ${held} in their sections: ${how}`
}

/**
 * The question as `match`'s argument in a hint: whole up to QUERY_SHOWN_MAX characters, else a placeholder (a
 * pasted page is not echoed). Its tabs and line breaks become spaces, as both commands read them: escaped
 * inside the single quotes the hint pastes back as a literal `\t`, another question.
 */
const matchArg = (query: string): string => {
  const question = query.replace(/\s+/g, " ").trim()
  return Array.from(question).length <= QUERY_SHOWN_MAX ? visible(question) : "<request>"
}

/** "Did you mean '…'?" on a line of its own, when the answer carries a correction. */
const didYouMeanLine = (options: SearchRenderOptions, indent: string): string =>
  options.correction === undefined ? "" : visible(`${indent}Did you mean '${options.correction}'?`) + "\n"

/**
 * The longest query the text output repeats whole, in characters. A pasted
 * page as the question (a few thousand words) was echoed in full by "No
 * results for '…'", costing the agent that reads the answer as much again
 * of its context; the JSON document keeps the query whole (RFC-0004).
 */
export const QUERY_SHOWN_MAX = 200

/** The query as the text output repeats it, quoted: whole up to QUERY_SHOWN_MAX characters, else its start, "…" and its size. */
const quotedQuery = (query: string): string => {
  const chars = Array.from(query)
  if (chars.length <= QUERY_SHOWN_MAX) return `'${visible(query)}'`
  const words = query.split(/\s+/).filter((w) => w !== "").length
  return `'${visible(chars.slice(0, QUERY_SHOWN_MAX).join("").trimEnd())}…' (${words === 1 ? "1 word" : `${words.toLocaleString("en-US")} words`})`
}

/**
 * In one skill's search, the words every result holds only through the skill's name or description
 * (matched field `skill`): no section says them, though the answer reads as if each did. An agent
 * asking "add a chart to the sheet" of a skill whose description mentions charting was shown ten
 * sections about sheets; this line says which words the sections lack (issue 47 item 3).
 */
const describedOnlyLine = (result: SearchResult, options: SearchRenderOptions): string => {
  if (result.results.length === 0) return ""
  const [first, ...rest] = result.results
  const words = (first!.matched_terms ?? [])
    .filter((t) => t.fields.length === 1 && t.fields[0] === "skill")
    .map((t) => t.word)
    .filter((w) => rest.every((r) => (r.matched_terms ?? []).some((t) => t.word === w && t.fields.length === 1 && t.fields[0] === "skill")))
  if (words.length === 0) return options.skill === undefined ? firstHoldsThroughDescription(result) : ""
  const these = `${quotedList(words, "and")} ${words.length === 1 ? "is" : "are"}`
  if (options.skill !== undefined) return visible(`Note: ${these} in ${options.skill}'s description but in none of these sections.`) + "\n\n"
  // Across skills, only for the answer given when no section of any skill answered (`describedOnly` in
  // src/app/search/searchAcross.ts): each result its skill's top section, holding every word through the
  // description alone. A section that holds some word itself is an answer of the index, and needs no note.
  const skillOnly = (r: (typeof result.results)[number]) => (r.matched_terms ?? []).every((t) => t.fields.length === 1 && t.fields[0] === "skill")
  if (!result.results.every(skillOnly)) return firstHoldsThroughDescription(result)
  const skills = [...new Set(result.results.map((r) => r.skill ?? ""))]
  const whose = skills.length === 1 ? `the description of ${skills[0]}` : `the descriptions of ${quotedList(skills, "and", false)}`
  return visible(`Note: ${these} in ${whose} but in no section of any skill searched; ${skills.length === 1 ? "its top section answers" : "each answers with its top section"}.`) + "\n\n"
}

/**
 * Across skills, the words the first result holds only through its skill's description while a later
 * result's own text holds them: an agent takes the first hit, and "add a chart to this xlsx" put xlsx's
 * Common Workflow first (its description says charts; the section does not) above pptx's Charts, with
 * nothing saying the first section lacked the word (an agent's probe). Names the first result that does.
 */
const firstHoldsThroughDescription = (result: SearchResult): string => {
  const [first, ...rest] = result.results
  if (first === undefined || first.skill === undefined) return ""
  const onlyDescribed = (first.matched_terms ?? []).filter((t) => t.fields.length === 1 && t.fields[0] === "skill").map((t) => t.word)
  const notes: Array<string> = []
  for (const word of onlyDescribed) {
    const holder = rest.find((r) => (r.matched_terms ?? []).some((t) => t.word === word && t.fields.includes("section")))
    if (holder === undefined) continue
    // The first result named: "not in its section" read as false above results whose snippets showed the word
    // (an agent's probe), the section meant being the first's alone.
    const place = (r: typeof first) => (r.section === "" ? r.file : `${r.file}#${r.section}`)
    notes.push(`'${word}' is in ${first.skill}'s description but not in the first result (${place(first)}); ${holder.skill}: ${place(holder)} holds it`)
  }
  return notes.length === 0 ? "" : visible(`Note: ${notes.join("; ")}.`) + "\n\n"
}

/**
 * A partial answer's words that none of its results holds, in any field: "excel chart with formulas that
 * recalculate" answered with sections on formulas, and an agent could not tell that none of them was about
 * charts. Words as asked, each once, the question's content words only (the partial query's own words).
 */
const wordsNoResultHolds = (result: SearchResult): ReadonlyArray<string> => {
  const held = new Set(result.results.flatMap((r) => (r.matched_terms ?? []).map((t) => wordOf(t.word))))
  // Without matched_terms (an adapter that gives none) nothing can be said.
  if (held.size === 0) return []
  return fallbackTokens(queryTokens(result.query))
    .filter((t) => !held.has(wordOf(t)))
    .map(asAsked)
}

export const renderSearchText = (result: SearchResult, options: SearchRenderOptions = {}): string => {
  // The query, names, files and headings are untrusted: each shown with its control characters escaped.
  const skipped = skippedLines(result, options)
  const query = quotedQuery(result.query)
  if (result.results.length === 0) return `No results for ${query}.\n${noResultsNext(options, result.query, result.skipped?.length ?? 0)}${skipped}`
  const header =
    (result.partial ? `${partialHeadline(query, options)}${noneHolds(result, options)}.\n${didYouMeanLine(options, "")}\n` : "") + describedOnlyLine(result, options)
  return (
    header +
    result.results
      .map(
        (r) =>
          `${visible(`${r.skill === undefined ? "" : `${r.skill}: `}${r.section === "" ? r.file : `${r.file}#${r.section}`}`)} (score: ${printedScore(r.score)})\n` +
          `  ${oneLine(r.snippet)}\n${whereLine(r, options)}\n`
      )
      .join("\n") +
    truncatedLine(result, options) +
    (options.cjkHint === true ? `\n${CJK_BESIDE_RESULTS}` : "") +
    (skipped === "" ? "" : `\n${skipped}`)
  )
}

/** CJK_HINT's words where some sections answered: those hold the words as written apart; others may hold them inside a run of text. */
const CJK_BESIDE_RESULTS =
  'Chinese or Japanese words are found here only where the text sets them apart; inside a run of text only skills indexed with the cjk tokenizer find them: set [search] tokenizer = "cjk" (or SKILLC_TOKENIZER=cjk), then skc build --all.\n'

/**
 * A partial answer's first line: no section holds every word, or, when one past the results returned does,
 * that these do not and a larger limit shows it ("No section holds every word" was untrue then: a probe).
 */
/** What shows a section holding every word past a partial answer's results: a larger limit, or a larger budget. */
const furtherShownBy = (where: WholeFurther, options: SearchRenderOptions): string =>
  where === "max_bytes" ? (options.mcp === true ? "a larger max_bytes" : "a larger --max-bytes") : options.mcp === true ? "a larger limit" : "a larger --limit"

const partialHeadline = (query: string, options: SearchRenderOptions): string =>
  options.wholeFurther !== undefined
    ? `None of these holds every word of ${query}, but a section past them does (${furtherShownBy(options.wholeFurther, options)} shows it); these rank above it`
    : options.noSectionWhole === true
      ? `No section holds every word of ${query}; these hold the most of them`
      : `None of these holds every word of ${query}`

/** ` (none of these holds 'chart')` after a partial answer's first line, when some of its words are in no result shown (a section past the limit may hold it). */
const noneHolds = (result: SearchResult, options: SearchRenderOptions): string => {
  const missing = wordsNoResultHolds(result)
  if (missing.length === 0) return ""
  const none = visible(` (none of these holds ${quotedList(missing, "or")}`)
  // Held by sections past the results: said, so that the line does not read as "no skill covers it". No search
  // is named: one of that word alone answered another question (probes followed `query="hex"` to other skills).
  const unheld = options.unheld === undefined ? undefined : new Set(options.unheld)
  const further = unheld === undefined || options.wholeFurther !== undefined ? [] : missing.filter((w) => !unheld.has(wordOf(w)))
  if (further.length === 0) return `${none})`
  return `${none}; ${further.length === missing.length ? "sections past them do" : visible(`sections past them hold ${quotedList(further, "and")}`)})`
}

/** What the result budget left out and how to ask for it, after the results (the tool's parameter, or the CLI's option). */
const truncatedLine = (result: SearchResult, options: SearchRenderOptions): string =>
  result.truncated === undefined ? "" : `\n${visible(searchTruncationLine(result.truncated, options.mcp === true ? "mcp" : "cli"))}\n`

/** A guidance line as a notice: the text's own line, its indentation and blank lines dropped. */
const noticeLines = (text: string): ReadonlyArray<string> =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")

/**
 * The guidance the text gives beside the results, line for line, for the MCP structured content's
 * `notices`: the question as probably meant, what an empty answer did not search and where to look
 * next, the words only the skill's description holds, how to read a result that sits before any
 * heading, what the result budget left out, and how to search the skills left out (`skipped`). Claude Code 2.1.332 and Codex 0.171.0
 * give their model only the structured content of a successful call, so guidance in the text alone
 * never reached it; the JSON document itself (RFC-0004) stays as it is.
 */
export const searchNotices = (result: SearchResult, options: SearchRenderOptions = {}): ReadonlyArray<string> => {
  // The skipped skills are in the document (`skipped`); the notice adds how to search them.
  const skipped = noticeLines(skippedLines(result, options))
  if (result.results.length === 0) return [...noticeLines(noResultsNext(options, result.query, result.skipped?.length ?? 0)), ...skipped]
  // How to read a result that sits before any heading, or whose heading its skill repeats.
  const readSteps = result.results
    .filter((r) => r.section === "" || repeatedRead(r, options) !== "")
    .map((r) => `${visible(`${r.skill === undefined ? "" : `${r.skill}: `}${r.section === "" ? r.file : `${r.file}#${r.section}`}`)}, ${whereLine(r, options).trim()}`)
  return [
    // The partial answer's first line, as the text has it: a client that gives its model only the structured content
    // lost the one sign that no section answers the whole question (a probe as an agent, "autovacuum").
    ...(result.partial && options.wholeFurther === undefined ? [`${partialHeadline(quotedQuery(result.query), options)}${noneHolds(result, options)}`] : []),
    ...(result.partial ? noticeLines(didYouMeanLine(options, "")) : []),
    ...(result.partial && options.wholeFurther !== undefined
      ? [`none of these results holds every word of the question, but a section past them does: ${furtherShownBy(options.wholeFurther, options)} shows it`]
      : []),
    ...noticeLines(describedOnlyLine(result, options)),
    ...readSteps,
    ...noticeLines(truncatedLine(result, options)),
    ...skipped
  ]
}
