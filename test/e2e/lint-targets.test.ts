/**
 * `skc lint a b …` in CI when one target does not resolve (E001, E010):
 * every target that resolves is linted and reported in the one document,
 * each failed target is reported too, and the run exits 1 — as `skc build
 * a b` goes on past a skill that fails. A target named alone fails as it
 * always did (RFC-0005:C-CODES, RFC-0008:C-DIAGNOSTICS, DECISIONS #12, #39).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { writeTree } from "../helpers/tree.js"
import { base, CLEAN } from "../fixtures/lintRules.js"
import { ajv, reportSchema, sarifSchema } from "../fixtures/lintSchemas.js"

const sb = sandbox()

const E001 = "error[E001]: skill 'nope' not found"
const E001_TEXT = `${E001}\n  run 'skc list' to see the skills that resolve here`

/** A repository with a broken skill (SKL301), a clean one and a folder that is no skill, as a CI glob meets them. */
const repo = (name: string) => {
  const root = join(sb.root, name)
  writeTree(root, {
    ".git/HEAD": "ref: refs/heads/main\n",
    "skills/broken/SKILL.md": base("", "# Broken\n\n[gone](missing.md)\n").replace("name: demo", "name: broken"),
    "skills/demo/SKILL.md": CLEAN["SKILL.md"] as string,
    "skills/notes/README.md": "# Not a skill\n"
  })
  return root
}

describe("skc lint over several targets when one fails", () => {
  it("RFC-0008:C-EXTENSIONS --format sarif keeps the results of the skills that resolve and reports the failed target as a tool execution notification", async () => {
    const root = repo("sarif")
    const r = await sb.runAsync(["lint", "skills/broken", "nope", "--format", "sarif"], root)
    expect(r.code).toBe(1)
    const doc = JSON.parse(r.stdout)
    expect(ajv.validate(sarifSchema, doc), ajv.errorsText()).toBe(true)
    const run = doc.runs[0]
    expect(run.results.map((x: { ruleId: string }) => x.ruleId)).toContain("SKL301")
    expect(run.invocations).toEqual([
      { executionSuccessful: false, toolExecutionNotifications: [{ level: "error", message: { text: E001 }, properties: { target: "nope" } }] }
    ])
    // The one document on stdout (DECISIONS #39); the error on stderr as it is printed alone (RFC-0005).
    expect(r.stderr).toContain(`${E001_TEXT}\n`)
    // Nothing failed: the invocation succeeded, findings or not.
    const ok = await sb.runAsync(["lint", "skills/broken", "skills/demo", "--format", "sarif"], root)
    expect(JSON.parse(ok.stdout).runs[0].invocations).toEqual([{ executionSuccessful: true }])
  })

  it("DECISIONS #12 --format json: an entry per target, the failed one with its error (additive), in the order named", async () => {
    const root = repo("json")
    const r = await sb.runAsync(["lint", "nope", "skills/demo", "nope", "--format", "json"], root)
    expect(r.code).toBe(1)
    const doc = JSON.parse(r.stdout)
    for (const d of doc) expect(ajv.validate(reportSchema, d), ajv.errorsText()).toBe(true)
    // Named twice, it fails once (as `skc build nope nope`).
    expect(doc).toEqual([
      { skill: "nope", diagnostics: [], agents: ["claude"], error: { code: "E001", message: E001, text: E001_TEXT } },
      { skill: "demo", path: "skills/demo", diagnostics: [], agents: ["claude"] }
    ])
    expect(r.stderr).toBe(`${E001_TEXT}\n`)
  })

  it("text: the error on stderr as today, the skills that resolve linted, the total counts the failure; exit 1 even with no finding", async () => {
    const root = repo("text")
    const r = await sb.runAsync(["lint", "skills/demo", "nope"], root)
    expect([r.code, r.stdout, r.stderr]).toEqual([1, "demo: 0 errors, 0 warnings\n1 skill: 0 errors, 0 warnings; 1 failed\n", `${E001_TEXT}\n`])
  })

  it("RFC-0008:C-SCOPE skc lint skills/* with a folder that is no skill: E010 for it, the others linted and in the SARIF", async () => {
    const root = repo("glob")
    const glob = ["skills/broken", "skills/demo", "skills/notes"]
    const text = await sb.runAsync(["lint", ...glob], root)
    expect(text.code).toBe(1)
    expect(text.stdout).toBe("broken: 1 error, 0 warnings\ndemo: 0 errors, 0 warnings\n2 skills: 1 error, 0 warnings; 1 failed\n")
    expect(text.stderr).toBe(
      "skills/broken/SKILL.md:8:1 error[E300]: SKL301 link-file-exists: link target not found: 'missing.md'\nerror[E010]: not a valid skill: 'skills/notes' (missing SKILL.md)\n"
    )
    const sarif = await sb.runAsync(["lint", ...glob, "--format", "sarif"], root)
    const run = JSON.parse(sarif.stdout).runs[0]
    expect(sarif.code).toBe(1)
    expect(run.results.map((x: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => x.locations[0]!.physicalLocation.artifactLocation.uri)).toEqual([
      "skills/broken/SKILL.md"
    ])
    expect(run.invocations[0].toolExecutionNotifications).toEqual([
      { level: "error", message: { text: "error[E010]: not a valid skill: 'skills/notes' (missing SKILL.md)" }, properties: { target: "skills/notes" } }
    ])
  })

  it("RFC-0005:C-CODES a target named alone that does not resolve fails as before: the error on stderr, nothing on stdout, exit 1", async () => {
    const root = repo("single")
    for (const format of ["text", "json"]) {
      const r = await sb.runAsync(["lint", "nope", "--format", format], root)
      expect([r.code, r.stdout, r.stderr]).toEqual([1, "", `${E001_TEXT}\n`])
    }
    // Every target failing: each said, and the total.
    mkdirSync(join(root, "empty"), { recursive: true })
    writeFileSync(join(root, "empty", "x.txt"), "x")
    const all = await sb.runAsync(["lint", "nope", "empty"], root)
    expect([all.code, all.stdout]).toEqual([1, "0 skills: 0 errors, 0 warnings; 2 failed\n"])
    expect(all.stderr).toBe(`${E001_TEXT}\nerror[E010]: not a valid skill: 'empty' (missing SKILL.md)\n`)
  })

  it("RFC-0008:C-EXTENSIONS --format sarif of a target named alone that fails still writes the SARIF log, saying the run failed (CI's `> lint.sarif` was an empty file its upload step refused)", async () => {
    const root = repo("single-sarif")
    for (const [target, message] of [
      ["nope", E001],
      ["skills/notes", "error[E010]: not a valid skill: 'skills/notes' (missing SKILL.md)"]
    ] as const) {
      const r = await sb.runAsync(["lint", target, "--format", "sarif"], root)
      expect(r.code).toBe(1)
      expect(r.stderr.split("\n")[0]).toBe(message)
      const doc = JSON.parse(r.stdout)
      expect(ajv.validate(sarifSchema, doc), ajv.errorsText()).toBe(true)
      expect(doc.runs[0].results).toEqual([])
      expect(doc.runs[0].invocations).toEqual([{ executionSuccessful: false, toolExecutionNotifications: [{ level: "error", message: { text: message }, properties: { target } }] }])
    }
  })
})
