/**
 * The summary kept beside the log (issue 30; docs/decisions.md P1, "The
 * summary kept beside the log").
 *
 * `skc stats` (the summary, RFC-0003:C-QUERIES) groups every row of the log.
 * SQLite groups by sorting, so over 1,000,000 rows the one grouped scan took
 * 2–3 s, of which the sort is two thirds. The groups themselves are few
 * (command × section × file × three flags × unanswered query: tens to a few
 * thousand), so the database keeps them: `access_summary` holds one row per
 * group with its count and first and last timestamp.
 *
 * `access_summary_state.through` is the watermark: the groups count exactly
 * the rows with `id <= through`. A summary first counts the rows after the
 * watermark (`catchUp`, in short write transactions), then reads the groups:
 * a summary asked for every day counts a day of rows. Every writer (this
 * skc, an older one, `skc sync`, a script) only appends; what would make the
 * groups disagree with the rows — rows deleted or updated, a row inserted
 * with an explicit id at or below the watermark — fires a trigger that
 * starts them over (the watermark back to 0). A summary that cannot catch
 * up (a read-only runtime) adds the rows after the watermark to the groups
 * as it reads them (`keptAndRecentRows`), writing nothing. Summaries with
 * filters (`--since`, `--until`, `--project`) always scan: the groups hold
 * no time or project.
 *
 * RFC-0007:C-LOGGING asks for an `access_log` table "with at minimum" its
 * columns; these tables sit beside it and change nothing in it.
 */
import type { Database } from "./nodeSqlite.js"

/** A key of a row's `args` JSON, NULL when `args` is not valid JSON; `args` names the column. */
export const argOf = (key: string, args = "args"): string => `CASE WHEN json_valid(${args}) THEN json_extract(${args}, '$.${key}') END`

/** A row recorded as the author's own call (DECISIONS #45); rows without a role are not. */
export const byAuthorOf = (args = "args"): string => `(${argOf("role", args)} IS 'author')`

/**
 * One row's summary group as SQL expressions over its columns; `c` names a
 * column (`c => c` in a query). The one definition of the group: the
 * grouped scan (`summarySql`) and the catch-up both use it.
 */
export const summaryKey = (c: (column: string) => string = (x) => x) => {
  const j = (key: string) => argOf(key, c("args"))
  return {
    // Another writer's BLOB `command` as the text it holds: `json_array` (the group's id) cannot hold a BLOB,
    // and one such row failed every summary of the log, and `stats --all` with it.
    command: `CASE WHEN typeof(${c("command")}) = 'blob' THEN CAST(${c("command")} AS TEXT) ELSE ${c("command")} END`,
    section: `CASE WHEN ${c("command")} = 'show' THEN ${j("section")} END`,
    file: `CASE ${c("command")} WHEN 'show' THEN ${j("file")} WHEN 'open' THEN ${j("path")} END`,
    // failed 1, missing 2 (E020/E021), by the author 4 (DECISIONS #45): one small sort key instead of three.
    flags: `(${c("error")} IS NOT NULL) + 2 * coalesce(substr(${c("error")}, 1, 11) IN ('error[E020]', 'error[E021]'), 0) + 4 * ${byAuthorOf(c("args"))}`,
    unanswered: `CASE WHEN ${c("command")} = 'search' AND ${c("error")} IS NULL AND ${j("result_count")} = 0 THEN ${j("query")} END`
  }
}

/** The columns of a group, in table order. */
const KEY_COLUMNS = ["command", "section", "file", "flags", "unanswered"] as const

/** The group's primary key: a JSON array of its five values, NULLs included (a UNIQUE index would let NULLs repeat). */
const groupId = (k: ReturnType<typeof summaryKey>) => `json_array(${KEY_COLUMNS.map((c) => k[c]).join(", ")})`

const RESET = `DELETE FROM access_summary; UPDATE access_summary_state SET through = 0;`

/**
 * Key columns carry no type: a value is kept as SQLite gave it (an integer section stays an integer), as the scan returns it.
 *
 * Schema 3: the groups are counted when a summary is asked for (`catchUp`), not by a trigger at every
 * insert. The rows of a log are written by agents, dozens per task, and read by `skc stats` now and
 * then: counting them at insert time (schema 2's trigger, four statements) made every row cost about
 * twice what the row alone costs (`npm run bench -- log-insert`), on the path an agent waits on. The
 * one insert trigger left starts the groups over for a row at or below the watermark (an explicit
 * lower id), as the delete and update triggers do for a row removed or changed. A log of schema 2 loses
 * its counting trigger at its next write. An older skc re-running its own schema (`CREATE TRIGGER IF
 * NOT EXISTS`) brings it back beside the reset trigger, which then sees every row at the watermark the
 * counting trigger just moved and starts the groups over: they stay right, only counted at the next
 * summary, until this skc writes again and drops it.
 */
export const SUMMARY_SCHEMA = `
CREATE TABLE IF NOT EXISTS access_summary (
  grp TEXT PRIMARY KEY,
  command, section, file, flags, unanswered,
  count INTEGER NOT NULL,
  start TEXT NOT NULL,
  "end" TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS access_summary_state (through INTEGER NOT NULL);
INSERT INTO access_summary_state (through) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM access_summary_state);
DROP TRIGGER IF EXISTS access_summary_insert;
CREATE TRIGGER IF NOT EXISTS access_summary_reset_insert AFTER INSERT ON access_log
  WHEN NEW.id <= (SELECT through FROM access_summary_state) BEGIN ${RESET} END;
CREATE TRIGGER IF NOT EXISTS access_summary_delete AFTER DELETE ON access_log BEGIN ${RESET} END;
CREATE TRIGGER IF NOT EXISTS access_summary_update AFTER UPDATE ON access_log BEGIN ${RESET} END;
`

const hasSummaryTables = (db: Database): boolean =>
  (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('access_summary', 'access_summary_state')").get() as {
    n: number
  }).n === 2

/** The watermark and the last row's id, as numbers; undefined without a state row. */
const watermarkOf = (db: Database): { readonly through: number; readonly last: number } | undefined => {
  const r = db.prepare("SELECT through, ifnull((SELECT max(id) FROM access_log), 0) AS last FROM access_summary_state").get() as
    | { through: unknown; last: unknown }
    | undefined
  return r === undefined ? undefined : { through: Number(r.through), last: Number(r.last) }
}

/** The watermark, when the kept groups can be read from it: the tables exist and it is not past the last row (a hand edit). */
const usableWatermark = (db: Database): { readonly through: number; readonly last: number } | undefined => {
  const state = hasSummaryTables(db) ? watermarkOf(db) : undefined
  return state === undefined || state.through > state.last ? undefined : state
}

/** Whether the kept groups count every row of the log (false when the tables are missing). */
export const summaryIsCurrent = (db: Database): boolean => {
  const w = usableWatermark(db)
  return w !== undefined && w.through === w.last
}

/** The kept groups, in the shape of the grouped scan's rows (`summarySql`). */
export const keptSummaryRows = (db: Database): Array<Record<string, unknown>> =>
  db
    .prepare(
      `SELECT command, section, file, (flags & 1) <> 0 AS failed, (flags & 2) <> 0 AS missing, unanswered,
        (flags & 4) <> 0 AS by_author, count, start, "end" FROM access_summary`
    )
    .all()

/**
 * The kept groups with the rows after the watermark added, without writing
 * anything: for a log that cannot be written (a read-only runtime), whose
 * groups no summary of this reader can bring up to date. Only the rows
 * after the watermark are grouped (a range of ids), so a long log with a
 * few new rows is read as quickly as when its groups are current.
 * `undefined` when the tables are missing or the watermark is past the last
 * row (a hand edit): the caller then scans. Call it inside a read
 * transaction, so the watermark and the rows are of one moment.
 */
export const keptAndRecentRows = (db: Database): Array<Record<string, unknown>> | undefined => {
  const state = usableWatermark(db)
  if (state === undefined) return undefined
  const k = summaryKey()
  return db
    .prepare(
      `SELECT command, section, file, (flags & 1) <> 0 AS failed, (flags & 2) <> 0 AS missing, unanswered,
        (flags & 4) <> 0 AS by_author, sum(count) AS count, min(start) AS start, max("end") AS "end" FROM (
          SELECT grp, ${KEY_COLUMNS.join(", ")}, count, start, "end" FROM access_summary
          UNION ALL
          SELECT ${groupId(k)} AS grp, ${KEY_COLUMNS.map((c) => `${k[c]} AS ${c}`).join(", ")}, count(*) AS count, min(timestamp) AS start, max(timestamp) AS "end"
          FROM access_log WHERE id > ? GROUP BY 1
        ) GROUP BY grp`
    )
    .all(state.through)
}

/**
 * Whether the log certainly holds no row of `command`: no kept group is of
 * that command and no row after the watermark is (a range of ids, however
 * far behind the groups are; nothing written). Lets `latest` skip walking
 * the whole log backwards for a command never logged (`eval`, in most
 * logs). False when the kept groups cannot say (tables missing, a
 * watermark past the last row).
 */
export const keptLacksCommand = (db: Database, command: string): boolean =>
  db.transaction(() => {
    const state = usableWatermark(db)
    if (state === undefined) return false
    return (
      db.prepare("SELECT 1 FROM access_summary WHERE command = ? LIMIT 1").get(command) === undefined &&
      db.prepare("SELECT 1 FROM access_log WHERE id > ? AND command = ? LIMIT 1").get(state.through, command) === undefined
    )
  })

/** Rows counted per write transaction while catching up: each holds the log's write lock for a fraction of a second. */
export const CATCH_UP_CHUNK = 100_000

/**
 * Count the rows after the watermark into the groups, `chunk` rows of ids at
 * a time, each step its own IMMEDIATE transaction (writers wait for one
 * step, never for the whole log). Rows other processes append meanwhile are
 * met by a later step. `then` runs inside the transaction of the last step,
 * whose write lock keeps any row from being appended before it has read:
 * the groups it reads count every row. `db` is a write connection whose
 * schema includes `SUMMARY_SCHEMA`.
 */
export const catchUp = <A = void>(db: Database, chunk = CATCH_UP_CHUNK, then?: () => A): A | undefined => {
  const k = summaryKey()
  const step = db.prepare(
    `INSERT INTO access_summary (grp, ${KEY_COLUMNS.join(", ")}, count, start, "end")
      SELECT ${groupId(k)}, ${KEY_COLUMNS.map((c) => k[c]).join(", ")}, count(*), min(timestamp), max(timestamp)
      FROM access_log WHERE id > ? AND id <= ? GROUP BY 1
      ON CONFLICT (grp) DO UPDATE SET count = count + excluded.count, start = min(start, excluded.start), "end" = max("end", excluded."end")`
  )
  const advance = db.prepare("UPDATE access_summary_state SET through = ?")
  // Ids may have holes: a step ends at the id `chunk` rows on, or at the last one.
  const stepEnd = db.prepare("SELECT id FROM access_log WHERE id > ? ORDER BY id LIMIT 1 OFFSET ?")
  for (;;) {
    const r = db.transaction((): { readonly done: false } | { readonly done: true; readonly value: A | undefined } => {
      const { through, last } = watermarkOf(db) ?? { through: 0, last: 0 }
      if (through === last) return { done: true, value: then?.() }
      if (through > last) {
        // Cannot happen through the triggers; a hand-edited state starts over.
        db.exec(RESET)
        return { done: false }
      }
      const next = stepEnd.get(through, chunk - 1) as { id: number } | undefined
      const upTo = next === undefined ? last : Number(next.id)
      step.run(through, upTo)
      advance.run(upTo)
      return upTo >= last ? { done: true, value: then?.() } : { done: false }
    }, "IMMEDIATE")
    if (r.done) return r.value
  }
}
