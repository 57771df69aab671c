// Issue 27: `skc eval` results logged so that `stats` shows a skill's latest
// eval beside its reads, in process on the in-memory adapters: one `eval` row
// per evaluated skill in its own log, the newest shown by the summary (text,
// JSON, HTML report), nothing for a skill never evaluated, agent reads
// unchanged. Then the in-memory access log against the SQLite one: the same
// views from the same rows.
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import * as TestClock from "effect/testing/TestClock"
import { CallerRole, logDbIn } from "../../src/app/usage/accessLog.js"
import { evaluate as evaluateUnlogged, type EvalInput } from "../../src/app/eval/eval.js"
import { loggedCall } from "../../src/app/usage/accessLog.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { stats } from "../../src/app/usage/stats.js"
import { statsReport } from "../../src/app/usage/statsReport.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { makeSqliteAccessLog } from "../../src/adapters/sqlite/AccessLogSqlite.js"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { GROUP_BYS, latestEvalOf, type StatsFilters } from "../../src/domain/stats.js"
import { noAccessLog } from "../../src/ports/AccessLog.js"
import { ProcessRunner } from "../../src/ports/ProcessRunner.js"
import { renderStats } from "../../src/render/stats.js"
import { renderSkillHtml } from "../../src/render/statsHtml.js"
import { tempDir } from "../helpers/cli.js"
import { makeLogDb, type Row } from "../helpers/logs.js"

/** `eval` as the CLI runs it: inside the one logging wrapper, which writes the rows it touched (issue 44 item 4). */
const evaluate = (input: EvalInput) => evaluateUnlogged(input).pipe(loggedCall({ command: "eval" }))
import { memoryLayer } from "../helpers/worlds.js"

const SKILL = (name: string, description: string) => `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n---\n# ${name}\n## Usage\n`
const set = (pos: ReadonlyArray<string>, neg: ReadonlyArray<string>) =>
  JSON.stringify([...pos.map((query) => ({ query, should_trigger: true })), ...neg.map((query) => ({ query, should_trigger: false }))])

const files = {
  "/proj/.claude/skills/pdf/SKILL.md": SKILL("pdf", "Fill PDF forms, merge and split PDF files, extract PDF text. Use when the user mentions a PDF."),
  "/proj/.claude/skills/pdf/evals/triggers.json": set(["fill in this PDF form", "merge two PDF files", "extract the text of a PDF"], ["write a Word document", "make a slide deck"]),
  "/proj/.claude/skills/docx/SKILL.md": SKILL("docx", "Create and edit Word documents with tracked changes. Use for .docx files."),
  "/proj/.claude/skills/slides/SKILL.md": SKILL("slides", "Build a slide deck or presentation. Use when the user asks for slides."),
  "/proj/.claude/skills/slides/evals/triggers.json": set(["make a slide deck", "extract the text of the PDF files"], [])
}

/** The match judge never starts a process. */
const noRunner = Layer.succeed(ProcessRunner, { run: () => Effect.die("the match judge ran a process") })

const world = (vars: Record<string, string> = {}) => {
  const log = makeMemoryAccessLog()
  const layer = Layer.merge(memoryLayer({ files, accessLog: log, vars }), noRunner)
  /** The rows of `skill`'s own log (where `skc stats <skill>` reads). */
  const rowsOf = (skill: string) =>
    Effect.map(resolveSkill(skill), (s) => log.databases.get(logDbIn(s.runtimeDir, { join: (...p: Array<string>) => join(...p) })) ?? [])
  return { log, layer, rowsOf }
}

describe("issue 27: eval results in the skill's log", () => {
  const w = world()
  it.effect("one `eval` row per evaluated skill, in that skill's own log, with the result as its args", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse("2026-11-26T10:00:00Z"))
      const r = yield* evaluate({})
      expect(r.skills.map((s) => s.skill)).toEqual(["pdf", "slides"])
      const pdf = yield* w.rowsOf("pdf")
      expect(pdf).toHaveLength(1)
      expect(pdf[0]).toMatchObject({ command: "eval", skill: "pdf", timestamp: "2026-11-26T10:00:00Z", error: null })
      expect(pdf[0]!.skill_path).toBe("/proj/.claude/skills/pdf")
      expect(JSON.parse(pdf[0]!.args)).toEqual({
        judge: "match",
        agent: r.agent,
        queries: 5,
        passed: 5,
        pass_rate: 1,
        precision: 1,
        recall: 1,
        min_pass: 0.8,
        meets_min_pass: true
      })
      const slides = yield* w.rowsOf("slides")
      expect(slides.map((x) => JSON.parse(x.args))).toEqual([
        { judge: "match", agent: r.agent, queries: 2, passed: 1, pass_rate: 0.5, precision: 1, recall: 0.5, min_pass: 0.8, meets_min_pass: false }
      ])
      // A skill without trigger queries was not evaluated: nothing in its log.
      expect(yield* w.rowsOf("docx")).toEqual([])
      // Every row went to the skill's own log, none elsewhere.
      expect([...w.log.databases.values()].flat()).toHaveLength(2)
    }).pipe(Effect.provide(w.layer)))

  it.effect("the caller's role is recorded as on every row (DECISIONS #45)", () => {
    const v = world()
    return Effect.gen(function* () {
      yield* evaluate({ skills: ["pdf"] }).pipe(Effect.provideService(CallerRole, { role: "author" }))
      const [row] = yield* v.rowsOf("pdf")
      expect(JSON.parse(row!.args)).toMatchObject({ judge: "match", role: "author" })
    }).pipe(Effect.provide(v.layer))
  })

  it.effect("a skill named by path is logged where `skc stats <path>` reads", () => {
    const log = makeMemoryAccessLog()
    return Effect.gen(function* () {
      yield* evaluate({ skills: ["/elsewhere/forms"] })
      const forms = yield* resolveSkill("/elsewhere/forms")
      const rows = log.databases.get(logDbIn(forms.runtimeDir, { join: (...p: Array<string>) => join(...p) })) ?? []
      expect(rows.map((r) => [r.command, r.skill, r.skill_path])).toEqual([["eval", "forms", "/elsewhere/forms"]])
      const s = yield* stats({ skill: "/elsewhere/forms" })
      expect(s.report.latest_eval).toMatchObject({ queries: 2, passed: 1, pass_rate: 0.5 })
    }).pipe(
      Effect.provide(
        Layer.merge(
          memoryLayer({
            files: {
              ...files,
              "/elsewhere/forms/SKILL.md": SKILL("forms", "Fill in forms: PDF forms, web forms, tax forms."),
              "/elsewhere/forms/evals/triggers.json": set(["fill in the tax forms", "merge two PDF files"], [])
            },
            accessLog: log
          }),
          noRunner
        )
      )
    )
  })

  it.effect("with a log that keeps nothing (noAccessLog), eval answers the same and nothing is stored", () => {
    const kept = world()
    const none = Layer.merge(memoryLayer({ files, accessLog: noAccessLog }), noRunner)
    return Effect.gen(function* () {
      const withLog = yield* evaluate({}).pipe(Effect.provide(kept.layer))
      const without = yield* evaluate({}).pipe(Effect.provide(none))
      expect(without).toEqual(withLog)
      expect(kept.log.databases.size).toBeGreaterThan(0)
    })
  })
})

describe("issue 27: stats shows the latest eval", () => {
  it.effect("the summary (text, JSON, HTML report) shows the newest eval; agent reads are unchanged; a never-evaluated skill shows nothing", () => {
    const v = world()
    return Effect.gen(function* () {
      const pdf = yield* resolveSkill("pdf")
      const db = logDbIn(pdf.runtimeDir, { join: (...p: Array<string>) => join(...p) })
      const read = (timestamp: string, section: string) =>
        v.log.append(db, { timestamp, run_id: "r", command: "show", skill: "pdf", skill_path: pdf.canonicalSourceDir, cwd: "/proj", args: JSON.stringify({ section, file: "SKILL.md" }), error: null })
      yield* read("2026-11-20T09:00:00Z", "Usage")
      yield* read("2026-11-21T09:00:00Z", "Usage")
      const before = yield* stats({ skill: "pdf" })
      expect(before.report.latest_eval).toBeUndefined()
      expect("latest_eval" in before.report).toBe(false)
      expect(renderStats(before, Date.parse("2026-11-27T00:00:00Z"))).not.toMatch(/Latest eval/)
      // The same view as a team view filtered by --user says what --user filters (who pushed, not a token's reader).
      const asTeam = renderStats({ ...before, report: { ...before.report, source: "postgres://db/team", users: ["alice"] } as unknown as typeof before.report }, 0)
      expect(asTeam).toContain("From the team database postgres://db/team; pushed by the operating-system users alice (a team server's readers are token names: --reader, --group-by users).")

      yield* TestClock.setTime(Date.parse("2026-11-25T10:00:00Z"))
      yield* evaluate({ skills: ["pdf"], min_pass: 1 })
      yield* TestClock.setTime(Date.parse("2026-11-26T10:00:00Z"))
      yield* evaluate({ skills: ["pdf"], min_pass: 0.5 })

      const after = yield* stats({ skill: "pdf" })
      // The newer of the two evals wins.
      expect(after.report.latest_eval).toEqual({
        timestamp: "2026-11-26T10:00:00Z",
        judge: "match",
        agent: "claude",
        queries: 5,
        passed: 5,
        pass_rate: 1,
        precision: 1,
        recall: 1,
        min_pass: 0.5,
        meets_min_pass: true
      })
      // Additive (DECISIONS #40): every existing field as it was, `latest_eval` after them.
      expect(Object.keys(after.report)).toEqual(["skill", "skill_path", "query", "filters", "period", "data", "latest_eval"])
      // eval is author work: agent reads, totals and the period do not move.
      const was = before.report.data as { author_accesses: number }
      expect(after.report.data).toEqual({ ...was, author_accesses: was.author_accesses + 2 })
      expect(after.report.period).toEqual(before.report.period)
      expect(after.report.data).toMatchObject({ total_accesses: 2, agent_accesses: 2 })

      const text = renderStats(after, Date.parse("2026-11-27T00:00:00Z"))
      expect(text).toContain("\nLatest eval: 100 % of 5 trigger queries (match judge, precision 1.00, recall 1.00) on 2026-11-26 — meets --min-pass 0.5\n")

      const html = renderSkillHtml(yield* statsReport({ skill: "pdf" }), Date.parse("2026-11-27T00:00:00Z"))
      expect(html).toContain('<p class="meta" id="latest-eval">Latest eval: 100 % of 5 trigger queries (match judge, precision 1.00, recall 1.00) on 2026-11-26 — meets --min-pass 0.5</p>')
      expect(renderSkillHtml(yield* statsReport({ skill: "docx" }), 0)).not.toContain("latest-eval")

      // Other views are unchanged: no latest_eval.
      const sections = yield* stats({ skill: "pdf", group_by: "sections" })
      expect("latest_eval" in sections.report).toBe(false)

      // Never evaluated: nothing.
      const docx = yield* stats({ skill: "docx" })
      expect("latest_eval" in docx.report).toBe(false)
      expect(renderStats(docx, 0)).not.toMatch(/Latest eval/)
    }).pipe(Effect.provide(v.layer))
  })

  it("a failing eval reads 'below', precision without firing reads '-'; a foreign or malformed row is not shown", () => {
    const e = latestEvalOf(
      "2026-11-26T10:00:00Z",
      JSON.stringify({ judge: "command", agent: "claude", queries: 26, passed: 25, pass_rate: 25 / 26, precision: null, recall: 0.92, min_pass: 0.99, meets_min_pass: false, role: "author" })
    )
    expect(e).toMatchObject({ pass_rate: 25 / 26, precision: null })
    expect(e && "role" in e).toBe(false)
    const outcome = {
      report: {
        skill: "x",
        skill_path: "/x",
        query: "summary" as const,
        filters: { since: null, until: null, projects: [], readers: [], include_author: false },
        period: { start: null, end: null },
        data: { total_accesses: 0, unique_sections: 0, unique_files: 0, error_count: 0, agent_accesses: 0, author_accesses: 1, unanswered: 0 },
        latest_eval: e!
      },
      insights: { topSections: [], topSectionsMore: 0, commands: {}, unusedSections: [], unusedMore: 0, unanswered: [], unansweredMore: 0 }
    }
    expect(renderStats(outcome, 0)).toContain("Latest eval: 96.2 % of 26 trigger queries (command judge, precision -, recall 0.92) on 2026-11-26 — below --min-pass 0.99\n")
    expect(latestEvalOf("t", "not json")).toBeUndefined()
    expect(latestEvalOf("t", "{}")).toBeUndefined()
    expect(latestEvalOf("t", JSON.stringify({ judge: "match", agent: "claude", queries: "5" }))).toBeUndefined()
  })
})

describe("the in-memory access log answers as the SQLite one", () => {
  const dir = tempDir("skc-memlog-")
  const file = join(dir, "logs.db")
  const rows: Array<Row> = [
    { timestamp: "2026-01-01T00:00:00Z", command: "show", args: { section: "Install", file: "SKILL.md" } },
    { timestamp: "2026-01-01T01:00:00Z", command: "show", args: { section: "Install", file: "SKILL.md", via: "mcp" } },
    { timestamp: "2026-01-02T00:00:00Z", command: "show", args: { section: "Usage", file: "docs/a.md", role: "author" } },
    { timestamp: "2026-01-02T00:00:00Z", command: "show", args: { section: "Nope", file: null }, error: "error[E020]: section 'Nope' not found" },
    { timestamp: "2026-01-03T00:00:00Z", command: "open", args: { path: "docs/a.md" } },
    { timestamp: "2026-01-03T00:00:00Z", command: "open", args: { path: "gone.md" }, error: "error[E021]: file not found" },
    { timestamp: "2026-01-04T00:00:00Z", command: "search", args: { query: "merge", result_count: 0 } },
    { timestamp: "2026-01-05T00:00:00Z", command: "search", args: { query: "merge", result_count: 2, partial: true }, cwd: "/other/p" },
    { timestamp: "2026-01-05T00:00:00Z", command: "sources", args: { dir: "x" }, error: "error[E999]: boom" },
    { timestamp: "2026-01-06T00:00:00Z", command: "build", args: {} },
    { timestamp: "2026-01-07T00:00:00Z", command: "eval", args: { judge: "match", pass_rate: 0.5 } },
    { timestamp: "2026-01-08T00:00:00Z", command: "eval", args: { judge: "match", pass_rate: 0.9 } },
    { timestamp: "2026-01-08T00:00:00Z", command: "outline", args: "not json" },
    // `--reader`: a served call's token name (args.user), and users that are no name.
    { timestamp: "2026-01-09T00:00:00Z", command: "show", args: { section: "Install", file: "SKILL.md", via: "mcp", user: "alice" } },
    { timestamp: "2026-01-09T01:00:00Z", command: "search", args: { query: "merge", result_count: 0, via: "mcp", user: "alice" } },
    { timestamp: "2026-01-09T02:00:00Z", command: "show", args: { section: "Usage", file: "SKILL.md", via: "mcp", user: { name: "alice" } } },
    { timestamp: "2026-01-09T03:00:00Z", command: "open", args: { path: "docs/a.md", via: "mcp", user: 7 } }
  ]
  const defaults = { skill: "s", skill_path: "/s", cwd: "/proj" }
  makeLogDb(file, rows, defaults)
  const sqlite = makeSqliteAccessLog(Database)
  const memory = makeMemoryAccessLog()
  for (const r of rows) {
    Effect.runSync(
      memory.append("m", {
        timestamp: r.timestamp,
        run_id: r.run_id ?? "fixture",
        command: r.command,
        skill: r.skill ?? defaults.skill,
        skill_path: r.skill_path ?? defaults.skill_path,
        cwd: r.cwd ?? defaults.cwd,
        args: typeof r.args === "string" ? r.args : JSON.stringify(r.args ?? {}),
        error: r.error ?? null
      })
    )
  }
  const none: StatsFilters = { since: null, until: null, projects: [], readers: [], include_author: false }
  const filterSets: ReadonlyArray<StatsFilters> = [
    none,
    { ...none, include_author: true },
    { ...none, since: "2026-01-02T00:00:00Z", until: "2026-01-05T00:00:00Z" },
    { ...none, projects: ["/other"], include_author: true },
    { ...none, readers: ["alice"] },
    { ...none, readers: ["7", '{"name":"alice"}', "alice"], include_author: true }
  ]
  /** Summary groups come in no particular order from SQL; everything else is ordered. */
  const normal = (a: unknown) => {
    const r = a as { groupBy: string; groups?: ReadonlyArray<unknown> }
    return r.groupBy === "summary" ? { ...r, groups: [...r.groups!].map((g) => JSON.stringify(g)).sort() } : r
  }

  it.effect("every view under every filter, and the latest row of a command", () =>
    Effect.gen(function* () {
      let seen = 0
      for (const groupBy of [...GROUP_BYS, "timeline" as const]) {
        for (const f of filterSets) {
          const want = yield* sqlite.aggregate(file, groupBy, f)
          const got = yield* memory.aggregate("m", groupBy, f)
          expect(normal(got), `${groupBy} ${JSON.stringify(f)}`).toEqual(normal(want))
          seen += JSON.stringify(want).length
        }
      }
      // The views held rows (an empty log would agree trivially).
      expect(seen).toBeGreaterThan(5000)
      expect(yield* memory.latest("m", "eval")).toEqual(yield* sqlite.latest(file, "eval"))
      expect(yield* sqlite.latest(file, "eval")).toEqual({ timestamp: "2026-01-08T00:00:00Z", args: JSON.stringify({ judge: "match", pass_rate: 0.9 }) })
      expect(yield* memory.latest("m", "lint")).toBeUndefined()
      expect(yield* sqlite.latest(file, "lint")).toBeUndefined()
      expect(yield* sqlite.latest(join(dir, "missing.db"), "eval")).toBeUndefined()
      expect(yield* memory.readAll("m")).toEqual(yield* sqlite.readAll(file))
    })
  )
})
