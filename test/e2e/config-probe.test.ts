// RFC-0009 (configuration files, resolution) as a demanding user met it: a probe of every key and
// hostile file. Each test is one finding that was a silent wrong value or a silently ignored one.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { writeTree } from "../helpers/tree.js"
import { sandbox } from "../helpers/cli.js"
import { connectMcp } from "../helpers/mcpClient.js"

const SKILL = "---\nname: demo\ndescription: Demonstrates config. Use when testing configuration.\n---\n# Demo\n\n## Usage\n\nRun it.\n"

const project = () => {
  const s = sandbox()
  mkdirSync(join(s.work, ".git"), { recursive: true })
  const dir = join(s.work, ".skillc", "skills", "demo")
  writeTree(dir, { "SKILL.md": SKILL })
  const config = (text: string | Buffer) => writeFileSync(join(s.work, ".skillc", "config.toml"), text)
  return { s, config }
}

describe("RFC-0009 configuration, probed", () => {
  it("a config message names the project's file from where the command runs (sixtieth pass: '.skillc/config.toml' from a subdirectory named no file there)", async () => {
    const { s, config } = project()
    config("bogus = 1\n")
    const deeper = join(s.work, "sub", "deeper")
    mkdirSync(deeper, { recursive: true })
    expect((await s.runAsync(["list"], deeper)).stderr).toContain("unknown key 'bogus' in ../../.skillc/config.toml ignored")
    expect((await s.runAsync(["list"], s.work)).stderr).toContain("unknown key 'bogus' in .skillc/config.toml ignored")
  })

  it("a relative [targets] directory and [build] targets path are the project's, whichever subdirectory builds (as [discovery] plugin_dirs)", async () => {
    const { s, config } = project()
    config('[targets]\nmine = "relskills"\n\n[build]\ntargets = ["./relskills2"]\n')
    const sub = join(s.work, "sub")
    mkdirSync(sub)
    expect((await s.runAsync(["build", "demo", "--target", "mine"], sub)).code).toBe(0)
    expect((await s.runAsync(["build", "demo"], sub)).code).toBe(0)
    expect([existsSync(join(s.work, "relskills", "demo")), existsSync(join(s.work, "relskills2", "demo"))]).toEqual([true, true])
    expect([existsSync(join(sub, "relskills")), existsSync(join(sub, "relskills2"))]).toEqual([false, false])
  })

  it("an invalid lint option in the project file falls back to the global file's valid one, not the default (per-key resolution)", async () => {
    const { s, config } = project()
    mkdirSync(join(s.home, ".skillc"), { recursive: true })
    writeFileSync(join(s.home, ".skillc", "config.toml"), "[lint]\nSKL201 = { max-lines = 3 }\n")
    config("[lint]\nSKL201 = { max-lines = -1 }\n")
    const r = await s.runAsync(["lint", "demo"])
    expect(r.stderr).toContain("lint.SKL201.max-lines in .skillc/config.toml must be a positive integer; using 3 (the global configuration's)")
    // The global 3 applies: the 9-line SKILL.md is over it.
    expect(r.stderr + r.stdout).toContain("SKL201")
  })

  it("an [agents.<name>] table of no agent is a warning naming the agents; a file that is not UTF-8 is refused whole; NaN is said as NaN", async () => {
    const { s, config } = project()
    config("[agents.claud]\nbudget_chars = 50\n")
    expect((await s.runAsync(["budget"])).stderr).toContain("unknown agent 'claud' in [agents.claud] of .skillc/config.toml ignored (agents: claude, codex,")
    config(Buffer.concat([Buffer.from('[targets]\nmine = "/tmp/caf'), Buffer.from([0xe9]), Buffer.from('"\n')]))
    const latin1 = await s.runAsync(["build", "demo", "--target", "mine"])
    expect(latin1.stderr).toContain("invalid TOML in .skillc/config.toml: not UTF-8 text (TOML files are UTF-8); file ignored")
    expect(latin1.code).not.toBe(0)
    config("[search]\nmax_file_bytes = nan\n")
    expect((await s.runAsync(["lint", "demo"])).stderr).toContain("invalid search.max_file_bytes NaN in .skillc/config.toml")
  })

  it("a version past 2^53 (valid 64-bit TOML) is a newer version, its known fields read; the file is not voided", async () => {
    const { s, config } = project()
    config('version = 9007199254740993\n[search]\ntokenizer = "cjk"\n')
    const r = await s.runAsync(["lint", "demo", "-v"])
    expect(r.stderr).toContain(".skillc/config.toml has version 9007199254740993, newer than supported version 1; using recognised fields only")
    expect(r.stderr).toContain("tokenizer: cjk (project)")
  })

  it("[lint] SKL106 = \"off\" silences build's SKL106 warning as it does lint's", async () => {
    const { s, config } = project()
    writeFileSync(join(s.work, ".skillc", "skills", "demo", "SKILL.md"), SKILL.replace("Demonstrates config. Use when testing configuration.", '"TODO: Add skill description"'))
    expect((await s.runAsync(["build", "demo"])).stderr).toContain("SKL106")
    config('[lint]\nSKL106 = "off"\n')
    expect((await s.runAsync(["build", "demo", "--force"])).stderr).not.toContain("SKL106")
  })

  it("a server sees a same-size edit that restores the old mtime (cp -p, rsync -t, tar)", async () => {
    const { s, config } = project()
    const file = join(s.work, ".skillc", "config.toml")
    const old = new Date("2026-01-01T00:00:00Z")
    config('[lint]\nSKL201 = "off"  \n')
    utimesSync(file, old, old)
    const mcp = await connectMcp({ cwd: s.work, home: s.home })
    try {
      const text = async () => JSON.stringify((await mcp.call("skc_lint", { skill: "demo" })).content)
      expect(await text()).not.toContain("unknown lint rule")
      // The same size, the same mtime, another rule name that does not exist: the warning shows it was read.
      config('[lint]\nSKL999 = "off"  \n')
      utimesSync(file, old, old)
      expect(await text()).toContain("unknown lint rule 'SKL999'")
    } finally {
      await mcp.close()
    }
  })
})
