// The executable's contract (DECISIONS: contract of the executable), RFC-0006 and RFC-0007:C-RESOLUTION end to end.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"

describe("skc executable", () => {
  const s = sandbox()

  it("--version prints the package version", async () => {
    const r = await s.runAsync(["--version"])
    const pkg = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8"))
    expect(r.code).toBe(0)
    expect(r.stdout.trim()).toBe(pkg.version)
  })

  it("--help works for the root and every command, with examples and no ANSI when piped", () => {
    for (const args of [["--help"], ["init", "--help"]]) {
      const r = s.run(args)
      expect(r.code).toBe(0)
      expect(r.stdout).toContain("Examples:")
      expect(r.stdout).not.toMatch(/\u001b\[/)
      expect(r.stdout).not.toMatch(/RFC-\d/)
    }
  })

  it("`skc help [command]` is `skc [command] --help`; an unknown command stays E100", async () => {
    for (const [asked, same] of [[["help"], ["--help"]], [["help", "build"], ["build", "--help"]]] as const) {
      const r = await s.runAsync(asked)
      expect(r.code).toBe(0)
      expect(r.stdout).toBe((await s.runAsync(same)).stdout)
    }
    const unknown = await s.runAsync(["help", "nosuch"])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/^error\[E100\]: invalid option: Invalid subcommand for skc/)
  })

  it("E100 for an unknown flag, nothing on stdout", async () => {
    const r = await s.runAsync(["init", "--bogus"])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/^error\[E100\]: invalid option: .*'--bogus'\n$/)
  })

  it("E100 for an unknown subcommand and a bad --format", async () => {
    const a = await s.runAsync(["frobnicate"])
    expect(a.code).toBe(1)
    expect(a.stderr).toMatch(/^error\[E100\]: invalid option: /)
    const b = await s.runAsync(["init", "--format", "yaml"])
    expect(b.code).toBe(1)
    expect(b.stderr).toBe("error[E100]: invalid option: unknown format 'yaml' (expected text, json)\n")
  })
})

// The use case (global store, walking up, the home's .skillc, config problems)
// is tested in process in test/app/init.test.ts.
describe("RFC-0006:C-INIT end to end", () => {
  const s = sandbox()

  it("project init is idempotent and prints a confirmation", async () => {
    const a = await s.runAsync(["init"])
    expect(a.code).toBe(0)
    expect(a.stdout).toContain("Initialized")
    expect(existsSync(join(s.work, ".skillc", "skills"))).toBe(true)
    const b = await s.runAsync(["init"])
    expect(b.code).toBe(0)
  })

  it("creates a skill, then E050 on the second attempt", async () => {
    const a = await s.runAsync(["init", "my-skill"])
    expect(a.code).toBe(0)
    expect(readFileSync(join(s.work, ".skillc/skills/my-skill/SKILL.md"), "utf8")).toBe(
      '---\nname: my-skill\ndescription: "TODO: Add skill description"\n---\n\n# My Skill\n'
    )
    const b = await s.runAsync(["init", "my-skill"])
    expect(b.code).toBe(1)
    expect(b.stdout).toBe("")
    expect(b.stderr).toBe("error[E050]: skill 'my-skill' already exists\n  edit it at '.skillc/skills/my-skill/SKILL.md', or choose another name\n")
    const bad = await s.runAsync(["init", "Not_Valid"])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^error: invalid skill name 'Not_Valid'/)
  })

  it("verbose mode prints resolution details to stderr only", async () => {
    const r = await s.runAsync(["init", "verbose-one", "-v"])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain("project root:")
    expect(r.stdout).not.toContain("project root:")
    const e = await s.runAsync(["init", "verbose-two"], s.work, { SKC_VERBOSE: "1" })
    expect(e.stderr).toContain("skc: done in")
  })

  it("config problems are reported and never fatal", async () => {
    writeFileSync(join(s.work, ".skillc", "config.toml"), "version = 0\n")
    mkdirSync(join(s.home, ".skillc"), { recursive: true })
    writeFileSync(join(s.home, ".skillc", "config.toml"), "mystery = 1\n")
    const r = await s.runAsync(["init", "cfg-skill"], s.work, { SKILLC_TOKENIZER: "klingon" })
    expect(r.code).toBe(0)
    expect(r.stderr).toContain("warning: invalid version in .skillc/config.toml")
    expect(r.stderr).toContain("warning: unknown key 'mystery'")
    expect(r.stderr).toContain("warning: invalid SKILLC_TOKENIZER value 'klingon'")
  })
})
