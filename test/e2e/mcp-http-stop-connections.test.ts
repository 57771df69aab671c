// `skc mcp --http` stopped (SIGTERM) while clients' requests are at the
// server, not yet read (docs/team.md "Stopping"). Node's `http.Server.close()`
// closes the listener and every connection with no request read yet at once:
// connections still in the kernel's accept queue (Node accepts one a turn) and
// connections whose next request sits in their buffer were reset, the request
// lost unanswered (a walk: 14 of 30 stateless `tools/call`s from the SDK's
// client failed with ECONNRESET). Now every request that reached the server
// is answered: served, or with the stopping answer and `connection: close`.
//
// Raw TCP connections (node:net), so nothing retries or hides a reset: kept-
// alive connections that made one request each, and new connections; the
// server held still (SIGSTOP) while every connection gets a request and the
// SIGTERM is sent, so what it has read when it stops is not left to timing.
// No timing is asserted: each connection's whole exchange is read to its end.
import { connect, type Socket } from "node:net"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { startHttpServer } from "../helpers/httpServer.js"

const CONNECTIONS = 16

const toolsCall = (host: string, id: number): string => {
  const body = JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "skc_list", arguments: {} } })
  return [
    "POST /mcp HTTP/1.1",
    `host: ${host}`,
    "content-type: application/json",
    "accept: application/json, text/event-stream",
    "mcp-protocol-version: 2025-06-18",
    `content-length: ${Buffer.byteLength(body)}`,
    "",
    body
  ].join("\r\n")
}

/** The complete HTTP answers in `text` (latin1: one character a byte), in order: chunked or with a length, as skc sends them. */
const answersIn = (text: string): Array<{ readonly head: string; readonly body: string }> => {
  const out: Array<{ head: string; body: string }> = []
  let at = 0
  for (;;) {
    const headEnd = text.indexOf("\r\n\r\n", at)
    if (headEnd < 0) return out
    const head = text.slice(at, headEnd).toLowerCase()
    const length = /\r\ncontent-length: *(\d+)/.exec(head)
    let end: number
    if (length !== null) end = headEnd + 4 + Number(length[1])
    else if (/\r\ntransfer-encoding: *chunked/.test(head)) {
      const last = text.indexOf("\r\n0\r\n\r\n", headEnd + 2)
      if (last < 0) return out
      end = last + 7
    } else end = headEnd + 4
    if (end > text.length) return out
    out.push({ head, body: text.slice(headEnd + 4, end) })
    at = end
  }
}

/** Everything the connection receives until it is closed, and how it ended (a reset is an error). */
const exchange = (socket: Socket) => {
  let text = ""
  socket.setEncoding("latin1").on("data", (d: string) => (text += d))
  const ended = new Promise<{ text: string; error?: string }>((resolve) => {
    socket.once("error", (e: NodeJS.ErrnoException) => resolve({ text, error: e.code ?? e.message }))
    socket.once("close", () => resolve({ text }))
  })
  /** Resolves once `count` whole answers have arrived. */
  const answers = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (answersIn(text).length >= count) resolve()
      }
      socket.on("data", check)
      void ended.then(() => reject(new Error(`closed before answer ${count}: ${text}`)))
      check()
    })
  return { ended, answers, text: () => text }
}

/** A raw connection to the server, once the kernel has completed it (it does so for a stopped process too). */
const open = async (base: string, sockets: Array<Socket>) => {
  const socket = connect({ host: new URL(base).hostname, port: Number(new URL(base).port) })
  sockets.push(socket)
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject))
  return { socket, ...exchange(socket) }
}

/** `text` written and handed to the kernel: on loopback, in the server's receive buffer. */
const send = (socket: Socket, text: string) => new Promise<void>((resolve, reject) => socket.write(text, (e) => (e ? reject(e) : resolve())))

describe("skc mcp --http stopping with requests not yet read (docs/team.md Stopping)", () => {
  it("answers every request that reached it before its connection closes: served or the stopping answer, none reset", async () => {
    const s = sandbox()
    expect((await s.runAsync(["init"])).code).toBe(0)
    const server = await startHttpServer({ cwd: "/", home: s.home, flags: ["--project", s.work, "--stateless"] })
    const host = new URL(server.base).host
    const sockets: Array<Socket> = []
    try {
      // Keep-alive connections, each with one request answered: idle connections of the server's.
      const kept = await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, i) => {
          const conn = await open(server.base, sockets)
          await send(conn.socket, toolsCall(host, i))
          await conn.answers(1)
          expect(conn.text(), server.stderr()).toMatch(/^HTTP\/1\.1 200 /)
          expect(conn.text().toLowerCase()).not.toContain("connection: close")
          return conn
        })
      )
      // The server held still (SIGSTOP) so that no timing decides what it has read when the stop begins: new
      // connections completed by its kernel and not yet accepted, a request in every connection's buffer, and
      // SIGTERM pending. Once it runs again it accepts the new connections and takes the signal before it reads
      // any of those requests (libuv reads a connection it accepts on a later turn): before, the stop closed
      // every connection with no request read, and the kernel reset them, requests unread.
      expect(server.child.kill("SIGSTOP")).toBe(true)
      const fresh = await Promise.all(Array.from({ length: CONNECTIONS }, () => open(server.base, sockets)))
      await Promise.all([...kept, ...fresh].map((c, i) => send(c.socket, toolsCall(host, 100 + i))))
      const stopped = server.stop("SIGTERM")
      expect(server.child.kill("SIGCONT")).toBe(true)
      const ends = await Promise.all([...kept, ...fresh].map((c) => c.ended))
      expect(await stopped, server.stderr()).toBe(143)
      ends.forEach((end, i) => {
        const answers = answersIn(end.text)
        const expected = i < CONNECTIONS ? 2 : 1
        // No reset, and the last request answered whole: served (200), or told to send it again (503, the stopping answer).
        expect({ error: end.error, answers: answers.length }, end.text + server.stderr()).toEqual({ error: undefined, answers: expected })
        const last = answers[expected - 1]!
        if (last.head.startsWith("http/1.1 503 ")) {
          expect(last.head).toContain("\r\nconnection: close")
          expect(JSON.parse(last.body)).toMatchObject({
            jsonrpc: "2.0",
            id: 100 + i,
            error: { code: -32603, message: "skc mcp is stopping: the request was not finished; send it again once the server is back" }
          })
        } else expect(last.head, end.text).toMatch(/^http\/1\.1 200 /)
      })
      expect(server.stderr()).toMatch(/skc mcp: stopped \(0 open sessions closed\)\n$/)
    } finally {
      for (const socket of sockets) socket.destroy()
      await server.stop("SIGKILL")
    }
  }, 120_000)
})
