/** What a SQLSTATE the team database answered means for the person at the terminal, when it is a usual one. */
const SQLSTATE_HINTS: Readonly<Record<string, string>> = {
  "28P01": "the password was refused: check PGPASSWORD or ~/.pgpass",
  "28000": "this role may not connect (pg_hba.conf, or the role lacks LOGIN)",
  "3D000": "no such database: create it, or fix the URL's database name",
  "42501":
    "this role lacks a privilege skc needs: SELECT on skc_access_log and skc_migrations to read; to push also INSERT on skc_access_log and USAGE on its sequence skc_access_log_id_seq; CREATE to make the tables at the first push (docs/team.md)",
  "42P01": "skc's tables are not there yet: push first (skc sync --to), or name the database pushes go to"
}

/**
 * Whether a driver's error code is a SQLSTATE, the server's answer (`28P01`, `42501`), rather than an errno
 * or a driver's own code (`ECONNREFUSED`, `EPIPE`, `PG_ERROR`): five digits and capitals, none an errno.
 */
export const isSqlState = (code: string): boolean => /^[0-9A-Z]{5}$/.test(code) && !/^E[A-Z]+$/.test(code)

/**
 * Failures the driver reports with no SQLSTATE that are no network trouble: the server asked for a password
 * and none was given (the server answered), or what answered is no PostgreSQL (a message length read from
 * an HTTP reply: "Message length 1414811695 exceeds maxMessageSize", the bytes "TTP/").
 */
const DRIVER_HINTS: ReadonlyArray<{ readonly pattern: RegExp; readonly text: (shown: string) => string }> = [
  {
    pattern: /requested password authentication|password must be a string|no password (was )?(given|supplied)/i,
    text: (shown) => `team database ${shown} asks for a password and none was given: set PGPASSWORD, or add a line for it to ~/.pgpass (PGPASSFILE)`
  },
  {
    pattern: /exceeds maxMessageSize|unexpected (message|response)|invalid message format|server sent an unexpected/i,
    text: (shown) => `what answers at ${shown} is not PostgreSQL: check the URL's host and port`
  },
  {
    // A URL refused before connecting: by `@effect/sql-pg` (`?sslmode=requre`) or by Node's URL parser (a port
    // over 65535, `ERR_INVALID_URL`). Before, it read "cannot reach", and `skc mcp --http --log-to` served on,
    // waiting for a database that never answers.
    pattern: /^(PgConnection: )?(Unrecognized \S+ in URL|Invalid (connect_timeout|port|percent-encoding) in URL|Invalid connection URL|Unsupported connection URL protocol|Invalid URL$)/,
    text: (shown) => `the team database URL ${shown} is not one the driver takes: fix the URL`
  }
]

/** SQLSTATEs that no retry mends: the configuration (password, role, database name) must change. */
// 42501 too: a privilege revoked (INSERT on the log table) is granted again by someone, never by waiting; it was said
// as "rows … are pushed when it answers".
const CONFIGURATION_STATES: ReadonlySet<string> = new Set(["28P01", "28000", "3D000", "42501"])

/**
 * Whether a failure is the configuration's (a refused or missing password, a role that may not connect, no
 * such database, no PostgreSQL at that address) rather than the network's or the server's of the moment:
 * waiting for the database to answer again does not mend it.
 */
export const isConfigurationFailure = (code: string, message: string): boolean =>
  CONFIGURATION_STATES.has(code) || (!isSqlState(code) && DRIVER_HINTS.some((h) => h.pattern.test(message)))

/**
 * The one error line of a failed team database command. "cannot reach" only when nothing answered (no
 * SQLSTATE); a server that answered refused something, which is named with a hint where a usual one applies.
 * Before, a refused password or a missing table also read "cannot reach team database" (a new-user pass).
 */
export const teamStoreFailureText = (shown: string, code: string, message: string): string => {
  if (!isSqlState(code)) {
    const known = DRIVER_HINTS.find((h) => h.pattern.test(message))
    if (known !== undefined) return `${known.text(shown)} (${code}: ${message})`
    return `cannot reach team database ${shown}: ${code}: ${message}`
  }
  // A refusal to bring an older skc's tables up to date says what it lacks and who applies it (TeamLogPg.ts).
  const hint = code === "42501" && message.includes("lacks skc's migration") ? undefined : SQLSTATE_HINTS[code]
  return `team database ${shown} refused: ${code}: ${message}${hint === undefined ? "" : ` (${hint})`}`
}
