// skc stats text: a logged question is shown bounded (its control characters escaped with the line); the log and JSON keep it whole.
import { describe, expect, it } from "vitest"
import type { StatsAllReport } from "../../src/app/usage/statsAll.js"
import { renderStats, renderStatsAll, SHOWN_QUERY_MAX, shownQuery } from "../../src/render/stats.js"
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
    expect(html).toContain(`<td class="text">${shownQuery(long)}</td>`)
    expect(html).toContain(`data-query="${long}"`)
  })

  it("a short question is shown as it is (the line's escaping shows a newline as \\n)", () => {
    expect(shownQuery("fill\n  a form")).toBe("fill\n  a form")
    expect(shownQuery("é".repeat(SHOWN_QUERY_MAX))).toBe("é".repeat(SHOWN_QUERY_MAX))
  })
})

// RFC-0003:C-CLI: text output "suitable for terminal display". Found with the published xlsx skill, whose
// headings start with ✅ and ❌: a terminal draws them (and CJK) two columns wide, the columns were padded
// by code points, so every column after such a heading sat one column right of the header's.
describe("skc stats text tables: columns aligned as a terminal draws them", () => {
  /** Columns a terminal gives a string: emoji presentation and East Asian wide characters take two. */
  const columns = (s: string) => [...s].reduce((w, ch) => w + (/[\p{Emoji_Presentation}\u4e00-\u9fff]/u.test(ch) ? 2 : 1), 0)
  const row = (skill: string, section: string) => ({
    skill, scope: "project", skill_path: `/p/${skill}`, reads: 1, author: 0, accesses: 1, last_read: null,
    top_section: { section, file: "SKILL.md", count: 1 }, unanswered: 3, errors: 0
  })
  const text = renderStatsAll(
    { query: "all", filters, skills: [row("xlsx", "✅ CORRECT - Using Excel Formulas"), row("pdf", "Merge PDFs"), row("zh", "数据透视表")], never_read: [], unanswered_all: [], total_skills: 3 },
    NOW
  )

  it("the last column ends at the same terminal column on every row, as under its header", () => {
    const lines = text.split("\n").filter((l) => /^\s+(SKILL|xlsx|pdf|zh)\b/.test(l))
    expect(lines).toHaveLength(4)
    expect(new Set(lines.map(columns)).size).toBe(1)
  })
})

// docs/stats.md (Who read, and with what): stdio sessions record their MCP client, as HTTP ones do; the
// clients view still named "stdio" among the rows without one, so an author whose agents all run skc mcp
// over stdio read that their clients could not be told apart.
describe("skc stats --group-by clients: the group without a client (issue 49 item 2)", () => {
  const insights = { topSections: [], topSectionsMore: 0, commands: {}, commandRoles: {}, unusedSections: [], unusedMore: 0, unanswered: [], unansweredMore: 0 }
  const text = renderStats(
    {
      report: {
        skill: "pdf", skill_path: "/p/pdf", query: "clients", filters,
        period: { start: "2026-03-01T00:00:00Z", end: "2026-03-02T00:00:00Z" },
        data: [{ client: "alpha-agent/1.0", count: 6 }, { client: null, count: 14 }]
      },
      insights
    },
    NOW
  )

  it("is the CLI's and any MCP client that named itself no client, not stdio's", () => {
    const none = text.split("\n").find((l) => /^\s+14\s/.test(l))!
    expect(none).toContain("CLI")
    expect(none).not.toContain("stdio")
  })
})

// An author's probe: the summary's "looked for" list quoted a search as JSON (`"red \u001b[31m…"`) where
// `--group-by search` and `unanswered` show the same query as `red \x1b[31m…`.
describe("the summary's 'looked for' list shows a query as every other view does", () => {
  const insights = {
    topSections: [], topSectionsMore: 0, commands: {}, commandRoles: {}, unusedSections: [], unusedMore: 0,
    unanswered: [{ kind: "search" as const, target: "red \u001b[31mALERT", count: 2 }], unansweredMore: 0
  }
  const text = renderStats(
    {
      report: {
        skill: "pdf", skill_path: "/p/pdf", query: "summary", filters,
        period: { start: "2026-03-01T00:00:00Z", end: "2026-03-02T00:00:00Z" },
        data: { total_accesses: 2, unique_sections: 0, unique_files: 0, error_count: 0, agent_accesses: 2, author_accesses: 0, unanswered: 2 }
      },
      insights
    } as never,
    NOW
  )

  it("its control characters escaped as \\x1b, in double quotes", () => {
    expect(text).toContain('search  "red \\x1b[31mALERT"')
    expect(text).not.toContain("\\u001b")
  })
})

describe("the unanswered view with nothing to list", () => {
  it("claims no search ran: a skill never searched (or a filter matching no row) is not 'Every search found something'", () => {
    const report = { skill: "demo", skill_path: "/p/demo", filters, period: { start: null, end: null }, query: "unanswered", data: [], more: 0 }
    const text = renderStats({ report, insights: [] } as unknown as Parameters<typeof renderStats>[0], NOW)
    expect(text).toContain("No unanswered search.")
    expect(text).not.toContain("Every search found something")
  })
})

describe("words that agree with the figures beside them (fifty-eighth pass: a statistics probe)", () => {
  it("a period of author work alone is not 'No recorded accesses.' above 'Author work: 4'", () => {
    const insights = { topSections: [], topSectionsMore: 0, commands: {}, commandRoles: {}, unusedSections: [], unusedMore: 0, unanswered: [], unansweredMore: 0 }
    const summary = (author: number) =>
      renderStats(
        {
          report: {
            skill: "pdf", skill_path: "/p/pdf", query: "summary", filters,
            period: { start: null, end: null },
            data: { total_accesses: 0, unique_sections: 0, unique_files: 0, error_count: 0, agent_accesses: 0, author_accesses: author, unanswered: 0 }
          },
          insights
        } as never,
        NOW
      )
    expect(summary(4)).toContain("No agent read (author work alone).")
    expect(summary(4)).not.toContain("No recorded accesses.")
    expect(summary(0)).toContain("No recorded accesses.")
  })

  it("with filters, a skill no kept row reads is not called 'never' read", () => {
    const report = (f: StatsAllReport["filters"]): StatsAllReport => ({
      query: "all",
      filters: f,
      skills: [{ skill: "pdf", reads: 0, author: 0, last_read: null, top_section: null, unanswered: 0, errors: 0 } as never],
      never_read: ["pdf"],
      unanswered_all: [],
      total_skills: 1
    })
    const narrowed = renderStatsAll(report({ ...filters, since: "2026-03-05T12:00:05Z" } as StatsAllReport["filters"]), NOW)
    expect(narrowed).toContain("Not read (with these filters): 1")
    expect(narrowed).not.toMatch(/\bnever\b/i)
    expect(renderStatsAll(report(filters as StatsAllReport["filters"]), NOW)).toContain("Never read: 1")
  })
})

// A stats probe: a 2,000-character heading padded every "Top sections" row to its width, `Normal` included.
describe("the summary's top and unused sections show a long heading shortened", () => {
  const long = `H${"e".repeat(1999)}`
  const insights = {
    topSections: [{ section: long, file: "SKILL.md", count: 1 }, { section: "Normal", file: "SKILL.md", count: 1 }], topSectionsMore: 0, commands: {}, commandRoles: {},
    unusedSections: [{ section: long, file: "SKILL.md", line: 3 }], unusedMore: 0, unanswered: [], unansweredMore: 0
  }
  const text = renderStats(
    {
      report: {
        skill: "pdf", skill_path: "/p/pdf", query: "summary", filters,
        period: { start: "2026-03-01T00:00:00Z", end: "2026-03-02T00:00:00Z" },
        data: { total_accesses: 2, unique_sections: 2, unique_files: 1, error_count: 0, agent_accesses: 2, author_accesses: 0, unanswered: 0 }
      },
      insights
    } as unknown as Parameters<typeof renderStats>[0],
    NOW
  )
  it("at 80 characters and an ellipsis, so the other rows keep their width", () => {
    const normal = text.split("\n").find((l) => l.includes("Normal"))!
    expect(normal.length).toBeLessThan(130)
    expect(text).toContain(`H${"e".repeat(79)}…`)
    expect(text).not.toContain("e".repeat(81))
  })
})

// A team probe (sixty-third pass): an activation exported without `session.id` printed "activated 1 in 0 sessions".
describe("skc stats --group-by funnel: activations with no session recorded", () => {
  const insights = { topSections: [], topSectionsMore: 0, commands: {}, commandRoles: {}, unusedSections: [], unusedMore: 0, unanswered: [], unansweredMore: 0 }
  const funnel = (activated: number, sessions: number) =>
    renderStats(
      {
        report: {
          skill: "pdf", skill_path: "/p/pdf", query: "funnel", filters,
          period: { start: "2026-03-01T00:00:00Z", end: "2026-03-02T00:00:00Z" },
          data: { activated, sessions, by_trigger: { unknown: activated }, reads: 0, sections_read: 0, signals: [] }
        },
        insights
      } as never,
      NOW
    )
      .split("\n")
      .find((l) => l.startsWith("activated"))

  it("says no session was recorded, not 'in 0 sessions'; with sessions, counts them", () => {
    expect(funnel(1, 0)).toBe("activated  1, no session recorded (unknown 1)")
    expect(funnel(3, 2)).toBe("activated  3 in 2 sessions (unknown 3)")
  })
})
