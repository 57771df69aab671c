/**
 * The `lint` use case in process (RFC-0008, RFC-0005, DECISIONS #3, #12, #35).
 *
 * Rule pairs as markdownlint tests them: every rule has a failing skill that
 * yields exactly its diagnostic line and a passing skill that yields none,
 * run through the use case on the in-memory file system. Output formats
 * (JSON schema, SARIF) are checked on the use case's own documents; the
 * process smoke test in test/e2e/lint.test.ts checks what reaches the terminal.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { hasErrors, lint, lintSkills, outcomeJson, type LintJson } from "../../src/app/lint/lint.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { toSarif } from "../../src/domain/lint/sarif.js"
import type { LintDiagnostic } from "../../src/domain/lint/types.js"
import type { SkcWarning } from "../../src/domain/errors.js"
import { renderWarning } from "../../src/domain/errors.js"
import { base, CLEAN, RULE_PAIRS, type Tree } from "../fixtures/lintRules.js"
import { writeTree } from "../helpers/tree.js"
import { diskWorld, failureText, memoryLayer } from "../helpers/worlds.js"
import { ajv, reportSchema, sarifSchema } from "../fixtures/lintSchemas.js"

/** RFC-0008:C-DIAGNOSTICS: `file:line:column severity[code]: rule name: message`. */
const line = (d: LintDiagnostic) => `${d.file}:${d.line}:${d.column} ${d.severity}[${d.severity === "error" ? "E300" : "W300"}]: ${d.rule} ${d.name}: ${d.message}`

/** Lint one skill placed at /proj/<dir> in a fresh memory world. */
const lintTree = (tree: Tree, dir: string, config?: string) => {
  const files: Record<string, string | Uint8Array> = {}
  for (const [p, data] of Object.entries(tree)) files[`/proj/x/${dir}/${p}`] = data
  if (config !== undefined) files["/proj/.skillc/config.toml"] = config
  const warnings: Array<SkcWarning> = []
  return lintSkills({ skill: `x/${dir}` }).pipe(
    Effect.provide(memoryLayer({ files, warnings })),
    Effect.map((o) => ({ outcome: o, report: o.reports[0], lines: o.reports[0].diagnostics.map(line), warnings: warnings.map(renderWarning) }))
  )
}

/** A project config whose build targets are `agents` (the profiles lint then uses, DECISIONS #51). */
const targetsConfig = (agents: ReadonlyArray<string> | undefined) =>
  agents === undefined ? undefined : `[build]\ntargets = [${agents.map((a) => JSON.stringify(a)).join(", ")}]\n`

describe("RFC-0008:C-REGISTRY rule pairs", () => {
  it("covers every registered rule except the meta rule SKL001 and the tool dialect's (test/domain/tools)", () => {
    const covered = new Set(RULE_PAIRS.map((p) => p.rule))
    expect(RULES.filter((r) => r.id !== "SKL001" && r.category !== "tools" && !covered.has(r.id)).map((r) => r.id)).toEqual([])
  })

  for (const pair of RULE_PAIRS) {
    const isError = RULES.find((r) => r.id === pair.rule)?.defaultSeverity === "error"
    it.effect(`RFC-0008:C-DIAGNOSTICS ${pair.rule} fails with its exact line (${isError ? "an error" : "a warning"})`, () =>
      Effect.gen(function* () {
        const r = yield* lintTree(pair.fail, pair.dir ?? "demo", targetsConfig(pair.agents))
        expect(r.report.skill).toBe(pair.dir ?? "demo")
        expect(r.lines).toEqual(pair.lines)
        expect(r.warnings).toEqual([])
        expect(hasErrors(r.outcome)).toBe(pair.lines.some((l) => l.includes(" error[")))
        expect(hasErrors(r.outcome) || !isError).toBe(true)
      }))
    it.effect(`RFC-0008:C-REGISTRY ${pair.rule} passes a clean skill`, () =>
      Effect.gen(function* () {
        const r = yield* lintTree(pair.pass, pair.passDir ?? "demo", targetsConfig(pair.agents))
        expect(r.lines).toEqual([])
        expect(hasErrors(r.outcome)).toBe(false)
      }))
  }
})


const BROKEN: Tree = { "SKILL.md": base("", "# Broken\n\n[gone](missing.md)\n"), "notes.md": "# Notes\n" }

describe("RFC-0008 lint outputs", () => {
  it.effect("RFC-0008:C-DIAGNOSTICS DECISIONS #12 the JSON document matches the schema; an error finding makes the outcome fail", () =>
    Effect.gen(function* () {
      const r = yield* lintTree(BROKEN, "broken")
      const doc = outcomeJson(r.outcome)
      expect(ajv.validate(reportSchema, doc), ajv.errorsText()).toBe(true)
      expect(doc).toMatchObject({ skill: "broken" })
      const diagnostics = (doc as LintJson).diagnostics
      expect(diagnostics.map((d) => d.rule)).toEqual(["SKL104", "SKL203", "SKL301", "SKL401"])
      expect(diagnostics[2]).toEqual({
        rule: "SKL301",
        name: "link-file-exists",
        severity: "error",
        file: "SKILL.md",
        line: 8,
        column: 1,
        message: "link target not found: 'missing.md'"
      })
      expect(hasErrors(r.outcome)).toBe(true)
    }))

  it.effect("RFC-0008:C-EXTENSIONS SARIF 2.1.0 with rule metadata and cwd-relative URIs", () =>
    Effect.gen(function* () {
      const r = yield* lintTree(BROKEN, "broken")
      expect(r.report.path).toBe("x/broken")
      const doc = JSON.parse(JSON.stringify(toSarif({ toolVersion: "0.0.0", rules: RULES, reports: r.outcome.reports })))
      expect(ajv.validate(sarifSchema, doc), ajv.errorsText()).toBe(true)
      const run = doc.runs[0]
      expect(run.tool.driver.rules.map((x: { id: string }) => x.id)).toEqual(RULES.map((x) => x.id))
      const r301 = run.results.find((x: { ruleId: string }) => x.ruleId === "SKL301")
      expect(r301.level).toBe("error")
      expect(run.tool.driver.rules[r301.ruleIndex].id).toBe("SKL301")
      expect(r301.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: "x/broken/SKILL.md" }, region: { startLine: 8, startColumn: 1 } })
    }))

  it.effect("RFC-0008:C-SCOPE a directory without SKILL.md is E010; an unknown skill E001", () =>
    Effect.gen(function* () {
      const layer = memoryLayer({ files: { "/proj/empty-dir/.keep": "" } })
      expect(yield* failureText(lint({ skill: "empty-dir" }).pipe(Effect.provide(layer)))).toBe(
        "error[E010]: not a valid skill: 'empty-dir' (missing SKILL.md)"
      )
      expect(yield* failureText(lint({ skill: "no-such-skill" }).pipe(Effect.provide(layer)))).toMatch(/^error\[E001\]:\ skill\ 'no\-such\-skill'\ not\ found(\n  .*)*$/)
    }))

  it.effect("RFC-0005:C-CODES E010 for a folder of skills kept in dot-folders (a published repository's skills/.curated/*) says where they are", () =>
    Effect.gen(function* () {
      const files: Record<string, string> = {
        "/proj/repo/skills/.curated/pdf/SKILL.md": CLEAN["SKILL.md"] as string,
        "/proj/repo/skills/.system/creator/SKILL.md": CLEAN["SKILL.md"] as string
      }
      expect(yield* failureText(lint({ skill: "repo/skills" }).pipe(Effect.provide(memoryLayer({ files }))))).toBe(
        [
          "error[E010]: not a valid skill: 'repo/skills' (missing SKILL.md)",
          "  it is a folder of skills, not a skill: 2 below it (repo/skills/.curated/pdf, repo/skills/.system/creator); name them, e.g. repo/skills/.curated/* (the shell lists them)"
        ].join("\n")
      )
    }))

  it.effect("RFC-0005:C-CODES a skill whose SKILL.md is spelled in another case is E010 saying so, alone or in a folder lint (CI passed without a word)", () =>
    Effect.gen(function* () {
      const files: Record<string, string> = {
        "/proj/s/good/SKILL.md": CLEAN["SKILL.md"] as string,
        "/proj/s/upper/SKILL.MD": CLEAN["SKILL.md"] as string,
        "/proj/s/lower/skill.md": CLEAN["SKILL.md"] as string,
        "/proj/only/a/Skill.md": CLEAN["SKILL.md"] as string
      }
      const layer = memoryLayer({ files })
      expect(yield* failureText(lint({ skill: "s/upper" }).pipe(Effect.provide(layer)))).toBe(
        "error[E010]: not a valid skill: 's/upper' (missing SKILL.md)\n  it holds 'SKILL.MD': agents look for 'SKILL.md' exactly (a case-sensitive file system never loads it); rename it to SKILL.md"
      )
      for (const o of [yield* lintSkills({ skill: "s" }).pipe(Effect.provide(layer)), yield* lintSkills({ skills: ["s"] }).pipe(Effect.provide(layer))]) {
        expect(o.reports.map((r) => r.skill)).toEqual(["good"])
        expect(o.failures?.map((f) => [f.target, f.error.code])).toEqual([
          ["s/lower", "E010"],
          ["s/upper", "E010"]
        ])
      }
      expect(yield* failureText(lint({ skill: "only" }).pipe(Effect.provide(layer)))).toBe(
        "error[E010]: not a valid skill: 'only' (missing SKILL.md)\n  a/Skill.md: agents look for 'SKILL.md' exactly (a case-sensitive file system never loads them); rename each to SKILL.md"
      )
    }))

  it.effect("RFC-0005:C-CODES a target of several that does not resolve is reported, the others linted (JSON entry, SARIF notification, exit 1)", () =>
    Effect.gen(function* () {
      const files: Record<string, string> = { "/proj/x/demo/SKILL.md": CLEAN["SKILL.md"] as string, "/proj/empty-dir/.keep": "" }
      const o = yield* lintSkills({ skills: ["no-such-skill", "x/demo", "empty-dir"] }).pipe(Effect.provide(memoryLayer({ files })))
      expect(o.reports.map((r) => r.skill)).toEqual(["demo"])
      expect(o.failures?.map((f) => [f.target, f.error.code, f.error.message, f.at])).toEqual([
        ["no-such-skill", "E001", "error[E001]: skill 'no-such-skill' not found", 0],
        ["empty-dir", "E010", "error[E010]: not a valid skill: 'empty-dir' (missing SKILL.md)", 1]
      ])
      // No finding, yet a target failed: exit 1 (RFC-0005: errors exit 1).
      expect(hasErrors(o)).toBe(true)
      const json = outcomeJson(o) as ReadonlyArray<LintJson & { error?: { code: string } }>
      expect(json.map((d) => [d.skill, d.error?.code])).toEqual([["no-such-skill", "E001"], ["demo", undefined], ["empty-dir", "E010"]])
      for (const d of json) expect(ajv.validate(reportSchema, d), ajv.errorsText()).toBe(true)
      const failures = (o.failures ?? []).map((f) => ({ target: f.target, message: f.error.message }))
      const sarif = JSON.parse(JSON.stringify(toSarif({ toolVersion: "0.0.0", rules: RULES, reports: o.reports, failures })))
      expect(ajv.validate(sarifSchema, sarif), ajv.errorsText()).toBe(true)
      expect(sarif.runs[0].invocations[0].executionSuccessful).toBe(false)
      expect(sarif.runs[0].invocations[0].toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text)).toEqual(failures.map((f) => f.message))
    }))
})

describe("RFC-0008:C-REGISTRY SKL001 skip-compiled", () => {
  const compiled: Tree = { ...CLEAN, "notes.md": "# Orphan\n", ".skillc-meta/manifest.json": "{}\n" }

  it.effect("skips a compiled skill (JSON: skipped: true) without linting it", () =>
    Effect.gen(function* () {
      const r = yield* lintTree(compiled, "demo")
      expect(r.report).toMatchObject({ skill: "demo", skipped: true, diagnostics: [] })
      expect(outcomeJson(r.outcome)).toEqual({ skill: "demo", path: "x/demo", diagnostics: [], skipped: true, agents: ["claude"] })
      expect(hasErrors(r.outcome)).toBe(false)
    }))

  it.effect("force lints it anyway with the W300 warning", () =>
    Effect.gen(function* () {
      const files: Record<string, string> = {}
      for (const [p, data] of Object.entries(compiled)) files[`/proj/c/demo/${p}`] = data as string
      const warnings: Array<SkcWarning> = []
      const o = yield* lintSkills({ skill: "c/demo", force: true }).pipe(Effect.provide(memoryLayer({ files, warnings })))
      expect(warnings.map(renderWarning)).toEqual(["warning[W300]: SKL001 skip-compiled: linting compiled skill; results may not be meaningful"])
      expect(o.reports[0].diagnostics.map(line)).toEqual(["notes.md:1:1 warning[W300]: SKL401 no-orphans: orphaned file: 'notes.md'"])
      expect(hasErrors(o)).toBe(false)
    }))
})

describe("RFC-0008:C-EXTENSIONS configuration (DECISIONS #35)", () => {
  it.effect("[lint] turns rules off, changes severities and options; unknown rules are a warning", () =>
    Effect.gen(function* () {
      const warnings: Array<SkcWarning> = []
      const layer = memoryLayer({
        warnings,
        files: {
          "/proj/.skillc/config.toml": '[lint]\nSKL108 = "off"\nSKL104 = "error"\nSKL201 = { max-lines = 8 }\nSKL999 = "off"\n',
          "/proj/.skillc/skills/named/SKILL.md": "---\nname: demo\ndescription: No trigger here.\n---\n\n# Demo\n\n1\n2\n3\n"
        }
      })
      const o = yield* lintSkills({ skill: "named" }).pipe(Effect.provide(layer))
      expect(o.reports[0].diagnostics.map(line)).toEqual([
        "SKILL.md:2:1 error[E300]: SKL104 name-match-dir: name 'demo' does not match directory 'named'",
        "SKILL.md:9:1 warning[W300]: SKL201 skill-size: SKILL.md has 10 lines; maximum is 8"
      ])
      expect(warnings.map(renderWarning)).toEqual(["warning: unknown lint rule 'SKL999' in [lint] of .skillc/config.toml; ignored"])
      expect(hasErrors(o)).toBe(true)
    }))

  it.effect("no skill lints every skill of the project store, by name (JSON: an array)", () =>
    Effect.gen(function* () {
      const warnings: Array<SkcWarning> = []
      const layer = memoryLayer({
        warnings,
        files: {
          "/proj/.skillc/skills/demo/SKILL.md": CLEAN["SKILL.md"] as string,
          "/proj/.skillc/skills/bad/SKILL.md": "# Bad\n",
          "/proj/.skillc/skills/not-a-skill/readme.txt": "x"
        }
      })
      const o = yield* lintSkills({}).pipe(Effect.provide(layer))
      expect(o.reports.map((r) => [r.skill, r.diagnostics.map(line)])).toEqual([
        ["bad", ["SKILL.md:1:1 error[E300]: SKL100 frontmatter-valid: missing frontmatter: file does not start with ---"]],
        ["demo", []]
      ])
      expect(warnings.map(renderWarning)).toEqual(["warning: skipping 'not-a-skill': no SKILL.md"])
      const doc = outcomeJson(o) as ReadonlyArray<unknown>
      expect(Array.isArray(doc)).toBe(true)
      for (const d of doc) expect(ajv.validate(reportSchema, d)).toBe(true)
      expect(hasErrors(o)).toBe(true)
    }))

  it.effect("DECISIONS #12 (additive) each JSON document names its skill directory, so `path`/`file` locates a finding: two skills of one name in two folders stay apart", () =>
    Effect.gen(function* () {
      const layer = memoryLayer({
        files: { "/proj/skills/data/sql/SKILL.md": "# Bad\n", "/proj/skills/docs/sql/SKILL.md": CLEAN["SKILL.md"] as string }
      })
      const o = yield* lintSkills({ skills: ["skills/data", "skills/docs"] }).pipe(Effect.provide(layer))
      const doc = outcomeJson(o) as ReadonlyArray<LintJson>
      expect(doc.map((d) => [d.skill, d.path, d.diagnostics[0]?.file])).toEqual([
        ["sql", "skills/data/sql", "SKILL.md"],
        ["sql", "skills/docs/sql", "SKILL.md"]
      ])
      for (const d of doc) expect(ajv.validate(reportSchema, d), ajv.errorsText()).toBe(true)
      // One skill named alone: the same field on its one document.
      expect(outcomeJson(yield* lintSkills({ skill: "skills/docs/sql" }).pipe(Effect.provide(layer)))).toMatchObject({ skill: "sql", path: "skills/docs/sql" })
    }))
})

describe("RFC-0000:C-COMPAT-FORMAT a skill shaped like the published ones (real files and symlinks)", () => {
  const w = diskWorld("skc-lint-")

  it.live("gets no diagnostic: license, folded description, many references, scripts, binary assets, symlinks", () =>
    Effect.gen(function* () {
      const refs: Record<string, string> = {}
      const links: Array<string> = []
      for (let i = 0; i < 60; i++) {
        refs[`references/topic-${i}.md`] = `# Topic ${i}\n\n## Usage\n\nBack to [the skill](../SKILL.md#pdf-processing).\n` + (i % 2 ? "" : "No trailing newline")
        links.push(`- [Topic ${i}](references/topic-${i}.md)`)
      }
      const dir = writeTree(join(w.work, "published", "pdf-processing"), {
        "SKILL.md":
          "\ufeff---\r\nname: pdf-processing\r\ndescription: >-\r\n  Extract text and tables from PDF files, fill forms and merge documents.\r\n  Use this skill whenever the user mentions PDFs, forms or document extraction,\r\n  even when they do not say PDF explicitly; it covers scanned files too and\r\n  explains which tool to pick for which job, with scripts for each task.\r\nlicense: Complete terms in LICENSE.txt\r\ncompatibility: Requires Python 3.10+ and poppler-utils\r\nmetadata:\r\n  author: example-org\r\n  version: \"1.2\"\r\nallowed-tools: Bash(python:*) Read Write\r\n---\r\n\r\n# PDF Processing\r\n\r\n## Quick start\r\n\r\n```python\r\nimport pypdf\r\n```\r\n\r\nRun `scripts/extract.py`; see [forms](reference/FORMS.md) and `reference/advanced.md`.\r\n\r\n## References\r\n\r\n" +
          links.join("\r\n") +
          "\r\n",
        "reference/FORMS.md": "# Forms\n\nSee [quick start](../SKILL.md#quick-start).\n",
        "reference/advanced.md": "# Advanced\n",
        "LICENSE.txt": "MIT\n",
        "README.md": "# Readme for humans\n",
        "scripts/extract.py": "#!/usr/bin/env python3\nprint('[x](nope.md)')\n",
        "scripts/run.sh": "#!/bin/sh\necho hi\n",
        "assets/logo.png": new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0xff, 0xfe]),
        "assets/font.ttf": new Uint8Array([0, 1, 0, 0, 0, 0x10]),
        "assets/binary.dat": new Uint8Array([0x23, 0x20, 0, 0, 0xff]),
        ".git/HEAD": "ref: refs/heads/main\n",
        ...refs
      })
      symlinkSync("logo.png", join(dir, "assets", "logo-link.png"))
      symlinkSync("loop", join(dir, "reference", "loop"))
      const o = yield* w.run(lintSkills({ skill: dir }))
      expect(o.reports[0].diagnostics.map(line)).toEqual([])
      expect(w.takeWarnings()).toEqual([])
    }))

  it.live("RFC-0008:C-REGISTRY SKL303 a symlink pointing outside the root is reported, never followed", () =>
    Effect.gen(function* () {
      const dir = writeTree(join(w.work, "sym", "demo"), { "SKILL.md": base("", "# Demo\n\n[out](outside.md)\n") })
      mkdirSync(w.root, { recursive: true })
      writeFileSync(join(w.root, "secret.md"), "# Secret\n")
      symlinkSync(join(w.root, "secret.md"), join(dir, "outside.md"))
      const o = yield* w.run(lintSkills({ skill: dir }))
      expect(o.reports[0].diagnostics.map(line)).toContain("SKILL.md:8:1 error[E300]: SKL303 link-no-escape: link escapes skill root via symlink: 'outside.md'")
      expect(hasErrors(o)).toBe(true)
    }))

  it.live("RFC-0008:C-REGISTRY SKL303 alone for a SKILL.md that is a symlink leading outside the root (no false SKL100)", () =>
    Effect.gen(function* () {
      const dir = join(w.work, "sym", "esc")
      mkdirSync(dir, { recursive: true })
      mkdirSync(w.root, { recursive: true })
      writeFileSync(join(w.root, "SKILL.md"), "---\nname: esc\ndescription: Escapes. Use when testing links.\n---\n# Esc\n")
      symlinkSync(join(w.root, "SKILL.md"), join(dir, "SKILL.md"))
      const o = yield* w.run(lintSkills({ skill: dir }))
      expect(o.reports[0].diagnostics.map(line)).toEqual([
        "SKILL.md:1:1 error[E300]: SKL303 link-no-escape: symlink leads outside the skill root: 'SKILL.md' (skc build refuses the skill: E012)"
      ])
      expect(hasErrors(o)).toBe(true)
    }))
})
