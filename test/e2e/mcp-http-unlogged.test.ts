// docs/team.md "Keep the server's host name and user fixed": a team server
// whose user may not write the skills' logs (built by another user) served
// every read unrecorded, and said so only to the agent (W002, RFC-0007:C-LOGGING),
// never on the server's stderr: the operator saw reads missing from the team
// database with no line telling why. Now the operator is told too.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer, type HttpServer } from "../helpers/httpServer.js"

interface ToolText {
  content: Array<{ text?: string }>
}

describe("skc mcp --http: a read the server cannot log (docs/team.md)", () => {
  const sb = sandbox()
  let server: HttpServer | undefined
  beforeAll(async () => {
    mkdirSync(join(sb.work, ".skillc", "skills", "deploy"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "deploy", "SKILL.md"), "---\nname: deploy\ndescription: Deploy notes. Use when deploying.\n---\n# deploy\n\n## Steps\n\nStep one.\n")
    expect((await sb.runAsync(["build", "deploy"])).code).toBe(0)
    // Neither log can be written, whoever runs the test (permissions do not stop root): the runtime's
    // logs.db is a link into a directory that does not exist (a directory in its place is now moved aside
    // as damaged, and logged to anew), and the fallback's parent (<project>/.skillc/logs) is a file.
    const meta = join(sb.work, ".skillc", "runtime", "deploy", ".skillc-meta")
    for (const f of ["logs.db", "logs.db-wal", "logs.db-shm"]) rmSync(join(meta, f), { force: true, recursive: true })
    symlinkSync(join(sb.work, "no-such-dir", "logs.db"), join(meta, "logs.db"))
    rmSync(join(sb.work, ".skillc", "logs"), { force: true, recursive: true })
    writeFileSync(join(sb.work, ".skillc", "logs"), "not a directory\n")
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
  })

  it("the agent gets W002 and the operator a stderr line naming the skill", async () => {
    server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--stateless", "--rate", "0"] })
    const client = await connectHttp(`${server.base}/mcp`, undefined, "agent")
    const r = (await client.callTool({ name: "skc_show", arguments: { skill: "deploy", section: "Steps" } })) as ToolText
    expect(r.content[0]?.text).toContain("Step one.")
    expect(r.content.map((c) => c.text).join("\n")).toContain("warning[W002]")
    await client.close()
    // The line is written before the answer; its bytes may reach this process after it.
    for (let i = 0; i < 50 && !server.stderr().includes("was not logged"); i++) await new Promise((r) => setTimeout(r, 200))
    expect(server.stderr()).toContain(`skc mcp: skc_show: a read of skill 'deploy' (project ${sb.work}) was not logged (W002`)
  }, 120_000)
})
