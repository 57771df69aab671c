// docs/team.md "Adding, rotating or revoking a token": the tokens are read when
// `skc mcp --http` starts and, from `--tokens <file>`, again on SIGHUP. Editing
// the file alone changes nothing; after a restart a removed token is refused
// (401), and with `--stateless` an agent connected before the restart carries on
// with its next request. SIGHUP applies the file without a restart: a removed
// token is refused and its sessions closed, an added one served, the others'
// sessions carry on; a bad file keeps the tokens in use. Without a token file,
// SIGHUP ends the server (129) as it ends every command.
import { mkdirSync, writeFileSync } from "node:fs"
import { DatabaseSync } from "node:sqlite"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer, type HttpServer } from "../helpers/httpServer.js"

const ALICE = "alice-token-0123456789abcdef"
const BOB = "bob-token-0123456789abcdef00"
const CAROL = "carol-token-0123456789abcdef"

/** Until `what` holds (each check a tick apart; the test's own timeout bounds it); a server that exited fails it at once. */
const until = async (server: HttpServer, what: () => boolean): Promise<void> => {
  while (!what()) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.stderr()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

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

  it("SIGHUP reads the token file again: removed is 401 and its session closed, added is served, a bad file keeps them", async () => {
    writeFileSync(tokens, `alice:${ALICE}\nbob:${BOB}\n`)
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--tokens", tokens, "--rate", "0"] })
    servers.push(server)
    const alice = await connectHttp(`${server.base}/mcp`, ALICE, "alice-agent")
    const bob = await connectHttp(`${server.base}/mcp`, BOB, "bob-agent")
    const show = async (client: typeof alice) =>
      ((await client.callTool({ name: "skc_show", arguments: { skill: "deploy", section: "Steps" } })) as ToolText).content[0]?.text
    expect(await show(alice)).toContain("Step one.")
    expect(await show(bob)).toContain("Step one.")

    writeFileSync(tokens, `alice:${ALICE}\ncarol:${CAROL}\n`)
    server.child.kill("SIGHUP")
    await until(server, () => server.stderr().includes("SIGHUP: 2 token(s) reloaded; 1 session of removed tokens closed"))
    expect(server.child.exitCode).toBeNull()
    // alice's session (opened before the reload) carries on; bob is refused; carol is served.
    expect(await show(alice)).toContain("Step one.")
    await expect(show(bob)).rejects.toThrow(/Unauthorized: the bearer token is not valid/)
    const carol = await connectHttp(`${server.base}/mcp`, CAROL, "carol-agent")
    expect(await show(carol)).toContain("Step one.")

    // A bad line: nothing changes, and the operator is told which line (never the token).
    writeFileSync(tokens, `alice:${ALICE}\ndave:short\n`)
    server.child.kill("SIGHUP")
    await until(server, () => server.stderr().includes("SIGHUP: tokens not reloaded, the 2 in use are kept:"))
    expect(server.stderr()).toMatch(/line 2: the token of 'dave' is shorter than 16 characters/)
    expect(server.stderr()).not.toContain("short\n")
    // The order swapped (token:name): the token stands where the name goes and is not quoted either.
    writeFileSync(tokens, `alice:${ALICE}\n${CAROL}:carol\n`)
    server.child.kill("SIGHUP")
    await until(server, () => server.stderr().includes("line 2: the token is shorter than 16 characters"))
    expect(server.stderr()).not.toContain(CAROL)
    expect(await show(carol)).toContain("Step one.")
    expect(await show(alice)).toContain("Step one.")

    await alice.close()
    await carol.close()
    await bob.close().catch(() => undefined)
    expect(await server.stop("SIGTERM")).toBe(143)
  }, 120_000)

  it("a request in flight on a session whose token is removed is answered -32603 with why, not an empty stream", async () => {
    writeFileSync(tokens, `alice:${ALICE}\nbob:${BOB}\n`)
    // The skill's log exists (a read made it) before another process locks it.
    expect((await sb.runAsync(["show", "deploy", "--section", "Steps"])).code).toBe(0)
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--tokens", tokens, "--rate", "0"] })
    servers.push(server)
    const bob = await connectHttp(`${server.base}/mcp`, BOB, "bob-agent")
    // Another process writing to the skill's log: the read waits for it (up to 10 s, RFC-0007:C-LOGGING), in flight.
    const log = new DatabaseSync(join(sb.work, ".skillc", "runtime", "deploy", ".skillc-meta", "logs.db"))
    log.exec("BEGIN EXCLUSIVE")
    try {
      const answer = bob.callTool({ name: "skc_show", arguments: { skill: "deploy", section: "Steps" } }, undefined, { timeout: 120_000 }).then(
        (r) => ({ code: 0, message: JSON.stringify(r) }),
        (e: { code?: number; message?: string }) => ({ code: e.code, message: String(e.message) })
      )
      await new Promise((r) => setTimeout(r, 1_000))
      writeFileSync(tokens, `alice:${ALICE}\n`)
      server.child.kill("SIGHUP")
      await until(server, () => server.stderr().includes("SIGHUP: 1 token(s) reloaded; 1 session of removed tokens closed"))
      const a = await answer
      expect(a.code, a.message + server.stderr()).toBe(-32603)
      expect(a.message).toContain("skc mcp closed this session: its token was removed from the server's token file; the request was not finished")
    } finally {
      log.exec("ROLLBACK")
      log.close()
      await bob.close().catch(() => undefined)
    }
    expect(await server.stop("SIGTERM")).toBe(143)
  }, 120_000)

  it("without a token file SIGHUP ends the server (129), as it ends every command", async () => {
    const server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work], env: { SKILLC_MCP_TOKENS: `alice:${ALICE}` } })
    servers.push(server)
    expect(await server.stop("SIGHUP")).toBe(129)
    expect(server.stderr()).not.toContain("SIGHUP:")
  }, 120_000)
})
