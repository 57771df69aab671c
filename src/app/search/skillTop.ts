/**
 * A skill's top section as the answer to a question only its name and
 * description hold (issue 47 item 3): in one skill (`search.ts`) and, when
 * no section of any skill answers, across skills (`searchAcross.ts`).
 */
import { Effect } from "effect"
import { IndexUnusable } from "../../domain/errors.js"
import { holding, termOf } from "../../domain/search/indexQuery.js"
import { hitsThatCount, resultScore, type WordStats } from "../../domain/search/rank.js"
import { describedExcerpt, type Found, type Opened } from "./searchRows.js"

/** An index read that failed: the skill's index is unusable (E002's reason). */
export const corruptOf = (opened: Opened) => (e: { readonly message: string }) => new IndexUnusable({ skill: opened.skill.name, reason: `corrupt (${e.message})` })

/** The index's size and, per word, how many of its documents hold it (one count each, no ranking). */
export const wordStats = Effect.fnUntraced(function* (opened: Opened, words: ReadonlyArray<string>) {
  const { index, tokenizer } = opened.q
  const rows = yield* index.rowCount.pipe(Effect.mapError(corruptOf(opened)))
  // Counted up to where every IDF is the same (`hitsThatCount`): a common word's count stops halfway.
  const hits = yield* Effect.forEach(words, (w) => index.hits(holding(termOf(w, tokenizer)), hitsThatCount(rows))).pipe(Effect.mapError(corruptOf(opened)))
  return { rows, hits } satisfies WordStats
})

/**
 * The skill's top section (SKILL.md's first: its text before the first
 * heading, or its first heading), for a question whose every word only
 * the skill's name and description hold: they are the heading above it.
 * Scored by what those words add (`resultScore` with no BM25 of its own).
 * Across skills too (`searchAcross.ts`), when no section of any skill answers.
 */
export const skillTop = Effect.fnUntraced(function* (opened: Opened, words: ReadonlyArray<string>, described: number) {
  const place = yield* opened.q.index.firstPlace("SKILL.md").pipe(Effect.mapError(corruptOf(opened)))
  if (place === undefined) return undefined
  const stats = yield* wordStats(opened, words)
  const held = { own: 0, inherited: 0, described }
  const score = resultScore(0, held, words.length, stats)
  const snippet = yield* describedExcerpt(opened.skill, opened.q, words).pipe(Effect.mapError(corruptOf(opened)))
  return { c: { skill: opened.skill.name, rowid: place.rowid, termsHeld: 0, score, opened, place, words: held }, tokens: words, mode: "any", snippet } satisfies Found
})
