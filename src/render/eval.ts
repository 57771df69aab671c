/**
 * Text rendering of `skc eval` (pure: result → string), shared by the CLI
 * and the MCP tool's text content: one row per skill, then every miss with
 * the skill that won instead, then the verdict against --min-pass.
 */
import { visible } from "../domain/visible.js"
import type { EvalResult } from "../app/eval/eval.js"
import type { Metrics } from "../domain/eval/score.js"
import { renderTable } from "./table.js"

const pct = (x: number) => `${Math.round(x * 1000) / 10} %`
const ratio = (x: number | null) => (x === null ? "-" : x.toFixed(2))
const short = (m: Metrics) => `${pct(m.pass_rate)} (${m.passed}/${m.queries})`

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
    if (s.misses.length === 0) continue
    out.push("")
    out.push(`${s.skill}: ${s.misses.length} miss${s.misses.length === 1 ? "" : "es"}`)
    // A manual-only skill is never listed to the model (DECISIONS #51): say why it cannot fire rather than a bare miss.
    if (s.manual_only) out.push(`  ${visible(s.skill)} is manual only (disable-model-invocation: true): ${r.agent} never lists it to the model, so it cannot trigger`)
    for (const m of s.misses) {
      const why = m.should_trigger
        ? `should fire; ${s.manual_only && r.judge === "match" ? "manual only, cannot trigger" : m.winner === null ? "no skill fired" : `won by ${m.winner}`}`
        : `should not fire; fired`
      const votes = m.votes !== undefined ? ` [${m.votes}/${m.runs} runs]` : ""
      const errors = m.errors !== undefined ? ` (${m.errors.join(", ")})` : ""
      const split = m.split !== undefined ? ` (${m.split})` : ""
      // Issue 47 item 4: the words that made the winner win, and by how much it beat the runner-up.
      const decided =
        m.winner !== null && m.decided_by !== undefined && m.decided_by.length > 0
          ? ` — decided by ${m.decided_by.map((w) => JSON.stringify(w)).join(", ")}${m.margin !== undefined ? `, margin ${m.margin.toFixed(2)}` : ""}`
          : ""
      out.push(`  ${visible(JSON.stringify(m.query))}${split}: ${why}${visible(decided)}${votes}${errors}`)
    }
  }
  const failing = r.skills.filter((s) => !s.meets_min_pass)
  out.push("")
  out.push(
    failing.length === 0
      ? `PASS: every skill reaches ${pct(r.min_pass)}`
      : `FAIL: ${failing.map((s) => s.skill).join(", ")} below ${pct(r.min_pass)}`
  )
  return out.join("\n") + "\n"
}
