/**
 * Scoring a skill's trigger queries (docs/eval.md "Reading the report").
 * "Fires" means the judge's activated skill is the skill under test; a query
 * passes when it fires exactly when `should_trigger` says so. Precision and
 * recall are those of "fires": of the queries where it fired, how many should
 * have (null when it never fired); of the queries that should fire, how many
 * did (null when none should).
 */
import type { Split, TriggerQuery } from "./triggerSet.js"

/** What a judge saw for one query: the skills activated, first the winner. */
export interface Verdict {
  readonly activated: ReadonlyArray<string>
  /** Command judge: runs, and of those how many activated the skill under test (set by `majority`). */
  readonly runs?: number
  /** A run that did not end normally (timeout, non-zero exit), once per distinct reason. */
  readonly errors?: ReadonlyArray<string>
  /** Match judge: the words that made the winner win, largest contribution first (issue 47 item 4). */
  readonly decided_by?: ReadonlyArray<string>
  /** Match judge: the winner's score minus the runner-up's. */
  readonly margin?: number
  /** Match judge: the winner was named in the request, which wins whatever its description holds. */
  readonly named?: boolean
  /**
   * Match judge: the winner's one-word name is a bare word of the request ("fit a linear regression" and
   * `linear`): no mention, but it fires whatever the gates, in its place by relevance.
   */
  readonly name_word?: boolean
}

/**
 * Match judge: where the skill under test stood on a query it should have
 * fired on and did not (its score, the share of the request's words it
 * covers, its place, the request words its name and description hold), so
 * a miss says what to change, not only who won.
 */
export interface Standing {
  readonly score: number
  readonly coverage: number
  readonly rank: number
  readonly words: ReadonlyArray<string>
}

export interface QueryOutcome extends TriggerQuery {
  readonly fired: boolean
  readonly pass: boolean
  /** The skill that won (the first activated), `null` when none did. */
  readonly winner: string | null
  /** Command judge with `--repeat`: runs that activated the skill under test. */
  readonly votes?: number
  readonly runs?: number
  readonly errors?: ReadonlyArray<string>
  /** Match judge: the words that decided the winner, and its margin over the runner-up (issue 47 item 4). */
  readonly decided_by?: ReadonlyArray<string>
  readonly margin?: number
  /** Match judge: the winner was named in the request (its description did not decide). */
  readonly named?: true
  /** Match judge: the winner's one-word name is a bare word of the request (no mention; it fired whatever the gates). */
  readonly name_word?: true
  /** Match judge, a should-fire miss: how the skill under test itself scored. */
  readonly standing?: Standing
}

export interface Metrics {
  readonly queries: number
  readonly passed: number
  readonly pass_rate: number
  readonly precision: number | null
  readonly recall: number | null
  readonly true_positives: number
  readonly false_positives: number
  readonly false_negatives: number
  readonly true_negatives: number
}

const round = (x: number) => Math.round(x * 1000) / 1000

export const metricsOf = (outcomes: ReadonlyArray<QueryOutcome>): Metrics => {
  let tp = 0
  let fp = 0
  let fn = 0
  let tn = 0
  for (const o of outcomes) {
    if (o.should_trigger) o.fired ? tp++ : fn++
    else o.fired ? fp++ : tn++
  }
  const passed = tp + tn
  return {
    queries: outcomes.length,
    passed,
    pass_rate: outcomes.length === 0 ? 0 : round(passed / outcomes.length),
    precision: tp + fp === 0 ? null : round(tp / (tp + fp)),
    recall: tp + fn === 0 ? null : round(tp / (tp + fn)),
    true_positives: tp,
    false_positives: fp,
    false_negatives: fn,
    true_negatives: tn
  }
}

/** One query judged for `skill`. */
export const outcomeOf = (skill: string, q: TriggerQuery, v: Verdict & { readonly votes?: number }): QueryOutcome => {
  const fired = v.votes !== undefined && v.runs !== undefined ? v.votes * 2 > v.runs : v.activated.includes(skill)
  return {
    ...q,
    fired,
    pass: fired === q.should_trigger,
    winner: v.activated[0] ?? null,
    ...(v.decided_by !== undefined ? { decided_by: v.decided_by } : {}),
    ...(v.margin !== undefined ? { margin: v.margin } : {}),
    ...(v.named === true ? { named: true } : {}),
    ...(v.name_word === true ? { name_word: true } : {}),
    ...(v.runs !== undefined && v.runs > 1 ? { votes: v.votes ?? 0, runs: v.runs } : {}),
    ...(v.errors !== undefined && v.errors.length > 0 ? { errors: v.errors } : {})
  }
}

/**
 * `--repeat N`: the runs of one query for `skill`. Fires when more than half
 * the runs activated it; the winner reported is the most frequent first
 * activation among the runs that agree with the majority.
 */
export const majority = (skill: string, runs: ReadonlyArray<Verdict>): Verdict & { readonly votes: number } => {
  const votes = runs.filter((r) => r.activated.includes(skill)).length
  const fired = votes * 2 > runs.length
  const agreeing = runs.filter((r) => r.activated.includes(skill) === fired)
  const counts = new Map<string | null, number>()
  for (const r of agreeing) {
    const w = fired ? skill : (r.activated[0] ?? null)
    counts.set(w, (counts.get(w) ?? 0) + 1)
  }
  let winner: string | null = null
  let best = 0
  for (const [w, n] of counts) if (n > best) [winner, best] = [w, n]
  const errors = [...new Set(runs.flatMap((r) => r.errors ?? []))]
  return { activated: winner === null ? [] : [winner], votes, runs: runs.length, ...(errors.length > 0 ? { errors } : {}) }
}

export interface SplitMetrics {
  readonly train?: Metrics
  readonly validation?: Metrics
}

export const splitMetrics = (outcomes: ReadonlyArray<QueryOutcome>): SplitMetrics => {
  const of = (s: Split) => outcomes.filter((o) => o.split === s)
  const train = of("train")
  const validation = of("validation")
  return { ...(train.length > 0 ? { train: metricsOf(train) } : {}), ...(validation.length > 0 ? { validation: metricsOf(validation) } : {}) }
}

export interface Confusion {
  readonly skill: string
  /** The skill that took the query instead (`null`: none fired), or the skill itself on a false positive. */
  readonly winner: string | null
  readonly should_trigger: boolean
  readonly count: number
}

/** The misses grouped by (skill, winner): which neighbour steals which skill's requests. */
export const confusionsOf = (bySkill: ReadonlyArray<{ readonly skill: string; readonly misses: ReadonlyArray<QueryOutcome> }>): ReadonlyArray<Confusion> => {
  const out = new Map<string, { skill: string; winner: string | null; should_trigger: boolean; count: number }>()
  for (const s of bySkill) {
    for (const m of s.misses) {
      const key = JSON.stringify([s.skill, m.winner, m.should_trigger])
      const c = out.get(key) ?? { skill: s.skill, winner: m.winner, should_trigger: m.should_trigger, count: 0 }
      c.count++
      out.set(key, c)
    }
  }
  return [...out.values()].sort((a, b) => b.count - a.count || (a.skill < b.skill ? -1 : a.skill > b.skill ? 1 : 0))
}
