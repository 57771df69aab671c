/**
 * A tool's agent runtime, left out of an MCP call, is the client's own when skc knows the client by the
 * name its clientInfo gives (src/mcp/clientAgent.ts): an agent in Codex asking skc_discover which skills
 * it sees, or skc_budget whether its listing fits, was answered for Claude Code. An `agent` given wins; a
 * client skc does not know keeps the CLI's default, claude; skc_lint's `agent` (default: the build
 * targets) is not one of these.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectMcp } from "../helpers/mcpClient.js"

describe("the default agent runtime of an MCP call is the client's", () => {
  const sb = sandbox()
  mkdirSync(join(sb.work, ".git"), { recursive: true })
  mkdirSync(join(sb.work, ".agents", "skills", "shared"), { recursive: true })
  writeFileSync(join(sb.work, ".agents", "skills", "shared", "SKILL.md"), "---\nname: shared\ndescription: Shared skill. Use when sharing.\n---\n# Shared\n")

  const agentOf = (r: { structuredContent?: unknown }) => (r.structuredContent as { agent?: string }).agent

  it("Codex (codex-mcp-client): skc_discover and skc_budget answer for codex; an agent given wins", async () => {
    const mcp = await connectMcp({ cwd: sb.work, home: sb.home, clientName: "codex-mcp-client" })
    try {
      const discovered = await mcp.call("skc_discover", {})
      expect(discovered.isError, JSON.stringify(discovered.content)).toBeFalsy()
      expect(agentOf(discovered)).toBe("codex")
      expect(agentOf(await mcp.call("skc_budget", {}))).toBe("codex")
      expect(agentOf(await mcp.call("skc_discover", { agent: "claude" }))).toBe("claude")
    } finally {
      await mcp.close()
    }
  })

  it("Gemini CLI, OpenCode and GitHub Copilot CLI answer for their own runtimes; an unknown client for claude", async () => {
    for (const [clientName, agent] of [
      ["gemini-cli-mcp-client", "gemini"],
      ["opencode", "opencode"],
      // GitHub Copilot CLI 1.0.102 names itself `copilot-cli` (its clientInfo, over stdio and in 2026-07-28 `_meta`).
      ["copilot-cli", "copilot"],
      ["some-editor", "claude"]
    ] as const) {
      const mcp = await connectMcp({ cwd: sb.work, home: sb.home, clientName })
      try {
        expect(agentOf(await mcp.call("skc_discover", {})), clientName).toBe(agent)
      } finally {
        await mcp.close()
      }
    }
  })
})
