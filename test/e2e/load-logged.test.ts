// `skc load` and `skc permissions` resolve a skill, so each call writes an access-log row in that skill's
// log (RFC-0007:C-LOGGING "All commands that resolve skills MUST log"; DECISIONS #17 "each MCP tool call that
// resolves one"). An agent that reads a skill with skc_load has read it: `skc stats` counts the row as an
// agent read (DECISIONS #45: by the caller's role), where before the skill looked never read.
// Real processes, a real deployment link, real SQLite logs.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
import { connectMcp } from "../helpers/mcpClient.js"

const write = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

describe("load and permissions are access-logged (RFC-0007:C-LOGGING, DECISIONS #17)", () => {
  const sb = sandbox()
  const AGENT = { SKC_ROLE: "agent" }
  // A skill of skc's project store, built and deployed as its stub (its log: the project runtime's).
  const guideLog = join(sb.work, ".skillc", "runtime", "guide", ".skillc-meta", "logs.db")
  // A published skill copied into .claude/skills, not built by skc (DECISIONS #38: its log is in the cache).
  const installed = join(sb.work, ".claude", "skills", "pub")
  const pubLog = () => {
    const cache = join(sb.home, ".skillc", "cache")
    const dir = readdirSync(cache).find((d) => d.startsWith("pub-"))
    expect(dir, `no cache directory for pub in ${readdirSync(cache).join(", ")}`).toBeDefined()
    return join(cache, dir!, ".skillc-meta", "logs.db")
  }
  const rowsOf = (file: string, command: string) => readLog(file).filter((r) => r["command"] === command)

  beforeAll(async () => {
    expect((await sb.runAsync(["init"])).code).toBe(0)
    write(join(sb.work, ".skillc", "skills", "guide", "SKILL.md"), "---\nname: guide\ndescription: House style guide. Use when writing docs.\n---\n# Guide\n\nRead [rules](references/rules.md).\n")
    write(join(sb.work, ".skillc", "skills", "guide", "references", "rules.md"), "# Rules\n\nShort sentences.\n")
    const built = await sb.runAsync(["build", "guide"])
    expect(built.code, built.stderr).toBe(0)
    write(join(installed, "SKILL.md"), "---\nname: pub\ndescription: Published helper. Use when publishing.\nallowed-tools: Read\n---\n# Pub\n\nSee [the steps](steps.md).\n")
    write(join(installed, "steps.md"), "# Steps\n\n1. Publish.\n")
  }, 120_000)

  it("CLI load of a skill read where it is: one row in its log, with what was loaded; stats counts an agent's read", async () => {
    const r = await sb.runAsync(["load", "pub", "--budget", "5000"], sb.work, AGENT)
    expect(r.code, r.stderr).toBe(0)
    const rows = rowsOf(pubLog(), "load")
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ skill: "pub", error: null })
    expect(JSON.parse(String(rows[0]!["args"]))).toEqual({ budget: 5000, depth: 1, parts: ["SKILL.md", "steps.md"], left_out: 0, role: "agent" })
    const stats = JSON.parse((await sb.runAsync(["stats", "pub", "--format", "json"])).stdout) as { data: { total_accesses: number } }
    expect(stats.data.total_accesses).toBe(1)
  })

  it("MCP skc_load of a skill skc built: its row goes to the skill's own runtime log, marked as MCP", async () => {
    const before = rowsOf(guideLog, "load").length
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      const r = await mcp.call("skc_load", { skill: "guide", budget: 4000 })
      expect(r.isError, JSON.stringify(r)).toBeFalsy()
    } finally {
      await mcp.close()
    }
    const rows = rowsOf(guideLog, "load")
    expect(rows).toHaveLength(before + 1)
    const args = JSON.parse(String(rows.at(-1)!["args"])) as Record<string, unknown>
    expect(args).toMatchObject({ budget: 4000, depth: 1, via: "mcp", role: "agent" })
    expect(args["parts"]).toContain("SKILL.md")
    expect(rows.at(-1)).toMatchObject({ skill: "guide", error: null })
  }, 60_000)

  it("permissions: a row too, author work (not an agent's read); an unknown skill resolves nothing and logs nothing", async () => {
    const r = await sb.runAsync(["permissions", "pub", "--check", "Read"], sb.work, AGENT)
    expect(r.code, r.stderr).toBe(0)
    const rows = rowsOf(pubLog(), "permissions")
    expect(rows).toHaveLength(1)
    expect(JSON.parse(String(rows[0]!["args"]))).toEqual({ check: ["Read"], role: "agent" })
    const stats = JSON.parse((await sb.runAsync(["stats", "pub", "--format", "json"])).stdout) as { data: { total_accesses: number } }
    expect(stats.data.total_accesses).toBe(1)
    const missing = await sb.runAsync(["load", "ghost"], sb.work, AGENT)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^error\[E001\]/)
  })
})
