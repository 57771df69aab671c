// DECISIONS #45 (issue 25 item 2): who made a call. A CLI call from a
// terminal is the author's; through pipes (as agents run commands) an
// agent's; SKC_ROLE overrides; an MCP call is an agent's. Stats count agent
// reads only by default, so the author's own trial reads do not inflate them.
import { spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
import { connectMcp } from "../helpers/mcpClient.js"

const SKILL = "---\nname: notes\ndescription: Notes for tests. Use when testing roles.\n---\n# Notes\n\n## Usage\n\nRead me.\n"
const hasScript = spawnSync("python3", ["-c", "import pty"]).status === 0

describe("DECISIONS #45: agent or author", () => {
  const sb = sandbox()
  const log = join(sb.work, ".skillc", "runtime", "notes", ".skillc-meta", "logs.db")
  const env = (extra: Record<string, string> = {}) => ({ PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1", ...extra })
  const summary = async () => JSON.parse((await sb.runAsync(["stats", "notes", "--format", "json"])).stdout).data

  beforeAll(() => {
    mkdirSync(join(sb.work, ".skillc", "skills", "notes"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "notes", "SKILL.md"), SKILL)
    expect(sb.run(["build", "notes"]).code).toBe(0)
  })

  it("through pipes: an agent's read; SKC_ROLE=author: the author's", async () => {
    const before = await summary()
    expect((await sb.runAsync(["show", "notes", "--section", "Usage"])).code).toBe(0)
    expect((await spawnAsync(process.execPath, [BIN, "outline", "notes"], { cwd: sb.work, env: env({ SKC_ROLE: "author" }) })).code).toBe(0)
    const after = await summary()
    expect(after.agent_accesses).toBe(before.agent_accesses + 1)
    const rows = readLog(log)
    expect(JSON.parse(rows.find((r) => r.command === "show")!.args as string).role).toBe("agent")
    expect(JSON.parse(rows.filter((r) => r.command === "outline").at(-1)!.args as string).role).toBe("author")
    // --include-author counts it again.
    const all = JSON.parse((await sb.runAsync(["stats", "notes", "--include-author", "--format", "json"])).stdout).data
    expect(all.total_accesses).toBeGreaterThan(after.total_accesses)
  })

  it("an SKC_ROLE other than agent or author is a warning, and the call is judged as without it", async () => {
    const before = await summary()
    const r = await spawnAsync(process.execPath, [BIN, "outline", "notes"], { cwd: sb.work, env: env({ SKC_ROLE: "Author" }) })
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("warning: invalid SKC_ROLE value 'Author' (expected 'agent' or 'author'); ignored\n")
    // Through pipes, so an agent's read (the value given is not taken for "author").
    expect((await summary()).agent_accesses).toBe(before.agent_accesses + 1)
    expect(JSON.parse(readLog(log).filter((x) => x.command === "outline").at(-1)!.args as string).role).toBe("agent")
    // Set but empty: unset, no warning.
    expect((await spawnAsync(process.execPath, [BIN, "outline", "notes"], { cwd: sb.work, env: env({ SKC_ROLE: "" }) })).stderr).toBe("")
  })

  it.skipIf(!hasScript)("from a terminal (a pseudo-terminal): the author's, not an agent read", async () => {
    const before = await summary()
    const script = "import os, pty, sys\nos.environ.pop('SKC_ROLE', None)\npty.spawn(sys.argv[1:])"
    const r = await spawnAsync("python3", ["-c", script, process.execPath, BIN, "show", "notes", "--section", "Usage"], { cwd: sb.work, env: env() })
    expect(r.code).toBe(0)
    expect((await summary()).agent_accesses).toBe(before.agent_accesses)
    expect(JSON.parse(readLog(log).filter((x) => x.command === "show").at(-1)!.args as string).role).toBe("author")
    // SKC_ROLE=agent in a terminal: an agent's.
    const agentInTerminal = await spawnAsync("python3", ["-c", "import pty, sys\npty.spawn(sys.argv[1:])", process.execPath, BIN, "show", "notes", "--section", "Usage"], {
      cwd: sb.work,
      env: env({ SKC_ROLE: "agent" })
    })
    expect(agentInTerminal.code).toBe(0)
    expect((await summary()).agent_accesses).toBe(before.agent_accesses + 1)
  })

  it("an MCP call is an agent's", async () => {
    const before = await summary()
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, env: { SKC_ROLE: "author" } })
    try {
      const r = await mcp.call("skc_show", { skill: "notes", section: "Usage" })
      expect(r.isError ?? false).toBe(false)
    } finally {
      await mcp.close()
    }
    expect((await summary()).agent_accesses).toBe(before.agent_accesses + 1)
    const last = readLog(log).filter((x) => x.command === "show").at(-1)!
    expect(JSON.parse(last.args as string)).toMatchObject({ role: "agent", via: "mcp" })
  })
})
