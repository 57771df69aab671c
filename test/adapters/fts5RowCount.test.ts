// Issue 47 (cli.search against the required work): the index's row count read from
// FTS5's averages record instead of counted, exact after writes, updates and deletes,
// and counted again when the record is missing or not what it should be.
import { Effect } from "effect"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { describe, expect, it } from "vitest"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { leadingVarint, rowCountOfAverages } from "../../src/adapters/sqlite/fts5RowCount.js"
import { sqliteSearchIndex as index } from "../../src/adapters/sqlite/SqliteSearchIndex.js"
import { markdownRows } from "../../src/domain/search/documents.js"
import { SCHEMA_VERSION } from "../../src/domain/search/indexState.js"
import { tokenizerChoice } from "../../src/domain/search/tokenizer.js"
import type { IndexContents } from "../../src/ports/SearchIndex.js"
import { tempDir } from "../helpers/cli.js"
import { headingsDoc } from "../helpers/headingsDoc.js"

const dir = tempDir("skc-rowcount-")
let n = 0
const ascii = tokenizerChoice("ascii", true)
const meta = { skill_path: "/skills/demo", source_hash: "abc", schema_version: String(SCHEMA_VERSION), indexed_at: "2026-01-01T00:00:00Z", tokenizer: ascii.recorded }

/** A markdown file of `sections` level-2 sections under one title. */
const file = (path: string, sections: number) => {
  const lines = ["# Title", "", "intro words", ...Array.from({ length: sections }, (_, i) => [``, `## Part ${i}`, ``, `text of part ${i}`]).flat()]
  return { path, ...markdownRows(path, lines, headingsDoc(lines), ascii) }
}

const contents = (files: ReadonlyArray<ReturnType<typeof file>>): IndexContents => ({ files, sourceFiles: [], meta })

const rowCountOf = (path: string) => Effect.runPromise(Effect.scoped(Effect.flatMap(index.open(path), (i) => i.rowCount)))
const counted = (path: string) => {
  const db = new Database(path, { readonly: true })
  try {
    return (db.prepare("SELECT count(*) AS n FROM sections").get() as { n: number }).n
  } finally {
    db.close()
  }
}

describe("issue 47: the row count from FTS5's averages record", () => {
  it("decodes SQLite varints of one to nine bytes, and refuses a truncated one", () => {
    expect(leadingVarint(Uint8Array.of(0))).toBe(0)
    expect(leadingVarint(Uint8Array.of(0x7f, 0xff))).toBe(127)
    expect(leadingVarint(Uint8Array.of(0x81, 0x00))).toBe(128)
    // 21,544 as FTS5 wrote it in the 1,000-file skill of the search benchmark.
    expect(leadingVarint(Uint8Array.of(0x81, 0xa8, 0x28, 0x87))).toBe(21_544)
    expect(leadingVarint(Uint8Array.of(0x81, 0x80))).toBeUndefined()
    expect(leadingVarint(Uint8Array.of())).toBeUndefined()
    expect(rowCountOfAverages(null)).toBeUndefined()
    expect(rowCountOfAverages("text")).toBeUndefined()
  })

  it("equals the rows of the index after a write, an update and a removal", async () => {
    const path = join(dir, `m${n++}`, "search-0123456789abcdef.db")
    await Effect.runPromise(index.write(path, ascii, contents([file("SKILL.md", 3), file("a.md", 200)])))
    expect(await rowCountOf(path)).toBe(counted(path))
    expect(counted(path)).toBeGreaterThan(200)
    const before = counted(path)
    await Effect.runPromise(index.update(path, { ...contents([file("b.md", 7)]), remove: [] }))
    expect(await rowCountOf(path)).toBe(counted(path))
    expect(counted(path)).toBe(before + 8)
  })

  it("counts the rows when the averages record is gone", async () => {
    const path = join(dir, `m${n++}`, "search-0123456789abcdef.db")
    await Effect.runPromise(index.write(path, ascii, contents([file("SKILL.md", 5)])))
    const rows = counted(path)
    // FTS5's shadow tables are read-only to a defensive connection (Node 24's default).
    const db = new DatabaseSync(path, { defensive: false } as ConstructorParameters<typeof DatabaseSync>[1])
    db.exec("DELETE FROM sections_data WHERE id = 1")
    db.close()
    expect(await rowCountOf(path)).toBe(rows)
  })
})
