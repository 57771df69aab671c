// The team store's connection settings (docs/team.md): @effect/sql-pg 4 reads
// no PG* variable and no password file, so src/adapters/pg/pgPassword.ts
// resolves them as `pg` and `psql` do. These tests set PGPASSFILE/PGPASSWORD
// in this worker only and restore them.
import { chmodSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { pgSettings } from "../../src/adapters/pg/pgPassword.js"
import { tempDir } from "../helpers/cli.js"

const saved = { PGPASSFILE: process.env.PGPASSFILE, PGPASSWORD: process.env.PGPASSWORD, PGUSER: process.env.PGUSER }
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]
  else process.env[k] = v
})

const passFile = (text: string, mode = 0o600) => {
  const file = join(tempDir(), "pgpass")
  writeFileSync(file, text)
  chmodSync(file, mode)
  process.env.PGPASSFILE = file
  delete process.env.PGPASSWORD
  return file
}

describe("team store connection settings (docs/team.md)", () => {
  it("takes host, port, database and user from the URL, the password from the matching password-file line", async () => {
    passFile("# comment\nother:5432:*:*:nope\ndb.example:6543:skc:ana:s3cr\\:et\n")
    expect(await pgSettings("postgres://ana@db.example:6543/skc")).toEqual({
      host: "db.example",
      port: 6543,
      database: "skc",
      username: "ana",
      password: "s3cr:et"
    })
  })

  it("a password in the URL or PGPASSWORD wins over the file; a file others may read is ignored", async () => {
    passFile("*:*:*:*:from-file\n")
    expect((await pgSettings("postgres://ana:in-url@h/skc")).password).toBe("in-url")
    process.env.PGPASSWORD = "from-env"
    expect((await pgSettings("postgres://ana@h/skc")).password).toBe("from-env")
    passFile("*:*:*:*:from-file\n", 0o644)
    expect((await pgSettings("postgres://ana@h/skc")).password).toBeUndefined()
    passFile("*:*:*:*:from-file\n")
    expect((await pgSettings("postgres://ana@h/skc")).password).toBe("from-file")
  })

  it("PGUSER fills a URL without a user", async () => {
    passFile("h:5432:skc:bob:pw\n")
    process.env.PGUSER = "bob"
    expect(await pgSettings("postgres://h/skc")).toMatchObject({ username: "bob", password: "pw" })
  })
})
