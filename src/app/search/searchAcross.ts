/**
 * `skc search --all` and `skc_search` without `skill` (DECISIONS #44,
 * issue 14, issue 25): every skill that resolves from the cwd (or those
 * named), searched as one collection — the one index over all of them when
 * it can be had (`acrossIndex.ts` of the SQLite adapter), else each skill's own
 * index in turn — with one access-log row in each skill that answered.
 */
import { asksUnsegmentedCjk } from "../../domain/search/tokenizer.js"
import { Effect } from "effect"
import { Path } from "effect/Path"
import { errorHeadline, IndexUnusable, isSkcError, Warning } from "../../domain/errors.js"
import { hash16Of } from "../../domain/search/indexState.js"
import { queryTokens } from "../../domain/search/query.js"
import { compareRanked, everyWord, fallbackTokens, termCount, type WordStats } from "../../domain/search/rank.js"
import { RERANK_POOL, RERANK_WEIGHTS_ACROSS } from "../../domain/search/rerank.js"
import { compareBytewise } from "../../domain/sourcePaths.js"
import { Diagnostics, verbose } from "../../ports/Diagnostics.js"
import { FileSystem } from "../../ports/FileSystem.js"
import { Hasher } from "../../ports/Hasher.js"
import { SearchIndex, type IndexReadFailed } from "../../ports/SearchIndex.js"
import { SourceFreshness } from "../../ports/SourceFreshness.js"
import { Settings, touchSkill } from "../shared/index.js"
import { touchUnansweredAcrossSkills } from "../usage/index.js"
// A foreign skill (DECISIONS #38) is indexed on demand into its cache; every other skill keeps E002.
import { openForQueryOnDemand as openForQuery, type QueryableIndex } from "../build/index.js"
import { resolveSkill, type ResolvedSkill } from "../skills/index.js"
import { DEFAULT_LIMIT, type SearchInput, type SearchResult, type WholeFurther } from "./searchSchema.js"
import { describedTerms, describeOwn, noSectionHoldsAll, evaluate, ownIndex, pick, reorder, rerankWeights, rowScore, type Describe, type Evaluated, type Found, type Opened, type Scored } from "./searchRows.js"
import { correctionIn, heldWords, unheldWords } from "./correction.js"
import { isStopWord, wordOf } from "../../domain/search/rank.js"
import { isLicenseFile } from "../../domain/search/licenseFiles.js"
import { corruptOf, skillTop } from "./skillTop.js"
import { renderedWithinBudget } from "./searchBudget.js"
import { unindexedFiles } from "./unindexed.js"
import { skillsInScope } from "../skills/index.js"


/** A skill searched across skills: its resolution and its own opened index. */
interface Searched {
  readonly skill: ResolvedSkill
  readonly q: QueryableIndex
}

/**
 * The one index over `searched` (DECISIONS #44; the SQLite adapter's `acrossIndex.ts`),
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
    // Each member's own count of sections, for its own statistics (`skillFirstScore`).
    const byName = new Map(searched.map((s) => [s.skill.name, s.q.index]))
    const rowsOf = (skill: string) => byName.get(skill)?.rowCount ?? Effect.succeed(0)
    return { opened, describe, rowsOf }
  })

/** Each skill once, as first named: a name and a path of one skill (`--skill pdf,./skills/pdf`) are one skill. */
const onceEach = (skills: ReadonlyArray<ResolvedSkill>): ReadonlyArray<ResolvedSkill> => {
  const seen = new Set<string>()
  return skills.filter((s) => !seen.has(s.canonicalSourceDir) && seen.add(s.canonicalSourceDir) !== undefined)
}

/** The skills `--all` searches: the ones named (`--skill a,b`), else every one visible from the cwd. */
const skillsToSearch = (input: SearchInput) =>
  input.skills !== undefined && input.skills.length > 0
    ? Effect.map(
        Effect.forEach(input.skills, (s) => resolveSkill(s)),
        onceEach
      )
    : // Every name that resolves from the cwd (stores, then agent directories, DECISIONS #38), as it resolves.
      skillsInScope

const reasonOf = (e: unknown): string =>
  e instanceof IndexUnusable ? (e.reason === "missing" ? "not built" : `index unusable (${e.reason})${buildHint(e.skill)}`) : isSkcError(e) ? errorHeadline(e) : String(e)

/** The command a skipped skill's reason ends with; a warning for several skills leaves it out. */
const buildHint = (skill: string): string => `; run 'skc build ${skill}'`

/** Skipped skills said one line each up to this many for one reason; beyond, one line for them all. */
const SKIPPED_ONE_BY_ONE = 3
/** Skills a grouped "skipping" line names. */
const SKIPPED_NAMED = 8

/**
 * A row's score across skills (issue 47, docs/search.md "Across skills, each skill's own order"): its
 * skill's best score across skills (`acrossOf`, the one ranking of DECISIONS #44: which skill answers)
 * times the row's share of its skill's best score as that skill's own search scores it (the IDF of the
 * skill's own sections, the heading factor, the description's smaller share: which of its sections
 * answers). Both factors are constants of the skill but for the row's own score in its skill, so a row
 * that answers with fewer words (`narrowed`) never scores more, as `pick` needs.
 */
const skillFirstScore = (
  e: Evaluated,
  words: number,
  local: WordStats,
  acrossOf: (r: Scored) => number,
  rowsOf: (skill: string) => Effect.Effect<number, IndexReadFailed>
) =>
  Effect.gen(function* () {
    const skillOf = (rowid: number) => e.opened.skillOf(rowid).name
    const bySkill = new Map<string, Array<Scored>>()
    for (const r of e.scored) {
      const name = skillOf(r.rowid)
      const list = bySkill.get(name)
      if (list === undefined) bySkill.set(name, [r])
      else list.push(r)
    }
    // Per skill, per word, how many of its sections hold the word: one pass over the rows holding each word.
    const hitsBySkill = new Map<string, Array<number>>()
    e.holders.forEach((held, i) => {
      for (const rowid of held.keys()) {
        const name = skillOf(rowid)
        let hits = hitsBySkill.get(name)
        if (hits === undefined) hitsBySkill.set(name, (hits = e.holders.map(() => 0)))
        hits[i]! += 1
      }
    })
    const factors = new Map<string, { readonly oneOf: (r: Scored) => number; readonly scale: number }>()
    for (const [name, scored] of bySkill) {
      // The skill's own statistics: its sections, and per word how many of them hold it.
      const hits = hitsBySkill.get(name) ?? e.holders.map(() => 0)
      // Recovery: a member whose count cannot be read keeps its rows' scores across skills (its own query
      // already answered; a corrupt index fails there, with E002).
      const sections = yield* rowsOf(name).pipe(Effect.orElseSucceed(() => 0))
      if (sections === 0) continue
      const own = { rows: sections, hits }
      const oneOf = rowScore(words, local, own, true)
      let bestAcross = 0
      let bestOne = 0
      for (const r of scored) {
        bestAcross = Math.max(bestAcross, acrossOf(r))
        bestOne = Math.max(bestOne, oneOf(r))
      }
      factors.set(name, { oneOf, scale: bestOne > 0 ? bestAcross / bestOne : 0 })
    }
    return (r: Scored) => {
      const f = factors.get(skillOf(r.rowid))
      return f === undefined || f.scale === 0 ? acrossOf(r) : f.oneOf(r) * f.scale
    }
  })

/**
 * The rows of `indexes` ranked as one collection (docs/search.md): the
 * content words in each index, a row holding at least half of them in its
 * text, a heading above it or its skill's name and description; by words
 * held, then BM25 with the IDF of all indexes plus what the skill's
 * description holds; the first `limit`, with their excerpts, and whether
 * each holds every word itself.
 */
/** The answer's results excerpted and kept within the budget (`renderedWithinBudget`). */
type Finish = (found: ReadonlyArray<Found>) => ReturnType<typeof renderedWithinBudget>

const rankTogether = (
  indexes: ReadonlyArray<{ readonly opened: Opened; readonly describe: Describe; readonly rowsOf: (skill: string) => Effect.Effect<number, IndexReadFailed> }>,
  words: ReadonlyArray<string>,
  mode: "all" | "any",
  limit: number,
  question: string,
  finish: Finish
) =>
  Effect.gen(function* () {
    // Each index's best rows, enough for the re-ranking's pool.
    const pool = Math.max(limit, RERANK_POOL)
    // The words each skill's name and description hold (the partial query only: an AND row holds them all).
    const describing = mode === "any" && words.length > 1
    const per = yield* Effect.forEach(indexes, (x) => evaluate(x.opened, words, mode, true, undefined, describing ? x.describe : undefined))
    // Per word, the sections of all indexes holding it.
    const hitsOf = (round: ReadonlyArray<Evaluated>) => words.map((_, i) => round.reduce((n, e) => n + (e.hits[i] ?? 0), 0))
    // Each index's best `limit` rows by the one score, of one round of the query.
    const bestOf = (round: ReadonlyArray<Evaluated>) =>
      Effect.gen(function* () {
        // BM25 with the IDF of all searched indexes together (docs/search.md).
        const global = {
          rows: round.reduce((n, e) => n + e.rows, 0),
          hits: hitsOf(round)
        }
        // Per index: its best `limit` rows by the one score (issue 47, docs/search.md "Scores"): BM25 with the
        // IDF of all searched indexes, plus what the headings above a row and its skill's name and description
        // add, times the share of the words it holds; and whether each holds every content word itself (in its
        // text or a heading above it: `held`; an AND row holds them all).
        return yield* Effect.forEach(round, (e, at) => Effect.gen(function* () {
          const local = { rows: e.rows, hits: e.hits }
          // Without the heading factor: it compares one skill's sections, whose headings one author wrote;
          // across skills a heading naming two generic words of the question ("Creating a new document")
          // outranked the skill the question is about (docs/search.md "One score").
          const acrossOf = rowScore(words.length, local, global, false)
          const scoreOf = yield* skillFirstScore(e, words.length, local, acrossOf, indexes[at]!.rowsOf)
          const rescored = e.scored.map((r) => ({ ...r, score: scoreOf(r) }))
          // Whether a row holds every content word itself, as it answers (a section with subsections: its own text).
          const byRow = new Map(e.scored.map((r) => [r.rowid, r]))
          const complete = (rowid: number) => {
            const r = byRow.get(rowid)
            const held = r === undefined ? undefined : e.narrowed(r).held
            return held === undefined || termCount(held) === words.length
          }
          return yield* Effect.map(pick(e, rescored.sort(compareRanked), pool, scoreOf), (best) => best.map((c) => ({ c, complete: complete(c.rowid) })))
        }))
      })
    let lists = yield* bestOf(per)
    // A partial query that no section answers at half of its words: its second round (`Evaluated.relax`), on the same queries.
    // Its floor counts the words any searched skill holds, joined over every index: one floor for every skill.
    if (lists.every((l) => l.length === 0) && per.some((e) => e.relax !== undefined)) {
      const held = per.reduce((bits, e) => bits | e.heldWords(), 0)
      lists = yield* bestOf(yield* Effect.forEach(per, (e) => e.relax?.(held) ?? Effect.succeed(e)))
    }
    // One ranking of every skill's rows together; its first ten ordered again (src/domain/search/rerank.ts),
    // whatever the limit, so the first hit never depends on it.
    const ranked = lists
      .flatMap((best, list) => best.map((b) => ({ ...b, list })))
      .sort((a, b) => compareRanked(a.c, b.c) || a.list - b.list)
      .slice(0, pool)
    const kept = yield* reorder(ranked, ({ c }): Found => ({ c, tokens: words, mode }), question, yield* rerankWeights(RERANK_WEIGHTS_ACROSS), limit)
    const chosen = kept.map(({ item, found }) => ({ ...item, c: found.c }))
    // Excerpted within the budget here, so that an index over every skill failing as it excerpts is asked no more (below).
    const rendered = yield* finish(kept.map(({ found }) => found))
    // The words no searched section holds, from the counts the score needed (for "Did you mean").
    const unheld = unheldWords(words, hitsOf(per))
    // Whether a section of the whole pool (the ten re-ranked, or --limit's more) holds every content word.
    const whole = ranked.some((x) => x.complete)
    // Of an empty answer: the words only license files hold, which the narrower question must not offer (an
    // agent's probe: "'translate' is in their sections" led to two LICENSE.txt hits and nothing else).
    const inLicensesOnly = rendered.kept.length === 0 ? yield* wordsInLicensesOnly(per, words, unheld) : new Set<string>()
    return { chosen, rendered, unheld, whole, inLicensesOnly }
  })

/** A word held by more rows than this is taken to be held elsewhere than in license files (their sections are few). */
const LICENSE_ROWS_MAX = 32

/** The words (as `wordOf` reads them) every row holding which, in every index, is of a license file. */
const wordsInLicensesOnly = (per: ReadonlyArray<Evaluated>, words: ReadonlyArray<string>, unheld: ReadonlySet<string>) =>
  Effect.gen(function* () {
    const only = new Set<string>()
    for (let i = 0; i < words.length; i++) {
      const word = wordOf(words[i]!)
      if (unheld.has(word) || isStopWord(words[i]!)) continue
      let licenses = true
      let checked = 0
      for (const e of per) {
        const rows = [...(e.holders[i]?.keys() ?? [])]
        if (rows.length === 0) continue
        checked += rows.length
        if (rows.length > LICENSE_ROWS_MAX || !e.licenseLast) {
          licenses = false
          break
        }
        // Recovery: rows whose places cannot be read are taken to be held elsewhere (the hint stays as it was).
        const places = yield* e.opened.q.index.places(rows).pipe(Effect.orElseSucceed(() => undefined))
        if (places === undefined || places.some((p) => !isLicenseFile(p.file))) {
          licenses = false
          break
        }
      }
      // Without per-word counts (the AND query) nothing was checked: not said to be in licenses only.
      if (licenses && checked > 0) only.add(word)
    }
    return only
  })

/**
 * The skills whose names and descriptions hold every one of `words`, each
 * answering with its top section (`skillTop`), by its score, then name: the
 * answer when no section of any skill holds enough of the words. Every row
 * is complete (the heading above it, the description, holds every word), so
 * the answer is not partial, as in one skill.
 */
const describedOnly = Effect.fnUntraced(function* (searched: ReadonlyArray<Searched>, words: ReadonlyArray<string>, limit: number, finish: Finish) {
  const all = everyWord(words.length)
  const found: Array<Found> = []
  for (const s of searched) {
    const opened = ownIndex(s.skill, s.q)
    const mask = yield* describedTerms(s.skill, s.q, words).pipe(Effect.mapError(corruptOf(opened)))
    if ((mask & all) !== all) continue
    const top = yield* skillTop(opened, words, mask)
    if (top !== undefined) found.push(top)
  }
  if (found.length === 0) return undefined
  const ordered = found.sort((a, b) => b.c.score - a.c.score || compareBytewise(a.c.skill, b.c.skill)).slice(0, limit)
  return { chosen: ordered.map((f) => ({ c: f.c, complete: true })), rendered: yield* finish(ordered) }
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
export const searchAcross = Effect.fn("skc.searchAcross")(function* (input: SearchInput, withCorrection = false) {
  const diagnostics = yield* Diagnostics
  const tokens = queryTokens(input.query)
  const limit = input.limit ?? DEFAULT_LIMIT
  const skills = yield* skillsToSearch(input)
  const searched: Array<Searched> = []
  const skipped: Array<{ skill: string; reason: string }> = []
  // The watchers' queued events arrive once for every index asked (src/ports/SourceFreshness.ts).
  yield* (yield* SourceFreshness).settle
  for (const skill of skills) {
    const q = yield* Effect.result(openForQuery(skill, { settled: true }))
    if (q._tag === "Success") {
      searched.push({ skill, q: q.success })
      continue
    }
    const reason = reasonOf(q.failure)
    skipped.push({ skill: skill.name, reason })
    // A skill never built is simply not searchable; anything else deserves a word (below).
    if (reason === "not built") yield* verbose(`search --all: '${skill.name}' is not built; skipped`)
  }
  // One line per skill, or, for a reason many share (30 skills stale after their authors added eval files),
  // one line naming them: 30 lines of the same warning buried the answer.
  // Grouped by the reason without its skill's own build command.
  const byReason = new Map<string, Array<{ readonly skill: string; readonly reason: string }>>()
  for (const s of skipped) {
    if (s.reason === "not built") continue
    const key = s.reason.replace(buildHint(s.skill), "")
    byReason.set(key, [...(byReason.get(key) ?? []), s])
  }
  for (const [reason, all] of byReason) {
    if (all.length <= SKIPPED_ONE_BY_ONE) for (const s of all) yield* diagnostics.warn(Warning.notice(`skipping '${s.skill}': ${s.reason}`))
    else {
      const shown = all.slice(0, SKIPPED_NAMED).map((s) => `'${s.skill}'`).join(", ")
      const more = all.length > SKIPPED_NAMED ? `, … (${all.length - SKIPPED_NAMED} more)` : ""
      const next = all.some((s) => s.reason !== reason) ? "; run 'skc build --all' (or build each)" : ""
      yield* diagnostics.warn(Warning.notice(`skipping ${all.length} skills: ${reason}: ${shown}${more}${next}`))
    }
  }

  // A question of function words only ("how to") keeps its words, as one AND query.
  const content = fallbackTokens(tokens)
  const words = content.length > 0 ? content : tokens
  const mode: "all" | "any" = content.length > 0 ? "any" : "all"
  // One index over every searched skill when it can be had, else each skill's own. The one index is a
  // cache: if it fails while answering, the answer comes from each index instead.
  const eachOf = (live: ReadonlyArray<Searched>) => live.map((s) => ({ opened: ownIndex(s.skill, s.q), describe: describeOwn, rowsOf: () => s.q.index.rowCount }))
  /**
   * Each skill's own index ranked together; a skill whose index a read finds damaged (pages corrupt past the
   * checks its opening makes) is skipped as one that fails to open is, and the others answer (DECISIONS #44).
   * Before, one damaged index failed `search --all` with E002, over MCP on every call (a search probe).
   */
  const rankEach = () =>
    Effect.gen(function* () {
      for (;;) {
        const got = yield* Effect.result(rankTogether(eachOf(searched), words, mode, limit, input.query, finish))
        if (got._tag === "Success") return got.success
        const e = got.failure
        const at = e._tag === "IndexUnusable" ? searched.findIndex((x) => x.skill.name === e.skill) : -1
        if (e._tag !== "IndexUnusable" || at < 0) return yield* Effect.fail(e)
        searched.splice(at, 1)
        const reason = reasonOf(e)
        skipped.push({ skill: e.skill, reason })
        yield* diagnostics.warn(Warning.notice(`skipping '${e.skill}': ${reason}`))
      }
    })
  const combined = yield* acrossIndex(searched)
  // The result budget (`max_bytes`): the best results that fit, only they excerpted. `partial` and the access-log
  // rows below count only the results returned (DECISIONS #44: a skill whose results were all left out answered
  // nothing). A result whose heading its skill repeats names the `show` of its own section, from that skill's index.
  const finish: Finish = (found) => renderedWithinBudget(found, true, input, (skill) => searched.find((s) => s.skill.name === skill)?.q.index, skipped)
  const ranked =
    combined === undefined
      ? yield* rankEach()
      : yield* rankTogether([combined], words, mode, limit, input.query, finish).pipe(
          Effect.catchTag("IndexUnusable", (e) =>
            Effect.gen(function* () {
              yield* verbose(`search --all: the index over every skill failed (${e.reason}); asking each index, and removing it`)
              // The next question builds it afresh (its members still look current, so nothing else would).
              const fs = yield* FileSystem
              if (combined.opened.q.path !== undefined) yield* fs.remove(combined.opened.q.path).pipe(Effect.ignore)
              return yield* rankEach()
            })
          )
        )
  const { unheld, inLicensesOnly } = ranked
  // No section of any skill answers, and some skills' names and descriptions hold every word: those
  // skills' top sections answer, as in one skill's search (issue 47 item 3: the name and description are
  // a heading above all its files). "changelog" found nothing across skills while `skc search
  // release-notes changelog` answered with the skill whose description says "changelog entries".
  const described = ranked.rendered.kept.length === 0 && mode === "any" ? yield* describedOnly(searched, words, limit, finish) : undefined
  const answer = described ?? ranked
  const { kept: results, keep, truncation, repeated } = answer.rendered
  const chosen = answer.chosen.slice(0, keep)
  // DECISIONS #37 across skills: partial when no returned section holds every content word itself.
  const partial = results.length > 0 && !chosen.some((x) => x.complete)
  // Partial for the sections returned while one of the pool past them holds every word: said in the text, with
  // what shows it: a larger budget when the limit holds it (an agent told "a larger limit" looped), else a larger limit.
  const wholeFurther: WholeFurther | undefined = !partial
    ? undefined
    : answer.chosen.slice(keep).some((x) => x.complete)
      ? "max_bytes"
      : "whole" in answer && answer.whole
        ? "limit"
        : undefined
  const noneWhole = partial && (yield* noSectionHoldsAll(searched, words, unheld))
  const result: SearchResult = {
    query: input.query,
    ...(partial ? { partial: true as const } : {}),
    results,
    ...(skipped.length > 0 ? { skipped } : {}),
    ...(truncation === undefined ? {} : { truncated: truncation })
  }
  // "Did you mean …?" (issue 47): for an empty or partial answer, a word no searched skill holds, read as a
  // typo of a word of their headings. Only a question of content words (`mode` "any") can have one.
  const correction =
    withCorrection && mode === "any" && (results.length === 0 || partial)
      ? yield* correctionIn(searched.map((s) => s.q), tokens, unheld)
      : undefined
  // DECISIONS #44: one row in the log of each skill that contributed a returned result, none for the
  // others (a question about PDFs is no read of the house style); a question nothing answered goes once
  // to the global log, for `stats --all`, never to a skill's unanswered list. The call's logging wrapper
  // writes them, in one batch (issue 14; issue 44 item 4).
  if (results.length === 0) {
    // Only a question some skill was asked: with every skill skipped (stale, not built) nothing was searched, and
    // `stats --all` listed it among the questions no skill answered although a skill answers it once built.
    if (searched.length > 0) yield* touchUnansweredAcrossSkills(input.query)
    // Some of the words are in some skill's sections, the others in none: the narrower question that answers.
    const narrower = withCorrection ? heldWords(tokens, inLicensesOnly.size === 0 ? unheld : new Set([...unheld, ...inLicensesOnly])) : undefined
    const cjkHint = withCorrection && searched.length > 0 && asksUnsegmentedCjk(searched[0]!.q.tokenizer, input.query)
    // The files no index holds (too large): "no searched skill holds these words" was said of a word such a file held.
    const unindexed: Array<{ readonly skill: string; readonly path: string }> = []
    if (withCorrection) for (const o of searched) for (const p of yield* unindexedFiles(o.q.index)) unindexed.push({ skill: o.skill.name, path: p })
    return {
      result,
      correction,
      narrower,
      unindexed: unindexed.length > 0 ? unindexed : undefined,
      searched: searched.length,
      ...(cjkHint ? { cjkHint } : {})
    }
  }
  for (const o of searched) {
    const count = results.filter((r) => r.skill === o.skill.name).length
    if (count === 0) continue
    yield* touchSkill(o.skill, {
      command: "search",
      args: { query: input.query, result_count: count, scope: "all", ...(result.partial === true ? { partial: true } : {}) },
      error: null
    })
  }
  return {
    result,
    correction,
    narrower: undefined,
    unindexed: undefined,
    searched: searched.length,
    ...(repeated.size > 0 ? { repeated } : {}),
    ...(wholeFurther === undefined ? {} : { wholeFurther }),
    // A word no searched section nor skill's description holds: no section holds every word, which the text may say.
    ...(noneWhole ? { noSectionWhole: true as const } : {}),
    // The words no section holds: of a partial answer's words none of its results holds, the text names the others' search.
    ...(partial ? { unheld: [...unheld] } : {})
  }
}, Effect.scoped)

