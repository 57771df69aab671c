// The words of an invocation as the CLI reads them (thirty-sixth pass): `--`
// ends option parsing for every command, and a value-taking option takes a
// dash-led next word as its value unless that word is one of the command's
// options (src/cli/argv.ts).
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { builtSkill, sandbox } from "../helpers/cli.js"

describe("`--` and dash-led option values", () => {
  it("`skc open s -- -notes.md` opens the file `-notes.md`; without `--` it is still an unknown option", async () => {
    const sb = sandbox()
    builtSkill(sb, "s", "Test skill. Use when testing.", "# S\n")
    writeFileSync(join(sb.work, ".skillc", "skills", "s", "-notes.md"), "dash notes\n")
    const opened = await sb.runAsync(["open", "s", "--", "-notes.md"])
    expect(opened.stderr).toBe("")
    expect(opened.stdout).toBe("dash notes\n")
    expect(opened.code).toBe(0)
    const json = await sb.runAsync(["open", "--format", "json", "s", "--", "-notes.md"])
    expect(JSON.parse(json.stdout).path).toBe("-notes.md")
    const bare = await sb.runAsync(["open", "s", "-notes.md"])
    expect(bare.stderr.split("\n")[0]).toMatch(/^error\[E100\]: invalid option: .*'-n.*'$/)
    expect(bare.code).toBe(1)
  })

  it("a dash-led word after `--` is an operand for a command off the fast path too (lint)", async () => {
    const sb = sandbox()
    // Not a typo refused as an option: the skill `-x` looked up, and not found (E001).
    const r = await sb.runAsync(["lint", "--", "-x"])
    expect(r.stderr.split("\n")[0]).toBe("error[E001]: skill '-x' not found")
    expect(r.code).toBe(1)
  })

  it("`--section \"-v flag\"` is the section `-v flag`, as `--section=-v flag` is; `--section --format json` stays an error", async () => {
    const sb = sandbox()
    builtSkill(sb, "s", "Test skill. Use when testing.", "# S\n\n## -v flag\n\nPrints more.\n")
    const spaced = await sb.runAsync(["show", "s", "--section", "-v flag"])
    expect(spaced.stderr).toBe("")
    expect(spaced.stdout).toContain("Prints more.")
    expect(spaced.code).toBe(0)
    const joined = await sb.runAsync(["show", "s", "--section=-v flag"])
    expect(spaced.stdout).toBe(joined.stdout)
    const missing = await sb.runAsync(["show", "s", "--section", "--format", "json"])
    expect(missing.stderr).toBe("error[E100]: invalid option: Expected a value following option: '--section'\n")
    expect(missing.code).toBe(1)
    const alias = await sb.runAsync(["show", "s", "--section", "-v"])
    expect(alias.stderr).toBe("error[E100]: invalid option: Expected a value following option: '--section'\n")
  })
})
