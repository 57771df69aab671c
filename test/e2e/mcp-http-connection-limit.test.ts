// `skc mcp --http`: connections one client address may hold (src/mcp/http.ts MAX_CONNECTIONS_PER_ADDRESS).
// A probe opened 1,030 idle TCP connections from one address, which needs no token: every other client got
// a reset and the operator no line. Now one address holds at most 256; a request on a connection past that
// is answered 503 (the connection then closed), another address is served, the operator is told, and a
// connection that sends no request is closed. Raw sockets (node:net), so nothing retries. No timing is
// asserted: each exchange is read to its end.
import { connect, type Socket } from "node:net"
import { request } from "node:http"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { startHttpServer } from "../helpers/httpServer.js"

const PER_ADDRESS = 256

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "limit-test", version: "1" } }
})

/** POST initialize from `localAddress`; the status and body. */
const post = (base: string, localAddress: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${base}/mcp`,
      {
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "content-length": Buffer.byteLength(initialize) }
      },
      (res) => {
        let body = ""
        res.setEncoding("utf8").on("data", (d: string) => (body += d))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }))
      }
    )
    req.on("error", reject)
    req.end(initialize)
  })

const open = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const s = connect({ port, host: "127.0.0.1" })
    s.once("connect", () => resolve(s))
    s.once("error", reject)
  })

describe("skc mcp --http: connections per client address", () => {
  it("past 256 idle connections from one address its request is 503 with a reason; another address is served; idle connections are closed", async () => {
    const s = sandbox()
    const server = await startHttpServer({ cwd: s.work, home: s.home, flags: ["--project", s.work, "--stateless"] })
    const port = Number(new URL(server.base).port)
    const idle: Array<Socket> = []
    try {
      for (let i = 0; i < PER_ADDRESS; i++) idle.push(await open(port))
      const closed = new Promise<void>((resolve) => idle[0]!.once("close", () => resolve()))
      const refused = await post(server.base, "127.0.0.1")
      expect(refused.status).toBe(503)
      expect(JSON.parse(refused.body)).toMatchObject({ error: { message: expect.stringContaining("this address holds 256 connections to the server") } })
      // Another loopback address is another client: served.
      const other = await post(server.base, "127.0.0.2")
      expect(other.status).toBe(200)
      expect(other.body).toContain('"serverInfo"')
      expect(server.stderr()).toContain("refused a request from 127.0.0.1: it holds 256 connections, the most one address may")
      // A connection that never sends a request is closed by the server (after FIRST_REQUEST_MS).
      await closed
    } finally {
      for (const socket of idle) socket.destroy()
      await server.stop()
    }
  }, 120_000)

  it("a first request whose headers are still arriving after FIRST_REQUEST_MS is answered 408 with its reason, not dropped unanswered", async () => {
    // A probe sent `POST /mcp` and then a header byte every 2 s: the connection was closed at 10 s with no
    // status line, where docs/team.md promised a request that is too slow a 408.
    const s = sandbox()
    const server = await startHttpServer({ cwd: s.work, home: s.home, flags: ["--project", s.work, "--stateless"] })
    const socket = await open(Number(new URL(server.base).port))
    try {
      let answer = ""
      socket.setEncoding("utf8").on("data", (d: string) => (answer += d))
      const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()))
      socket.write(`POST /mcp HTTP/1.1\r\nHost: ${new URL(server.base).host}\r\nX-Slow: `)
      await ended
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
      expect(answer.toLowerCase()).toContain("connection: close")
      expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ error: { message: expect.stringContaining("headers did not arrive within 10 s") } })
    } finally {
      socket.destroy()
      await server.stop()
    }
  }, 120_000)
})
