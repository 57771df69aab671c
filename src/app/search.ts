/**
 * `skc search` (RFC-0004:C-SEARCH, C-QUERY-SYNTAX, C-ERRORS, DECISIONS #37,
 * issue 14): BM25-ranked full-text search over one skill's index, or over
 * every built skill that resolves from the cwd (`--all`, `skc_search`
 * without `skill`). E004 for an empty query comes first (no I/O needed),
 * then resolution, then the index selection of RFC-0004 (E002/E003). No
 * results is an empty list, not an error.
 *
 * The steps (the why is in docs/search.md):
 * 1. the RFC's AND query in every index searched; when it finds anything,
 *    that is the whole answer;
 * 2. otherwise, for two or more terms, the query's content words joined by
 *    OR (`partial: true`), ranked by how many of them a section holds;
 * 3. per index, a section whose descendant also matched is dropped unless
 *    its own text matches too (no echo of parents);
 * 4. ranking (terms held, then BM25; across skills BM25 with the IDF of all
 *    searched indexes), then `limit`, then excerpts for the rows returned
 *    only (their cost grows with the text, never with the rows matched).
 */
import { Effect, Schema } from "effect"
import { EmptyQuery, errorHeadline, IndexUnusable, isSkcError, Warning } from "../domain/errors.js"
import { unsegmentCjk } from "../domain/search/cjk.js"
import { anyOfExpression, queryTokens, termOf } from "../domain/search/query.js"
import {
  COLUMN_WEIGHTS,
  compareRanked,
  answersForItself,
  fallbackTokens,
  globalScore,
  minTermsHeld,
  type Rankable
} from "../domain/search/rank.js"
import { Diagnostics, verbose } from "../ports/Diagnostics.js"
import { Env } from "../ports/Env.js"
import type { IndexReadFailed, RowPlace } from "../ports/SearchIndex.js"
import { recordAccesses } from "./accessLog.js"
// A foreign skill (DECISIONS #38) is indexed on demand into its cache; every other skill keeps E002.
import { openForQueryOnDemand as openForQuery, type QueryableIndex } from "./indexing.js"
import { resolveSkill, type ResolvedSkill } from "./resolve.js"
import { skillsInScope } from "./skillsInScope.js"

export const DEFAULT_LIMIT = 10

export const SearchInput = Schema.Struct({
  skill: Schema.optional(
    Schema.String.annotations({ description: "Skill name or path; omit to search every built skill visible from the working directory" })
  ),
  query: Schema.String.annotations({
    description: "Words to find (any order); sections holding every word come first, else those holding the most of them"
  }),
  limit: Schema.optional(Schema.Int.pipe(Schema.positive())).annotations({ description: `Maximum results (default ${DEFAULT_LIMIT})` }),
  skills: Schema.optional(
    Schema.Array(Schema.String).annotations({ description: "Without skill: search only these skills (names or paths)" })
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
  /** BM25, negated: positive, higher is better (across skills: with the IDF of all searched indexes). */
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

interface Opened {
  readonly skill: ResolvedSkill
  readonly q: QueryableIndex
}

/** A ranked row of one index, before its place is known. */
interface Scored extends Rankable {
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
  /** Whether a row may answer, given its place: no echo of its subsections. */
  readonly answers: (place: RowPlace) => boolean
}

const corrupt = (skill: ResolvedSkill) => (e: IndexReadFailed) => new IndexUnusable({ skill: skill.name, reason: `corrupt (${e.message})` })

/**
 * Run one mode (`all`: every term; `any`: at least one) on one index: the
 * matching rows with their scores and terms held, and the parent rule.
 * Places are not read here: a large skill has tens of thousands of
 * matching rows, and only the few that are returned need one (`pick`).
 * With `perTerm`, each row's score per term and the counts the IDF needs.
 */
const evaluate = (opened: Opened, tokens: ReadonlyArray<string>, mode: "all" | "any", perTerm: boolean, first?: number) =>
  Effect.gen(function* () {
    const { index, tokenizer } = opened.q
    const terms = tokens.map((t) => termOf(t, tokenizer))
    const match = mode === "all" ? terms.join(" ") : anyOfExpression(terms)
    const ranked = yield* index.rank(match, COLUMN_WEIGHTS, first)
    if (ranked.length === 0) return { opened, scored: [], rows: 0, hits: [], answers: () => false } satisfies Evaluated
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
    const heldBy = (rowid: number) => (needTerms ? byTerm.filter((m) => m.has(rowid)).length : terms.length)
    // A section with subsections answers only if its own text matches as it does:
    // every term (AND), or every term the whole section holds (OR).
    let ownAnswers: (rowid: number) => boolean
    if (mode === "all" || terms.length === 1) {
      const own = new Set(yield* index.ownMatching(match))
      ownAnswers = (rowid) => own.has(rowid)
    } else {
      const ownHeld = new Map<number, number>()
      for (const term of terms) for (const id of yield* index.ownMatching(term)) ownHeld.set(id, (ownHeld.get(id) ?? 0) + 1)
      ownAnswers = (rowid) => (ownHeld.get(rowid) ?? 0) >= heldBy(rowid)
    }
    const floor = mode === "all" ? terms.length : minTermsHeld(terms.length)
    const scored: Array<Scored> = []
    for (const r of ranked) {
      const termsHeld = heldBy(r.rowid)
      if (termsHeld < floor) continue
      const termScores = perTerm ? byTerm.map((m) => m.get(r.rowid) ?? 0) : undefined
      scored.push({ skill: opened.skill.name, rowid: r.rowid, score: r.score, termsHeld, ...(termScores ? { termScores } : {}) })
    }
    return {
      opened,
      scored,
      rows: perTerm ? yield* index.rowCount : 0,
      hits: byTerm.map((m) => m.size),
      answers: (place: RowPlace) => answersForItself(place, ownAnswers)
    } satisfies Evaluated
  }).pipe(Effect.mapError(corrupt(opened.skill)))

/**
 * The first `limit` rows of `ordered` (rows of `e`, in answer order) that
 * answer for themselves, reading places a batch at a time.
 */
const pick = (e: Evaluated, ordered: ReadonlyArray<Rankable>, limit: number) =>
  Effect.gen(function* () {
    const chosen: Array<Candidate> = []
    const batch = Math.max(32, limit * 2)
    for (let at = 0; at < ordered.length && chosen.length < limit; at += batch) {
      const slice = ordered.slice(at, at + batch)
      const places = new Map((yield* e.opened.q.index.places(slice.map((r) => r.rowid))).map((p) => [p.rowid, p]))
      for (const r of slice) {
        const place = places.get(r.rowid)
        if (place === undefined || !e.answers(place)) continue
        chosen.push({ skill: r.skill, rowid: r.rowid, termsHeld: r.termsHeld, score: r.score, opened: e.opened, place })
        if (chosen.length === limit) break
      }
    }
    return chosen as ReadonlyArray<Candidate>
  }).pipe(Effect.mapError(corrupt(e.opened.skill)))

/** The returned rows with their excerpts, names restored from the cjk segmentation. */
const render = (chosen: ReadonlyArray<Candidate>, tokens: ReadonlyArray<string>, mode: "all" | "any", withSkill: boolean) =>
  Effect.forEach(chosen, (c) =>
    Effect.gen(function* () {
      const { index, tokenizer } = c.opened.q
      const terms = tokens.map((t) => termOf(t, tokenizer))
      const match = mode === "all" ? terms.join(" ") : anyOfExpression(terms)
      const snippet = yield* index.excerpt(match, c.rowid).pipe(Effect.mapError(corrupt(c.opened.skill)))
      const restore = tokenizer.segmentsCjk ? unsegmentCjk : (s: string) => s
      const item: SearchResultItem = {
        ...(withSkill ? { skill: c.skill } : {}),
        file: c.place.file,
        section: restore(c.place.section),
        line: c.place.line,
        end_line: c.place.end_line,
        snippet: restore(snippet),
        score: c.score
      }
      return item
    })
  )

const searchOne = (input: SearchInput, name: string) =>
  Effect.scoped(
    Effect.gen(function* () {
      const skill = yield* resolveSkill(name)
      const q = yield* openForQuery(skill)
      const opened: Opened = { skill, q }
      const tokens = queryTokens(input.query)
      const limit = input.limit ?? DEFAULT_LIMIT
      // The RFC's ranking: BM25 alone, best first (the order of `rank`). The best few rows usually
      // suffice; only when parent elimination leaves fewer than `limit` of them is every row read.
      const window = Math.max(4 * limit, 40)
      let all = yield* evaluate(opened, tokens, "all", false, window)
      let chosen = yield* pick(all, all.scored, limit)
      if (chosen.length < limit && all.scored.length === window) {
        all = yield* evaluate(opened, tokens, "all", false)
        chosen = yield* pick(all, all.scored, limit)
      }
      if (chosen.length > 0) {
        const results = yield* render(chosen, tokens, "all", false)
        return { query: input.query, results } satisfies SearchResult as SearchResult
      }
      const fallback = fallbackTokens(tokens)
      if (tokens.length < 2 || fallback.length === 0) return { query: input.query, results: [] } satisfies SearchResult as SearchResult
      const any = yield* evaluate(opened, fallback, "any", false)
      const partial = yield* pick(any, [...any.scored].sort(compareRanked), limit)
      if (partial.length === 0) return { query: input.query, results: [] } satisfies SearchResult as SearchResult
      const results = yield* render(partial, fallback, "any", false)
      return { query: input.query, partial: true, results } satisfies SearchResult as SearchResult
    })
  )

// ---------------------------------------------------------------------------
// Across skills
// ---------------------------------------------------------------------------

/** The skills `--all` searches: the ones named (`--skill a,b`), else every one visible from the cwd. */
const skillsToSearch = (input: SearchInput) =>
  input.skills !== undefined && input.skills.length > 0
    ? Effect.forEach(input.skills, (s) => resolveSkill(s))
    : // Every name that resolves from the cwd (stores, then agent directories, DECISIONS #38), as it resolves.
      skillsInScope

const reasonOf = (e: unknown): string =>
  e instanceof IndexUnusable ? (e.reason === "missing" ? "not built" : `index unusable (${e.reason}); run 'skc build ${e.skill}'`) : isSkcError(e) ? errorHeadline(e) : String(e)

/**
 * Search several skills and merge: AND in all of them first; only when none
 * finds anything, the OR fallback in all of them. Each result carries its
 * skill; each skill searched gets one access-log row (RFC-0004:C-LOGGING).
 */
const searchAcross = (input: SearchInput) =>
  Effect.scoped(
    Effect.gen(function* () {
      const diagnostics = yield* Diagnostics
      const tokens = queryTokens(input.query)
      const limit = input.limit ?? DEFAULT_LIMIT
      const skills = yield* skillsToSearch(input)
      const opened: Array<Opened> = []
      const skipped: Array<{ skill: string; reason: string }> = []
      const failures = new Map<string, string>()
      for (const skill of skills) {
        const q = yield* Effect.either(openForQuery(skill))
        if (q._tag === "Right") {
          opened.push({ skill, q: q.right })
          continue
        }
        const reason = reasonOf(q.left)
        skipped.push({ skill: skill.name, reason })
        // A skill never built is simply not searchable; anything else deserves a word.
        if (reason === "not built") yield* verbose(`search --all: '${skill.name}' is not built; skipped`)
        else {
          yield* diagnostics.warn(Warning.notice(`skipping '${skill.name}': ${reason}`))
          if (isSkcError(q.left)) failures.set(skill.name, errorHeadline(q.left))
        }
      }

      const run = (toks: ReadonlyArray<string>, mode: "all" | "any") =>
        Effect.gen(function* () {
          const per = yield* Effect.forEach(opened, (o) => evaluate(o, toks, mode, true))
          // BM25 with the IDF of all searched indexes together (docs/search.md).
          const global = {
            rows: per.reduce((n, e) => n + e.rows, 0),
            hits: toks.map((_, i) => per.reduce((n, e) => n + (e.hits[i] ?? 0), 0))
          }
          // Each index gives its best `limit` answers in the merged order; the merge keeps the best `limit` of all.
          const picked = yield* Effect.forEach(per, (e) => {
            const rescored = e.scored.map((r) => ({ ...r, score: globalScore(r.termScores ?? [], { rows: e.rows, hits: e.hits }, global) }))
            return pick(e, rescored.sort(compareRanked), limit)
          })
          return picked.flat()
        })

      let mode: "all" | "any" = "all"
      let used = tokens
      let candidates = yield* run(tokens, "all")
      const fallback = fallbackTokens(tokens)
      if (candidates.length === 0 && tokens.length >= 2 && fallback.length > 0) {
        mode = "any"
        used = fallback
        candidates = yield* run(fallback, "any")
      }
      const chosen = [...candidates].sort(compareRanked).slice(0, limit)
      const results = yield* render(chosen, used, mode, true)
      const result: SearchResult = {
        query: input.query,
        ...(mode === "any" && results.length > 0 ? { partial: true as const } : {}),
        results,
        ...(skipped.length > 0 ? { skipped } : {})
      }
      // One row per skill searched, its own result count (or why it could not be searched).
      // SKC_BENCH_DISABLE_LOG: the benchmark-only switch `logged` honours too (bench/search.mjs splits the cost).
      if ((yield* Env).get("SKC_BENCH_DISABLE_LOG") === "1") return result
      // One batch: the shared parts of the rows are taken once (issue 14).
      yield* recordAccesses([
        ...opened.map((o) => ({
          command: "search",
          skill: o.skill,
          args: { query: input.query, result_count: results.filter((r) => r.skill === o.skill.name).length, ...(result.partial === true ? { partial: true } : {}) },
          error: null
        })),
        ...skills.flatMap((s) => {
          const error = failures.get(s.name)
          return error === undefined ? [] : [{ command: "search", skill: s, args: { query: input.query, result_count: 0 }, error }]
        })
      ])
      return result
    })
  )
