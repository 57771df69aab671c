// RFC-0007:C-LOGGING: the -wal rows SQLite would drop without a word (src/adapters/sqlite/walHeader.ts),
// checked against -wal files SQLite itself wrote.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { afterEach, describe, expect, it } from "vitest"
import { isSoundWalHeader, walAtRisk } from "../../src/adapters/sqlite/walHeader.js"

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
