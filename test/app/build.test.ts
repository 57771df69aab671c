// The `build` use case in process on the live adapters (real files, links
// and index; RFC-0001, RFC-0007:C-COMMANDS build and import, ADR-0002).
// Moved here from test/e2e/build.test.ts, which keeps the smoke test of what
// `skc build` prints and its exit statuses.
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { parse } from "yaml"
import { build, type BuildInput } from "../../src/app/build/build.js"
import { ROOT } from "../helpers/cli.js"
import { diskWorld, failureText } from "../helpers/worlds.js"

const SKILL = (name: string, body = "# Title\n\n## Part\n") => `---\nname: ${name}\ndescription: A skill for tests. Use when testing.\n---\n\n${body}`

const put = (root: string, rel: string, data: string | Buffer) => {
  mkdirSync(join(root, rel, ".."), { recursive: true })
  writeFileSync(join(root, rel), data)
}

/** A project with one skill in its store. */
const project = (name = "demo", body?: string) => {
  const w = diskWorld("skc-build-")
  mkdirSync(join(w.work, ".skillc", "skills"), { recursive: true })
  put(join(w.work, ".skillc", "skills", name), "SKILL.md", SKILL(name, body))
  return { ...w, build: (input: Partial<BuildInput> = {}, cwd?: string) => w.run(build({ skill: name, ...input }), cwd ? { cwd } : {}) }
}

/** Everything below a directory, relative. */
const listAll = (dir: string, rel = ""): Array<string> =>
  readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((d) => {
    const p = rel === "" ? d.name : `${rel}/${d.name}`
    return d.isDirectory() ? [p + "/", ...listAll(dir, p)] : [p]
  })

const builtFiles = (dir: string): Array<string> => (existsSync(dir) ? listAll(dir) : [])

describe("RFC-0001:C-OUTPUT", () => {
  it.live("RFC-0001:C-OUTPUT runtime holds only the stub, the manifest and the index; the stub holds no body text", () =>
    Effect.gen(function* () {
      const p = project("demo", "# Demo\n\nSECRET BODY TEXT\n\n## Usage\n\nmore secret\n")
      put(join(p.work, ".skillc/skills/demo"), "references/api.md", "# API\n\nsecret api text\n")
      const r = yield* p.build()
      const runtime = join(p.work, ".skillc", "runtime", "demo")
      expect(r).toMatchObject({
        skill: "demo",
        scope: "project",
        source: join(p.work, ".skillc/skills/demo"),
        source_scope: "project",
        runtime,
        imported: null,
        file_count: 2,
        markdown_count: 2,
        deployments: [{ target: "claude", path: join(p.work, ".claude/skills/demo"), method: "symlink", replaced: "none" }]
      })
      expect(p.takeWarnings()).toEqual([])
      // Plus the search index beside the manifest (RFC-0004:C-INDEX, DECISIONS #1).
      expect(builtFiles(runtime).sort().map((x) => x.replace(/search-[0-9a-f]{16}\.db$/, "search-<hash16>.db"))).toEqual([
        ".skillc-meta/",
        ".skillc-meta/manifest.json",
        ".skillc-meta/search-<hash16>.db",
        "SKILL.md"
      ])
      const stub = readFileSync(join(runtime, "SKILL.md"), "utf8")
      expect(stub).not.toContain("secret")
      expect(stub).not.toContain("SECRET")
      expect(stub).not.toContain(p.root)
      expect(stub).toContain("- Demo\n  - Usage\n- References (query by title only)\n  - API\n")
    }))

  it.live("RFC-0001:C-MANIFEST manifest fields; source hash stable across rebuilds, ignores .git, changed by edits", () =>
    Effect.gen(function* () {
      const p = project()
      yield* p.build()
      const file = join(p.work, ".skillc/runtime/demo/.skillc-meta/manifest.json")
      const m1 = JSON.parse(readFileSync(file, "utf8"))
      expect(m1).toMatchObject({ skill: "demo", version: 1, scope: "project", file_count: 1, markdown_count: 1 })
      expect(m1.source_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(new Date(m1.built_at).toISOString()).toBe(m1.built_at)
      expect(m1.source_path).toBe(join(p.work, ".skillc/skills/demo"))
      put(join(p.work, ".skillc/skills/demo"), ".git/HEAD", "x")
      expect((yield* p.build()).source_hash).toBe(m1.source_hash)
      expect(JSON.parse(readFileSync(file, "utf8")).source_hash).toBe(m1.source_hash)
      put(join(p.work, ".skillc/skills/demo"), "notes.txt", "new")
      yield* p.build()
      expect(JSON.parse(readFileSync(file, "utf8")).source_hash).not.toBe(m1.source_hash)
    }))
})

describe("RFC-0001:C-INPUT", () => {
  it.live("RFC-0001:C-INPUT a missing description is E011; unparseable YAML is E011 saying so with line and column (issue 29 item 5)", () =>
    Effect.gen(function* () {
      const p = project()
      const dir = join(p.work, ".skillc/skills/demo")
      writeFileSync(join(dir, "SKILL.md"), "---\nname: demo\n---\n# x\n")
      expect(yield* failureText(p.build())).toBe("error[E011]: missing frontmatter field 'description' in SKILL.md")
      writeFileSync(join(dir, "SKILL.md"), "---\nname: [unclosed\ndescription: d\n---\n")
      // Its second line points to lint, which names the quoting that repairs it (an author's probe, seventy-fourth pass).
      expect(yield* failureText(p.build())).toMatch(
        /^error\[E011\]: invalid frontmatter in SKILL\.md: YAML syntax error: .* \(line \d+, column \d+\)\n {2}'skc lint' on this skill names the quoting that repairs it, and how agents that read such a value anyway read it \(SKL100\)$/
      )
      // A YAML error no quoting repairs (a tab as indentation): no such line, lint says what build says (an author's probe).
      writeFileSync(join(dir, "SKILL.md"), '---\nname: demo\ndescription: Use when testing.\nmetadata:\n  a: "x"\n\tb: "y"\n---\n# x\n')
      expect(yield* failureText(p.build())).toMatch(/^error\[E011\]: invalid frontmatter in SKILL\.md: YAML syntax error: Tabs are not allowed as indentation \(line \d+, column \d+\)$/)
      writeFileSync(join(dir, "SKILL.md"), "# no frontmatter\n")
      expect(yield* failureText(p.build())).toBe(
        "error[E011]: missing frontmatter field 'name' in SKILL.md\n  SKILL.md has no frontmatter: its first line must be '---', then 'name:' and 'description:', then '---'"
      )
      expect(builtFiles(join(p.work, ".skillc/runtime/demo"))).toEqual([])
    }))

  it.live("RFC-0001:C-ERRORS skill not found is E001, a directory without SKILL.md is E010", () =>
    Effect.gen(function* () {
      const p = project()
      expect(yield* failureText(p.run(build({ skill: "nope" })))).toMatch(/^error\[E001\]:\ skill\ 'nope'\ not\ found(\n  .*)*$/)
      mkdirSync(join(p.work, ".skillc/skills/hollow"))
      expect(yield* failureText(p.run(build({ skill: "hollow" })))).toMatch(/^error\[E010\]: not a valid skill: '.*hollow' \(missing SKILL.md\)$/)
    }))

  it.live("RFC-0001:C-CONSTRAINTS a symlink escaping the skill root is E012 and nothing is built", () =>
    Effect.gen(function* () {
      const p = project()
      writeFileSync(join(p.root, "secret.txt"), "top secret")
      symlinkSync(join(p.root, "secret.txt"), join(p.work, ".skillc/skills/demo/leak.txt"))
      expect(yield* failureText(p.build())).toBe("error[E012]: path escapes skill root: 'leak.txt'")
      expect(builtFiles(join(p.work, ".skillc/runtime/demo"))).toEqual([])
    }))

  it.live("RFC-0007:C-RESOLUTION builds from a nested subdirectory of the project", () =>
    Effect.gen(function* () {
      const p = project()
      const nested = join(p.work, "src", "deep")
      mkdirSync(nested, { recursive: true })
      yield* p.build({}, nested)
      expect(existsSync(join(p.work, ".skillc/runtime/demo/SKILL.md"))).toBe(true)
    }))
})

describe("RFC-0001:C-DEPLOYMENT", () => {
  it.live("RFC-0001:C-DEPLOYMENT a target list with known names, a config [targets] entry and a directory path", () =>
    Effect.gen(function* () {
      const p = project()
      mkdirSync(join(p.home, ".skillc"), { recursive: true })
      writeFileSync(join(p.home, ".skillc/config.toml"), '[targets]\nmine = "~/agents/mine"\n')
      const out = yield* p.build({ target: "claude,copilot,opencode,mine,./local-agent" })
      const runtime = join(p.work, ".skillc/runtime/demo")
      expect(out.deployments.map((d) => [d.target, d.path, d.method])).toEqual([
        // DECISIONS #9 revised: a project build links from the project's own agent directories.
        ["claude", join(p.work, ".claude/skills/demo"), "symlink"],
        ["copilot", join(p.work, ".github/skills/demo"), "symlink"],
        ["opencode", join(p.work, ".opencode/skills/demo"), "symlink"],
        ["mine", join(p.home, "agents/mine/demo"), "symlink"],
        ["./local-agent", join(p.work, "local-agent/demo"), "symlink"]
      ])
      // DECISIONS #46: links inside the project are relative, others absolute; every one reaches the runtime.
      for (const d of out.deployments) expect(resolve(dirname(d.path), readlinkSync(d.path))).toBe(runtime)
      // The array form (MCP) means the same as the comma-separated one.
      expect((yield* p.build({ target: ["claude", "mine"] })).deployments.map((d) => d.target)).toEqual(["claude", "mine"])
    }))

  it.live("DECISIONS #51 [build] targets is the default of --target; --target still wins", () =>
    Effect.gen(function* () {
      const p = project()
      mkdirSync(join(p.work, ".skillc"), { recursive: true })
      writeFileSync(join(p.work, ".skillc/config.toml"), '[build]\ntargets = ["claude", "agents"]\n')
      expect((yield* p.build({})).deployments.map((d) => [d.target, d.path])).toEqual([
        ["claude", join(p.work, ".claude/skills/demo")],
        ["agents", join(p.work, ".agents/skills/demo")]
      ])
      expect((yield* p.build({ target: "codex" })).deployments.map((d) => [d.target, d.path])).toEqual([["codex", join(p.work, ".agents/skills/demo")]])
    }))

  it.live("RFC-0001:C-DEPLOYMENT two targets of one directory (agents, codex: .agents/skills) are one link, named after both, with no warning", () =>
    Effect.gen(function* () {
      const p = project()
      const out = yield* p.build({ target: "claude,agents,codex" })
      expect(out.deployments.map((d) => [d.target, d.path, d.method])).toEqual([
        ["claude", join(p.work, ".claude/skills/demo"), "symlink"],
        ["agents,codex", join(p.work, ".agents/skills/demo"), "symlink"]
      ])
      expect(p.takeWarnings().join("\n")).not.toMatch(/copied instead/)
      // Built again: the same one link, replaced once.
      expect((yield* p.build({ target: "agents,codex" })).deployments.map((d) => [d.target, d.replaced])).toEqual([["agents,codex", "symlink"]])
    }))

  it.live("RFC-0001:C-DEPLOYMENT an unknown target name is an error before anything is written", () =>
    Effect.gen(function* () {
      const p = project()
      // A bad --target is E100 (RFC-0005: option failures), the targets there are as its hint line.
      expect(yield* failureText(p.build({ target: "claude,nosuch" }))).toBe(
        "error[E100]: invalid option: --target: unknown target 'nosuch'\n  known targets: agents, amp, claude, codex, copilot, cursor, gemini, kiro, opencode, trae; or a directory path such as ./agent-skills"
      )
      expect(builtFiles(join(p.work, ".skillc/runtime/demo"))).toEqual([])
      expect(existsSync(join(p.home, ".claude"))).toBe(false)
      expect(existsSync(join(p.work, ".claude"))).toBe(false)
    }))

  it.live("DECISIONS #34 a bad [build] targets in the configuration stays a config error, not E100 (no option was given)", () =>
    Effect.gen(function* () {
      const p = project()
      mkdirSync(join(p.work, ".skillc"), { recursive: true })
      writeFileSync(join(p.work, ".skillc/config.toml"), '[build]\ntargets = ["nosuch"]\n')
      expect(yield* failureText(p.build({}))).toMatch(
        /^error: unknown target 'nosuch' in \[build\] targets of the configuration \(\.skillc\/config\.toml or ~\/\.skillc\/config\.toml\) \(known: agents, amp, claude,/
      )
    }))

  it.live("RFC-0001:C-DEPLOYMENT replaces an existing symlink; refuses a real directory without force", () =>
    Effect.gen(function* () {
      const p = project()
      const dest = join(p.work, ".claude/skills/demo")
      mkdirSync(join(p.work, ".claude/skills"), { recursive: true })
      symlinkSync(join(p.root, "elsewhere"), dest)
      expect((yield* p.build()).deployments[0]).toMatchObject({ replaced: "symlink" })
      expect(readlinkSync(dest)).toBe("../../.skillc/runtime/demo") // DECISIONS #46: relative inside the project

      const other = join(p.work, ".cursor/skills/demo")
      put(other, "SKILL.md", "hand-made")
      expect(yield* failureText(p.build({ target: "cursor" }))).toContain(`error: '${other}' already exists and is not a link made by skc\n  use --force`)
      expect(readFileSync(join(other, "SKILL.md"), "utf8")).toBe("hand-made")
      const forced = yield* p.build({ target: "cursor", force: true })
      expect(forced.deployments).toEqual([{ target: "cursor", path: other, method: "symlink", replaced: "forced" }])
      expect(lstatSync(other).isSymbolicLink()).toBe(true)
    }))

  it.live("RFC-0001:C-DEPLOYMENT copy copies the stub and manifest only, and a rebuild refreshes skc's own copy", () =>
    Effect.gen(function* () {
      const p = project()
      expect((yield* p.build({ copy: true })).deployments[0].method).toBe("copy")
      const dest = join(p.work, ".claude/skills/demo")
      expect(lstatSync(dest).isDirectory()).toBe(true)
      expect(listAll(dest).sort()).toEqual([".skillc-meta/", ".skillc-meta/manifest.json", "SKILL.md"])
      expect((yield* p.build({ copy: true })).deployments[0]).toMatchObject({ method: "copy", replaced: "copy" })
      expect((yield* p.build()).deployments[0]).toMatchObject({ method: "symlink", replaced: "copy" })
      expect(lstatSync(dest).isSymbolicLink()).toBe(true)
    }))

  it.live("RFC-0001:C-DEPLOYMENT global uses the global runtime", () =>
    Effect.gen(function* () {
      const p = project()
      expect((yield* p.build({ global: true })).scope).toBe("global")
      expect(existsSync(join(p.home, ".skillc/runtime/demo/SKILL.md"))).toBe(true)
      expect(readlinkSync(join(p.home, ".claude/skills/demo"))).toBe(join(p.home, ".skillc/runtime/demo"))
    }))

  it.live("RFC-0001:C-DEPLOYMENT a global skill builds into the global runtime from anywhere", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-build-")
      put(join(w.home, ".skillc/skills/glob"), "SKILL.md", SKILL("glob"))
      expect(yield* w.run(build({ skill: "glob" }))).toMatchObject({ scope: "global", source_scope: "global" })
      expect(existsSync(join(w.home, ".skillc/runtime/glob/SKILL.md"))).toBe(true)
    }))
})

describe("RFC-0007:C-COMMANDS build import", () => {
  /** A fixture shaped like published skills: license, long description, 200+ references, scripts, binaries. */
  const published = (root: string) => {
    const long = "Handles every aspect of the frobnicator API. ".repeat(12).trim()
    put(root, "SKILL.md", `---\nname: frob\ndescription: >-\n  ${long}\nlicense: Apache-2.0\n---\n\n# Frob\n\n## Setup\n\n### Deep\n\n\`\`\`md\n# not a heading\n\`\`\`\n`)
    for (let i = 0; i < 210; i++) {
      const n = String(i).padStart(3, "0")
      put(root, `references/api/${n}.md`, `---\ndescription: Endpoint ${n} ${"x".repeat(130)}\n---\n# Endpoint ${n}\n\ntext\n`)
    }
    put(root, "references/no-newline.md", "# No newline at end")
    put(root, "scripts/run.sh", "#!/bin/sh\necho hi\n")
    chmodSync(join(root, "scripts/run.sh"), 0o755)
    put(root, "assets/logo.png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]))
    put(root, "space dir/ünïcode file.md", "# Ünïcode\n")
  }

  it.live("RFC-0007:C-COMMANDS imports a published-style skill into the project store, then builds it", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-import-")
      mkdirSync(join(w.work, ".skillc"), { recursive: true })
      const src = join(w.root, "downloads", "frob")
      published(src)
      const r = yield* w.run(build({ skill: src }))
      const store = join(w.work, ".skillc/skills/frob")
      expect(r.imported).toEqual({ from: src, to: store, scope: "project", replaced: false })
      expect(w.takeWarnings()).toEqual([])
      expect(readFileSync(join(store, "assets/logo.png"))).toEqual(readFileSync(join(src, "assets/logo.png")))
      expect(readFileSync(join(store, "references/no-newline.md"), "utf8")).toBe("# No newline at end")
      expect(lstatSync(join(store, "scripts/run.sh")).mode & 0o111).not.toBe(0)
      expect(existsSync(join(store, "space dir/ünïcode file.md"))).toBe(true)
      const stub = readFileSync(join(w.work, ".skillc/runtime/frob/SKILL.md"), "utf8")
      const lines = stub.trimEnd().split("\n")
      expect(lines.length).toBeLessThanOrEqual(100)
      expect(parse(stub.split("---\n")[1]).description).toMatch(/^Handles every aspect/)
      expect(stub).toContain("- Frob\n  - Setup\n- References (query by title only)\n  - Endpoint 000 — Endpoint 000 ")
      expect(stub).not.toContain("Deep")
      expect(stub).not.toContain("not a heading")
      expect(lines.at(-1)).toBe(`  - … (${210 + 2 - 15} more)`)
      const m = JSON.parse(readFileSync(join(w.work, ".skillc/runtime/frob/.skillc-meta/manifest.json"), "utf8"))
      expect(m.file_count).toBe(210 + 5)
    }))

  it.live("RFC-0007:C-COMMANDS an existing skill is E050 with a --force hint (DECISIONS #34); force replaces it", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-import-")
      mkdirSync(join(w.work, ".skillc"), { recursive: true })
      const src = join(w.root, "demo")
      put(src, "SKILL.md", SKILL("demo"))
      yield* w.run(build({ skill: src }))
      put(src, "extra.md", "# Extra\n")
      const [first, second] = (yield* failureText(w.run(build({ skill: src })))).split("\n")
      expect(first).toBe("error[E050]: skill 'demo' already exists")
      expect(second).toMatch(/^ {2}.*--force/)
      expect(existsSync(join(w.work, ".skillc/skills/demo/extra.md"))).toBe(false)
      expect((yield* w.run(build({ skill: src, force: true }))).imported).toMatchObject({ replaced: true })
      expect(existsSync(join(w.work, ".skillc/skills/demo/extra.md"))).toBe(true)
      expect(readdirSync(join(w.work, ".skillc/skills"))).toEqual(["demo"])
    }))

  it.live("an import removes the hidden copies a killed import of the skill left an hour ago; a recent one stays (it may be running)", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-import-")
      const store = join(w.work, ".skillc", "skills")
      mkdirSync(store, { recursive: true })
      const src = join(w.root, "demo")
      put(src, "SKILL.md", SKILL("demo"))
      const hourAgo = new Date(Date.now() - 2 * 60 * 60_000)
      for (const left of [".demo.import-abc", ".demo.old-abc"]) {
        put(join(store, left), "SKILL.md", SKILL("demo"))
        utimesSync(join(store, left), hourAgo, hourAgo)
      }
      put(join(store, ".demo.import-fresh"), "SKILL.md", SKILL("demo"))
      put(join(store, ".other.import-abc"), "SKILL.md", SKILL("other"))
      utimesSync(join(store, ".other.import-abc"), hourAgo, hourAgo)
      yield* w.run(build({ skill: src }))
      expect(readdirSync(store).sort()).toEqual([".demo.import-fresh", ".other.import-abc", "demo"])
    }))

  it.live("RFC-0001:C-INPUT an import whose SKILL.md does not build leaves the store and runtime as they were; the fixed source imports without --force", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-import-")
      mkdirSync(join(w.work, ".skillc"), { recursive: true })
      const src = join(w.root, "bad")
      put(src, "SKILL.md", '---\nname: bad\ndescription: "unterminated\n---\n# X\n')
      expect(yield* failureText(w.run(build({ skill: src })))).toMatch(/^error\[E011\]/)
      expect(readdirSync(join(w.work, ".skillc/skills"))).toEqual([])
      expect(existsSync(join(w.work, ".skillc/runtime/bad"))).toBe(false)
      put(src, "SKILL.md", SKILL("bad"))
      expect((yield* w.run(build({ skill: src }))).imported).toMatchObject({ replaced: false })
      // A --force import of a broken version puts the working copy back, with its build.
      put(src, "SKILL.md", "---\nname: Bad Name\ndescription: d\n---\n# X\n")
      expect(yield* failureText(w.run(build({ skill: src, force: true })))).toMatch(/^error\[E011\]/)
      expect(readFileSync(join(w.work, ".skillc/skills/bad/SKILL.md"), "utf8")).toBe(SKILL("bad"))
      expect(readdirSync(join(w.work, ".skillc/skills"))).toEqual(["bad"])
      expect(existsSync(join(w.work, ".skillc/runtime/bad/.skillc-meta/manifest.json"))).toBe(true)
    }))

  it.live("RFC-0007:C-COMMANDS import never follows a symlink out of the source (E012, store untouched)", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-import-")
      mkdirSync(join(w.work, ".skillc"), { recursive: true })
      const src = join(w.root, "leaky")
      put(src, "SKILL.md", SKILL("leaky"))
      mkdirSync(join(w.root, "private"))
      writeFileSync(join(w.root, "private", "key"), "secret")
      symlinkSync(join(w.root, "private"), join(src, "linked"))
      expect(yield* failureText(w.run(build({ skill: src })))).toBe("error[E012]: path escapes skill root: 'linked'")
      expect(existsSync(join(w.work, ".skillc/skills/leaky"))).toBe(false)
    }))

  it.live("RFC-0007:C-COMMANDS global imports into the global store; without a project the global store is used", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-import-")
      const src = join(w.root, "g1")
      put(src, "SKILL.md", SKILL("g1"))
      expect((yield* w.run(build({ skill: src, global: true }))).imported).toMatchObject({ scope: "global" })
      expect(existsSync(join(w.home, ".skillc/skills/g1/SKILL.md"))).toBe(true)
      const src2 = join(w.root, "g2")
      put(src2, "SKILL.md", SKILL("g2"))
      yield* w.run(build({ skill: src2 }))
      expect(existsSync(join(w.home, ".skillc/skills/g2/SKILL.md"))).toBe(true)
    }))
})

describe("RFC-0001:C-SECTIONS demo skill", () => {
  it.live("RFC-0001:C-SECTIONS the stub of examples/git-helper lists exactly its H1/H2 and references", () =>
    Effect.gen(function* () {
      const w = diskWorld("skc-sections-")
      mkdirSync(join(w.work, ".skillc"), { recursive: true })
      cpSync(join(ROOT, "examples", "git-helper"), join(w.root, "git-helper"), { recursive: true })
      yield* w.run(build({ skill: join(w.root, "git-helper") }))
      const stub = readFileSync(join(w.work, ".skillc/runtime/git-helper/SKILL.md"), "utf8")
      expect(stub.slice(stub.indexOf("## Top Sections\n"))).toBe(
        [
          "## Top Sections",
          "",
          "- Git Helper",
          "  - Committing",
          "  - Branching",
          "  - Undoing Things",
          "  - Resolving Conflicts",
          "- References (query by title only)",
          "  - Conflict Resolution — Step-by-step conflict resolution during merge and rebase",
          ""
        ].join("\n")
      )
    }))
})
