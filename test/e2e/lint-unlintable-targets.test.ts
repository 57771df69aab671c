/**
 * `skc lint` of the whole store, or of a folder of skill folders, when a folder's SKILL.md is there but cannot
 * be read (a link that loops, a link that leads nowhere, a directory): that folder is a failed target (E010, as
 * `skc lint <it>`, `build` and `outline` name it alone), the others are linted all the same (README "skc lint":
 * one that is not a skill or cannot be read does not stop the others; DECISIONS #12). A SKILL.md linked to
 * itself stopped the whole lint with E999 and no report.
 */
import { mkdirSync, symlinkSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"
import { CLEAN } from "../fixtures/lintRules.js"
import { ajv, reportSchema, sarifSchema } from "../fixtures/lintSchemas.js"

const sb = sandbox()

const E010 = (dir: string) => `error[E010]: not a valid skill: '.skillc/skills/${dir}' (missing SKILL.md)`

/** A project whose store holds a clean skill (`demo`) and three folders whose SKILL.md cannot be read. */
const project = (name: string) => {
  const proj = join(sb.root, name)
  const store = join(proj, ".skillc", "skills")
  writeTree(proj, { ".skillc/skills/demo/SKILL.md": CLEAN["SKILL.md"] as string })
  mkdirSync(join(store, "loopy"))
  symlinkSync("SKILL.md", join(store, "loopy", "SKILL.md"))
  mkdirSync(join(store, "dang"))
  symlinkSync("nowhere.md", join(store, "dang", "SKILL.md"))
  mkdirSync(join(store, "mddir", "SKILL.md"), { recursive: true })
  return proj
}

describe("skc lint over many skills when a SKILL.md cannot be read", () => {
  it("DECISIONS #12 the whole store: a looping SKILL.md is a failed target (E010), the other skills linted, in text, JSON and SARIF", async () => {
    const proj = project("store")
    const text = await sb.runAsync(["lint"], proj)
    expect(text.code).toBe(1)
    expect(text.stderr).not.toContain("E999")
    expect(text.stderr).toContain(`${E010("loopy")}\n`)
    expect(text.stderr).toContain(`${E010("dang")}\n`)
    expect(text.stderr).toContain(`${E010("mddir")}\n  its SKILL.md is a directory: make it a regular file\n`)
    expect(text.stdout).toBe("demo: 0 errors, 0 warnings\n1 skill: 0 errors, 0 warnings; 3 failed\n")
    const all = await sb.runAsync(["lint", "--all"], proj)
    expect([all.code, all.stdout, all.stderr]).toEqual([text.code, text.stdout, text.stderr])

    const json = await sb.runAsync(["lint", "--format", "json"], proj)
    expect(json.code).toBe(1)
    const doc = JSON.parse(json.stdout)
    for (const d of doc) expect(ajv.validate(reportSchema, d), ajv.errorsText()).toBe(true)
    expect(doc.map((d: { skill: string; error?: { code: string } }) => [d.skill, d.error?.code ?? null])).toEqual([
      ["dang", "E010"],
      ["demo", null],
      ["loopy", "E010"],
      ["mddir", "E010"]
    ])

    const sarif = await sb.runAsync(["lint", "--format", "sarif"], proj)
    expect(sarif.code).toBe(1)
    const run = JSON.parse(sarif.stdout).runs[0]
    expect(ajv.validate(sarifSchema, JSON.parse(sarif.stdout)), ajv.errorsText()).toBe(true)
    expect(run.invocations[0].executionSuccessful).toBe(false)
    expect(run.invocations[0].toolExecutionNotifications.map((n: { properties: { target: string } }) => n.properties.target)).toEqual(["dang", "loopy", "mddir"])
  })

  it("RFC-0005:C-CODES a looping SKILL.md named alone is E010 for lint, build and outline alike; list says it is missing", async () => {
    const proj = project("alone")
    for (const command of ["lint", "build", "outline"]) {
      const r = await sb.runAsync([command, "loopy"], proj)
      expect([command, r.code, r.stderr]).toEqual([command, 1, `${E010("loopy")}\n`])
    }
    const listed = await sb.runAsync(["list"], proj)
    expect(listed.stderr).toContain("loopy': missing SKILL.md")
    expect(listed.stderr).not.toContain("ELOOP")
  })

  it("README skc lint a folder of skill folders reports each folder whose SKILL.md cannot be read as a failed target", async () => {
    const proj = project("folder")
    const r = await sb.runAsync(["lint", ".skillc/skills/"], proj)
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(`${E010("dang")}\n${E010("loopy")}\n${E010("mddir")}\n  its SKILL.md is a directory: make it a regular file\n`)
    expect(r.stdout).toBe("demo: 0 errors, 0 warnings\n1 skill: 0 errors, 0 warnings; 3 failed\n")
    const json = JSON.parse((await sb.runAsync(["lint", ".skillc/skills/", "--format", "json"], proj)).stdout)
    expect(json.map((d: { skill: string; error?: { code: string } }) => [d.skill, d.error?.code ?? null])).toEqual([
      ["demo", null],
      [".skillc/skills/dang", "E010"],
      [".skillc/skills/loopy", "E010"],
      [".skillc/skills/mddir", "E010"]
    ])
  })
})
