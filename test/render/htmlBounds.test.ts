// The HTML reports in a browser (a Chromium probe): a long question made the page tens of thousands of
// pixels wide, a log of 2,000 long questions made a 24 MB page with --limit ignored, the outline's names
// vanished at 375 px, the funnel's bars drew as dots, and the eval page had no viewport, no dark mode and
// let a bidirectional override show a query reversed.
import { describe, expect, it } from "vitest"
import type { EvalResult } from "../../src/app/eval/eval.js"
import { renderEvalHtml } from "../../src/render/evalHtml.js"
import { HTML_LIST_ROWS, renderSkillHtml } from "../../src/render/statsHtml.js"
import { skillReport } from "../helpers/statsReports.js"

const NOW = Date.UTC(2026, 11, 5)
const rowsOf = (html: string, id: string) => (html.split(`id="${id}-table"`)[1] ?? "").split("</table>")[0]!.split("<tr data-").length - 1

describe("the stats report's bounds", () => {
  const long = "A".repeat(10_000)
  const many = Array.from({ length: HTML_LIST_ROWS + 50 }, (_, i) => ({ kind: "search" as const, target: `${long}${i}`, count: 1 }))

  it("each list shows at most its bound (or --limit), saying how many more; a long question's cell is shortened and may wrap", () => {
    const html = renderSkillHtml({ ...skillReport, lookedFor: many }, NOW)
    expect(rowsOf(html, "unanswered")).toBe(HTML_LIST_ROWS)
    expect(html).toContain("… and 50 more")
    const limited = renderSkillHtml({ ...skillReport, lookedFor: many, limit: 5 }, NOW)
    expect(rowsOf(limited, "unanswered")).toBe(5)
    expect(limited).toContain(`… and ${HTML_LIST_ROWS + 45} more`)
    // The visible text is the shortened question (the whole stays in data-target), and cells wrap anywhere.
    expect(html).not.toContain(`<td>${long}`)
    expect(html).toMatch(/td\.text\{overflow-wrap:anywhere;min-width:10em\}/)
    expect(html).toContain(`<td class="text">${"A".repeat(200)}…`)
    expect(html.length).toBeLessThan(6_000_000)
  })

  it("numbers and short words never break inside (a long question squeezed '167' into '16' over '7' and 'show' into 'sho|w'); a table wider than a phone scrolls in its panel", () => {
    const html = renderSkillHtml({ ...skillReport, lookedFor: many.slice(0, 3) }, NOW)
    expect(html).toMatch(/th,td\{[^}]*overflow-wrap:break-word\}/)
    expect(html).not.toMatch(/th,td\{[^}]*overflow-wrap:anywhere/)
    expect(html).toMatch(/td\.num,th\.num\{[^}]*white-space:nowrap/)
    expect(html).toMatch(/section\.panel\{[^}]*overflow-x:auto/)
  })

  it("failed calls show the target and the error shortened as every other list (a 4,000-character heading filled the screen twice)", () => {
    const errors = Array.from({ length: 200 }, (_, i) => ({ command: "show", target: `<&${long}${i}`, error: `section not found: '<&${long}${i}'`, count: 1 }))
    const html = renderSkillHtml({ ...skillReport, errors } as never, NOW)
    const table = html.split('id="errors-table"')[1]!.split("</table>")[0]!
    expect(table).not.toContain("A".repeat(201))
    expect(table).toContain(`&lt;&amp;${"A".repeat(198)}…`)
    expect(table.length).toBeLessThan(200 * 1_500)
  })

  it("a report with no agent read does not say agents found everything they looked for", () => {
    const none = renderSkillHtml({ ...skillReport, lookedFor: [], summary: { ...skillReport.summary, agent_accesses: 0 } }, NOW)
    expect(none).toContain("No agent read this skill in the period")
    expect(none).not.toContain("Agents found everything")
    const some = renderSkillHtml({ ...skillReport, lookedFor: [] }, NOW)
    expect(some).toContain("Agents found everything they looked for")
  })

  it("a narrow screen keeps the outline's names (a media query narrows the bar and count columns); funnel bars have a width", () => {
    const html = renderSkillHtml({ ...skillReport, funnel: { activated: 4, sessions: 2, by_trigger: { "user-slash": 3, model: 1 }, reads: 45, sections_read: 3, signals: [] } } as never, NOW)
    expect(html).toContain("@media (max-width:600px){main{padding:16px 10px 32px}.row{grid-template-columns:minmax(0,1fr) 64px 40px")
    expect(html).toContain('<td class="barcell">')
    expect(html).toContain('<td class="sub">user-slash</td>')
  })
})

describe("the eval report", () => {
  const result = {
    agent: "claude",
    judge: "match",
    threshold: 3,
    min_pass: 0.85,
    skills: [
      {
        skill: "pdf",
        pass_rate: 0.5,
        passed: 1,
        queries: 2,
        precision: null,
        recall: null,
        splits: {},
        meets_min_pass: false,
        misses: [{ query: "\u202etxet fdp tcartxe\u202c please", should_trigger: true, winner: null, split: undefined }]
      }
    ],
    confusions: []
  } as unknown as EvalResult

  it("has a viewport and a dark scheme, and shows a bidirectional override escaped, as the text does", () => {
    const html = renderEvalHtml(result)
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
    expect(html).toContain("@media (prefers-color-scheme:dark)")
    expect(html).not.toContain("\u202e")
    expect(html).toContain("\\u202etxet fdp tcartxe\\u202c please")
  })
})
