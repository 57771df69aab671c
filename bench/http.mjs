// http (issue 49): a team skill server under load. Two `skc mcp --http
// --stateless --log-to` replicas behind a round-robin TCP proxy, one
// throwaway PostgreSQL; C concurrent clients (default 50, the SDK's own
// Streamable HTTP client, 5 tokens) each make N calls of `skc_show`
// (default 200). Reported: the p50 and p99 latency of a call against the
// p50 of MCP `ping` through the same proxy, replicas and clients (the
// transport's own cost: the floor), and whether every call's row reached
// PostgreSQL exactly once (lost/duplicated must be 0). Skipped, with the
// reason, without initdb/pg_ctl.
// SKC_BENCH_HTTP_CLIENTS and SKC_BENCH_HTTP_CALLS set C and N.
import { execFileSync, spawn, spawnSync } from "node:child_process"
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { connect, createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { BIN, benchEnv, percentile, report, sandbox, timeOnce } from "./lib.mjs"

const CLIENTS = Number(process.env.SKC_BENCH_HTTP_CLIENTS ?? 50)
const CALLS = Number(process.env.SKC_BENCH_HTTP_CALLS ?? 200)
const TOKENS = Array.from({ length: 5 }, (_, i) => [`user${i}`, `bench-token-${i}-0123456789abcdef`])

const which = (name) => {
  const r = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" })
  return r.status === 0 ? r.stdout.trim() : undefined
}
const listen = (server) =>
  new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)))
const freePort = async () => {
  const s = createServer()
  const port = await listen(s)
  await new Promise((r) => s.close(r))
  return port
}

/** `skc mcp --http --port 0 …`, resolved with its port once it prints the bound URL. */
const startReplica = (flags, env, cwd) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "mcp", "--http", "--port", "0", ...flags], { cwd, env, stdio: ["ignore", "ignore", "pipe"] })
    let err = ""
    child.stderr.setEncoding("utf8").on("data", (d) => {
      err += d
      const m = /serving http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(err)
      if (m) resolve({ child, port: Number(m[1]), stderr: () => err })
    })
    child.once("exit", (code) => reject(new Error(`replica exited ${code}: ${err}`)))
  })

export default async function httpBench() {
  const initdb = which("initdb")
  const pgCtl = which("pg_ctl")
  if (!initdb || !pgCtl) {
    console.log("http: skipped (initdb or pg_ctl not on PATH)")
    return []
  }
  const asRoot = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), "skc-bench-http-pg-"))
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()))
  const pgRun = (file, args) => execFileSync(asRoot ? "runuser" : file, asRoot ? ["-u", "postgres", "--", file, ...args] : args, { cwd: dir, stdio: "pipe" })
  const data = join(dir, "data")
  pgRun(initdb, ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"])
  const pgPort = await freePort()
  pgRun(pgCtl, ["-D", data, "-o", `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-l", join(dir, "log"), "-w", "start"])
  const url = `postgres://postgres@127.0.0.1:${pgPort}/postgres`
  const replicas = []
  const proxy = createServer((client) => {
    const upstream = connect(replicas[proxy.next++ % replicas.length].port, "127.0.0.1")
    client.pipe(upstream).pipe(client)
    client.on("error", () => upstream.destroy())
    upstream.on("error", () => client.destroy())
  })
  proxy.next = 0
  try {
    const sb = sandbox("skc-bench-http-")
    const env = benchEnv({ SKILLC_HOME: sb.home, HOME: sb.home })
    const skillDir = join(sb.work, ".skillc", "skills", "bench-skill")
    mkdirSync(skillDir, { recursive: true })
    writeFileSync(join(skillDir, "SKILL.md"), "---\nname: bench-skill\ndescription: A skill for the load test. Use when benchmarking.\n---\n# Bench\n\n## Install\n\nRun the installer.\n\n## Usage\n\nCall it.\n")
    timeOnce([process.execPath, BIN, "build", "bench-skill"], { cwd: sb.work, env })
    const tokens = join(sb.root, "tokens")
    writeFileSync(tokens, TOKENS.map(([n, t]) => `${n}:${t}`).join("\n") + "\n")
    const flags = ["--project", sb.work, "--stateless", "--tokens", tokens, "--log-to", url, "--rate", "0"]
    for (let i = 0; i < 2; i++) replicas.push(await startReplica(flags, env, "/"))
    const port = await listen(proxy)
    const endpoint = new URL(`http://127.0.0.1:${port}/mcp`)

    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const [, token] = TOKENS[i % TOKENS.length]
        const client = new Client({ name: "bench", version: "1.0.0" })
        await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }))
        return client
      })
    )
    const timed = async (f) => {
      const t0 = process.hrtime.bigint()
      await f()
      return Number(process.hrtime.bigint() - t0) / 1e6
    }
    // Floor: ping, the same number of round trips through the same path.
    const pings = (await Promise.all(clients.map(async (c) => { const xs = []; for (let k = 0; k < CALLS; k++) xs.push(await timed(() => c.ping())); return xs }))).flat()
    let failed = 0
    const t0 = process.hrtime.bigint()
    const calls = (
      await Promise.all(
        clients.map(async (c) => {
          const xs = []
          for (let k = 0; k < CALLS; k++) {
            xs.push(
              await timed(async () => {
                const r = await c.callTool({ name: "skc_show", arguments: { skill: "bench-skill", section: k % 2 ? "Usage" : "Install" } })
                if (r.isError) failed++
              })
            )
          }
          return xs
        })
      )
    ).flat()
    const wall = Number(process.hrtime.bigint() - t0) / 1e6
    await Promise.all(clients.map((c) => c.close()))
    // SIGTERM: each replica pushes what is left before it exits.
    await Promise.all(replicas.map((r) => new Promise((res) => { r.child.once("exit", res); r.child.kill("SIGTERM") })))
    const stats = spawnSync(process.execPath, [BIN, "stats", "bench-skill", "--from", url, "--group-by", "users", "--format", "json"], { cwd: sb.work, env, encoding: "utf8" })
    const byUser = JSON.parse(stats.stdout).data
    const stored = byUser.reduce((n, u) => n + u.count, 0)
    const expected = CLIENTS * CALLS
    const lost = Math.max(0, expected - stored)
    const duplicated = Math.max(0, stored - expected)
    const extra = `${CLIENTS} clients × ${CALLS} calls, 2 replicas, ${(expected / (wall / 1000)).toFixed(0)} calls/s; rows in PostgreSQL ${stored}/${expected}: lost ${lost}, duplicated ${duplicated}${failed ? `, ${failed} calls failed` : ""}`
    const out = [
      report("http.call p50", percentile(calls, 50), percentile(pings, 50), 4, extra),
      report("http.call p99", percentile(calls, 99), percentile(pings, 50), 20)
    ]
    if (lost > 0 || duplicated > 0 || failed > 0) console.log("http: ROWS LOST, DUPLICATED OR CALLS FAILED")
    rmSync(sb.root, { recursive: true, force: true })
    return out
  } finally {
    proxy.close()
    for (const r of replicas) r.child.kill("SIGKILL")
    try {
      pgRun(pgCtl, ["-D", data, "-m", "immediate", "-w", "stop"])
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true })
  }
}
