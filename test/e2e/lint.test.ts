/**
 * `skc lint` as a process: what reaches the terminal (summary and diagnostic
 * lines, JSON, SARIF, the info line of a skipped compiled skill, warnings on
 * stderr) and the exit statuses (RFC-0008, RFC-0005, DECISIONS #12, #35).
 * Every rule's pass/fail pair, the schemas of the documents and the
 * configuration are tested in process in test/app/lint.test.ts.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"
import { base, CLEAN } from "../fixtures/lintRules.js"

const sb = sandbox()
writeTree(join(sb.work, "out", "broken"), { "SKILL.md": base("", "# Broken\n\n[gone](missing.md)\n"), "notes.md": "# Notes\n" })
writeTree(join(sb.work, "compiled", "demo"), { ...CLEAN, "notes.md": "# Orphan\n", ".skillc-meta/manifest.json": "{}\n" })
writeTree(join(sb.work, "source", "demo"), CLEAN)

describe("skc lint (smoke)", () => {
  it("RFC-0008:C-DIAGNOSTICS text, JSON and SARIF of a failing skill exit 1; a clean skill exits 0", async () => {
    const text = await sb.runAsync(["lint", "out/broken"])
    expect(text.code).toBe(1)
    expect(text.stderr).toBe("")
    expect(text.stdout.split("\n")[0]).toBe("broken: 1 error, 3 warnings")
    expect(text.stdout).toContain("SKILL.md:8:1 error[E300]: SKL301 link-file-exists: link target not found: 'missing.md'\n")
    const json = await sb.runAsync(["lint", "out/broken", "--format", "json"])
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stdout).diagnostics.map((d: { rule: string }) => d.rule)).toEqual(["SKL104", "SKL203", "SKL301", "SKL401"])
    const sarif = await sb.runAsync(["lint", "out/broken", "--format", "sarif"])
    expect(sarif.code).toBe(1)
    expect(JSON.parse(sarif.stdout)).toMatchObject({ version: "2.1.0", runs: [{ tool: { driver: { name: "skc" } } }] })
    expect(await sb.runAsync(["lint", "source/demo"])).toEqual({ code: 0, stdout: "demo: 0 errors, 0 warnings\n", stderr: "" })
  })

  it("RFC-0008:C-REGISTRY SKL001: a compiled skill is skipped with an info line; --force warns on stderr", async () => {
    expect(await sb.runAsync(["lint", "compiled/demo"])).toEqual({ code: 0, stdout: "info: skipping compiled skill 'demo'\n", stderr: "" })
    const forced = await sb.runAsync(["lint", "compiled/demo", "--force"])
    expect(forced).toEqual({
      code: 0,
      stdout: "demo: 0 errors, 1 warning\nnotes.md:1:1 warning[W300]: SKL401 no-orphans: orphaned file: 'notes.md'\n",
      stderr: "warning[W300]: SKL001 skip-compiled: linting compiled skill; results may not be meaningful\n"
    })
  })

  it("RFC-0005:C-CODES E010, E001 and E100 on stderr with nothing on stdout", async () => {
    mkdirSync(join(sb.work, "empty-dir"), { recursive: true })
    expect(await sb.runAsync(["lint", "empty-dir"])).toEqual({ code: 1, stdout: "", stderr: "error[E010]: not a valid skill: 'empty-dir' (missing SKILL.md)\n" })
    expect((await sb.runAsync(["lint", "no-such-skill"])).stderr).toBe("error[E001]: skill 'no-such-skill' not found\n")
    const r = await sb.runAsync(["lint", "out/broken", "--format", "xml"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E100\]: invalid option: 'unknown format 'xml'/)
  })

  it("DECISIONS #35 every skill of the project store, a skipped directory and a config warning on stderr", async () => {
    const proj = join(sb.root, "all-project")
    writeTree(proj, {
      ".skillc/config.toml": '[lint]\nSKL999 = "off"\n',
      ".skillc/skills/demo/SKILL.md": CLEAN["SKILL.md"] as string,
      ".skillc/skills/bad/SKILL.md": "# Bad\n",
      ".skillc/skills/not-a-skill/readme.txt": "x"
    })
    const text = await sb.runAsync(["lint"], proj)
    expect(text.code).toBe(1)
    expect(text.stdout).toBe(
      "bad: 1 error, 0 warnings\nSKILL.md:1:1 error[E300]: SKL100 frontmatter-valid: missing frontmatter: file does not start with ---\ndemo: 0 errors, 0 warnings\n"
    )
    expect(text.stderr).toBe("warning: unknown lint rule 'SKL999' in [lint] configuration; ignored\nwarning: skipping 'not-a-skill': no SKILL.md\n")
    expect(JSON.parse((await sb.runAsync(["lint", "--format", "json"], proj)).stdout).map((d: { skill: string }) => d.skill)).toEqual(["bad", "demo"])
  })
})
