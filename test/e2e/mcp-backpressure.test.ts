/**
 * `skc mcp` bounds its memory when its client stops reading (issue 45 item 4):
 * a real child process gets 20,000 requests while nothing reads its stdout.
 * The server must stop reading requests while its answers are backed up
 * (before, it read them all and queued every answer: 1.45 GB and rising,
 * and one `drain` listener per answer, `MaxListenersExceededWarning`), and
 * answer every one of them once the client reads again.
 */
import { spawn } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"

const REQUESTS = 20_000
const MB = 1024 * 1024

const rssOf = (pid: number): number | undefined => {
  const status = `/proc/${pid}/status`
  if (!existsSync(status)) return undefined
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(status, "utf8"))
    return m ? Number(m[1]) * 1024 : undefined
  } catch {
    return undefined
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe("skc mcp with a client that stops reading (issue 45 item 4)", () => {
  it("issue 45 item 4: 20,000 unread requests keep the server under 200 MB, with no listener leak, and every one is answered once read", async () => {
    const box = sandbox()
    const child = spawn(process.execPath, [BIN, "mcp"], {
      cwd: box.work,
      env: { PATH: process.env.PATH ?? "", HOME: box.home, SKILLC_HOME: box.home, NO_COLOR: "1" }
    })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d))
    child.stdin.on("error", () => {})
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)))
    const lines = [
      JSON.stringify({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "slow-reader", version: "1" } } }),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      ...Array.from({ length: REQUESTS }, (_, i) => JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "tools/list" }))
    ]
    // Nothing reads the child's stdout yet: its pipe fills, and the server's writes back up.
    child.stdin.write(lines.join("\n") + "\n")
    let peak = 0
    try {
      // Watch the server's memory while it has every request to read and no one to answer to.
      for (let i = 0; i < 40; i++) {
        await sleep(250)
        const rss = child.pid === undefined ? undefined : rssOf(child.pid)
        if (rss !== undefined) peak = Math.max(peak, rss)
        if (peak > 200 * MB) break
      }
      expect(Math.round(peak / MB)).toBeLessThan(200)
      expect(stderr).not.toMatch(/MaxListenersExceeded/)
      // Reading again: every request is answered (one line each), none lost.
      let answered = 0
      let tail = ""
      const ids = new Set<number>()
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        const text = tail + d
        const parts = text.split("\n")
        tail = parts.pop() ?? ""
        for (const line of parts) {
          answered++
          const m = /"id":(\d+)/.exec(line.slice(-40)) ?? /"id":(\d+)/.exec(line)
          if (m !== null) ids.add(Number(m[1]))
        }
        if (answered === REQUESTS + 1) child.stdin.end()
      })
      expect(await exited).toBe(0)
      expect(answered).toBe(REQUESTS + 1)
      expect(ids.size).toBe(REQUESTS + 1)
      expect(stderr).not.toMatch(/MaxListenersExceeded/)
    } finally {
      child.kill("SIGKILL")
    }
  }, 600_000)
})
