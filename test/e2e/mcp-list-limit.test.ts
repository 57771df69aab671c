// docs/mcp.md "Payload budgets": `skc_list` without `limit` answers with MCP_LIST_LIMIT skills (src/commands/list.ts),
// its `total` and `filtered` saying how many there are; a probe with 300 skills got 80 KB in one answer.
// The CLI lists every skill unless --limit is given.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp } from "../helpers/mcpClient.js"

/** 120 skills `<prefix>-000` … `<prefix>-119` in `dir`. */
const skillsIn = (dir: string, prefix: string) => {
  for (let i = 0; i < 120; i++) {
    const name = `${prefix}-${String(i).padStart(3, "0")}`
    mkdirSync(join(dir, name), { recursive: true })
    writeFileSync(join(dir, name, "SKILL.md"), `---\nname: ${name}\ndescription: Skill ${i}. Use when testing.\n---\n# ${name}\n`)
  }
}

describe("skc_list over MCP has a bound", () => {
  it("100 skills without limit, every one with it; the CLI lists every one", async () => {
    const s = sandbox()
    skillsIn(join(s.work, ".skillc", "skills"), "skill")
    const mcp = await connectMcp({ cwd: s.work, home: s.home })
    try {
      const bounded = (await mcp.call("skc_list", {})).structuredContent as { skills: Array<unknown>; total: number; filtered: number }
      expect([bounded.skills.length, bounded.total, bounded.filtered]).toEqual([100, 120, 120])
      const whole = (await mcp.call("skc_list", { limit: 500 })).structuredContent as { skills: Array<unknown> }
      expect(whole.skills).toHaveLength(120)
    } finally {
      await mcp.close()
    }
    const cli = JSON.parse((await s.runAsync(["list", "--format", "json"])).stdout) as { skills: Array<unknown> }
    expect(cli.skills).toHaveLength(120)
  })

  it("skc_discover too: 100 of each list without limit, how many it left out in `omitted`; the CLI whole unless --limit", async () => {
    const s = sandbox()
    skillsIn(join(s.work, ".claude", "skills"), "found")
    const mcp = await connectMcp({ cwd: s.work, home: s.home })
    try {
      const bounded = (await mcp.call("skc_discover", {})).structuredContent as { skills: Array<unknown>; omitted?: { skills: number } }
      expect([bounded.skills.length, bounded.omitted?.skills]).toEqual([100, 20])
      const whole = (await mcp.call("skc_discover", { limit: 500 })).structuredContent as { skills: Array<unknown>; omitted?: unknown }
      expect([whole.skills.length, whole.omitted]).toEqual([120, undefined])
    } finally {
      await mcp.close()
    }
    const cli = JSON.parse((await s.runAsync(["discover", "--format", "json"])).stdout) as { skills: Array<unknown> }
    expect(cli.skills).toHaveLength(120)
    const cut = await s.runAsync(["discover", "--limit", "5"])
    expect(cut.stdout).toContain("(115 more skills not shown: raise the limit)")
  })

  it("skc_budget too: 100 skill rows without limit, `skills_not_shown` counting the rest, the counts and name lists whole; the CLI whole unless --limit", async () => {
    const s = sandbox()
    skillsIn(join(s.work, ".claude", "skills"), "costly")
    const mcp = await connectMcp({ cwd: s.work, home: s.home })
    try {
      type Doc = { skills: Array<{ name: string }>; skills_not_shown?: number; total_chars: number }
      const bounded = (await mcp.call("skc_budget", { context_tokens: 1000 })).structuredContent as Doc & { names_only: Array<string> }
      expect([bounded.skills.length, bounded.skills_not_shown]).toEqual([100, 20])
      // A 1,000-token window lists most skills by name only: the list names every one of them, rows shown or not.
      expect(bounded.names_only).toContain("costly-119")
      const whole = (await mcp.call("skc_budget", { limit: 500 })).structuredContent as Doc
      expect([whole.skills.length, whole.skills_not_shown, whole.total_chars]).toEqual([120, undefined, bounded.total_chars])
    } finally {
      await mcp.close()
    }
    const cli = JSON.parse((await s.runAsync(["budget", "--format", "json"])).stdout) as { skills: Array<unknown> }
    expect(cli.skills).toHaveLength(120)
    const cut = await s.runAsync(["budget", "--limit", "5"])
    expect(cut.stdout).toContain("120 skills listed to claude")
    expect(cut.stdout).toContain("… 115 more skill(s) not shown (limit 5; the counts above and the notes below cover every skill)")
  })
})
