// RFC-0007:C-LOGGING through bin/skc.mjs: every command logs one row with
// its own arguments (DECISIONS #17, #18) and W002 reaches stderr without
// changing the output. Columns, run ids, canonical paths, the EAFP fallback
// and W003 are tested in process in test/app/accessLog.test.ts.
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"

const skillMd = (name: string) => `---\nname: ${name}\ndescription: A test skill. Use when testing.\n---\n# ${name}\n## Install\n## Usage\n`

/** A project with one skill `<name>` in its store; returns paths. */
const project = (name = "demo") => {
  const sb = sandbox()
  const src = join(sb.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  writeFileSync(join(src, "SKILL.md"), skillMd(name))
  const primary = join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db")
  const fallback = join(sb.work, ".skillc", "logs", name, ".skillc-meta", "logs.db")
  return { ...sb, src, primary, fallback }
}

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/

describe("RFC-0007:C-LOGGING access log", () => {
  it("RFC-0007:C-LOGGING creates .skillc-meta/logs.db in the runtime dir on demand and writes one row per invocation with every column", async () => {
    const p = project()
    expect(existsSync(p.primary)).toBe(false)
    const r = await p.runAsync(["stats", "demo", "--group-by", "commands"])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("")
    const rows = readLog(p.primary)
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    expect(Object.keys(row).sort()).toEqual(["args", "command", "cwd", "error", "id", "run_id", "skill", "skill_path", "timestamp"])
    expect(row.id).toBe(1)
    expect(row.timestamp).toMatch(TS)
    expect(Math.abs(Date.parse(row.timestamp as string) - Date.now())).toBeLessThan(10 * 60_000)
    expect(row.command).toBe("stats")
    expect(row.skill).toBe("demo")
    expect(row.skill_path).toBe(p.src)
    expect(row.cwd).toBe(p.work)
    expect(JSON.parse(row.args as string)).toEqual({ group_by: "commands", since: null, until: null, project: [] })
    expect(row.error).toBeNull()
    await p.runAsync(["stats", "demo"])
    expect(readLog(p.primary)).toHaveLength(2)
  })

  it("RFC-0005:C-CODES W002 when both locations fail; the command still succeeds with the same output", async () => {
    const p = project()
    const before = await p.runAsync(["stats", "demo", "--group-by", "files"])
    const q = project()
    writeFileSync(join(q.work, ".skillc", "runtime"), "")
    writeFileSync(join(q.work, ".skillc", "logs"), "")
    const r = await q.runAsync(["stats", "demo", "--group-by", "files"])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe("warning[W002]: logging disabled; run 'skc sync' after session to merge logs\n")
    expect(r.stdout).toBe(before.stdout)
    // A failing command keeps its own error and status too.
    const f = await q.runAsync(["stats", "demo", "--since", "nope"])
    expect(f.code).toBe(1)
    expect(f.stderr).toContain("error[E031]: invalid filter:")
    expect(f.stderr).toContain("warning[W002]")
  })
})

describe("RFC-0007:C-LOGGING gateway commands (DECISIONS #17, #18)", () => {
  it("RFC-0004:C-LOGGING show, search, outline, open, sources, build and lint each log one row with their args", async () => {
    const p = project()
    expect((await p.runAsync(["build", "demo", "--target", join(p.root, "agents")])).code).toBe(0)
    expect((await p.runAsync(["show", "demo", "--section", "install"])).code).toBe(0)
    expect((await p.runAsync(["show", "demo", "--section", "Nowhere"])).code).toBe(1)
    expect((await p.runAsync(["search", "demo", "usage"])).code).toBe(0)
    expect((await p.runAsync(["outline", "demo", "--level", "2"])).code).toBe(0)
    expect((await p.runAsync(["open", "demo", "SKILL.md", "--max-lines", "2"])).code).toBe(0)
    expect((await p.runAsync(["sources", "demo", "--depth", "1"])).code).toBe(0)
    await p.runAsync(["lint", "demo"])
    const rows = readLog(p.primary)
    expect(rows.map((r) => r.command)).toEqual(["build", "show", "show", "search", "outline", "open", "sources", "lint"])
    const args = rows.map((r) => JSON.parse(r.args as string))
    expect(args[1]).toMatchObject({ section: "Install", file: "SKILL.md" })
    expect(rows[1]!.error).toBeNull()
    expect(args[2]).toMatchObject({ section: "Nowhere" })
    expect(rows[2]!.error).toBe("error[E020]: section not found: 'Nowhere'")
    expect(args[3]).toMatchObject({ query: "usage" })
    expect(typeof args[3].result_count).toBe("number")
    expect(args[4]).toEqual({ level: 2 })
    expect(args[5]).toMatchObject({ path: "SKILL.md", max_lines: 2 })
    expect(args[6]).toMatchObject({ depth: 1 })
    // Stats reads what the gateway logged.
    const j = JSON.parse((await p.runAsync(["stats", "demo", "--group-by", "sections", "--format", "json"])).stdout)
    expect(j.data).toEqual([{ section: "Install", file: "SKILL.md", count: 1 }])
  })
})
