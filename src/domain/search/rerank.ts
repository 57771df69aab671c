/**
 * The last step of a search's order (issue 47, docs/search-ranking.md "The learned
 * order of the first ten"): the first RERANK_POOL results of the one score,
 * ordered again by a linear combination of what each result is — its score
 * and place in that order, where it holds the question's words, how its
 * heading and file name read against the question, its size and depth —
 * with weights fitted on the tuning questions of test/fixtures/cross-skill/
 * by scripts/fit-rerank.mjs (pairwise logistic regression; the script also
 * says how weights fitted without each question file do on it), measured on
 * held-out questions by bench/search-quality.mjs. The features are what the
 * hand-written score could not weigh against each other: a short heading
 * made of the question's own words, a section long enough to answer, a
 * file's top heading that prints the whole file, a routing table that only
 * points to other files (navigation.ts). Pure.
 */
import { terms } from "../protocol/text.js"
import type { MatchedTerm } from "./matchedTerms.js"

/** How many of the one score's first results are ordered again: the default limit (RFC-0004:C-SEARCH). */
export const RERANK_POOL = 10

/** A result as the re-ranking sees it. */
export interface RerankCandidate {
  /** The one score (higher is better, above 0). */
  readonly score: number
  /** Heading text, as printed. */
  readonly section: string
  /** Path within its skill. */
  readonly file: string
  readonly line: number
  /** Exclusive. */
  readonly endLine: number
  /** Heading level; 0 for a preamble or a `.txt` file. */
  readonly level: number
  /** 1 when the section has subsections. */
  readonly subsections: number
  /** Its skill (across skills). */
  readonly skill?: string | undefined
  /** The words it holds and where (`matchedTerms`). */
  readonly matched: ReadonlyArray<MatchedTerm>
  /** The share of its lines that list another file (`navigationShare`, navigation.ts); 0 when not read. */
  readonly navigation?: number
}

/** Stemmed content words of a text: the match judge's words (`terms`), so "filling" meets "Fill". */
const stemsOf = (text: string): ReadonlySet<string> => new Set(terms(text).map((t) => t.stem))

const shared = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  let n = 0
  for (const w of a) if (b.has(w)) n++
  return n
}

/**
 * The features of the candidate at `rank` (0-based) of `pool`, in the order
 * of the weights. `asked`: the question's stems; `searched`: how many words
 * the search counted (the denominator of the `matched` shares).
 */
export const rerankFeatures = (
  pool: ReadonlyArray<RerankCandidate>,
  rank: number,
  asked: ReadonlySet<string>,
  searched: number
): ReadonlyArray<number> => {
  const c = pool[rank]!
  const top = pool[0]!
  const words = Math.max(1, searched)
  const q = Math.max(1, asked.size)
  const heading = stemsOf(c.section)
  const fileWords = stemsOf(c.file)
  let inSection = 0
  let aboveOnly = 0
  let skillOnly = 0
  for (const m of c.matched) {
    if (m.fields.includes("section")) inSection++
    else if (m.fields.includes("above")) aboveOnly++
    else if (m.fields.includes("skill")) skillOnly++
  }
  const headingInQuestion = heading.size > 0 && shared(heading, asked) === heading.size
  return [
    1 / (1 + rank),
    top.score > 0 ? c.score / top.score : 0,
    Math.log(1 + Math.max(0, c.score)),
    inSection / words,
    aboveOnly / words,
    skillOnly / words,
    shared(asked, heading) / q,
    Math.log(1 + heading.size),
    Math.log(1 + Math.max(0, c.endLine - c.line)),
    c.level === 1 ? 1 : 0,
    c.level === 2 ? 1 : 0,
    c.level,
    c.subsections > 0 ? 1 : 0,
    c.file === "SKILL.md" ? 1 : 0,
    shared(asked, fileWords) / q,
    c.skill === top.skill ? 1 : 0,
    headingInQuestion ? 1 : 0,
    c.navigation ?? 0
  ]
}

/** The fitted weights, one skill's search and the search across skills (docs/search.md). */
export const RERANK_WEIGHTS_ONE_SKILL: ReadonlyArray<number> = [
  0.3823, 0.3736, 1.1286, 1.4047, -0.1913, -0.4903, 2.5871, -1.0971, 0.5703, -2.6221, 0.6848, 0.5365, 0.1062, 0.6864, 2.2051, 0.0, 1.1127, -1.9094
]
export const RERANK_WEIGHTS_ACROSS: ReadonlyArray<number> = [
  0.4068, 0.6185, 1.0979, 1.4297, 0.0021, 0.349, 1.8134, -0.9439, 0.5773, -2.5067, 0.6437, 0.4552, 0.0902, 0.5048, 2.3204, 1.6171, 1.1052, -1.9278
]

/**
 * The order of `candidates` (best first by the one score) after the
 * re-ranking, with each one's new score: the first RERANK_POOL by the
 * fitted combination, those `last` says answer below every other (license
 * files, docs/search.md "License files last") after the others, and the
 * rest after the pool in their order. The printed score stays "higher is
 * better, above 0, the results in its order": the first keeps its one
 * score, each other in the pool that score divided by one plus its distance
 * to the first in the combination (a `last` one: its own one score, when
 * lower), and each result after the pool the last pooled score times its
 * own share of the score it had at the pool's edge.
 */
export const rerank = <C extends RerankCandidate>(
  candidates: ReadonlyArray<C>,
  question: string,
  searched: number,
  weights: ReadonlyArray<number>,
  last: (c: C) => boolean = () => false
): ReadonlyArray<{ readonly candidate: C; readonly score: number }> => {
  if (candidates.length === 0 || weights.length === 0) return candidates.map((candidate) => ({ candidate, score: candidate.score }))
  const pool = candidates.slice(0, RERANK_POOL)
  const asked = stemsOf(question)
  const combined = pool.map((_, rank) => rerankFeatures(pool, rank, asked, searched).reduce((s, x, k) => s + x * (weights[k] ?? 0), 0))
  const isLast = pool.map(last)
  // Ties keep the one score's order.
  const order = pool
    .map((_, i) => i)
    .sort((a, b) => Number(isLast[a]) - Number(isLast[b]) || combined[b]! - combined[a]! || a - b)
  const best = combined[order[0]!]!
  const topScore = pool[0]!.score
  const ranked: Array<{ readonly candidate: C; readonly score: number }> = []
  for (const i of order) {
    const learned = topScore / (1 + Math.max(0, best - combined[i]!))
    // A `last` row never prints more than its own one score; no row more than the one before it.
    const own = isLast[i]! ? Math.min(learned, pool[i]!.score) : learned
    const previous = ranked.length === 0 ? Infinity : ranked[ranked.length - 1]!.score
    ranked.push({ candidate: pool[i]!, score: Math.min(own, previous) })
  }
  const edge = pool[pool.length - 1]!.score
  const lastScore = ranked[ranked.length - 1]!.score
  for (const candidate of candidates.slice(RERANK_POOL)) {
    ranked.push({ candidate, score: edge > 0 ? (lastScore * Math.min(candidate.score, edge)) / edge : lastScore })
  }
  return ranked
}
