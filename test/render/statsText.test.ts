// skc stats text: a logged question is shown bounded (its control characters escaped with the line); the log and JSON keep it whole.
import { describe, expect, it } from "vitest"
import type { StatsAllReport } from "../../src/app/usage/statsAll.js"
import { renderStatsAll, SHOWN_QUERY_MAX, shownQuery } from "../../src/render/stats.js"
import { renderSkillHtml } from "../../src/render/statsHtml.js"
import { skillReport } from "../helpers/statsReports.js"

const NOW = Date.UTC(2026, 2, 10)
const filters = { since: null, until: null, projects: [], readers: [], include_author: false }

describe("a long logged question in stats (found sending a 900 KB query over MCP)", () => {
  const long = `how do I ${"really ".repeat(20_000)}fill a form`
  const report: StatsAllReport = {
    query: "all",
    filters,
    skills: [],
    never_read: [],
    unanswered_all: [{ query: long, count: 1, last: "2026-03-09T00:00:00Z" }],
    total_skills: 0
  }

  it("the text report shows its first 200 code points and an ellipsis", () => {
    const text = renderStatsAll(report, NOW)
    const line = text.split("\n").find((l) => l.includes("how do I"))!
    expect(line).toContain(`'${[...long].slice(0, SHOWN_QUERY_MAX).join("")}…'`)
    expect(line.length).toBeLessThan(SHOWN_QUERY_MAX + 40)
  })

  it("the HTML report's top searches show the same, and keep the whole question in data-query", () => {
    const html = renderSkillHtml({ ...skillReport, searches: [{ query: long, count: 2, result_count: 0, partial: false }] }, NOW)
    expect(html).toContain(`<td>${shownQuery(long)}</td>`)
    expect(html).toContain(`data-query="${long}"`)
  })

  it("a short question is shown as it is (the line's escaping shows a newline as \\n)", () => {
    expect(shownQuery("fill\n  a form")).toBe("fill\n  a form")
    expect(shownQuery("é".repeat(SHOWN_QUERY_MAX))).toBe("é".repeat(SHOWN_QUERY_MAX))
  })
})
