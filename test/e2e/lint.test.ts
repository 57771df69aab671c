/**
 * `skc lint` end to end: SKL001, outputs (text, JSON, SARIF), configuration,
 * resolution errors, every skill of a project, and a skill shaped like the
 * published ones (RFC-0008, RFC-0005, DECISIONS #3, #12, #35).
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { sandbox } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
import { writeTree } from "../helpers/tree.js"
import { base, CLEAN } from "../fixtures/lintRules.js"
import { RULES } from "../../src/domain/lint/registry.js"
import { ajv, reportSchema, sarifSchema } from "../fixtures/lintSchemas.js"

const sb = sandbox()

const broken = () =>
  writeTree(join(sb.work, "out", "broken"), {
    "SKILL.md": base("", "# Broken\n\n[gone](missing.md)\n"),
    "notes.md": "# Notes\n"
  })

describe("skc lint outputs", () => {
  it("RFC-0008:C-DIAGNOSTICS DECISIONS #12 --format json matches the schema and exits 1 on an error", () => {
    broken()
    const r = sb.run(["lint", "out/broken", "--format", "json"])
    expect(r.code).toBe(1)
    const doc = JSON.parse(r.stdout)
    expect(ajv.validate(reportSchema, doc), ajv.errorsText()).toBe(true)
    expect(doc.skill).toBe("broken")
    expect(doc.diagnostics.map((d: { rule: string }) => d.rule)).toEqual(["SKL104", "SKL203", "SKL301", "SKL401"])
    expect(doc.diagnostics[2]).toEqual({
      rule: "SKL301",
      name: "link-file-exists",
      severity: "error",
      file: "SKILL.md",
      line: 8,
      column: 1,
      message: "link target not found: 'missing.md'"
    })
  })

  it("RFC-0008:C-EXTENSIONS --format sarif is SARIF 2.1.0 with rule metadata and cwd-relative URIs", () => {
    broken()
    const r = sb.run(["lint", "out/broken", "--format", "sarif"])
    expect(r.code).toBe(1)
    const doc = JSON.parse(r.stdout)
    expect(ajv.validate(sarifSchema, doc), ajv.errorsText()).toBe(true)
    const run = doc.runs[0]
    expect(run.tool.driver.rules.map((x: { id: string }) => x.id)).toEqual(RULES.map((x) => x.id))
    const r301 = run.results.find((x: { ruleId: string }) => x.ruleId === "SKL301")
    expect(r301.level).toBe("error")
    expect(run.tool.driver.rules[r301.ruleIndex].id).toBe("SKL301")
    expect(r301.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: "out/broken/SKILL.md" }, region: { startLine: 8, startColumn: 1 } })
  })

  // A hostile probe: `for d in *; do skc lint "$d"; done` inside a folder of skills named each by a bare folder
  // name, resolved as a path from the cwd, and printed `SKILL.md:8:5` with no folder.
  it("one skill named by a bare folder name of the cwd has its lines start with that folder", () => {
    const folder = join(sb.root, "bare-names")
    writeTree(folder, { "orph/SKILL.md": "---\nname: orph\ndescription: Orphans. Use when testing.\n---\n# orph\n", "orph/notes.md": "# Notes\n" })
    const r = sb.run(["lint", "orph"], folder)
    expect(r.stderr).toContain("orph/notes.md:1:1 warning[W300]: SKL401 no-orphans: orphaned file: 'notes.md'")
  })

  it("SARIF carries what reading the configuration reported as tool configuration notifications (a broken config that relaxed the gate is in the log)", () => {
    // Sixty-sixth pass: invalid TOML turned a configured error back into a warning, and only stderr said so.
    const proj = join(sb.root, "sarif-config")
    writeTree(proj, {
      ".skillc/config.toml": "[lint\nSKL206 = \"error\"\n",
      ".skillc/skills/demo/SKILL.md": CLEAN["SKILL.md"] as string
    })
    const r = sb.run(["lint", "demo", "--format", "sarif"], proj)
    const doc = JSON.parse(r.stdout)
    expect(ajv.validate(sarifSchema, doc), ajv.errorsText()).toBe(true)
    const notes = doc.runs[0].invocations[0].toolConfigurationNotifications as Array<{ level: string; message: { text: string } }>
    expect(notes).toHaveLength(1)
    expect(notes[0]!.message.text).toMatch(/^invalid TOML in \.skillc\/config\.toml \(line \d+, column \d+\): .*; file ignored$/)
    expect(r.stderr).toContain(notes[0]!.message.text)
    // A config without problems adds none.
    writeTree(proj, { ".skillc/config.toml": "[lint]\nSKL206 = \"error\"\n" })
    expect(JSON.parse(sb.run(["lint", "demo", "--format", "sarif"], proj).stdout).runs[0].invocations[0].toolConfigurationNotifications).toBeUndefined()
    // A CI probe: a rule id lint does not know (the setting ignored) reached stderr only.
    writeTree(proj, { ".skillc/config.toml": "version = 1\n[lint]\nSKL999 = \"off\"\n" })
    const unknown = sb.run(["lint", "demo", "--format", "sarif"], proj)
    const said = JSON.parse(unknown.stdout).runs[0].invocations[0].toolConfigurationNotifications as Array<{ level: string; message: { text: string } }>
    expect(said.map((n) => n.message.text)).toEqual(["unknown lint rule 'SKL999' in [lint] of .skillc/config.toml; ignored"])
    expect(said[0]!.level).toBe("warning")
    expect(unknown.stderr).toContain(said[0]!.message.text)
  })

  it("RFC-0008:C-EXTENSIONS DECISIONS #12 SARIF URIs are relative to the repository root when lint runs below it (GitHub code scanning)", () => {
    // A CI job with `working-directory: skills`: GitHub resolves a relative URI against the checkout, not the job's directory.
    const repo = join(sb.root, "sarif-repo")
    writeTree(repo, { ".git/HEAD": "ref: refs/heads/main\n" })
    writeTree(join(repo, "skills", "broken"), { "SKILL.md": base("", "# Broken\n\n[gone](missing.md)\n") })
    const outside = writeTree(join(sb.root, "sarif-outside", "broken"), { "SKILL.md": base("", "# Broken\n\n[gone](missing.md)\n") })
    const r = sb.run(["lint", "broken", outside, "--format", "sarif"], join(repo, "skills"))
    expect(r.code).toBe(1)
    const uris = JSON.parse(r.stdout).runs[0].results
      .filter((x: { ruleId: string }) => x.ruleId === "SKL301")
      .map((x: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => x.locations[0]!.physicalLocation.artifactLocation.uri)
    // A skill outside the repository keeps its absolute file URI (GitHub relativises it against checkout_path, or drops it).
    expect(uris).toEqual(["skills/broken/SKILL.md", expect.stringMatching(/^file:\/\/\/.*\/sarif-outside\/broken\/SKILL\.md$/)])
    // The root is the skill's checkout, not the working directory's: a job that lints the checkout from elsewhere gets the same URIs.
    mkdirSync(join(sb.root, "elsewhere"), { recursive: true })
    const far = sb.run(["lint", join(repo, "skills", "broken"), "--format", "sarif"], join(sb.root, "elsewhere"))
    expect(JSON.parse(far.stdout).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe("skills/broken/SKILL.md")
    // Text and JSON stay relative to the working directory, as a person reads them there.
    expect(sb.run(["lint", "broken", outside], join(repo, "skills")).stderr).toMatch(/^broken\/SKILL\.md:8:1 error\[E300\]: SKL301/m)
  })

  it("RFC-0008:C-SCOPE a directory without SKILL.md is E010", () => {
    mkdirSync(join(sb.work, "empty-dir"), { recursive: true })
    const r = sb.run(["lint", "empty-dir"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe("error[E010]: not a valid skill: 'empty-dir' (missing SKILL.md)\n")
    expect(r.stdout).toBe("")
  })

  it("RFC-0005:C-CODES E010 for a folder whose skills sit one level deeper says the glob that lints them", () => {
    // A team's layout: skills/<area>/<skill>/SKILL.md.
    const repo = join(sb.root, "areas")
    writeTree(repo, { "skills/data/sql/SKILL.md": CLEAN["SKILL.md"] as string, "skills/docs/pdf/SKILL.md": CLEAN["SKILL.md"] as string })
    const e010 = "error[E010]: not a valid skill: 'skills' (missing SKILL.md)\n  its folders data, docs hold skill folders: skc lint skills/*/\n"
    const r = sb.run(["lint", "skills/"], repo)
    expect(r.code).toBe(1)
    // The first line is RFC-0005's template to the letter; the hint follows it.
    expect(r.stderr).toBe(e010)
    // Among several targets the same error, hint and all; the other targets are linted all the same (test/e2e/lint-targets.test.ts).
    const several = sb.run(["lint", "skills", "skills/docs"], repo)
    expect(several.code).toBe(1)
    expect(several.stderr.startsWith(e010)).toBe(true)
    expect(several.stdout).toBe("pdf: 0 errors, 1 warning\n1 skill: 0 errors, 1 warning; 1 failed\n")
    // A folder with nothing below keeps the bare template.
    mkdirSync(join(repo, "bare", "empty"), { recursive: true })
    expect(sb.run(["lint", "bare"], repo).stderr).toBe("error[E010]: not a valid skill: 'bare' (missing SKILL.md)\n")
  })

  it("RFC-0005:C-CODES an unknown skill is E001 and an unknown format E100", () => {
    expect(sb.run(["lint", "no-such-skill"]).stderr).toMatch(/^error\[E001\]:\ skill\ 'no\-such\-skill'\ not\ found(\n  .*)*\n/)
    const r = sb.run(["lint", "out/broken", "--format", "xml"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E100\]: invalid option: unknown format 'xml'/)
  })
})

describe("RFC-0008:C-REGISTRY SKL001 skip-compiled", () => {
  const compiled = () =>
    writeTree(join(sb.work, "compiled", "demo"), { ...CLEAN, "notes.md": "# Orphan\n", ".skillc-meta/manifest.json": "{}\n" })

  it("skips a compiled skill with an info line and exit 0", () => {
    compiled()
    const r = sb.run(["lint", "compiled/demo"])
    expect(r).toEqual({ code: 0, stdout: "info: skipping compiled skill 'demo'\n", stderr: "" })
    expect(JSON.parse(sb.run(["lint", "compiled/demo", "--format", "json"]).stdout)).toEqual({ skill: "demo", path: "compiled/demo", diagnostics: [], skipped: true, agents: ["claude"] })
  })

  it("a built skill linted through its agent link says the command that lints its source", () => {
    const s = sandbox()
    mkdirSync(join(s.work, ".skillc"), { recursive: true })
    writeTree(join(s.work, ".skillc", "skills", "demo"), { "SKILL.md": "---\nname: demo\ndescription: 'TODO: Add skill description'\n---\n\n# Demo\n" })
    expect(s.run(["build", "demo"]).code).toBe(0)
    const r = s.run(["lint", ".claude/skills/demo"])
    expect(r).toEqual({ code: 0, stdout: "info: skipping compiled skill 'demo'\n  lint its source: skc lint .skillc/skills/demo\n", stderr: "" })
    // The command, pasted, lints the source (and finds its placeholder description).
    expect(s.run(["lint", ".skillc/skills/demo"])).toMatchObject({ code: 1, stdout: "demo: 1 error, 1 warning\n" })
  })

  it("--force lints it anyway with the W300 warning", () => {
    compiled()
    const r = sb.run(["lint", "compiled/demo", "--force"])
    // DECISIONS #39: diagnostics on stderr, the summary on stdout. A skill named by its path: each file named
    // from the working directory (a CI probe: a glob that matched one folder printed `notes.md:1:1`, which no
    // problem matcher could place in the repository).
    expect(r.stderr).toBe(
      "warning[W300]: SKL001 skip-compiled: linting compiled skill; results may not be meaningful\ncompiled/demo/notes.md:1:1 warning[W300]: SKL401 no-orphans: orphaned file: 'notes.md'\n"
    )
    expect(r.stdout).toBe("demo: 0 errors, 1 warning\n")
    expect(r.code).toBe(0)
  })

  it("a source skill (no manifest) is linted normally", () => {
    const r = sb.run(["lint", writeTree(join(sb.work, "source", "demo"), CLEAN)])
    expect(r.stdout).toBe("demo: 0 errors, 0 warnings\n")
  })
})

describe("RFC-0008:C-EXTENSIONS configuration (DECISIONS #35)", () => {
  it("[lint] turns rules off, changes severities and options; unknown rules are a warning", () => {
    const proj = join(sb.root, "cfg-project")
    writeTree(proj, {
      ".skillc/config.toml": '[lint]\nSKL108 = "off"\nSKL104 = "error"\nSKL201 = { max-lines = 8 }\nSKL999 = "off"\n',
      ".skillc/skills/named/SKILL.md": "---\nname: demo\ndescription: No trigger here.\n---\n\n# Demo\n\n1\n2\n3\n"
    })
    const r = sb.run(["lint", "named"], proj)
    expect(r.stdout).toBe("named: 1 error, 1 warning\n")
    expect(r.stderr.split("\n").filter(Boolean)).toEqual([
      "warning: unknown lint rule 'SKL999' in [lint] of .skillc/config.toml; ignored",
      "SKILL.md:2:1 error[E300]: SKL104 name-match-dir: name 'demo' does not match directory 'named'",
      "SKILL.md:9:1 warning[W300]: SKL201 skill-size: SKILL.md has 10 lines; maximum is 8"
    ])
    expect(r.code).toBe(1)
  })

  it("skc lint with no skill lints every skill of the project store (JSON: an array)", () => {
    const proj = join(sb.root, "all-project")
    writeTree(proj, {
      ".skillc/skills/demo/SKILL.md": CLEAN["SKILL.md"] as string,
      ".skillc/skills/bad/SKILL.md": "# Bad\n",
      ".skillc/skills/not-a-skill/readme.txt": "x"
    })
    // A link in the store whose target is gone is said too (sixty-sixth pass: it was left out without a word).
    symlinkSync(join(sb.root, "nowhere"), join(proj, ".skillc", "skills", "broken-link"))
    const text = sb.run(["lint"], proj)
    expect(text.code).toBe(1)
    expect(text.stdout).toBe("bad: 1 error, 0 warnings\ndemo: 0 errors, 0 warnings\n2 skills: 1 error, 0 warnings\n")
    expect(text.stderr).toBe(
      "warning: skipping 'broken-link': a link that leads nowhere\nwarning: skipping 'not-a-skill': no SKILL.md\n.skillc/skills/bad/SKILL.md:1:1 error[E300]: SKL100 frontmatter-valid: missing frontmatter: file does not start with ---\n"
    )
    expect(sb.run(["list"], proj).stderr).toContain("broken-link': a link that leads nowhere")
    expect(sb.run(["build", "--all"], proj).stderr).toContain("skipping 'broken-link': a link that leads nowhere")
    const doc = JSON.parse(sb.run(["lint", "--format", "json"], proj).stdout)
    expect(doc.map((d: { skill: string }) => d.skill)).toEqual(["bad", "demo"])
    for (const d of doc) expect(ajv.validate(reportSchema, d)).toBe(true)
    // `--all`, as build, search and stats take it: the same run; with a skill name it is E100.
    const all = sb.run(["lint", "--all"], proj)
    expect([all.code, all.stdout, all.stderr]).toEqual([text.code, text.stdout, text.stderr])
    const both = sb.run(["lint", "--all", "demo"], proj)
    expect(both.code).toBe(1)
    expect(both.stdout).toBe("")
    expect(both.stderr).toBe("error[E100]: invalid option: 'give skill names or --all, not both'\n")
  })

  it("skc lint a b … lints each skill named (names, directories, folders) once, in one report; each gets its access-log row (DECISIONS #17)", () => {
    const proj = join(sb.root, "several")
    writeTree(proj, {
      ".skillc/skills/demo/SKILL.md": CLEAN["SKILL.md"] as string,
      ".skillc/skills/bad/SKILL.md": "# Bad\n",
      "more/one/SKILL.md": (CLEAN["SKILL.md"] as string).replace(/demo/gi, "one"),
      "more/two/SKILL.md": (CLEAN["SKILL.md"] as string).replace(/demo/gi, "two")
    })
    // A name, the same skill by its path, and a folder of skill folders.
    const r = sb.run(["lint", "bad", ".skillc/skills/bad", "demo", "more", "--format", "json"], proj)
    expect(r.code).toBe(1)
    const doc = JSON.parse(r.stdout)
    expect(doc.map((d: { skill: string }) => d.skill)).toEqual(["bad", "demo", "one", "two"])
    for (const d of doc) expect(ajv.validate(reportSchema, d)).toBe(true)
    const text = sb.run(["lint", "demo", "more/one"], proj)
    expect(text.code).toBe(0)
    expect(text.stdout).toBe("demo: 0 errors, 0 warnings\none: 0 errors, 0 warnings\n2 skills: 0 errors, 0 warnings\n")
    // Each linted skill has its row, as one linted alone has; the whole store's lint too.
    const rows = (skill: string) => readLog(join(proj, ".skillc", "runtime", skill, ".skillc-meta", "logs.db")).filter((row) => row.command === "lint")
    expect(rows("demo")).toHaveLength(2)
    expect(rows("bad")).toHaveLength(1)
    sb.run(["lint"], proj)
    expect(rows("demo")).toHaveLength(3)
    expect(rows("bad")).toHaveLength(2)
    // A mistyped flag is no skill name; an unknown skill among several is E001.
    expect(sb.run(["lint", "demo", "--bogus"], proj).stderr).toMatch(/^error\[E100\]/)
    const unknown = sb.run(["lint", "demo", "nope"], proj)
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringMatching(/^error\[E001\]: skill 'nope' not found/)])
  })
})

describe("RFC-0000:C-COMPAT-FORMAT a skill shaped like the published ones", () => {
  it("gets no diagnostic: license, folded description, many references, scripts, binary assets, symlinks", () => {
    const refs: Record<string, string> = {}
    const links: Array<string> = []
    for (let i = 0; i < 60; i++) {
      refs[`references/topic-${i}.md`] = `# Topic ${i}\n\n## Usage\n\nBack to [the skill](../SKILL.md#pdf-processing).\n` + (i % 2 ? "" : "No trailing newline")
      links.push(`- [Topic ${i}](references/topic-${i}.md)`)
    }
    const dir = writeTree(join(sb.work, "published", "pdf-processing"), {
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
    const r = sb.run(["lint", dir])
    expect(r.stdout).toBe("pdf-processing: 0 errors, 0 warnings\n")
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
  })

  it("RFC-0008:C-REGISTRY SKL303 a symlink pointing outside the root is reported, never followed", () => {
    const dir = writeTree(join(sb.work, "sym", "demo"), { "SKILL.md": base("", "# Demo\n\n[out](outside.md)\n") })
    writeFileSync(join(sb.root, "secret.md"), "# Secret\n")
    symlinkSync(join(sb.root, "secret.md"), join(dir, "outside.md"))
    const r = sb.run(["lint", dir])
    expect(r.stderr).toContain("SKILL.md:8:1 error[E300]: SKL303 link-no-escape: link escapes skill root via symlink: 'outside.md'")
    expect(r.code).toBe(1)
  })

  it("SKL303: a symlink leading outside is reported unlinked too, each one, as build refuses the skill (E012)", () => {
    const dir = writeTree(join(sb.work, "sym2", "leaky"), { "SKILL.md": base("", "# Leaky\n\nNothing links out.\n") })
    writeFileSync(join(sb.root, "secret.txt"), "secret\n")
    symlinkSync(join(sb.root, "secret.txt"), join(dir, "leak.md"))
    symlinkSync(join(sb.root, "secret.txt"), join(dir, "leak2.txt"))
    const r = sb.run(["lint", dir])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain("leak.md:1:1 error[E300]: SKL303 link-no-escape: symlink leads outside the skill root: 'leak.md' (skc build refuses the skill: E012)")
    expect(r.stderr).toContain("symlink leads outside the skill root: 'leak2.txt'")
  })
})
