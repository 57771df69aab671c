// Node 22.13.0 to 22.15.1 pass a version check for 22.13, but their built-in SQLite has no FTS5: every build,
// search and show failed with E999 "no such module: fts5" (a probe of each official Node 22 binary). skc asks
// for 22.16 (bin/skc.mjs, package.json), and a Node whose SQLite lacks FTS5 anyway is told what it means.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { named } from "../../src/adapters/sqlite/nodeSqlite.js"
import { ROOT } from "../helpers/cli.js"

describe("DECISIONS #42 (docs/decisions.md): the search index needs FTS5", () => {
  it("'no such module: fts5' says the Node's SQLite lacks it and which Node has it", () => {
    const e = named(Object.assign(new Error("no such module: fts5"), { code: "ERR_SQLITE_ERROR", errcode: 1 })) as Error & { code: string }
    expect(e.message).toBe(`no such module: fts5 (the SQLite built into Node.js ${process.version} has no FTS5, which skc's search index needs: use Node.js 22.16 or newer)`)
    expect(e.code).toBe("SQLITE_ERROR")
    const other = named(Object.assign(new Error("no such table: x"), { code: "ERR_SQLITE_ERROR", errcode: 1 })) as Error
    expect(other.message).toBe("no such table: x")
  })

  it("the executable, engines and the README ask for 22.16, the first Node 22 with FTS5", () => {
    expect(readFileSync(join(ROOT, "bin", "skc.mjs"), "utf8")).toContain("const NEEDED = [22, 16, 0]")
    expect(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).engines.node).toBe(">=22.16.0")
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain("skc needs Node.js 22.16 or newer")
  })
})
