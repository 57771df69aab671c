/**
 * The stats queries of RFC-0003:C-QUERIES in PostgreSQL's dialect, over the
 * team table `skc_access_log` (issue 18). Each statement mirrors its SQLite
 * twin in `src/adapters/sqlite/AccessLogSqlite.ts` so that the team view of
 * a set of rows equals the local view of the same rows.
 *
 * Dialect differences handled here:
 * - `args` is parsed once at push time into `args_json jsonb` (null when the
 *   text is not JSON, as SQLite's `json_valid` guard yields null), so each
 *   field is `args_json ->> 'key'`;
 * - text compares and sorts bytewise (`COLLATE "C"`) like SQLite's BINARY;
 * - the newest row of a search query is picked with `array_agg(… ORDER BY)`
 *   (SQLite takes bare columns beside `max(id)`);
 * - `end` is a reserved word and is quoted; `WHERE 1` is `WHERE TRUE`.
 * Pure strings: no I/O, so the tests can read them.
 */
import { AGENT_COMMANDS, fractionOf, secondsKey, untilKey } from "../../domain/stats.js"
import type { TeamLogRow } from "../../domain/logRows.js"
import type { GroupBy } from "../../ports/AccessLog.js"
import type { TeamFilters } from "../../ports/TeamLogStore.js"

export const TABLE = "skc_access_log"

/** Migration 1: the table, its unique row id and the indexes of the filters. */
export const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS ${TABLE} (
  id bigserial PRIMARY KEY,
  row_id text COLLATE "C" NOT NULL UNIQUE,
  machine text COLLATE "C" NOT NULL,
  user_hash text COLLATE "C" NOT NULL,
  timestamp text COLLATE "C" NOT NULL,
  run_id text COLLATE "C" NOT NULL,
  command text COLLATE "C" NOT NULL,
  skill text COLLATE "C" NOT NULL,
  skill_path text COLLATE "C" NOT NULL,
  cwd text COLLATE "C" NOT NULL,
  args text COLLATE "C" NOT NULL DEFAULT '{}',
  args_json jsonb,
  error text COLLATE "C"
);
CREATE INDEX IF NOT EXISTS ${TABLE}_timestamp ON ${TABLE} (timestamp);
CREATE INDEX IF NOT EXISTS ${TABLE}_machine_user ON ${TABLE} (machine, user_hash)`

/**
 * Migration 2 (issue 45 item 5): `escaped` marks a row whose text columns
 * were stored escaped, because PostgreSQL's text cannot hold what the local
 * log held (NUL, or a lone UTF-16 surrogate): each text column of such a
 * row is the JSON string literal of the value without its quotes
 * (`unescapeTeamText` gives the value back exactly).
 */
export const ADD_ESCAPED = `ALTER TABLE ${TABLE} ADD COLUMN IF NOT EXISTS escaped boolean NOT NULL DEFAULT FALSE`

/** WHERE clause (`$n` placeholders) and parameters: the local filters plus machine and user. */
export const pgFilterClause = (filters: TeamFilters): { sql: string; params: Array<string | number> } => {
  const parts: Array<string> = []
  const params: Array<string | number> = []
  const p = (v: string | number) => {
    params.push(v)
    return `$${params.length}`
  }
  // A range over the bounds' whole seconds, then the rows of a bound's own second on the wrong side of its
  // fraction taken out (`secondsKey`, domain/stats.ts), as locally. Always a number, whatever the text holds.
  const fraction = `('0.' || coalesce(substring(timestamp from '\\.([0-9]+)Z$'), '0'))::float8`
  if (filters.since !== null) {
    const key = secondsKey(filters.since)
    parts.push(`timestamp >= ${p(key)} AND NOT (left(timestamp, 19) = ${p(key)} AND ${fraction} < ${p(fractionOf(filters.since))}::float8)`)
  }
  if (filters.until !== null) {
    parts.push(
      `timestamp <= ${p(untilKey(filters.until))} AND NOT (left(timestamp, 19) = ${p(secondsKey(filters.until))} AND ${fraction} > ${p(fractionOf(filters.until))}::float8)`
    )
  }
  if (filters.projects.length > 0) {
    // Prefix match on path segments, as locally: `/a/b` matches `/a/b/…`, never `/a/bc`.
    const ors = filters.projects.map((project) => {
      const prefix = project.endsWith("/") ? project : project + "/"
      return `(cwd = ${p(project)} OR substr(cwd, 1, ${p(prefix.length)}::int) = ${p(prefix)})`
    })
    parts.push(`(${ors.join(" OR ")})`)
  }
  // `--reader`: `args.user` as a JSON string equal to one of the names (bytewise, as SQLite's `=`); a row
  // whose args are not JSON has a null `args_json`, one without `user` a null field: neither passes.
  if (filters.readers.length > 0) {
    parts.push(`(jsonb_typeof(args_json -> 'user') = 'string' AND (args_json ->> 'user') COLLATE "C" IN (${filters.readers.map(p).join(", ")}))`)
  }
  if (filters.machines.length > 0) parts.push(`machine IN (${filters.machines.map(p).join(", ")})`)
  if (filters.users.length > 0) parts.push(`user_hash IN (${filters.users.map(p).join(", ")})`)
  if (filters.skills !== undefined && filters.skills.length > 0) parts.push(`skill IN (${filters.skills.map(p).join(", ")})`)
  return { sql: parts.length === 0 ? "TRUE" : parts.join(" AND "), params }
}

/** A field of `args` as text (bytewise collation), null when absent or not JSON. */
const J = (key: string) => `((args_json ->> '${key}') COLLATE "C")`
/** `result_count` = 0, compared as JSON so that `0` and `0.0` agree as in SQLite. */
const NO_RESULTS = `(args_json -> 'result_count') = '0'::jsonb`

/**
 * `args.line` of a `show --line` row as a number: a positive JSON integer, else null, as SQLite's
 * `SHOWN_LINE` (AccessLogSqlite.ts) reads it, so both stores group and order the same rows alike.
 */
const SHOWN_LINE = `CASE WHEN jsonb_typeof(args_json -> 'line') = 'number' AND (args_json ->> 'line') ~ '^[1-9][0-9]{0,17}$' THEN (args_json ->> 'line')::bigint END`

/** A row recorded as the author's own call (DECISIONS #45); rows without a role are not. */
const BY_AUTHOR = `coalesce(${J("role")} = 'author', FALSE)`

export const pgAudienceClause = (filters: Pick<TeamFilters, "include_author">): string => (filters.include_author ? "TRUE" : pgReadsClause(filters))

/** The funnel's reads, as SQLite's `readsClause`: reads of the skill (the author's too with `include_author`), no build, lint, eval or stats. */
export const pgReadsClause = (filters: Pick<TeamFilters, "include_author">): string =>
  `command IN (${AGENT_COMMANDS.map((c) => `'${c}'`).join(", ")})${filters.include_author ? "" : ` AND NOT ${BY_AUTHOR}`}`

export const pgAggregateSql = (groupBy: GroupBy, where: string, audience = "TRUE"): string => {
  const counted = `${where} AND ${audience}`
  switch (groupBy) {
    case "summary":
      return `SELECT command,
          CASE WHEN command = 'show' THEN ${J("section")} END AS section,
          CASE command WHEN 'show' THEN ${J("file")} WHEN 'open' THEN ${J("path")} END AS file,
          error IS NOT NULL AS failed,
          coalesce(left(error, 11) IN ('error[E020]', 'error[E021]'), FALSE) AS missing,
          CASE WHEN command = 'search' AND error IS NULL AND ${NO_RESULTS} THEN ${J("query")} END AS unanswered,
          ${BY_AUTHOR} AS by_author,
          count(*) AS count, min(timestamp) AS start, max(timestamp) AS "end"
        FROM ${TABLE} WHERE ${where} GROUP BY 1, 2, 3, 4, 5, 6, 7`
    case "sections":
      // By `args.line` too: which of two headings of one text was read (src/domain/headingReads.ts).
      return `SELECT section, file, line, count(*) AS count FROM (
          SELECT ${J("section")} AS section, ${J("file")} AS file, ${SHOWN_LINE} AS line FROM ${TABLE}
          WHERE command = 'show' AND error IS NULL AND ${counted}) s
        WHERE section IS NOT NULL GROUP BY section, file, line ORDER BY count DESC, file ASC NULLS FIRST, section ASC, line ASC NULLS FIRST`
    case "files":
      return `SELECT file, count(*) AS count FROM (
          SELECT CASE command WHEN 'show' THEN ${J("file")} ELSE ${J("path")} END AS file FROM ${TABLE}
          WHERE command IN ('show', 'open') AND error IS NULL AND ${counted}) s
        WHERE file IS NOT NULL GROUP BY file ORDER BY count DESC, file ASC`
    case "commands":
      return `SELECT command, coalesce(${J("via")}, 'cli') AS via, ${BY_AUTHOR} AS by_author, count(*) AS count FROM ${TABLE} WHERE ${where}
        GROUP BY 1, 2, 3 ORDER BY command ASC, via ASC, by_author ASC`
    case "projects":
      return `SELECT cwd AS project, count(*) AS count FROM ${TABLE} WHERE ${counted} GROUP BY cwd ORDER BY count DESC, project ASC`
    case "users":
    case "clients": {
      // Issue 49 item 2: rows without the key (CLI, stdio) are one group, listed last.
      const key = groupBy === "users" ? "user" : "client"
      return `SELECT ${J(key)} AS "${key}", count(*) AS count FROM ${TABLE} WHERE ${counted}
        GROUP BY 1 ORDER BY ${J(key)} IS NULL ASC, count DESC, 1 ASC`
    }
    case "funnel":
      // Issue 49 item 4: activations by trigger (and all of them), then the counted reads.
      return `SELECT coalesce(${J("trigger")}, 'unknown') AS trigger, count(*) AS count, count(DISTINCT ${J("session")}) AS sessions, 0 AS sections
          FROM ${TABLE} WHERE command = 'activate' AND ${where} GROUP BY 1
        UNION ALL SELECT '*', count(*), count(DISTINCT ${J("session")}), 0 FROM ${TABLE} WHERE command = 'activate' AND ${where}
        UNION ALL SELECT NULL, count(*), 0,
            count(DISTINCT CASE WHEN command = 'show' AND error IS NULL THEN ${J("file")} || chr(31) || ${J("section")} END)
          FROM ${TABLE} WHERE command <> 'activate' AND ${counted}`
    case "errors":
      return `SELECT target, command, error, count(*) AS count FROM (
          SELECT coalesce(CASE command WHEN 'show' THEN ${J("section")} WHEN 'open' THEN ${J("path")}
            WHEN 'search' THEN ${J("query")} WHEN 'sources' THEN ${J("dir")} END, skill) AS target, command, error
          FROM ${TABLE} WHERE error IS NOT NULL AND ${counted}) s
        GROUP BY target, command, error ORDER BY count DESC, target ASC, command ASC, error ASC`
    case "search":
      // Every run counts; what it found is the newest run that ran (no error): latest timestamp, then latest arrival.
      return `SELECT query, count(*) AS count,
          (array_agg(result_count ORDER BY timestamp DESC, id DESC) FILTER (WHERE error IS NULL))[1] AS result_count,
          coalesce((array_agg(partial ORDER BY timestamp DESC, id DESC) FILTER (WHERE error IS NULL))[1], FALSE) AS partial FROM (
          SELECT id, timestamp, error, ${J("query")} AS query,
            CASE WHEN jsonb_typeof(args_json -> 'result_count') = 'number' THEN (args_json ->> 'result_count')::numeric END AS result_count,
            coalesce((args_json -> 'partial') IN ('true'::jsonb, '1'::jsonb), FALSE) AS partial
          FROM ${TABLE} WHERE command = 'search' AND ${counted}) s
        WHERE query IS NOT NULL GROUP BY query ORDER BY count DESC, query ASC`
    case "unanswered":
      return `SELECT query, count(*) AS count, max(timestamp) AS last FROM (
          SELECT ${J("query")} AS query, timestamp FROM ${TABLE}
          WHERE command = 'search' AND error IS NULL AND ${NO_RESULTS} AND ${counted}) s
        WHERE query IS NOT NULL GROUP BY query ORDER BY count DESC, query ASC`
    case "timeline":
      return `SELECT substr(timestamp, 1, 10) AS day, count(*) AS count FROM ${TABLE} WHERE ${counted}
        GROUP BY day ORDER BY day ASC`
  }
}

export const pgPeriodSql = (where: string) => `SELECT min(timestamp) AS start, max(timestamp) AS "end" FROM ${TABLE} WHERE ${where}`

/**
 * The push (issue 18): each batch is copied (`COPY … FROM STDIN`, text
 * format) into a session-private staging table, then moved into the team
 * table with `ON CONFLICT (row_id) DO NOTHING`, in one transaction. The
 * staging table is temporary (no WAL, no index, seen by this session only)
 * and emptied at every commit.
 */
export const STAGE = "skc_push_stage"

export const CREATE_STAGE = `CREATE TEMP TABLE IF NOT EXISTS ${STAGE} (
  row_id text, machine text, user_hash text, timestamp text, run_id text, command text,
  skill text, skill_path text, cwd text, args text, args_is_json boolean, args_clean text, escaped boolean, error text
) ON COMMIT DELETE ROWS`

export const COPY_STAGE = `COPY ${STAGE} FROM STDIN`

/**
 * From the staging table into the team table. A fresh temporary table is
 * scanned in the order its rows were copied, so `id` (the newest-row tie
 * break of the search view) follows the local log's order, as before.
 */
export const INSERT_FROM_STAGE = `INSERT INTO ${TABLE}
  (row_id, machine, user_hash, timestamp, run_id, command, skill, skill_path, cwd, args, args_json, escaped, error)
  SELECT row_id, machine, user_hash, timestamp, run_id, command, skill, skill_path, cwd, args,
    CASE WHEN args_is_json THEN coalesce(args_clean, args)::jsonb END, escaped, error
  FROM ${STAGE}
  ON CONFLICT (row_id) DO NOTHING`

const NEEDS_ESCAPE = /[\\\n\r\t]/
const ESCAPES = /[\\\n\r\t]/g
const escapeOne = (c: string): string => (c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\r" ? "\\r" : "\\t")

/** One value in COPY's text format: backslash, newline, carriage return and tab escaped; null is `\N`. */
export const copyValue = (v: string | null): string => (v === null ? "\\N" : NEEDS_ESCAPE.test(v) ? v.replace(ESCAPES, escapeOne) : v)

/**
 * What PostgreSQL's text and jsonb cannot hold (issue 45 item 5): NUL, and a
 * UTF-16 surrogate without its pair (the UTF-8 encoder would make it U+FFFD,
 * jsonb refuses its `\\uD800` escape). A local log may hold either: a
 * query an agent sent, an error line quoting it.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, "g")

/** A text column's value as stored in an `escaped` row: its JSON string literal without the quotes. */
export const escapeTeamText = (v: string): string => JSON.stringify(v).slice(1, -1)
/** The inverse of `escapeTeamText`: the value the local log held. */
export const unescapeTeamText = (v: string): string => JSON.parse(`"${v}"`) as string

/** The JSON value with every unstorable character of its strings and keys made U+FFFD (for `args_json` only). */
const cleanJson = (value: unknown): unknown => {
  if (typeof value === "string") return value.replace(UNSTORABLE_ALL, "\ufffd")
  if (Array.isArray(value)) return value.map(cleanJson)
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(UNSTORABLE_ALL, "\ufffd"), cleanJson(v)]))
  }
  return value
}
const holdsUnstorable = (value: unknown): boolean =>
  typeof value === "string"
    ? UNSTORABLE.test(value)
    : Array.isArray(value)
      ? value.some(holdsUnstorable)
      : typeof value === "object" && value !== null && Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || holdsUnstorable(v))

/**
 * Whether `args` goes into `args_json` (as SQLite's `json_valid` guard), and
 * the JSON text jsonb is given when `args` itself would be refused: a
 * string holding NUL or a lone surrogate (as the escape `\\u0000`) is there
 * with U+FFFD in its place, so the views still count the row. The `args`
 * column keeps the exact text.
 */
export const jsonArgs = (args: string): { readonly isJson: boolean; readonly clean: string | null } => {
  let value: unknown
  try {
    value = JSON.parse(args)
  } catch {
    return { isJson: false, clean: null }
  }
  if (!args.includes("\\u") && !UNSTORABLE.test(args)) return { isJson: true, clean: null }
  return holdsUnstorable(value) ? { isJson: true, clean: JSON.stringify(cleanJson(value)) } : { isJson: true, clean: null }
}

/** Whether `args` goes into `args_json` at all (JSON.parse accepts it). */
export const argsIsJson = (args: string): boolean => jsonArgs(args).isJson

/** A row any of whose text columns PostgreSQL cannot hold as is: stored `escaped`. */
const needsEscape = (r: TeamLogRow): boolean =>
  [r.row_id, r.machine, r.user, r.timestamp, r.run_id, r.command, r.skill, r.skill_path, r.cwd, r.args, r.error].some(
    (v) => v !== null && UNSTORABLE.test(v)
  )

/** The rows of one batch as COPY text for `STAGE` (columns in its order, one line each). */
export const copyText = (rows: ReadonlyArray<TeamLogRow>): string => {
  let out = ""
  for (const r of rows) {
    const escaped = needsEscape(r)
    const t = escaped ? (v: string | null) => copyValue(v === null ? null : escapeTeamText(v)) : copyValue
    const json = jsonArgs(r.args)
    // In an escaped row the `args` column holds the escaped text, which is no longer JSON: `args_json` is then
    // made from the clean text, the args as logged when they are storable (the row was escaped for another column).
    const clean = json.clean ?? (escaped && json.isJson ? r.args : null)
    out +=
      `${t(r.row_id)}\t${t(r.machine)}\t${t(r.user)}\t${t(r.timestamp)}\t` +
      `${t(r.run_id)}\t${t(r.command)}\t${t(r.skill)}\t${t(r.skill_path)}\t` +
      `${t(r.cwd)}\t${t(r.args)}\t${json.isJson ? "t" : "f"}\t${copyValue(clean)}\t${escaped ? "t" : "f"}\t${t(r.error)}\n`
  }
  return out
}
