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
  })
})
