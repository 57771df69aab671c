import { spawnSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import * as Path from "effect/Path"
import { describe, expect, it } from "vitest"
import { makeNodeEnv } from "../../src/adapters/node/NodeEnv.js"
import { nodeFileSystem } from "../../src/adapters/node/NodeFileSystem.js"
import { NodeHasherLive } from "../../src/adapters/node/NodeHasher.js"
import { NodeProcessRunnerLive } from "../../src/adapters/node/NodeProcessRunner.js"
import { approve } from "../../src/app/tools/approve.js"
import { MCP_TOOL_DESCRIPTION_MAX } from "../../src/app/tools/mcpTools.js"
import { callMcpTool, mcpToolDescriptors } from "../../src/app/tools/mcpTools.js"
import { SettingsLive } from "../../src/app/shared/Settings.js"
import { collectingDiagnostics, Diagnostics } from "../../src/ports/Diagnostics.js"
import { Env } from "../../src/ports/Env.js"
import { FileSystem } from "../../src/ports/FileSystem.js"
import { ROOT, tempDir } from "../helpers/cli.js"
import { AccessLogLive } from "../../src/adapters/sqlite/AccessLogLazy.js"
import { readLog } from "../helpers/logs.js"

const root = tempDir("skc-mcp-tools-")
const home = join(root, "home")
const work = join(root, "work")
mkdirSync(join(home, ".skillc", "skills"), { recursive: true })
mkdirSync(work)
spawnSync("git", ["init", "-q", work])
for (const s of ["git", "summarize", "deploy"]) cpSync(join(ROOT, "test", "fixtures", "tool-skills", s), join(home, ".skillc", "skills", s), { recursive: true })

const base = Layer.mergeAll(
  Layer.succeed(FileSystem, nodeFileSystem),
  Layer.succeed(Env, makeNodeEnv({ cwd: work, env: { PATH: process.env.PATH, HOME: home, SKILLC_HOME: home, GITHUB_TOKEN: "secret" } })),
  Path.layer,
  NodeHasherLive,
  NodeProcessRunnerLive,
  Layer.succeed(Diagnostics, collectingDiagnostics().service)
)
const layer = Layer.merge(base, SettingsLive().pipe(Layer.provide(base)))
const run = <A, E>(e: Effect.Effect<A, E, any>) => Effect.runPromise(Effect.provide(e, layer) as Effect.Effect<A, E>)
/** `approve` takes the approval store's lock, which the access log's adapter holds (a lock held by the process). */
const runApprove = <A, E>(e: Effect.Effect<A, E, any>) => Effect.runPromise(Effect.provide(e, Layer.merge(layer, AccessLogLive)) as Effect.Effect<A, E>)

describe("issue 8 part 6: tool skills as MCP tools", () => {
  it("lists <skill>__<tool> with input schema and readOnlyHint; unapproved tools say how to approve and refuse", async () => {
    const tools = await run(mcpToolDescriptors)
    expect(tools.map((t) => t.name)).toEqual(["deploy__deploy_preview", "git__git_status", "git__git_log", "git__git_diff", "summarize__summarize_url"])
    const sum = tools.find((t) => t.name === "summarize__summarize_url")!
    expect(sum).toMatchObject({ runnable: false, annotations: { readOnlyHint: true, openWorldHint: true } })
    expect(sum.description).toContain("skc approve summarize")
    expect(sum.inputSchema.required).toEqual(["url"])
    const refused = await run(callMcpTool("summarize__summarize_url", { url: "x" }))
    expect(refused).toMatchObject({ isError: true })
    expect(refused.text).toContain("skc approve summarize")
  })

  it("approved tools run through the runner and envelope; always_ask refuses; bad arguments are tool errors", async () => {
    await runApprove(approve({ skill: "summarize" }))
    await runApprove(approve({ skill: "deploy" }))
    const ok = await run(callMcpTool("summarize__summarize_url", { url: "a; b" }))
    expect(ok.isError).toBe(false)
    expect(ok.structuredContent).toMatchObject({ success: true, exit_code: 0, parsed: { url: "a; b" } })
    const tools = await run(mcpToolDescriptors)
    expect(tools.find((t) => t.name === "summarize__summarize_url")!.runnable).toBe(true)
    expect(tools.find((t) => t.name === "deploy__deploy_preview")!.runnable).toBe(false)
    const dep = await run(callMcpTool("deploy__deploy_preview", {}))
    expect(dep.isError).toBe(true)
    expect(dep.text).toContain("always_ask")
    const missing = await run(callMcpTool("summarize__summarize_url", {}))
    expect(missing).toMatchObject({ isError: true, text: "error: summarize_url: missing required parameter 'url' (The URL to summarize)" })
    expect((await run(callMcpTool("nope", {}))).isError).toBe(true)
  })
})

// A tool-skill probe (sixty-third pass): a tool skill in an agent's directory (outside the stores) is rightly left
// out of tools/list, but a call said "approve it with: skc approve agentonly", which `skc approve` refuses.
describe("a call of a tool skill outside the source stores", () => {
  it("is refused saying why and what works, not naming an approval skc approve refuses", async () => {
    mkdirSync(join(work, ".claude", "skills"), { recursive: true })
    cpSync(join(ROOT, "test", "fixtures", "tool-skills", "summarize"), join(work, ".claude", "skills", "agentonly"), { recursive: true })
    const refused = await run(callMcpTool("agentonly__summarize_url", { url: "x" }))
    expect(refused.isError).toBe(true)
    expect(refused.text).toContain("skill 'agentonly' is outside the source stores")
    expect(refused.text).toContain("import it into a store (.skillc/skills/ or ~/.skillc/skills/)")
    expect(refused.text).not.toContain("approve it with")
    const approving = await runApprove(approve({ skill: "agentonly" })).then(() => "approved", (e: unknown) => String((e as { message?: string }).message ?? e))
    expect(approving).toContain("outside the source stores")
  })
})

describe("tool names that could name two tools", () => {
  it("a skill whose name breaks the naming rules (x__y) serves no MCP tool: x__y__z names skill x's tool y__z only", async () => {
    const { writeFileSync } = await import("node:fs")
    const tool = (name: string, words: string) => [`### ${name}`, "", words, "", "#### Command", "", "```sh", `echo ${words}`, "```", ""]
    for (const [skill, toolName, words] of [["x", "y__z", "I-AM-SKILL-x"], ["x__y", "z", "I-AM-SKILL-x__y"]] as const) {
      mkdirSync(join(home, ".skillc", "skills", skill), { recursive: true })
      writeFileSync(join(home, ".skillc", "skills", skill, "SKILL.md"), ["---", `name: ${skill}`, "description: A tool. Use when testing.", "version: 1.0.0", "---", "", ...tool(toolName, words)].join("\n"))
    }
    const names = (await run(mcpToolDescriptors)).map((t) => t.name)
    expect(names.filter((n) => n === "x__y__z")).toEqual(["x__y__z"])
    expect((await run(mcpToolDescriptors)).find((t) => t.name === "x__y__z")!.annotations.title).toBe("x: y__z")
  })
})

describe("RFC-0007:C-MCP-SERVER every tool invocation is logged (DECISIONS #17)", () => {
  const logged = Layer.merge(layer, AccessLogLive)
  const runLogged = <A, E>(e: Effect.Effect<A, E, any>) => Effect.runPromise(Effect.provide(e, logged) as Effect.Effect<A, E>)
  const rows = (skill: string) => {
    const db = join(home, ".skillc", "runtime", skill, ".skillc-meta", "logs.db")
    return existsSync(db) ? readLog(db).filter((r) => r.command === "run") : []
  }

  it("a <skill>__<tool> call writes a run row: the tool and its exit code, never the argument values; a refusal has no exit code", async () => {
    await runLogged(approve({ skill: "summarize" }))
    const before = rows("summarize").length
    const ok = await runLogged(callMcpTool("summarize__summarize_url", { url: "https://example.com/secret-token" }))
    expect(ok.isError).toBe(false)
    const after = rows("summarize")
    expect(after).toHaveLength(before + 1)
    const row = after[after.length - 1]!
    expect(JSON.parse(row.args as string)).toMatchObject({ tool: "summarize_url", exit_code: 0, via: "mcp" })
    expect(row.args).not.toContain("secret-token")
    const refused = await runLogged(callMcpTool("deploy__deploy_preview", {}))
    expect(refused.isError).toBe(true)
    const dep = rows("deploy")
    expect(JSON.parse(dep[dep.length - 1]!.args as string)).toMatchObject({ tool: "deploy_preview", exit_code: null, via: "mcp" })
  })

  it("two blocks of one tool name are one MCP tool; a tool whose command cannot be read is listed as not runnable", async () => {
    const { writeFileSync } = await import("node:fs")
    const block = (name: string, command: string, words: string) => [`### ${name}`, "", words, "", "#### Command", "", "```sh", command, "```", ""]
    mkdirSync(join(home, ".skillc", "skills", "dupes"), { recursive: true })
    writeFileSync(
      join(home, ".skillc", "skills", "dupes", "SKILL.md"),
      ["---", "name: dupes", "description: Tools. Use when testing.", "version: 1.0.0", "---", "", ...block("dup", "echo one", "One."), ...block("dup", "echo two", "Two."), ...block("shelly", "ls | grep x > out", "Shell.")].join("\n")
    )
    const tools = (await run(mcpToolDescriptors)).filter((t) => t.name.startsWith("dupes__"))
    expect(tools.map((t) => t.name)).toEqual(["dupes__dup", "dupes__shelly"])
    const shelly = tools.find((t) => t.name === "dupes__shelly")!
    expect(shelly.runnable).toBe(false)
    expect(shelly.description).toContain("not runnable")
  })

  it("a tool's description is bounded in tools/list, the note saying why it cannot run kept first (a 54,000-character one made tools/list 70 KB)", async () => {
    const { writeFileSync } = await import("node:fs")
    mkdirSync(join(home, ".skillc", "skills", "wordy"), { recursive: true })
    writeFileSync(
      join(home, ".skillc", "skills", "wordy", "SKILL.md"),
      ["---", "name: wordy", "description: Tools. Use when testing.", "version: 1.0.0", "---", "", "### big", "", "Long description. ".repeat(3000), "", "#### Command", "", "```sh", "echo hi", "```", ""].join("\n")
    )
    const big = (await run(mcpToolDescriptors)).find((t) => t.name === "wordy__big")!
    expect(big.description.startsWith("[not runnable until approved: run 'skc approve wordy']")).toBe(true)
    expect([...big.description].length).toBeLessThanOrEqual(MCP_TOOL_DESCRIPTION_MAX + 80)
    expect(big.description.endsWith("…")).toBe(true)
  })
})
