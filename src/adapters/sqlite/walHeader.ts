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
 * A third way: a `-wal` of another database beside the log (a log and a
 * `-wal` copied from different places). Its frames are sound, so SQLite
 * applies them: their page 1 replaced the log's schema, skc found no
 * `access_log`, made a new one, and every row of the log was orphaned
 * without a word (a hostile-input probe: 3,449 rows to 1, `quick_check`
 * "ok"). A `-wal` whose newest committed page 1 is of another page size or
 * of a lower `user_version` than the log's own header (skc only ever
 * raises it) is reported as not this log's (`foreignWal`).
 *
 * The header (SQLite's file format, "WAL File Format"): a big-endian magic
 * number 0x377f0682 or 0x377f0683 (its low bit: the checksums' byte
 * order), then six more 32-bit fields, then a checksum of those first 24
 * bytes, computed two words at a time (s0 += x0 + s1; s1 += x1 + s0).
 * Each frame: a 24-byte header (page number, the database size in pages on
 * a commit frame and 0 otherwise, the two salts of the file's header, and a
 * checksum running on from the previous frame's over the frame header's
 * first 8 bytes and the page), then the page. SQLite reads the frames up to
 * the last commit frame before the first whose salts or checksum do not
 * match.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs"

const WAL_HEADER_BYTES = 32
/** A database file shorter than its own 100-byte header is no database SQLite reads a `-wal` for. */
const DB_HEADER_BYTES = 100

const FRAME_HEADER_BYTES = 24

/** SQLite's WAL checksum of `bytes` (a multiple of 8 long), running on from `[s0, s1]`. */
const walChecksum = (bytes: Buffer, bigEndian: boolean, start: readonly [number, number]): [number, number] => {
  let [s0, s1] = start
  for (let i = 0; i + 8 <= bytes.length; i += 8) {
    const x0 = bigEndian ? bytes.readUInt32BE(i) : bytes.readUInt32LE(i)
    const x1 = bigEndian ? bytes.readUInt32BE(i + 4) : bytes.readUInt32LE(i + 4)
    s0 = (s0 + x0 + s1) >>> 0
    s1 = (s1 + x1 + s0) >>> 0
  }
  return [s0, s1]
}

const isWalMagic = (magic: number): boolean => magic === 0x377f0682 || magic === 0x377f0683

/** Whether the 32-byte header is a sound WAL header. */
export const isSoundWalHeader = (h: Buffer): boolean => {
  if (h.length < WAL_HEADER_BYTES) return false
  const magic = h.readUInt32BE(0)
  if (!isWalMagic(magic)) return false
  const [s0, s1] = walChecksum(h.subarray(0, 24), (magic & 1) === 1, [0, 0])
  return s0 === h.readUInt32BE(24) && s1 === h.readUInt32BE(28)
}

/** The page size of a `-wal` with a WAL magic number and a page size SQLite accepts; else undefined. */
const walPageSize = (wal: Buffer): number | undefined => {
  if (wal.length < WAL_HEADER_BYTES || !isWalMagic(wal.readUInt32BE(0))) return undefined
  const pageSize = wal.readUInt32BE(8)
  return pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0 ? undefined : pageSize
}

/** The pages 1 of the frames carrying the file's salts, by their frame headers alone (no checksum). */
const pageOnes = (wal: Buffer, pageSize: number): ReadonlyArray<Buffer> => {
  const frameBytes = FRAME_HEADER_BYTES + pageSize
  const out: Array<Buffer> = []
  for (let at = WAL_HEADER_BYTES; at + frameBytes <= wal.length; at += frameBytes) {
    if (wal.readUInt32BE(at) === 1 && wal.readUInt32BE(at + 8) === wal.readUInt32BE(16) && wal.readUInt32BE(at + 12) === wal.readUInt32BE(20)) {
      out.push(wal.subarray(at + FRAME_HEADER_BYTES, at + frameBytes))
    }
  }
  return out
}

/**
 * The newest page 1 SQLite would read from a whole `-wal` (`wal`, its header sound): the last one in a committed
 * transaction among the frames SQLite accepts, with the file's page size; undefined when no such frame holds page 1.
 */
export const walPageOne = (wal: Buffer): { readonly pageSize: number; readonly page: Buffer } | undefined => {
  const pageSize = walPageSize(wal)
  if (pageSize === undefined) return undefined
  const bigEndian = (wal.readUInt32BE(0) & 1) === 1
  const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)]
  const frameBytes = FRAME_HEADER_BYTES + pageSize
  let sum: [number, number] = [wal.readUInt32BE(24), wal.readUInt32BE(28)]
  let pending: Buffer | undefined
  let committed: Buffer | undefined
  for (let at = WAL_HEADER_BYTES; at + frameBytes <= wal.length; at += frameBytes) {
    if (wal.readUInt32BE(at + 8) !== salts[0] || wal.readUInt32BE(at + 12) !== salts[1]) break
    sum = walChecksum(wal.subarray(at, at + 8), bigEndian, sum)
    sum = walChecksum(wal.subarray(at + FRAME_HEADER_BYTES, at + frameBytes), bigEndian, sum)
    if (sum[0] !== wal.readUInt32BE(at + 16) || sum[1] !== wal.readUInt32BE(at + 20)) break
    if (wal.readUInt32BE(at) === 1) pending = wal.subarray(at + FRAME_HEADER_BYTES, at + frameBytes)
    if (wal.readUInt32BE(at + 4) !== 0) committed = pending ?? committed
  }
  return committed === undefined ? undefined : { pageSize, page: committed }
}

/** A database header's page size (offset 16; 1 stands for 65536). */
const headerPageSize = (header: Buffer): number => {
  const n = header.readUInt16BE(16)
  return n === 1 ? 65536 : n
}

/** A database header's `user_version` (offset 60). */
const headerUserVersion = (header: Buffer): number => header.readUInt32BE(60)

/** Bytes of a database file's header `foreignWal` reads: through `user_version`. */
export const DB_HEADER_READ_BYTES = 64

/**
 * Why a `-wal` (whole, its header sound) is another database's than the log whose file header is `logHeader`
 * (its first `DB_HEADER_READ_BYTES`), or undefined: its newest committed page 1 has another page size, or
 * a lower `user_version` than a log skc stamped (1 or more): skc only raises it, so such a page 1 is no
 * later state of this log.
 */
export const foreignWal = (wal: Buffer, logHeader: Buffer): string | undefined => {
  if (logHeader.length < DB_HEADER_READ_BYTES) return undefined
  const own = headerUserVersion(logHeader)
  if (own === 0) return undefined
  // The log's own -wal (every page 1 in it of the log's page size and version or later) is told by the frame
  // headers and page 1s alone: the checksums, over the whole file, are computed only for a -wal in doubt.
  const pageSize = walPageSize(wal)
  if (pageSize === undefined) return undefined
  const logPageSize = headerPageSize(logHeader)
  const pages = pageOnes(wal, pageSize)
  // No page 1 at all: nothing to judge, and no checksum computed.
  if (pages.length === 0 || (pageSize === logPageSize && pages.every((page) => headerUserVersion(page) >= own))) return undefined
  const newest = walPageOne(wal)
  if (newest === undefined) return undefined
  if (pageSize !== logPageSize) return `its -wal is another database's (pages of ${pageSize} bytes, the log's of ${logPageSize}), which SQLite would apply over the log`
  const theirs = headerUserVersion(newest.page)
  return theirs < own ? `its -wal is another database's (schema version ${theirs}, the log's ${own}), which SQLite would apply over the log, orphaning its rows` : undefined
}

/** The file's size now (0 when it is gone). */
const sizeNow = (file: string): number => {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

/** A `-wal` larger than this is not read whole for `foreignWal` (SQLite's own checkpoints keep a log's far smaller). */
const FOREIGN_CHECK_MAX_BYTES = 64 * 1024 * 1024

/** The whole file behind `fd` of `size` bytes (fewer when it shrank meanwhile). */
const readWhole = (fd: number, size: number): Buffer => {
  const bytes = Buffer.allocUnsafe(size)
  let read = 0
  while (read < size) {
    const n = readSync(fd, bytes, read, size - read, read)
    if (n === 0) break
    read += n
  }
  return bytes.subarray(0, read)
}

/**
 * Why the `-wal` beside a log (of `dbSize` bytes) would be thrown away, or undefined: it holds no frame
 * past its header, it is sound, or there is none.
 */
export const walAtRisk = (dbFile: string, dbSize: number): string | undefined => withWal(dbFile, (fd) => riskIn(fd, dbFile, dbSize))

/** `walAtRisk` of the open `-wal` `fd`. */
const riskIn = (fd: number, dbFile: string, dbSize: number): string | undefined => {
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
}

/**
 * Why the `-wal` beside a log is another database's (`foreignWal`), or undefined: none, not a regular file,
 * no frame of page 1, larger than `FOREIGN_CHECK_MAX_BYTES`, or this log's. `logHeader`: the log file's first
 * `DB_HEADER_READ_BYTES`. Read whole; its checksums are computed only for a page 1 in doubt (`foreignWal`).
 */
export const foreignWalBeside = (dbFile: string, logHeader: Buffer): string | undefined => withWal(dbFile, (fd) => foreignIn(fd, logHeader))

/** `foreignWalBeside` of the open `-wal` `fd`. */
const foreignIn = (fd: number, logHeader: Buffer): string | undefined => {
  const info = fstatSync(fd)
  if (!info.isFile() || info.size <= WAL_HEADER_BYTES || info.size > FOREIGN_CHECK_MAX_BYTES) return undefined
  return foreignWal(readWhole(fd, info.size), logHeader)
}

/**
 * Both checks of the `-wal` beside a log on one open of it: `walAtRisk`'s reason (`atRisk`), else, given the log's
 * header, `foreignWalBeside`'s (`foreign`); undefined when neither applies.
 */
export const walProblem = (dbFile: string, dbSize: number, logHeader: Buffer | undefined): { readonly atRisk?: string; readonly foreign?: string } | undefined =>
  withWal(dbFile, (fd) => {
    const atRisk = riskIn(fd, dbFile, dbSize)
    if (atRisk !== undefined) return { atRisk }
    const foreign = logHeader === undefined ? undefined : foreignIn(fd, logHeader)
    return foreign === undefined ? undefined : { foreign }
  })

/** `f` of the `-wal` beside `dbFile`, opened non-blocking (a FIFO there would block the open for good); undefined when there is none. */
const withWal = <A>(dbFile: string, f: (fd: number) => A | undefined): A | undefined => {
  let fd: number
  try {
    fd = openSync(`${dbFile}-wal`, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch {
    return undefined
  }
  try {
    return f(fd)
  } finally {
    closeSync(fd)
  }
}
