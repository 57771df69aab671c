// docs/team.md "Adding, rotating or revoking a token": the tokens are read when
// `skc mcp --http` starts, so a token removed from the file keeps working until
// the server restarts, and is refused (401) after; with `--stateless`, an agent
// connected before the restart carries on with its next request.
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer, type HttpServer } from "../helpers/httpServer.js"

const ALICE = "alice-token-0123456789abcdef"
const BOB = "bob-token-0123456789abcdef00"

interface ToolText {
  content: Array<{ text?: string }>
}

describe("skc mcp --http: revoking a token (docs/team.md)", () => {
  const sb = sandbox()
  const tokens = join(sb.root, "tokens")
  const servers: Array<HttpServer> = []
  beforeAll(async () => {
    mkdirSync(join(sb.work, ".skillc", "skills", "deploy"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "deploy", "SKILL.md"), "---\nname: deploy\ndescription: Deploy notes. Use when deploying.\n---\n# deploy\n\n## Steps\n\nStep one.\n")
    expect((await sb.runAsync(["build", "deploy"])).code).toBe(0)
    writeFileSync(tokens, `alice:${ALICE}\nbob:${BOB}\n`)
  }, 120_000)
  afterAll(async () => {
    for (const s of servers) await s.stop()
  })

  it("a removed token works until the restart and is 401 after; a stateless agent carries on across it", async () => {
    const flags = ["--project", sb.work, "--stateless", "--tokens", tokens, "--rate", "0"]
    const first = await startHttpServer({ cwd: "/", home: sb.home, flags })
    servers.push(first)
    const port = new URL(first.base).port
    const alice = await connectHttp(`${first.base}/mcp`, ALICE, "alice-agent")
    const bob = await connectHttp(`${first.base}/mcp`, BOB, "bob-agent")
    const show = async (client: typeof alice) =>
      ((await client.callTool({ name: "skc_show", arguments: { skill: "deploy", section: "Steps" } })) as ToolText).content[0]?.text
    expect(await show(bob)).toContain("Step one.")

    writeFileSync(tokens, `alice:${ALICE}\n`)
    // Read at start only: the running server still serves bob.
    expect(await show(bob)).toContain("Step one.")

    await first.stop()
    // The same port, so that the clients connected before the restart reach the new server.
    const second = await startHttpServer({ cwd: "/", home: sb.home, flags, port: Number(port) })
    servers.push(second)
    expect(second.base).toBe(first.base)
    expect(second.stderr()).toContain("1 token(s)")
    expect(await show(alice)).toContain("Step one.")
    await expect(show(bob)).rejects.toThrow(/Unauthorized: the bearer token is not valid/)
    await alice.close()
    await bob.close().catch(() => undefined)
  }, 120_000)
})
