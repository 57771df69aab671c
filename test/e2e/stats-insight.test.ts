// Issue 17 end to end: agent reads apart from author work, MCP vs CLI,
// unanswered questions, --limit, and `skc stats --all`, over hand-made logs
// whose every count is known (RFC-0003:C-QUERIES, C-FILTERS, C-SCHEMA;
// RFC-0007:C-LOGGING; DECISIONS #17, #18, #31).
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb, type Row } from "../helpers/logs.js"

const HEADINGS = Array.from({ length: 14 }, (_, i) => `Topic ${String(i + 1).padStart(2, "0")}`)
const PDF_MD = `---\nname: pdf\ndescription: PDF tools. Use when working with PDF files.\n---\n# PDF\n## Install\n## Usage\n${HEADINGS.map((h) => `## ${h}\n`).join("")}`

const AGENT = "/agent-dir"
const AUTHOR = "/author-dir"
const t = (i: number) => `2026-03-01T10:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}Z`
let clock = 0
const row = (command: string, args: Record<string, unknown>, extra: Partial<Row> = {}): Row => ({
  timestamp: t(clock++),
  command,
  args,
  cwd: ["build", "lint", "stats"].includes(command) ? AUTHOR : AGENT,
  ...extra
})
const times = (n: number, make: () => Row) => Array.from({ length: n }, make)
const mcp = { via: "mcp" }

/**
 * 20 agent reads (8 show, 2 open, 8 search, 1 outline, 1 sources) and 6 author
 * calls (2 build, 3 lint of which one failed, 1 stats).
 */
const PDF_ROWS: Array<Row> = [
  ...times(3, () => row("show", { section: "Install", file: "SKILL.md" })),
  ...times(2, () => row("show", { section: "Install", file: "SKILL.md", ...mcp })),
  row("show", { section: "Usage", file: "SKILL.md", ...mcp }),
  ...times(2, () => row("show", { section: "Encryption", file: null }, { error: "error[E020]: section not found: 'Encryption'" })),
  row("open", { path: "refs/forms.md" }),
  row("open", { path: "missing.md" }, { error: "error[E021]: file not found: 'missing.md'" }),
  ...times(3, () => row("search", { query: "merge pdfs", result_count: 0 })),
  ...times(2, () => row("search", { query: "rotate", result_count: 4, ...mcp })),
  row("search", { query: "split pages", result_count: 2, partial: true }),
  row("search", { query: "watermark", result_count: 0 }),
  row("search", { query: "fonts", result_count: 0 }, { error: "error[E002]: search index for 'pdf' is stale; run 'skc build pdf'" }),
  row("outline", { level: null }),
  row("sources", { dir: null, depth: null, pattern: null, limit: null }),
  ...times(2, () => row("build", { global: false })),
  ...times(2, () => row("lint", { force: false })),
  row("lint", { force: false }, { error: "error[E999]: boom" }),
  row("stats", { group_by: "summary" })
]

const sb = sandbox()
const pdfSrc = join(sb.work, ".skillc", "skills", "pdf")
mkdirSync(join(pdfSrc, "refs"), { recursive: true })
writeFileSync(join(pdfSrc, "SKILL.md"), PDF_MD)
writeFileSync(join(pdfSrc, "refs", "forms.md"), "# Forms\n")
makeLogDb(join(sb.work, ".skillc", "runtime", "pdf", ".skillc-meta", "logs.db"), PDF_ROWS, { skill: "pdf", skill_path: pdfSrc, cwd: AGENT })

/** `skc stats pdf … --format json`, never logging (SKC_BENCH_DISABLE_LOG keeps the fixture's counts fixed). */
const json = (...args: Array<string>) => {
  const r = sb.run(["stats", "pdf", ...args, "--format", "json"], sb.work, { SKC_BENCH_DISABLE_LOG: "1" })
  expect(r.stderr).toBe("")
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout)
}
const text = (...args: Array<string>) => {
  const r = sb.run(["stats", "pdf", ...args], sb.work, { SKC_BENCH_DISABLE_LOG: "1" })
  expect(r.stderr).toBe("")
  expect(r.code).toBe(0)
  return r.stdout
}

describe("issue 17: agent reads apart from author work (DECISIONS #17)", () => {
  it("RFC-0003:C-QUERIES summary counts agent reads by default and shows both sides", () => {
    const j = json()
    expect(j.filters).toEqual({ since: null, until: null, projects: [], readers: [], include_author: false })
    expect(j.data).toEqual({
      total_accesses: 20,
      unique_sections: 2,
      unique_files: 2,
      error_count: 4,
      agent_accesses: 20,
      author_accesses: 6,
      unanswered: 4
    })
    // The period is that of the counted rows: the author's calls come after the last read.
    expect(j.period).toEqual({ start: t(0), end: t(19) })
  })

  it("RFC-0003:C-FILTERS --include-author adds build, lint and stats to every view, echoed in filters", () => {
    const j = json("--include-author")
    expect(j.filters.include_author).toBe(true)
    expect(j.data).toMatchObject({ total_accesses: 26, error_count: 5, agent_accesses: 20, author_accesses: 6 })
    // t(25) is a `stats` row: a view's own command never makes its period (issue 46 item 4).
    expect(j.period).toEqual({ start: t(0), end: t(24) })
    expect(json("--group-by", "projects").data).toEqual([{ project: AGENT, count: 20 }])
    expect(json("--group-by", "projects", "--include-author").data).toEqual([
      { project: AGENT, count: 20 },
      { project: AUTHOR, count: 6 }
    ])
    expect(json("--group-by", "errors").data.map((e: { command: string }) => e.command)).not.toContain("lint")
    expect(json("--group-by", "errors", "--include-author").data).toContainEqual({
      target: "pdf",
      command: "lint",
      error: "error[E999]: boom",
      count: 1
    })
  })

  it("RFC-0003:C-QUERIES commands lists every command with its role and its CLI/MCP calls", () => {
    const j = json("--group-by", "commands")
    expect(j.data).toEqual({ search: 8, show: 8, lint: 3, build: 2, open: 2, outline: 1, sources: 1, stats: 1 })
    expect(j.roles).toEqual({
      search: "agent",
      show: "agent",
      lint: "author",
      build: "author",
      open: "agent",
      outline: "agent",
      sources: "agent",
      stats: "author"
    })
    expect(j.via.show).toEqual({ cli: 5, mcp: 3 })
    expect(j.via.search).toEqual({ cli: 6, mcp: 2 })
    expect(j.via.build).toEqual({ cli: 2 })
    const out = text("--group-by", "commands")
    // Each row's role (DECISIONS #45), as the summary counts it (issue 46 item 4).
    expect(j.by_role.show).toEqual({ agent: 8, author: 0 })
    expect(j.by_role.build).toEqual({ agent: 0, author: 2 })
    expect(out).toContain("  COMMAND  COUNT  AGENT  AUTHOR  CLI  MCP\n  search       8      8       0    6    2\n  show         8      8       0    5    3\n")
    expect(out).toContain("  build        2      0       2    2    0\n")
    expect(out).toContain("Agent reads: 20   Author work: 6\n")
  })

  it("RFC-0003:C-CLI text summary labels both sides and says what is counted", () => {
    const out = text()
    expect(out).toContain("Counting agent reads (outline, show, open, sources, search, load); --include-author adds the author's build, lint, stats, eval and terminal reads.\n")
    expect(out).toMatch(/Total accesses: +20\n/)
    expect(out).toMatch(/Agent reads: +20\n/)
    expect(out).toMatch(/Author work \(not counted\): +6\n/)
    expect(out).toMatch(/  COMMAND +AGENT +AUTHOR\n/)
    expect(out).toMatch(/  lint +0 +3\n/)
    expect(text("--include-author")).toMatch(/Total accesses: +26\n/)
  })

  it("sections and files count agent reads only (show/open)", () => {
    expect(json("--group-by", "sections").data).toEqual([
      { section: "Install", file: "SKILL.md", count: 5 },
      { section: "Usage", file: "SKILL.md", count: 1 }
    ])
    expect(json("--group-by", "files").data).toEqual([
      { file: "SKILL.md", count: 6 },
      { file: "refs/forms.md", count: 1 }
    ])
  })
})

describe("issue 17: unanswered questions (RFC-0004:C-LOGGING result_count, DECISIONS #37 partial)", () => {
  it("--group-by search shows each query's latest result count and partial flag", () => {
    expect(json("--group-by", "search").data).toEqual([
      { query: "merge pdfs", count: 3, result_count: 0, partial: false },
      { query: "rotate", count: 2, result_count: 4, partial: false },
      // Its one run failed (E002): it counts, and is no result (seventy-first pass: it read "0", found nothing).
      { query: "fonts", count: 1, result_count: null, partial: false },
      { query: "split pages", count: 1, result_count: 2, partial: true },
      { query: "watermark", count: 1, result_count: 0, partial: false }
    ])
    expect(text("--group-by", "search")).toContain(
      "  COUNT    RESULTS  QUERY\n      3          0  merge pdfs\n      2          4  rotate\n      1          -  fonts\n      1  2 partial  split pages\n"
    )
  })

  it("--group-by unanswered lists the searches that ran and found nothing, most frequent first (a failed search is an error, not a question)", () => {
    const j = json("--group-by", "unanswered")
    expect(j.query).toBe("unanswered")
    expect(j.data).toEqual([
      { query: "merge pdfs", count: 3, last: t(12) },
      { query: "watermark", count: 1, last: t(16) }
    ])
    expect(text("--group-by", "unanswered")).toContain(`  COUNT  LAST                  QUERY\n      3  ${t(12)}  merge pdfs\n`)
  })

  it("the summary ends with what agents looked for and the skill does not have", () => {
    const out = text()
    const tail = out.slice(out.indexOf("Agents looked for"))
    expect(tail).toBe(
      "Agents looked for 4 things this skill does not have:\n" +
        '      3  search  "merge pdfs"\n' +
        "      2  show    Encryption\n" +
        "      1  open    missing.md\n" +
        '      1  search  "watermark"\n'
    )
  })

  it("a summary with nothing unanswered says nothing about it", () => {
    expect(text("--until", t(5))).not.toContain("Agents looked for")
  })
})

describe("issue 17: --limit on every list view", () => {
  it("text shows 10 entries by default and says how many more there are", () => {
    const out = text()
    // 17 headings in SKILL.md, 2 read; the unread Forms of refs/forms.md makes 16.
    expect(out).toContain("Unused sections (in the current outline, never shown): 16\n  - PDF (SKILL.md)\n  - Topic 01 (SKILL.md)\n")
    expect(out).toContain("  - Topic 09 (SKILL.md)\n  … and 6 more\n")
    expect(out).not.toContain("Topic 10")
  })

  it("--limit N caps text lists; JSON lists everything unless asked, then says limit and more", () => {
    expect(text("--group-by", "sections", "--limit", "1")).toContain("      5  Install  SKILL.md\n  … and 1 more\n")
    const all = json("--group-by", "search")
    expect(all.data).toHaveLength(5)
    expect(all).not.toHaveProperty("limit")
    const two = json("--group-by", "search", "--limit", "2")
    expect(two.data.map((q: { query: string }) => q.query)).toEqual(["merge pdfs", "rotate"])
    expect(two).toMatchObject({ limit: 2, more: 3 })
    expect(json("--group-by", "unanswered", "--limit", "5")).toMatchObject({ limit: 5, more: 0 })
    const summary = text("--limit", "2")
    expect(summary).toContain('      3  search  "merge pdfs"\n      2  show    Encryption\n  … and 2 more\n')
  })

  it("RFC-0003:C-ERRORS --limit 0 or a non-number is E100", () => {
    for (const bad of ["0", "ten"]) {
      const r = sb.run(["stats", "pdf", "--limit", bad])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/^error\[E100\]/)
    }
  })
})

describe("issue 17: skc stats --all", () => {
  const world = sandbox()
  const skill = (store: string, name: string) => {
    const src = join(store, ".skillc", "skills", name)
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), `---\nname: ${name}\ndescription: d\n---\n# ${name}\n## Setup\n## Usage\n`)
    return src
  }
  const log = (runtimeStore: string, name: string, src: string, rows: ReadonlyArray<Row>) =>
    makeLogDb(join(runtimeStore, ".skillc", "runtime", name, ".skillc-meta", "logs.db"), rows, { skill: name, skill_path: src, cwd: AGENT })
  // Project: alpha (read 3 times, one search unanswered), bravo (no log at all), charlie (only the author's builds).
  const alpha = skill(world.work, "alpha")
  log(world.work, "alpha", alpha, [
    { timestamp: "2026-02-01T00:00:00Z", command: "show", args: { section: "Usage", file: "SKILL.md" } },
    { timestamp: "2026-02-02T00:00:00Z", command: "show", args: { section: "Usage", file: "SKILL.md" } },
    { timestamp: "2026-02-03T00:00:00Z", command: "search", args: { query: "deploy", result_count: 0 } },
    { timestamp: "2026-02-04T00:00:00Z", command: "build", args: {} }
  ])
  skill(world.work, "bravo")
  const charlie = skill(world.work, "charlie")
  log(world.work, "charlie", charlie, [{ timestamp: "2026-02-05T00:00:00Z", command: "build", args: {} }])
  // Global: golf (read once, in January), and an alpha shadowed by the project's (its log must not count).
  const golf = skill(world.home, "golf")
  log(world.home, "golf", golf, [{ timestamp: "2026-01-15T00:00:00Z", command: "outline", args: { level: null } }])
  const shadowed = skill(world.home, "alpha")
  log(world.home, "alpha", shadowed, times(50, () => row("show", { section: "Setup", file: "SKILL.md" })))

  const all = (...args: Array<string>) => {
    const r = world.run(["stats", "--all", ...args])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    return r.stdout
  }

  it("one row per skill resolving from here (project first, shadowed global names left out), busiest first, and the never-read list", () => {
    const j = JSON.parse(all("--format", "json"))
    expect(j.query).toBe("all")
    expect(j.total_skills).toBe(4)
    expect(j.skills.map((s: { skill: string }) => s.skill)).toEqual(["alpha", "golf", "bravo", "charlie"])
    expect(j.skills[0]).toEqual({
      skill: "alpha",
      scope: "project",
      skill_path: alpha,
      reads: 3,
      author: 1,
      accesses: 3,
      last_read: "2026-02-03T00:00:00Z",
      top_section: { section: "Usage", file: "SKILL.md", count: 2 },
      unanswered: 1,
      errors: 0
    })
    expect(j.skills[1]).toMatchObject({ skill: "golf", scope: "global", reads: 1, last_read: "2026-01-15T00:00:00Z", top_section: null })
    expect(j.skills[3]).toMatchObject({ skill: "charlie", reads: 0, author: 1, last_read: null })
    expect(j.never_read).toEqual(["bravo", "charlie"])
  })

  it("the period filters every skill: golf was not read in February", () => {
    const j = JSON.parse(all("--since", "2026-02-01", "--format", "json"))
    expect(j.filters).toEqual({ since: "2026-02-01T00:00:00Z", until: null, projects: [], readers: [], include_author: false })
    expect(j.never_read).toEqual(["bravo", "charlie", "golf"])
  })

  it("text: aligned rows, caps with --limit, never-read list; --all logs nothing", () => {
    const out = all()
    expect(out).toContain("All skills — agent reads (4 skills)\n")
    expect(out).toMatch(/  SKILL +READS +LAST READ +TOP SECTION +UNANSWERED +ERRORS\n  alpha +3 +.+ago +Usage \(2\) +1 +\d+\n/)
    // With the author's work counted, it has a column of its own (the JSON's `author`).
    const j = JSON.parse(all("--include-author", "--format", "json"))
    const alpha = j.skills.find((s: { skill: string }) => s.skill === "alpha")
    expect(all("--include-author")).toMatch(new RegExp(`  SKILL +READS +AUTHOR +LAST READ +TOP SECTION +UNANSWERED +ERRORS\n  alpha +${alpha.reads} +${alpha.author} +`))
    expect(out).toContain("Never read: 2\n  - bravo\n  - charlie\n")
    const capped = all("--limit", "1")
    expect(capped).toContain("  … and 3 more\n")
    expect(capped).toContain("Never read: 2\n  - bravo\n  … and 1 more\n")
    // Nothing was logged: bravo still has no log database.
    expect(JSON.parse(all("--format", "json")).never_read).toContain("bravo")
  })

  it("--all with a skill, or a --group-by, is E100; neither skill nor --all is E100", () => {
    expect(world.run(["stats", "alpha", "--all"]).stderr).toMatch(/^error\[E100\]: .*--all takes no skill/)
    expect(world.run(["stats", "--all", "--group-by", "sections"]).stderr).toMatch(/^error\[E100\]/)
    expect(world.run(["stats"]).stderr).toMatch(/^error\[E100\]/)
  })
})

describe("issue 17: skc stats --all includes the skills agents see (DECISIONS #38)", () => {
  it("a skill found only in the project's agent directory gets a row (never read until an agent reads it)", () => {
    const w = sandbox()
    mkdirSync(join(w.work, ".skillc", "skills"), { recursive: true })
    const foreign = join(w.work, ".claude", "skills", "foreign-one")
    mkdirSync(foreign, { recursive: true })
    writeFileSync(join(foreign, "SKILL.md"), "---\nname: foreign-one\ndescription: d\n---\n# Foreign\n## Usage\n")
    const before = JSON.parse(w.run(["stats", "--all", "--format", "json"]).stdout)
    expect(before.skills.map((s: { skill: string; scope: string }) => [s.skill, s.scope])).toEqual([["foreign-one", "agent-project"]])
    expect(before.never_read).toEqual(["foreign-one"])
    // An agent reads it: the row lands in its cache runtime, and --all sees it.
    expect(w.run(["outline", "foreign-one"]).code).toBe(0)
    const after = JSON.parse(w.run(["stats", "--all", "--format", "json"]).stdout)
    expect(after.skills[0]).toMatchObject({ skill: "foreign-one", reads: 1 })
    expect(after.never_read).toEqual([])
  })
})
