/**
 * Text rendering of `skc eval` (pure: result → string), shared by the CLI
 * and the MCP tool's text content: one row per skill, then every miss with
 * the skill that won instead, then the verdict against --min-pass.
 */
import { visible } from "../domain/visible.js"
import type { EvalResult } from "../app/eval/eval.js"
import type { Metrics, Standing } from "../domain/eval/score.js"
import { MIN_COVERAGE } from "../domain/protocol/match.js"
import { requestTerms } from "../domain/protocol/text.js"
import { renderTable } from "./table.js"
import { pct } from "./percent.js"

const ratio = (x: number | null) => (x === null ? "-" : x.toFixed(2))
const short = (m: Metrics) => `${pct(m.pass_rate)} (${m.passed}/${m.queries})`

/** A query of a miss line: whole up to this many characters (a 100 KB query would bury the report; JSON keeps it whole). */
const QUERY_CHARS = 200
const quoted = (q: string) => JSON.stringify(q.length > QUERY_CHARS ? `${q.slice(0, QUERY_CHARS)}…` : q)
/**
 * What fires a manual-only skill: its command where the agent runs skills by one (Claude Code's `/<directory>`),
 * nothing when `user-invocable: false` takes it off that menu too, else a request that names it.
 */
const manualTrigger = (command: string | null | undefined): string =>
  command === undefined
    ? ", so only a request that names it triggers it"
    : command === null
      ? ", and user-invocable: false keeps it off the / menu too: nothing can invoke it"
      : `, so only a request that invokes it (/${command}) triggers it`
const ordinal = (n: number) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`

/**
 * Match judge, a should-fire miss: how the skill under test itself scored and
 * which gate it missed (the threshold, the coverage), so the author sees
 * what to add to its description, not only who won.
 */
const standingOf = (skill: string, query: string, st: Standing, threshold: number | null, won: boolean): string => {
  // A request of stop words alone gives the judge nothing to weigh: no description can make it fire, and
  // "holds none of the request's words" sent the author to add words to the description.
  if (st.words.length === 0 && requestTerms(query).length === 0) return "the request holds no word the match judge weighs (only words such as 'the', 'and', 'it', or punctuation): no skill can fire for it; reword it as a request"
  if (st.words.length === 0) return `${skill} holds none of the request's words`
  const place = won ? `ranked ${ordinal(st.rank)}, ` : ""
  const under = threshold !== null && st.score < threshold ? ` (under the threshold ${threshold})` : ""
  const thin = st.coverage < MIN_COVERAGE ? ` (under ${pct(MIN_COVERAGE)})` : ""
  return `${skill} ${place}scored ${st.score.toFixed(2)}${under} on ${st.words.map((w) => JSON.stringify(w)).join(", ")}, ${pct(st.coverage)} of the request's words${thin}`
}

type Report = EvalResult["skills"][number]

/**
 * Issue 47 item 4: why a miss went as it did — the words that made the
 * winner win and its margin, then how the skill under test itself scored
 * (a should-fire miss); "" when the judge says nothing more (the command judge).
 * Shared by the text and the HTML reports.
 */
export const missExplanation = (r: EvalResult, s: Report, m: Report["misses"][number]): string => {
  // A winner with a negative margin won by being named in the request (a named skill ranks first whatever
  // its score): "margin -2.17" read as a contradiction.
  // A winner named by a name of several words written as words ("release notes" names `release-notes`) wins
  // with any margin: "decided by "release", "notes"" sent the author to strip words the name holds.
  const named = m.named === true || (m.margin !== undefined && m.margin < 0)
  // A one-word name written as a bare word is no mention (docs/eval.md): it fires whatever the gates, and its
  // description cannot stop it. "named in the request" told the author the user had asked for the skill.
  const decided =
    m.winner !== null && m.decided_by !== undefined && m.decided_by.length > 0
      ? m.name_word === true
        ? `its name is a word of the request (no mention, but it fires whatever the gates), matched ${m.decided_by.map((w) => JSON.stringify(w)).join(", ")}`
        : named
        ? `named in the request, matched ${m.decided_by.map((w) => JSON.stringify(w)).join(", ")}`
        : `decided by ${m.decided_by.map((w) => JSON.stringify(w)).join(", ")}${
            m.margin === undefined ? "" : m.margin === 0 ? ", a tie (margin 0.00: the runner-up scored the same, and the order of scope then name chose)" : `, margin ${m.margin.toFixed(2)}`
          }`
      : ""
  const own = m.standing === undefined ? "" : standingOf(s.skill, m.query, m.standing, r.threshold, m.winner !== null)
  return [decided, own].filter((x) => x !== "").join("; ")
}

export const renderEval = (r: EvalResult): string => {
  const out: Array<string> = []
  const judge = r.judge === "match" ? `match judge, threshold ${r.threshold}` : "command judge"
  out.push(`${r.skills.length} skill${r.skills.length === 1 ? "" : "s"} evaluated for ${r.agent} (${judge}), min pass ${pct(r.min_pass)}`)
  out.push("")
  out.push(
    renderTable(
      ["SKILL", "PASS", "PRECISION", "RECALL", "TRAIN", "VALIDATION", ""],
      r.skills.map((s) => [
        s.skill,
        short(s),
        ratio(s.precision),
        ratio(s.recall),
        s.splits.train === undefined ? "-" : pct(s.splits.train.pass_rate),
        s.splits.validation === undefined ? "-" : pct(s.splits.validation.pass_rate),
        s.meets_min_pass ? "ok" : "FAIL"
      ])
    )
  )
  for (const s of r.skills) {
    // A manual-only skill is never listed to the model (DECISIONS #51): say why it cannot fire rather than a bare miss.
    // Its field may be written `"yes"` or `on` (Claude Code reads those words): the line names no value.
    // Both notes are said with or without misses: a conditional skill's 100 % holds only once its paths match (a probe).
    const notes = [
      ...(s.manual_only ? [`  ${visible(s.skill)} is manual only: ${r.agent} never lists it to the model${manualTrigger(s.command)}`] : []),
      ...(s.conditional === true ? [`  ${visible(s.skill)} is conditional (paths:): ${r.agent} lists it only once a file matching its paths is touched; evaluated as listed then`] : [])
    ]
    if (s.misses.length === 0 && notes.length === 0) continue
    out.push("")
    out.push(s.misses.length === 0 ? `${s.skill}: no misses` : `${s.skill}: ${s.misses.length} miss${s.misses.length === 1 ? "" : "es"}`)
    out.push(...notes)
    for (const m of s.misses) {
      const why = m.should_trigger
        ? // The winner named beside "manual only": its "decided by" words read as the skill under test's own.
          `should fire; ${s.manual_only && r.judge === "match" ? `manual only, not invoked${m.winner === null ? "" : `; won by ${m.winner}`}` : m.winner === null ? "no skill fired" : `won by ${m.winner}`}`
        : `should not fire; fired`
      const votes = m.votes !== undefined ? ` [${m.votes}/${m.runs} runs]` : ""
      const errors = m.errors !== undefined ? ` (${m.errors.join(", ")})` : ""
      const split = m.split !== undefined ? ` (${m.split})` : ""
      const explained = missExplanation(r, s, m)
      out.push(`  ${visible(quoted(m.query))}${split}: ${why}${explained === "" ? "" : visible(` — ${explained}`)}${votes}${errors}`)
    }
  }
  const failing = r.skills.filter((s) => !s.meets_min_pass)
  out.push("")
  out.push(
    failing.length === 0
      ? `PASS: every skill reaches ${pct(r.min_pass)}`
      : // A rate that prints as the minimum is still below it (2 of 3 against --min-pass 0.667): its fraction says so (a probe read "66.7 % … below 66.7 %").
        `FAIL: ${failing.map((s) => (pct(s.pass_rate) === pct(r.min_pass) && s.queries > 0 ? `${s.skill} (${s.passed}/${s.queries} = ${((s.passed / s.queries) * 100).toFixed(3)} %)` : s.skill)).join(", ")} below ${pct(r.min_pass)}`
  )
  return out.join("\n") + "\n"
}
