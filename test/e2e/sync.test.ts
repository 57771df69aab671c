// `skc sync` as a process (RFC-0007:C-SYNC): rows the CLI logged to the
// fallback while the runtime was read-only, the printed lines, E040/E041 and
// exit statuses. Idempotence, partial failure and --project are tested in
// process in test/app/sync.test.ts.
import { createHash, randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { Database } from "../../src/adapters/sqlite/nodeSqlite.js"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb, readLog } from "../helpers/logs.js"

const world = (...names: Array<string>) => {
  const sb = sandbox()
  const skills = Object.fromEntries(
    names.map((name) => {
      const src = join(sb.work, ".skillc", "skills", name)
      mkdirSync(src, { recursive: true })
      writeFileSync(join(src, "SKILL.md"), `---\nname: ${name}\ndescription: d\n---\n# ${name}\n`)
      return [
        name,
        {
          src,
          primary: join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db"),
          fallbackDir: join(sb.work, ".skillc", "logs", name),
          fallback: join(sb.work, ".skillc", "logs", name, ".skillc-meta", "logs.db")
        }
      ]
    })
  )
  return { ...sb, skills }
}


describe("RFC-0007:C-SYNC", () => {
  it("issue 29 item 5: sync --to and stats --from with something that is not a postgres:// URL are E100, nothing is contacted", async () => {
    const sb = sandbox()
    const to = await sb.runAsync(["sync", "--to", "not a url"])
    expect(to).toMatchObject({ code: 1, stdout: "" })
    expect(to.stderr).toBe("error[E100]: invalid option: --to: expected a postgres:// or postgresql:// URL, got 'not a url'\n")
    const from = await sb.runAsync(["stats", "x", "--from", "mysql://db/team"])
    expect(from.stderr).toMatch(/^error\[E100\]: invalid option: --from: expected a postgres:\/\/ or postgresql:\/\/ URL/)
  })

  it("RFC-0005 E100: a --project that is no directory is an error, exit 1, not 'No local logs to sync'", async () => {
    const w = world("demo")
    const missing = join(w.root, "no-such-project")
    const r = await w.runAsync(["sync", "--project", missing])
    expect(r).toEqual({ code: 1, stdout: "", stderr: `error[E100]: invalid option: --project: not a directory: '${missing}'\n` })
    const file = join(w.root, "a-file")
    writeFileSync(file, "")
    const dry = await w.runAsync(["sync", "--dry-run", "--project", file])
    expect(dry).toEqual({ code: 1, stdout: "", stderr: `error[E100]: invalid option: --project: not a directory: '${file}'\n` })
    // A project that is there with nothing to sync is still the RFC's success.
    expect(await w.runAsync(["sync", "--project", w.work])).toEqual({ code: 0, stdout: "No local logs to sync\n", stderr: "" })
  })

  it("DECISIONS #8: nothing to sync prints 'No local logs to sync' and exits 0; a named skill without logs is E040", async () => {
    const w = world("demo")
    expect((await w.runAsync(["sync"]))).toEqual({ code: 0, stdout: "No local logs to sync\n", stderr: "" })
    // `--all`, as the other commands take it: the same; with a skill name, E100.
    expect((await w.runAsync(["sync", "--all"]))).toEqual({ code: 0, stdout: "No local logs to sync\n", stderr: "" })
    expect(await w.runAsync(["sync", "--all", "demo"])).toEqual({ code: 1, stdout: "", stderr: "error[E100]: invalid option: 'give a skill name or --all, not both'\n" })
    const r = await w.runAsync(["sync", "demo"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe("error[E040]: no local logs found\n")
  })

  it("RFC-0007:C-SYNC fallback rows written while the runtime was read-only are moved to the primary log", async () => {
    const w = world("demo")
    const d = w.skills.demo!
    const blocker = join(w.work, ".skillc", "runtime")
    writeFileSync(blocker, "")
    for (let i = 0; i < 3; i++) expect((await w.runAsync(["stats", "demo", "--group-by", "commands"])).code).toBe(0)
    expect(readLog(d.fallback)).toHaveLength(3)
    // Still read-only: E041, logs kept.
    const blocked = await w.runAsync(["sync"])
    expect(blocked.code).toBe(1)
    expect(blocked.stderr).toBe(`error[E041]: sync destination not writable: '${d.primary}'\n  ENOTDIR: not a directory, mkdir '${join(w.work, ".skillc", "runtime", "demo")}'\n`)
    const blockedJson = await w.runAsync(["sync", "--format", "json"])
    expect(blockedJson.code).toBe(1)
    expect(JSON.parse(blockedJson.stdout).failed.map((f: { skill: string; code: string }) => [f.skill, f.code])).toEqual([["demo", "E041"]])
    expect(readLog(d.fallback)).toHaveLength(3)
    // The sandbox is over.
    rmSync(blocker)
    const dry = await w.runAsync(["sync", "--dry-run"])
    expect(dry).toEqual({ code: 0, stdout: "Would sync 3 entries for 'demo'\n", stderr: "" })
    expect(existsSync(d.primary)).toBe(false)
    expect(readLog(d.fallback)).toHaveLength(3)
    const fallbackRows = readLog(d.fallback)
    const r = await w.runAsync(["sync"])
    expect(r).toEqual({ code: 0, stdout: "Synced 3 entries for 'demo' (local logs removed)\n", stderr: "" })
    expect(existsSync(d.fallbackDir)).toBe(false)
    const strip = (rows: Array<Record<string, unknown>>) => rows.map(({ id: _id, ...rest }) => rest)
    expect(strip(readLog(d.primary))).toEqual(strip(fallbackRows))
    expect((await w.runAsync(["sync"])).stdout).toBe("No local logs to sync\n")
  })
})

describe("RFC-0007:C-SYNC two skc sync processes at once", () => {
  // Both took the same held log: the one the other had merged failed E042 (exit 1), and a held directory one
  // had emptied could be replaced by the other's rename and removed with its rows. One sync of a project runs
  // at a time now (a lock in SKILLC_HOME); the second waits, then finds what is left.
  it("both exit 0, every row once in the primary log, nothing left in .skillc/logs", async () => {
    const w = world("alpha", "beta")
    for (const [name, s] of Object.entries(w.skills)) {
      makeLogDb(
        s.fallback,
        Array.from({ length: 40 }, (_, i) => ({ timestamp: `2026-01-01T00:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}Z`, run_id: `${name}-${i}`, command: "show" })),
        { skill: name, skill_path: s.src, cwd: w.work }
      )
    }
    const [a, b] = await Promise.all([w.runAsync(["sync"]), w.runAsync(["sync"])])
    expect([a.code, b.code], `${a.stderr}${b.stderr}`).toEqual([0, 0])
    expect(a.stderr + b.stderr).toBe("")
    for (const s of Object.values(w.skills)) expect(new Set(readLog(s.primary).map((r) => r.run_id)).size).toBe(40)
    for (const s of Object.values(w.skills)) expect(readLog(s.primary)).toHaveLength(40)
    expect(existsSync(join(w.work, ".skillc", "logs"))).toBe(false)
  })
})

describe("DECISIONS #30: a fallback log sync refuses as damaged (E042) is kept byte for byte", () => {
  // E042 says "skc keeps it unread … recover its rows with sqlite3's .recover", but the sync that refused it had
  // opened it for writing (taking it back into use, or marking it), and in WAL mode the last connection's close
  // checkpoints the -wal into the database and deletes the -wal and -shm: the damaged bytes the user was told to
  // recover were overwritten, and the next sync found the rewritten file sound, synced it and deleted it (a probe).
  const md5 = (file: string) => createHash("md5").update(readFileSync(file)).digest("hex")

  /** A skill whose reads went to its fallback log (the runtime unwritable: a file where its directory goes). */
  const withFallback = async (reads: number, flushed: boolean) => {
    const w = world("demo")
    const d = w.skills.demo!
    const blocker = join(w.work, ".skillc", "runtime")
    const read = async (n: number) => {
      writeFileSync(blocker, "")
      for (let i = 0; i < n; i++) expect((await w.runAsync(["stats", "demo", "--group-by", "commands"])).code).toBe(0)
      rmSync(blocker)
    }
    await read(reads)
    if (flushed) {
      // The rows so far checkpointed into the database file, then one more read: the -wal holds a few pages
      // only, so that damage to the database file's other pages is damage SQLite sees (else the -wal's copy
      // of every page hides it, and the log is sound).
      const db = new Database(d.fallback)
      db.exec("PRAGMA wal_checkpoint(TRUNCATE)")
      db.close()
      await read(1)
    }
    expect(readLog(d.fallback).length).toBe(reads + (flushed ? 1 : 0))
    return { w, d }
  }

  const refusedTwiceAndKept = async (w: Awaited<ReturnType<typeof withFallback>>["w"], fallback: string) => {
    const wal = `${fallback}-wal`
    expect(existsSync(wal)).toBe(true)
    expect(existsSync(`${fallback}-shm`)).toBe(true)
    const before = { db: md5(fallback), wal: md5(wal) }
    const kept = () => {
      expect(existsSync(wal)).toBe(true)
      expect(existsSync(`${fallback}-shm`)).toBe(true)
      expect({ db: md5(fallback), wal: md5(wal) }).toEqual(before)
    }
    const dry = await w.runAsync(["sync", "--dry-run"])
    expect(dry.code).toBe(1)
    expect(dry.stderr).toContain(`error[E042]: sync source not readable: '${fallback}'\n  it is not a sound SQLite database`)
    kept()
    for (let i = 0; i < 2; i++) {
      const r = await w.runAsync(["sync", "--format", "json"])
      expect(r.code, r.stderr).toBe(1)
      expect(JSON.parse(r.stdout).failed.map((f: { skill: string; code: string }) => [f.skill, f.code])).toEqual([["demo", "E042"]])
      kept()
    }
    const text = await w.runAsync(["sync"])
    expect(text.code).toBe(1)
    expect(text.stderr).toContain(`error[E042]: sync source not readable: '${fallback}'\n  it is not a sound SQLite database`)
    expect(text.stderr).toContain("recover its rows with sqlite3's .recover")
    kept()
  }

  it("random bytes in place of the database file: its bytes, -wal and -shm stay, and every sync says E042", async () => {
    const { w, d } = await withFallback(1, false)
    writeFileSync(d.fallback, randomBytes(5000))
    await refusedTwiceAndKept(w, d.fallback)
  })

  it("random bytes after a sound header, where the -wal does not hide them: kept, E042 every time", async () => {
    const { w, d } = await withFallback(2, true)
    const bytes = readFileSync(d.fallback)
    randomBytes(bytes.length - 100).copy(bytes, 100)
    writeFileSync(d.fallback, bytes)
    await refusedTwiceAndKept(w, d.fallback)
  })

  it("a database file cut after its first page (SQLite's quick_check fails on it): kept, E042 every time, not synced and deleted", async () => {
    const { w, d } = await withFallback(2, true)
    truncateSync(d.fallback, 4096)
    await refusedTwiceAndKept(w, d.fallback)
  })

  it("RFC-0007:C-SYNC's line for one row says '1 entry'", async () => {
    const { w } = await withFallback(1, false)
    expect(await w.runAsync(["sync", "--dry-run"])).toEqual({ code: 0, stdout: "Would sync 1 entry for 'demo'\n", stderr: "" })
    expect(await w.runAsync(["sync"])).toEqual({ code: 0, stdout: "Synced 1 entry for 'demo' (local logs removed)\n", stderr: "" })
  })
})
