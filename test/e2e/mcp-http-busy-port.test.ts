// `skc mcp --http --port <in use> --log-to <url>` refuses the port (E100) and exits: with a team store
// that took the login and went silent, the live push's connection kept the process alive for good
// (a probe: 10 minutes, until SIGTERM), a "running" server to a supervisor, serving nothing.
// src/cli/runMain.ts runServer: a finished server exits whatever a background task still holds open.
import { createServer, type AddressInfo, type Server, type Socket } from "node:net"
import { describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"
import { silentAfterLogin } from "../helpers/silentPostgres.js"

const listening = (server: Server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)))

describe("skc mcp --http with --log-to, its port in use", () => {
  it("says E100 and exits, though the team store never answers", async () => {
    const sockets: Array<Socket> = []
    // A PostgreSQL stand-in: the login accepted, then silence.
    const silent = await silentAfterLogin()
    const busy = createServer((socket) => void sockets.push(socket))
    const [pgPort, busyPort] = [silent.port, await listening(busy)]
    const s = sandbox()
    try {
      // Killed after 25 s if it does not end (the code is then -1, not 1): it ends in about 5 (the first push's
      // 3 s wait, then 2 s for what is still open); a store that never answers would hold it 40 s or for ever.
      const r = await spawnAsync(
        process.execPath,
        [BIN, "mcp", "--http", "--port", String(busyPort), "--stateless", "--project", s.work, "--log-to", `postgres://skc@127.0.0.1:${pgPort}/team?sslmode=disable`],
        { cwd: s.work, env: { ...process.env, SKILLC_HOME: s.home, NO_COLOR: "1" }, timeoutMs: 25_000 }
      )
      expect(r.stderr).toContain(`error[E100]: invalid option: '--port ${busyPort}: 127.0.0.1:${busyPort} is in use`)
      expect(r.code).toBe(1)
      // The push the stop interrupted is no failure to report.
      expect(r.stderr).not.toContain("InterruptError")
    } finally {
      for (const c of sockets) c.destroy()
      silent.close()
      busy.close()
    }
  }, 120_000)
})
