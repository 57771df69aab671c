/**
 * `skc mcp --project <absolute path>` (DECISIONS #47) works in the project it is given: started from a working
 * directory removed under it (a client launched from a deleted checkout, a CI workspace cleaned), it refused to
 * start ("the current directory no longer exists"). Without --project it still says so: every path starts there.
 */
import { spawn } from "node:child_process"
import { cpSync, mkdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, ROOT, sandbox } from "../helpers/cli.js"

const converseFrom = (cwd: string, home: string, args: ReadonlyArray<string>, lines: ReadonlyArray<string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { PATH: process.env.PATH ?? "", HOME: home, SKILLC_HOME: home, NO_COLOR: "1" } })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()))
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()))
    child.on("close", (code) => done({ code, stdout, stderr }))
    child.stdin.end(lines.map((l) => l + "\n").join(""))
  })

describe("skc mcp --project from a working directory that is gone", () => {
  it("serves the project named; without --project it says the directory is gone", async () => {
    const sb = sandbox()
    cpSync(join(ROOT, "examples", "git-helper"), join(sb.work, ".skillc", "skills", "git-helper"), { recursive: true })
    expect(sb.run(["build", "git-helper"]).code).toBe(0)
    const gone = join(sb.root, "gone")
    mkdirSync(gone)
    // The child starts in `gone`, which is removed once it runs: spawn needs it to exist at the start.
    const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } })
    const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "skc_list", arguments: {} } })
    const started = converseFrom(gone, sb.home, ["mcp", "--project", sb.work], [])
    rmSync(gone, { recursive: true })
    await started
    mkdirSync(gone)
    const run = (args: ReadonlyArray<string>) => {
      const p = converseFrom(gone, sb.home, args, [init, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), list])
      rmSync(gone, { recursive: true, force: true })
      return p
    }
    const served = await run(["mcp", "--project", sb.work])
    expect(served.stderr).not.toContain("no longer exists")
    const answers = served.stdout.trim().split("\n").map((l) => JSON.parse(l) as { id?: number; result?: { content?: Array<{ text: string }> } })
    expect(answers.find((a) => a.id === 2)?.result?.content?.[0]?.text).toContain("git-helper")
    mkdirSync(gone)
    const refused = await run(["mcp"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("error: the current directory no longer exists")
  })
})
