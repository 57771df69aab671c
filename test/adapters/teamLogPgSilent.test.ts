/**
 * docs/team.md "Timeouts": every command against the team store is bounded. A server that takes the
 * login and then stops answering (a PostgreSQL stopped with SIGSTOP, a frozen network) held `sync --to`
 * and `stats --from` for ever: `statement_timeout` is the server's own bound and cannot help. The answer
 * bound (ANSWER_TIMEOUT_MS, here shortened) gives them up with a message that says so. No PostgreSQL
 * needed: the stand-in speaks the start of the protocol (AuthenticationOk, ReadyForQuery) and nothing more.
 */
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { layer as teamLayer } from "../../src/adapters/pg/TeamLogPg.js"
import { TeamLogStore } from "../../src/ports/TeamLogStore.js"
import { silentAfterLogin } from "../helpers/silentPostgres.js"

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
