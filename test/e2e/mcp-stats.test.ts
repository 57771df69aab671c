// skc_stats and the access log of MCP calls (RFC-0007:C-LOGGING, C-MCP-SERVER,
// RFC-0003; DECISIONS #17, #18, #31): skc_show writes a `show` row to the
// primary runtime log, and skc_stats reads it back as the CLI does.
import { cpSync, mkdirSync, renameSync, rmSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"
import { makeLogDb, readLog } from "../helpers/logs.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

describe("RFC-0007:C-LOGGING skc_show logging and skc_stats", () => {
  const s = sandbox()
  const src = join(s.work, ".skillc", "skills", "git-helper")
  mkdirSync(join(s.work, ".skillc", "skills"), { recursive: true })
  cpSync(join(ROOT, "examples", "git-helper"), src, { recursive: true })
  const logDb = join(s.work, ".skillc", "runtime", "git-helper", ".skillc-meta", "logs.db")
  let mcp: McpSession
  beforeAll(async () => {
    expect((await s.runAsync(["build", "git-helper"])).code).toBe(0)
    mcp = await connectMcp({ cwd: s.work, home: s.home, flags: ["--output-schemas"] })
    await mcp.client.listTools() // the client then validates structured content against each outputSchema
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("RFC-0007:C-LOGGING a skc_show call adds one row to <runtime>/.skillc-meta/logs.db with command show (DECISIONS #31)", async () => {
    const before = readLog(logDb).length
    const r = await mcp.call("skc_show", { skill: "git-helper", section: "undo the last commit" })
    expect(r.isError, textOf(r)).toBeFalsy()
    const rows = readLog(logDb)
    expect(rows).toHaveLength(before + 1)
    const row = rows.at(-1)!
    expect(row.command).toBe("show")
    expect(row.skill).toBe("git-helper")
    expect(row.error).toBeNull()
    // DECISIONS #18: the section asked for and the file of the matched heading, as the CLI logs them.
    const shown = r.structuredContent as { file: string; section: string }
    expect(JSON.parse(row.args as string)).toMatchObject({ section: shown.section, file: shown.file })
    await s.runAsync(["show", "git-helper", "--section", "undo the last commit"])
    const cliRow = readLog(logDb).at(-1)!
    expect(cliRow.command).toBe("show")
    // The same args, except that the MCP row says where it came from (issue 17) and with what client (issue 49
    // item 2); the CLI row has neither.
    expect(JSON.parse(row.args as string).via).toBe("mcp")
    expect(JSON.parse(cliRow.args as string)).not.toHaveProperty("via")
    expect(JSON.parse(cliRow.args as string)).not.toHaveProperty("client")
    // And the page the server read it in (MCP's default max_bytes, logged as the CLI logs a --max-bytes given).
    expect({ ...JSON.parse(cliRow.args as string), via: "mcp", client: "skc-test/1.0.0", max_bytes: 40960 }).toEqual(JSON.parse(row.args as string))
  })

  it("RFC-0007:C-LOGGING skc_lint is logged as lint; a lint with findings is not an error row", async () => {
    await mcp.call("skc_lint", { skill: "git-helper" })
    const row = readLog(logDb).at(-1)!
    expect(row.command).toBe("lint")
    expect(row.error).toBeNull()
  })

  it("skc_stats' text names its own include_author parameter, not the CLI's --include-author (an agent has no flags)", async () => {
    const r = await mcp.call("skc_stats", { skill: "git-helper" })
    expect(r.isError, textOf(r)).toBeFalsy()
    expect(textOf(r)).toContain("; include_author: true adds the author's build, lint, stats, eval and terminal reads.")
    expect(textOf(r)).not.toContain("--include-author")
    // The CLI keeps its flag.
    expect((await s.runAsync(["stats", "git-helper"])).stdout).toContain("; --include-author adds")
  })

  it("RFC-0003 skc_stats returns the CLI's JSON document for every group_by and filter", async () => {
    await mcp.call("skc_show", { skill: "git-helper", section: "No such heading" })
    // Over MCP each list is bounded at 100 unless the call names a limit (docs/mcp.md "Payload budgets"): the CLI's
    // document with the same limit is the MCP one.
    const cli = async (args: ReadonlyArray<string>) => JSON.parse((await s.runAsync(["stats", "git-helper", ...args, "--limit", "100", "--format", "json"])).stdout)
    type Report = { data: unknown; filters: unknown; period: { start: string | null; end: string | null } }
    // `period.end` is the newest row that passes the filters: the stats calls' own rows move it, a second at a time.
    const settled = (r: Report, end: string | null) => {
      expect(r.period.end! >= end!).toBe(true)
      return { ...r, period: { ...r.period, end } }
    }
    const both = async (group: string) => {
      const r = await mcp.call("skc_stats", { skill: "git-helper", group_by: group })
      expect(r.isError, textOf(r)).toBeFalsy()
      const m = r.structuredContent as Report
      return { mcp: m, cli: settled((await cli(["--group-by", group])) as Report, m.period.end) }
    }
    // Rows of show/open/search only: the stats calls' own rows do not count, so the documents are equal.
    for (const group of ["sections", "files", "errors", "search"]) {
      const { mcp: m, cli: c } = await both(group)
      expect(m, group).toEqual(c)
    }
    // The MCP call's own row (logged after it answered) is one more author row for the CLI call right after it:
    // the summary counts it apart from agent reads (issue 17), the commands view lists it under `stats` over MCP.
    const summary = await both("summary")
    const sd = summary.mcp.data as { total_accesses: number; author_accesses: number }
    expect(summary.cli).toEqual({ ...summary.mcp, data: { ...sd, author_accesses: sd.author_accesses + 1 } })
    const byCommand = await both("commands")
    const cd = byCommand.mcp.data as Record<string, number>
    const via = (byCommand.mcp as unknown as { via: Record<string, Record<string, number>> }).via
    const byRole = (byCommand.mcp as unknown as { by_role: Record<string, { agent: number; author: number }> }).by_role
    expect(byCommand.cli).toEqual({
      ...byCommand.mcp,
      data: { ...cd, stats: (cd.stats ?? 0) + 1 },
      by_role: { ...byRole, stats: { agent: 0, author: (byRole.stats?.author ?? 0) + 1 } },
      via: { ...via, stats: { ...via.stats, mcp: (via.stats?.mcp ?? 0) + 1 } }
    })
    const commands = (await mcp.call("skc_stats", { skill: "git-helper", group_by: "commands" })).structuredContent as { data: Record<string, number> }
    expect(commands.data.show).toBe(3)
    expect(commands.data.lint).toBe(1)
    const filtered = await mcp.call("skc_stats", { skill: "git-helper", group_by: "sections", since: "2000-01-01", project: [s.work] })
    const filteredCli = (await cli(["--group-by", "sections", "--since", "2000-01-01", "--project", s.work])) as Report
    expect(filtered.structuredContent).toEqual(settled(filteredCli, (filtered.structuredContent as Report).period.end))
    expect((filtered.structuredContent as { filters: { projects: Array<string> } }).filters.projects).toHaveLength(1)
    expect(textOf(await mcp.call("skc_stats", { skill: "git-helper", group_by: "weekday" }))).toMatch(/^error\[E030\]/)
    // Issue 17 over MCP: include_author adds the author's rows; limit caps a list and says how many are left.
    const withAuthor = (await mcp.call("skc_stats", { skill: "git-helper", include_author: true })).structuredContent as {
      filters: { include_author: boolean }
      data: { total_accesses: number; agent_accesses: number; author_accesses: number }
    }
    expect(withAuthor.filters.include_author).toBe(true)
    expect(withAuthor.data.author_accesses).toBeGreaterThan(0)
    expect(withAuthor.data.total_accesses).toBe(withAuthor.data.agent_accesses + withAuthor.data.author_accesses)
    const one = (await mcp.call("skc_stats", { skill: "git-helper", group_by: "sections", limit: 1 })).structuredContent as {
      data: Array<unknown>
      limit: number
    }
    expect(one.data).toHaveLength(1)
    expect(one.limit).toBe(1)
    const bounded = (await mcp.call("skc_stats", { skill: "git-helper", group_by: "sections" })).structuredContent as { limit: number }
    expect(bounded.limit).toBe(100)
  })

  it("DECISIONS #44 a cross-skill skc_search writes its answering skill's row and its unanswered question with via mcp, as every MCP row (issue 17)", async () => {
    const r = await mcp.call("skc_search", { query: "undo commit" })
    expect(r.isError, textOf(r)).toBeFalsy()
    const row = readLog(logDb).at(-1)!
    expect(row.command).toBe("search")
    expect(JSON.parse(row.args as string)).toMatchObject({ query: "undo commit", scope: "all", via: "mcp" })
    await mcp.call("skc_search", { skills: ["git-helper"], query: "commit" })
    expect(JSON.parse(readLog(logDb).at(-1)!.args as string)).toMatchObject({ query: "commit", scope: "all", via: "mcp" })
    // A question no skill answered goes once to the global log (DECISIONS #44), from MCP too.
    await mcp.call("skc_search", { query: "zyxwvut" })
    const global = readLog(join(s.home, ".skillc", ".skillc-meta", "logs.db")).filter((g) => g.command === "search")
    expect(JSON.parse(global.at(-1)!.args as string)).toMatchObject({ query: "zyxwvut", result_count: 0, scope: "all", via: "mcp" })
    // The CLI's cross-skill row stays without `via`.
    expect((await s.runAsync(["search", "--all", "undo commit"])).code).toBe(0)
    expect(JSON.parse(readLog(logDb).at(-1)!.args as string)).not.toHaveProperty("via")
  })

  it("RFC-0007:C-SYNC skc_stats says, in its text and notices, how many rows wait in the local log unsynced", async () => {
    const local = join(s.work, ".skillc", "logs", "git-helper", ".skillc-meta", "logs.db")
    makeLogDb(local, [{ timestamp: "2026-01-01T00:00:00Z", command: "outline" }], { skill: "git-helper", skill_path: src, cwd: s.work })
    try {
      const r = await mcp.call("skc_stats", { skill: "git-helper", group_by: "files" })
      expect(r.isError, textOf(r)).toBeFalsy()
      const note = "warning: 1 access-log row in .skillc/logs/git-helper is not in these figures until 'skc sync' moves it into the skill's log"
      expect((r.structuredContent as { notices?: Array<string> }).notices).toEqual([note])
      // A text block of its own after the answer's (server.ts withNotices).
      expect((r.content as Array<{ type: string; text?: string }>).at(-1)).toEqual({ type: "text", text: note })
    } finally {
      rmSync(join(s.work, ".skillc", "logs"), { recursive: true, force: true })
    }
  })
})

// A team-server probe: what befell the access logs (a damaged log moved aside, rows written nowhere) went to
// the calling agent alone; the operator's terminal said nothing.
describe("skc mcp tells its operator what befell the access logs", () => {
  it("a log moved without its -wal: the agent gets the notice, and the server's stderr says it once", async () => {
    const s = sandbox()
    const src = join(s.work, ".skillc", "skills", "git-helper")
    mkdirSync(join(s.work, ".skillc", "skills"), { recursive: true })
    cpSync(join(ROOT, "examples", "git-helper"), src, { recursive: true })
    const logDb = join(s.work, ".skillc", "runtime", "git-helper", ".skillc-meta", "logs.db")
    expect((await s.runAsync(["build", "git-helper"])).code).toBe(0)
    // A CLI row left in the -wal, then the log moved without it.
    expect((await s.runAsync(["show", "git-helper", "--section", "undo the last commit"])).code).toBe(0)
    renameSync(logDb, `${logDb}.old`)
    const mcp = await connectMcp({ cwd: s.work, home: s.home })
    try {
      const r = await mcp.call("skc_show", { skill: "git-helper", section: "undo the last commit" })
      expect(r.isError, textOf(r)).toBeFalsy()
      expect(JSON.stringify(r.content)).toContain("its -wal moved aside")
      expect(mcp.stderr()).toMatch(/^skc mcp: warning: access log '.*' was unsound \(its database file is missing while its -wal holds rows/m)
      expect(readLog(logDb)).toHaveLength(1)
    } finally {
      await mcp.close()
    }
  }, 60_000)
})
