// The team database as the README sets it up: a server that asks for a
// password, which skc reads from a ~/.pgpass line (never from the URL or a
// command line). A push and a stats read through it, with no warning of the
// driver's on stderr (pg's own password-file reading is deprecated and says
// so on every connection; skc gives the driver the password it read).
// PostgreSQL 15 is started by the test; skipped with its reason without it.
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, sandbox, spawnAsync } from "../helpers/cli.js"
import { startHttpServer } from "../helpers/httpServer.js"
import { makeLogDb } from "../helpers/logs.js"
import { findPostgres, startPostgres, type RunningPostgres } from "../helpers/postgres.js"

const found = findPostgres()
const skipReason = typeof found === "string" ? found : undefined
if (skipReason !== undefined) console.warn(`[e2e team-pgpass] ${skipReason}`)

const PASSWORD = "pgpass-secret-0123"

describe.skipIf(skipReason !== undefined)("a team database that asks for a password, read from ~/.pgpass", () => {
  let pg: RunningPostgres
  beforeAll(async () => {
    pg = await startPostgres(found as Exclude<typeof found, string>, { password: PASSWORD })
  }, 120_000)
  afterAll(() => pg?.stop())

  it("sync --to and stats --from connect with the ~/.pgpass password; stderr stays empty; a missing password is one error line", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc", "skills", "notes")
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), "---\nname: notes\ndescription: d\n---\n# Notes\n## Usage\n")
    makeLogDb(join(sb.work, ".skillc", "runtime", "notes", ".skillc-meta", "logs.db"), [{ timestamp: "2026-01-01T00:00:00Z", command: "show", args: { section: "Usage", file: "SKILL.md" } }], {
      skill: "notes",
      skill_path: src,
      cwd: "/proj"
    })
    // Without a password the server refuses: one line, no stack, no password.
    const refused = await sb.runAsync(["sync", "--to", pg.url])
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim().split("\n")).toHaveLength(1)
    expect(refused.stderr).toMatch(/^error\[E999\]/)
    // Said as what it is (the server answered and asked for a password), not "cannot reach".
    expect(refused.stderr).toContain("asks for a password and none was given: set PGPASSWORD, or add a line for it to ~/.pgpass")
    // The sandbox's HOME is its SKILLC_HOME: ~/.pgpass is there.
    const pgpass = join(sb.home, ".pgpass")
    writeFileSync(pgpass, `127.0.0.1:${pg.port}:postgres:postgres:${PASSWORD}\n`)
    chmodSync(pgpass, 0o600)
    const pushed = await sb.runAsync(["sync", "--to", pg.url, "--format", "json"])
    expect(pushed.stderr).toBe("")
    expect(pushed.code).toBe(0)
    expect(JSON.parse(pushed.stdout)).toMatchObject({ rows: 1, added: 1 })
    const stats = await sb.runAsync(["stats", "notes", "--from", pg.url, "--format", "json"])
    expect(stats.stderr).toBe("")
    expect(stats.code).toBe(0)
    expect(pushed.stdout + stats.stdout).not.toContain(PASSWORD)
  })

  it("skc mcp --http --log-to with a refused password does not start (E100); with the right one it serves", async () => {
    const sb = sandbox()
    expect((await sb.runAsync(["init"])).code).toBe(0)
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
    const wrong = await spawnAsync(process.execPath, [BIN, "mcp", "--http", "--port", "0", "--log-to", pg.url, "--project", sb.work], {
      cwd: sb.work,
      env: { ...env, PGPASSWORD: "not-the-password" },
      timeoutMs: 60_000
    })
    expect(wrong.code).toBe(1)
    // The URL as every team message shows it: host, port and database, not the user (docs/team.md).
    const shown = pg.url.replace("postgres@", "")
    expect(wrong.stderr).toContain(`error[E100]: invalid option: '--log-to ${shown}: team database ${shown} refused: 28P01`)
    expect(wrong.stderr).not.toContain("postgres@")
    expect(wrong.stderr).toContain("(the password was refused: check PGPASSWORD or ~/.pgpass)")
    expect(wrong.stderr).not.toContain("serving http")
    expect(wrong.stderr).not.toContain("not-the-password")
    const right = await startHttpServer({ cwd: sb.work, home: sb.home, flags: ["--log-to", pg.url, "--project", sb.work], env: { PGPASSWORD: PASSWORD } })
    try {
      expect(right.stderr()).not.toContain("--log-to:")
    } finally {
      expect(await right.stop("SIGTERM")).toBe(143)
    }
  })
})
