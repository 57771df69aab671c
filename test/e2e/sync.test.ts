// RFC-0007:C-SYNC end to end: fallback logs merged into primary logs.
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { makeLogDb, readLog, type Row } from "../helpers/logs.js"

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

const rowsAt = (n: number, start = 0): Array<Row> =>
  Array.from({ length: n }, (_, i) => ({ timestamp: `2026-01-01T00:00:${String(start + i).padStart(2, "0")}Z`, command: "show", args: { section: `S${start + i}`, file: "SKILL.md" } }))

describe("RFC-0007:C-SYNC", () => {
  it("DECISIONS #8: nothing to sync prints 'No local logs to sync' and exits 0; a named skill without logs is E040", async () => {
    const w = world("demo")
    expect((await w.runAsync(["sync"]))).toEqual({ code: 0, stdout: "No local logs to sync\n", stderr: "" })
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
    expect(blocked.stderr).toBe(`error[E041]: sync destination not writable: '${d.primary}'\n`)
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

  it("RFC-0007:C-SYNC is idempotent: rows already in the primary are skipped, repeated identical rows are kept", async () => {
    const w = world("demo")
    const d = w.skills.demo!
    const twice = rowsAt(1)[0]!
    makeLogDb(d.fallback, [...rowsAt(5), twice], { skill: "demo", skill_path: d.src, cwd: w.work })
    const saved = join(w.root, "saved.db")
    copyFileSync(d.fallback, saved)
    expect((await w.runAsync(["sync", "demo"])).stdout).toBe("Synced 6 entries for 'demo' (local logs removed)\n")
    expect(readLog(d.primary)).toHaveLength(6)
    // As if the previous sync had stopped between its commit and the deletion.
    mkdirSync(join(d.fallbackDir, ".skillc-meta"), { recursive: true })
    copyFileSync(saved, d.fallback)
    expect((await w.runAsync(["sync", "--dry-run"])).stdout).toBe("Would sync 0 entries for 'demo'\n")
    expect((await w.runAsync(["sync"])).stdout).toBe("Synced 0 entries for 'demo' (local logs removed)\n")
    expect(readLog(d.primary)).toHaveLength(6)
    // New rows plus old ones: only the new ones are added.
    makeLogDb(d.fallback, [...rowsAt(5), ...rowsAt(2, 40)], { skill: "demo", skill_path: d.src, cwd: w.work })
    expect((await w.runAsync(["sync"])).stdout).toBe("Synced 2 entries for 'demo' (local logs removed)\n")
    expect(readLog(d.primary)).toHaveLength(8)
  })

  it("RFC-0007:C-SYNC partial failure: skills are independent, the failed one keeps its logs, exit 1", async () => {
    const w = world("alpha", "beta", "gamma")
    for (const [name, s] of Object.entries(w.skills)) makeLogDb(s.fallback, rowsAt(2), { skill: name, skill_path: s.src, cwd: w.work })
    // beta's runtime directory cannot be created: a file is in its place.
    mkdirSync(join(w.work, ".skillc", "runtime"), { recursive: true })
    writeFileSync(join(w.work, ".skillc", "runtime", "beta"), "")
    // gamma's fallback is not a database.
    writeFileSync(w.skills.gamma!.fallback, "garbage ".repeat(100))
    const r = await w.runAsync(["sync"])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe("Synced 2 entries for 'alpha' (local logs removed)\n")
    expect(r.stderr).toBe(
      `error[E041]: sync destination not writable: '${w.skills.beta!.primary}'\n` +
        `error[E042]: sync source not readable: '${w.skills.gamma!.fallback}'\n`
    )
    expect(existsSync(w.skills.alpha!.fallbackDir)).toBe(false)
    expect(readLog(w.skills.alpha!.primary)).toHaveLength(2)
    expect(readLog(w.skills.beta!.fallback)).toHaveLength(2)
    expect(existsSync(w.skills.gamma!.fallback)).toBe(true)
    const again = await w.runAsync(["sync", "--format", "json"])
    expect(again.code).toBe(1)
    const json = JSON.parse(again.stdout)
    expect(json.synced).toEqual([])
    expect(json.failed.map((f: { skill: string; code: string }) => [f.skill, f.code])).toEqual([["beta", "E041"], ["gamma", "E042"]])
  })

  it("RFC-0007:C-SYNC --project syncs another directory's logs; a global skill's go to the global runtime (DECISIONS #30)", async () => {
    const w = world("demo")
    expect((await w.runAsync(["init", "glob", "--global"])).code).toBe(0)
    const globalSrc = join(w.home, ".skillc", "skills", "glob")
    makeLogDb(join(w.work, ".skillc", "logs", "glob", ".skillc-meta", "logs.db"), rowsAt(3), { skill: "glob", skill_path: globalSrc, cwd: w.work })
    makeLogDb(w.skills.demo!.fallback, rowsAt(1), { skill: "demo", skill_path: w.skills.demo!.src, cwd: w.work })
    const elsewhere = join(w.root, "elsewhere")
    mkdirSync(elsewhere)
    expect((await w.runAsync(["sync", "glob", "--project", w.work], elsewhere)).stdout).toBe("Synced 3 entries for 'glob' (local logs removed)\n")
    expect(readLog(join(w.home, ".skillc", "runtime", "glob", ".skillc-meta", "logs.db"))).toHaveLength(3)
    expect((await w.runAsync(["sync", "--project", "../work"], elsewhere)).stdout).toBe("Synced 1 entries for 'demo' (local logs removed)\n")
    expect(readLog(w.skills.demo!.primary)).toHaveLength(1)
  })
})
