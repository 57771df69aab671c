// RFC-0007:C-LOGGING for MCP tool calls (DECISIONS #17, #31): each call that
// resolves a skill adds one row, under the plain command name.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
import { connectMcp } from "../helpers/mcpClient.js"

describe("RFC-0007:C-LOGGING over MCP", () => {
  it("RFC-0007:C-LOGGING MCP tool calls are logged like CLI calls, with plain command names (DECISIONS #31)", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc", "skills", "demo")
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), "---\nname: demo\ndescription: d\n---\n# Demo\n## Install\n")
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      await mcp.call("skc_outline", { skill: "demo", level: 2 })
      await mcp.call("skc_open", { skill: "demo", path: "missing.md" })
      await mcp.call("skc_outline", { skill: "no-such-skill" })
    } finally {
      await mcp.close()
    }
    const rows = readLog(join(sb.work, ".skillc", "runtime", "demo", ".skillc-meta", "logs.db"))
    expect(rows.map((r) => r.command)).toEqual(["outline", "open"])
    expect(JSON.parse(rows[0]!.args as string)).toMatchObject({ level: 2 })
    expect(rows[0]!.error).toBeNull()
    expect(rows[1]!.error).toMatch(/^error\[E021\]:\ file\ not\ found:\ 'missing\.md'(\n  .*)*$/)
    expect(rows[0]!.skill_path).toBe(src)
    // One server session, one run id.
    expect(rows[0]!.run_id).toBe(rows[1]!.run_id)
    expect(rows[0]!.run_id).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{4}$/)
  })
})
