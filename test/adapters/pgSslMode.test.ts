// Issue 29 item 5: `?sslmode=require` made the pg driver print a ten-line process warning about
// sslmode aliases. The driver is now given the same connection with `verify-full` written out (no
// warning), and skc says it in one line of its own, through Diagnostics.
import { afterEach, describe, expect, it, vi } from "vitest"
import { driverUrl, pgSettings } from "../../src/adapters/pg/pgPassword.js"
import { commandLinePasswordNotice, sslModeAlias, sslModeNotice, teamDatabase } from "../../src/app/usage/teamDatabase.js"
import { memoryWorld } from "../../src/testing.js"

afterEach(() => vi.restoreAllMocks())

describe("sslmode aliases", () => {
  it("the drivers get verify-full for allow, prefer, require and verify-ca; every other URL unchanged", () => {
    expect(driverUrl("postgres://u@h/db?sslmode=require")).toBe("postgres://u@h/db?sslmode=verify-full")
    expect(driverUrl("postgres://u@h/db?application_name=x&sslmode=verify-ca&connect_timeout=3")).toBe(
      "postgres://u@h/db?application_name=x&sslmode=verify-full&connect_timeout=3"
    )
    expect(driverUrl("postgres://u@h/db?sslmode=prefer#x")).toBe("postgres://u@h/db?sslmode=verify-full#x")
    // allow too: both drivers then connect the one way the warning says.
    expect(driverUrl("postgres://u@h/db?sslmode=allow")).toBe("postgres://u@h/db?sslmode=verify-full")
    for (const same of ["postgres://u@h/db", "postgres://u@h/db?sslmode=disable", "postgres://u@h/db?sslmode=verify-full", "postgres://u@h/db?sslmode=requirex"]) {
      expect(driverUrl(same)).toBe(same)
    }
    expect(sslModeAlias("postgres://u@h/db?sslmode=require")).toBe("require")
    expect(sslModeAlias("postgres://u@h/db?sslmode=allow")).toBe("allow")
    expect(sslModeAlias("postgres://u@h/db?sslmode=verify-full")).toBeUndefined()
  })

  it("reading the URL's settings emits no process warning", async () => {
    const emitted = vi.spyOn(process, "emitWarning").mockImplementation(() => {})
    try {
      const settings = await pgSettings("postgres://skc:pw@db.example/team?sslmode=require")
      expect(settings.host).toBe("db.example")
      expect(emitted).not.toHaveBeenCalled()
    } finally {
      // The worker runs other test files after this one (vitest.config.ts, isolate: false).
      emitted.mockRestore()
    }
  })

  it("teamDatabase says it in one warning line through Diagnostics", async () => {
    const w = memoryWorld({})
    const url = "postgres://skc@db.example/team?sslmode=require"
    const r = await w.run(teamDatabase(url, false, "--to"))
    expect(r).toMatchObject({ _tag: "Success", success: url })
    expect(w.diagnostics.warnings).toEqual([{ _tag: "Notice", code: undefined, message: sslModeNotice("require") }])
    const plain = memoryWorld({})
    await plain.run(teamDatabase("postgres://skc@db.example/team", false, "--to"))
    expect(plain.diagnostics.warnings).toEqual([])
  })

  it("a password in a URL given on the command line is warned of (README: never on a command line); none is printed", async () => {
    const w = memoryWorld({})
    const url = "postgres://skc:hunter2secret@db.example/team"
    await w.run(teamDatabase(url, false, "--from"))
    expect(w.diagnostics.warnings).toEqual([{ _tag: "Notice", code: undefined, message: commandLinePasswordNotice("--from") }])
    expect(JSON.stringify(w.diagnostics.warnings)).not.toContain("hunter2secret")
  })
})
