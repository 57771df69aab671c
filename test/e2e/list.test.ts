/**
 * `skc list` end to end (RFC-0007:C-LIST, DECISIONS #1, #14, #33): real
 * stores in a sandbox, real manifests, the bundled CLI as a child process.
 */
import { Effect } from "effect"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { currentSourceHash } from "../../src/app/shared/sourceTree.js"
import { makeLiveLayer } from "../../src/index.js"
import { sandbox } from "../helpers/cli.js"

const skillMd = (name: string, description = `Use when testing ${name}.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nBody.\n`

const write = (file: string, text: string) => {
  mkdirSync(join(file, ".."), { recursive: true })
  writeFileSync(file, text)
}

const hashOf = (dir: string) =>
  Effect.runPromise(currentSourceHash(dir).pipe(Effect.map((r) => r.hash), Effect.provide(makeLiveLayer())))

const writeManifest = (runtimeDir: string, name: string, sourceHash: string) =>
  write(
    join(runtimeDir, ".skillc-meta", "manifest.json"),
    JSON.stringify({ skill: name, version: 1, built_at: "2026-01-30T00:00:00Z", source_hash: sourceHash })
  )

interface Listed {
  skills: Array<{ name: string; scope: string; status: string; source_path: string; runtime_path: string }>
  total: number
  filtered: number
}

describe("skc list", () => {
  const box = sandbox()
  const project = join(box.work, "proj")
  const pSkills = join(project, ".skillc", "skills")
  const pRuntime = join(project, ".skillc", "runtime")
  const gSkills = join(box.home, ".skillc", "skills")
  const gRuntime = join(box.home, ".skillc", "runtime")
  const sub = join(project, "src", "deep")

  beforeAll(async () => {
    mkdirSync(sub, { recursive: true })
    // Project: zeta (built, up to date), alpha (not built), beta (built, then edited: obsolete).
    write(join(pSkills, "zeta", "SKILL.md"), skillMd("zeta"))
    write(join(pSkills, "alpha", "SKILL.md"), skillMd("alpha"))
    write(join(pSkills, "beta", "SKILL.md"), skillMd("beta"))
    write(join(pSkills, "beta", "refs", "api.md"), "# API\n")
    writeManifest(join(pRuntime, "zeta"), "zeta", await hashOf(join(pSkills, "zeta")))
    writeManifest(join(pRuntime, "beta"), "beta", await hashOf(join(pSkills, "beta")))
    write(join(pSkills, "beta", "refs", "api.md"), "# API\n\nChanged after the build.\n")
    // Broken entries: skipped with a warning, never listed.
    write(join(pSkills, "broken", "SKILL.md"), "---\nname: [unclosed\ndescription: x\n---\n# Broken\n")
    write(join(pSkills, "nodesc", "SKILL.md"), "---\nname: nodesc\n---\n# No description\n")
    mkdirSync(join(pSkills, "empty-dir"), { recursive: true })
    write(join(pSkills, "stray-file.md"), "not a skill\n")
    // A manifest that is not JSON: not-built, not an error.
    write(join(pSkills, "gamma", "SKILL.md"), skillMd("gamma"))
    write(join(pRuntime, "gamma", ".skillc-meta", "manifest.json"), "{ not json")
    // Global: cuda (not built), git-tools (built), and a global 'alpha' beside the project one.
    write(join(gSkills, "cuda", "SKILL.md"), skillMd("cuda"))
    write(join(gSkills, "git-tools", "SKILL.md"), skillMd("git-tools"))
    write(join(gSkills, "alpha", "SKILL.md"), skillMd("alpha"))
    writeManifest(join(gRuntime, "git-tools"), "git-tools", await hashOf(join(gSkills, "git-tools")))
  })

  const listJson = (args: ReadonlyArray<string> = [], cwd = project) => {
    const r = box.run(["list", "--format", "json", ...args], cwd)
    // Warnings (a skipped invalid skill names its YAML syntax error) are fine; no error line.
    expect(r.stderr).not.toMatch(/^error/m)
    expect(r.code).toBe(0)
    return { ...r, json: JSON.parse(r.stdout) as Listed }
  }
  const rows = (l: Listed) => l.skills.map((s) => `${s.scope}/${s.name}:${s.status}`)

  it("RFC-0007:C-LIST discovers project then global skills, each by name, with fast status", () => {
    const { json, stderr } = listJson()
    expect(rows(json)).toEqual([
      "project/alpha:not-built",
      "project/beta:normal",
      "project/gamma:not-built",
      "project/zeta:normal",
      "global/alpha:not-built",
      "global/cuda:not-built",
      "global/git-tools:normal"
    ])
    expect(json.total).toBe(7)
    expect(json.filtered).toBe(7)
    const alpha = json.skills[0]!
    expect(alpha.source_path).toBe(join(pSkills, "alpha"))
    expect(alpha.runtime_path).toBe(join(pRuntime, "alpha"))
    expect(json.skills[4]!.source_path).toBe(join(gSkills, "alpha"))
    expect(json.skills[4]!.runtime_path).toBe(join(gRuntime, "alpha"))
    expect(Object.keys(alpha).sort()).toEqual(["name", "runtime_path", "scope", "source_path", "status"])
    // Invalid SKILL.md and directories without one are skipped with a warning; stray files silently.
    expect(stderr).toMatch(/warning: skipping '.*broken': invalid frontmatter/)
    expect(stderr).toMatch(/warning: skipping '.*nodesc': missing frontmatter field 'description'/)
    expect(stderr).toMatch(/warning: skipping '.*empty-dir': missing SKILL.md/)
    expect(stderr).not.toMatch(/stray-file/)
  })

  it("RFC-0007:C-LIST --check-obsolete compares the source hash with the manifest", () => {
    const { json } = listJson(["--check-obsolete"])
    expect(rows(json)).toContain("project/beta:obsolete")
    expect(rows(json)).toContain("project/zeta:normal")
    expect(rows(json)).toContain("global/git-tools:normal")
    expect(rows(json)).toContain("project/gamma:not-built")
  })

  it("RFC-0007:C-LIST --status filters (obsolete implies the hash check)", () => {
    expect(rows(listJson(["--status", "normal"]).json)).toEqual(["project/beta:normal", "project/zeta:normal", "global/git-tools:normal"])
    expect(rows(listJson(["--status", "normal", "--check-obsolete"]).json)).toEqual(["project/zeta:normal", "global/git-tools:normal"])
    const obsolete = listJson(["--status", "obsolete"]).json
    expect(rows(obsolete)).toEqual(["project/beta:obsolete"])
    expect(obsolete.total).toBe(7)
    expect(obsolete.filtered).toBe(1)
    expect(rows(listJson(["--status", "not-built"]).json)).toEqual([
      "project/alpha:not-built",
      "project/gamma:not-built",
      "global/alpha:not-built",
      "global/cuda:not-built"
    ])
    expect(listJson(["--status", "all"]).json.filtered).toBe(7)
  })

  it("RFC-0007:C-LIST --scope, --pattern (glob) and --limit; DECISIONS #33 counts", () => {
    expect(rows(listJson(["--scope", "global"]).json)).toEqual(["global/alpha:not-built", "global/cuda:not-built", "global/git-tools:normal"])
    const project = listJson(["--scope", "project"]).json
    expect(project.skills.every((s) => s.scope === "project")).toBe(true)
    expect(project.total).toBe(7)
    expect(project.filtered).toBe(4)
    expect(rows(listJson(["--pattern", "g*"]).json)).toEqual(["project/gamma:not-built", "global/git-tools:normal"])
    expect(rows(listJson(["--pattern", "{alpha,cuda}"]).json)).toEqual(["project/alpha:not-built", "global/alpha:not-built", "global/cuda:not-built"])
    const limited = listJson(["--limit", "2"]).json
    expect(rows(limited)).toEqual(["project/alpha:not-built", "project/beta:normal"])
    expect(limited.total).toBe(7)
    expect(limited.filtered).toBe(7)
    const combined = listJson(["--scope", "global", "--status", "not-built", "--pattern", "*a*", "--limit", "1"]).json
    expect(rows(combined)).toEqual(["global/alpha:not-built"])
    expect(combined.filtered).toBe(2)
  })

  it("RFC-0007:C-LIST the project store is found walking up from a subdirectory (DECISIONS #14)", () => {
    expect(rows(listJson([], sub).json)).toEqual(rows(listJson().json))
  })

  it("RFC-0007:C-LIST text table, and --verbose adds the SOURCE column", () => {
    const text = box.run(["list"], project)
    expect(text.code).toBe(0)
    const lines = text.stdout.trimEnd().split("\n")
    expect(lines[0]).toMatch(/^SKILL\s+SCOPE\s+STATUS$/)
    expect(lines[1]).toMatch(/^alpha\s+project\s+not-built$/)
    expect(lines).toHaveLength(8)
    const verbose = box.run(["list", "--verbose"], project)
    const vlines = verbose.stdout.trimEnd().split("\n")
    expect(vlines[0]).toMatch(/^SKILL\s+SCOPE\s+STATUS\s+SOURCE$/)
    expect(vlines[1]).toMatch(/^alpha\s+project\s+not-built\s+\.skillc\/skills\/alpha$/)
    // The global alpha, named like the project's, is marked shadowed (docs/resolution.md "Enumeration").
    expect(vlines[5]).toMatch(/^alpha\s+global\s+not-built \(shadowed\)\s+~\/\.skillc\/skills\/alpha$/)
  })

  it("RFC-0007:C-LIST no skills is an empty list, not an error", () => {
    const empty = sandbox()
    const r = empty.run(["list", "--format", "json"])
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({ skills: [], total: 0, filtered: 0 })
    const text = empty.run(["list"])
    expect(text.code).toBe(0)
    expect(text.stdout).toBe("No skills found\n")
    const none = box.run(["list", "--pattern", "nothing-*"], project)
    expect(none.code).toBe(0)
    expect(none.stdout).toMatch(/No skills match/)
  })

  it("RFC-0005 E100 for invalid filter values (DECISIONS #32)", () => {
    for (const [args, needle] of [
      [["--scope", "local"], "--scope"],
      [["--status", "stale"], "--status"],
      [["--limit", "0"], "--limit"],
      [["--format", "xml"], "format"]
    ] as const) {
      const r = box.run(["list", ...args], project)
      expect(r.code).toBe(1)
      expect(r.stdout).toBe("")
      expect(r.stderr).toMatch(/^error\[E100\]: invalid option: /)
      expect(r.stderr).toContain(needle)
    }
    const r = box.run(["list", "--scope", "local"], project)
    expect(r.stderr).toContain(`expected "project" | "global" | "agent" | "all", actual "local"`)
  })
})
