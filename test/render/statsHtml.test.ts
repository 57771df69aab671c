// The HTML report (issue 17) as a pure rendering: parsed, not eyeballed.
import { describe, expect, it } from "vitest"
import type { StatsAllReport } from "../../src/app/usage/statsAll.js"
import { escapeHtml, renderAllHtml, renderSkillHtml } from "../../src/render/statsHtml.js"
import { all, byId, parseHtml, textOf } from "../helpers/html.js"
import { skillReport as report } from "../helpers/statsReports.js"

const NOW = Date.UTC(2026, 2, 10)
const filters = { since: null, until: null, projects: [], readers: [], include_author: false }


describe("issue 17: skc stats --format html", () => {
  const html = renderSkillHtml(report, NOW)
  const doc = parseHtml(html)

  it("is one well-formed, self-contained document: no script, no link, no URL, no external font", () => {
    expect(html.startsWith("<!DOCTYPE html>\n")).toBe(true)
    expect(all(doc, (e) => ["script", "link", "img", "iframe", "object"].includes(e.tag))).toEqual([])
    expect(all(doc, (e) => "src" in e.attrs || "href" in e.attrs)).toEqual([])
    expect(html).not.toMatch(/https?:|url\(|@import|@font-face/)
    expect(all(doc, (e) => e.tag === "style")).toHaveLength(1)
  })

  it("light and dark mode and print styles", () => {
    const css = textOf(all(doc, (e) => e.tag === "style")[0]!)
    expect(css).toContain("@media (prefers-color-scheme:dark)")
    expect(css).toContain("@media print")
    expect(all(doc, (e) => e.tag === "meta" && e.attrs.name === "color-scheme")[0]!.attrs.content).toBe("light dark")
  })

  it("the outline is a tree: headings nested by level under their file, each with its reads and a bar", () => {
    const outline = byId(doc, "outline")!
    const secs = all(outline, (e) => e.attrs.class === "sec")
    expect(secs.map((s) => [s.attrs["data-section"], s.attrs["data-reads"]])).toEqual([
      ["PDF", "0"],
      ["Install", "6"],
      ["From <source>", "2"],
      ["Usage", "0"],
      ["Forms", "0"]
    ])
    // Install and Usage sit inside PDF's list; From <source> inside Install's.
    const pdf = secs[0]!
    expect(all(pdf, (e) => e.attrs.class === "sec").map((s) => s.attrs["data-section"])).toEqual(["PDF", "Install", "From <source>", "Usage"])
    const install = secs[1]!
    expect(all(install, (e) => e.attrs.class === "sec").map((s) => s.attrs["data-section"])).toEqual(["Install", "From <source>"])
    const widths = secs.map((s) => all(s, (e) => e.tag === "span" && (e.attrs.style ?? "").startsWith("width:"))[0]!.attrs.style)
    expect(widths.slice(0, 3)).toEqual(["width:0%", "width:100%", "width:33%"])
    expect(textOf(outline)).toContain("2 of 5 read")
    expect(textOf(outline)).toContain("Old heading (1)")
  })

  it("reads over time: one bar per day, days without reads drawn empty", () => {
    const bars = all(byId(doc, "timeline")!, (e) => e.tag === "rect")
    expect(bars.map((b) => [b.attrs["data-day"], b.attrs["data-count"]])).toEqual([
      ["2026-03-01", "5"],
      ["2026-03-02", "0"],
      ["2026-03-03", "0"],
      ["2026-03-04", "7"]
    ])
  })

  it("summary cards, unanswered questions, searches and errors; everything from the log is escaped", () => {
    const card = (key: string) => textOf(all(byId(doc, "summary")!, (e) => e.attrs["data-key"] === key)[0]!)
    expect(card("agent_accesses")).toBe("12agent reads")
    expect(card("unanswered")).toBe("2looked for, not found")
    expect(card("author_accesses")).toContain("3")
    const unanswered = byId(doc, "unanswered")!
    expect(textOf(all(unanswered, (e) => e.tag === "h2")[0]!)).toBe("Agents looked for 2 things this skill does not have")
    expect(all(unanswered, (e) => e.tag === "tr" && "data-kind" in e.attrs).map((r) => [r.attrs["data-kind"], r.attrs["data-target"]])).toEqual([
      ["search", "merge & split"],
      ["show", "<script>alert(1)</script>"]
    ])
    const searches = all(byId(doc, "searches")!, (e) => e.tag === "tr" && "data-query" in e.attrs)
    expect(searches.map((r) => textOf(r))).toEqual(["merge & split30", "rotate14 (partial)"])
    expect(textOf(byId(doc, "errors")!)).toContain("error[E020]: section not found")
    expect(html).not.toContain("<script>alert")
  })

  it("an empty log renders every panel with a plain sentence", () => {
    const empty = parseHtml(
      renderSkillHtml(
        { ...report, outline: [], gone: [], timeline: [], searches: [], unansweredSearches: [], lookedFor: [], errors: [], period: { start: null, end: null } },
        NOW
      )
    )
    expect(textOf(byId(empty, "timeline")!)).toContain("No reads in the period.")
    expect(textOf(byId(empty, "unanswered")!)).toContain("Agents found everything they looked for")
    expect(textOf(byId(empty, "outline")!)).toContain("The skill has no headings.")
  })

  it("escapeHtml escapes the five characters", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
  })

  it("escapeHtml shows control characters and bidirectional overrides escaped, as the text views do (an ESC, a U+202E)", () => {
    expect(escapeHtml("red \u001b[31mALERT")).toBe("red \\x1b[31mALERT")
    expect(escapeHtml("\u202egnirts")).not.toContain("\u202e")
    expect(escapeHtml("قمر 🌙")).toBe("قمر 🌙")
  })
})

describe("issue 17: skc stats --all --format html", () => {
  const r: StatsAllReport = {
    query: "all",
    filters,
    skills: [
      { skill: "alpha", scope: "project", skill_path: "/p/alpha", reads: 4, author: 0, accesses: 4, last_read: "2026-03-01T00:00:00Z", top_section: { section: "Usage", file: "SKILL.md", count: 3 }, unanswered: 1, errors: 0 },
      { skill: "bravo", scope: "global", skill_path: "/g/bravo", reads: 0, author: 2, accesses: 0, last_read: null, top_section: null, unanswered: 0, errors: 0 }
    ],
    never_read: ["bravo"],
    unanswered_all: [],
    total_skills: 2
  }
  const doc = parseHtml(renderAllHtml(r, NOW))

  it("one row per skill with a bar for its reads, and the never-read list", () => {
    const rows = all(byId(doc, "skills")!, (e) => e.tag === "tr" && "data-skill" in e.attrs)
    expect(rows.map((x) => [x.attrs["data-skill"], x.attrs["data-reads"]])).toEqual([
      ["alpha", "4"],
      ["bravo", "0"]
    ])
    expect(textOf(rows[1]!)).toContain("never")
    expect(all(byId(doc, "never-read")!, (e) => e.tag === "li").map((li) => li.attrs["data-skill"])).toEqual(["bravo"])
    // No author column unless the author's work is counted.
    expect(all(byId(doc, "skills")!, (e) => "data-author" in e.attrs)).toEqual([])
  })

  it("filtered (--since), a skill with no row that passes is 'not read (with these filters)', not 'never', as the text view says", () => {
    const since = parseHtml(renderAllHtml({ ...r, filters: { ...filters, since: "2026-03-02T00:00:00Z" } }, NOW))
    const rows = all(byId(since, "skills")!, (e) => e.tag === "tr" && "data-skill" in e.attrs)
    expect(textOf(rows[1]!)).not.toContain("never")
    expect(textOf(byId(since, "never-read")!)).toContain("Not read (with these filters) (1)")
    expect(textOf(byId(since, "summary")!)).toContain("not read (with these filters)")
    expect(textOf(byId(doc, "never-read")!)).toContain("Never read (1)")
  })

  it("with --include-author, the author's work has a column of its own (the JSON's `author`)", () => {
    const withAuthor = parseHtml(renderAllHtml({ ...r, filters: { ...filters, include_author: true } }, NOW))
    expect(all(byId(withAuthor, "skills")!, (e) => "data-author" in e.attrs).map((x) => x.attrs["data-author"])).toEqual(["0", "2"])
  })
})

// README (`--all`: "the `search --all` questions no skill answered") and docs/stats.md: the text and JSON of
// `skc stats --all` list them; the HTML report of the same command left them out, so an author reading the
// page never saw what agents asked that no skill holds.
describe("skc stats --all --format html: the questions no skill answered (DECISIONS #44)", () => {
  const r: StatsAllReport = {
    query: "all",
    filters,
    skills: [],
    never_read: [],
    unanswered_all: [
      { query: "quantum <entanglement>", count: 2, last: "2026-03-09T10:00:00Z" },
      { query: "xyzzy", count: 1, last: "2026-03-08T10:00:00Z" }
    ],
    total_skills: 0
  }

  it("are a panel of their own: each question escaped, how often it was asked and when last", () => {
    const html = renderAllHtml(r, NOW)
    const panel = byId(parseHtml(html), "unanswered-all")!
    expect(panel).toBeDefined()
    const rows = all(panel, (e) => e.tag === "tr" && "data-query" in e.attrs)
    expect(rows.map((x) => [x.attrs["data-query"], x.attrs["data-count"]])).toEqual([
      ["quantum <entanglement>", "2"],
      ["xyzzy", "1"]
    ])
    expect(textOf(rows[0]!)).toContain("2026-03-09T10:00:00Z")
    expect(html).toContain("quantum &lt;entanglement&gt;")
  })

  it("none: a plain sentence", () => {
    const panel = byId(parseHtml(renderAllHtml({ ...r, unanswered_all: [] }, NOW)), "unanswered-all")!
    expect(textOf(panel)).toContain("Every question asked of all skills found something")
  })
})

// docs/stats.md (the HTML report): a file opened whole is read although none of its headings was shown; the
// report said nothing of it (found opening forms.md over MCP: every forms.md heading at 0, no file count).
describe("skc stats --format html: files read (RFC-0003:C-QUERIES files)", () => {
  const html = renderSkillHtml(
    { ...report, files: [{ file: "refs/forms.md", count: 2 }, { file: "SKILL.md", count: 8 }, { file: "scripts/<fill>.py", count: 1 }] },
    NOW
  )
  const doc = parseHtml(html)

  it("a panel lists each file read with its count, in the files view's order, names escaped", () => {
    const rows = all(byId(doc, "files")!, (e) => e.tag === "tr" && "data-file" in e.attrs)
    expect(rows.map((x) => [x.attrs["data-file"], x.attrs["data-count"]])).toEqual([
      ["refs/forms.md", "2"],
      ["SKILL.md", "8"],
      ["scripts/<fill>.py", "1"]
    ])
    expect(html).toContain("scripts/&lt;fill&gt;.py")
  })

  it("the outline says beside each file how often it was read", () => {
    const fileNodes = all(byId(doc, "outline")!, (e) => e.tag === "li" && e.attrs.class === "file")
    expect(fileNodes.map((f) => [f.attrs["data-file"], f.attrs["data-reads"]])).toEqual([
      ["SKILL.md", "8"],
      ["refs/forms.md", "2"]
    ])
  })
})

// RFC-0003:C-FILTERS: logged timestamps are UTC, and the days of the timeline are UTC days
// (substr(timestamp, 1, 10)). Found reading the report as an author east of UTC: reads made on the
// author's 4 December showed under 2026-12-03, and nothing on the page said the days were not local ones.
describe("skc stats --format html: the timeline says its days are UTC days", () => {
  it("in its heading and in the chart's accessible label", () => {
    const timeline = byId(parseHtml(renderSkillHtml(report, NOW)), "timeline")!
    expect(textOf(all(timeline, (e) => e.tag === "h2")[0]!)).toContain("UTC")
    expect(all(timeline, (e) => e.tag === "svg")[0]!.attrs["aria-label"]).toContain("UTC")
  })
})
