// RFC-0003 end to end: `skc stats` over hand-made log databases.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb, type Row } from "../helpers/logs.js"

const sb = sandbox()
let n = 0

/** A fresh skill with `rows` as its primary log (so earlier stats rows never mix in). */
const skillWith = (rows: ReadonlyArray<Row> | undefined, md = "---\nname: x\ndescription: d\n---\n# Title\n## Install\n## Usage\n") => {
  const name = `s${++n}`
  const src = join(sb.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), md)
  if (rows !== undefined) {
    makeLogDb(join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db"), rows, { skill: name, skill_path: src, cwd: sb.work })
  }
  return { name, src }
}

const stats = (rows: ReadonlyArray<Row> | undefined, args: ReadonlyArray<string> = [], stderr: string | RegExp = "") => {
  const { name, src } = skillWith(rows)
  const r = sb.run(["stats", name, "--format", "json", ...args])
  if (typeof stderr === "string") expect(r.stderr).toBe(stderr)
  else expect(r.stderr).toMatch(stderr)
  expect(r.code).toBe(0)
  return { ...JSON.parse(r.stdout), name, src }
}

const show = (timestamp: string, section: string, file = "SKILL.md", extra: Partial<Row> = {}): Row => ({
  timestamp,
  command: "show",
  args: { section, file },
  ...extra
})

describe("RFC-0003:C-SCHEMA and C-CLI", () => {
  it("RFC-0003:C-SCHEMA root fields: skill, skill_path, query, filters, period, data", () => {
    const j = stats([show("2026-01-02T10:00:00Z", "Install"), show("2026-01-05T10:00:00Z", "Usage")])
    expect(Object.keys(j).filter((k) => k !== "name" && k !== "src").sort()).toEqual(["data", "filters", "period", "query", "skill", "skill_path"])
    expect(j.skill).toBe(j.name)
    expect(j.skill_path).toBe(j.src)
    expect(j.query).toBe("summary")
    expect(j.filters).toEqual({ since: null, until: null, projects: [], readers: [], include_author: false })
    expect(j.period).toEqual({ start: "2026-01-02T10:00:00Z", end: "2026-01-05T10:00:00Z" })
  })

  it("RFC-0003:C-CLI no log database is an empty result, exit 0, all counts zero", () => {
    const j = stats(undefined)
    expect(j.data).toEqual({
      total_accesses: 0,
      unique_sections: 0,
      unique_files: 0,
      error_count: 0,
      agent_accesses: 0,
      author_accesses: 0,
      unanswered: 0
    })
    expect(j.period).toEqual({ start: null, end: null })
    const s = stats(undefined, ["--group-by", "sections"])
    expect(s.data).toEqual([])
    expect(stats(undefined, ["--group-by", "commands"]).data).toEqual({})
  })

  it("RFC-0003:C-ERRORS E030 for an unknown query type, E031 for malformed filters, E100 for unknown options", () => {
    const { name } = skillWith([])
    expect(sb.run(["stats", name, "--group-by", "searches"]).stderr).toMatch(/^error\[E030\]:\ invalid\ query\ type:\ 'searches'(\n  .*)*\n/)
    for (const bad of [["--since", "last week"], ["--until", "2026-02-30"], ["--project", ""]]) {
      const r = sb.run(["stats", name, ...bad])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/^error\[E031\]: invalid filter: '.+'\n$/)
    }
    const r = sb.run(["stats", name, "--bogus"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E100\]: invalid option: /)
    expect(sb.run(["stats", name, "--format", "yaml"]).stderr).toMatch(/^error\[E100\]/)
    expect(sb.run(["stats", "missing-skill"]).stderr).toMatch(/^error\[E001\]:\ skill\ 'missing\-skill'\ not\ found(\n  .*)*\n/)
  })
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

  it("RFC-0003:C-QUERIES summary is the default and counts every filtered agent read; sections/files count successful accesses", () => {
    const j = stats(rows)
    expect(j.query).toBe("summary")
    // 9 agent reads; the fixture's `stats` row is author work (issue 17), counted apart. The failed open of
    // nope.md (E021) is something the skill does not have; the failed show of Usage (E020) too.
    expect(j.data).toEqual({
      total_accesses: 9,
      unique_sections: 3,
      unique_files: 2,
      error_count: 2,
      agent_accesses: 9,
      author_accesses: 1,
      unanswered: 2
    })
    expect(stats(rows, ["--include-author"]).data).toMatchObject({ total_accesses: 10, agent_accesses: 9, author_accesses: 1 })
  })

  it("RFC-0003:C-QUERIES sections: count desc, ties by file then heading ascending (bytewise)", () => {
    const j = stats(
      [
        show("2026-01-01T00:00:00Z", "beta", "b.md"),
        show("2026-01-01T00:00:00Z", "alpha", "b.md"),
        show("2026-01-01T00:00:00Z", "Zeta", "b.md"),
        show("2026-01-01T00:00:00Z", "zz", "B.md"),
        show("2026-01-01T00:00:00Z", "top", "z.md"),
        show("2026-01-01T00:00:01Z", "top", "z.md"),
        show("2026-01-01T00:00:02Z", "gone", "a.md", { error: "error[E020]: section not found: 'gone'" })
      ],
      ["--group-by", "sections"]
    )
    expect(j.query).toBe("sections")
    expect(j.data).toEqual([
      { section: "top", file: "z.md", count: 2 },
      { section: "zz", file: "B.md", count: 1 },
      { section: "Zeta", file: "b.md", count: 1 },
      { section: "alpha", file: "b.md", count: 1 },
      { section: "beta", file: "b.md", count: 1 }
    ])
  })

  it("RFC-0003:C-QUERIES files: show (matched file) and open (path), count desc, ties by path ascending (DECISIONS #29)", () => {
    const j = stats(
      [
        show("2026-01-01T00:00:00Z", "x", "b.md"),
        { timestamp: "2026-01-01T00:00:00Z", command: "open", args: { path: "a.md" } },
        { timestamp: "2026-01-01T00:00:00Z", command: "open", args: { path: "c.md" } },
        { timestamp: "2026-01-01T00:00:00Z", command: "open", args: { path: "c.md" } },
        show("2026-01-01T00:00:00Z", "y", "c.md"),
        { timestamp: "2026-01-01T00:00:00Z", command: "search", args: { query: "c.md" } }
      ],
      ["--group-by", "files"]
    )
    expect(j.data).toEqual([
      { file: "c.md", count: 3 },
      { file: "a.md", count: 1 },
      { file: "b.md", count: 1 }
    ])
  })

  it("RFC-0003:C-QUERIES commands: every logged command is a key, unknown future ones included", () => {
    const j = stats(rows.concat([{ timestamp: "2026-01-02T00:00:00Z", command: "future-cmd" }]), ["--group-by", "commands"])
    expect(j.data).toEqual({ show: 5, open: 2, search: 1, outline: 1, stats: 1, "future-cmd": 1 })
  })

  it("RFC-0003:C-QUERIES projects: counts per calling directory, count desc then path", () => {
    const j = stats(
      [
        { timestamp: "2026-01-01T00:00:00Z", command: "show", cwd: "/p/two" },
        { timestamp: "2026-01-01T00:00:00Z", command: "show", cwd: "/p/one" },
        { timestamp: "2026-01-01T00:00:00Z", command: "open", cwd: "/p/three" },
        { timestamp: "2026-01-01T00:00:00Z", command: "open", cwd: "/p/three" }
      ],
      ["--group-by", "projects"]
    )
    expect(j.data).toEqual([
      { project: "/p/three", count: 2 },
      { project: "/p/one", count: 1 },
      { project: "/p/two", count: 1 }
    ])
  })

  it("RFC-0003:C-QUERIES errors: target, command, error and count of failed accesses", () => {
    const e20 = "error[E020]: section not found: 'Nope'"
    const j = stats(
      [
        show("2026-01-01T00:00:00Z", "Nope", "SKILL.md", { error: e20 }),
        show("2026-01-01T00:00:01Z", "Nope", "SKILL.md", { error: e20 }),
        { timestamp: "2026-01-01T00:00:02Z", command: "open", args: { path: "x.md" }, error: "error[E021]: file not found: 'x.md'" },
        { timestamp: "2026-01-01T00:00:03Z", command: "search", args: { query: "", result_count: 0 }, error: "error[E004]: empty query" },
        show("2026-01-01T00:00:04Z", "Fine")
      ],
      ["--group-by", "errors"]
    )
    expect(j.data).toEqual([
      { target: "Nope", command: "show", error: e20, count: 2 },
      { target: "", command: "search", error: "error[E004]: empty query", count: 1 },
      { target: "x.md", command: "open", error: "error[E021]: file not found: 'x.md'", count: 1 }
    ])
  })

  it("RFC-0003:C-QUERIES search: queries by frequency desc, ties by query text ascending", () => {
    const q = (query: string): Row => ({ timestamp: "2026-01-01T00:00:00Z", command: "search", args: { query, result_count: 1 } })
    const j = stats([q("b"), q("a"), q("auth"), q("auth"), q("B"), { ...q("ignored"), command: "show" }], ["--group-by", "search"])
    expect(j.data).toEqual([
      { query: "auth", count: 2, result_count: 1, partial: false },
      { query: "B", count: 1, result_count: 1, partial: false },
      { query: "a", count: 1, result_count: 1, partial: false },
      { query: "b", count: 1, result_count: 1, partial: false }
    ])
  })
})

describe("RFC-0003:C-FILTERS", () => {
  const timeline: Array<Row> = [
    show("2026-01-01T23:59:59Z", "a"),
    show("2026-01-02T00:00:00Z", "b"),
    show("2026-01-02T00:00:01Z", "c"),
    show("2026-01-03T12:00:00Z", "d")
  ]
  const sectionsOf = (j: { data: Array<{ section: string }> }) => j.data.map((s) => s.section).sort()

  it("RFC-0003:C-FILTERS --since and --until are inclusive bounds", () => {
    const j = stats(timeline, ["--group-by", "sections", "--since", "2026-01-02T00:00:00Z", "--until", "2026-01-03T12:00:00Z"])
    expect(sectionsOf(j)).toEqual(["b", "c", "d"])
    expect(j.filters).toEqual({ since: "2026-01-02T00:00:00Z", until: "2026-01-03T12:00:00Z", projects: [], readers: [], include_author: false })
    expect(j.period).toEqual({ start: "2026-01-02T00:00:00Z", end: "2026-01-03T12:00:00Z" })
  })

  it("RFC-0003:C-FILTERS a date-only value is the start of that day in UTC", () => {
    expect(sectionsOf(stats(timeline, ["--group-by", "sections", "--since", "2026-01-02"]))).toEqual(["b", "c", "d"])
    expect(sectionsOf(stats(timeline, ["--group-by", "sections", "--until", "2026-01-02"]))).toEqual(["a", "b"])
  })

  it("RFC-0003:C-FILTERS offsets are converted to UTC before comparing", () => {
    expect(sectionsOf(stats(timeline, ["--group-by", "sections", "--since", "2026-01-02T01:00:01+01:00"]))).toEqual(["c", "d"])
  })

  it("RFC-0003:C-FILTERS filters apply before aggregation (summary counts and period)", () => {
    const j = stats(timeline, ["--since", "2026-01-03"])
    expect(j.data.total_accesses).toBe(1)
    expect(j.period).toEqual({ start: "2026-01-03T12:00:00Z", end: "2026-01-03T12:00:00Z" })
    // Filters that let no row through are said (and the log's count without them), the JSON unchanged.
    const none = stats(timeline, ["--since", "2030-01-01"], /^warning: no access of 's\d+' passes the filters \(--since 2030-01-01T00:00:00Z\): its log holds \d+ without them\n$/)
    expect(none.data).toMatchObject({ total_accesses: 0, unique_sections: 0, unique_files: 0, error_count: 0, agent_accesses: 0 })
    expect(none.period).toEqual({ start: null, end: null })
  })

  it("RFC-0003:C-FILTERS --project matches the directory and below, never a sibling sharing a prefix (/a/b vs /a/bc)", () => {
    const at = (cwd: string, section: string) => show("2026-01-01T00:00:00Z", section, "SKILL.md", { cwd })
    const rows = [at("/a/b", "exact"), at("/a/b/src/deep", "below"), at("/a/bc", "sibling"), at("/a", "parent"), at("/x/y", "other")]
    const j = stats(rows, ["--group-by", "sections", "--project", "/a/b"])
    expect(sectionsOf(j)).toEqual(["below", "exact"])
    expect(j.filters.projects).toEqual(["/a/b"])
    expect(sectionsOf(stats(rows, ["--group-by", "sections", "--project", "/a/b/"]))).toEqual(["below", "exact"])
    expect(sectionsOf(stats(rows, ["--group-by", "sections", "--project", "/a/./b/../bc"]))).toEqual(["sibling"])
  })

  it("RFC-0003:C-FILTERS repeated --project is OR; each echoed canonical (symlinks resolved, DECISIONS #29)", () => {
    const real = join(sb.root, "real-proj")
    mkdirSync(join(real, "src"), { recursive: true })
    symlinkSync(real, join(sb.root, "link-proj"))
    const rows = [
      show("2026-01-01T00:00:00Z", "in-real", "SKILL.md", { cwd: join(real, "src") }),
      show("2026-01-01T00:00:00Z", "in-x", "SKILL.md", { cwd: "/x/y" }),
      show("2026-01-01T00:00:00Z", "elsewhere", "SKILL.md", { cwd: "/z" })
    ]
    const j = stats(rows, ["--group-by", "sections", "--project", join(sb.root, "link-proj"), "--project", "/x"])
    expect(sectionsOf(j)).toEqual(["in-real", "in-x"])
    expect(j.filters.projects).toEqual([real, "/x"])
    // Relative to the cwd, like any path argument.
    const rel = stats(rows, ["--group-by", "sections", "--project", "../link-proj"])
    expect(sectionsOf(rel)).toEqual(["in-real"])
  })
})

describe("RFC-0003:C-CLI text output", () => {
  it("RFC-0003:C-CLI text summary: counts, top sections, commands and the outline's unused sections", () => {
    const md = "---\nname: x\ndescription: d\n---\n# Title\n## Install\n## Usage\n```\n# not a heading\n```\n## Contributing\n"
    const { name } = skillWith(
      [
        show("2026-01-01T00:00:00Z", "Install"),
        show("2026-01-01T00:00:01Z", "Install"),
        show("2026-01-01T00:00:02Z", "Usage"),
        { timestamp: "2026-01-01T00:00:03Z", command: "search", args: { query: "x" } }
      ],
      md
    )
    const r = sb.run(["stats", name])
    expect(r.code).toBe(0)
    const out = r.stdout
    expect(out).toContain(`${name} — usage summary`)
    expect(out).toMatch(/Period: 2026-01-01T00:00:00Z \(.+ ago\) to 2026-01-01T00:00:03Z/)
    expect(out).toMatch(/Total accesses: +4\n/)
    expect(out).toMatch(/Unique sections: +2\n/)
    expect(out).toMatch(/1\. +Install +SKILL\.md +2\n/)
    expect(out).toMatch(/show +3 +0\n/)
    expect(out).toContain("Unused sections (in the current outline, never shown): 2\n  - Title (SKILL.md)\n  - Contributing (SKILL.md)\n")
    expect(out).not.toContain("not a heading")
  })

  it("RFC-0003:C-CLI text tables for each query type are aligned", () => {
    const { name } = skillWith([
      show("2026-01-01T00:00:00Z", "Install"),
      show("2026-01-01T00:00:00Z", "Install"),
      show("2026-01-01T00:00:00Z", "Usage", "SKILL.md", { error: "error[E020]: section not found: 'Usage'" })
    ])
    const sections = sb.run(["stats", name, "--group-by", "sections"]).stdout
    expect(sections).toContain("  COUNT  SECTION  FILE\n      2  Install  SKILL.md\n")
    const errors = sb.run(["stats", name, "--group-by", "errors"]).stdout
    expect(errors).toContain("  COUNT  COMMAND  TARGET  ERROR\n      1  show     Usage   error[E020]: section not found: 'Usage'\n")
  })
})
