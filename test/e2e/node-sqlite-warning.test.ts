// Node 22 prints "ExperimentalWarning: SQLite is an experimental feature"
// when node:sqlite loads; skc drops exactly that warning and no other
// (DECISIONS #42). Part of the end-to-end suite, which CI runs on Node 22
// and 24: on 24 there is no such warning to drop, and the test checks that
// other warnings still get through.
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, spawnAsync } from "../helpers/cli.js"

describe("node:sqlite's ExperimentalWarning", () => {
  it("is not printed when skc loads SQLite; other warnings still are", async () => {
    const probe = `
      import { nodeSqlite } from ${JSON.stringify(join(ROOT, "src", "adapters", "sqlite", "nodeSqlite.ts"))}
      const { DatabaseSync } = nodeSqlite()
      new DatabaseSync(":memory:").close()
      process.emitWarning("a warning of someone else's", "ExperimentalWarning")
    `
    const r = await spawnAsync(process.execPath, ["--experimental-strip-types", "--input-type=module", "-e", probe], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" }
    })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).not.toMatch(/SQLite is an experimental feature/)
    expect(r.stderr).toMatch(/a warning of someone else's/)
  })
})
