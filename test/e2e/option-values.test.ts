// Option values a demanding user gets wrong on purpose (thirty-eighth pass): an integer option takes decimal
// digits only, `--skill` naming no skill says so in the flag's words, and `skc mcp` takes a dash-led value
// after a value-taking option as every other command does (src/cli/argv.ts). All E100 (RFC-0005:C-CODES,
// RFC-0004:C-ERRORS "other CLI parsing failure"). Run against dist/ through bin/skc.mjs: both the per-command
// bundles and the full CLI answer.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { builtSkill, sandbox } from "../helpers/cli.js"

describe("integer options take decimal digits only (RFC-0005:C-CODES E100)", () => {
  it("`--limit 1e1`, `0x10`, `1.0`, `+5`, ` 5` are refused as `--limit abc` is; `--limit 1` still answers", async () => {
    const sb = sandbox()
    builtSkill(sb, "s", "Test skill. Use when testing.", "# S\n\nExtract text here.\n")
    for (const value of ["abc", "1e1", "0x10", "1.0", "+5", " 5"]) {
      const r = await sb.runAsync(["search", "s", "extract", "--limit", value])
      expect(r.stderr, value).toBe(`error[E100]: invalid option: --limit: '${value}' is not an integer\n`)
      expect(r.stdout, value).toBe("")
      expect(r.code, value).toBe(1)
    }
    // Decimal digits too many for any integer option: out of range, not "not an integer".
    for (const value of ["99999999999999999999", "-99999999999999999999"]) {
      const r = await sb.runAsync(["search", "s", "extract", `--limit=${value}`])
      expect(r.stderr, value).toBe(`error[E100]: invalid option: --limit: '${value}' is out of range\n`)
      expect(r.code, value).toBe(1)
    }
    // The same through `--limit=…` and on the search across skills.
    const joined = await sb.runAsync(["search", "--all", "extract", "--limit=1e1"])
    expect(joined.stderr).toBe("error[E100]: invalid option: --limit: '1e1' is not an integer\n")
    const ok = await sb.runAsync(["search", "s", "extract", "--limit", "1", "--format", "json"])
    expect(ok.stderr).toBe("")
    expect(JSON.parse(ok.stdout).results).toHaveLength(1)
  })

  it("`skc run --timeout 1e1` and `skc mcp --port 1e1` are refused before anything runs", async () => {
    const sb = sandbox()
    const run = await sb.runAsync(["run", "s", "t", "--timeout", "1e1"])
    expect(run.stderr).toBe("error[E100]: invalid option: --timeout: '1e1' is not an integer\n")
    expect(run.code).toBe(1)
    // Before: a server listening on port 10.
    const mcp = await sb.runAsync(["mcp", "--http", "--project", sb.work, "--port", "1e1"])
    expect(mcp.stderr).toBe("error[E100]: invalid option: --port: '1e1' is not an integer\n")
    expect(mcp.code).toBe(1)
  })
})

describe("`skc search --all --skill` (RFC-0004:C-ERRORS E100)", () => {
  it("names are trimmed; a `--skill` naming no skill is E100 in the flag's words, not 'skills is empty'", async () => {
    const sb = sandbox()
    builtSkill(sb, "pdf", "Work with PDF files. Use when reading PDFs.", "# PDF\n\nExtract text from pdf files.\n")
    const padded = await sb.runAsync(["search", "--all", "extract", "--skill", " pdf , ", "--format", "json"])
    expect(padded.stderr).toBe("")
    expect(JSON.parse(padded.stdout).results.map((r: { skill: string }) => r.skill)).toEqual(["pdf"])
    for (const value of ["", " ", ",", " , "]) {
      const r = await sb.runAsync(["search", "--all", "extract", "--skill", value])
      expect(r.stderr, JSON.stringify(value)).toBe(
        `error[E100]: invalid option: --skill names no skill ('${value}'): give comma-separated names or paths, or leave --skill out to search every visible skill\n`
      )
      expect(r.code).toBe(1)
    }
  })
})

describe("`skc mcp` takes a dash-led option value as the other commands do (src/cli/argv.ts)", () => {
  it("`--project -dir` is the directory `-dir`; `--project --tools` is still a missing value", async () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, "-dir", ".skillc", "skills"), { recursive: true })
    // stdin is empty: the stdio server starts, reads end of input and exits 0.
    const served = await sb.runAsync(["mcp", "--project", "-dir"])
    expect(served.stderr).toBe("")
    expect(served.code).toBe(0)
    const missing = await sb.runAsync(["mcp", "--project", "-nope"])
    expect(missing.stderr).toBe("error[E100]: invalid option: --project: not a directory: '-nope'\n")
    expect(missing.code).toBe(1)
    const option = await sb.runAsync(["mcp", "--project", "--tools"])
    expect(option.stderr).toBe("error[E100]: invalid option: Expected a value following option: '--project'\n")
    expect(option.code).toBe(1)
  })
})

// Not changed (thirty-eighth pass): a failed build of a skill that resolves still logs its row, and
// RFC-0007:C-LOGGING says where: `.skillc-meta/logs.db` in the runtime directory, which "MUST attempt to
// create the runtime directory … if they do not exist" (DECISIONS #17: build is logged, failures counted
// under errors). What the failure leaves is that log and nothing else; a skill that does not resolve leaves nothing.
describe("a failed `skc build` leaves only its access-log row (RFC-0007:C-LOGGING, DECISIONS #17)", () => {
  it("E011 (malformed frontmatter): the runtime directory holds the log alone; E001: no runtime directory", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc", "skills", "bad")
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), "---\nname: bad\ndescription: [unclosed\n---\n# Bad\n")
    const r = await sb.runAsync(["build", "bad"])
    expect(r.stderr).toMatch(/^error\[E011\]: invalid frontmatter in SKILL\.md: /)
    expect(r.code).toBe(1)
    const runtime = join(sb.work, ".skillc", "runtime")
    expect(readdirSync(join(runtime, "bad"))).toEqual([".skillc-meta"])
    expect(readdirSync(join(runtime, "bad", ".skillc-meta")).filter((f) => !f.startsWith("logs.db"))).toEqual([])
    const missing = await sb.runAsync(["build", "nosuch"])
    expect(missing.stderr.split("\n")[0]).toBe("error[E001]: skill 'nosuch' not found")
    expect(readdirSync(runtime)).toEqual(["bad"])
  })
})
