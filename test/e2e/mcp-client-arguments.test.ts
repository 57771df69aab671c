/**
 * A client's own tool argument is not the tool's (docs/mcp.md, "Tools:
 * parameters and results"). Gemini CLI 0.61.0 adds `wait_for_previous` (a
 * boolean its scheduler reads) to the input schema of every tool it offers
 * its model, MCP tools included, tells the model to set it on a call that
 * depends on an earlier one, and sends the model's arguments on to the MCP
 * server as they are (run against `skc mcp` with a scripted stand-in for the
 * Gemini API: `skc_outline {"skill":"demo","wait_for_previous":true}` reached
 * the server). Decoded strictly, every such call was E100
 * (`wait_for_previous: is unexpected`). skc leaves that argument out of a
 * call to a tool that does not declare it, the `skc_*` tools and the tool
 * skills' tools alike; any other unknown argument is still E100.
 */
import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"

describe("Gemini CLI's wait_for_previous argument (Gemini CLI 0.61.0 as an MCP client)", () => {
  const s = sandbox()
  const skill = join(s.work, ".skillc", "skills", "demo")
  mkdirSync(skill, { recursive: true })
  writeFileSync(join(skill, "SKILL.md"), "---\nname: demo\ndescription: Use when deploying the demo.\n---\n\n# Demo\n\n## Deploy\n\nRun make deploy.\n\n## Rollback\n\nRun make rollback.\n")
  const store = join(s.home, ".skillc", "skills")
  mkdirSync(store, { recursive: true })
  cpSync(join(ROOT, "test", "fixtures", "tool-skills", "summarize"), join(store, "summarize"), { recursive: true })
  spawnSync("git", ["init", "-q", s.work])
  let mcp: McpSession
  beforeAll(async () => {
    expect((await s.runAsync(["build", "demo"], s.work)).code).toBe(0)
    expect((await s.runAsync(["approve", "summarize"])).code).toBe(0)
    mcp = await connectMcp({ cwd: s.work, home: s.home, flags: ["--tools"] })
  })
  afterAll(async () => {
    await mcp?.close()
  })

  it("an skc_* tool answers a call carrying wait_for_previous as it answers the call without it", async () => {
    for (const [name, args] of [
      ["skc_outline", { skill: "demo" }],
      ["skc_show", { skill: "demo", section: "Rollback" }],
      ["skc_list", {}]
    ] as const) {
      const plain = await mcp.call(name, args)
      expect(plain.isError, textOf(plain)).toBeFalsy()
      for (const wait of [true, false]) {
        const r = await mcp.call(name, { ...args, wait_for_previous: wait })
        expect(r.isError, `${name}: ${textOf(r)}`).toBeFalsy()
        expect(textOf(r)).toBe(textOf(plain))
        expect(r.structuredContent).toEqual(plain.structuredContent)
      }
    }
  })

  it("any other argument a tool does not declare is still E100, naming it", async () => {
    const r = await mcp.call("skc_outline", { skill: "demo", wait_for_previous: true, levle: 2 })
    expect(r.isError).toBe(true)
    expect(textOf(r)).toMatch(/^error\[E100\]: invalid option: 'levle: is unexpected/)
  })

  it("a tool skill's tool runs with wait_for_previous as without it", async () => {
    const r = await mcp.call("summarize__summarize_url", { url: "https://example.com/a", wait_for_previous: true })
    expect(r.isError, textOf(r)).toBe(false)
    expect((r.structuredContent as { parsed: unknown }).parsed).toEqual({ url: "https://example.com/a", summary: "stand-in summary", args: 1 })
  })
})
