// A skill renamed or removed: its reads until then are in the runtime it was deployed to, which no skill in
// scope resolves to any more (a stub whose source is gone resolves to a cache directory). `skc sync --to`
// pushed nothing of them and said nothing (a team-store probe); now every such log is offered, once.
// Dry runs: what a push would offer, without a team database.
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ROOT, sandbox } from "../helpers/cli.js"

type Plan = { skills: Array<{ skill: string; rows: number }>; rows: number }

describe("sync --to a renamed skill's log", () => {
  it("offers the old runtime's log with --all and by the old name, each log once", async () => {
    const s = sandbox()
    mkdirSync(join(s.work, ".git"))
    expect((await s.runAsync(["init"])).code).toBe(0)
    const store = join(s.work, ".skillc", "skills")
    cpSync(join(ROOT, "test", "fixtures", "catalogue", "commit-messages"), join(store, "commit-messages"), { recursive: true })
    expect((await s.runAsync(["build", "--all"])).code).toBe(0)
    expect((await s.runAsync(["search", "commit-messages", "before the rename"], s.work, { SKC_ROLE: "agent" })).code).toBe(0)
    renameSync(join(store, "commit-messages"), join(store, "commit-msgs"))
    const md = join(store, "commit-msgs", "SKILL.md")
    writeFileSync(md, readFileSync(md, "utf8").replace(/^name: commit-messages$/m, "name: commit-msgs"))
    expect((await s.runAsync(["build", "--all"])).code).toBe(0)

    const all = await s.runAsync(["sync", "--to", "postgres://team.example/db", "--dry-run", "--format", "json"])
    expect(all.code, all.stderr).toBe(0)
    const plan = JSON.parse(all.stdout) as Plan
    const old = plan.skills.filter((x) => x.skill === "commit-messages")
    expect(old).toHaveLength(1)
    expect(old[0]!.rows).toBeGreaterThanOrEqual(2) // its build and the agent's search
    expect(plan.skills.map((x) => x.skill)).toContain("commit-msgs")

    const named = await s.runAsync(["sync", "commit-messages", "--to", "postgres://team.example/db", "--dry-run", "--format", "json"])
    expect(named.code, named.stderr).toBe(0)
    expect((JSON.parse(named.stdout) as Plan).skills).toEqual([{ skill: "commit-messages", rows: old[0]!.rows }])
  })
})
