// SQLite on Node's built-in driver (DECISIONS #42): the small surface the
// adapters use, SQLite's own error names (the access log retries on
// SQLITE_BUSY and repairs on SQLITE_NOTADB by name) and the read that writes
// nothing. Node 22's ExperimentalWarning: test/e2e/node-sqlite-warning.test.ts.
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { Database, openImmutable } from "../../src/adapters/sqlite/nodeSqlite.js"
import { pathTooLongIn, pathTooLongText } from "../../src/domain/sqlitePathLimit.js"
import { tempDir } from "../helpers/cli.js"

describe("node:sqlite behind the adapters' surface", () => {
  const dir = tempDir()

  it("a database path past SQLite's 512 bytes fails saying its length (a project at a long, legal path could not be built, with no cause)", () => {
    const deep = join(dir, ...Array.from({ length: 4 }, (_, i) => `${String(i)}${"d".repeat(150)}`))
    mkdirSync(deep, { recursive: true })
    const file = join(deep, "search.db")
    expect(Buffer.byteLength(file)).toBeGreaterThan(512)
    expect(() => new Database(file)).toThrow(/unable to open database file \(its path is \d+ bytes; SQLite opens paths of at most 512: use a shorter directory\)/)
    // The adapter writes the domain's text itself (it imports node's modules only): W002 finds it there.
    let message = ""
    try {
      new Database(file)
    } catch (e) {
      message = (e as Error).message
    }
    expect(pathTooLongIn(message)).toBe(pathTooLongText(Buffer.byteLength(file)))
  })

  it("a database that cannot be made in its directory fails saying why (a build probe: a read-only runtime said only 'unable to open database file')", () => {
    const gone = join(dir, "no-such-dir")
    expect(() => new Database(join(gone, "search.db"))).toThrow(`unable to open database file (its directory ${gone} does not exist)`)
    // Read-only opens keep SQLite's own words: nothing was to be made there.
    expect(() => new Database(join(gone, "search.db"), { readonly: true })).toThrow(/^unable to open database file$/)
    // A directory the user may not write to (root writes anywhere: checked as another user only).
    if (process.getuid?.() !== 0) {
      const locked = join(dir, "locked")
      mkdirSync(locked, { mode: 0o555 })
      expect(() => new Database(join(locked, "search.db"))).toThrow(`unable to open database file (its directory ${locked} is not writable: EACCES)`)
    }
  })

  it("prepares, runs, reads rows and pragmas; FTS5 with porter, bm25() and snippet() are there (RFC-0004:C-INDEX)", () => {
    const db = new Database(join(dir, "a.db"))
    expect(db.pragma("journal_mode = WAL", { simple: true })).toBe("wal")
    db.exec("CREATE VIRTUAL TABLE s USING fts5(body, tokenize='porter unicode61')")
    const insert = db.prepare("INSERT INTO s (rowid, body) VALUES (?, ?)")
    db.transaction(() => {
      insert.run(1, "running the build")
      insert.run(2, "nothing here")
    })
    const rows = db.prepare("SELECT rowid, snippet(s, 0, '[', ']', '...', 8) AS snip, -bm25(s) AS score FROM s WHERE s MATCH ? ORDER BY rank").all("run")
    expect(rows.map((r) => ({ ...r }))).toEqual([{ rowid: 1, snip: "[running] the build", score: expect.any(Number) }])
    expect(db.pragma("user_version", { simple: true })).toBe(0)
    db.close()
    db.close() // twice is harmless
    expect(db.isOpen).toBe(false)
  })

  it("a failed transaction is rolled back whole", () => {
    const db = new Database(join(dir, "t.db"))
    db.exec("CREATE TABLE t (x INTEGER NOT NULL)")
    expect(() =>
      db.transaction(() => {
        db.prepare("INSERT INTO t VALUES (?)").run(1)
        db.prepare("INSERT INTO t VALUES (?)").run(null)
      })
    ).toThrow(expect.objectContaining({ code: "SQLITE_CONSTRAINT" }))
    expect(db.prepare("SELECT count(*) AS n FROM t").get()).toEqual(expect.objectContaining({ n: 0 }))
    db.close()
  })

  it("a transaction inside another is part of it: the outer's rollback undoes the inner's rows, and the outer commits once", () => {
    const db = new Database(join(dir, "nested.db"))
    db.exec("CREATE TABLE t (x INTEGER)")
    const insert = db.prepare("INSERT INTO t (x) VALUES (?)")
    const count = () => (db.prepare("SELECT count(*) AS n FROM t").get() as { n: number }).n
    expect(() =>
      db.transaction(() => {
        insert.run(1)
        db.transaction(() => insert.run(2), "IMMEDIATE")
        throw new Error("the outer fails after the inner ended")
      })
    ).toThrow("the outer fails")
    expect(count()).toBe(0)
    const inner = db.transaction(() => {
      insert.run(3)
      return db.transaction(() => {
        insert.run(4)
        return count()
      })
    }, "IMMEDIATE")
    expect(inner).toBe(2)
    expect(count()).toBe(2)
    // Neither transaction is left open: a new one begins.
    db.transaction(() => insert.run(5))
    expect(count()).toBe(3)
    db.close()
  })

  it("failures carry SQLite's names: BUSY while another connection writes, NOTADB, CANTOPEN", () => {
    const file = join(dir, "busy.db")
    const a = new Database(file)
    a.exec("CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)")
    const b = new Database(file, { timeout: 0 })
    expect(() => b.exec("BEGIN IMMEDIATE")).toThrow(expect.objectContaining({ code: "SQLITE_BUSY", errcode: 5 }))
    a.exec("COMMIT")
    a.close()
    b.close()
    const junk = join(dir, "junk.db")
    writeFileSync(junk, "this is not a database, and it is long enough to have a header".repeat(20))
    expect(() => new Database(junk, { readonly: true }).prepare("SELECT * FROM sqlite_master").all()).toThrow(
      expect.objectContaining({ code: "SQLITE_NOTADB" })
    )
    expect(() => new Database(join(dir, "missing.db"), { readonly: true })).toThrow(expect.objectContaining({ code: "SQLITE_CANTOPEN" }))
    expect(existsSync(join(dir, "missing.db"))).toBe(false)
  })

  it("an immutable read sees the committed rows and creates no -shm or -wal (issue 19: read-only runtimes)", () => {
    const file = join(dir, "wal.db")
    const w = new Database(file)
    w.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1), (2);")
    w.close()
    expect(existsSync(`${file}-wal`)).toBe(false)
    const r = openImmutable(file)
    expect(r.prepare("SELECT count(*) AS n FROM t").get()).toEqual(expect.objectContaining({ n: 2 }))
    r.close()
    expect(existsSync(`${file}-shm`)).toBe(false)
    expect(existsSync(`${file}-wal`)).toBe(false)
  })
})
