// RFC-0001:C-DEPLOYMENT `--global` forces the SSOT into the global runtime; every
// later command of that project skill must find its build there (index, logs).
import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("RFC-0001:C-DEPLOYMENT build --global of a project skill", () => {
  const s = sandbox()
  s.run(["init"])
  const dir = join(s.work, ".skillc", "skills", "proj")
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), "---\nname: proj\ndescription: A project skill built globally\n---\n# Proj\n\n## Usage\n\nglobalword lives here.\n")

  it("show and search use the global runtime the build wrote", async () => {
    const b = await s.runAsync(["build", "proj", "--global"])
    expect(b.code).toBe(0)
    expect(existsSync(join(s.home, ".skillc", "runtime", "proj", ".skillc-meta", "manifest.json"))).toBe(true)
    expect(existsSync(join(s.work, ".skillc", "runtime", "proj"))).toBe(false)
    const found = await s.runAsync(["search", "proj", "globalword", "--format", "json"])
    expect(found.code).toBe(0)
    expect(JSON.parse(found.stdout).results.length).toBeGreaterThan(0)
    const shown = await s.runAsync(["show", "proj", "--section", "Usage"])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain("globalword")
  })

  it("a later project build takes precedence again", async () => {
    expect((await s.runAsync(["build", "proj"])).code).toBe(0)
    expect(existsSync(join(s.work, ".skillc", "runtime", "proj", ".skillc-meta", "manifest.json"))).toBe(true)
    expect((await s.runAsync(["search", "proj", "globalword"])).code).toBe(0)
  })
})
