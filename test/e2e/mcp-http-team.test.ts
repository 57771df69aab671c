// Issue 49 "Done when": two `skc mcp --http --stateless --log-to` replicas
// behind one port-forwarding proxy serve a team's skills to authenticated
// clients; every read lands once in PostgreSQL with the reader's identity;
// Claude Code's activation events land beside them; `stats --from` shows
// the funnel. And with the database down, rows stay local and `skc sync --to`
// sends them (issue 49 item 3). PostgreSQL 15 started by the test.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { createServer, connect, type Server } from "node:net"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { connectHttp, startHttpServer, type HttpServer } from "../helpers/httpServer.js"
import { findPostgres, freePort, startPostgres, type RunningPostgres } from "../helpers/postgres.js"

const found = findPostgres()
const skipReason = typeof found === "string" ? found : undefined
if (skipReason !== undefined) console.warn(`[mcp-http-team] ${skipReason}`)

const FIXTURE = join(__dirname, "..", "fixtures", "otel", "claude-code-logs.json")
const ALICE = "alice-token-0123456789abcdef"
const BOB = "bob-token-0123456789abcdef00"

/** A TCP proxy handing each new connection to the next backend in turn (any load balancer's simplest form). */
const roundRobin = (ports: ReadonlyArray<number>): Promise<{ server: Server; port: number }> =>
  new Promise((resolve) => {
    let next = 0
    const server = createServer((client) => {
      const upstream = connect(ports[next++ % ports.length]!, "127.0.0.1")
      client.pipe(upstream).pipe(client)
      client.on("error", () => upstream.destroy())
      upstream.on("error", () => client.destroy())
    })
    server.listen(0, "127.0.0.1", () => {
      const a = server.address()
      resolve({ server, port: typeof a === "object" && a !== null ? a.port : 0 })
    })
  })

/** Poll until `check` holds (the push runs every 2 s); the last value either way. */
const eventually = async <A>(get: () => Promise<A>, check: (a: A) => boolean, tries = 60): Promise<A> => {
  let value = await get()
  for (let i = 0; i < tries && !check(value); i++) {
    await new Promise((r) => setTimeout(r, 1_000))
    value = await get()
  }
  return value
}

describe.skipIf(skipReason !== undefined)("a team skill server on PostgreSQL (issue 49)", () => {
  const sb = sandbox()
  let pg: RunningPostgres
  const replicas: Array<HttpServer> = []
  let proxy: { server: Server; port: number } | undefined
  beforeAll(async () => {
    pg = await startPostgres(found as Exclude<typeof found, string>)
    for (const name of ["frontend", "runbook"]) {
      mkdirSync(join(sb.work, ".skillc", "skills", name), { recursive: true })
      writeFileSync(join(sb.work, ".skillc", "skills", name, "SKILL.md"), `---\nname: ${name}\ndescription: ${name} notes. Use when ${name}.\n---\n# ${name}\n\n## Notes\n\nText of ${name}.\n`)
      expect((await sb.runAsync(["build", name])).code).toBe(0)
    }
    writeFileSync(join(sb.root, "tokens"), `alice:${ALICE}\nbob:${BOB}\n`)
  }, 120_000)
  afterAll(async () => {
    proxy?.server.close()
    for (const r of replicas) await r.stop()
    pg?.stop()
  })

  it("two replicas behind one proxy: every read once in PostgreSQL with its reader; activations beside them; the funnel from --from", async () => {
    const flags = ["--project", sb.work, "--stateless", "--tokens", join(sb.root, "tokens"), "--log-to", pg.url, "--rate", "0"]
    for (let i = 0; i < 2; i++) replicas.push(await startHttpServer({ cwd: "/", home: sb.home, flags }))
    proxy = await roundRobin(replicas.map((r) => Number(new URL(r.base).port)))
    const url = `http://127.0.0.1:${proxy.port}/mcp`
    // Each of the SDK's requests is a new connection through the proxy often enough to reach both replicas.
    const alice = await connectHttp(url, ALICE, "claude-code")
    const bob = await connectHttp(url, BOB, "cursor")
    const calls = 6
    for (let i = 0; i < calls; i++) {
      const a = (await alice.callTool({ name: "skc_show", arguments: { skill: "frontend", section: "Notes" } })) as { content: Array<{ text?: string }> }
      expect(a.content[0]?.text).toContain("Text of frontend.")
      await bob.callTool({ name: "skc_outline", arguments: { skill: "frontend" } })
    }
    await alice.close()
    await bob.close()
    // Claude Code's telemetry through the same proxy.
    const otel = await fetch(`http://127.0.0.1:${proxy.port}/v1/logs`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ALICE}` },
      body: readFileSync(FIXTURE)
    })
    expect(otel.status).toBe(200)

    const fromTeam = async (view: string) => {
      const r = await sb.runAsync(["stats", "frontend", "--from", pg.url, "--group-by", view, "--format", "json"])
      expect(r.stderr).toBe("")
      return JSON.parse(r.stdout) as { data: any }
    }
    const users = await eventually(
      () => fromTeam("users"),
      (d) => JSON.stringify(d.data) === JSON.stringify([{ user: "alice", count: calls }, { user: "bob", count: calls }])
    )
    expect(users.data).toEqual([
      { user: "alice", count: calls },
      { user: "bob", count: calls }
    ])
    // Stateless: a request carries no handshake, so the client is not known (a session's is: the next test, mcp-http.test.ts).
    expect((await fromTeam("clients")).data).toEqual([{ client: null, count: calls * 2 }])
    const funnel = await eventually(
      () => fromTeam("funnel"),
      (d) => d.data.activated === 2
    )
    expect(funnel.data).toEqual({
      activated: 2,
      sessions: 2,
      by_trigger: { "claude-proactive": 1, "user-slash": 1 },
      reads: calls * 2,
      sections_read: 1,
      signals: []
    })
    // Every row is there once: a full push of the same logs (as `skc sync --to` after an outage) adds none of the
    // served reads again (it adds only this test's own `stats` rows, written after the server's last push).
    const sync = await sb.runAsync(["sync", "--to", pg.url, "--format", "json"])
    expect(sync.code).toBe(0)
    expect((await fromTeam("users")).data).toEqual(users.data)
    expect((await fromTeam("funnel")).data).toMatchObject({ activated: 2, reads: calls * 2 })
  })

  it("the database unreachable: calls are served, rows stay local, stderr says so once, skc sync --to sends them", async () => {
    const closed = await freePort()
    const down = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--log-to", `postgres://postgres@127.0.0.1:${closed}/postgres`] })
    try {
      const c = await connectHttp(`${down.base}/mcp`, undefined, "offline-agent")
      const r = (await c.callTool({ name: "skc_show", arguments: { skill: "runbook", section: "Notes" } })) as { isError?: boolean }
      expect(r.isError ?? false).toBe(false)
      await c.close()
      await eventually(
        async () => down.stderr(),
        (s) => s.includes("--log-to: cannot push")
      )
      expect(down.stderr().match(/--log-to: cannot push/g)).toHaveLength(1)
    } finally {
      await down.stop()
    }
    const sync = await sb.runAsync(["sync", "--to", pg.url, "--format", "json"])
    expect(sync.code).toBe(0)
    expect(JSON.parse(sync.stdout).added).toBeGreaterThanOrEqual(1)
    const clients = await sb.runAsync(["stats", "runbook", "--from", pg.url, "--group-by", "clients", "--format", "json"])
    expect(JSON.parse(clients.stdout).data).toContainEqual({ client: "offline-agent/2.5.0", count: 1 })
  })
})
