// DECISIONS #46: a stub skc deployed whose source is not on this machine holds headings only. Found by an
// agent probe: with a project skill's source removed and its stub still linked from .claude/skills, the MCP
// server listed the stub as a skill (skills/list, prompts/list), served its prompt (telling the agent to read
// sections no tool could read) and its runtime's .skillc-meta files as the skill's resources.
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp } from "../helpers/mcpClient.js"

describe("a deployed stub whose source is gone is not served as a skill over MCP", () => {
  const sb = sandbox()
  beforeAll(async () => {
    expect((await sb.runAsync(["init"])).code).toBe(0)
    for (const name of ["notes", "kept"]) {
      const dir = join(sb.work, ".skillc", "skills", name)
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, "SKILL.md"), `---\nname: ${name}\ndescription: ${name} notes. Use when testing.\n---\n# ${name}\n\n## Overview\n\nText.\n`)
      expect((await sb.runAsync(["build", name])).code).toBe(0)
    }
    rmSync(join(sb.work, ".skillc", "skills", "notes"), { recursive: true })
  }, 60_000)

  it("resources, skills/list and prompts leave it out; a read of it says why; the other skill is served", async () => {
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      const uris = (await mcp.client.listResources()).resources.map((r) => r.uri)
      expect(uris.some((u) => u.includes("/notes/"))).toBe(false)
      expect(uris.some((u) => u.includes(".skillc-meta"))).toBe(false)
      expect(uris).toContain("skill://project/kept/SKILL.md")
      expect((await mcp.client.listPrompts()).prompts.map((p) => p.name)).not.toContain("notes")
      const read = await mcp.client.readResource({ uri: "skill://agent-project/notes/SKILL.md" }).then(() => "served", (e: Error) => e.message)
      expect(read).toContain("is not on this machine")
      expect(mcp.stderr()).toContain("not serving")
    } finally {
      await mcp.close()
    }
  }, 60_000)
})
