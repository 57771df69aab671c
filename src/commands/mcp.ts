/**
 * `skc mcp`: serve the MCP tools (the specs with `mcp` hints) over stdio
 * (RFC-0007:C-MCP-SERVER). Not a use case, so no handler: the CLI wires it
 * in src/cli/commands/mcp.ts. This is its description for help.
 */
import { flag } from "./spec.js"
import { mcpCommandSpecs } from "./index.js"

/**
 * The settings snippet for Claude Code / Cursor (RFC-0007:C-MCP-SERVER
 * "Configuration"). Issue 48 item 4: every snippet names the project
 * (`--project`): MCP roots, the fallback for clients that send them, are
 * deprecated by revision 2026-07-28 ("pass directories via tool
 * parameters, resource URIs, or server configuration").
 */
export const MCP_CONFIG_SNIPPET = `{
  "mcpServers": {
    "skillc": {
      "command": "npx",
      "args": ["-y", "skillc", "mcp", "--project", "/path/to/project"]
    }
  }
}`

/** The same server for clients with their own configuration shapes (DECISIONS #47). */
export const MCP_OTHER_CLIENTS: ReadonlyArray<string> = [
  "Claude Desktop (claude_desktop_config.json): the same (it starts servers in /).",
  "VS Code (.vscode/mcp.json):",
  '  { "servers": { "skillc": { "type": "stdio", "command": "npx", "args": ["-y", "skillc", "mcp", "--project", "/path/to/project"] } } }',
  "Codex (~/.codex/config.toml):",
  "  [mcp_servers.skillc]",
  '  command = "npx"',
  '  args = ["-y", "skillc", "mcp", "--project", "/path/to/project"]',
  "Gemini CLI (.gemini/settings.json; gemini -p offers the tools only with \"trust\": true or --allowed-tools mcp_skillc_skc_list,...):",
  '  { "mcpServers": { "skillc": { "command": "npx", "args": ["-y", "skillc", "mcp", "--project", "/path/to/project"] } } }',
  "OpenCode (opencode.json):",
  '  { "mcp": { "skillc": { "type": "local", "command": ["npx", "-y", "skillc", "mcp", "--project", "/path/to/project"] } } }',
  "GitHub Copilot CLI (~/.copilot/mcp-config.json, or: copilot mcp add skillc -- npx -y skillc mcp --project /path/to/project):",
  '  { "mcpServers": { "skillc": { "type": "local", "command": "npx", "args": ["-y", "skillc", "mcp", "--project", "/path/to/project"] } } }'
]

export const mcpHelp = {
  name: "mcp",
  summary: [
    "Serve skills to AI agents over the Model Context Protocol (stdio; Streamable HTTP with --http).",
    "",
    "Tools (each the command of the same name):",
    `  ${mcpCommandSpecs.map((s) => `skc_${s.name}`).join(" ")}`,
    "Every skill file is also a skill:// resource (MCP Skills extension io.modelcontextprotocol/skills)."
  ],
  examples: [
    "skc mcp                        # reads JSON-RPC on stdin, answers on stdout",
    "skc mcp --tools                # plus every approved tool skill tool (skc approve <skill>)",
    "skc mcp --watch                # and rebuild served skills as their sources change",
    "skc mcp --only list,outline,show,search,open,sources  # the reading tools only (a smaller tools/list)",
    "skc mcp --project ~/code/webapp  # serve that project whatever directory the client starts in",
    "skc mcp --http --project ~/code/webapp             # Streamable HTTP on http://127.0.0.1:8765/mcp",
    "skc mcp --http --host 0.0.0.0 --tokens tokens.txt --project /srv/skills  # a team server (docs/team.md)"
  ],
  args: {},
  flags: {
    tools: flag.boolean("tools", "Also expose each tool of the project and global tool skills as an MCP tool <skill>__<tool>."),
    watch: flag.boolean("watch", "Rebuild each served skill's runtime and index when its sources change (no E002 while authoring)."),
    only: flag.repeated(
      "only",
      "Serve only these tools (names with or without skc_, comma-separated or repeated): an agent that reads skills needs list,outline,show,search,open,sources, about a third of tools/list's bytes.",
      "tools"
    ),
    outputSchemas: flag.boolean(
      "output-schemas",
      "List each tool's outputSchema in tools/list, for clients that validate structured content (left out by default: tools/list is read on every connection and costs the agent's context)."
    ),
    project: flag.repeated(
      "project",
      "Serve the project in this directory (else SKILLC_PROJECT; without either, the MCP roots of a client that sends them, else the working directory): clients such as Claude Desktop start servers in / or the home directory. With --http it may be given several times: the first is served at /mcp, each at /mcp/<directory name>.",
      "dir"
    ),
    http: flag.boolean("http", "Serve MCP over Streamable HTTP instead of stdio (needs --project or SKILLC_PROJECT; see docs/team.md)."),
    host: flag.text("host", "With --http: the address to bind (default 127.0.0.1; any other needs --tokens or SKILLC_MCP_TOKENS).", { placeholder: "address" }),
    port: flag.integer("port", "With --http: the port (default 8765; 0 picks a free one, printed on stderr)."),
    tokens: flag.text("tokens", "With --http: a file of name:token lines; every request must present one as a bearer token (else SKILLC_MCP_TOKENS). SIGHUP reads the file again.", { placeholder: "file" }),
    stateless: flag.boolean("stateless", "With --http: no sessions, every request answered on its own (replicas behind a load balancer)."),
    allowHost: flag.repeated("allow-host", "With --http: a host name clients reach the server by (Host and Origin checks, DNS rebinding), besides localhost.", "name"),
    rate: flag.integer("rate", "With --http: requests a minute per token (or client address) before 429 (default 600; 0: no limit)."),
    trustProxy: flag.boolean(
      "trust-proxy",
      "With --http behind a reverse proxy: a client's address (rate of refused tokens, the operator's lines) is the last X-Forwarded-For entry. Only where clients cannot reach the port but through the proxy."
    ),
    logTo: flag.text("log-to", "With --http: push every access row to this team PostgreSQL database as it is written (postgres://user@host/db; password from PGPASSWORD or ~/.pgpass).", { placeholder: "url" })
  },
  notes: [
    // Today's working setup first: `npx -y skillc` cannot fetch a package not yet on the registry.
    'Until skillc is on the npm registry, `npx -y skillc` cannot fetch it: install skc from a checkout or a packed tarball (the README\'s Install) and use "command": "skc", "args": ["mcp", "--project", "/path/to/project"] in the settings below (it also starts faster).',
    "",
    "Paste into Claude Code (.mcp.json) or Cursor (.cursor/mcp.json) settings:",
    "",
    MCP_CONFIG_SNIPPET,
    "",
    ...MCP_OTHER_CLIENTS,
    "",
    "With the claude CLI: claude mcp add-json skillc '{\"command\":\"skc\",\"args\":[\"mcp\",\"--project\",\"/path/to/project\"]}' (the server object, without the mcpServers wrapper).",
    'The environment variable SKILLC_PROJECT=/path/to/project does the same as --project ("env" in the JSON configs above, "environment" in OpenCode\'s, env = { ... } in Codex\'s TOML).',
    "Over HTTP (one server for a team; deployment, tokens, TLS and every client's settings: docs/team.md):",
    "  skc mcp --http --project /path/to/project        # http://127.0.0.1:8765/mcp",
    "  claude mcp add --transport http skills http://127.0.0.1:8765/mcp   (add --header \"Authorization: Bearer <token>\" with --tokens)",
    "  Claude Code's telemetry: CLAUDE_CODE_ENABLE_TELEMETRY=1 OTEL_LOGS_EXPORTER=otlp OTEL_EXPORTER_OTLP_LOGS_ENDPOINT=http://127.0.0.1:8765/v1/logs",
    "",
    "The project served: --project, else SKILLC_PROJECT. Without either, the MCP roots of a client that",
    "sends them (deprecated by MCP 2026-07-28; honoured for older clients), else the working directory."
  ]
}
