// RFC-0007:C-LOGGING for the Skills extension (DECISIONS #17): a host of the extension loads a skill by
// `resources/read` of its SKILL.md and reads its other files the same way. Each read of a served skill's
// file is an agent's read, logged as an `open` of the file in that skill's own log (a global skill a
// project skill of its name shadows keeps its rows); a URI that names no served skill touches no log.
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
import { connectMcp } from "../helpers/mcpClient.js"

const put = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

describe("RFC-0007:C-LOGGING over the Skills extension's resources/read", () => {
  it("RFC-0007:C-LOGGING each resources/read of a served skill's file is one `open` row in that skill's log, a failed one with its error", async () => {
    const sb = sandbox()
    const demo = join(sb.work, ".skillc", "skills", "demo")
    put(join(demo, "SKILL.md"), "---\nname: demo\ndescription: Use when testing.\n---\n# Demo\n\nSee [guide](references/guide.md).\n")
    put(join(demo, "references", "guide.md"), "# Guide\n")
    // The same name in the project and global stores: each served at its own URI, each read logged in its own skill.
    put(join(sb.work, ".skillc", "skills", "shared", "SKILL.md"), "---\nname: shared\ndescription: Project copy.\n---\n# P\n")
    const globalShared = join(sb.home, ".skillc", "skills", "shared")
    put(join(globalShared, "SKILL.md"), "---\nname: shared\ndescription: Global copy.\n---\n# G\n")
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      await mcp.client.readResource({ uri: "skill://project/demo/SKILL.md" })
      await mcp.client.readResource({ uri: "skill://project/demo/references/guide.md" })
      await mcp.client.readResource({ uri: "skill://project/demo/references/missing.md" }).catch(() => undefined)
      await mcp.client.readResource({ uri: "skill://project/nope/SKILL.md" }).catch(() => undefined)
      await mcp.client.readResource({ uri: "skill://global/shared/SKILL.md" })
    } finally {
      await mcp.close()
    }
    const rows = readLog(join(sb.work, ".skillc", "runtime", "demo", ".skillc-meta", "logs.db"))
    expect(rows.map((r) => [r.command, JSON.parse(String(r.args)).path, r.error === null])).toEqual([
      ["open", "SKILL.md", true],
      ["open", "references/guide.md", true],
      ["open", "references/missing.md", false]
    ])
    expect(JSON.parse(String(rows[0]!.args))).toMatchObject({ method: "resources/read", via: "mcp" })
    // Logged as skc_open logs a file the skill lacks (E021), so `stats` counts it among the missing lookups.
    expect(rows[2]!.error).toBe("error[E021]: file not found: 'references/missing.md'")
    const stats = await sb.runAsync(["stats", "demo", "--format", "json"])
    expect(stats.code, stats.stderr).toBe(0)
    expect((JSON.parse(stats.stdout) as { data: { unanswered: number } }).data.unanswered).toBe(1)
    expect(rows[0]!.skill_path).toBe(demo)
    // The global skill's read is in the global skill's log, not the project one's of its name.
    const globalRows = readLog(join(sb.home, ".skillc", "runtime", "shared", ".skillc-meta", "logs.db"))
    expect(globalRows.map((r) => [r.command, r.skill_path])).toEqual([["open", globalShared]])
    expect(existsSync(join(sb.work, ".skillc", "runtime", "shared", ".skillc-meta", "logs.db"))).toBe(false)
    // No skill named `nope`: nothing written for it.
    expect(existsSync(join(sb.work, ".skillc", "runtime", "nope"))).toBe(false)
  })
})
