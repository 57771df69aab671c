// `skc stats --reader <name>`: only the rows whose `args.user` (the token name
// of a call served by `skc mcp --http` with tokens) is one of the names, in
// every view, in `--all`, in the HTML report and over the team store; echoed
// in the JSON `filters` as `readers` (RFC-0003:C-FILTERS: applied before
// aggregation, named in the response). In process on the in-memory adapters.
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { logDbIn } from "../../src/app/usage/accessLog.js"
import { resolveSkill } from "../../src/app/skills/resolve.js"
import { stats } from "../../src/app/usage/stats.js"
import { statsAll } from "../../src/app/usage/statsAll.js"
import { statsReport } from "../../src/app/usage/statsReport.js"
import { statsRequestOf } from "../../src/app/usage/statsRequest.js"
import { teamStats, teamStatsAll, teamStatsReport } from "../../src/app/usage/teamStats.js"
import { makeMemoryAccessLog } from "../../src/adapters/memory/MemoryAccessLog.js"
import { renderError } from "../../src/domain/errors.js"
import { Hasher } from "../../src/ports/Hasher.js"
import { TeamLogStore } from "../../src/ports/TeamLogStore.js"
import { renderStats, renderStatsAll } from "../../src/render/stats.js"
import { renderSkillHtml } from "../../src/render/statsHtml.js"
import { memoryLayer } from "../helpers/worlds.js"

const files = {
  "/proj/.claude/skills/pdf/SKILL.md": "---\nname: pdf\ndescription: Fill PDF forms. Use when the user mentions a PDF.\n---\n# pdf\n## Install\n## Usage\n## Forms\n"
}

/** A served read: `user` is the token's name as `skc mcp --http` records it (absent: CLI, stdio, HTTP without tokens). */
const read = (timestamp: string, section: string, user?: unknown) => ({
  timestamp,
  run_id: "r",
  command: "show",
  skill: "pdf",
  skill_path: "/proj/.claude/skills/pdf",
  cwd: "/proj",
  args: JSON.stringify({ section, file: "SKILL.md", via: "mcp", ...(user === undefined ? {} : { user, client: "claude-code/2.1" }) }),
  error: null
})

const ROWS = [
  read("2026-11-20T09:00:00Z", "Install", "alice"),
  read("2026-11-20T10:00:00Z", "Usage", "alice"),
  read("2026-11-21T09:00:00Z", "Usage", "bob"),
  read("2026-11-21T10:00:00Z", "Forms", "bob"),
  read("2026-11-22T09:00:00Z", "Forms"),
  // Exact: another case is another token; a number is no name.
  read("2026-11-22T10:00:00Z", "Forms", "Alice"),
  read("2026-11-22T11:00:00Z", "Forms", 7),
  // Args another tool wrote that are not JSON: never an error, never a reader's.
  { ...read("2026-11-23T09:00:00Z", "Install"), args: "{not json" },
  { ...read("2026-11-23T10:00:00Z", "Install"), command: "search", args: JSON.stringify({ query: "merge", result_count: 0, user: "alice" }) }
]

const world = () => {
  const log = makeMemoryAccessLog()
  const layer = memoryLayer({ files, accessLog: log })
  const seed = Effect.gen(function* () {
    const pdf = yield* resolveSkill("pdf")
    const db = logDbIn(pdf.runtimeDir, { join: (...p: Array<string>) => join(...p) })
    for (const r of ROWS) yield* log.append(db, r)
  })
  return { log, layer, seed }
}

/** The report as JSON prints it. */
const json = (x: unknown): any => JSON.parse(JSON.stringify(x))

describe("stats --reader: one token's reads (args.user)", () => {
  it.effect("every view counts only the named readers' rows; filters.readers echoes them; rows without a reader never match", () => {
    const w = world()
    return Effect.gen(function* () {
      yield* w.seed
      const sections = json((yield* stats({ skill: "pdf", group_by: "sections", reader: ["alice"] })).report)
      expect(sections.filters).toEqual({ since: null, until: null, projects: [], readers: ["alice"], include_author: false })
      expect(sections.data).toEqual([
        { section: "Install", file: "SKILL.md", count: 1 },
        { section: "Usage", file: "SKILL.md", count: 1 }
      ])
      expect(sections.period).toEqual({ start: "2026-11-20T09:00:00Z", end: "2026-11-23T10:00:00Z" })
      const users = json((yield* stats({ skill: "pdf", group_by: "users", reader: ["bob", "alice"] })).report)
      expect(users.data).toEqual([
        { user: "alice", count: 3 },
        { user: "bob", count: 2 }
      ])
      // Given twice, listed once, in the order given.
      expect(users.filters.readers).toEqual(["bob", "alice"])
      expect(json((yield* stats({ skill: "pdf", group_by: "users", reader: ["bob", "bob"] })).report).filters.readers).toEqual(["bob"])
      const summary = yield* stats({ skill: "pdf", reader: ["alice"] })
      expect(summary.report.data).toMatchObject({ total_accesses: 3, unique_sections: 2, agent_accesses: 3, unanswered: 1 })
      expect(renderStats(summary, Date.parse("2026-11-24T00:00:00Z"))).toContain("Filters: reader alice\n")
      const search = json((yield* stats({ skill: "pdf", group_by: "unanswered", reader: ["alice"] })).report)
      expect(search.data).toEqual([{ query: "merge", count: 1, last: "2026-11-23T10:00:00Z" }])
      // The summary's unanswered (and stats --all's) counts sections and files too; this view lists searches, and says so.
      expect(renderStats(yield* stats({ skill: "pdf", group_by: "unanswered", reader: ["alice"] }), Date.parse("2026-11-24T00:00:00Z"))).toContain(
        "(searches only: the sections and files asked for that the skill lacks are in the errors view)"
      )
      expect(json((yield* stats({ skill: "pdf", group_by: "commands", reader: ["bob"] })).report).data).toEqual({ show: 2 })
      // Nobody by that name: an empty result, not an error (RFC-0003:C-CLI).
      expect((yield* stats({ skill: "pdf", reader: ["carol"] })).report.data).toMatchObject({ total_accesses: 0 })
      // Without --reader every row counts, those without a reader included; readers is an empty list.
      const everyone = json((yield* stats({ skill: "pdf", group_by: "sections" })).report)
      expect(everyone.filters.readers).toEqual([])
      expect(everyone.data.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(7)
    }).pipe(Effect.provide(w.layer))
  })

  it.effect("--all and the HTML report take the same filter", () => {
    const w = world()
    return Effect.gen(function* () {
      yield* w.seed
      const all = yield* statsAll({ reader: ["bob"] })
      expect(all.filters.readers).toEqual(["bob"])
      expect(all.skills.find((s) => s.skill === "pdf")).toMatchObject({ reads: 2, top_section: { section: "Forms", count: 1 } })
      expect(renderStatsAll(all, Date.parse("2026-11-24T00:00:00Z"))).toContain("Filters: reader bob\n")
      const report = yield* statsReport({ skill: "pdf", reader: ["bob"] })
      expect(report.filters.readers).toEqual(["bob"])
      expect(report.summary.total_accesses).toBe(2)
      expect(report.outline.map((s) => [s.section, s.count])).toEqual([
        ["pdf", 0],
        ["Install", 0],
        ["Usage", 1],
        ["Forms", 1]
      ])
      expect(renderSkillHtml(report, 0)).toContain("readers bob")
    }).pipe(Effect.provide(w.layer))
  })

  it.effect("an empty name is a malformed filter (E031)", () => {
    const w = world()
    return Effect.gen(function* () {
      const e = yield* Effect.flip(stats({ skill: "pdf", reader: [""] }))
      expect(renderError(e)).toBe(`error[E031]: invalid filter: '--reader "": expected a token name'`)
    }).pipe(Effect.provide(w.layer))
  })

  it.effect("the command line's --reader reaches the request, with or without the team database", () =>
    Effect.gen(function* () {
      const base = {
        skill: "pdf", groupBy: "sections", since: undefined, until: undefined, project: [], includeAuthor: false, limit: undefined,
        all: false, format: "json", from: undefined, team: false, machine: [], user: []
      }
      expect((yield* statsRequestOf({ ...base, reader: ["alice", "bob"] })).reader).toEqual(["alice", "bob"])
      expect(yield* statsRequestOf({ ...base, reader: ["alice"], team: true })).toMatchObject({ reader: ["alice"], team: true })
      expect((yield* statsRequestOf({ ...base, reader: [] })).reader).toBeUndefined()
    })
  )

  it.effect("over the team store: the readers go to its query, beside machines and users", () => {
    const w = world()
    const asked: Array<unknown> = []
    // The team store answers from one memory log holding the pushed rows: what matters here is what it is asked.
    const team = Layer.succeed(TeamLogStore, {
      push: () => Effect.die("not pushed"),
      pushFrom: () => Effect.die("not pushed"),
      count: Effect.succeed(ROWS.length),
      aggregate: (groupBy, filters) => {
        asked.push(filters)
        return w.log.aggregate("team", groupBy, filters)
      }
    })
    // Names of machines and users are hashed for the store; none is given here.
    const hasher = Layer.succeed(Hasher, { sha256Hex: (data) => `h(${String(data)})` })
    return Effect.gen(function* () {
      for (const r of ROWS) yield* w.log.append("team", r)
      const one = yield* teamStats({ skill: "pdf", group_by: "sections", reader: ["bob"], source: "postgres://db/team" })
      expect(json(one.report).filters.readers).toEqual(["bob"])
      expect(json(one.report).data).toEqual([
        { section: "Forms", file: "SKILL.md", count: 1 },
        { section: "Usage", file: "SKILL.md", count: 1 }
      ])
      expect(asked.at(-1)).toMatchObject({ readers: ["bob"], machines: [], users: [], skills: ["pdf"] })
      expect(renderStats(one, 0)).toContain("Filters: reader bob\n")
      const html = yield* teamStatsReport({ skill: "pdf", reader: ["bob"], source: "postgres://db/team" })
      expect(html.summary.total_accesses).toBe(2)
      const all = yield* teamStatsAll({ reader: ["alice"], source: "postgres://db/team" })
      expect(all.skills.find((s) => s.skill === "pdf")?.reads).toBe(3)
    }).pipe(Effect.provide(Layer.mergeAll(w.layer, team, hasher)))
  })
})
