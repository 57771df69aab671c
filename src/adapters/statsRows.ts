/**
 * Rows of the stats queries (RFC-0003:C-QUERIES) as the AccessLog port's
 * `AggregateRows`, the same for every SQL store. The SQL differs by dialect
 * (SQLite's `src/adapters/sqlite`, PostgreSQL's `src/adapters/pg`), the
 * shapes do not. Values are decoded leniently because the drivers differ:
 * SQLite gives numbers and 0/1, PostgreSQL strings for bigint counts and
 * booleans (`t`) for predicates.
 */
import type { AggregateRows, GroupBy, Period, SummaryGroup } from "../ports/AccessLog.js"

type Row = Record<string, unknown>

const utf8 = new TextDecoder()
/**
 * A column's value as text. Another writer may have stored a BLOB (SQLite keeps what it is given): its
 * bytes read as UTF-8, as the text they hold, where `String` printed them as numbers (`115,104,111,119`)
 * in a view and wrote that into the log a sync copied them to.
 */
export const asText = (v: unknown): string => (v instanceof Uint8Array ? utf8.decode(v) : String(v))
export const text = (v: unknown): string => (v === null || v === undefined ? "" : asText(v))
export const nullableText = (v: unknown): string | null => (v === null || v === undefined ? null : asText(v))
/** A predicate column: SQLite's 1, PostgreSQL's `true`/`t`. */
export const truthy = (v: unknown): boolean => v === true || v === 1 || v === 1n || v === "1" || v === "t"
const count = (r: Row) => Number(r.count)
/** A count read from JSON `args`: absent, null or not a number is null. */
const nullableCount = (v: unknown): number | null => {
  if (typeof v === "number" || typeof v === "bigint") return Number(v)
  if (typeof v === "string" && /^-?\d+$/.test(v)) return Number(v)
  return null
}

/** A logged `args.line` (`show --line`, a 1-based line): anything else another writer put there is none. */
const lineOf = (v: unknown): number | null => {
  const n = nullableCount(v)
  return n !== null && n > 0 ? n : null
}

/** The summary's groups; the caller folds the period from them (it knows which ones count). */
export const summaryGroups = (rows: ReadonlyArray<Row>): ReadonlyArray<SummaryGroup> =>
  rows.map((r) => ({
    command: text(r.command),
    section: nullableText(r.section),
    file: nullableText(r.file),
    failed: truthy(r.failed),
    missing: truthy(r.missing),
    unanswered: nullableText(r.unanswered),
    byAuthor: truthy(r.by_author),
    count: count(r),
    start: text(r.start),
    end: text(r.end)
  }))

/** Every view but the summary, from its GROUP BY rows and the period of the rows it counted. */
export const listRows = (groupBy: Exclude<GroupBy, "summary">, period: Period, rows: ReadonlyArray<Row>): AggregateRows => {
  switch (groupBy) {
    case "sections":
      return {
        groupBy,
        period,
        rows: rows.map((r) => ({ section: text(r.section), file: nullableText(r.file), line: lineOf(r.line), count: count(r) }))
      }
    case "files":
      return { groupBy, period, rows: rows.map((r) => ({ file: text(r.file), count: count(r) })) }
    case "commands":
      return { groupBy, period, rows: rows.map((r) => ({ command: text(r.command), via: text(r.via), byAuthor: truthy(r.by_author), count: count(r) })) }
    case "projects":
      return { groupBy, period, rows: rows.map((r) => ({ project: text(r.project), count: count(r) })) }
    case "funnel":
      return {
        groupBy,
        period,
        rows: rows.map((r) => ({ trigger: nullableText(r.trigger), count: count(r), sessions: Number(r.sessions ?? 0), sections: Number(r.sections ?? 0) }))
      }
    case "users":
      return { groupBy, period, rows: rows.map((r) => ({ user: nullableText(r.user), count: count(r) })) }
    case "clients":
      return { groupBy, period, rows: rows.map((r) => ({ client: nullableText(r.client), count: count(r) })) }
    case "errors":
      return {
        groupBy,
        period,
        rows: rows.map((r) => ({ target: text(r.target), command: text(r.command), error: text(r.error), count: count(r) }))
      }
    case "search":
      return {
        groupBy,
        period,
        rows: rows.map((r) => ({ query: text(r.query), count: count(r), result_count: nullableCount(r.result_count), partial: truthy(r.partial) }))
      }
    case "unanswered":
      return { groupBy, period, rows: rows.map((r) => ({ query: text(r.query), count: count(r), last: text(r.last) })) }
    case "timeline":
      return { groupBy, period, rows: rows.map((r) => ({ day: text(r.day), count: count(r) })) }
  }
}
