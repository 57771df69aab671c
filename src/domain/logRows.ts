/**
 * The rows of the access log (RFC-0007:C-LOGGING) as values: what one
 * machine's `access_log` holds and what a team store holds of it (issue 18).
 * Plain data shared by the domain (team row ids), the ports and the stores.
 */

/** One `access_log` row without its `id` (C-LOGGING's columns). */
export interface AccessLogRow {
  /** RFC 3339 UTC, second precision: `YYYY-MM-DDTHH:MM:SSZ`. */
  readonly timestamp: string
  readonly run_id: string
  readonly command: string
  readonly skill: string
  readonly skill_path: string
  readonly cwd: string
  /** JSON object text (DECISIONS #18). */
  readonly args: string
  readonly error: string | null
}

/** One local row as the team store holds it. */
export interface TeamLogRow extends AccessLogRow {
  /** Stable id: the same local row always maps to the same id (see `teamRows.ts`). */
  readonly row_id: string
  /** Hash of the host name. */
  readonly machine: string
  /** Hash of the user name. */
  readonly user: string
}
