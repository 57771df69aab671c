/**
 * How many rows an FTS5 table holds, read from FTS5's own bookkeeping
 * instead of counted (issue 47, `cli.search` against the required work).
 *
 * The one score's IDF needs the number of sections of the index. Counted
 * (`SELECT count(*) FROM section_places`) that walked a table of 21,000
 * rows: 2–4.5 ms of every search in the 1,000-file skill of
 * `npm run bench -- search.mjs`. FTS5 keeps the number itself, for its own
 * bm25(): the first value of its "averages" record, row 1 of the table's
 * `<name>_data` shadow table, is the table's row count, as an SQLite varint
 * (the record then holds each column's token total). It is exact and
 * always current: FTS5 updates it in the transaction of every insert and
 * delete, and it is the very N of FTS5's own IDF. Pure.
 */

/** The rowid of FTS5's averages record in `<table>_data` (FTS5_AVERAGES_ROWID). */
export const AVERAGES_ROWID = 1

/** The statement that reads the averages record of the FTS5 table `table`. */
export const averagesSql = (table: string) => `SELECT block FROM "${table.replace(/"/g, '""')}_data" WHERE id = ${AVERAGES_ROWID}`

/**
 * The SQLite varint at the start of `bytes` (big-endian groups of 7 bits,
 * the high bit set on every byte but the last; a ninth byte gives 8 bits),
 * or undefined when the bytes end first or it needs more than 53 bits.
 */
export const leadingVarint = (bytes: Uint8Array): number | undefined => {
  let value = 0
  for (let i = 0; i < 9; i++) {
    const b = bytes[i]
    if (b === undefined) return undefined
    value = i === 8 ? value * 256 + b : value * 128 + (b & 0x7f)
    if (value > Number.MAX_SAFE_INTEGER) return undefined
    if (i === 8 || (b & 0x80) === 0) return value
  }
  return undefined
}

/** The row count in an averages record read as `block`; undefined when it is no such record (the caller counts instead). */
export const rowCountOfAverages = (block: unknown): number | undefined =>
  block instanceof Uint8Array && block.length > 0 ? leadingVarint(block) : undefined
