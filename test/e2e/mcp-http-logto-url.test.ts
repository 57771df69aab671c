// `skc mcp --http --log-to <url>` with a URL the PostgreSQL driver refuses
// before it connects (an unknown `sslmode`, a port out of range): a failure
// no waiting mends, so the server does not start (E100), as with a refused
// password (docs/team.md, "Logs straight to the team store"). Before, it was
// taken for a database that does not answer yet: the server served on and
// said its rows would be pushed "when it answers", which never happens.
// No PostgreSQL is needed: the URL is refused before any connection.
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { startHttpServer } from "../helpers/httpServer.js"

describe("skc mcp --http --log-to with a URL the driver refuses", () => {
  for (const [what, url, cause] of [
    ["an unknown sslmode", "postgres://skc@127.0.0.1:5432/team?sslmode=requre", 'PG_ERROR: Unrecognized sslmode in URL: "requre"'],
    ["a port out of range", "postgres://skc@127.0.0.1:99999/team", "ERR_INVALID_URL: Invalid URL"]
  ] as const) {
    it(`${what}: does not start, one E100 line naming the URL`, async () => {
      const sb = sandbox()
      expect((await sb.runAsync(["init"])).code).toBe(0)
      const started = await startHttpServer({ cwd: sb.work, home: sb.home, flags: ["--project", sb.work, "--log-to", url] }).then(
        async (server) => {
          // The old behaviour: it served. Stop it, and let the assertion below say so.
          const stderr = server.stderr()
          await server.stop()
          return stderr
        },
        (e: Error) => e
      )
      expect(started).toBeInstanceOf(Error)
      const message = (started as Error).message
      // Quoted without its user, as every message about a team database (docs/team.md "Connection and secrets").
      const shown = url.replace("skc@", "")
      expect(message).toContain(
        `error[E100]: invalid option: '--log-to ${shown}: the team database URL ${shown} is not one the driver takes: fix the URL (${cause})'`
      )
      expect(message).not.toContain("skc@")
      expect(message).toContain("exited 1 before serving")
      expect(message).not.toContain("pushed when it answers")
      expect(message).not.toMatch(/\n\s+at /)
    })
  }
})
