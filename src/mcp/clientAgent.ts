/**
 * The agent runtime an MCP client is, by the name its `clientInfo` gives: the default of a tool's
 * `agent` argument when the call leaves it out. An agent in Codex that asks `skc_discover` which
 * skills it sees, or `skc_budget` whether its listing fits, was answered for Claude Code (the CLI's
 * default), whose directories and listing limits are not its own. A client not named here keeps the
 * CLI's default, claude.
 *
 * Names as the clients send them, each seen in a run of the client against `skc mcp`: Claude Code
 * 2.1.332 `claude-code`, Codex 0.171.0 `codex-mcp-client`, Gemini CLI 0.61.0 `gemini-cli-mcp-client`,
 * OpenCode 1.18.33 `opencode`, GitHub Copilot CLI 1.0.102 `copilot-cli` (docs/mcp.md).
 */
import type { ProfileName } from "../domain/agents/index.js"

const AGENT_OF_CLIENT: Readonly<Record<string, ProfileName>> = {
  "claude-code": "claude",
  "codex-mcp-client": "codex",
  "copilot-cli": "copilot",
  "gemini-cli-mcp-client": "gemini",
  opencode: "opencode"
}

export const agentOfClient = (clientName: string | undefined): ProfileName | undefined =>
  clientName === undefined || !Object.hasOwn(AGENT_OF_CLIENT, clientName) ? undefined : AGENT_OF_CLIENT[clientName]
