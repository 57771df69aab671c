// `skc sync` as a process (RFC-0007:C-SYNC): rows the CLI logged to the
// fallback while the runtime was read-only, the printed lines, E040/E041 and
// exit statuses. Idempotence, partial failure and --project are tested in
// process in test/app/sync.test.ts.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
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
