// skc build end to end through bin/skc.mjs (RFC-0001, RFC-0007:C-COMMANDS build, ADR-0002).
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { parse } from "yaml"
import { sandbox } from "../helpers/cli.js"

const SKILL = (name: string, body = "# Title\n\n## Part\n") => `---\nname: ${name}\ndescription: A skill for tests. Use when testing.\n---\n\n${body}`

const put = (root: string, rel: string, data: string | Buffer) => {
  mkdirSync(join(root, rel, ".."), { recursive: true })
  writeFileSync(join(root, rel), data)
}

/** A project with one skill in its store. */
const project = (name = "demo", body?: string) => {
  const sb = sandbox()
  mkdirSync(join(sb.work, ".skillc", "skills"), { recursive: true })
  put(join(sb.work, ".skillc", "skills", name), "SKILL.md", SKILL(name, body))
  return sb
}

/** Everything below a directory, relative. */
const listAll = (dir: string, rel = ""): Array<string> =>
  readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((d) => {
    const p = rel === "" ? d.name : `${rel}/${d.name}`
    return d.isDirectory() ? [p + "/", ...listAll(dir, p)] : [p]
  })

/** The access log (RFC-0007:C-LOGGING) lives in the runtime too: every build, failed or not, adds a row. */
const isAccessLog = (p: string) => /^\.skillc-meta\/logs\.db(-wal|-shm)?$/.test(p)
/** What a build put in a runtime directory: everything but the access log. */
const builtFiles = (dir: string): Array<string> =>
  existsSync(dir) ? listAll(dir).filter((p) => !isAccessLog(p) && !(p === ".skillc-meta/" && !existsSync(join(dir, ".skillc-meta/manifest.json")))) : []

describe("RFC-0001:C-OUTPUT", () => {
  it("RFC-0001:C-OUTPUT runtime holds only the stub and .skillc-meta/manifest.json; prints Source/Runtime/Deploy", () => {
    const sb = project("demo", "# Demo\n\nSECRET BODY TEXT\n\n## Usage\n\nmore secret\n")
    put(join(sb.work, ".skillc/skills/demo"), "references/api.md", "# API\n\nsecret api text\n")
    const r = sb.run(["build", "demo"])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    const runtime = join(sb.work, ".skillc", "runtime", "demo")
    expect(r.stdout).toBe(
      [
        "Built demo",
        `  Source:  ${join(sb.work, ".skillc/skills/demo")} (project)`,
        `  Runtime: ${runtime} (project)`,
        `  Deploy:  claude -> ${join(sb.work, ".claude/skills/demo")} (symlink)`,
        ""
      ].join("\n")
    )
    // Plus the search index beside the manifest (RFC-0004:C-INDEX, DECISIONS #1).
    expect(builtFiles(runtime).sort().map((p) => p.replace(/search-[0-9a-f]{16}\.db$/, "search-<hash16>.db"))).toEqual([
      ".skillc-meta/",
      ".skillc-meta/manifest.json",
      ".skillc-meta/search-<hash16>.db",
      "SKILL.md"
    ])
    const stub = readFileSync(join(runtime, "SKILL.md"), "utf8")
    expect(stub).not.toContain("secret")
    expect(stub).not.toContain("SECRET")
    expect(stub).not.toContain(sb.root)
    expect(stub).toContain("- Demo\n  - Usage\n- References (query by title only)\n  - API\n")
  })

  it("RFC-0001:C-MANIFEST manifest fields; source hash stable across rebuilds and changed by edits", () => {
    const sb = project()
    expect(sb.run(["build", "demo"]).code).toBe(0)
    const file = join(sb.work, ".skillc/runtime/demo/.skillc-meta/manifest.json")
    const m1 = JSON.parse(readFileSync(file, "utf8"))
    expect(m1).toMatchObject({ skill: "demo", version: 1, scope: "project", file_count: 1, markdown_count: 1 })
    expect(m1.source_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(new Date(m1.built_at).toISOString()).toBe(m1.built_at)
    expect(m1.source_path).toBe(join(sb.work, ".skillc/skills/demo"))
    put(join(sb.work, ".skillc/skills/demo"), ".git/HEAD", "x")
    expect(sb.run(["build", "demo"]).code).toBe(0)
    expect(JSON.parse(readFileSync(file, "utf8")).source_hash).toBe(m1.source_hash)
    put(join(sb.work, ".skillc/skills/demo"), "notes.txt", "new")
    expect(sb.run(["build", "demo", "--format", "json"]).code).toBe(0)
    expect(JSON.parse(readFileSync(file, "utf8")).source_hash).not.toBe(m1.source_hash)
  })
})

describe("RFC-0004:C-INDEX an up-to-date index is left alone (issue 25 item 4)", () => {
  const indexOf = (sb: ReturnType<typeof project>) => {
    const meta = join(sb.work, ".skillc/runtime/demo/.skillc-meta")
    const name = readdirSync(meta).find((f) => /^search-[0-9a-f]{16}\.db$/.test(f))!
    const st = statSync(join(meta, name), { bigint: true })
    return `${name}:${st.ino}:${st.mtimeNs}`
  }

  it("a rebuild right after the build, and one after the sources' mtimes aged past the racy window, keep the same file (inode and mtime)", () => {
    const sb = project("demo", "# Title\n\n## Part\n\nWords.\n")
    put(join(sb.work, ".skillc/skills/demo"), "references/more.md", "# More\n\n## Deep\n\ntext\n")
    expect(sb.run(["build", "demo"]).code).toBe(0)
    const first = indexOf(sb)
    expect(sb.run(["build", "demo"]).code).toBe(0)
    expect(indexOf(sb)).toBe(first)
    // What a later build sees: the same bytes, files now old enough to trust (and one touched).
    const old = new Date(Date.now() - 3_600_000)
    for (const f of ["SKILL.md", "references/more.md"]) utimesSync(join(sb.work, ".skillc/skills/demo", f), old, old)
    const later = sb.run(["build", "demo", "--format", "json"])
    expect(later.code, later.stderr).toBe(0)
    expect(indexOf(sb)).toBe(first)
    utimesSync(join(sb.work, ".skillc/skills/demo", "SKILL.md"), new Date(), new Date())
    expect(sb.run(["build", "demo"]).code).toBe(0)
    expect(indexOf(sb)).toBe(first)
    // A change of content still updates it.
    put(join(sb.work, ".skillc/skills/demo"), "references/more.md", "# More\n\n## Deeper\n\ntext\n")
    expect(sb.run(["build", "demo"]).code).toBe(0)
    expect(indexOf(sb)).not.toBe(first)
    expect(sb.run(["show", "demo", "--section", "Deeper"]).code).toBe(0)
  })
})

describe("RFC-0001:C-INPUT", () => {
  it("RFC-0001:C-INPUT a missing description is E011; unparseable YAML is E011 saying so with line and column (issue 29 item 5)", () => {
    const sb = project()
    const dir = join(sb.work, ".skillc/skills/demo")
    writeFileSync(join(dir, "SKILL.md"), "---\nname: demo\n---\n# x\n")
    let r = sb.run(["build", "demo"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe("error[E011]: missing frontmatter field 'description' in SKILL.md\n")
    writeFileSync(join(dir, "SKILL.md"), "---\nname: [unclosed\ndescription: d\n---\n")
    r = sb.run(["build", "demo"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E011\]: invalid frontmatter in SKILL\.md: YAML syntax error: .* \(line \d+, column \d+\)\n  'skc lint' on this skill names the quoting that repairs it, and how agents that read such a value anyway read it \(SKL100\)\n$/)
    writeFileSync(join(dir, "SKILL.md"), "# no frontmatter\n")
    // The template names the field; the indented line says there is no frontmatter at all.
    expect(sb.run(["build", "demo"]).stderr).toBe(
      "error[E011]: missing frontmatter field 'name' in SKILL.md\n  SKILL.md has no frontmatter: its first line must be '---', then 'name:' and 'description:', then '---'\n"
    )
    writeFileSync(join(dir, "SKILL.md"), "---\nname: [a, b]\ndescription: d\n---\n")
    expect(sb.run(["build", "demo"]).stderr).toBe("error[E011]: missing frontmatter field 'name' in SKILL.md\n  'name' is a list, not text\n")
    // A number or boolean is not built as its string (YAML reads 0x1F as 31, 1.0 as 1): lint refuses it (SKL102, SKL106).
    writeFileSync(join(dir, "SKILL.md"), "---\nname: 0x1F\ndescription: d\n---\n")
    expect(sb.run(["build", "demo"]).stderr).toBe(
      "error[E011]: missing frontmatter field 'name' in SKILL.md\n  'name' is the YAML number 31, not text: quote the value as written (name: \"…\")\n"
    )
    writeFileSync(join(dir, "SKILL.md"), "---\nname: demo\ndescription: true\n---\n")
    expect(sb.run(["build", "demo"]).stderr).toBe(
      "error[E011]: missing frontmatter field 'description' in SKILL.md\n  'description' is the YAML boolean true, not text: quote the value as written (description: \"…\")\n"
    )
    writeFileSync(join(dir, "SKILL.md"), '---\nname: demo\ndescription: ""\n---\n')
    expect(sb.run(["build", "demo"]).stderr).toBe("error[E011]: missing frontmatter field 'description' in SKILL.md\n  'description' is there but empty\n")
    expect(builtFiles(join(sb.work, ".skillc/runtime/demo"))).toEqual([])
  })

  it("RFC-0001:C-ERRORS skill not found is E001, a directory without SKILL.md is E010, a bad flag E100", () => {
    const sb = project()
    expect(sb.run(["build", "nope"])).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error\[E001\]:\ skill\ 'nope'\ not\ found(\n  .*)*\n/) })
    mkdirSync(join(sb.work, ".skillc/skills/hollow"))
    const r = sb.run(["build", "hollow"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error\[E010\]: not a valid skill: '.*hollow' \(missing SKILL.md\)\n$/)
    const bad = sb.run(["build", "demo", "--bogus"])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^error\[E100\]/)
    expect(sb.run(["build", "demo", "--format", "yaml"]).stderr).toMatch(/^error\[E100\]/)
  })

  it("RFC-0001:C-CONSTRAINTS a symlink escaping the skill root is E012 and nothing is built", () => {
    const sb = project()
    writeFileSync(join(sb.root, "secret.txt"), "top secret")
    symlinkSync(join(sb.root, "secret.txt"), join(sb.work, ".skillc/skills/demo/leak.txt"))
    const r = sb.run(["build", "demo"])
    expect(r).toMatchObject({ code: 1, stdout: "", stderr: "error[E012]: path escapes skill root: 'leak.txt'\n" })
    expect(builtFiles(join(sb.work, ".skillc/runtime/demo"))).toEqual([])
  })

  it("RFC-0001:C-CONSTRAINTS a SKILL.md that links out of the skill: search and show say E012 as build does, not E002 'run skc build'", () => {
    const sb = project()
    writeFileSync(join(sb.root, "outside.md"), "---\nname: demo\ndescription: x\n---\n# Outside\n")
    rmSync(join(sb.work, ".skillc/skills/demo/SKILL.md"))
    symlinkSync(join(sb.root, "outside.md"), join(sb.work, ".skillc/skills/demo/SKILL.md"))
    const escapes = "error[E012]: path escapes skill root: 'SKILL.md'\n"
    expect(sb.run(["build", "demo"])).toMatchObject({ code: 1, stderr: escapes })
    expect(sb.run(["search", "demo", "outside"])).toMatchObject({ code: 1, stderr: escapes })
    expect(sb.run(["show", "demo", "--section", "Outside"])).toMatchObject({ code: 1, stderr: escapes })
  })

  it("RFC-0007:C-RESOLUTION builds from a nested subdirectory of the project", () => {
    const sb = project()
    const nested = join(sb.work, "src", "deep")
    mkdirSync(nested, { recursive: true })
    const r = sb.run(["build", "demo"], nested)
    expect(r.code).toBe(0)
    expect(existsSync(join(sb.work, ".skillc/runtime/demo/SKILL.md"))).toBe(true)
  })
})

describe("RFC-0001:C-DEPLOYMENT", () => {
  it("RFC-0001:C-DEPLOYMENT --target list with known names, a config [targets] entry and a directory path", () => {
    const sb = project()
    mkdirSync(join(sb.home, ".skillc"), { recursive: true })
    writeFileSync(join(sb.home, ".skillc/config.toml"), '[targets]\nmine = "~/agents/mine"\n')
    const r = sb.run(["build", "demo", "--target", "claude,copilot,opencode,mine,./local-agent", "--format", "json"])
    expect(r.code).toBe(0)
    const out = JSON.parse(r.stdout)
    const runtime = join(sb.work, ".skillc/runtime/demo")
    expect(out.deployments.map((d: { target: string; path: string; method: string }) => [d.target, d.path, d.method])).toEqual([
      // DECISIONS #9 revised: a project build links from the project's own agent directories.
      ["claude", join(sb.work, ".claude/skills/demo"), "symlink"],
      ["copilot", join(sb.work, ".github/skills/demo"), "symlink"],
      ["opencode", join(sb.work, ".opencode/skills/demo"), "symlink"],
      ["mine", join(sb.home, "agents/mine/demo"), "symlink"],
      ["./local-agent", join(sb.work, "local-agent/demo"), "symlink"]
    ])
    // DECISIONS #46: links inside the project are relative, others absolute; every one reaches the runtime.
    for (const d of out.deployments) expect(resolve(dirname(d.path), readlinkSync(d.path))).toBe(runtime)
  })

  it("RFC-0001:C-DEPLOYMENT an unknown target name is an error before anything is written", () => {
    const sb = project()
    const r = sb.run(["build", "demo", "--target", "claude,nosuch"])
    expect(r.code).toBe(1)
    // E100 as every option failure (RFC-0005:C-CODES), as `lint --agent bogus` is; the known targets as a hint line.
    expect(r.stderr).toBe(
      "error[E100]: invalid option: --target: unknown target 'nosuch'\n  known targets: agents, amp, claude, codex, copilot, cursor, gemini, kiro, opencode, trae; or a directory path such as ./agent-skills\n"
    )
    expect(builtFiles(join(sb.work, ".skillc/runtime/demo"))).toEqual([])
    expect(existsSync(join(sb.home, ".claude"))).toBe(false)
    expect(existsSync(join(sb.work, ".claude"))).toBe(false)
    const empty = sb.run(["build", "demo", "--target", ""])
    expect(empty.code).toBe(1)
    expect(empty.stderr.split("\n")[0]).toBe("error[E100]: invalid option: '--target: empty target (give comma-separated agent names or directory paths)'")
    expect(empty.stderr.split("\n")[1]).toMatch(/^  known targets: agents, amp, claude,/)
  })

  it("RFC-0001:C-DEPLOYMENT replaces an existing symlink; refuses a real directory without --force", () => {
    const sb = project()
    const dest = join(sb.work, ".claude/skills/demo")
    mkdirSync(join(sb.work, ".claude/skills"), { recursive: true })
    symlinkSync(join(sb.root, "elsewhere"), dest)
    expect(sb.run(["build", "demo"]).code).toBe(0)
    expect(readlinkSync(dest)).toBe("../../.skillc/runtime/demo") // DECISIONS #46: relative inside the project

    const other = join(sb.work, ".cursor/skills/demo")
    put(other, "SKILL.md", "hand-made")
    const refused = sb.run(["build", "demo", "--target", "cursor"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`error: '${other}' already exists and is not a link made by skc\n  use --force`)
    expect(readFileSync(join(other, "SKILL.md"), "utf8")).toBe("hand-made")
    const forced = sb.run(["build", "demo", "--target", "cursor", "--force"])
    expect(forced.code).toBe(0)
    expect(forced.stdout).toContain(`Deploy:  cursor -> ${other} (symlink, replaced with --force)`)
    expect(lstatSync(other).isSymbolicLink()).toBe(true)
  })

  it("RFC-0001:C-DEPLOYMENT --copy copies the stub and manifest only, and a rebuild refreshes skc's own copy", () => {
    const sb = project()
    const r = sb.run(["build", "demo", "--copy"])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("(copy)")
    const dest = join(sb.work, ".claude/skills/demo")
    expect(lstatSync(dest).isDirectory()).toBe(true)
    expect(listAll(dest).sort()).toEqual([".skillc-meta/", ".skillc-meta/manifest.json", "SKILL.md"])
    expect(sb.run(["build", "demo", "--copy"]).code).toBe(0)
    expect(sb.run(["build", "demo"]).code).toBe(0)
    expect(lstatSync(dest).isSymbolicLink()).toBe(true)
  })

  it("RFC-0001:C-DEPLOYMENT --global uses the global runtime", () => {
    const sb = project()
    const r = sb.run(["build", "demo", "--global"])
    expect(r.code).toBe(0)
    expect(existsSync(join(sb.home, ".skillc/runtime/demo/SKILL.md"))).toBe(true)
    expect(readlinkSync(join(sb.home, ".claude/skills/demo"))).toBe(join(sb.home, ".skillc/runtime/demo"))
  })

  // A deploy probe: `skc build alpha --global` in a project, with a global-store alpha of its own already
  // built there, silently replaced that skill's stub: agents loaded the project's alpha, `skc show alpha`
  // elsewhere still answered from the global source. Said (RFC-0007:C-RESOLUTION lets the two share it).
  it("RFC-0007:C-RESOLUTION --global over a global runtime another source built says it replaces that build", () => {
    const sb = project()
    const other = join(sb.home, ".skillc", "skills", "demo")
    mkdirSync(other, { recursive: true })
    writeFileSync(join(other, "SKILL.md"), "---\nname: demo\ndescription: The global one. Use when testing.\n---\n# Demo\n\n## Personal\n\nMine.\n")
    expect(sb.run(["build", "demo"], sb.home).code).toBe(0)
    const r = sb.run(["build", "demo", "--global"])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain("warning: 'demo' was built here from ")
    expect(r.stderr).toContain("agents reading its deployment now load this one")
    // Built again from the same source: nothing to say.
    expect(sb.run(["build", "demo", "--global"]).stderr).not.toContain("was built here from")
  })

  it("RFC-0001:C-DEPLOYMENT, DECISIONS #51 --global deploys for Claude Code where it reads user skills: $CLAUDE_CONFIG_DIR/skills when set", () => {
    const sb = project()
    const config = join(sb.root, "claude-config")
    const r = sb.run(["build", "demo", "--global"], sb.work, { CLAUDE_CONFIG_DIR: config })
    expect(r.code, r.stderr).toBe(0)
    expect(readlinkSync(join(config, "skills/demo"))).toBe(join(sb.home, ".skillc/runtime/demo"))
    expect(existsSync(join(sb.home, ".claude/skills/demo"))).toBe(false)
    expect(r.stdout).toContain(join(config, "skills", "demo"))
  })

  it("RFC-0001:C-DEPLOYMENT a global skill builds into the global runtime from anywhere", () => {
    const sb = sandbox()
    put(join(sb.home, ".skillc/skills/glob"), "SKILL.md", SKILL("glob"))
    const r = sb.run(["build", "glob"])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain("(global)")
    expect(existsSync(join(sb.home, ".skillc/runtime/glob/SKILL.md"))).toBe(true)
  })
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

  it("RFC-0007:C-COMMANDS imports a published-style skill into the project store, then builds it", () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, ".skillc"), { recursive: true })
    const src = join(sb.root, "downloads", "frob")
    published(src)
    const r = sb.run(["build", src])
    expect(r.stderr).toBe("")
    expect(r.code).toBe(0)
    const store = join(sb.work, ".skillc/skills/frob")
    expect(r.stdout.split("\n")[0]).toBe(`Imported ${src} -> ${store}`)
    expect(readFileSync(join(store, "assets/logo.png"))).toEqual(readFileSync(join(src, "assets/logo.png")))
    expect(readFileSync(join(store, "references/no-newline.md"), "utf8")).toBe("# No newline at end")
    expect(lstatSync(join(store, "scripts/run.sh")).mode & 0o111).not.toBe(0)
    expect(existsSync(join(store, "space dir/ünïcode file.md"))).toBe(true)
    const stub = readFileSync(join(sb.work, ".skillc/runtime/frob/SKILL.md"), "utf8")
    const lines = stub.trimEnd().split("\n")
    expect(lines.length).toBeLessThanOrEqual(100)
    expect(parse(stub.split("---\n")[1]).description).toMatch(/^Handles every aspect/)
    expect(stub).toContain("- Frob\n  - Setup\n- References (query by title only)\n  - Endpoint 000 — Endpoint 000 ")
    expect(stub).not.toContain("Deep")
    expect(stub).not.toContain("not a heading")
    expect(lines.at(-1)).toBe(`  - … (${210 + 2 - 15} more)`)
    const m = JSON.parse(readFileSync(join(sb.work, ".skillc/runtime/frob/.skillc-meta/manifest.json"), "utf8"))
    expect(m.file_count).toBe(210 + 5)
  })

  it("RFC-0007:C-COMMANDS an existing skill is E050 with a --force hint; --force replaces it", () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, ".skillc"), { recursive: true })
    const src = join(sb.root, "demo")
    put(src, "SKILL.md", SKILL("demo"))
    expect(sb.run(["build", src]).code).toBe(0)
    put(src, "extra.md", "# Extra\n")
    const again = sb.run(["build", src])
    expect(again.code).toBe(1)
    const [first, second] = again.stderr.trimEnd().split("\n")
    expect(first).toBe("error[E050]: skill 'demo' already exists")
    expect(second).toMatch(/^ {2}.*--force/)
    expect(existsSync(join(sb.work, ".skillc/skills/demo/extra.md"))).toBe(false)
    const forced = sb.run(["build", src, "--force"])
    expect(forced.code).toBe(0)
    expect(forced.stdout).toContain("(replaced)")
    expect(existsSync(join(sb.work, ".skillc/skills/demo/extra.md"))).toBe(true)
    expect(readdirSync(join(sb.work, ".skillc/skills"))).toEqual(["demo"])
  })

  it("RFC-0007:C-COMMANDS import never follows a symlink out of the source (E012, store untouched)", () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, ".skillc"), { recursive: true })
    const src = join(sb.root, "leaky")
    put(src, "SKILL.md", SKILL("leaky"))
    mkdirSync(join(sb.root, "private"))
    writeFileSync(join(sb.root, "private", "key"), "secret")
    symlinkSync(join(sb.root, "private"), join(src, "linked"))
    const r = sb.run(["build", src])
    expect(r).toMatchObject({ code: 1, stderr: "error[E012]: path escapes skill root: 'linked'\n" })
    expect(existsSync(join(sb.work, ".skillc/skills/leaky"))).toBe(false)
  })

  it("RFC-0007:C-COMMANDS --global imports into the global store; without a project the global store is used", () => {
    const sb = sandbox()
    const src = join(sb.root, "g1")
    put(src, "SKILL.md", SKILL("g1"))
    const r = sb.run(["build", src, "--global"])
    expect(r.code).toBe(0)
    expect(existsSync(join(sb.home, ".skillc/skills/g1/SKILL.md"))).toBe(true)
    const src2 = join(sb.root, "g2")
    put(src2, "SKILL.md", SKILL("g2"))
    expect(sb.run(["build", src2]).code).toBe(0)
    expect(existsSync(join(sb.home, ".skillc/skills/g2/SKILL.md"))).toBe(true)
  })
})

describe("RFC-0001:C-SECTIONS demo skill", () => {
  it("RFC-0001:C-SECTIONS the stub of examples/git-helper lists exactly its H1/H2 and references", async () => {
    const { cpSync } = await import("node:fs")
    const { ROOT } = await import("../helpers/cli.js")
    const sb = sandbox()
    mkdirSync(join(sb.work, ".skillc"), { recursive: true })
    cpSync(join(ROOT, "examples", "git-helper"), join(sb.root, "git-helper"), { recursive: true })
    expect(sb.run(["build", join(sb.root, "git-helper")]).code).toBe(0)
    const stub = readFileSync(join(sb.work, ".skillc/runtime/git-helper/SKILL.md"), "utf8")
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
  })
})

describe("RFC-0001:C-INPUT (DECISIONS #3 names) a valid name of the longest kind imports", () => {
  it("a name of 63 four-byte letters (252 bytes, valid by the format's 64-character rule) is imported, built and searched, not E999 ENAMETOOLONG", () => {
    const sb = sandbox()
    const name = "\u{10428}".repeat(63)
    put(join(sb.work, "src", name), "SKILL.md", SKILL(name))
    mkdirSync(join(sb.work, ".skillc"), { recursive: true })
    const r = sb.run(["build", join("src", name)])
    expect(r.stderr).not.toContain("ENAMETOOLONG")
    expect(r.code).toBe(0)
    expect(existsSync(join(sb.work, ".skillc", "skills", name, "SKILL.md"))).toBe(true)
    // Nothing hidden left beside it in the store.
    expect(readdirSync(join(sb.work, ".skillc", "skills"))).toEqual([name])
    expect(sb.run(["search", name, "Part"]).code).toBe(0)
  })
})

describe("DECISIONS #51, #53: targets one agent reads twice, through bin/skc.mjs", () => {
  it("agents,gemini,copilot,opencode deploys all four, warns once on stderr (no note to make them the default), exits 0; agents,codex is one link and no overlap warning", async () => {
    const sb = project("my-skill")
    const r = await sb.runAsync(["build", "my-skill", "--target", "agents,gemini,copilot,opencode"])
    expect(r.code).toBe(0)
    expect(r.stdout.split("\n")[0]).toBe("Built my-skill")
    for (const d of [".agents", ".gemini", ".github", ".opencode"]) expect(lstatSync(join(sb.work, d, "skills/my-skill")).isSymbolicLink()).toBe(true)
    expect(r.stderr).toBe(
      "warning: Gemini CLI, GitHub Copilot and OpenCode read both .agents/skills and their own directory (.gemini/skills, .github/skills, .opencode/skills): they find 'my-skill' twice, one copy shadowing the other; drop gemini,copilot,opencode from --target (the agents target covers them)\n"
    )
    // What the warning says is what discover shows for each of them: the skill once, its other copy shadowed.
    for (const agent of ["gemini", "copilot", "opencode"]) {
      const found = JSON.parse((await sb.runAsync(["discover", "--agent", agent, "--format", "json"])).stdout)
      expect(found.skills.filter((s: { name: string }) => s.name === "my-skill")).toHaveLength(1)
      expect(found.shadowed.filter((s: { name: string }) => s.name === "my-skill")).toHaveLength(1)
    }
    const same = await sb.runAsync(["build", "my-skill", "--target", "agents,codex"])
    // No overlap of its own (one directory). What it says: the first build's links it did not deploy (still
    // read twice, so only their removal is offered), then how to make agents,codex the project's default.
    expect([same.code, same.stderr]).toEqual([
      0,
      "warning: .github/skills/my-skill, .gemini/skills/my-skill and .opencode/skills/my-skill still link to this build from earlier builds for copilot, gemini and opencode: " +
        "GitHub Copilot, Gemini CLI and OpenCode read both .agents/skills and their own directory (.github/skills, .gemini/skills, .opencode/skills): they find 'my-skill' twice, " +
        "one copy shadowing the other; remove them (rm .github/skills/my-skill .gemini/skills/my-skill .opencode/skills/my-skill)\n" +
        'note: to deploy here by default, set [build] targets = ["agents", "codex"] in .skillc/config.toml\n'
    ])
    expect(same.stdout).toContain(`agents,codex -> ${join(sb.work, ".agents/skills/my-skill")}`)
  })
})

// A build-and-deploy probe: after `--target agents,codex`, a plain `skc build` (claude) warned that agents
// find the skill twice and offered `rm .agents/skills/beta …`, which hid it from Codex (which reads no
// .claude/skills). A link some agent reads alone is never in the `rm`; it is said to be the only copy.
describe("the links an earlier build left: the rm offered never hides a skill from an agent", () => {
  it("a link Codex reads alone is kept; one every reader also finds elsewhere is offered for removal", async () => {
    const sb = project("beta")
    expect((await sb.runAsync(["build", "beta", "--target", "agents,codex,copilot"])).code).toBe(0)
    const r = await sb.runAsync(["build", "beta"])
    expect(r.code).toBe(0)
    const line = r.stderr.split("\n").find((l) => l.includes("still link")) ?? ""
    expect(line).toContain("rm .github/skills/beta")
    expect(line).not.toMatch(/rm [^)]*\.agents\/skills\/beta/)
    // Named: who would lose it (Codex among them), not "an agent" beside the agents that find it twice.
    expect(line).toMatch(/\.agents\/skills\/beta is the only copy [^(]*Codex[^(]* reads? \(do not remove it\)/)
    // What the warning keeps is what Codex reads: removing what it offers leaves Codex its copy.
    rmSync(join(sb.work, ".github", "skills", "beta"))
    const codex = JSON.parse((await sb.runAsync(["discover", "--agent", "codex", "--format", "json"])).stdout)
    expect(codex.skills.map((s: { name: string }) => s.name)).toContain("beta")
  }, 60_000)

  it("of two links one agent reads, the one that also serves another is kept: Gemini CLI's own goes, .agents/skills stays (a CI probe)", async () => {
    const sb = project("gamma")
    expect((await sb.runAsync(["build", "gamma", "--target", "agents,gemini"])).code).toBe(0)
    const r = await sb.runAsync(["build", "gamma"])
    const line = r.stderr.split("\n").find((l) => l.includes("still link")) ?? ""
    // Gemini CLI reads .agents/skills and .gemini/skills; Codex .agents/skills alone: keeping both left Gemini the skill twice.
    expect(line).toContain("rm .gemini/skills/gamma")
    expect(line).toMatch(/\.agents\/skills\/gamma is the only copy [^(]*Codex[^(]*Gemini CLI read \(do not remove it\)/)
    rmSync(join(sb.work, ".gemini", "skills", "gamma"))
    const again = await sb.runAsync(["build", "gamma"])
    // What is left is the one copy both agents need: nothing more to remove, and Gemini CLI no longer finds it twice.
    const left = again.stderr.split("\n").find((l) => l.includes("still link")) ?? ""
    expect(left).toContain(".agents/skills/gamma is the only copy")
    expect(left).not.toContain("rm ")
    expect(left).not.toContain(".gemini/skills")
    for (const agent of ["codex", "gemini"]) {
      const seen = JSON.parse((await sb.runAsync(["discover", "--agent", agent, "--format", "json"])).stdout)
      expect(seen.skills.map((s: { name: string }) => s.name)).toContain("gamma")
    }
  }, 60_000)
})

// A team-layout probe: `skc show .claude/skills/api-guide --section Endpoints` read the deployed stub (E020,
// "no heading is close"), and so did outline: a reading command naming skc's deployment by its path reads the skill.
describe("a reading command naming skc's deployment by its path reads the skill it deploys", () => {
  it("show, outline and search of .claude/skills/<name> (a link, or --copy's stub) answer from the skill", async () => {
    const sb = project("gamma")
    expect((await sb.runAsync(["build", "gamma"])).code).toBe(0)
    for (const args of [["show", ".claude/skills/gamma", "--section", "Part"], ["outline", ".claude/skills/gamma"], ["search", ".claude/skills/gamma", "part"]]) {
      const r = await sb.runAsync(args)
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(0)
      expect(r.stdout).toContain("Part")
      expect(r.stdout).not.toContain("Gateway")
    }
    expect((await sb.runAsync(["build", "gamma", "--copy", "--force"])).code).toBe(0)
    expect((await sb.runAsync(["show", ".claude/skills/gamma", "--section", "Part"])).code).toBe(0)
  }, 60_000)

  it("a deployment whose source is gone, named by its path, says so as its name does (a hostile probe got E020's 'no heading is close' alone)", async () => {
    const sb = project("gamma")
    expect((await sb.runAsync(["build", "gamma"])).code).toBe(0)
    rmSync(join(sb.work, ".skillc", "skills", "gamma"), { recursive: true })
    const byName = await sb.runAsync(["show", "gamma", "--section", "Part"])
    const byPath = await sb.runAsync(["show", ".claude/skills/gamma", "--section", "Part"])
    expect(byName.stderr).toContain("is a stub deployed by skc whose source")
    expect(byPath.stderr).toBe(byName.stderr)
    expect(byPath.code).toBe(byName.code)
  }, 60_000)
})

// A team-layout probe: two projects whose `.claude/skills` is one shared directory (a link out of each) replaced
// each other's `newsk` link at every build, and each project's agents read the other's skill, without a word.
describe("an agent directory that is a link out of the project", () => {
  it("the build says the link it makes there is shared, and that it replaced another build's, once (not at every build)", async () => {
    const a = project("newsk")
    const b = sandbox()
    put(join(b.work, ".skillc", "skills", "newsk"), "SKILL.md", SKILL("newsk"))
    const shared = join(a.root, "shared-skills")
    mkdirSync(shared, { recursive: true })
    for (const sb of [a, b]) {
      mkdirSync(join(sb.work, ".claude"), { recursive: true })
      symlinkSync(shared, join(sb.work, ".claude", "skills"))
    }
    const first = await a.runAsync(["build", "newsk"])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toContain(`is '${shared}', outside the project: the link made there is shared by every project reading that directory`)
    expect((await a.runAsync(["build", "newsk"])).stderr).not.toContain("outside the project")
    const second = await b.runAsync(["build", "newsk"])
    expect(second.stderr).toContain(`led to '${join(a.work, ".skillc", "runtime", "newsk")}', another build of 'newsk': replaced by this project's`)
  }, 60_000)

  // A fresh-machine probe: a target the user named outside the project got "'/x' is '/x', outside the project".
  it("a target named outside the project is the user's: no shared-directory warning", async () => {
    const a = project("newsk")
    const outside = join(a.root, "agents-skills")
    const built = await a.runAsync(["build", "newsk", "--target", outside])
    expect(built.code, built.stderr).toBe(0)
    expect(lstatSync(join(outside, "newsk")).isSymbolicLink()).toBe(true)
    expect(built.stderr).not.toContain("outside the project")
  }, 60_000)
})

// A team-layout probe: `skc build .claude/skills/ext2`, ext2 a link to a shared skill, replaced the link without
// --force and never said where it had led; a real directory there is refused without --force.
describe("adopting a skill kept as a link", () => {
  it("is refused without --force, naming where the link leads and how to restore it; --force imports", async () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, ".skillc", "skills"), { recursive: true })
    put(join(sb.root, "shared", "ext2"), "SKILL.md", SKILL("ext2"))
    mkdirSync(join(sb.work, ".claude", "skills"), { recursive: true })
    const entry = join(sb.work, ".claude", "skills", "ext2")
    symlinkSync(join(sb.root, "shared", "ext2"), entry)
    const refused = await sb.runAsync(["build", ".claude/skills/ext2"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`is a link to '${join(sb.root, "shared", "ext2")}', the skill this build imports`)
    expect(refused.stderr).toContain("restore with: rm ")
    expect(readlinkSync(entry)).toBe(join(sb.root, "shared", "ext2"))
    expect((await sb.runAsync(["build", ".claude/skills/ext2", "--force"])).code).toBe(0)
    expect(existsSync(join(sb.work, ".skillc", "skills", "ext2", "SKILL.md"))).toBe(true)
  }, 60_000)
})

// An author's probe: a hand edit of skc's --copy deployment was replaced without a word, a file added to it
// stayed beside the new copy, and the next build with a link deleted both (DECISIONS #38).
describe("a hand's changes to skc's copy of a skill are said, and never deleted without --force", () => {
  it("--copy again: the edited SKILL.md replaced with a warning, an added file kept with one; a link build refuses, --force replaces", async () => {
    const sb = project("gamma")
    expect((await sb.runAsync(["build", "gamma", "--copy"])).code).toBe(0)
    const deployed = join(sb.work, ".claude", "skills", "gamma")
    writeFileSync(join(deployed, "SKILL.md"), readFileSync(join(deployed, "SKILL.md"), "utf8") + "MY EDIT\n")
    writeFileSync(join(deployed, "mine.md"), "mine\n")
    const again = await sb.runAsync(["build", "gamma", "--copy"])
    expect(again.code, again.stderr).toBe(0)
    expect(again.stderr).toContain("holds files skc did not put there (mine.md): left as they are beside the refreshed copy")
    expect(again.stderr).toContain("SKILL.md' was edited by hand since the last build: replaced by the build's")
    expect(readFileSync(join(deployed, "SKILL.md"), "utf8")).not.toContain("MY EDIT")
    expect(readFileSync(join(deployed, "mine.md"), "utf8")).toBe("mine\n")
    // Unchanged since: nothing more to say.
    expect((await sb.runAsync(["build", "gamma", "--copy"])).stderr).not.toContain("edited by hand")
    const linked = await sb.runAsync(["build", "gamma"])
    expect(linked.code).toBe(1)
    expect(linked.stderr).toContain("is skc's copy of the skill but holds files skc did not put there (mine.md), which a link in its place would delete")
    expect(readFileSync(join(deployed, "mine.md"), "utf8")).toBe("mine\n")
    expect((await sb.runAsync(["build", "gamma", "--force"])).code).toBe(0)
    expect(lstatSync(deployed).isSymbolicLink()).toBe(true)
  }, 60_000)

  it("a link build over a copy whose SKILL.md alone was edited by hand is refused too (a hostile probe lost the edit)", async () => {
    const sb = project("gamma")
    expect((await sb.runAsync(["build", "gamma", "--copy"])).code).toBe(0)
    const deployed = join(sb.work, ".claude", "skills", "gamma")
    writeFileSync(join(deployed, "SKILL.md"), readFileSync(join(deployed, "SKILL.md"), "utf8") + "MY EDIT\n")
    const linked = await sb.runAsync(["build", "gamma"])
    expect(linked.code).toBe(1)
    expect(linked.stderr).toContain("holds a SKILL.md edited by hand since the last build, which a link in its place would delete")
    expect(readFileSync(join(deployed, "SKILL.md"), "utf8")).toContain("MY EDIT")
  }, 60_000)
})

// A deploy probe: a skill folder deleted (or renamed) from the project store left `.claude/skills/<name>`
// deploying its old stub; `skc build --all` said nothing and `discover` listed it as any other skill.
describe("build --all names the deployments whose skill left the project store", () => {
  it("a deleted skill's link is said, with the rm of the link and its runtime; nothing is removed", async () => {
    const sb = project("alpha")
    put(join(sb.work, ".skillc", "skills", "gamma"), "SKILL.md", SKILL("gamma"))
    expect((await sb.runAsync(["build", "--all"])).stderr).not.toContain("whose source is no longer")
    // Two agent reads (no terminal: an agent's) in the log the warning keeps.
    for (let i = 0; i < 2; i++) expect((await sb.runAsync(["outline", "gamma"])).code).toBe(0)
    rmSync(join(sb.work, ".skillc", "skills", "gamma"), { recursive: true })
    const r = await sb.runAsync(["build", "--all"])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain(
      "warning: .claude/skills/gamma still deploys 'gamma', whose source is no longer in the project store (its folder deleted or renamed): agents load the old stub; " +
        "remove the link (rm .claude/skills/gamma). .skillc/runtime/gamma holds its access log (what agents read; skc stats .skillc/runtime/gamma still reads it): " +
        "remove the runtime once it is no longer wanted (rm -r .skillc/runtime/gamma)"
    )
    expect(lstatSync(join(sb.work, ".claude", "skills", "gamma")).isSymbolicLink()).toBe(true)
    // The command the warning names reads the old skill's log (a team-server probe followed the advice and lost ~200 reads).
    const stats = await sb.runAsync(["stats", ".skillc/runtime/gamma", "--include-author", "--format", "json"])
    expect(stats.code, stats.stderr).toBe(0)
    expect(JSON.parse(stats.stdout).skill).toBe("gamma")
    // ... and counts its reads: it read an empty log in the cache ("No recorded accesses", a build probe).
    expect(JSON.parse(stats.stdout).data).toMatchObject({ agent_accesses: 2 })
  }, 60_000)

  it("a link whose runtime is gone with its source (both removed by hand) is said, with its rm; it was silent while discover said 'run skc build --all' (a build probe)", async () => {
    const sb = project("alpha")
    put(join(sb.work, ".skillc", "skills", "gamma"), "SKILL.md", SKILL("gamma"))
    expect((await sb.runAsync(["build", "--all"])).code).toBe(0)
    rmSync(join(sb.work, ".skillc", "skills", "gamma"), { recursive: true })
    rmSync(join(sb.work, ".skillc", "runtime", "gamma"), { recursive: true })
    const r = await sb.runAsync(["build", "--all"])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain(
      "warning: .claude/skills/gamma is a link to a runtime that is gone, of a skill no longer in the project store: agents list a skill they cannot load; remove it (rm .claude/skills/gamma)"
    )
    expect(lstatSync(join(sb.work, ".claude", "skills", "gamma")).isSymbolicLink()).toBe(true)
    // A skill still in the store whose runtime is gone is no such link: the build makes it again.
    rmSync(join(sb.work, ".claude", "skills", "gamma"))
    rmSync(join(sb.work, ".skillc", "runtime", "alpha"), { recursive: true })
    const again = await sb.runAsync(["build", "--all"])
    expect(again.stderr).not.toContain("runtime that is gone")
  }, 60_000)

  it("a renamed skill: building it under its new name names the old name's deployment (an author's probe: agents listed both, nothing said)", async () => {
    const sb = project("gamma")
    expect((await sb.runAsync(["build", "gamma"])).code).toBe(0)
    rmSync(join(sb.work, ".skillc", "skills", "gamma"), { recursive: true })
    put(join(sb.work, ".skillc", "skills", "delta"), "SKILL.md", SKILL("delta"))
    const r = await sb.runAsync(["build", "delta"])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain("warning: .claude/skills/gamma still deploys 'gamma', whose source is no longer in the project store (its folder deleted or renamed)")
    // Said once the link is gone no more.
    rmSync(join(sb.work, ".claude", "skills", "gamma"))
    expect((await sb.runAsync(["build", "delta"])).stderr).not.toContain("whose source is no longer")
  }, 60_000)

  it("the global store's too: build --all --global names a deleted global skill's link under the home (an author's probe: it said '0 skills' and nothing)", async () => {
    const sb = sandbox()
    expect((await sb.runAsync(["init", "gx", "--global"])).code).toBe(0)
    expect((await sb.runAsync(["build", "gx"])).code).toBe(0)
    expect(lstatSync(join(sb.home, ".claude", "skills", "gx")).isSymbolicLink()).toBe(true)
    expect((await sb.runAsync(["build", "--all", "--global"])).stderr).not.toContain("whose source is no longer")
    rmSync(join(sb.home, ".skillc", "skills", "gx"), { recursive: true })
    const r = await sb.runAsync(["build", "--all", "--global"])
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/warning: \S*\.claude\/skills\/gx still deploys 'gx', whose source is no longer in the global store \(its folder deleted or renamed\): agents load the old stub; remove the link \(rm \S*\.claude\/skills\/gx\)/)
    expect(lstatSync(join(sb.home, ".claude", "skills", "gx")).isSymbolicLink()).toBe(true)
  }, 60_000)

  it("git's stand-in for skc's link (a clone with core.symlinks=false holds the link's text as a file) is replaced by the link, said; another file is still refused (a deployment probe)", async () => {
    const sb = sandbox()
    expect((await sb.runAsync(["init", "sk"])).code).toBe(0)
    expect((await sb.runAsync(["build", "sk"])).code).toBe(0)
    const link = join(sb.work, ".claude", "skills", "sk")
    const text = readlinkSync(link)
    rmSync(link)
    writeFileSync(link, text) // as git checks a link out without symlinks: its target, no newline
    const r = await sb.runAsync(["build", "--all"])
    expect(r.code).toBe(0)
    expect(r.stderr).toContain(`'${link}' is git's stand-in for skc's link (a clone with core.symlinks=false): replaced by the link`)
    expect(lstatSync(link).isSymbolicLink()).toBe(true)
    rmSync(link)
    writeFileSync(link, "../../elsewhere/sk")
    const other = await sb.runAsync(["build", "sk"])
    expect(other.code).toBe(1)
    expect(other.stderr).toContain("already exists and is not a link made by skc")
  }, 60_000)

  it("an agent directory that is a file or a dangling link is refused before anything is deployed, not E999 EEXIST (a deployment probe)", async () => {
    const sb = sandbox()
    expect((await sb.runAsync(["init", "sk"])).code).toBe(0)
    mkdirSync(join(sb.work, ".agents"), { recursive: true })
    writeFileSync(join(sb.work, ".agents", "skills"), "x")
    const r = await sb.runAsync(["build", "sk", "--target", "claude,agents"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(`error: cannot deploy to '${join(sb.work, ".agents", "skills")}': it is a file, not a directory`)
    expect(r.stderr).not.toContain("E999")
    expect(existsSync(join(sb.work, ".claude", "skills", "sk"))).toBe(false)
    rmSync(join(sb.work, ".agents", "skills"))
    symlinkSync("nowhere", join(sb.work, ".agents", "skills"))
    const dangling = await sb.runAsync(["build", "sk", "--target", "claude,agents"])
    expect(dangling.code).toBe(1)
    expect(dangling.stderr).toContain("it is a link that leads nowhere, not a directory")
    writeFileSync(join(sb.work, ".agents2"), "x")
    const under = await sb.runAsync(["build", "sk", "--target", "./.agents2/skills"])
    expect(under.code).toBe(1)
    expect(under.stderr).toContain(`'${join(sb.work, ".agents2")}' is a file, not a directory`)
    expect(under.stderr).not.toContain("E999")
  }, 60_000)

  it("a project skill built --global is no orphan of the global store while its source is there; once it is gone, it is (a deployment probe)", async () => {
    const sb = sandbox()
    expect((await sb.runAsync(["init", "alpha"])).code).toBe(0)
    expect((await sb.runAsync(["build", "alpha", "--global"])).code).toBe(0)
    expect(lstatSync(join(sb.home, ".claude", "skills", "alpha")).isSymbolicLink()).toBe(true)
    expect((await sb.runAsync(["init", "house", "--global"])).code).toBe(0)
    expect((await sb.runAsync(["build", "house"])).stderr).not.toContain("alpha")
    rmSync(join(sb.work, ".skillc", "skills", "alpha"), { recursive: true })
    expect((await sb.runAsync(["build", "house"])).stderr).toContain("still deploys 'alpha', whose source is no longer in the global store")
  }, 60_000)
})
