/**
 * Issue 48 (done when): the official MCP Inspector's CLI (2.12, speaking the
 * 2025-11-25 handshake) against `skc mcp` over stdio: the tools, the
 * prompts of user-invocable skills (and `prompts/get` with an argument
 * substituted), the resources.
 *
 * The Inspector is not a dependency of the project: it carries a native
 * addon (`@napi-rs/keyring`), and none may be in the tree. The test installs
 * it into a temporary directory from the npm registry (without install
 * scripts) and skips, saying why, when the registry cannot be reached.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync, tempDir } from "../helpers/cli.js"
import { startHttpServer } from "../helpers/httpServer.js"

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0"

describe("issue 48: the official MCP Inspector CLI against skc mcp", () => {
  const dir = tempDir("skc-inspector-")
  let launcher: string | undefined
  let unavailable = ""
  beforeAll(async () => {
    const installed = await spawnAsync("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--prefix", dir, INSPECTOR], {
      cwd: dir,
      env: { ...process.env },
      timeoutMs: 280_000
    }).catch((e: Error) => ({ code: 1, stdout: "", stderr: e.message }))
    if (installed.code === 0) launcher = join(dir, "node_modules", "@modelcontextprotocol", "inspector", "clients", "launcher", "build", "index.js")
    else unavailable = `${INSPECTOR} could not be installed: ${installed.stderr.trim().split("\n").slice(-1)[0] ?? ""}`
  }, 300_000)

  const sb = sandbox()
  const skill = join(sb.work, ".skillc", "skills", "greet")
  mkdirSync(skill, { recursive: true })
  writeFileSync(join(skill, "SKILL.md"), '---\nname: greet\ndescription: Greet someone by name. Use when asked to greet.\nargument-hint: "[name]"\n---\n# Greet\n\nSay hello to $ARGUMENTS.\n')
  const hidden = join(sb.work, ".skillc", "skills", "background")
  mkdirSync(hidden, { recursive: true })
  writeFileSync(join(hidden, "SKILL.md"), "---\nname: background\ndescription: Conventions the model applies. Use when writing code.\nuser-invocable: false\n---\n# Background\n\nText.\n")

  const inspect = async (method: string, ...more: Array<string>) => {
    const r = await spawnAsync(process.execPath, [launcher!, "--cli", process.execPath, BIN, "mcp", "--project", sb.work, "--method", method, ...more], {
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
      timeoutMs: 60_000
    })
    expect(r.code, r.stderr).toBe(0)
    return JSON.parse(r.stdout) as Record<string, unknown>
  }

  it("tools/list, prompts/list, prompts/get with an argument, resources/list", { timeout: 240_000 }, async (ctx) => {
    if (launcher === undefined) return ctx.skip(unavailable)
    expect((await sb.runAsync(["build", "--all"])).code).toBe(0)
    const tools = (await inspect("tools/list")).tools as Array<{ name: string }>
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["skc_search", "skc_show", "skc_outline", "skc_list"]))
    const prompts = (await inspect("prompts/list")).prompts as Array<{ name: string; arguments?: Array<{ name: string; description?: string }> }>
    expect(prompts.map((p) => p.name)).toEqual(["greet"])
    expect(prompts[0]!.arguments).toEqual([expect.objectContaining({ name: "arguments", description: "[name]" })])
    const got = await inspect("prompts/get", "--prompt-name", "greet", "--prompt-args", "arguments=Ada")
    expect(JSON.stringify(got)).toContain("Say hello to Ada.")
    expect(JSON.stringify(got)).toContain("skill://project/greet/SKILL.md")
    const resources = (await inspect("resources/list")).resources as Array<{ uri: string }>
    expect(resources.map((r) => r.uri)).toContain("skill://project/greet/SKILL.md")
  })

  it("issue 49: the same over Streamable HTTP (skc mcp --http), every method the CLI drives", { timeout: 240_000 }, async (ctx) => {
    if (launcher === undefined) return ctx.skip(unavailable)
    expect((await sb.runAsync(["build", "--all"])).code).toBe(0)
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work] })
    const url = `${server.base.replace("127.0.0.1", "localhost")}/mcp`
    const over = async (method: string, ...more: Array<string>) => {
      const r = await spawnAsync(process.execPath, [launcher!, "--cli", url, "--transport", "http", "--method", method, ...more], {
        cwd: sb.work,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, NO_COLOR: "1" },
        timeoutMs: 60_000
      })
      expect(r.code, r.stderr).toBe(0)
      return JSON.parse(r.stdout) as Record<string, unknown>
    }
    try {
      const tools = (await over("tools/list")).tools as Array<{ name: string }>
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["skc_search", "skc_show", "skc_outline", "skc_list"]))
      const called = await over("tools/call", "--tool-name", "skc_show", "--tool-arg", "skill=greet", "--tool-arg", "section=Greet")
      expect(JSON.stringify(called)).toContain("Say hello to")
      expect(((await over("prompts/list")).prompts as Array<{ name: string }>).map((p) => p.name)).toEqual(["greet"])
      expect(JSON.stringify(await over("prompts/get", "--prompt-name", "greet", "--prompt-args", "arguments=Ada"))).toContain("Say hello to Ada.")
      expect(((await over("resources/list")).resources as Array<{ uri: string }>).map((r) => r.uri)).toContain("skill://project/greet/SKILL.md")
      expect(JSON.stringify(await over("resources/read", "--uri", "skill://project/greet/SKILL.md"))).toContain("Say hello to $ARGUMENTS.")
      // Over HTTP only the scopes a remote session serves (project, agent-project, plugin; docs/team.md).
      expect(((await over("resources/templates/list")).resourceTemplates as Array<unknown>).length).toBe(3)
    } finally {
      await server.stop()
    }
  })
})
