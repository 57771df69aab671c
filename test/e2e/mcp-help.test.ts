/**
 * Issue 48 item 4: roots as the fallback they now are. MCP revision
 * 2026-07-28 deprecates roots ("pass directories or files via tool
 * parameters, resource URIs, or server configuration"), so every snippet
 * that configures skc's server — `skc mcp --help` and the README's "Agents
 * and MCP" — names the project with `--project`, and the rule puts
 * `--project` and `SKILLC_PROJECT` before roots. (That roots are still
 * honoured for older clients: test/e2e/mcp-project.test.ts.)
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"

/** The lines of `text` that start skc's MCP server from a client's configuration. */
const serverArgs = (text: string) => text.split("\n").filter((l) => /"args": \[[^\]]*"mcp"/.test(l) || /^\s*args = \[.*"mcp"/.test(l))

describe("issue 48 item 4: --project first, roots the fallback", () => {
  it("issue 48 item 4: every configuration snippet of skc mcp --help names the project, and the rule names roots last, as deprecated", () => {
    const sb = sandbox()
    const r = sb.run(["mcp", "--help"], sb.work)
    expect(r.code, r.stderr).toBe(0)
    const lines = serverArgs(r.stdout)
    expect(lines.length).toBeGreaterThanOrEqual(3)
    for (const line of lines) expect(line, line).toContain('"--project"')
    const rule = r.stdout.slice(r.stdout.indexOf("The project served:"))
    expect(rule.indexOf("--project")).toBeLessThan(rule.indexOf("SKILLC_PROJECT"))
    expect(rule.indexOf("SKILLC_PROJECT")).toBeLessThan(rule.indexOf("roots"))
    expect(rule).toMatch(/deprecated by MCP 2026-07-28/)
  })

  it("issue 48 item 4: every configuration snippet of the README's Agents and MCP section names the project", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8")
    const start = readme.indexOf("## Agents and MCP")
    const section = readme.slice(start, readme.indexOf("\n## ", start + 1))
    const lines = serverArgs(section)
    expect(lines.length).toBeGreaterThanOrEqual(4)
    for (const line of lines) expect(line, line).toContain('"--project"')
    const rule = section.slice(section.indexOf("**Which project it serves**"))
    expect(rule.indexOf("SKILLC_PROJECT")).toBeLessThan(rule.indexOf("roots"))
  })
})

describe("skc mcp --help, read before the package is on the npm registry", () => {
  it("says how to run the server today (skc from a checkout or tarball) before the npx snippet that needs the registry", () => {
    const sb = sandbox()
    const out = sb.run(["mcp", "--help"], sb.work).stdout
    const today = out.indexOf("Until skillc is on the npm registry")
    const npx = out.indexOf('"command": "npx"')
    expect(today).toBeGreaterThan(-1)
    expect(npx).toBeGreaterThan(today)
    expect(out.slice(today, npx)).toContain('"command": "skc"')
  })
})

describe("skc mcp --help for Gemini CLI, OpenCode and GitHub Copilot CLI (docs/mcp.md, run as MCP clients of skc)", () => {
  it("gives each its own settings shape, naming the project, and says what gemini -p needs to offer the tools", () => {
    const sb = sandbox()
    const out = sb.run(["mcp", "--help"], sb.work).stdout
    const lines = out.split("\n")
    const after = (title: string) => lines[lines.findIndex((l) => l.startsWith(title)) + 1] ?? ""
    // Gemini CLI 0.61.0: `mcpServers` in .gemini/settings.json; headless it offers an untrusted server's tools only when allowed.
    expect(lines.find((l) => l.startsWith("Gemini CLI (.gemini/settings.json"))).toMatch(/"trust": true or --allowed-tools mcp_skillc_skc_list/)
    const gemini = JSON.parse(after("Gemini CLI (")) as { mcpServers: { skillc: { command: string; args: Array<string> } } }
    expect(gemini.mcpServers.skillc.args).toEqual(["-y", "skillc", "mcp", "--project", "/path/to/project"])
    // OpenCode 1.18.33: `mcp` in opencode.json, a local server's command line as one array.
    const opencode = JSON.parse(after("OpenCode (opencode.json)")) as { mcp: { skillc: { type: string; command: Array<string> } } }
    expect(opencode.mcp.skillc).toEqual({ type: "local", command: ["npx", "-y", "skillc", "mcp", "--project", "/path/to/project"] })
  })

  it("gives GitHub Copilot CLI its mcp-config.json shape and the copilot mcp add line that writes it", () => {
    const sb = sandbox()
    const lines = sb.run(["mcp", "--help"], sb.work).stdout.split("\n")
    const title = lines.findIndex((l) => l.startsWith("GitHub Copilot CLI (~/.copilot/mcp-config.json"))
    expect(title).toBeGreaterThan(-1)
    // Copilot CLI 1.0.102: `copilot mcp add <name> -- <command> [args...]` writes a `local` server into mcpServers.
    expect(lines[title]).toContain("copilot mcp add skillc -- npx -y skillc mcp --project /path/to/project")
    const copilot = JSON.parse(lines[title + 1] ?? "") as { mcpServers: { skillc: { type: string; command: string; args: Array<string> } } }
    expect(copilot.mcpServers.skillc).toEqual({ type: "local", command: "npx", args: ["-y", "skillc", "mcp", "--project", "/path/to/project"] })
  })
})
