// RFC-0007:C-LOGGING: the -wal rows SQLite would drop without a word (src/adapters/sqlite/walHeader.ts),
// checked against -wal files SQLite itself wrote.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { afterEach, describe, expect, it } from "vitest"
import { DB_HEADER_READ_BYTES, foreignWal, foreignWalBeside, isSoundWalHeader, walAtRisk, walPageOne } from "../../src/adapters/sqlite/walHeader.js"

const dirs: Array<string> = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A WAL database with rows in its -wal, its connection left open (so nothing is checkpointed). */
const walWithRows = () => {
  const dir = mkdtempSync(join(tmpdir(), "skc-wal-"))
  dirs.push(dir)
  const file = join(dir, "logs.db")
  const db = new DatabaseSync(file)
  db.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1), (2);")
  return { file, db }
}

describe("walHeader", () => {
  it("a header SQLite wrote is sound; one changed byte of its first 32 is not", () => {
    const { file, db } = walWithRows()
    try {
      const header = readFileSync(`${file}-wal`).subarray(0, 32)
      expect(isSoundWalHeader(header)).toBe(true)
      for (const at of [0, 3, 8, 20, 27, 31]) {
        const bad = Buffer.from(header)
        bad[at] = bad[at]! ^ 0x01
        expect(isSoundWalHeader(bad), `byte ${at}`).toBe(false)
      }
      expect(walAtRisk(file, 4096)).toBeUndefined()
    } finally {
      db.close()
    }
  })

  it("at risk: a damaged header, or a log shorter than its header beside frames; not: no -wal, or a -wal of its header alone", () => {
    const { file, db } = walWithRows()
    const wal = readFileSync(`${file}-wal`)
    db.close()
    writeFileSync(`${file}-wal`, wal)
    // A size read before the -wal that another process's creation has since outgrown (8 processes racing to
    // create one log, once in CI): the log is sound now, and nothing is at risk.
    expect(walAtRisk(file, 0)).toBeUndefined()
    const whole = readFileSync(file)
    truncateSync(file, 0)
    expect(walAtRisk(file, 0)).toBe("it is empty while its -wal holds rows SQLite would not read")
    writeFileSync(file, whole.subarray(0, 50))
    expect(walAtRisk(file, 50)).toBe("it is cut short while its -wal holds rows SQLite would not read")
    writeFileSync(file, whole)
    const bad = Buffer.from(wal)
    bad.write("XXXXXXXX", 0, "latin1")
    writeFileSync(`${file}-wal`, bad)
    expect(walAtRisk(file, 4096)).toBe("its -wal's header is damaged, so SQLite would discard the rows in it")
    writeFileSync(`${file}-wal`, bad.subarray(0, 32))
    expect(walAtRisk(file, 0)).toBeUndefined()
    rmSync(`${file}-wal`)
    expect(walAtRisk(file, 0)).toBeUndefined()
  })
})

/** A log as skc stamps it (user_version 3, WAL), its rows checkpointed into the file; the first 64 bytes of its header. */
const stampedLog = (pageSize = 4096) => {
  const dir = mkdtempSync(join(tmpdir(), "skc-wal-"))
  dirs.push(dir)
  const file = join(dir, "logs.db")
  const db = new DatabaseSync(file)
  db.exec(`PRAGMA page_size = ${pageSize}; PRAGMA journal_mode = WAL; CREATE TABLE access_log (id INTEGER PRIMARY KEY, x); PRAGMA user_version = 3;`)
  db.exec("INSERT INTO access_log (x) VALUES (1), (2), (3)")
  // Closing the last connection checkpoints the rows into the file and deletes the -wal.
  db.close()
  return { dir, file, header: () => readFileSync(file).subarray(0, DB_HEADER_READ_BYTES) }
}

/** The -wal of another database (its own page size and user_version 0) that holds its page 1, as SQLite wrote it. */
const otherDatabasesWal = (dir: string, pageSize = 4096) => {
  const other = join(dir, `other-${pageSize}.db`)
  const db = new DatabaseSync(other)
  db.exec(`PRAGMA page_size = ${pageSize}; PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0; CREATE TABLE t (a); INSERT INTO t VALUES (randomblob(5000));`)
  const wal = readFileSync(`${other}-wal`)
  db.close()
  return wal
}

/** Whether SQLite, opening `file` with `wal` beside it, still sees the log's own table (read-only: nothing checkpointed). */
const seesOwnTable = (file: string, wal: Buffer): boolean => {
  writeFileSync(`${file}-wal`, wal)
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    return db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'access_log'").get()!.n === 1
  } finally {
    db.close()
    rmSync(`${file}-wal`, { force: true })
    rmSync(`${file}-shm`, { force: true })
  }
}

describe("foreignWal (RFC-0007:C-LOGGING: a -wal of another database beside a log orphaned every row)", () => {
  it("the log's own -wal, page 1 included (the log grew), is its own", () => {
    const { file, header } = stampedLog()
    const db = new DatabaseSync(file)
    db.exec("PRAGMA wal_autocheckpoint = 0")
    for (let i = 0; i < 40; i++) db.prepare("INSERT INTO access_log (x) VALUES (?)").run("y".repeat(500))
    try {
      const wal = readFileSync(`${file}-wal`)
      expect(walPageOne(wal)?.page.readUInt32BE(60)).toBe(3)
      expect(foreignWalBeside(file, header())).toBeUndefined()
    } finally {
      db.close()
    }
  })

  it("another database's -wal is named, by its schema version or its page size; SQLite itself would apply it", () => {
    const { dir, file, header } = stampedLog()
    const wal = otherDatabasesWal(dir)
    expect(seesOwnTable(file, wal)).toBe(false)
    writeFileSync(`${file}-wal`, wal)
    expect(foreignWalBeside(file, header())).toBe("its -wal is another database's (schema version 0, the log's 3), which SQLite would apply over the log, orphaning its rows")
    expect(foreignWal(otherDatabasesWal(dir, 8192), header())).toBe("its -wal is another database's (pages of 8192 bytes, the log's of 4096), which SQLite would apply over the log")
  })

  it("a page 1 past a frame SQLite rejects (a checksum that does not match) is no risk: SQLite reads the log's own table", () => {
    const { dir, file, header } = stampedLog()
    const wal = Buffer.from(otherDatabasesWal(dir))
    // The first frame's page bytes changed: its checksum no longer matches, so SQLite reads no frame of the file.
    wal[32 + 24 + 100] = wal[32 + 24 + 100]! ^ 0xff
    expect(walPageOne(wal)).toBeUndefined()
    expect(foreignWal(wal, header())).toBeUndefined()
    expect(seesOwnTable(file, wal)).toBe(true)
  })

  it("a log skc never stamped (user_version 0) is not judged", () => {
    const { dir, file } = stampedLog()
    const header = Buffer.from(readFileSync(file).subarray(0, DB_HEADER_READ_BYTES))
    header.writeUInt32BE(0, 60)
    expect(foreignWal(otherDatabasesWal(dir), header)).toBeUndefined()
  })
})
