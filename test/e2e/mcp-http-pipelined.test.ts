// A client that pipelines requests and never reads the answers (HTTP/1.1 allows many requests before the
// first answer is read) holds one answer of the server's memory per connection, not one per request: the
// server serves a connection's next request once the answer before it has gone to the socket. It served
// them all at once (Node parses every request a chunk holds), buffered every answer (a probe: 200
// connections of 20 requests for a 242 KB file, 1.48 GB) and logged each as read (RFC-0007:C-LOGGING: a row
// is an access; these reached no agent). docs/team.md, "Bounds".
import { mkdirSync, writeFileSync } from "node:fs"
import { connect } from "node:net"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { startHttpServer, type HttpServer } from "../helpers/httpServer.js"
import { readLog } from "../helpers/logs.js"

const VERSION = "2026-07-28"
const META = {
  "io.modelcontextprotocol/protocolVersion": VERSION,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "pipeliner", version: "1.0" }
}
const URI = "skill://project/big/references/big.md"
const PIPELINED = 20

const request = (id: number, uri: string): string => {
  const body = JSON.stringify({ jsonrpc: "2.0", id, method: "resources/read", params: { uri, _meta: META } })
  return [
    "POST /mcp HTTP/1.1",
    "Host: 127.0.0.1",
    "Content-Type: application/json",
    "Accept: application/json, text/event-stream",
    `MCP-Protocol-Version: ${VERSION}`,
    "Mcp-Method: resources/read",
    `Mcp-Name: ${uri}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    body
  ].join("\r\n")
}

describe("skc mcp --http: pipelined requests whose answers are never read", () => {
  const sb = sandbox()
  let server: HttpServer
  const logFile = () => join(sb.work, ".skillc", "runtime", "big", ".skillc-meta", "logs.db")
  const bigReads = () => readLog(logFile()).filter((r) => String(r.args).includes("references/big.md")).length

  beforeAll(async () => {
    const dir = join(sb.work, ".skillc", "skills", "big")
    mkdirSync(join(dir, "references"), { recursive: true })
    writeFileSync(join(dir, "SKILL.md"), "---\nname: big\ndescription: A big reference. Use when testing.\n---\n# big\n\nSee [the reference](references/big.md).\n")
    // 5 MB of text: a few answers fill the loopback's socket buffers, so the rest must wait for a reader.
    writeFileSync(join(dir, "references", "big.md"), `# Big\n\n${"lorem ipsum dolor sit amet ".repeat(200_000)}\n`)
    expect((await sb.runAsync(["build", "big"])).code).toBe(0)
    server = await startHttpServer({ cwd: "/", home: sb.home, flags: ["--project", sb.work, "--rate", "0"] })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it(`${PIPELINED} requests on one connection that reads nothing: a few served, the rest wait; served once read`, async () => {
    const port = Number(new URL(server.base).port)
    const socket = connect({ host: "127.0.0.1", port })
    socket.pause()
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject))
    socket.write(Array.from({ length: PIPELINED }, (_, i) => request(i + 1, URI)).join(""))
    // The first answer is served (its row written) …
    for (let i = 0; i < 600 && bigReads() === 0; i++) await new Promise((r) => setTimeout(r, 50))
    expect(bigReads()).toBeGreaterThan(0)
    // … and three whole round trips on other connections later, at most the answers the socket buffers hold.
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${server.base}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": VERSION, "mcp-method": "server/discover" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 100 + i, method: "server/discover", params: { _meta: META } })
      })
      expect(r.status).toBe(200)
      await r.text()
    }
    const whileUnread = bigReads()
    expect(whileUnread).toBeLessThan(PIPELINED / 2)
    // Reading the answers lets the rest be served, each logged once.
    let bytes = 0
    let answers = 0
    socket.on("data", (d: Buffer) => {
      bytes += d.length
      answers += d.toString("latin1").split("HTTP/1.1 200").length - 1
    })
    socket.resume()
    for (let i = 0; i < 1200 && bigReads() < PIPELINED; i++) await new Promise((r) => setTimeout(r, 50))
    expect(bigReads()).toBe(PIPELINED)
    socket.destroy()
    expect(bytes).toBeGreaterThan(0)
    expect(answers).toBeGreaterThan(0)
  })
})
