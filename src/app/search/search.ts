/**
 * `skc search` (RFC-0004:C-SEARCH, C-QUERY-SYNTAX, C-ERRORS, DECISIONS #37,
 * issue 14): BM25-ranked full-text search over one skill's index, or over
 * every skill that resolves from the cwd (`--all`, `skc_search`
 * without `skill`). E004 for an empty query comes first (no I/O needed),
 * then resolution, then the index selection of RFC-0004 (E002/E003). No
 * results is an empty list, not an error.
 *
 * The steps (the why is in docs/search.md):
 * 1. one skill whose name and description hold none of the content words:
 *    the RFC's AND query; when it finds anything, that is the whole answer;
 *    otherwise, for two or more terms, the query's content words joined by
 *    OR (`partial: true`), ranked by how many of them a section holds
 *    (DECISIONS #37). When they hold some (issue 47 item 3): that OR query
 *    with the name and description as a heading above all its files
 *    (`ownAnswer`);
 * 2. every skill (DECISIONS #44): the content words in every index, ranked
 *    as one collection (words held — the skill's name and description
 *    counting as a heading above its files —, then BM25 with the IDF of all
 *    indexes);
 * 3. per index, a section whose descendant also matched is dropped unless
 *    its own text matches too (no echo of parents);
 * 4. excerpts for the rows returned only (their cost grows with the text,
 *    never with the rows matched).
 */
import { asksUnsegmentedCjk } from "../../domain/search/tokenizer.js"
import { Effect, Schema } from "effect"
import { EmptyQuery, InvalidOption } from "../../domain/errors.js"
import { countCodePoints } from "../../domain/protocol/tokens.js"
import { isLicenseFile } from "../../domain/search/licenseFiles.js"
import { Settings } from "../shared/index.js"
import { queryTokens } from "../../domain/search/query.js"
import { RERANK_POOL, RERANK_WEIGHTS_ONE_SKILL } from "../../domain/search/rerank.js"
import { holding, termOf } from "../../domain/search/indexQuery.js"
import { compareRanked, everyWord, fallbackTokens, fts5Idf, FTS5_IDF_MIN, IDF_FLOOR, isStopWord, resultScore, type WordStats } from "../../domain/search/rank.js"
// A foreign skill (DECISIONS #38) is indexed on demand into its cache; every other skill keeps E002.
import { openForQueryOnDemand as openForQuery } from "../build/index.js"
import { resolveCommandSkill } from "../skills/index.js"
import { searchAcross } from "./searchAcross.js"
import { renderedWithinBudget } from "./searchBudget.js"
import { unindexedFiles } from "./unindexed.js"
import { correctionIn, heldWords, unheldWords } from "./correction.js"
import { DEFAULT_LIMIT, type SearchInput, type SearchResult, type WholeFurther } from "./searchSchema.js"
import { corruptOf, skillTop, wordStats } from "./skillTop.js"
import { describedTerms, describeOwn, evaluate, headingWordsOf, noSectionHoldsAll, ownIndex, pick, reorder, rerankWeights, rowScore, type Evaluated, type Found, type Opened } from "./searchRows.js"

export { DEFAULT_LIMIT, MCP_SEARCH_MAX_BYTES, SearchInput, SearchResult, SearchResultItem } from "./searchSchema.js"
export const search = (input: SearchInput) => Effect.map(answer(input, false), (a) => a.result)

/**
 * `search`, and for an answer of one skill that is empty or partial the
 * question as probably meant (`correction`, see `correctionIn`), found on
 * the index the search opened: what the command prints.
 */
export const searchWithCorrection = (input: SearchInput) => answer(input, true)

/**
 * The longest query searched, in characters (code points, as `countCodePoints` counts them). The RFC's AND query takes every word
 * of the question, and FTS5 parses and runs one MATCH expression of them in a single synchronous step:
 * 100 KB of words took 1.3 s of a CLI search, a 400 KB question 10 s of a server's one thread, during
 * which it answered nothing else and could not stop (a team-server probe). 16 KB holds any question and a
 * pasted error message or stack trace; a longer one is refused before any work, with what to do instead.
 */
export const MAX_QUERY_LENGTH = 16_384

/** The query as the access log keeps it: a refused one (over MAX_QUERY_LENGTH) by its start, the log bounded too. */
const loggedQuery = (query: string): string =>
  query.length > MAX_QUERY_LENGTH && countCodePoints(query) > MAX_QUERY_LENGTH ? `${Array.from(query).slice(0, MAX_QUERY_LENGTH).join("")}…` : query

const answer = Effect.fn("skc.search")(function* (input: SearchInput, withCorrection: boolean) {
  const length = input.query.length > MAX_QUERY_LENGTH ? countCodePoints(input.query) : 0
  if (length > MAX_QUERY_LENGTH) {
    return yield* Effect.fail(
      new InvalidOption({
        message: `query too long: ${length.toLocaleString("en-US")} characters, at most ${MAX_QUERY_LENGTH.toLocaleString("en-US")}`,
        suggestion: "search for the words that matter: a line of the error, the names in it"
      })
    )
  }
  // E004 needs no skill and no index: it is checked before any I/O.
  if (queryTokens(input.query).length === 0) return yield* Effect.fail(new EmptyQuery())
  // Issue 45 item 4: no indexed text holds NUL, and SQLite would refuse it as an unusable index (E002).
  if (input.query.includes("\u0000")) return yield* Effect.fail(new EmptyQuery({ holdsNul: true }))
  // `skills` narrows the search across skills; beside `skill` it was silently dropped (MCP callers send both).
  if (input.skill !== undefined && input.skills !== undefined && input.skills.length > 0) {
    return yield* Effect.fail(new InvalidOption({ message: "skills narrows a search across skills: give skill or skills, not both" }))
  }
  // An empty list searched nothing and logged the question as one no skill answers.
  if (input.skill === undefined && input.skills !== undefined && input.skills.length === 0) {
    return yield* Effect.fail(new InvalidOption({ message: "skills is empty: name at least one skill, or leave skills out to search every visible skill" }))
  }
  if (input.skill === undefined) return yield* searchAcross(input, withCorrection)
  return yield* searchOne(input, input.skill, withCorrection)
})

/**
 * The `args` of the access-log row (RFC-0004:C-LOGGING, DECISIONS #18):
 * every search logs how many results it gave, so `skc stats` can list the
 * questions a skill left unanswered; `partial: true` when the answer held
 * only some of the words (DECISIONS #37), absent otherwise.
 */
export const searchLogArgs = (input: SearchInput, result: SearchResult | undefined) => {
  const partial = (result as { readonly partial?: unknown } | undefined)?.partial === true
  return partial
    ? { query: loggedQuery(input.query), result_count: result?.results.length ?? 0, partial: true }
    : { query: loggedQuery(input.query), result_count: result?.results.length ?? 0 }
}

/**
 * How FTS5's own order relates to the one score for the AND query of
 * `words` (issue 47): FTS5 ranks by BM25 with its IDF, which is 1e-6 for a
 * word held by half the documents or more; the one score uses `wordIdf`
 * (that IDF, floored at IDF_FLOOR). When no word is under the floor the
 * two are equal (factor 1); when every word is at FTS5's 1e-6 the one score
 * is FTS5's times IDF_FLOOR / 1e-6 (the same order); otherwise the order may
 * differ and every row is scored word by word (undefined).
 */
const fts5Factor = (stats: WordStats): number | undefined => {
  const idfs = stats.hits.map((n) => fts5Idf(stats.rows, n))
  if (idfs.every((x) => x >= IDF_FLOOR)) return 1
  if (idfs.every((x) => x === FTS5_IDF_MIN)) return IDF_FLOOR / FTS5_IDF_MIN
  return undefined
}

/** A row's one score from its words, in one skill's index. */
const scoreOf = (words: number, stats: WordStats) => rowScore(words, stats, stats)

/** Rows scored word by word, by the one score, best first. */
const rescore = (e: Evaluated, words: number, stats: WordStats) => {
  const score = scoreOf(words, stats)
  return e.scored.map((r) => ({ ...r, score: score(r) })).sort(compareRanked)
}

/**
 * The RFC's AND query of `tokens` when the skill's name and description
 * hold none of them: FTS5's order (a window of the best rows, every row
 * when parent elimination leaves fewer than `limit`), its scores made the
 * one score (`fts5Factor`), or every row scored word by word when a word
 * is under the IDF floor and another is not. With the rows picked, the
 * words no section holds (`unheld`, from the counts the score needs).
 */
const andAnswer = (opened: Opened, tokens: ReadonlyArray<string>, limit: number) =>
  Effect.gen(function* () {
    const stats = yield* wordStats(opened, tokens)
    // FTS5 gives each spelling of a word its own IDF: its order is the one score's only for words of one spelling.
    const spelt = tokens.some((t) => termOf(t, opened.q.tokenizer).phrases.length > 1)
    const factor = spelt ? undefined : fts5Factor(stats)
    const every = everyWord(tokens.length)
    const unheld = unheldWords(tokens, stats.hits)
    if (factor === undefined) {
      const e = yield* evaluate(opened, tokens, "all", true)
      return { chosen: yield* pick(e, rescore(e, tokens.length, stats), limit), unheld }
    }
    // The one score of an AND row whose skill's description holds none of the words: its BM25 and what
    // its own heading adds (`resultScore` with every word its own). Only the best rows by FTS5 are read:
    // a heading word is weighted 3 there too, so a row whose heading holds the words is among them.
    const window = Math.max(4 * limit, 40)
    const scaled = (e: Evaluated) =>
      Effect.map(headingWordsOf(e, tokens), (headingOf) =>
        e.scored.map((r) => ({ ...r, score: resultScore(r.score * factor, { own: every, inherited: 0, described: 0, heading: headingOf(r.rowid) }, tokens.length, stats) })).sort(compareRanked)
      )
    let all = yield* evaluate(opened, tokens, "all", false, window)
    let chosen = yield* pick(all, yield* scaled(all), limit)
    // Every row when the window left fewer than `limit` answers, or when a license file answers (ranked
    // below every other section, `pick`): a section past the window may then belong above it.
    if ((chosen.length < limit || (all.licenseLast && chosen.some((c) => isLicenseFile(c.place.file)))) && all.scored.length === window) {
      all = yield* evaluate(opened, tokens, "all", false)
      chosen = yield* pick(all, yield* scaled(all), limit)
    }
    return { chosen, unheld }
  })

/**
 * The partial query (DECISIONS #37) of `words` in one skill, its name and
 * description a heading above all its files: the rows picked, best first.
 * When no section holds half of the words, a second round with the relaxed
 * floor (`relaxedTermsHeld`: a third, at least two), so that a long
 * question about the skill is not answered with nothing. With the rows,
 * the words no section holds (`unheld`, from the counts the score needs).
 */
const partialAnswer = (opened: Opened, words: ReadonlyArray<string>, limit: number) =>
  Effect.gen(function* () {
    const picked = (e: Evaluated) => {
      const stats = { rows: e.rows, hits: e.hits }
      return pick(e, rescore(e, words.length, stats), limit, scoreOf(words.length, stats))
    }
    const e = yield* evaluate(opened, words, "any", true, undefined, describeOwn)
    const first = yield* picked(e)
    const chosen = first.length > 0 || e.relax === undefined ? first : yield* picked(yield* e.relax(e.heldWords()))
    return { chosen, unheld: unheldWords(words, e.hits) }
  })

/**
 * One skill's own answer, before excerpts (RFC-0004, DECISIONS #37, issue
 * 47): what `skc search <skill>` returns.
 * 1. The content words of the question (a question of function words only
 *    keeps its words).
 * 2. When the skill's name and description hold none of them: the RFC's
 *    AND query, and when it finds nothing and the question has two or
 *    more words, the partial query (DECISIONS #37).
 * 3. When they hold some (issue 47 item 3): they are a heading above all
 *    its files (as across skills, DECISIONS #44), and the answer is the
 *    partial query's, with that heading: the sections holding at least
 *    half of the words in their text, a heading above them or the name
 *    and description, ranked by the one score (whose coordination weighs
 *    the words a section holds itself first). The AND query with that
 *    heading, the whole answer before, let a generic word the section
 *    happened not to say decide: "add grain texture to a poster" ("poster"
 *    in the description) answered only with sections saying "add", never
 *    with "Grain and texture". `partial: true` when no section of the
 *    answer holds every word. When the name and description hold every
 *    word and no section holds any, the skill's top section (SKILL.md's
 *    first) answers.
 * Every row carries the one score and they are in its order.
 */
const ownAnswer = (opened: Opened, query: ReadonlyArray<string>, limit: number) =>
  Effect.gen(function* () {
    // Issue 47 item 2 (DECISIONS #37 as #44 reads it): a function word never matches on its own. The
    // AND query holds the content words ("fill a form" is "fill form"); a query of function words
    // only keeps its words. Snippets then highlight the words searched, never a lone "a".
    const contentWords = query.filter((t) => !isStopWord(t))
    const tokens = contentWords.length > 0 ? contentWords : query
    const described = contentWords.length === 0 ? 0 : yield* describedTerms(opened.skill, opened.q, tokens).pipe(Effect.mapError(corruptOf(opened)))
    if (described !== 0) {
      const words = fallbackTokens(tokens)
      const { chosen, unheld } = yield* partialAnswer(opened, words, limit)
      if (chosen.length > 0) {
        // A word no section and not the description holds: no section can hold every word (the text may say so).
        const noneWhole = yield* noSectionHoldsAll([opened], words, unheld)
        return { partial: "unless-whole" as const, found: chosen.map((c): Found => ({ c, tokens: words, mode: "any" })), unheld, noneWhole }
      }
      const all = everyWord(words.length)
      if ((described & all) === all) {
        const top = yield* skillTop(opened, words, described)
        if (top !== undefined) return { partial: false, found: [top], unheld }
      }
      return { partial: false, found: [], unheld }
    }
    const every = yield* andAnswer(opened, tokens, limit)
    if (every.chosen.length > 0) return { partial: false, found: every.chosen.map((c): Found => ({ c, tokens, mode: "all" })), unheld: every.unheld }
    const fallback = fallbackTokens(tokens)
    // One word has no partial answer; one compound (a pasted URL, path or call) has its parts.
    if (fallback.length < 2) return { partial: false, found: [], unheld: every.unheld }
    const { chosen, unheld } = yield* partialAnswer(opened, fallback, limit)
    return { partial: chosen.length > 0, found: chosen.map((c): Found => ({ c, tokens: fallback, mode: "any" })), unheld }
  })

const searchOne = (input: SearchInput, name: string, withCorrection: boolean) =>
  Effect.scoped(
    Effect.gen(function* () {
      const skill = yield* resolveCommandSkill(name)
      const q = yield* openForQuery(skill)
      const tokens = queryTokens(input.query)
      const limit = input.limit ?? DEFAULT_LIMIT
      // The first ten by the one score are ordered again, whatever the limit: the first hit never depends on it.
      const answer = yield* ownAnswer(ownIndex(skill, q), tokens, Math.max(limit, RERANK_POOL))
      const ranked = (yield* reorder(answer.found, (f) => f, input.query, yield* rerankWeights(RERANK_WEIGHTS_ONE_SKILL), limit)).map((x) => x.found)
      const { unheld } = answer
      // The result budget (`max_bytes`): the best results that fit, only they excerpted; `partial` and the log
      // count those returned. A result whose heading the skill repeats names the `show` of its own section.
      const { kept: results, keep, truncation, repeated } = yield* renderedWithinBudget(ranked, false, input, () => q.index, undefined, name)
      const found = ranked.slice(0, keep)
      const whole = (f: Found) => f.c.termsHeld === f.tokens.length
      // DECISIONS #37: partial when none of the returned rows holds every word it was searched for.
      const partial = answer.partial === "unless-whole" ? !found.some(whole) : answer.partial
      // Partial for the rows returned while a row of the pool past them holds every word: said in the text, whose
      // "No section holds every word" was untrue (a probe: partial at --limit 3 and 8, not at 40). Past the
      // budget (`max_bytes`) when the limit holds it, else past the limit: the text names what shows it.
      const wholeFurther: WholeFurther | undefined =
        !partial || answer.partial !== "unless-whole" ? undefined : ranked.slice(keep).some(whole) ? "max_bytes" : answer.found.some(whole) ? "limit" : undefined
      const result = {
        query: input.query,
        ...(partial ? { partial: true as const } : {}),
        results,
        ...(truncation === undefined ? {} : { truncated: truncation })
      } satisfies SearchResult as SearchResult
      const correction = withCorrection && (results.length === 0 || partial) ? yield* correctionIn([q], tokens, unheld) : undefined
      // An empty answer to words some of which the skill holds: the narrower question that answers (text only).
      const narrower = withCorrection && results.length === 0 ? heldWords(tokens, unheld) : undefined
      // An empty answer while files of the skill were left out of the index (above [search] max_file_bytes):
      // "no section holds these words" would be untrue of them, so the text names them (text only).
      const unindexed = withCorrection && results.length === 0 ? yield* unindexedFiles(q.index) : []
      // Chinese or Japanese asked of an index that does not segment them: a word inside a run of text is no token
      // there, so nothing answers (DECISIONS #7); said, with the setting that does (an encodings probe). Said beside
      // results too: one weak hit for 公众号 hid the sections that hold it inside their text (a published-skills probe).
      const cjkHint = withCorrection && asksUnsegmentedCjk(q.tokenizer, input.query)
      return {
        result,
        correction,
        narrower,
        ...(repeated.size > 0 ? { repeated } : {}),
        unindexed: unindexed.length > 0 ? unindexed.map((path) => ({ skill: name, path })) : undefined,
        ...(wholeFurther === undefined ? {} : { wholeFurther }),
        // The AND query found nothing, or a word is in no section nor the description: no section holds every
        // word, which the text may then say (DECISIONS #37); else it speaks of the results shown only.
        ...(partial && (answer.partial === true || ("noneWhole" in answer && answer.noneWhole)) ? { noSectionWhole: true as const } : {}),
        // The words no section holds: of a partial answer's words none of its results holds, the text names the others' search.
        ...(partial ? { unheld: [...unheld] } : {}),
        ...(cjkHint ? { cjkHint } : {})
      }
    })
  )

