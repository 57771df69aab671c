// The one error line of a failed team database command: "cannot reach" only when nothing answered.
import { describe, expect, it } from "vitest"
import { teamStoreFailureText } from "../../src/domain/teamStoreFailure.js"

const AT = "postgres://skc@db:5432/team"

describe("team database failures (docs/team.md)", () => {
  it("no answer (errno codes, the driver's own): cannot reach", () => {
    for (const code of ["ECONNREFUSED", "ETIMEDOUT", "EPIPE", "PG_ERROR"]) {
      expect(teamStoreFailureText(AT, code, "x")).toBe(`cannot reach team database ${AT}: ${code}: x`)
    }
  })

  it("an answer (a SQLSTATE): refused, with what to do for the usual ones", () => {
    expect(teamStoreFailureText(AT, "28P01", 'password authentication failed for user "skc"')).toBe(
      `team database ${AT} refused: 28P01: password authentication failed for user "skc" (the password was refused: check PGPASSWORD or ~/.pgpass)`
    )
    expect(teamStoreFailureText(AT, "3D000", 'database "team" does not exist')).toContain("(no such database: create it, or fix the URL's database name)")
    expect(teamStoreFailureText(AT, "42501", "permission denied for schema public")).toContain("refused: 42501")
    expect(teamStoreFailureText(AT, "57P01", "terminating connection")).toBe(`team database ${AT} refused: 57P01: terminating connection`)
  })
})
