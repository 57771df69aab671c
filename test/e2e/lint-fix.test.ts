/**
 * `skc lint --fix` and `--fix-dry-run` end to end through bin/skc.mjs on a
 * temp copy (issue 50; RFC-0008:C-DIAGNOSTICS exit codes after the fix).
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"
import { ajv, reportSchema } from "../fixtures/lintSchemas.js"

const sb = sandbox()

// A BOM, CRLF, a comment and unusual key order: all of it must survive the fix.
const SKILL =
  "\uFEFF---\r\ndescription: 'Fills forms. Use when asked to fill a PDF form.'\r\n# owner note\r\nname: forms\r\nmetadata:\r\n  version: 2.10\r\n---\r\n# Forms\r\n\r\nRead [the fields](FIELDS.md) first.\r\n"
const FIXED = SKILL.replace("version: 2.10", 'version: "2.10"').replace("(FIELDS.md)", "(fields.md)")

describe("skc lint --fix (issue 50)", () => {
  it("--fix-dry-run prints the unified diff, writes nothing, exits as the fixed skill would", async () => {
    const dir = join(sb.work, "dry", "forms")
    writeTree(dir, { "SKILL.md": SKILL, "fields.md": "# Fields\n" })
    const r = await sb.runAsync(["lint", "dry/forms", "--fix-dry-run"])
    // SKL402 is an error before the fix; nothing remains after it.
    expect(r.code).toBe(0)
    // Named by its path: the diff names the file from the working directory, where `git apply` runs.
    expect(r.stdout).toContain("--- a/dry/forms/SKILL.md\n+++ b/dry/forms/SKILL.md\n")
    // The file's CRLF kept in the diff's lines, so `patch` and `git apply` apply it (test/domain/lint-fix.test.ts).
    expect(r.stdout).toContain('-  version: 2.10\r\n+  version: "2.10"\r\n')
    expect(r.stdout).toContain("-Read [the fields](FIELDS.md) first.\r\n+Read [the fields](fields.md) first.\r\n")
    expect(r.stdout).toContain("forms: 0 errors, 0 warnings, 2 fixable")
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toBe(SKILL)
  })

  it("--fix-dry-run of a skill outside the working directory names it from there (`a/../x`), never `a//abs/path`", async () => {
    writeTree(join(sb.work, "outside", "forms"), { "SKILL.md": SKILL, "fields.md": "# Fields\n" })
    writeTree(join(sb.work, "outside", "here"), { "README.md": "x\n" })
    const cwd = join(sb.work, "outside", "here")
    const r = await sb.runAsync(["lint", "../forms", "--fix-dry-run"], cwd)
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("--- a/../forms/SKILL.md\n+++ b/../forms/SKILL.md\n")
    expect(r.stdout).not.toMatch(/^--- a\/\//m)
    // The JSON document is unchanged by it: the report's path stays as messages name it.
    const json = await sb.runAsync(["lint", "../forms", "--fix-dry-run", "--format", "json"], cwd)
    const doc = JSON.parse(json.stdout)
    expect(ajv.validate(reportSchema, doc), ajv.errorsText()).toBe(true)
    expect(doc.diffDir).toBeUndefined()
  })

  it("--fix writes the fixes, the rest byte for byte, reports `fixed` in JSON, and a second run changes nothing", async () => {
    const dir = join(sb.work, "fix", "forms")
    writeTree(dir, { "SKILL.md": SKILL, "fields.md": "# Fields\n" })
    const before = await sb.runAsync(["lint", "fix/forms"])
    expect(before.code).toBe(1)
    const r = await sb.runAsync(["lint", "fix/forms", "--fix", "--format", "json"])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout)
    expect(ajv.validate(reportSchema, doc), ajv.errorsText()).toBe(true)
    expect(doc.diagnostics).toEqual([])
    expect(doc.fixed.map((d: { rule: string }) => d.rule).sort()).toEqual(["SKL112", "SKL402"])
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toBe(FIXED)
    const again = await sb.runAsync(["lint", "fix/forms", "--fix"])
    expect(again.code).toBe(0)
    expect(again.stdout.trim()).toBe("forms: 0 errors, 0 warnings, 0 fixed")
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toBe(FIXED)
  })

  it("exits 1 when an error remains after the fix", async () => {
    const dir = join(sb.work, "rest", "forms")
    writeTree(dir, { "SKILL.md": SKILL.replace("(FIELDS.md)", "(missing.md)"), "fields.md": "# Fields\n" })
    const r = await sb.runAsync(["lint", "rest/forms", "--fix"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("SKL301 link-file-exists")
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toContain('version: "2.10"')
  })

  it("DECISIONS #38: --fix never writes a skill found by name in an agent directory skc did not build; --fix-dry-run shows its fixes", async () => {
    const dir = join(sb.work, ".agents", "skills", "forms")
    writeTree(dir, { "SKILL.md": SKILL, "fields.md": "# Fields\n" })
    const r = await sb.runAsync(["lint", "forms", "--fix"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("'forms' is a skill in an agent directory that skc did not build (.agents/skills/forms)")
    expect(r.stderr).toContain("skc build .agents/skills/forms --force")
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toBe(SKILL)
    const dry = await sb.runAsync(["lint", "forms", "--fix-dry-run"])
    expect(dry.stdout).toContain('+  version: "2.10"\r\n')
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toBe(SKILL)
  })

  it("E100: --fix with --fix-dry-run is refused before any file is read or written (was: the dry run, silently)", async () => {
    const dir = join(sb.work, "both", "forms")
    writeTree(dir, { "SKILL.md": SKILL, "fields.md": "# Fields\n" })
    const r = await sb.runAsync(["lint", "both/forms", "--fix", "--fix-dry-run"])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe("")
    expect(r.stderr).toContain("error[E100]: invalid option: '--fix and --fix-dry-run cannot be used together")
    expect(readFileSync(join(dir, "SKILL.md"), "utf8")).toBe(SKILL)
  })
})

// A --fix probe (sixty-fourth pass): bytes that are not UTF-8 became U+FFFD on lines no fix touched; the file's
// mode went to the umask's (an executable lost its x bit, a 0600 file became world-readable); a read-only file
// came back writable.
describe("skc lint --fix never damages what it does not fix", () => {
  const latin1 = Buffer.concat([
    Buffer.from("---\nname: s\ndescription: Processes widget files. Use when the user asks to convert widgets.\n---\n\n# S\n\nCaf"),
    Buffer.from([0xe9]),
    Buffer.from(" au lait.\n\nSee FORMS.md.\n")
  ])

  it("a file that is not UTF-8 is not fixed: its bytes stay, and it says why", async () => {
    const dir = join(sb.work, "latin", "s")
    writeTree(dir, { "forms.md": "# F\n" })
    writeFileSync(join(dir, "SKILL.md"), latin1)
    const r = await sb.runAsync(["lint", "latin/s", "--fix"])
    expect(r.stderr).toContain("not fixing 'SKILL.md': it is not valid UTF-8 (SKL207)")
    expect(readFileSync(join(dir, "SKILL.md")).equals(latin1)).toBe(true)
  })

  it("a fixed file keeps its mode; a read-only one is not fixed", async () => {
    const text = "---\nname: m\ndescription: Processes widget files. Use when the user asks to convert widgets.\n---\n\n# M\n\nSee FORMS.md.\n"
    for (const [name, mode, fixed] of [
      ["exec", 0o755, true],
      ["private", 0o600, true],
      ["locked", 0o444, false]
    ] as const) {
      const dir = join(sb.work, "modes", name)
      writeTree(dir, { "SKILL.md": text.replace("name: m", `name: ${name}`), "forms.md": "# F\n" })
      chmodSync(join(dir, "SKILL.md"), mode)
      const r = await sb.runAsync(["lint", `modes/${name}`, "--fix"])
      expect(statSync(join(dir, "SKILL.md")).mode & 0o777, name).toBe(mode)
      expect(readFileSync(join(dir, "SKILL.md"), "utf8").includes("See forms.md."), name).toBe(fixed)
      if (!fixed) expect(r.stderr).toContain("not fixing 'SKILL.md': it is read-only")
      // What remains is what the file holds: the read-only one's finding stays an error (exit 1), never
      // counted as fixed (a new-user probe: "1 fixed", exit 0, the error still there).
      expect(r.code, name).toBe(fixed ? 0 : 1)
      expect(r.stdout, name).toMatch(fixed ? new RegExp(`^${name}: 0 errors, .*, 1 fixed$`, "m") : new RegExp(`^${name}: 1 error, .*, 0 fixed$`, "m"))
    }
  })

  it("a file left unfixed keeps its findings in JSON; the fixes written elsewhere count", async () => {
    const dir = join(sb.work, "half", "h")
    writeTree(dir, {
      "SKILL.md": "---\nname: h\ndescription: Processes widget files. Use when the user asks to convert widgets.\n---\n\n# H\n\nSee FORMS.md and [the guide](docs/GUIDE.md).\n",
      "forms.md": "# F\n",
      "docs/guide.md": "# G\n\nBack to FORMS.md.\n"
    })
    chmodSync(join(dir, "SKILL.md"), 0o444)
    const r = await sb.runAsync(["lint", "half/h", "--fix", "--format", "json"])
    const report = JSON.parse(r.stdout) as { diagnostics: Array<{ file: string; rule: string }>; fixed?: Array<{ file: string }> }
    expect(new Set(report.diagnostics.map((d) => d.file))).toEqual(new Set(["SKILL.md"]))
    expect(report.diagnostics.length).toBeGreaterThan(0)
    expect((report.fixed ?? []).map((d) => d.file)).toEqual(["docs/guide.md"])
    expect(readFileSync(join(dir, "docs", "guide.md"), "utf8")).toContain("Back to forms.md.")
    expect(r.code).toBe(1)
  })
})
