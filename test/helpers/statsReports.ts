// A skill's stats report as the HTML and text renderers take it: one fixture for the render tests.
import type { SkillReport } from "../../src/app/usage/statsReport.js"

/** The filters of a report over every project, without the author's own reads. */
export const filters = { since: null, until: null, projects: [], readers: [], include_author: false }

export const skillReport: SkillReport = {
  skill: "pdf",
  skill_path: "/skills/pdf",
  filters,
  period: { start: "2026-03-01T10:00:00Z", end: "2026-03-04T09:00:00Z" },
  summary: { total_accesses: 12, unique_sections: 2, unique_files: 1, error_count: 1, agent_accesses: 12, author_accesses: 3, unanswered: 2 },
  commands: { show: 8, search: 4, build: 3 },
  outline: [
    { file: "SKILL.md", section: "PDF", level: 1, count: 0 },
    { file: "SKILL.md", section: "Install", level: 2, count: 6 },
    { file: "SKILL.md", section: "From <source>", level: 3, count: 2 },
    { file: "SKILL.md", section: "Usage", level: 2, count: 0 },
    { file: "refs/forms.md", section: "Forms", level: 1, count: 0 }
  ],
  gone: [{ section: "Old heading", file: "SKILL.md", count: 1 }],
  timeline: [
    { day: "2026-03-01", count: 5 },
    { day: "2026-03-04", count: 7 }
  ],
  searches: [
    { query: "merge & split", count: 3, result_count: 0, partial: false },
    { query: "rotate", count: 1, result_count: 4, partial: true }
  ],
  unansweredSearches: [{ query: "merge & split", count: 3, last: "2026-03-04T09:00:00Z" }],
  lookedFor: [
    { kind: "search", target: "merge & split", count: 3 },
    { kind: "show", target: "<script>alert(1)</script>", count: 1 }
  ],
  errors: [{ target: "<script>alert(1)</script>", command: "show", error: "error[E020]: section not found", count: 1 }]
}
