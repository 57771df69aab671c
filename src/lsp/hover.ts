/**
 * The hover texts (issue 50), as Markdown: on `description`, what the
 * listing entry costs each agent the skill is written for; on a heading, its
 * section's tokens and how often agents read it lately.
 */
import type { EntryCost } from "../app/eval/index.js"
import { thousands } from "../domain/thousands.js"

const pct = (part: number, whole: number) => `${(Math.round((part / whole) * 1000) / 10).toFixed(1)} %`

export const descriptionHover = (costs: ReadonlyArray<EntryCost>): string => {
  const lines = ["**Listing cost** (what each agent lists at start; `skc budget` counts the whole listing)", "", "| agent | characters | tokens | share of budget | cut |", "|---|---|---|---|---|"]
  for (const c of costs) {
    if (!c.listed) {
      lines.push(`| ${c.title} | — | — | not listed (manual only) | — |`)
      continue
    }
    const whole = c.budget_chars === null ? "no documented budget" : `${pct(c.entry_chars, c.budget_chars)} of ${thousands(c.budget_chars)}`
    // Claude Code lists a skill with `paths:` only once a matching file is touched.
    const share = c.conditional ? `${whole}, once a file matching \`paths:\` is touched` : whole
    // The length compared with the cap is counted in the cap's own unit, and says so: Claude Code counts
    // UTF-16 units, so 40 emoji in a 1,521-character text make it 1,561 units, over a cap of 1,536.
    const cap = c.cap_chars === null ? "" : `${thousands(c.cap_chars)} ${c.cap_unit}`
    const cut = c.cap_chars === null ? "no cap" : c.truncated ? `**yes**: ${thousands(c.cap_length)} > ${cap}` : `no (cap ${cap})`
    lines.push(`| ${c.title} | ${thousands(c.entry_chars)} | ${thousands(c.tokens)} | ${share} | ${cut} |`)
  }
  return lines.join("\n")
}

export const headingHover = (heading: string, tokens: number, reads: number | undefined, days: number): string => {
  const read =
    reads === undefined ? "no access log for this skill yet (`skc build` it and let agents read it)" : reads === 0 ? `**never read** by agents in the last ${days} days` : `read **${thousands(reads)}** time${reads === 1 ? "" : "s"} by agents in the last ${days} days`
  // An empty heading (`#`) has no text to bold: `****` renders as a rule, and the hover named nothing.
  const title = heading.trim() === "" ? "*(an empty heading)*" : `**${heading.replace(/[\\`*_[\]]/g, "\\$&")}**`
  return [title, "", `about ${thousands(tokens)} token${tokens === 1 ? "" : "s"} · ${read}`].join("\n")
}
