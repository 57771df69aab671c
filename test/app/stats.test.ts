// RFC-0003 in process: the `stats` use case over hand-made log databases
// (real SQLite through the live AccessLog adapter). Moved here from
// test/e2e/stats.test.ts; the process smoke test (text output) stays there.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { stats as statsUseCase, type StatsInput, type StatsInsights } from "../../src/app/usage/stats.js"
import { makeLogDb, type Row } from "../helpers/logs.js"
import { diskWorld, failureText } from "../helpers/worlds.js"

const w = diskWorld("skc-stats-")
let n = 0

/** A fresh skill with `rows` as its primary log (so earlier rows never mix in). */
const skillWith = (rows: ReadonlyArray<Row> | undefined, md = "---\nname: x\ndescription: d\n---\n# Title\n## Install\n## Usage\n") => {
  const name = `s${++n}`
  const src = join(w.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), md)
  if (rows !== undefined) {
    makeLogDb(join(w.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db"), rows, { skill: name, skill_path: src, cwd: w.work })
  }
  return { name, src }
}

/** The JSON document as printed (loosely typed, like the CLI's output), plus the text view's insights. */
type Doc = Record<string, any> & { readonly insights: StatsInsights; readonly name: string; readonly src: string }

/** The JSON document (C-SCHEMA) for a fresh skill holding `rows`. */
const stats = (rows: ReadonlyArray<Row> | undefined, input: Omit<StatsInput, "skill"> = {}) => {
  const { name, src } = skillWith(rows)
  return w.run(statsUseCase({ skill: name, ...input })).pipe(
    Effect.map((o): Doc => ({ ...JSON.parse(JSON.stringify(o.report)), insights: o.insights, name, src }))
  )
}

const show = (timestamp: string, section: string, file = "SKILL.md", extra: Partial<Row> = {}): Row => ({
  timestamp,
  command: "show",
  args: { section, file },
  ...extra
})

describe("RFC-0003:C-SCHEMA and C-CLI", () => {
  it.live("RFC-0003:C-SCHEMA root fields: skill, skill_path, query, filters, period, data", () =>
    Effect.gen(function* () {
      const j = yield* stats([show("2026-01-02T10:00:00Z", "Install"), show("2026-01-05T10:00:00Z", "Usage")])
      expect(Object.keys(j).filter((k) => !["name", "src", "insights"].includes(k))).toEqual(["skill", "skill_path", "query", "filters", "period", "data"])
      expect(j.skill).toBe(j.name)
      expect(j.skill_path).toBe(j.src)
      expect(j.query).toBe("summary")
      expect(j.filters).toEqual({ since: null, until: null, projects: [], readers: [], include_author: false })
      expect(j.period).toEqual({ start: "2026-01-02T10:00:00Z", end: "2026-01-05T10:00:00Z" })
    }))

  it.live("RFC-0003:C-CLI no log database is an empty result, all counts zero", () =>
    Effect.gen(function* () {
      const j = yield* stats(undefined)
      expect(j.data).toEqual({ total_accesses: 0, unique_sections: 0, unique_files: 0, error_count: 0, agent_accesses: 0, author_accesses: 0, unanswered: 0 })
      expect(j.period).toEqual({ start: null, end: null })
      expect((yield* stats(undefined, { group_by: "sections" })).data).toEqual([])
      expect((yield* stats(undefined, { group_by: "commands" })).data).toEqual({})
      expect(w.takeWarnings()).toEqual([])
    }))

  it.live("RFC-0003:C-ERRORS E030 for an unknown query type, E031 for malformed filters, E001 for an unknown skill", () =>
    Effect.gen(function* () {
      const { name } = skillWith([])
      expect(yield* failureText(w.run(statsUseCase({ skill: name, group_by: "searches" })))).toMatch(/^error\[E030\]:\ invalid\ query\ type:\ 'searches'(\n  .*)*$/)
      // A window that ends before it starts is E031 too, not a report of zeros; one instant wide is a window.
      expect(yield* failureText(w.run(statsUseCase({ skill: name, since: "2026-12-02", until: "2026-12-01" })))).toBe(
        "error[E031]: invalid filter: '--since 2026-12-02 --until 2026-12-01: the window ends before it starts'"
      )
      expect(yield* w.run(statsUseCase({ skill: name, since: "2026-12-01", until: "2026-12-01" }))).toBeDefined()
      for (const bad of [{ since: "last week" }, { until: "2026-02-30" }, { project: [""] }]) {
        expect(yield* failureText(w.run(statsUseCase({ skill: name, ...bad }))), JSON.stringify(bad)).toMatch(/^error\[E031\]: invalid filter: '.+'$/)
      }
      expect(yield* failureText(w.run(statsUseCase({ skill: "missing-skill" })))).toMatch(/^error\[E001\]:\ skill\ 'missing\-skill'\ not\ found(\n  .*)*$/)
    }))
})

describe("RFC-0003:C-QUERIES", () => {
  const rows: Array<Row> = [
    show("2026-01-01T00:00:00Z", "Install"),
    show("2026-01-01T00:00:01Z", "Install"),
    show("2026-01-01T00:00:02Z", "Usage"),
    show("2026-01-01T00:00:03Z", "Usage", "SKILL.md", { error: "error[E020]: section not found: 'Usage'" }),
    show("2026-01-01T00:00:04Z", "Deep", "refs/a.md"),
    { timestamp: "2026-01-01T00:00:05Z", command: "open", args: { path: "refs/a.md" } },
    { timestamp: "2026-01-01T00:00:06Z", command: "open", args: { path: "nope.md" }, error: "error[E021]: file not found: 'nope.md'" },
    { timestamp: "2026-01-01T00:00:07Z", command: "search", args: { query: "auth", result_count: 2 } },
    { timestamp: "2026-01-01T00:00:08Z", command: "outline", args: { level: null } },
    { timestamp: "2026-01-01T00:00:09Z", command: "stats", args: { group_by: "summary" } }
  ]

  it.live("RFC-0003:C-QUERIES summary is the default and counts every filtered row; sections/files count successful accesses", () =>
    Effect.gen(function* () {
      const j = yield* stats(rows)
      expect(j.query).toBe("summary")
      // Agent reads only: the `stats` row is the author's (issue 17); the E020 and E021 failures are "not found" (unanswered).
      expect(j.data).toEqual({ total_accesses: 9, unique_sections: 3, unique_files: 2, error_count: 2, agent_accesses: 9, author_accesses: 1, unanswered: 2 })
      // What the text view adds: the busiest sections, counts per command, never-shown outline sections.
      expect(j.insights.topSections[0]).toEqual({ section: "Install", file: "SKILL.md", count: 2 })
      expect(j.insights.commands).toMatchObject({ show: 5, open: 2 })
      expect(j.insights.unusedSections.map((s) => s.section)).toEqual(["Title"])
    }))

  // An agent's probe: "Step 2" read three times, its six subsections listed as never shown (an author would delete them).
  // Counted as read, a page cut short (`--max-lines 3`) made subsections it never sent read (a hostile probe): each is
  // listed, saying which section above it was shown.
  it.live("a subsection never shown by its own heading is listed, naming the section above it that was shown", () =>
    Effect.gen(function* () {
      const md = "---\nname: x\ndescription: d\n---\n# Title\n## Step 1\n### Team\n## Step 2\n### CLI\n#### Flags\n### Git\n# Other\n## Deep\n"
      const { name } = skillWith([show("2026-01-02T10:00:00Z", "Step 2")], md)
      const o = yield* w.run(statsUseCase({ skill: name }))
      expect(o.insights.unusedSections.map((s) => [s.section, s.within ?? null])).toEqual([
        ["Title", null],
        ["Step 1", null],
        ["Team", null],
        ["CLI", "Step 2"],
        ["Flags", "Step 2"],
        ["Git", "Step 2"],
        ["Other", null],
        ["Deep", null]
      ])
      const { renderStats } = yield* Effect.promise(() => import("../../src/render/stats.js"))
      expect(renderStats(o, Date.parse("2026-01-03T00:00:00Z"))).toContain("  - CLI (SKILL.md; inside Step 2, which was shown, unless a page cut it short)\n")
    }))

  // An author's probe (sixty-third pass): after "WAL mode" was renamed and its file moved, the text summary listed
  // it among the top sections as if it still existed; the HTML report said "no longer in the outline".
  it.live("summary: a top section the outline no longer has is marked so (the text says it; the JSON report is unchanged)", () =>
    Effect.gen(function* () {
      const j = yield* stats([show("2026-01-01T00:00:00Z", "WAL mode", "references/pragmas.md"), show("2026-01-01T00:00:01Z", "Install"), show("2026-01-01T00:00:02Z", "Install")])
      expect(j.insights.topSections).toEqual([
        { section: "Install", file: "SKILL.md", count: 2 },
        { section: "WAL mode", file: "references/pragmas.md", count: 1, gone: true }
      ])
      const { renderStats } = yield* Effect.promise(() => import("../../src/render/stats.js"))
      const text = renderStats({ report: j as never, insights: j.insights }, Date.parse("2026-01-02T00:00:00Z"))
      expect(text).toMatch(/^ *2\. +WAL mode \(no longer in the outline\) +references\/pragmas\.md +1$/m)
    }))

  // A probe (sixty-fifth pass): `--group-by sections` listed the renamed heading with no mark, as the summary had.
  it.live("sections: a row whose heading the outline no longer has is marked so in the text; the JSON rows are the RFC's", () =>
    Effect.gen(function* () {
      const j = yield* stats([show("2026-01-01T00:00:00Z", "WAL mode", "references/pragmas.md"), show("2026-01-01T00:00:01Z", "Install"), show("2026-01-01T00:00:02Z", "Install")], { group_by: "sections" })
      expect(j.data).toEqual([
        { section: "Install", file: "SKILL.md", count: 2 },
        { section: "WAL mode", file: "references/pragmas.md", count: 1 }
      ])
      expect(j.insights.sectionsGone).toEqual([false, true])
      const { renderStats } = yield* Effect.promise(() => import("../../src/render/stats.js"))
      const text = renderStats({ report: j as never, insights: j.insights }, Date.parse("2026-01-02T00:00:00Z"))
      expect(text).toMatch(/^ *1 +WAL mode \(no longer in the outline\) +references\/pragmas\.md$/m)
      expect(text).toMatch(/^ *2 +Install +SKILL\.md$/m)
    }))

  it.live("RFC-0003:C-QUERIES sections: count desc, ties by file then heading ascending (bytewise)", () =>
    Effect.gen(function* () {
      const j = yield* stats(
        [
          show("2026-01-01T00:00:00Z", "beta", "b.md"),
          show("2026-01-01T00:00:00Z", "alpha", "b.md"),
          show("2026-01-01T00:00:00Z", "Zeta", "b.md"),
          show("2026-01-01T00:00:00Z", "zz", "B.md"),
          show("2026-01-01T00:00:00Z", "top", "z.md"),
          show("2026-01-01T00:00:01Z", "top", "z.md"),
          show("2026-01-01T00:00:02Z", "gone", "a.md", { error: "error[E020]: section not found: 'gone'" })
        ],
        { group_by: "sections" }
      )
      expect(j.query).toBe("sections")
      expect(j.data).toEqual([
        { section: "top", file: "z.md", count: 2 },
        { section: "zz", file: "B.md", count: 1 },
        { section: "Zeta", file: "b.md", count: 1 },
        { section: "alpha", file: "b.md", count: 1 },
        { section: "beta", file: "b.md", count: 1 }
      ])
    }))

  it.live("RFC-0003:C-QUERIES files: show (matched file) and open (path), count desc, ties by path ascending (DECISIONS #29)", () =>
    Effect.gen(function* () {
      const j = yield* stats(
        [
          show("2026-01-01T00:00:00Z", "x", "b.md"),
          { timestamp: "2026-01-01T00:00:00Z", command: "open", args: { path: "a.md" } },
          { timestamp: "2026-01-01T00:00:00Z", command: "open", args: { path: "c.md" } },
          { timestamp: "2026-01-01T00:00:00Z", command: "open", args: { path: "c.md" } },
          show("2026-01-01T00:00:00Z", "y", "c.md"),
          { timestamp: "2026-01-01T00:00:00Z", command: "search", args: { query: "c.md" } }
        ],
        { group_by: "files" }
      )
      expect(j.data).toEqual([
        { file: "c.md", count: 3 },
        { file: "a.md", count: 1 },
        { file: "b.md", count: 1 }
      ])
    }))

  it.live("RFC-0003:C-QUERIES commands: every logged command is a key, unknown future ones included", () =>
    Effect.gen(function* () {
      const j = yield* stats(rows.concat([{ timestamp: "2026-01-02T00:00:00Z", command: "future-cmd" }]), { group_by: "commands" })
      expect(j.data).toEqual({ show: 5, open: 2, search: 1, outline: 1, stats: 1, "future-cmd": 1 })
    }))

  it.live("RFC-0003:C-QUERIES projects: counts per calling directory, count desc then path", () =>
    Effect.gen(function* () {
      const j = yield* stats(
        [
          { timestamp: "2026-01-01T00:00:00Z", command: "show", cwd: "/p/two" },
          { timestamp: "2026-01-01T00:00:00Z", command: "show", cwd: "/p/one" },
          { timestamp: "2026-01-01T00:00:00Z", command: "open", cwd: "/p/three" },
          { timestamp: "2026-01-01T00:00:00Z", command: "open", cwd: "/p/three" }
        ],
        { group_by: "projects" }
      )
      expect(j.data).toEqual([
        { project: "/p/three", count: 2 },
        { project: "/p/one", count: 1 },
        { project: "/p/two", count: 1 }
      ])
    }))

  it.live("issue 49 item 2: users and clients: counted rows by args.user and args.client, rows without one last (null)", () =>
    Effect.gen(function* () {
      const rows: ReadonlyArray<Row> = [
        show("2026-01-01T00:00:00Z", "Install", "SKILL.md", { args: { section: "Install", file: "SKILL.md", role: "agent", user: "bob", client: "codex/1.0" } }),
        show("2026-01-01T00:00:01Z", "Install", "SKILL.md", { args: { section: "Install", file: "SKILL.md", role: "agent", user: "alice", client: "claude-code/2.1" } }),
        show("2026-01-01T00:00:02Z", "Usage", "SKILL.md", { args: { section: "Usage", file: "SKILL.md", role: "agent", user: "alice", client: "claude-code/2.1" } }),
        show("2026-01-01T00:00:03Z", "Usage"),
        // Author work does not count unless asked (DECISIONS #40).
        { timestamp: "2026-01-01T00:00:04Z", command: "build", args: { user: "carol" } }
      ]
      expect((yield* stats(rows, { group_by: "users" })).data).toEqual([
        { user: "alice", count: 2 },
        { user: "bob", count: 1 },
        { user: null, count: 1 }
      ])
      expect((yield* stats(rows, { group_by: "clients" })).data).toEqual([
        { client: "claude-code/2.1", count: 2 },
        { client: "codex/1.0", count: 1 },
        { client: null, count: 1 }
      ])
      expect((yield* stats(rows, { group_by: "users", include_author: true })).data).toContainEqual({ user: "carol", count: 1 })
    }))

  it.live("RFC-0003:C-QUERIES errors: target, command, error and count of failed accesses", () =>
    Effect.gen(function* () {
      const e20 = "error[E020]: section not found: 'Nope'"
      const j = yield* stats(
        [
          show("2026-01-01T00:00:00Z", "Nope", "SKILL.md", { error: e20 }),
          show("2026-01-01T00:00:01Z", "Nope", "SKILL.md", { error: e20 }),
          { timestamp: "2026-01-01T00:00:02Z", command: "open", args: { path: "x.md" }, error: "error[E021]: file not found: 'x.md'" },
          { timestamp: "2026-01-01T00:00:03Z", command: "search", args: { query: "", result_count: 0 }, error: "error[E004]: empty query" },
          show("2026-01-01T00:00:04Z", "Fine")
        ],
        { group_by: "errors" }
      )
      expect(j.data).toEqual([
        { target: "Nope", command: "show", error: e20, count: 2 },
        { target: "", command: "search", error: "error[E004]: empty query", count: 1 },
        { target: "x.md", command: "open", error: "error[E021]: file not found: 'x.md'", count: 1 }
      ])
    }))

  it.live("RFC-0003:C-QUERIES search: queries by frequency desc, ties by query text ascending", () =>
    Effect.gen(function* () {
      const q = (query: string): Row => ({ timestamp: "2026-01-01T00:00:00Z", command: "search", args: { query, result_count: 1 } })
      const j = yield* stats([q("b"), q("a"), q("auth"), q("auth"), q("B"), { ...q("ignored"), command: "show" }], { group_by: "search" })
      expect((j.data as ReadonlyArray<{ query: string; count: number }>).map(({ query, count }) => ({ query, count }))).toEqual([
        { query: "auth", count: 2 },
        { query: "B", count: 1 },
        { query: "a", count: 1 },
        { query: "b", count: 1 }
      ])
    }))

  // A new-user probe (seventy-third pass): two rows with an empty QUERY cell, the E004 searches of '' and '   '.
  it.live("search: a question of blanks only is shown quoted in the text; the JSON keeps it as logged", () =>
    Effect.gen(function* () {
      const q = (query: string, error: string | null = null): Row => ({ timestamp: "2026-01-01T00:00:00Z", command: "search", args: { query, result_count: 0 }, error })
      const j = yield* stats([q("", "error[E004]: empty query"), q("   ", "error[E004]: empty query"), q("auth")], { group_by: "search" })
      expect((j.data as ReadonlyArray<{ query: string }>).map((r) => r.query).sort()).toEqual(["", "   ", "auth"])
      const { renderStats } = yield* Effect.promise(() => import("../../src/render/stats.js"))
      const text = renderStats({ report: j as never, insights: j.insights }, Date.parse("2026-01-02T00:00:00Z"))
      expect(text).toMatch(/ ""$/m)
      expect(text).toMatch(/ "   "$/m)
      expect(text).toMatch(/ auth$/m)
    }))

  it.live("RFC-0003:C-CLI the outline's unused sections ignore headings in fenced code", () =>
    Effect.gen(function* () {
      const md = "---\nname: x\ndescription: d\n---\n# Title\n## Install\n## Usage\n```\n# not a heading\n```\n## Contributing\n"
      const { name } = skillWith([show("2026-01-01T00:00:00Z", "Install"), show("2026-01-01T00:00:02Z", "Usage")], md)
      const o = yield* w.run(statsUseCase({ skill: name }))
      expect(o.insights.unusedSections.map((s) => `${s.section} (${s.file})`)).toEqual(["Title (SKILL.md)", "Contributing (SKILL.md)"])
    }))
})

describe("RFC-0003:C-FILTERS", () => {
  const timeline: Array<Row> = [
    show("2026-01-01T23:59:59Z", "a"),
    show("2026-01-02T00:00:00Z", "b"),
    show("2026-01-02T00:00:01Z", "c"),
    show("2026-01-03T12:00:00Z", "d")
  ]
  const sectionsOf = (j: Doc): Array<string> => j.data.map((s: { section: string }) => s.section).sort()
  const sections = (rows: ReadonlyArray<Row>, input: Omit<StatsInput, "skill" | "group_by">) =>
    stats(rows, { group_by: "sections", ...input }).pipe(Effect.map((j) => sectionsOf(j)))

  it.live("RFC-0003:C-FILTERS since and until are inclusive bounds", () =>
    Effect.gen(function* () {
      const j = yield* stats(timeline, { group_by: "sections", since: "2026-01-02T00:00:00Z", until: "2026-01-03T12:00:00Z" })
      expect(sectionsOf(j)).toEqual(["b", "c", "d"])
      expect(j.filters).toEqual({ since: "2026-01-02T00:00:00Z", until: "2026-01-03T12:00:00Z", projects: [], readers: [], include_author: false })
      expect(j.period).toEqual({ start: "2026-01-02T00:00:00Z", end: "2026-01-03T12:00:00Z" })
    }))

  it.live("RFC-0003:C-FILTERS a date-only value is the start of that day in UTC", () =>
    Effect.gen(function* () {
      expect(yield* sections(timeline, { since: "2026-01-02" })).toEqual(["b", "c", "d"])
      expect(yield* sections(timeline, { until: "2026-01-02" })).toEqual(["a", "b"])
    }))

  it.live("RFC-0003:C-FILTERS offsets are converted to UTC before comparing", () =>
    Effect.gen(function* () {
      expect(yield* sections(timeline, { since: "2026-01-02T01:00:01+01:00" })).toEqual(["c", "d"])
    }))

  it.live("RFC-0003:C-FILTERS filters apply before aggregation (summary counts and period)", () =>
    Effect.gen(function* () {
      const j = yield* stats(timeline, { since: "2026-01-03" })
      expect(j.data.total_accesses).toBe(1)
      expect(j.period).toEqual({ start: "2026-01-03T12:00:00Z", end: "2026-01-03T12:00:00Z" })
      const none = yield* stats(timeline, { since: "2030-01-01" })
      expect(none.data).toEqual({ total_accesses: 0, unique_sections: 0, unique_files: 0, error_count: 0, agent_accesses: 0, author_accesses: 0, unanswered: 0 })
      expect(none.period).toEqual({ start: null, end: null })
    }))

  it.live("RFC-0003:C-FILTERS project matches the directory and below, never a sibling sharing a prefix (/a/b vs /a/bc)", () =>
    Effect.gen(function* () {
      const at = (cwd: string, section: string) => show("2026-01-01T00:00:00Z", section, "SKILL.md", { cwd })
      const rows = [at("/a/b", "exact"), at("/a/b/src/deep", "below"), at("/a/bc", "sibling"), at("/a", "parent"), at("/x/y", "other")]
      const j = yield* stats(rows, { group_by: "sections", project: ["/a/b"] })
      expect(sectionsOf(j)).toEqual(["below", "exact"])
      expect(j.filters.projects).toEqual(["/a/b"])
      expect(yield* sections(rows, { project: ["/a/b/"] })).toEqual(["below", "exact"])
      expect(yield* sections(rows, { project: ["/a/./b/../bc"] })).toEqual(["sibling"])
    }))

  it.live("RFC-0003:C-FILTERS repeated project is OR; each echoed canonical (symlinks resolved, DECISIONS #29), relative to the cwd", () =>
    Effect.gen(function* () {
      const real = join(w.root, "real-proj")
      mkdirSync(join(real, "src"), { recursive: true })
      symlinkSync(real, join(w.root, "link-proj"))
      const rows = [
        show("2026-01-01T00:00:00Z", "in-real", "SKILL.md", { cwd: join(real, "src") }),
        show("2026-01-01T00:00:00Z", "in-x", "SKILL.md", { cwd: "/x/y" }),
        show("2026-01-01T00:00:00Z", "elsewhere", "SKILL.md", { cwd: "/z" })
      ]
      const j = yield* stats(rows, { group_by: "sections", project: [join(w.root, "link-proj"), "/x"] })
      expect(sectionsOf(j)).toEqual(["in-real", "in-x"])
      expect(j.filters.projects).toEqual([real, "/x"])
      expect(yield* sections(rows, { project: ["../link-proj"] })).toEqual(["in-real"])
    }))
})

// Thirty-eighth pass: other tools write into access_log too, and a row may hold `''` or `not-a-time`. Compared
// as text, `''` was the period's start and `not-a-time` its end ("from '' to not-a-time"). RFC-0003:C-SCHEMA's
// period is the earliest and latest *access timestamp*; C-FILTERS counts all data when no time is asked
// (docs/stats.md, "Damaged timestamps").
describe("RFC-0003:C-SCHEMA period over damaged timestamps", () => {
  // The damaged rows share their groups with dated ones (same command, section, file): the group's own
  // oldest and newest timestamp are then the damaged ones.
  const rows = [
    show("", "Install"),
    show("2026-01-02T10:00:00Z", "Install"),
    show("2026-01-05T10:00:00Z", "Usage"),
    show("not-a-time", "Usage"),
    show("2026-01-04T10:00:00.250Z", "Install")
  ]

  it.live("the period is that of the dated rows; the undated ones are still counted", () =>
    Effect.gen(function* () {
      const j = yield* stats(rows)
      expect(j.period).toEqual({ start: "2026-01-02T10:00:00Z", end: "2026-01-05T10:00:00Z" })
      expect(j.data.total_accesses).toBe(5)
      expect(j.data.agent_accesses).toBe(5)
      const sections = yield* stats(rows, { group_by: "sections" })
      expect(sections.period).toEqual({ start: "2026-01-02T10:00:00Z", end: "2026-01-05T10:00:00Z" })
      expect(sections.data).toEqual([
        { section: "Install", file: "SKILL.md", count: 3 },
        { section: "Usage", file: "SKILL.md", count: 2 }
      ])
    }))

  it.live("RFC-0003:C-FILTERS a time filter leaves out the rows it cannot place", () =>
    Effect.gen(function* () {
      const since = yield* stats(rows, { since: "2026-01-01" })
      expect(since.data.total_accesses).toBe(3)
      expect(since.period).toEqual({ start: "2026-01-02T10:00:00Z", end: "2026-01-05T10:00:00Z" })
      // `not-a-time` sorts after every date, `''` before: neither is inside a window.
      expect((yield* stats(rows, { until: "2026-01-03" })).data.total_accesses).toBe(1)
      const sections = yield* stats(rows, { group_by: "sections", since: "2026-01-01" })
      expect(sections.data).toEqual([
        { section: "Install", file: "SKILL.md", count: 2 },
        { section: "Usage", file: "SKILL.md", count: 1 }
      ])
    }))

  it.live("an unanswered question's last time is its latest dated row's; a damaged one only when none has a date", () =>
    Effect.gen(function* () {
      const asked = (timestamp: string, query: string): Row => ({ timestamp, command: "search", args: { query, result_count: 0 } })
      const j = yield* stats(
        [asked("2026-01-02T10:00:00Z", "zzz"), asked("not-a-time", "zzz"), asked("", "zzz"), asked("not-a-time", "undated")],
        { group_by: "unanswered" }
      )
      expect(j.data).toEqual([
        { query: "zzz", count: 3, last: "2026-01-02T10:00:00Z" },
        { query: "undated", count: 1, last: "not-a-time" }
      ])
    }))

  it.live("a log of undated rows only has no period, and its reads are counted", () =>
    Effect.gen(function* () {
      const j = yield* stats([show("", "Install"), show("not-a-time", "Usage")])
      expect(j.period).toEqual({ start: null, end: null })
      expect(j.data.total_accesses).toBe(2)
    }))
})

describe("RFC-0003:C-FILTERS filters that let no row through", () => {
  it.live("are said, with the log's count without them and a --project that names no directory; filters that pass rows are not", () =>
    Effect.gen(function* () {
      w.takeWarnings()
      const gone = join(w.root, "no-such-project")
      const none = yield* stats([show("2026-03-01T10:00:00Z", "Install"), show("2026-03-02T10:00:00Z", "Usage")], { project: [gone] })
      expect(none.data.total_accesses).toBe(0)
      expect(w.takeWarnings()).toEqual([`warning: no access of '${none.name}' passes the filters (--project ${gone}): its log holds 2 without them; '${gone}' names no directory here`])
      // The count is the view's: an agent's reads, not the author's build or the stats calls (a probe: 126 beside 114).
      const authored = [
        show("2026-03-01T10:00:00Z", "Install"),
        show("2026-03-02T10:00:00Z", "Usage"),
        { timestamp: "2026-03-02T11:00:00Z", command: "build", args: {} },
        { timestamp: "2026-03-02T12:00:00Z", command: "stats", args: { group_by: "summary" } }
      ]
      const some = yield* stats(authored, { project: [gone] })
      expect(w.takeWarnings()).toEqual([`warning: no access of '${some.name}' passes the filters (--project ${gone}): its log holds 2 without them; '${gone}' names no directory here`])
      // A date alone is its first instant (RFC-0003:C-FILTERS): the day after takes in the whole day (a probe asked for one day and got nothing).
      yield* stats([show("2026-03-02T10:00:00Z", "Install")], { since: "2026-03-02", until: "2026-03-02" })
      expect(w.takeWarnings()).toEqual([
        "warning: no access of 's" + n + "' passes the filters (--since 2026-03-02T00:00:00Z, --until 2026-03-02T00:00:00Z): its log holds 1 without them; --until 2026-03-02 is that day's first instant: --until 2026-03-03 takes in the whole day"
      ])
      // The HTML page says it too (it said nothing).
      const { statsReport } = yield* Effect.promise(() => import("../../src/app/usage/statsReport.js"))
      const { name: htmlSkill } = skillWith([show("2026-03-02T10:00:00Z", "Install")])
      yield* w.run(statsReport({ skill: htmlSkill, project: [gone] }))
      expect(w.takeWarnings()).toEqual([`warning: no access of '${htmlSkill}' passes the filters (--project ${gone}): its log holds 1 without them; '${gone}' names no directory here`])
      yield* stats([show("2026-03-01T10:00:00Z", "Install")], { project: [w.work] })
      expect(w.takeWarnings().filter((l) => l.includes("passes the filters"))).toEqual([])
      // A skill never read: nothing to say about the filters.
      yield* stats(undefined, { project: [gone] })
      expect(w.takeWarnings().filter((l) => l.includes("passes the filters"))).toEqual([])
      // Every skill at once: said once, for all of them.
      const { statsAll } = yield* Effect.promise(() => import("../../src/app/usage/statsAll.js"))
      yield* w.run(statsAll({ since: "2030-01-01" }))
      expect(w.takeWarnings().filter((l) => l.includes("passes the filters"))).toEqual([expect.stringMatching(/^warning: no access of any skill passes the filters: their logs hold \d+ without them$/)])
    }))
})
