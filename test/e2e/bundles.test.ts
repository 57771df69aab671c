// The executable's bundles (issue 16, scripts/bundle.mjs): `--version` from
// dist/version, the per-command bundles of the hot commands
// (dist/commands/<name>.cjs) and the full CLI (dist/cli.cjs) answer every
// invocation alike, and their code caches are an optimisation only.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { ROOT, sandbox, spawnAsync, tempDir, type RunResult } from "../helpers/cli.js"

/** A copy of the executable: bin/ and dist/ (without the caches), and node_modules linked. */
const install = (withCommands: boolean): string => {
  const dir = tempDir("skc-install-")
  mkdirSync(join(dir, "dist", "commands"), { recursive: true })
  cpSync(join(ROOT, "bin"), join(dir, "bin"), { recursive: true })
  cpSync(join(ROOT, "dist", "cli.cjs"), join(dir, "dist", "cli.cjs"))
  if (withCommands) {
    cpSync(join(ROOT, "dist", "version"), join(dir, "dist", "version"))
    for (const f of readdirSync(join(ROOT, "dist", "commands"))) {
      if (f.endsWith(".cjs")) cpSync(join(ROOT, "dist", "commands", f), join(dir, "dist", "commands", f))
    }
  }
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"))
  return join(dir, "bin", "skc.mjs")
}

describe("the executable's bundles", () => {
  const s = sandbox()
  let lean = ""
  let fullOnly = ""
  const run = (bin: string, args: ReadonlyArray<string>): Promise<RunResult> =>
    spawnAsync(process.execPath, [bin, ...args], {
      cwd: s.work,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: s.home, SKILLC_HOME: s.home, NO_COLOR: "1", LANG: "C.UTF-8" }
    })

  beforeAll(() => {
    lean = install(true)
    fullOnly = install(false)
    cpSync(join(ROOT, "examples", "git-helper"), join(s.work, ".skillc", "skills", "git-helper"), { recursive: true })
    expect(s.run(["build", "git-helper"]).code).toBe(0)
  })

  it("every hot command has its bundle", () => {
    for (const c of ["init", "build", "outline", "show", "search", "open", "sources", "stats"]) {
      expect(existsSync(join(ROOT, "dist", "commands", `${c}.cjs`)), c).toBe(true)
    }
  })

  const invocations: ReadonlyArray<ReadonlyArray<string>> = [
    ["--version"],
    ["show", "git-helper", "--section", "Undo the last commit"],
    ["show", "git-helper", "--section", "Undo the last commit", "--format", "json"],
    ["show", "git-helper", "--section", "no such heading"],
    ["show", "git-helper"],
    ["show", "git-helper", "--bogus"],
    ["show", "--help"],
    ["show", "nope", "--section", "x"],
    ["outline", "git-helper"],
    ["outline", "git-helper", "--level", "2", "--tokens"],
    ["outline", "git-helper", "--level=2"],
    ["search", "git-helper", "undo commit"],
    ["search", "git-helper", "undo", "--format", "yaml"],
    ["open", "git-helper", "SKILL.md"],
    ["build", "git-helper"],
    ["build", "git-helper", "--format", "json"],
    ["build", "nope", "git-helper"],
    ["build", "git-helper", "--bogus"],
    ["sources", "git-helper"]
  ]

  it("the per-command bundles answer as the full CLI does: output, errors, exit status", async () => {
    for (const args of invocations) {
      // twice: the first run writes the code caches, the second uses them
      for (const round of [1, 2]) {
        const a = await run(lean, args)
        const b = await run(fullOnly, args)
        expect({ args, round, ...a }).toEqual({ args, round, ...b })
      }
    }
  })

  it("init: the same skill from both", async () => {
    const a = await run(lean, ["init", "from-lean"])
    const b = await run(fullOnly, ["init", "from-full"])
    expect(a.code).toBe(0)
    expect(a.stdout.replaceAll("from-lean", "NAME")).toBe(b.stdout.replaceAll("from-full", "NAME"))
    expect(a.stderr).toBe(b.stderr)
  })

  it("a successful run writes its bundle's code cache; a corrupt cache is rejected and rewritten", async () => {
    const args = ["show", "git-helper", "--section", "Undo the last commit"]
    const cache = join(lean, "..", "..", "dist", "commands", "show.cache")
    const first = await run(lean, args)
    expect(first.code).toBe(0)
    expect(existsSync(cache)).toBe(true)
    writeFileSync(cache, Buffer.from("not a V8 code cache"))
    expect(await run(lean, args)).toEqual(first)
    expect(await run(lean, args)).toEqual(first)
  })

  it("a failed run writes no cache", async () => {
    const cache = join(lean, "..", "..", "dist", "commands", "search.cache")
    rmSync(cache, { force: true })
    const r = await run(lean, ["search", "no-such-skill", "x"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E001\]/)
    expect(existsSync(cache)).toBe(false)
  })
})
