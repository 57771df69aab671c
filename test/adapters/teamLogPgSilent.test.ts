/**
 * docs/team.md "Timeouts": every command against the team store is bounded. A server that takes the
 * login and then stops answering (a PostgreSQL stopped with SIGSTOP, a frozen network) held `sync --to`
 * and `stats --from` for ever: `statement_timeout` is the server's own bound and cannot help. The answer
 * bound (ANSWER_TIMEOUT_MS, here shortened) gives them up with a message that says so. No PostgreSQL
 * needed: the stand-in speaks the start of the protocol (AuthenticationOk, ReadyForQuery) and nothing more.
 */
import { createServer, type AddressInfo, type Socket } from "node:net"
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { layer as teamLayer } from "../../src/adapters/pg/TeamLogPg.js"
import { TeamLogStore, type TeamLogRow } from "../../src/ports/TeamLogStore.js"

const message = (type: string, body: Buffer) => {
  const out = Buffer.alloc(5 + body.length)
  out.write(type, 0)
  out.writeInt32BE(4 + body.length, 1)
  body.copy(out, 5)
  return out
}

/** Answers the startup (refusing TLS, accepting any login), then never answers again. */
const silentAfterLogin = async () => {
  const sockets: Array<Socket> = []
  const server = createServer((socket) => {
    sockets.push(socket)
    socket.on("error", () => {})
    let started = false
    socket.on("data", (d) => {
      if (started) return
      // An SSLRequest: 'N', then the startup message follows.
      if (d.length === 8 && d.readInt32BE(4) === 80877103) return void socket.write("N")
      started = true
      socket.write(Buffer.concat([message("R", Buffer.alloc(4)), message("Z", Buffer.from("I"))]))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `postgres://skc@127.0.0.1:${(server.address() as AddressInfo).port}/team?sslmode=disable`,
    close: () => {
      for (const s of sockets) s.destroy()
      server.close()
    }
  }
}

const row: TeamLogRow = {
  row_id: "a".repeat(64),
  machine: "m",
  user: "u",
  timestamp: "2026-12-05T00:00:00Z",
  run_id: "r",
  command: "show",
  skill: "alpha",
  skill_path: "/s",
  cwd: "/p",
  args: "{}",
  error: null
} as unknown as TeamLogRow

describe("a team store that stops answering after the login", () => {
  it("opening it (the migrations check) fails with 'no answer', not for ever", async () => {
    const silent = await silentAfterLogin()
    try {
      const r = await Effect.runPromise(Effect.result(Effect.flatMap(TeamLogStore, (s) => s.count).pipe(Effect.provide(teamLayer(silent.url, { answerTimeoutMs: 1500 })))))
      expect(Result.isFailure(r)).toBe(true)
      if (Result.isFailure(r)) expect(String((r.failure as { message?: string }).message)).toContain("no answer from the server in 1.5 s")
    } finally {
      silent.close()
    }
  }, 60_000)
})
