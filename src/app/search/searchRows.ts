/**
 * What `skc search` does with one index (RFC-0004:C-SEARCH, DECISIONS #37,
 * #44): run a mode of the query on it (`evaluate`: the matching rows with
 * their scores and the words each holds, in its text, the headings above it
 * or its skill's name and description), pick the rows that answer for
 * themselves in a given order (`pick`: no echo of parents), and read the
 * excerpts of the rows returned (`render`). The index is one skill's or the
 * one index over several skills (`acrossIndex.ts` of the SQLite adapter): an
 * `Opened` says which skill each row comes from.
 */
import { compareBytewise as bytewise } from "../../domain/sourcePaths.js"
import { Effect } from "effect"
import { Path } from "effect/Path"
import { FileSystem } from "../../ports/FileSystem.js"
import { splitLines } from "../../domain/markdown/lines.js"
import { LONG_STRETCH_LINES, matchLineIn } from "../../domain/search/matchLine.js"
import { Env } from "../../ports/Env.js"
import { boundedLine, IndexUnusable, keptEnds } from "../../domain/errors.js"
import { segmentCjk, unsegmentCjk } from "../../domain/search/cjk.js"
import { excerptOf, heldPhrases, phrasesOf, tokenNormalizer } from "../../domain/search/excerpt.js"
import { allOf, anyOf, heldOutsideSkillMd, holding, inFileNameNotSkillMd, inHeading, termOf, type IndexQuery, type QueryTerm } from "../../domain/search/indexQuery.js"
import {
  COLUMN_WEIGHTS,
  answersForItself,
  bm25Parts,
  compareRanked,
  everyWord,
  resultScore,
  fts5Idf,
  inheritedTerms,
  minTermsHeld,
  wordsTowardFloor,
  partialFloor,
  relaxedTermsHeld,
  termCount,
  wordOf,
  type HeadingHolder,
  type Rankable,
  type WordStats,
  type WordsHeld
} from "../../domain/search/rank.js"
import { matchedTerms } from "../../domain/search/matchedTerms.js"
import { rerank, RERANK_POOL } from "../../domain/search/rerank.js"
import { NAVIGATION_LEAD_CHARS, navigationShare } from "../../domain/search/navigation.js"
import { asksAboutLicensing, isLicenseFile, LICENSE_FILE_FACTOR } from "../../domain/search/licenseFiles.js"
import type { IndexReadFailed, RankedRow, RowPlace } from "../../ports/SearchIndex.js"
import type { QueryableIndex } from "../build/index.js"
import type { ResolvedSkill } from "../skills/index.js"
import type { SearchResultItem } from "./searchSchema.js"


/** An index to query: one skill's, or the one index over several skills (DECISIONS #44). */
export interface Opened {
  readonly q: QueryableIndex
  /** Named when the index cannot be read. */
  readonly skill: ResolvedSkill
  /** The skill a row comes from. */
  readonly skillOf: (rowid: number) => ResolvedSkill
  /** A row's file among every file of the index: several skills each have a SKILL.md. */
  readonly fileKey: (place: RowPlace) => string
}

/** One skill's own index. */
export const ownIndex = (skill: ResolvedSkill, q: QueryableIndex): Opened => ({ q, skill, skillOf: () => skill, fileKey: (p) => p.file })

/** The words a row's skill has in its name and description (bits), given the rows that matched. */
export type Describe = (
  opened: Opened,
  words: ReadonlyArray<string>,
  rowids: ReadonlyArray<number>
) => Effect.Effect<(rowid: number) => number, IndexReadFailed>

/** A ranked row of one index, before its place is known. */
export interface Scored extends Rankable {
  /** Partial query: the words it holds (bits, word i: bit i), in its text or in the headings above it. */
  readonly held?: number
  /** Where it holds the words (only with per-word queries): its own text, a heading above it, its skill's name and description. */
  readonly words?: WordsHeld
  /** Score of each searched term alone, in this index (0: not held). Only when the IDF across indexes needs it. */
  readonly termScores?: ReadonlyArray<number>
}

/**
 * A row's one score (issue 47, `resultScore`) from its words: BM25 word by
 * word with its tf-parts from `local` and the IDF of `over` (the same index
 * in one skill, every searched index across skills). A row without `words`
 * (an AND row) holds every word itself.
 */
export const rowScore = (words: number, local: WordStats, over: WordStats, oneSkill = true) => (r: Scored) =>
  resultScore(bm25Parts(r.termScores ?? [], local, over), r.words ?? { own: everyWord(words), inherited: 0, described: 0 }, words, over, oneSkill)

/** A row chosen for the answer, with its place. */
interface Candidate extends Rankable {
  readonly opened: Opened
  readonly place: RowPlace
  /** Where it holds the words (absent: an AND row, which holds them all itself). */
  readonly words?: WordsHeld
}

/** One index's matches for one mode, ready to be picked from in any order. */
export interface Evaluated {
  readonly opened: Opened
  /** The matching rows that hold enough terms (all of them for AND), best first by local BM25. */
  readonly scored: ReadonlyArray<Scored>
  /** Documents in the index, and per term how many hold it (for the IDF across indexes). */
  readonly rows: number
  readonly hits: ReadonlyArray<number>
  /** Per term, the rows holding it (what `hits` counts): across skills, each skill's own counts come from them. */
  readonly holders: ReadonlyArray<{ readonly keys: () => Iterable<number> }>
  /** Whether a row may answer, given its place: no echo of its subsections. Call `prepare` with the places first. */
  readonly answers: (place: RowPlace) => boolean
  /** Reads what `answers` needs for these places (the own-text matches, only once a section with subsections comes up). */
  readonly prepare: (places: ReadonlyArray<RowPlace>) => Effect.Effect<void, IndexReadFailed>
  /**
   * A row as it answers for itself, after `prepare` of its place: a section with subsections that
   * answers through fewer words than it holds with them (the partial query) keeps only
   * the words its own text holds (and those held above it); any other row is returned as is.
   */
  readonly narrowed: (row: Scored) => Scored
  /** Places already read (by rowid); `pick` adds to them. */
  readonly known: Map<number, RowPlace>
  /** Whether rows of license files rank below every other (`pick`): unless the question asks about licensing. */
  readonly licenseLast: boolean
  /** The words a row's skill's name and description hold (bits; 0 unless asked for and the index matched). */
  readonly describedOf: (rowid: number) => number
  /**
   * The searched words (bits) some row of this index holds, or its skills' names and descriptions hold
   * (the partial query; 0 otherwise): what the second round's floor counts, joined over every searched
   * index across skills.
   */
  readonly heldWords: () => number
  /**
   * The partial query's second round, asked when the first answered nothing: the same rows and
   * word queries, answering at a third of the words `held` (bits: `heldWords`, across skills of every
   * searched index), never fewer than two (`partialFloor`, issue 47). Absent when that floor cannot be
   * lower, for the AND query, and when nothing matched.
   */
  readonly relax?: (held: number) => Effect.Effect<Evaluated, IndexUnusable>
}

/**
 * The searched words that the skill's name and description hold (bits, as
 * `textTerms`), tokenized and stemmed as its index is. The description is
 * the one the index recorded for SKILL.md; an index without `source_files`
 * (written before issue 16) contributes the name alone.
 */
export const describedTerms = Effect.fnUntraced(function* (skill: ResolvedSkill, q: QueryableIndex, words: ReadonlyArray<string>) {
  return wordsIn(q, words)(segmentedAs(q, yield* describedText(skill, q)))
})

/** A skill's name and description, the text `describedTerms` reads. */
const describedText = (skill: ResolvedSkill, q: QueryableIndex) => Effect.map(q.index.skillDescription, (description) => `${skill.name} ${description ?? ""}`)

/** `text` as the index `q` stores text: segmented with the `cjk` tokenizer. */
const segmentedAs = (q: QueryableIndex, text: string): string => (q.tokenizer.segmentsCjk ? segmentCjk(text, " ") : text)

/**
 * Whether a word of `text` (lower case) may start with `start`: no ASCII letter or digit comes before it (any
 * other character counts as a word's start: a false "may" only costs the exact check; no Unicode class, whose
 * pattern takes milliseconds to compile, src/domain/ascii.ts).
 */
const startsAWord = (text: string, start: string): boolean => {
  for (let at = text.indexOf(start); at >= 0; at = text.indexOf(start, at + 1)) {
    const c = at === 0 ? 32 : text.charCodeAt(at - 1)
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57))) return true
  }
  return false
}

/** The longest run without white space a snippet shows whole: FTS5's excerpt of a 2,000,000-character word is that word. */
const SNIPPET_WORD_MAX = 400

/** A snippet with each run of SNIPPET_WORD_MAX+ non-space characters shown by its start and end (its match marks kept). */
const boundedWords = (snippet: string): string =>
  snippet.length <= SNIPPET_WORD_MAX ? snippet : snippet.replace(/\S{401,}/g, (w) => keptEnds(w, SNIPPET_WORD_MAX, 240, 120))

/**
 * The words any of `skills`' names and descriptions holds (bits, word i: bit i), as `describedTerms` reads
 * each: the words' phrases made once per tokenizer, not once per skill (26 skills, each making them again,
 * cost a cross-skill call about 1.2 ms).
 */
const describedAcross = Effect.fnUntraced(function* (skills: ReadonlyArray<{ readonly skill: ResolvedSkill; readonly q: QueryableIndex }>, words: ReadonlyArray<string>) {
  const matchers = new Map<string, (text: string) => number>()
  // A text can hold a word only if it has the first three letters of one of its spellings or synonyms (words
  // sharing a stem share them): a description without them is not tokenized and stemmed at all.
  const starts = [...new Set(words.flatMap((w) => termOf(w, { segmentsCjk: false }).phrases.map((p) => p.toLowerCase().slice(0, 3))))]
  let mask = 0
  for (const { skill, q } of skills) {
    const text = yield* describedText(skill, q)
    const lower = text.toLowerCase()
    if (!starts.some((start) => startsAWord(lower, start))) continue
    const key = `${q.meta.tokenizer}\u0000${q.tokenizer.segmentsCjk}`
    let matcher = matchers.get(key)
    if (matcher === undefined) matchers.set(key, (matcher = wordsIn(q, words)))
    mask |= matcher(segmentedAs(q, text))
  }
  return mask
})

/**
 * Whether no section of `skills` can hold every one of `words`: one of them (`unheld`: no section holds it, from
 * the counts the score needed) is in none of their names and descriptions either. Then a partial answer may
 * say "No section holds every word" (DECISIONS #37); otherwise only that none of its results does. Only the
 * unheld words are asked of the descriptions (usually none or one).
 */
export const noSectionHoldsAll = Effect.fnUntraced(function* (
  skills: ReadonlyArray<{ readonly skill: ResolvedSkill; readonly q: QueryableIndex }>,
  words: ReadonlyArray<string>,
  unheld: ReadonlySet<string>
) {
  const asked = words.filter((w) => unheld.has(wordOf(w)))
  if (asked.length === 0) return false
  // Recovery: a description that cannot be read says nothing; the line then speaks of the results shown only.
  const described = yield* describedAcross(skills, asked).pipe(Effect.orElseSucceed(() => -1))
  return asked.some((_, i) => (described & (1 << i)) === 0)
})

/**
 * The searched words a text holds (bits, word i: bit i), tokenized and
 * stemmed as the index `q` does; the text segmented as the index stores it.
 */
const wordsIn = (q: QueryableIndex, words: ReadonlyArray<string>) => {
  const normalize = tokenNormalizer(q.meta.tokenizer.endsWith("porter"))
  // The phrases of each word: one, or one per spelling or synonym ("colors", "colours"); a word held when any is.
  const perWord = words.map((w) => phrasesOf(termOf(w, q.tokenizer).phrases, normalize))
  const wordOf = perWord.flatMap((phrases, i) => phrases.map(() => i))
  const phrases = perWord.flat()
  return (text: string) => heldPhrases(text, phrases, normalize).reduce((mask, h, k) => (h ? mask | (1 << wordOf[k]!) : mask), 0)
}

/**
 * The words each of `e`'s rows holds in its own heading, read from the
 * rows' places (`e.known`, read here when missing): the AND query's window
 * needs them for a few rows only, where one heading-column query per word
 * reads every row holding the word (thousands in a large skill).
 */
export const headingWordsOf = Effect.fnUntraced(function* (e: Evaluated, words: ReadonlyArray<string>) {
  const missing = e.scored.filter((r) => !e.known.has(r.rowid)).map((r) => r.rowid)
  for (let at = 0; at < missing.length; at += PLACES_BATCH) {
    for (const p of yield* e.opened.q.index.places(missing.slice(at, at + PLACES_BATCH))) e.known.set(p.rowid, p)
  }
  const held = wordsIn(e.opened.q, words)
  return (rowid: number) => {
    const place = e.known.get(rowid)
    return place === undefined ? 0 : held(place.section)
  }
}, (effect, e) => effect.pipe(Effect.mapError(corrupt(e.opened.skill))))

/**
 * The skill's name and description as an excerpt marking `words`
 * (RFC-0004's markers and 32 tokens): the snippet of a section that answers
 * only through them (issue 47 item 3).
 */
export const describedExcerpt = Effect.fnUntraced(function* (skill: ResolvedSkill, q: QueryableIndex, words: ReadonlyArray<string>) {
  const description = (yield* q.index.skillDescription) ?? ""
  const normalize = tokenNormalizer(q.meta.tokenizer.endsWith("porter"))
  return excerptOf(`${skill.name}: ${description}`, words.flatMap((w) => phrasesOf(termOf(w, q.tokenizer).phrases, normalize)), normalize, 32)
})

/** One skill's index: the same words for every row. */
export const describeOwn: Describe = (opened, words) => Effect.map(describedTerms(opened.skill, opened.q, words), (mask) => () => mask)

const corrupt = (skill: ResolvedSkill) => (e: IndexReadFailed) => new IndexUnusable({ skill: skill.name, reason: `corrupt (${e.message})` })

/** Places are read this many rows at a time (one JSON list of rowids each). */
const PLACES_BATCH = 4096

/** A row's words as bits (word i: bit i), given for each word the rows that hold it. */
const wordBits = (rowsOf: ReadonlyArray<{ has(rowid: number): boolean }>) => (rowid: number): number =>
  rowsOf.reduce((mask, m, i) => (m.has(rowid) ? mask | (1 << i) : mask), 0)

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
  headingOf: (rowid: number) => number,
  headed: ReadonlyArray<number>,
  ranked: ReadonlyArray<RankedRow>,
  mayGain: (rowid: number, reach: number) => boolean,
  known: Map<number, RowPlace>
) =>
  Effect.gen(function* () {
    // The headings holding any of the words (`headed`, from the per-word heading queries); only those with subsections matter.
    const parents: Array<RowPlace> = []
    for (const p of headed.length === 0 ? [] : yield* index.places(headed)) {
      known.set(p.rowid, p)
      if (p.subsections === 1) parents.push(p)
    }
    const holders = new Map<string, Array<HeadingHolder>>()
    let reach = 0
    if (parents.length > 0) {
      for (const p of parents) {
        const terms = headingOf(p.rowid)
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
 * The rows holding `term` with its score alone, as if FTS5 gave a word spelt
 * two ways one IDF: `fts5Idf(rows, rows holding any spelling) × Σ tf-part of
 * each spelling`. FTS5 scores a group `("colours" OR "colors")` with each
 * spelling's own IDF, so in a skill where "colour" is held by most sections
 * (IDF 1e-6) and "color" by three (IDF ≈ 2.5) a row with "color" scored a
 * million times its tf-part over the group's IDF: `bm25Of`'s division by the
 * word's FTS5 IDF (the group's) printed scores of 240,000 (issue 47). One
 * spelling is the word's own query, unchanged.
 */
const termRows = (index: QueryableIndex["index"], term: QueryTerm, rowCount: number) =>
  Effect.gen(function* () {
    const group = yield* index.scores(holding(term), COLUMN_WEIGHTS)
    if (term.phrases.length === 1) return group
    const tf = new Map<number, number>()
    for (const phrase of term.phrases) {
      const rows = yield* index.scores(holding({ phrases: [phrase] }), COLUMN_WEIGHTS)
      const idf = fts5Idf(rowCount, rows.length)
      for (const r of rows) tf.set(r.rowid, (tf.get(r.rowid) ?? 0) + r.score / idf)
    }
    const idf = fts5Idf(rowCount, group.length)
    return group.map((r): RankedRow => ({ ...r, score: (tf.get(r.rowid) ?? 0) * idf }))
  })

/**
 * Run one mode (`all`: every term; `any`: at least one) on one index: the
 * matching rows with their scores and terms held, and the parent rule.
 * Places are not read here (a large skill has tens of thousands of
 * matching rows, and only the few that are returned need one, `pick`),
 * except for the partial query when a heading holding one of its words has
 * subsections: the rows under it hold that word too (`headingTerms`).
 * With `perTerm`, each row's score per term and the counts the IDF needs.
 * `describe` (the partial query, across skills and in one skill): the
 * words the skill's name and description hold, held by every row of the
 * skill as if a heading above all its files held them (DECISIONS #44,
 * issue 47 item 3); read only when the index matched at all. A row
 * answers when it holds enough words: all of them (AND), half of them
 * (`minTermsHeld`, the partial query); `relax` gives the same evaluation at
 * the relaxed floor, a third of the words the searched skills hold
 * somewhere (`partialFloor`).
 */
export const evaluate = Effect.fnUntraced(function* (
  opened: Opened,
  tokens: ReadonlyArray<string>,
  mode: "all" | "any",
  perTerm: boolean,
  first?: number,
  describe?: Describe
) {
  const { index, tokenizer } = opened.q
  const terms = tokens.map((t) => termOf(t, tokenizer))
  const match = mode === "all" ? allOf(terms) : anyOf(terms)
  const ranked = yield* index.rank(match, COLUMN_WEIGHTS, first)
  // Places read on the way (the partial query's headings), kept for `pick`.
  const known = new Map<number, RowPlace>()
  const licenseLast = !asksAboutLicensing(tokens)
  if (ranked.length === 0)
    return { opened, scored: [], rows: 0, hits: [], holders: [], answers: () => false, prepare: () => Effect.void, narrowed: (r) => r, known, describedOf: () => 0, heldWords: () => 0, licenseLast } satisfies Evaluated
  const describedOf = describe === undefined ? () => 0 : yield* describe(opened, tokens, ranked.map((r) => r.rowid))
  // Per term: the rows holding it and their score for it alone (only when ranking needs it).
  const needTerms = perTerm || (mode === "any" && terms.length > 1)
  const byTerm: Array<ReadonlyMap<number, number>> = []
  if (needTerms) {
    const rowCount = terms.some((t) => t.phrases.length > 1) ? yield* index.rowCount : 0
    for (const term of terms) {
      // A one-term query of one spelling is its own per-term query: no second round trip.
      const rows = terms.length === 1 && term.phrases.length === 1 ? ranked : yield* termRows(index, term, rowCount)
      byTerm.push(new Map(rows.map((r) => [r.rowid, r.score])))
    }
  }
  // With `describe` (the partial query), a word counts as held only where it says something
  // about the section: every skill's main file is named SKILL.md, so "skill" or "SKILL.md" in a question
  // would otherwise be held by every section of every SKILL.md (half the collection) and outweigh the
  // words that do tell skills apart. The file name still counts for any other file
  // (`python_mcp_server.md`). The IDF counts the same rows (`hits` below): counted with every SKILL.md,
  // "skill" weighed next to nothing and "create a new skill" found documents skills' "Creating a new
  // document" before the skills skill. The tf-parts of BM25 are FTS5's. One query per word.
  const heldIn: ReadonlyArray<ReadonlySet<number> | ReadonlyMap<number, number>> =
    describe !== undefined && needTerms ? yield* Effect.forEach(terms, (term) => Effect.map(index.matching(heldOutsideSkillMd(term)), (rowids) => new Set(rowids))) : byTerm
  // The words a row's own text holds, as bits (word i: bit i; the partial query has at most 32 words).
  const textTerms = wordBits(heldIn)
  // The words each row's own heading holds (issue 47: they add to its score, `headingScore`), when every
  // row is scored word by word: one query per word on the heading column. The AND query's window reads
  // them from its few rows' places instead (`headingWordsOf`).
  const headingSets = needTerms ? yield* Effect.forEach(terms, (term) => Effect.map(index.matching(inHeading(holding(term))), (rowids) => new Set(rowids))) : []
  const headingOf = wordBits(headingSets)
  const partial = mode === "any" && terms.length > 1
  // Partial query only: a file's name is a heading above its sections ("python" in reference/python.md),
  // as the skill's name and description are above all its files; never SKILL.md, which every skill has.
  const namedFile = partial ? wordBits(yield* Effect.forEach(terms, (term) => Effect.map(index.matching(inFileNameNotSkillMd(term)), (rowids) => new Set(rowids)))) : () => 0
  const rows = perTerm ? yield* index.rowCount : 0
  const headed = [...new Set(headingSets.flatMap((ids) => [...ids]))]
  // The partial query's second round (`Evaluated.relax`) counts only the words the searched skills hold somewhere (a section, a
  // heading, a name or description; across skills, any of them, `heldWords` of every index joined): a word
  // none holds cannot be asked of their sections (`partialFloor`). One count for every row, so that across
  // skills one floor holds for all: a skill holding two of eleven words had a floor of two, and its sections
  // saying "changed" and "works" of "I changed the signup form and want to confirm it actually works in a
  // real browser …" answered. Counted only for the second round, which runs when the first found nothing.
  const heldWords = () => {
    if (!partial) return 0
    let bits = 0
    for (const [i, rowids] of heldIn.entries()) if (rowids.size > 0) bits |= 1 << i
    for (const r of ranked) bits |= describedOf(r.rowid)
    return bits
  }
  // The first round asks half of every content word; the second, a third of those the searched skills hold.
  type Round = { readonly _tag: "first" } | { readonly _tag: "relaxed"; readonly held: number }
  const floorOf = (round: Round) =>
    !partial ? terms.length : round._tag === "first" ? minTermsHeld(terms.length) : partialFloor(relaxedTermsHeld, terms.length, termCount(round.held))
  // The second round is offered when its floor can be lower than the first's: from five content words on.
  const relaxLower = partial && partialFloor(relaxedTermsHeld, terms.length, 0) < minTermsHeld(terms.length)
  // Everything above holds for any floor; what follows depends on it: the rows that answer at `floor`
  // words held, each round of the partial query (its relaxed second round reuses the queries above).
  // Whether a row holding the words `bits` reaches `floor`. Partial query only: a word its own heading names
  // counts twice (`wordsTowardFloor`); its headings are looked up only for a row short of the floor.
  const reaches = (bits: number, rowid: number, round: Round) => {
    const floor = floorOf(round)
    return termCount(bits) >= floor || (partial && wordsTowardFloor(bits, headingOf(rowid)) >= floor)
  }
  const atFloor = (floor: Round): Effect.Effect<Evaluated, IndexReadFailed> =>
    Effect.gen(function* () {
      // A row gains from headings only if they hold a word it lacks; it matters only if it can then reach the floor.
      const mayGain = (rowid: number, reach: number) => {
        const own = textTerms(rowid) | describedOf(rowid)
        return (own | reach) !== own && reaches(own | reach, rowid, floor)
      }
      // Partial query only: the words the headings above a row hold count as held by it.
      const headedAbove = partial ? yield* headingTerms(index, opened.fileKey, headingOf, headed, ranked, mayGain, known) : () => 0
      const inherited = (rowid: number) => headedAbove(rowid) | namedFile(rowid)
      // The words a row holds: in its text, a heading above it, its skill's name and description.
      const heldBits = (rowid: number) => textTerms(rowid) | inherited(rowid) | describedOf(rowid)
      // A section with subsections answers only if its own text (heading to first subheading) matches:
      // every term (AND); for the partial query, at least one word, and enough with the headings
      // above it and its skill's name and description (the floor) — it then answers with those words alone
      // (`narrowed`: issue 47, "Company Newsletter" is the answer to "write a company newsletter" although
      // only its subsection "Writing the Headlines" says "write"; what its subsections hold is theirs).
      // Asked only for the sections with subsections that come up for picking, and only of those rows
      // (issue 30: the whole own-text match of a common word was thousands of rowids per call, for
      // the few parents a page of answers meets), once per row.
      const ownOf = new Map<number, boolean>()
      const ownWords = new Map<number, number>()
      const loadOwn = (rowids: ReadonlyArray<number>) =>
        Effect.gen(function* () {
          if (!partial) {
            const own = new Set(yield* index.ownMatching(match, rowids))
            for (const id of rowids) ownOf.set(id, own.has(id))
            return
          }
          const ownTerms = new Map<number, number>()
          for (const [i, term] of terms.entries()) for (const id of yield* index.ownMatching(holding(term), rowids)) ownTerms.set(id, (ownTerms.get(id) ?? 0) | (1 << i))
          for (const id of rowids) {
            const own = (ownTerms.get(id) ?? 0) & textTerms(id)
            ownWords.set(id, own)
            ownOf.set(id, own !== 0 && reaches(own | inherited(id) | describedOf(id), id, floor))
          }
        })
      const prepare = (places: ReadonlyArray<RowPlace>) => {
        const unknown = places.filter((p) => p.subsections === 1 && !ownOf.has(p.rowid)).map((p) => p.rowid)
        return unknown.length === 0 ? Effect.void : loadOwn(unknown)
      }
      const scored: Array<Scored> = []
      for (const r of ranked) {
        // Without per-word queries (the AND query) every row holds every word.
        const bits = needTerms ? heldBits(r.rowid) : undefined
        if (bits !== undefined && !reaches(bits, r.rowid, floor)) continue
        const termsHeld = bits === undefined ? terms.length : termCount(bits)
        const termScores = perTerm ? byTerm.map((m) => m.get(r.rowid) ?? 0) : undefined
        const held = partial ? textTerms(r.rowid) | inherited(r.rowid) : undefined
        const words: WordsHeld | undefined = needTerms
          ? { own: textTerms(r.rowid), inherited: inherited(r.rowid), described: describedOf(r.rowid), heading: headingOf(r.rowid) }
          : undefined
        scored.push({
          skill: opened.skillOf(r.rowid).name,
          rowid: r.rowid,
          score: r.score,
          termsHeld,
          ...(termScores ? { termScores } : {}),
          ...(held !== undefined ? { held } : {}),
          ...(words !== undefined ? { words } : {})
        })
      }
      return {
        opened,
        scored,
        rows,
        hits: heldIn.map((m) => m.size),
        holders: heldIn,
        answers: (place: RowPlace) =>
          answersForItself(place, (rowid) => {
            const own = ownOf.get(rowid)
            if (own === undefined) throw new Error("search: answers() before prepare()")
            return own
          }),
        prepare,
        narrowed: (row: Scored) => {
          const own = ownWords.get(row.rowid)
          if (own === undefined || row.words === undefined || own === row.words.own) return row
          const words = { ...row.words, own }
          return {
            ...row,
            termsHeld: termCount(own | words.inherited | words.described),
            words,
            ...(row.held !== undefined ? { held: own | words.inherited } : {}),
            ...(row.termScores !== undefined ? { termScores: row.termScores.map((x, i) => ((own & (1 << i)) !== 0 ? x : 0)) } : {})
          }
        },
        known,
        describedOf,
        licenseLast,
        heldWords,
        ...(floor._tag === "first" && relaxLower ? { relax: (held: number) => atFloor({ _tag: "relaxed", held }).pipe(Effect.mapError(corrupt(opened.skill))) } : {})
      } satisfies Evaluated
    })
  return yield* atFloor({ _tag: "first" })
}, (effect, opened) => effect.pipe(Effect.mapError(corrupt(opened.skill))))

/**
 * The first `limit` rows of `ordered` (rows of `e`, best first by `scoreOf`)
 * that answer for themselves, reading places a batch at a time (those not
 * yet known: a second pick in another order reads only the new ones). A row
 * that answers with fewer words than it matched with (`narrowed`) is scored
 * again by `scoreOf` and waits for its place: its new score is never above
 * the old (fewer words, less BM25), so every row still ahead of it in
 * `ordered` that scores higher comes first, and the answer stays sorted by
 * the printed score. A row of a license file waits the same way, its score
 * times `LICENSE_FILE_FACTOR` (../../domain/search/licenseFiles.ts).
 */
export const pick = Effect.fnUntraced(function* (e: Evaluated, ordered: ReadonlyArray<Scored>, limit: number, scoreOf?: (row: Scored) => number) {
  const known = e.known
  const chosen: Array<Candidate> = []
  // Narrowed rows and rows of license files not yet placed, best first.
  const waiting: Array<{ readonly r: Scored; readonly place: RowPlace }> = []
  const take = (r: Scored, place: RowPlace) => {
    chosen.push({ skill: r.skill, rowid: r.rowid, termsHeld: r.termsHeld, score: r.score, opened: e.opened, place, ...(r.words !== undefined ? { words: r.words } : {}) })
  }
  const batch = Math.max(32, limit * 2)
  for (let at = 0; at < ordered.length && chosen.length < limit; at += batch) {
    const slice = ordered.slice(at, at + batch)
    const missing = slice.filter((r) => !known.has(r.rowid)).map((r) => r.rowid)
    if (missing.length > 0) for (const p of yield* e.opened.q.index.places(missing)) known.set(p.rowid, p)
    yield* e.prepare(slice.flatMap((r) => known.get(r.rowid) ?? []))
    for (const r of slice) {
      if (chosen.length === limit) break
      const place = known.get(r.rowid)
      if (place === undefined || !e.answers(place)) continue
      while (waiting.length > 0 && chosen.length < limit && compareRanked(waiting[0]!.r, r) < 0) take(waiting[0]!.r, waiting.shift()!.place)
      if (chosen.length === limit) break
      const n = scoreOf === undefined ? r : e.narrowed(r)
      // A license's text answers below every other section (docs/search.md "License files last").
      const license = e.licenseLast && isLicenseFile(place.file)
      if (n === r && !license) {
        take(r, place)
        continue
      }
      const own = n === r ? r : { ...n, score: scoreOf!(n) }
      const later = license ? { ...own, score: own.score * LICENSE_FILE_FACTOR } : own
      const at = waiting.findIndex((w) => compareRanked(later, w.r) < 0)
      waiting.splice(at < 0 ? waiting.length : at, 0, { r: later, place })
    }
  }
  while (waiting.length > 0 && chosen.length < limit) take(waiting[0]!.r, waiting.shift()!.place)
  return chosen as ReadonlyArray<Candidate>
}, (effect, e) => effect.pipe(Effect.mapError(corrupt(e.opened.skill))))

/** A row to return, with the words and the mode of the query that found it (its excerpt marks those). */
export interface Found {
  readonly c: Candidate
  readonly tokens: ReadonlyArray<string>
  readonly mode: "all" | "any"
  /** The snippet, when it is not the section's own excerpt (a section answering through its skill's description). */
  readonly snippet?: string
}

/**
 * The weights the answer is ordered by: `weights`, or none (the one score's
 * own order) under `SKC_BENCH_NO_RERANK=1`, a benchmark-only switch with
 * which scripts/fit-rerank.mjs reads the candidates the weights are fitted on.
 */
export const rerankWeights = (weights: ReadonlyArray<number>) =>
  Effect.map(Effect.service(Env), (env): ReadonlyArray<number> => (env.get("SKC_BENCH_NO_RERANK") === "1" ? [] : weights))

/**
 * Of each of `found`, the share of its lines that list another file
 * (navigation.ts), from the first characters of its stored text: one
 * statement per index for the rows of an answer's pool.
 */
const navigationOf = Effect.fnUntraced(function* (found: ReadonlyArray<Found>) {
  // One row's place cannot change: nothing to read.
  if (found.length < 2) return found.map(() => 0)
  const byIndex = new Map<Opened, Array<number>>()
  for (const f of found) {
    const rows = byIndex.get(f.c.opened)
    if (rows === undefined) byIndex.set(f.c.opened, [f.c.rowid])
    else rows.push(f.c.rowid)
  }
  const leads = new Map<Opened, ReadonlyMap<number, string>>()
  for (const [opened, rowids] of byIndex) {
    leads.set(opened, yield* opened.q.index.leads(rowids, NAVIGATION_LEAD_CHARS).pipe(Effect.mapError(corrupt(opened.skill))))
  }
  return found.map((f) => navigationShare(leads.get(f.c.opened)?.get(f.c.rowid) ?? ""))
})

/**
 * The first `limit` of `items` (best first by the one score) in the learned
 * order of the first ten (issue 47, docs/search-ranking.md "The learned order of the
 * first ten", src/domain/search/rerank.ts), each with its new score, which
 * is the one its result prints. `foundOf` gives an item's row.
 */
export const reorder = Effect.fnUntraced(function* <T>(
  items: ReadonlyArray<T>,
  foundOf: (item: T) => Found,
  question: string,
  weights: ReadonlyArray<number>,
  limit: number
) {
  // Only the pool's rows are weighed, and only when there are weights: the others need no `matched`
  // (`render` computes the printed `matched_terms` of the rows kept) nor their text read.
  const weighed = weights.length === 0 ? 0 : RERANK_POOL
  // Rows of one score in the order of their places (skill, file, line), not of their rowids: an incremental
  // build re-inserts a changed file's rows after the highest rowid, and the learned order reads a row's rank,
  // so the same sources answered with other scores after an edit and its undoing than after a clean build
  // (an author's probe: 0.558 against 0.435). The items come best first; only ties move.
  const placed = items.map((item, i) => ({ item, found: foundOf(item), i }))
  placed.sort(
    (a, b) =>
      b.found.c.score - a.found.c.score ||
      bytewise(a.found.c.skill, b.found.c.skill) ||
      bytewise(a.found.c.place.file, b.found.c.place.file) ||
      a.found.c.place.line - b.found.c.place.line ||
      a.i - b.i
  )
  const founds = placed.map((p) => p.found)
  const navigation = yield* navigationOf(founds.slice(0, weighed))
  const candidates = placed.map(({ item }, i) => {
    const f = founds[i]!
    const { place } = f.c
    return {
      item,
      found: f,
      score: f.c.score,
      section: place.section,
      file: place.file,
      line: place.line,
      endLine: place.end_line,
      level: place.level,
      subsections: place.subsections,
      skill: f.c.skill,
      matched: i < weighed ? matchedTerms(f.tokens, f.c.words) : [],
      navigation: navigation[i] ?? 0
    }
  })
  // The searched words are the same for every row of one answer.
  const searched = candidates[0]?.found.tokens.length ?? 0
  // A license's text answers below every other section unless the question is about licensing (`pick`).
  const licenseLast = candidates.length > 0 && !asksAboutLicensing(candidates[0]!.found.tokens)
  return rerank(candidates, question, searched, weights, (c) => licenseLast && isLicenseFile(c.file))
    .slice(0, limit)
    .map(({ candidate, score }): { readonly item: T; readonly found: Found } => ({ item: candidate.item, found: { ...candidate.found, c: { ...candidate.found.c, score } } }))
})

/**
 * The returned rows with their excerpts, names restored from the cjk
 * segmentation: one excerpt query per index and query (the rows of one
 * answer share both, except the legacy merge of several indexes).
 */
export const render = Effect.fnUntraced(function* (found: ReadonlyArray<Found>, withSkill: boolean) {
  const matchOf = ({ c, tokens, mode }: Found): IndexQuery => {
    const terms = tokens.map((t) => termOf(t, c.opened.q.tokenizer))
    return mode === "all" ? allOf(terms) : anyOf(terms)
  }
  // The rows grouped by index and query (the same query has the same key): one excerpt statement per group.
  const groups = new Map<Opened, Map<string, { readonly match: IndexQuery; readonly rows: Array<Found> }>>()
  for (const f of found) {
    if (f.snippet !== undefined) continue
    const byMatch = groups.get(f.c.opened) ?? new Map<string, { readonly match: IndexQuery; readonly rows: Array<Found> }>()
    groups.set(f.c.opened, byMatch)
    const match = matchOf(f)
    const key = JSON.stringify(match)
    const group = byMatch.get(key) ?? { match, rows: [] }
    if (group.rows.length === 0) byMatch.set(key, group)
    group.rows.push(f)
  }
  const snippets = new Map<Found, string>()
  for (const [opened, byMatch] of groups) {
    for (const { match, rows } of byMatch.values()) {
      // A section with subsections is excerpted from its own text (heading to first subheading) when that holds
      // a word, so it marks only the words it holds itself (docs/search.md "No echo of parents"): FTS5's snippet
      // of the whole section chose a window in a subsection, the next result's own hit, and marked words its
      // matched_terms say it lacks (probes: `# demo` showed "[MATCH]zorblat[/MATCH]" of its `## Guidance`).
      const parents = rows.filter((f) => f.c.place.subsections === 1).map((f) => f.c.rowid)
      const own = yield* opened.q.index.ownExcerpts(match, parents).pipe(Effect.mapError(corrupt(opened.skill)))
      const rest = rows.filter((f) => !own.has(f.c.rowid)).map((f) => f.c.rowid)
      const got = yield* opened.q.index.excerpts(match, rest).pipe(Effect.mapError(corrupt(opened.skill)))
      for (const f of rows) snippets.set(f, own.get(f.c.rowid) ?? got.get(f.c.rowid) ?? "")
    }
  }
  const items = found.map((f): SearchResultItem => {
    const { c } = f
    const restore = c.opened.q.tokenizer.segmentsCjk ? unsegmentCjk : (s: string) => s
    return {
      ...(withSkill ? { skill: c.skill } : {}),
      file: c.place.file,
      // A heading of megabytes (a file of one line) is named by its start and end: the whole of it, in the text and
      // the structured content, made an MCP answer 8 MB past its 16 KB budget (a hostile-input probe).
      section: boundedLine(restore(c.place.section)),
      line: c.place.line,
      end_line: c.place.end_line,
      snippet: boundedWords(restore(f.snippet ?? snippets.get(f) ?? "")),
      score: c.score,
      matched_terms: matchedTerms(f.tokens, c.words)
    }
  })
  // A long stretch without headings: the line of its hit (matchLine.ts), read from the file, which the index
  // was just found current with. Only such results read anything; a file that cannot be read adds nothing.
  const fs = yield* FileSystem
  const path = yield* Path
  const lines = new Map<string, ReadonlyArray<string> | undefined>()
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!
    if (item.section !== "" || item.end_line - item.line < LONG_STRETCH_LINES) continue
    const skill = found[i]!.c.opened.skillOf(found[i]!.c.rowid)
    const file = path.join(skill.sourceDir, ...item.file.split("/"))
    if (!lines.has(file)) {
      // Recovery: the line is a help beside the answer; a file gone or unreadable since the index was checked gives none.
      lines.set(file, yield* fs.readFileString(file).pipe(Effect.map(splitLines), Effect.orElseSucceed(() => undefined)))
    }
    const text = lines.get(file)
    const at = text === undefined ? undefined : matchLineIn(text, item.line, item.end_line, item.snippet)
    if (at !== undefined && at !== item.line) items[i] = { ...item, match_line: at }
  }
  return items
})

