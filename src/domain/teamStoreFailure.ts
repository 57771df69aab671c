/** What a SQLSTATE the team database answered means for the person at the terminal, when it is a usual one. */
const SQLSTATE_HINTS: Readonly<Record<string, string>> = {
  "28P01": "the password was refused: check PGPASSWORD or ~/.pgpass",
  "28000": "this role may not connect (pg_hba.conf, or the role lacks LOGIN)",
  "3D000": "no such database: create it, or fix the URL's database name",
  "42501": "this role lacks a privilege skc needs (to read, or to create skc's tables on the first push)",
  "42P01": "skc's tables are not there yet: push first (skc sync --to), or name the database pushes go to"
}

/**
 * Whether a driver's error code is a SQLSTATE, the server's answer (`28P01`, `42501`), rather than an errno
 * or a driver's own code (`ECONNREFUSED`, `EPIPE`, `PG_ERROR`): five digits and capitals, none an errno.
 */
export const isSqlState = (code: string): boolean => /^[0-9A-Z]{5}$/.test(code) && !/^E[A-Z]+$/.test(code)

/**
 * The one error line of a failed team database command. "cannot reach" only when nothing answered (no
 * SQLSTATE); a server that answered refused something, which is named with a hint where a usual one applies.
 * Before, a refused password or a missing table also read "cannot reach team database" (a new-user pass).
 */
export const teamStoreFailureText = (shown: string, code: string, message: string): string => {
  if (!isSqlState(code)) return `cannot reach team database ${shown}: ${code}: ${message}`
  const hint = SQLSTATE_HINTS[code]
  return `team database ${shown} refused: ${code}: ${message}${hint === undefined ? "" : ` (${hint})`}`
}
