// A team server lists resources for every agent's every session: a skill it
// leaves out of the listing (a description over the Agent Skills format's
// 1,024 characters, as the published `claude-api` skill has) was written to
// its stderr once per listing, a line per request in the operator's log. It
// is said on the operator's once-a-minute channel now, as the other lines no
// client can mend (docs/team.md).
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer } from "../helpers/httpServer.js"
import { connectMcp } from "../helpers/mcpClient.js"

const skill = (root: string, name: string, description: string) => {
  const dir = join(root, ".skillc", "skills", name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\n## Usage\n\nText.\n`)
}

describe("skc mcp --http: a skill left out of the resources", () => {
  for (const mode of ["sessions", "stateless"] as const) {
    it(`${mode}: is said on stderr once, not at every listing`, async () => {
      const sb = sandbox()
      expect((await sb.runAsync(["init"])).code).toBe(0)
      skill(sb.work, "notes", "Notes for the team.")
      skill(sb.work, "wordy", "x".repeat(1100))
      expect((await sb.runAsync(["build", "--all"])).code).toBe(0)
      const server = await startHttpServer({ cwd: sb.work, home: sb.home, flags: ["--project", sb.work, ...(mode === "stateless" ? ["--stateless"] : [])] })
      try {
        for (let i = 0; i < 3; i++) {
          const client = await connectHttp(`${server.base}/mcp`)
          try {
            const { resources } = await client.listResources()
            expect(resources.map((r) => r.uri)).toContain("skill://project/notes/SKILL.md")
            expect(resources.map((r) => r.uri)).not.toContain("skill://project/wordy/SKILL.md")
          } finally {
            await client.close()
          }
        }
        // Written before the first listing was answered; a moment for the pipe, without a timing assertion.
        for (let i = 0; i < 250 && !server.stderr().includes("over MCP resources"); i++) await new Promise((r) => setTimeout(r, 20))
        const lines = server.stderr().split("\n").filter((l) => l.includes("over MCP resources"))
        expect(lines).toHaveLength(1)
        expect(lines[0]).toMatch(/^skc mcp: warning: not serving '.*wordy' over MCP resources: description is 1100 characters; the Agent Skills format allows 1,024$/)
      } finally {
        await server.stop()
      }
    })
  }
})

describe("skc mcp (stdio): a skill left out of the resources", () => {
  it("is said on stderr once, not for every listing and page (a stdio client keeps the server's stderr in its log)", async () => {
    const sb = sandbox()
    expect((await sb.runAsync(["init"])).code).toBe(0)
    skill(sb.work, "notes", "Notes for the team.")
    skill(sb.work, "wordy", "x".repeat(1100))
    expect((await sb.runAsync(["build", "--all"])).code).toBe(0)
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home })
    try {
      for (let i = 0; i < 3; i++) {
        const { resources } = await mcp.client.listResources()
        expect(resources.map((r) => r.uri)).toContain("skill://project/notes/SKILL.md")
        expect(resources.map((r) => r.uri)).not.toContain("skill://project/wordy/SKILL.md")
        await mcp.extension("skills/list")
      }
      // Written before the first listing was answered; a moment for the pipe, without a timing assertion.
      for (let i = 0; i < 250 && !mcp.stderr().includes("over MCP resources"); i++) await new Promise((r) => setTimeout(r, 20))
      const lines = mcp.stderr().split("\n").filter((l) => l.includes("over MCP resources"))
      expect(lines).toEqual([expect.stringMatching(/^warning: not serving '.*wordy' over MCP resources: description is 1100 characters; the Agent Skills format allows 1,024$/)])
    } finally {
      await mcp.close()
    }
  })
})
