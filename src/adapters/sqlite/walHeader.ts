/**
 * What SQLite would silently throw away beside an access log (issue 19,
 * RFC-0007:C-LOGGING "never lose a row"). A CLI process leaves its row in
 * the log's `-wal` (up to 256 KiB of rows, AccessLogSqlite's
 * KEPT_WAL_BYTES), so the `-wal` holds rows no other file has. SQLite
 * ignores a `-wal` whose 32-byte header is damaged (wrong magic number or
 * checksum) and resets it at the next write; and it reads a database file
 * cut to nothing as a new rollback-journal database, never looking at the
 * `-wal` at all. Either way every row in the `-wal` was gone without a
 * word. Both are reported here as corruption, so that the log and its
 * `-wal` are moved aside together (src/app/usage/logRepair.ts) with a
 * warning, kept for a person to recover, and a fresh log starts.
 *
 * The header (SQLite's file format, "WAL File Format"): a big-endian magic
 * number 0x377f0682 or 0x377f0683 (its low bit: the checksums' byte
 * order), then six more 32-bit fields, then a checksum of those first 24
 * bytes, computed two words at a time (s0 += x0 + s1; s1 += x1 + s0).
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs"

const WAL_HEADER_BYTES = 32
/** A database file shorter than its own 100-byte header is no database SQLite reads a `-wal` for. */
const DB_HEADER_BYTES = 100

/** Whether the 32-byte header is a sound WAL header. */
export const isSoundWalHeader = (h: Buffer): boolean => {
  if (h.length < WAL_HEADER_BYTES) return false
  const magic = h.readUInt32BE(0)
  if (magic !== 0x377f0682 && magic !== 0x377f0683) return false
  const bigEndian = (magic & 1) === 1
  let s0 = 0
  let s1 = 0
  for (let i = 0; i < 24; i += 8) {
    const x0 = bigEndian ? h.readUInt32BE(i) : h.readUInt32LE(i)
    const x1 = bigEndian ? h.readUInt32BE(i + 4) : h.readUInt32LE(i + 4)
    s0 = (s0 + x0 + s1) >>> 0
    s1 = (s1 + x1 + s0) >>> 0
  }
  return s0 === h.readUInt32BE(24) && s1 === h.readUInt32BE(28)
}

/** The file's size now (0 when it is gone). */
const sizeNow = (file: string): number => {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

/**
 * Why the `-wal` beside a log (of `dbSize` bytes) would be thrown away, or undefined: it holds no frame
 * past its header, it is sound, or there is none.
 */
export const walAtRisk = (dbFile: string, dbSize: number): string | undefined => {
  let fd: number
  try {
    // Non-blocking: a FIFO there would block the open for good.
    fd = openSync(`${dbFile}-wal`, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch {
    return undefined
  }
  try {
    if (!fstatSync(fd).isFile()) return "its -wal is not a regular file, which SQLite cannot use"
    // One read: the header and the first byte of a frame, if any. A -wal of its header alone holds no row.
    const head = Buffer.alloc(WAL_HEADER_BYTES + 1)
    const n = readSync(fd, head, 0, head.length, 0)
    if (n <= WAL_HEADER_BYTES) return undefined
    if (!isSoundWalHeader(head.subarray(0, WAL_HEADER_BYTES))) return "its -wal's header is damaged, so SQLite would discard the rows in it"
    if (dbSize < DB_HEADER_BYTES) {
      // The size was read before the -wal: another process creating the log meanwhile (it writes the
      // database's first page before any -wal frame) made it a sound one, which this check moved aside
      // (8 processes racing to create one log, once in a CI run). Read after the -wal, it is the truth.
      const now = sizeNow(dbFile)
      if (now >= DB_HEADER_BYTES) return undefined
      return `it is ${now === 0 ? "empty" : "cut short"} while its -wal holds rows SQLite would not read`
    }
    return undefined
  } finally {
    closeSync(fd)
  }
}
