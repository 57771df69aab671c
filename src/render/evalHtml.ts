/**
 * `skc eval --format html`: the report as one self-contained page (inline
 * style, no script, no external resource), like the stats report. Every
 * query and skill name is escaped: trigger files are the author's, but a
 * discovered skill's name is anybody's.
 */
import type { EvalResult } from "../app/eval/eval.js"
import { missExplanation } from "./eval.js"
import { pct } from "./percent.js"
import { visible } from "../domain/visible.js"

// Control characters and bidirectional overrides shown escaped, as the text and the stats report show them: a
// query holding U+202E read "extract pdf text please" beside a Why that contradicted it.
const esc = (s: string) => visible(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const ratio = (x: number | null) => (x === null ? "–" : x.toFixed(2))

export const renderEvalHtml = (r: EvalResult): string => {
  const rows = r.skills
    .map(
      (s) =>
        `<tr class="${s.meets_min_pass ? "ok" : "fail"}"><td>${esc(s.skill)}</td><td>${pct(s.pass_rate)} (${s.passed}/${s.queries})</td>` +
        `<td>${ratio(s.precision)}</td><td>${ratio(s.recall)}</td>` +
        `<td>${s.splits.train === undefined ? "–" : pct(s.splits.train.pass_rate)}</td>` +
        `<td>${s.splits.validation === undefined ? "–" : pct(s.splits.validation.pass_rate)}</td>` +
        `<td>${s.meets_min_pass ? "ok" : "FAIL"}</td></tr>`
    )
    .join("\n")
  const misses = r.skills
    .filter((s) => s.misses.length > 0)
    .map(
      (s) =>
        `<h2>${esc(s.skill)}: ${s.misses.length} miss${s.misses.length === 1 ? "" : "es"}</h2>\n<table><tr><th>Query</th><th>Expected</th><th>Won by</th><th>Split</th><th>Why</th></tr>\n` +
        s.misses
          .map(
            (m) =>
              `<tr><td>${esc(m.query)}</td><td>${m.should_trigger ? "fire" : "stay quiet"}</td><td>${m.winner === null ? "(none)" : esc(m.winner)}` +
              `${m.votes !== undefined ? ` [${m.votes}/${m.runs}]` : ""}${m.errors !== undefined ? ` (${esc(m.errors.join(", "))})` : ""}</td><td>${m.split ?? ""}</td><td>${esc(missExplanation(r, s, m))}</td></tr>`
          )
          .join("\n") +
        "\n</table>"
    )
    .join("\n")
  const confusions =
    r.confusions.length === 0
      ? ""
      : `<h2>Confusions</h2>\n<table><tr><th>Skill</th><th>Won instead</th><th>Kind</th><th>Count</th></tr>\n` +
        r.confusions
          // A false fire the skill won itself has no other winner: "Won instead: <the skill>" read as a contradiction.
          .map((c) => `<tr><td>${esc(c.skill)}</td><td>${c.winner === null ? "(none)" : c.winner === c.skill ? "(none: it fired itself)" : esc(c.winner)}</td><td>${c.should_trigger ? "missed" : "false fire"}</td><td>${c.count}</td></tr>`)
          .join("\n") +
        "\n</table>"
  const failing = r.skills.filter((s) => !s.meets_min_pass)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>skc eval</title>
<style>
:root{color-scheme:light dark;--bg:#fff;--fg:#222;--line:#ccc;--head:#f4f4f4;--failbg:#fdecea;--ok:#1a7f37;--fail:#c62828}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--line:#3d444d;--head:#151b23;--failbg:#3c1618;--ok:#3fb950;--fail:#f85149}}
body{font:14px/1.5 system-ui,sans-serif;margin:2rem;color:var(--fg);background:var(--bg)}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;max-width:100%}td,th{border:1px solid var(--line);padding:.25rem .6rem;text-align:left;vertical-align:top;overflow-wrap:anywhere;unicode-bidi:plaintext}
th{background:var(--head)}tr.fail td{background:var(--failbg)}tr.ok td:last-child{color:var(--ok)}tr.fail td:last-child{color:var(--fail);font-weight:600}
.verdict{font-weight:600}
@media (max-width:600px){body{margin:1rem .5rem}td,th{padding:.2rem .35rem}}
</style></head><body>
<h1>skc eval</h1>
<p>${r.skills.length} skill${r.skills.length === 1 ? "" : "s"} for ${esc(r.agent)}, ${r.judge === "match" ? `match judge (threshold ${r.threshold})` : "command judge"}, min pass ${pct(r.min_pass)}.</p>
<table><thead><tr><th>Skill</th><th>Pass</th><th>Precision</th><th>Recall</th><th>Train</th><th>Validation</th><th>Verdict</th></tr></thead>
${rows}
</table>
<p class="verdict">${failing.length === 0 ? `PASS: every skill reaches ${pct(r.min_pass)}` : `FAIL: ${failing.map((s) => esc(s.skill)).join(", ")} below ${pct(r.min_pass)}`}</p>
${misses}
${confusions}
</body></html>
`
}
