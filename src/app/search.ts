/**
 * `skc search` (RFC-0004:C-SEARCH, C-QUERY-SYNTAX, C-ERRORS, DECISIONS #37,
 * issue 14): BM25-ranked full-text search over one skill's index, or over
 * every built skill that resolves from the cwd (`--all`, `skc_search`
 * without `skill`). E004 for an empty query comes first (no I/O needed),
 * then resolution, then the index selection of RFC-0004 (E002/E003). No
 * results is an empty list, not an error.
 *
 * The steps (the why is in docs/search.md):
 * 1. one skill: the RFC's AND query; when it finds anything, that is the
 *    whole answer; otherwise, for two or more terms, the query's content
 *    words joined by OR (`partial: true`), ranked by how many of them a
 *    section holds (DECISIONS #37);
 * 2. every skill (DECISIONS #44): the content words in every index, ranked
 *    as one collection (words held — the skill's name and description
 *    counting as a heading above its files —, then BM25 with the IDF of all
 *    indexes);
 * 3. per index, a section whose descendant also matched is dropped unless
 *    its own text matches too (no echo of parents);
 * 4. excerpts for the rows returned only (their cost grows with the text,
 *    never with the rows matched).
 */
import { Effect, Schema } from "effect"
import { EmptyQuery, errorHeadline, IndexUnusable, isSkcError, Warning } from "../domain/errors.js"
import { segmentCjk, unsegmentCjk } from "../domain/search/cjk.js"
import { heldPhrases, phrasesOf, tokenNormalizer } from "../domain/search/excerpt.js"
import { anyOfExpression, inHeading, queryTokens, termOf } from "../domain/search/query.js"
import {
  COLUMN_WEIGHTS,
  compareRanked,
  answersForItself,
  fallbackTokens,
  fts5Idf,
  globalScore,
  inheritedTerms,
  minTermsHeld,
  termCount,
  type HeadingHolder,
  type Rankable
} from "../domain/search/rank.js"
import { Diagnostics, verbose } from "../ports/Diagnostics.js"
import { Path } from "effect/Path"
import { hash16Of } from "../domain/search/indexState.js"
import { compareBytewise } from "../domain/sourcePaths.js"
import { Env } from "../ports/Env.js"
import { FileSystem } from "../ports/FileSystem.js"
import { Hasher } from "../ports/Hasher.js"
import { SearchIndex, type IndexReadFailed, type RankedRow, type RowPlace } from "../ports/SearchIndex.js"
import { Settings } from "./Settings.js"
import { recordAccesses, recordUnansweredAcrossSkills } from "./accessLog.js"
// A foreign skill (DECISIONS #38) is indexed on demand into its cache; every other skill keeps E002.
import { openForQueryOnDemand as openForQuery, type QueryableIndex } from "./indexing.js"
import { resolveSkill, type ResolvedSkill } from "./resolve.js"
import { skillsInScope } from "./skillsInScope.js"

export const DEFAULT_LIMIT = 10

export const SearchInput = Schema.Struct({
  skill: Schema.optional(
    Schema.String.annotate({ description: "Skill name or path; omit for every built skill" })
  ),
  query: Schema.String.annotate({
    description: "Words to find"
  }),
  limit: Schema.optional(Schema.Int.check(Schema.isGreaterThan(0))).annotate({ description: `Maximum results (default ${DEFAULT_LIMIT})` }),
  skills: Schema.optional(
    Schema.Array(Schema.String).annotate({ description: "Without skill: only these skills" })
  )
})
export type SearchInput = typeof SearchInput.Type

export interface SearchResultItem {
  /** Only when several skills were searched. */
  readonly skill?: string
  readonly file: string
  /** Heading text; `""` for a `.txt` file or text before a file's first heading. */
  readonly section: string
  /** 1-based line where the section (or preamble) starts. */
  readonly line: number
  /** Exclusive end line (the next same-or-higher heading, or EOF+1). */
  readonly end_line: number
  /** `[MATCH]…[/MATCH]` around hits, `...` where text was left out, at most 32 tokens. */
  readonly snippet: string
  /**
   * BM25, negated: positive, higher is better. Across skills: with the IDF of all searched indexes, plus
   * what the skill's name and description hold (DECISIONS #44).
   */
  readonly score: number
}

/** The `--format json` document (RFC-0004:C-SEARCH) and MCP structured content. */
export interface SearchResult {
  readonly query: string
  /** DECISIONS #37: present (true) only when no section holds every word. */
  readonly partial?: true
  readonly results: ReadonlyArray<SearchResultItem>
  /** Across skills: the skills that could not be searched, and why. */
  readonly skipped?: ReadonlyArray<{ readonly skill: string; readonly reason: string }>
}

export const search = (input: SearchInput) =>
  Effect.gen(function* () {
    // E004 needs no skill and no index: it is checked before any I/O.
    if (queryTokens(input.query).length === 0) return yield* Effect.fail(new EmptyQuery())
    return input.skill !== undefined ? yield* searchOne(input, input.skill) : yield* searchAcross(input)
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
    ? { query: input.query, result_count: result?.results.length ?? 0, partial: true }
    : { query: input.query, result_count: result?.results.length ?? 0 }
}

// ---------------------------------------------------------------------------
// One index
// ---------------------------------------------------------------------------

/** An index to query: one skill's, or the one index over several skills (DECISIONS #44). */
interface Opened {
  readonly q: QueryableIndex
  /** Named when the index cannot be read. */
  readonly skill: ResolvedSkill
  /** The skill a row comes from. */
  readonly skillOf: (rowid: number) => ResolvedSkill
  /** A row's file among every file of the index: several skills each have a SKILL.md. */
  readonly fileKey: (place: RowPlace) => string
}

/** One skill's own index. */
const ownIndex = (skill: ResolvedSkill, q: QueryableIndex): Opened => ({ q, skill, skillOf: () => skill, fileKey: (p) => p.file })

/** The words a row's skill has in its name and description (bits), given the rows that matched. */
type Describe = (
  opened: Opened,
  words: ReadonlyArray<string>,
  rowids: ReadonlyArray<number>
) => Effect.Effect<(rowid: number) => number, IndexReadFailed>

/** A ranked row of one index, before its place is known. */
interface Scored extends Rankable {
  /** Partial query: the words it holds (bits, word i: bit i), in its text or in the headings above it. */
  readonly held?: number
  /** Score of each searched term alone, in this index (0: not held). Only when the IDF across indexes needs it. */
  readonly termScores?: ReadonlyArray<number>
}

/** A row chosen for the answer, with its place. */
interface Candidate extends Rankable {
  readonly opened: Opened
  readonly place: RowPlace
}

/** One index's matches for one mode, ready to be picked from in any order. */
interface Evaluated {
  readonly opened: Opened
  /** The matching rows that hold enough terms (all of them for AND), best first by local BM25. */
  readonly scored: ReadonlyArray<Scored>
  /** Documents in the index, and per term how many hold it (for the IDF across indexes). */
  readonly rows: number
  readonly hits: ReadonlyArray<number>
  /** Whether a row may answer, given its place: no echo of its subsections. Call `prepare` with the places first. */
  readonly answers: (place: RowPlace) => boolean
  /** Reads what `answers` needs for these places (the own-text matches, only once a section with subsections comes up). */
  readonly prepare: (places: ReadonlyArray<RowPlace>) => Effect.Effect<void, IndexReadFailed>
  /** Places already read (by rowid); `pick` adds to them. */
  readonly known: Map<number, RowPlace>
  /** The words a row's skill's name and description hold (bits; 0 unless asked for and the index matched). */
  readonly describedOf: (rowid: number) => number
}

const corrupt = (skill: ResolvedSkill) => (e: IndexReadFailed) => new IndexUnusable({ skill: skill.name, reason: `corrupt (${e.message})` })

/** Places are read this many rows at a time (one JSON list of rowids each). */
const PLACES_BATCH = 4096

/**
 * The partial query's words held through headings: the sections whose
 * heading holds any of the words (one query) and, when one of them has
 * subsections, which words each holds (one query per word); for the rows
 * matched (`ranked`) under such a heading, the words of those headings
 * (bits, as `textTerms`). Places of the matched rows are read only when such
 * a heading exists, and only for the rows
 * `mayGain` says could gain from it (`reach`: every word such headings hold);
 * they are kept in `known`.
 */
const headingTerms = (
  index: QueryableIndex["index"],
  fileKey: Opened["fileKey"],
  terms: ReadonlyArray<string>,
  ranked: ReadonlyArray<RankedRow>,
  mayGain: (rowid: number, reach: number) => boolean,
  known: Map<number, RowPlace>
) =>
  Effect.gen(function* () {
    // One query for the headings holding any of the words; only those with subsections matter.
    const anyHeading = (yield* index.rank(inHeading(anyOfExpression(terms)), COLUMN_WEIGHTS)).map((r) => r.rowid)
    const parents: Array<RowPlace> = []
    for (const p of anyHeading.length === 0 ? [] : yield* index.places(anyHeading)) {
      known.set(p.rowid, p)
      if (p.subsections === 1) parents.push(p)
    }
    const holders = new Map<string, Array<HeadingHolder>>()
    let reach = 0
    if (parents.length > 0) {
      // Which word each heading holds: one query per word.
      const headed = new Map<number, number>()
      for (const [i, term] of terms.entries()) {
        for (const r of yield* index.rank(inHeading(term), COLUMN_WEIGHTS)) headed.set(r.rowid, (headed.get(r.rowid) ?? 0) | (1 << i))
      }
      for (const p of parents) {
        const terms = headed.get(p.rowid) ?? 0
        reach |= terms
        const key = fileKey(p)
        const inFile = holders.get(key) ?? []
        if (inFile.length === 0) holders.set(key, inFile)
        inFile.push({ file: p.file, line: p.line, end_line: p.end_line, terms })
      }
    }
    if (holders.size === 0) return (_rowid: number) => 0
    const missing = ranked.filter((r) => !known.has(r.rowid) && mayGain(r.rowid, reach)).map((r) => r.rowid)
    for (let at = 0; at < missing.length; at += PLACES_BATCH) {
      for (const p of yield* index.places(missing.slice(at, at + PLACES_BATCH))) known.set(p.rowid, p)
    }
    const inherited = new Map<number, number>()
    for (const r of ranked) {
      const place = known.get(r.rowid)
      const mask = place === undefined ? 0 : inheritedTerms(holders, { file: fileKey(place), line: place.line })
      if (mask !== 0) inherited.set(r.rowid, mask)
    }
    return (rowid: number) => inherited.get(rowid) ?? 0
  })

/**
 * Run one mode (`all`: every term; `any`: at least one) on one index: the
 * matching rows with their scores and terms held, and the parent rule.
 * Places are not read here (a large skill has tens of thousands of
 * matching rows, and only the few that are returned need one, `pick`),
 * except for the partial query when a heading holding one of its words has
 * subsections: the rows under it hold that word too (`headingTerms`).
 * With `perTerm`, each row's score per term and the counts the IDF needs.
 * `describe` (across skills, the partial query only): the words the
 * skill's name and description hold, held by every row of the skill as
 * if a heading above all its files held them (DECISIONS #44); read only
 * when the index matched at all.
 */
const evaluate = (
  opened: Opened,
  tokens: ReadonlyArray<string>,
  mode: "all" | "any",
  perTerm: boolean,
  first?: number,
  describe?: Describe
) =>
  Effect.gen(function* () {
    const { index, tokenizer } = opened.q
    const terms = tokens.map((t) => termOf(t, tokenizer))
    const match = mode === "all" ? terms.join(" ") : anyOfExpression(terms)
    const ranked = yield* index.rank(match, COLUMN_WEIGHTS, first)
    // Places read on the way (the partial query's headings), kept for `pick`.
    const known = new Map<number, RowPlace>()
    if (ranked.length === 0)
      return { opened, scored: [], rows: 0, hits: [], answers: () => false, prepare: () => Effect.void, known, describedOf: () => 0 } satisfies Evaluated
    const describedOf = describe === undefined ? () => 0 : yield* describe(opened, tokens, ranked.map((r) => r.rowid))
    // Per term: the rows holding it and their score for it alone (only when ranking needs it).
    const needTerms = perTerm || (mode === "any" && terms.length > 1)
    const byTerm: Array<ReadonlyMap<number, number>> = []
    if (needTerms) {
      for (const term of terms) {
        // A one-term query is its own per-term query: no second round trip.
        const rows = terms.length === 1 ? ranked : yield* index.rank(term, COLUMN_WEIGHTS)
        byTerm.push(new Map(rows.map((r) => [r.rowid, r.score])))
      }
    }
    // The words a row's own text holds, as bits (word i: bit i; the partial query has at most 32 words).
    const textTerms = (rowid: number) => byTerm.reduce((mask, m, i) => (m.has(rowid) ? mask | (1 << i) : mask), 0)
    // Partial query only: the words the headings above a row hold count as held by it.
    const partial = mode === "any" && terms.length > 1
    const floor = mode === "all" ? terms.length : minTermsHeld(terms.length)
    // A row gains from headings only if they hold a word it lacks; it matters only if it can then reach the floor.
    const mayGain = (rowid: number, reach: number) => {
      const own = textTerms(rowid) | describedOf(rowid)
      return (own | reach) !== own && termCount(own | reach) >= floor
    }
    const inherited = partial ? yield* headingTerms(index, opened.fileKey, terms, ranked, mayGain, known) : () => 0
    const heldBy = (rowid: number) =>
      !needTerms
        ? terms.length
        : partial
          ? termCount(textTerms(rowid) | inherited(rowid) | describedOf(rowid))
          : byTerm.filter((m) => m.has(rowid)).length
    // A section with subsections answers only if its own text matches as it does:
    // every term (AND), or every term the whole section holds that no heading above it holds (OR).
    // Read only when such a section comes up for picking: most answers are leaf sections, and
    // across skills every index skipped is a query saved (issue 25).
    let ownAnswers: ((rowid: number) => boolean) | undefined
    const loadOwn = Effect.gen(function* () {
      if (!partial) {
        const own = new Set(yield* index.ownMatching(match))
        ownAnswers = (rowid) => own.has(rowid)
      } else {
        const ownTerms = new Map<number, number>()
        for (const [i, term] of terms.entries()) for (const id of yield* index.ownMatching(term)) ownTerms.set(id, (ownTerms.get(id) ?? 0) | (1 << i))
        ownAnswers = (rowid) => (textTerms(rowid) & ~((ownTerms.get(rowid) ?? 0) | inherited(rowid))) === 0
      }
    })
    const prepare = (places: ReadonlyArray<RowPlace>) =>
      ownAnswers === undefined && places.some((p) => p.subsections === 1) ? loadOwn : Effect.void
    const scored: Array<Scored> = []
    for (const r of ranked) {
      const termsHeld = heldBy(r.rowid)
      if (termsHeld < floor) continue
      const termScores = perTerm ? byTerm.map((m) => m.get(r.rowid) ?? 0) : undefined
      const held = partial ? textTerms(r.rowid) | inherited(r.rowid) : undefined
      scored.push({ skill: opened.skillOf(r.rowid).name, rowid: r.rowid, score: r.score, termsHeld, ...(termScores ? { termScores } : {}), ...(held !== undefined ? { held } : {}) })
    }
    return {
      opened,
      scored,
      rows: perTerm ? yield* index.rowCount : 0,
      hits: byTerm.map((m) => m.size),
      answers: (place: RowPlace) =>
        answersForItself(place, (rowid) => {
          if (ownAnswers === undefined) throw new Error("search: answers() before prepare()")
          return ownAnswers(rowid)
        }),
      prepare,
      known,
      describedOf
    } satisfies Evaluated
  }).pipe(Effect.mapError(corrupt(opened.skill)))

/**
 * The first `limit` rows of `ordered` (rows of `e`, in answer order) that
 * answer for themselves, reading places a batch at a time (those not yet
 * known: a second pick in another order reads only the new ones).
 */
const pick = (e: Evaluated, ordered: ReadonlyArray<Rankable>, limit: number) =>
  Effect.gen(function* () {
    const known = e.known
    const chosen: Array<Candidate> = []
    const batch = Math.max(32, limit * 2)
    for (let at = 0; at < ordered.length && chosen.length < limit; at += batch) {
      const slice = ordered.slice(at, at + batch)
      const missing = slice.filter((r) => !known.has(r.rowid)).map((r) => r.rowid)
      if (missing.length > 0) for (const p of yield* e.opened.q.index.places(missing)) known.set(p.rowid, p)
      yield* e.prepare(slice.flatMap((r) => known.get(r.rowid) ?? []))
      for (const r of slice) {
        const place = known.get(r.rowid)
        if (place === undefined || !e.answers(place)) continue
        chosen.push({ skill: r.skill, rowid: r.rowid, termsHeld: r.termsHeld, score: r.score, opened: e.opened, place })
        if (chosen.length === limit) break
      }
    }
    return chosen as ReadonlyArray<Candidate>
  }).pipe(Effect.mapError(corrupt(e.opened.skill)))

/** A row to return, with the words and the mode of the query that found it (its excerpt marks those). */
interface Found {
  readonly c: Candidate
  readonly tokens: ReadonlyArray<string>
  readonly mode: "all" | "any"
}

/**
 * The returned rows with their excerpts, names restored from the cjk
 * segmentation: one excerpt query per index and query (the rows of one
 * answer share both, except the legacy merge of several indexes).
 */
const render = (found: ReadonlyArray<Found>, withSkill: boolean) =>
  Effect.gen(function* () {
    const matchOf = ({ c, tokens, mode }: Found) => {
      const terms = tokens.map((t) => termOf(t, c.opened.q.tokenizer))
      return mode === "all" ? terms.join(" ") : anyOfExpression(terms)
    }
    const batches = new Map<Opened, Map<string, Array<number>>>()
    for (const f of found) {
      const byMatch = batches.get(f.c.opened) ?? new Map<string, Array<number>>()
      batches.set(f.c.opened, byMatch)
      const match = matchOf(f)
      const rowids = byMatch.get(match) ?? []
      if (rowids.length === 0) byMatch.set(match, rowids)
      rowids.push(f.c.rowid)
    }
    const snippets = new Map<Opened, Map<string, ReadonlyMap<number, string>>>()
    for (const [opened, byMatch] of batches) {
      const got = new Map<string, ReadonlyMap<number, string>>()
      snippets.set(opened, got)
      for (const [match, rowids] of byMatch) {
        got.set(match, yield* opened.q.index.excerpts(match, rowids).pipe(Effect.mapError(corrupt(opened.skill))))
      }
    }
    return found.map((f): SearchResultItem => {
      const { c } = f
      const restore = c.opened.q.tokenizer.segmentsCjk ? unsegmentCjk : (s: string) => s
      return {
        ...(withSkill ? { skill: c.skill } : {}),
        file: c.place.file,
        section: restore(c.place.section),
        line: c.place.line,
        end_line: c.place.end_line,
        snippet: restore(snippets.get(c.opened)?.get(matchOf(f))?.get(c.rowid) ?? ""),
        score: c.score
      }
    })
  })

/**
 * The order `skc search <skill>` gives one index's rows: its
 * own BM25 for the AND query (the order of `rank`), terms held then its own
 * BM25 for the partial one.
 */
const ownOrder = <R extends Rankable>(scored: ReadonlyArray<R>, mode: "all" | "any"): ReadonlyArray<R> =>
  mode === "all" ? scored : [...scored].sort(compareRanked)

/**
 * One skill's own answer, before excerpts (RFC-0004, DECISIONS #37): the AND
 * query of every token when it finds anything, else the partial query of
 * the content words: what `skc search <skill>` returns.
 */
const ownAnswer = (opened: Opened, tokens: ReadonlyArray<string>, limit: number) =>
  Effect.gen(function* () {
    // The RFC's ranking: BM25 alone, best first (the order of `rank`). The best few rows usually
    // suffice; only when parent elimination leaves fewer than `limit` of them is every row read.
    const window = Math.max(4 * limit, 40)
    let all = yield* evaluate(opened, tokens, "all", false, window)
    let chosen = yield* pick(all, ownOrder(all.scored, "all"), limit)
    if (chosen.length < limit && all.scored.length === window) {
      all = yield* evaluate(opened, tokens, "all", false)
      chosen = yield* pick(all, ownOrder(all.scored, "all"), limit)
    }
    if (chosen.length > 0) return chosen.map((c): Found => ({ c, tokens, mode: "all" }))
    const fallback = fallbackTokens(tokens)
    if (tokens.length < 2 || fallback.length === 0) return []
    const any = yield* evaluate(opened, fallback, "any", false)
    const partial = yield* pick(any, ownOrder(any.scored, "any"), limit)
    return partial.map((c): Found => ({ c, tokens: fallback, mode: "any" }))
  })

const searchOne = (input: SearchInput, name: string) =>
  Effect.scoped(
    Effect.gen(function* () {
      const skill = yield* resolveSkill(name)
      const q = yield* openForQuery(skill)
      const found = yield* ownAnswer(ownIndex(skill, q), queryTokens(input.query), input.limit ?? DEFAULT_LIMIT)
      const results = yield* render(found, false)
      const partial = found.length > 0 && found[0]!.mode === "any"
      return { query: input.query, ...(partial ? { partial: true as const } : {}), results } satisfies SearchResult as SearchResult
    })
  )

// ---------------------------------------------------------------------------
// Across skills
// ---------------------------------------------------------------------------

/**
 * The searched words that the skill's name and description hold (bits, as
 * `textTerms`), tokenized and stemmed as its index is. The description is
 * the one the index recorded for SKILL.md; an index without `source_files`
 * (written before issue 16) contributes the name alone.
 */
const describedTerms = (skill: ResolvedSkill, q: QueryableIndex, words: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const { index, tokenizer, meta } = q
    const files = yield* index.sourceFiles
    const description = files?.find((f) => f.path === "SKILL.md")?.description ?? ""
    const text = `${skill.name} ${description}`
    const normalize = tokenNormalizer(meta.tokenizer.endsWith("porter"))
    // One phrase per word, in order (a word without tokens is an empty phrase, never held).
    const phrases = words.map((w) => phrasesOf(termOf(w, tokenizer), normalize)[0] ?? [])
    const held = heldPhrases(tokenizer.segmentsCjk ? segmentCjk(text, " ") : text, phrases, normalize)
    return held.reduce((mask, h, i) => (h ? mask | (1 << i) : mask), 0)
  })

/** One skill's index: the same words for every row. */
const describeOwn: Describe = (opened, words) => Effect.map(describedTerms(opened.skill, opened.q, words), (mask) => () => mask)

/** A skill searched across skills: its resolution and its own opened index. */
interface Searched {
  readonly skill: ResolvedSkill
  readonly q: QueryableIndex
}

/**
 * The one index over `searched` (DECISIONS #44, ../adapters/sqlite/acrossIndex.ts),
 * in the cache under a name that hashes the member index files; undefined
 * when it cannot be had (fewer than two skills, an index kept in memory, an
 * adapter without it, a cache that cannot be written): each index is then
 * asked in turn and their rows ranked as one collection here.
 */
const acrossIndex = (searched: ReadonlyArray<Searched>) =>
  Effect.gen(function* () {
    const searchIndex = yield* SearchIndex
    const paths = searched.flatMap((s) => (s.q.path === undefined ? [] : [s.q.path]))
    if (searchIndex.across === undefined || searched.length < 2 || paths.length < searched.length) return undefined
    const tokenizer = searched[0]!.q.tokenizer
    // Every usable index has the tokenizer of this run (RFC-0004 staleness), so this holds but is cheap to check.
    if (searched.some((s) => s.q.tokenizer.recorded !== tokenizer.recorded)) return undefined
    const path = yield* Path
    const hasher = yield* Hasher
    const { stores } = yield* Settings
    const name = hash16Of(hasher.sha256Hex([tokenizer.recorded, ...[...paths].sort(compareBytewise)].join("\0")))
    const file = path.join(stores.globalDir, "cache", "across", `search-${name}.db`)
    const got = yield* Effect.result(searchIndex.across(file, paths, tokenizer))
    if (got._tag === "Failure") {
      yield* verbose(`search --all: no index over every skill at ${file} (${got.failure.message}); asking each index`)
      return undefined
    }
    const { index, memberOf } = got.success
    if (index.meta._tag !== "Present") return undefined
    const member = (rowid: number) => {
      const m = searched[memberOf(rowid)]
      if (m === undefined) throw new Error(`search --all: row ${rowid} of ${file} belongs to no searched skill`)
      return m
    }
    const opened: Opened = {
      q: { index, meta: index.meta.meta, tokenizer, path: file },
      skill: searched[0]!.skill,
      skillOf: (rowid) => member(rowid).skill,
      fileKey: (p) => `${memberOf(p.rowid)}\0${p.file}`
    }
    // Each member's name and description, from its own index, for the members whose rows matched.
    const describe: Describe = (_opened, words, rowids) =>
      Effect.gen(function* () {
        const masks = new Map<number, number>()
        for (const rowid of rowids) {
          const m = memberOf(rowid)
          if (masks.has(m)) continue
          const s = member(rowid)
          masks.set(m, yield* describedTerms(s.skill, s.q, words))
        }
        return (rowid: number) => masks.get(memberOf(rowid)) ?? 0
      })
    return { opened, describe }
  })

/** The skills `--all` searches: the ones named (`--skill a,b`), else every one visible from the cwd. */
const skillsToSearch = (input: SearchInput) =>
  input.skills !== undefined && input.skills.length > 0
    ? Effect.forEach(input.skills, (s) => resolveSkill(s))
    : // Every name that resolves from the cwd (stores, then agent directories, DECISIONS #38), as it resolves.
      skillsInScope

const reasonOf = (e: unknown): string =>
  e instanceof IndexUnusable ? (e.reason === "missing" ? "not built" : `index unusable (${e.reason}); run 'skc build ${e.skill}'`) : isSkcError(e) ? errorHeadline(e) : String(e)

/**
 * What a skill's name and description holding a searched word adds to the
 * score of each of its sections across skills: that word's IDF over every
 * searched index, weighted as a word of a heading (`COLUMN_WEIGHTS`), as if
 * the description were one heading above all the skill's files. It moves a
 * skill against the others, never its sections against each other.
 */
const describedScore = (described: number, global: { readonly rows: number; readonly hits: ReadonlyArray<number> }): number => {
  let score = 0
  global.hits.forEach((hits, i) => {
    if ((described & (1 << i)) !== 0) score += fts5Idf(global.rows, hits) * COLUMN_WEIGHTS[1]
  })
  return score
}

/**
 * The rows of `indexes` ranked as one collection (docs/search.md): the
 * content words in each index, a row holding at least half of them in its
 * text, a heading above it or its skill's name and description; by words
 * held, then BM25 with the IDF of all indexes plus what the skill's
 * description holds; the first `limit`, with their excerpts, and whether
 * each holds every word itself.
 */
const rankTogether = (
  indexes: ReadonlyArray<{ readonly opened: Opened; readonly describe: Describe }>,
  words: ReadonlyArray<string>,
  mode: "all" | "any",
  limit: number
) =>
  Effect.gen(function* () {
    // The words each skill's name and description hold (the partial query only: an AND row holds them all).
    const describing = mode === "any" && words.length > 1
    const per = yield* Effect.forEach(indexes, (x) => evaluate(x.opened, words, mode, true, undefined, describing ? x.describe : undefined))
    // BM25 with the IDF of all searched indexes together (docs/search.md).
    const global = {
      rows: per.reduce((n, e) => n + e.rows, 0),
      hits: words.map((_, i) => per.reduce((n, e) => n + (e.hits[i] ?? 0), 0))
    }
    // Per index: its best `limit` rows with the score across all indexes, and whether each holds every
    // content word itself (in its text or a heading above it: `held`; an AND row holds them all).
    const lists = yield* Effect.forEach(per, (e) => {
      const local = { rows: e.rows, hits: e.hits }
      // Words held: those of the row's text and headings count one, those only its skill's name or description
      // holds a half (they say what the skill is about, not this section; chosen on the tuning questions of
      // test/fixtures/cross-skill/, docs/search.md).
      const rescored = e.scored.map((r) => {
        const described = e.describedOf(r.rowid)
        return {
          ...r,
          termsHeld: r.held === undefined ? r.termsHeld : termCount(r.held) + termCount(described & ~r.held) / 2,
          score: globalScore(r.termScores ?? [], local, global) + describedScore(described, global)
        }
      })
      const complete = new Set(e.scored.filter((r) => r.held === undefined || termCount(r.held) === words.length).map((r) => r.rowid))
      return Effect.map(pick(e, rescored.sort(compareRanked), limit), (best) => best.map((c) => ({ c, complete: complete.has(c.rowid) })))
    })
    // One ranking of every skill's rows together.
    const chosen = lists
      .flatMap((best, list) => best.map((b) => ({ ...b, list })))
      .sort((a, b) => compareRanked(a.c, b.c) || a.list - b.list)
      .slice(0, limit)
    const results = yield* render(
      chosen.map(({ c }): Found => ({ c, tokens: words, mode })),
      true
    )
    return { chosen, results }
  })

/**
 * Search several skills as one collection (DECISIONS #44, docs/search.md):
 * the question's content words (stop words never decide a match) in every
 * index, a section holding at least half of them in its text, a heading
 * above it or its skill's name and description; ranked across all indexes
 * at once by words held, then BM25 with the IDF of all indexes plus what the
 * skill's description holds. Each result carries its skill; `partial` when
 * no returned section holds every content word itself.
 */
const searchAcross = (input: SearchInput) =>
  Effect.scoped(
    Effect.gen(function* () {
      const diagnostics = yield* Diagnostics
      const tokens = queryTokens(input.query)
      const limit = input.limit ?? DEFAULT_LIMIT
      const skills = yield* skillsToSearch(input)
      const searched: Array<Searched> = []
      const skipped: Array<{ skill: string; reason: string }> = []
      for (const skill of skills) {
        const q = yield* Effect.result(openForQuery(skill))
        if (q._tag === "Success") {
          searched.push({ skill, q: q.success })
          continue
        }
        const reason = reasonOf(q.failure)
        skipped.push({ skill: skill.name, reason })
        // A skill never built is simply not searchable; anything else deserves a word.
        if (reason === "not built") yield* verbose(`search --all: '${skill.name}' is not built; skipped`)
        else {
          yield* diagnostics.warn(Warning.notice(`skipping '${skill.name}': ${reason}`))
        }
      }

      // A question of function words only ("how to") keeps its words, as one AND query.
      const content = fallbackTokens(tokens)
      const words = content.length > 0 ? content : tokens
      const mode: "all" | "any" = content.length > 0 ? "any" : "all"
      // One index over every searched skill when it can be had, else each skill's own. The one index is a
      // cache: if it fails while answering, the answer comes from each index instead.
      const each = searched.map((s) => ({ opened: ownIndex(s.skill, s.q), describe: describeOwn }))
      const combined = yield* acrossIndex(searched)
      const { chosen, results } =
        combined === undefined
          ? yield* rankTogether(each, words, mode, limit)
          : yield* rankTogether([combined], words, mode, limit).pipe(
              Effect.catchTag("IndexUnusable", (e) =>
                Effect.gen(function* () {
                  yield* verbose(`search --all: the index over every skill failed (${e.reason}); asking each index, and removing it`)
                  // The next question builds it afresh (its members still look current, so nothing else would).
                  const fs = yield* FileSystem
                  if (combined.opened.q.path !== undefined) yield* fs.remove(combined.opened.q.path).pipe(Effect.ignore)
                  return yield* rankTogether(each, words, mode, limit)
                })
              )
            )
      // DECISIONS #37 across skills: partial when no returned section holds every content word itself.
      const partial = results.length > 0 && !chosen.some((x) => x.complete)
      const result: SearchResult = {
        query: input.query,
        ...(partial ? { partial: true as const } : {}),
        results,
        ...(skipped.length > 0 ? { skipped } : {})
      }
      // DECISIONS #44: one row in the log of each skill that contributed a returned result, none for the
      // others (a question about PDFs is no read of the house style); a question nothing answered goes once
      // to the global log, for `stats --all`, never to a skill's unanswered list.
      // SKC_BENCH_DISABLE_LOG: the benchmark-only switch `logged` honours too (bench/search.mjs splits the cost).
      if ((yield* Env).get("SKC_BENCH_DISABLE_LOG") === "1") return result
      if (results.length === 0) {
        yield* recordUnansweredAcrossSkills(input.query)
        return result
      }
      // One batch: the shared parts of the rows are taken once (issue 14).
      yield* recordAccesses(
        searched.flatMap((o) => {
          const count = results.filter((r) => r.skill === o.skill.name).length
          if (count === 0) return []
          return [{ command: "search", skill: o.skill, args: { query: input.query, result_count: count, scope: "all", ...(result.partial === true ? { partial: true } : {}) }, error: null }]
        })
      )
      return result
    })
  )
