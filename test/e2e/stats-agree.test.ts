// Issue 46 item 4: the stats views agree. One role rule (DECISIONS #45: a
// terminal's read is the author's, not an agent's) for the summary, its
// "Access by command" block, `--group-by commands` and the HTML report, on
// the same rows; and `stats` never moves its own reported period, though it
// logs itself (RFC-0003:C-QUERIES, C-SCHEMA).
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb, type Row } from "../helpers/logs.js"

const t = (i: number) => `2026-03-01T10:00:${String(i).padStart(2, "0")}Z`
let clock = 0
const row = (command: string, args: Record<string, unknown>): Row => ({ timestamp: t(clock++), command, args })
const author = { role: "author" }

/** 5 agent reads (3 show, 1 open, 1 search), 3 reads from a terminal (author), 1 build, 1 stats. */
const ROWS: Array<Row> = [
  row("show", { section: "Usage", file: "SKILL.md" }),
  row("show", { section: "Usage", file: "SKILL.md", via: "mcp" }),
  row("show", { section: "Usage", file: "SKILL.md", role: "agent" }),
  row("open", { path: "SKILL.md" }),
  row("search", { query: "usage", result_count: 1 }),
  row("show", { section: "Usage", file: "SKILL.md", ...author }),
  row("show", { section: "Usage", file: "SKILL.md", ...author }),
  row("outline", { level: null, ...author }),
  row("build", { global: false }),
  row("stats", { group_by: "summary" })
]

const sb = sandbox()
const src = join(sb.work, ".skillc", "skills", "demo")
mkdirSync(src, { recursive: true })
writeFileSync(join(src, "SKILL.md"), "---\nname: demo\ndescription: Demo skill. Use when testing.\n---\n# Demo\n## Usage\n")
makeLogDb(join(sb.work, ".skillc", "runtime", "demo", ".skillc-meta", "logs.db"), ROWS, { skill: "demo", skill_path: src, cwd: sb.work })

const stats = async (args: ReadonlyArray<string>, log = false) => {
  const r = await sb.runAsync(["stats", "demo", ...args], sb.work, log ? { SKC_ROLE: "author" } : { SKC_BENCH_DISABLE_LOG: "1" })
  expect(r.stderr).toBe("")
  expect(r.code).toBe(0)
  return r.stdout
}

describe("issue 46 item 4: stats views agree on one role rule (DECISIONS #45, RFC-0003:C-QUERIES)", () => {
  it("summary, its command block, --group-by commands and the HTML report count the same agent reads", async () => {
    const summary = JSON.parse(await stats(["--format", "json"]))
    expect(summary.data).toMatchObject({ total_accesses: 5, agent_accesses: 5, author_accesses: 5 })

    const commands = JSON.parse(await stats(["--group-by", "commands", "--format", "json"]))
    expect(commands.data).toEqual({ show: 5, build: 1, open: 1, outline: 1, search: 1, stats: 1 })
    expect(commands.by_role.show).toEqual({ agent: 3, author: 2 })
    expect(commands.by_role.outline).toEqual({ agent: 0, author: 1 })
    const agentSum = Object.values(commands.by_role as Record<string, { agent: number }>).reduce((s, r) => s + r.agent, 0)
    expect(agentSum).toBe(summary.data.agent_accesses)

    const commandsText = await stats(["--group-by", "commands"])
    expect(commandsText).toContain("Agent reads: 5   Author work: 5\n")
    expect(commandsText).toMatch(/\n {2}show +5 +3 +2 +4 +1\n/)

    const summaryText = await stats([])
    expect(summaryText).toMatch(/Agent reads: +5\n/)
    expect(summaryText).toMatch(/Access by command:\n {2}COMMAND +AGENT +AUTHOR\n {2}show +3 +2\n/)

    const html = await stats(["--format", "html"])
    expect(html).toContain('data-key="agent_accesses"><span class="num">5</span>')
  })

  it("stats logs itself, yet a second call reports the same period (summary with --include-author, commands)", async () => {
    for (const args of [["--group-by", "commands"], ["--include-author"]]) {
      const first = JSON.parse(await stats([...args, "--format", "json"], true))
      const second = JSON.parse(await stats([...args, "--format", "json"], true))
      expect(second.period).toEqual(first.period)
      expect(second.period.end).toBe(t(8))
    }
    // the rows are logged all the same
    const commands = JSON.parse(await stats(["--group-by", "commands", "--format", "json"]))
    expect(commands.data.stats).toBe(5)
  })
})
