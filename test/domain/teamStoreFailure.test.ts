// The one error line of a failed team database command: "cannot reach" only when nothing answered.
import { describe, expect, it } from "vitest"
import { isConfigurationFailure, teamStoreFailureText } from "../../src/domain/teamStoreFailure.js"

const AT = "postgres://skc@db:5432/team"

describe("team database failures (docs/team.md)", () => {
  it("no answer (errno codes, the driver's own): cannot reach", () => {
    for (const code of ["ECONNREFUSED", "ETIMEDOUT", "EPIPE", "PG_ERROR"]) {
      expect(teamStoreFailureText(AT, code, "x")).toBe(`cannot reach team database ${AT}: ${code}: x`)
    }
  })

  it("no password given, or no PostgreSQL at that address: said as such, not 'cannot reach'", () => {
    const asked = teamStoreFailureText(AT, "PG_ERROR", "The server requested password authentication")
    expect(asked).toBe(
      `team database ${AT} asks for a password and none was given: set PGPASSWORD, or add a line for it to ~/.pgpass (PGPASSFILE) (PG_ERROR: The server requested password authentication)`
    )
    const http = teamStoreFailureText(AT, "PG_ERROR", "Message length 1414811695 exceeds maxMessageSize 16777216")
    expect(http).toBe(`what answers at ${AT} is not PostgreSQL: check the URL's host and port (PG_ERROR: Message length 1414811695 exceeds maxMessageSize 16777216)`)
  })

  it("a URL the driver refuses before connecting (an unknown sslmode, a port out of range): said as the URL's fault, and a configuration failure", () => {
    expect(teamStoreFailureText(AT, "PG_ERROR", 'Unrecognized sslmode in URL: "requre"')).toBe(
      `the team database URL ${AT} is not one the driver takes: fix the URL (PG_ERROR: Unrecognized sslmode in URL: "requre")`
    )
    expect(isConfigurationFailure("PG_ERROR", 'Unrecognized sslmode in URL: "requre"')).toBe(true)
    expect(isConfigurationFailure("PG_ERROR", 'PgConnection: Invalid connect_timeout in URL: "soon"')).toBe(true)
    expect(isConfigurationFailure("ERR_INVALID_URL", "Invalid URL")).toBe(true)
    // A server's answer that happens to mention a URL stays the server's.
    expect(isConfigurationFailure("57P01", "Invalid URL")).toBe(false)
  })

  it("configuration failures, which waiting does not mend, are told apart from the network's", () => {
    expect(isConfigurationFailure("28P01", "password authentication failed")).toBe(true)
    expect(isConfigurationFailure("3D000", 'database "team" does not exist')).toBe(true)
    expect(isConfigurationFailure("PG_ERROR", "The server requested password authentication")).toBe(true)
    expect(isConfigurationFailure("PG_ERROR", "Message length 1414811695 exceeds maxMessageSize 16777216")).toBe(true)
    // A privilege revoked (INSERT on the log table) is granted again by someone, never by waiting (a PostgreSQL probe).
    expect(isConfigurationFailure("42501", "permission denied for table skc_access_log")).toBe(true)
    expect(teamStoreFailureText(AT, "42501", "permission denied for table skc_access_log")).toContain("to push also INSERT on skc_access_log and USAGE on its sequence skc_access_log_id_seq")
    expect(isConfigurationFailure("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")).toBe(false)
    expect(isConfigurationFailure("57P01", "terminating connection due to administrator command")).toBe(false)
    expect(isConfigurationFailure("PG_ERROR", "Connection terminated unexpectedly")).toBe(false)
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
