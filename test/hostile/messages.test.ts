/**
 * Issue 29 item 5, "the three messages fixed": a YAML syntax error in the
 * frontmatter said "missing frontmatter field 'name'"; a file skc may not
 * read failed `build` with `E999 … EACCES`; a SKILL.md holding a NUL byte
 * failed lint but built. Each is reproduced through the CLI.
 */
import { execFileSync } from "node:child_process"
import { chmodSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { canDropPrivileges, runUnprivileged, shareForUnprivileged } from "./unprivileged.js"

const skillMd = `---\nname: demo\ndescription: A demo skill. Use when testing.\n---\n# Demo\n\n## Usage\n\nText.\n`

const project = (name: string, files: Record<string, string>) => {
  const sb = sandbox()
  const src = join(sb.work, ".skillc", "skills", name)
  mkdirSync(src, { recursive: true })
  for (const [path, text] of Object.entries(files)) writeFileSync(join(src, path), text)
  return { sb, src }
}

describe("issue 29 item 5: the three messages", () => {
  it("a YAML syntax error says so, with line and column, in build, tools, run and lint (E011, SKL100)", () => {
    const { sb } = project("y", { "SKILL.md": `---\nname: y\ndescription: "unterminated\n---\n# y\n` })
    for (const args of [["build", "y"], ["tools", "y"], ["run", "y", "t"]]) {
      const r = sb.run(args)
      expect(r.code, args.join(" ")).toBe(1)
      expect(r.stderr, args.join(" ")).toMatch(/^error\[E011\]: invalid frontmatter in SKILL\.md: YAML syntax error: Missing closing "quote \(line \d+, column \d+\)\n(  'skc lint' on this skill names the quoting that repairs it, and how agents that read such a value anyway read it \(SKL100\)\n)?$/)
      expect(r.stderr).not.toContain("missing frontmatter field")
    }
    const lint = sb.run(["lint", "y"])
    expect(lint.code).toBe(1)
    expect(lint.stdout + lint.stderr).toMatch(/SKL100 frontmatter-valid: invalid frontmatter YAML: Missing closing "quote \(line \d+, column \d+\)/)
  })

  // Build (issue 29 item 5), and lint too (sixty-second pass: it answered `error[E999]: read '…': EACCES`).
  it.skipIf(!canDropPrivileges())("a file skc may not read: build and lint name it and say it cannot be read (no E999)", () => {
    for (const command of ["build", "lint"]) {
      const name = `locked-${command}`
      const { sb, src } = project(name, { "SKILL.md": skillMd.replace("demo", name).replace("Text.", "See [notes](notes.md)."), "notes.md": "# Notes\n" })
      shareForUnprivileged(sb.root)
      chmodSync(join(src, "notes.md"), 0o000)
      const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
      const r = runUnprivileged([process.execPath, BIN, command, name], { cwd: sb.work, env })
      expect(r.status, `${command}: ${r.stderr}`).toBe(1)
      expect(r.stderr).not.toContain("E999")
      // Running as nobody, logging may fall back with W002 first.
      expect(r.stderr, command).toMatch(/^error: cannot read file '.*notes\.md': permission denied\n {2}make it readable/m)
    }
  })

  it("a SKILL.md with a NUL byte: build refuses it as lint does", () => {
    const { sb } = project("nul", { "SKILL.md": skillMd.replace("demo", "nul").replace("Text.", "Te\0xt.") })
    const build = sb.run(["build", "nul"])
    expect(build.code).toBe(1)
    expect(build.stderr).toBe("error[E011]: invalid frontmatter in SKILL.md: SKILL.md holds a NUL byte (line 9): it is a binary file, not text\n")
    const lint = sb.run(["lint", "nul"])
    expect(lint.code).toBe(1)
    expect(lint.stdout + lint.stderr).toContain("SKL100 frontmatter-valid: SKILL.md holds a NUL byte (line 9): it is a binary file, not text")
    // Refused whole: no rule reads links out of its bytes (a broken link in it was reported beside SKL100).
    const linked = project("nullink", { "SKILL.md": skillMd.replace("demo", "nullink").replace("Text.", "Te\0xt. [gone](missing.md)") })
    const linkedLint = linked.sb.run(["lint", "nullink"])
    expect(linkedLint.stdout + linkedLint.stderr).toContain("SKL100")
    expect(linkedLint.stdout + linkedLint.stderr).not.toContain("SKL301")
  })
})

describe("a SKILL.md that is there but no regular file (a probe: a FIFO)", () => {
  it("E010 says what it is, where 'missing SKILL.md' alone sent the author looking for a file that exists", () => {
    const { sb, src } = project("ff", {})
    execFileSync("mkfifo", [join(src, "SKILL.md")])
    const r = sb.run(["build", "ff"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe(
      "error[E010]: not a valid skill: '.skillc/skills/ff' (missing SKILL.md)\n  its SKILL.md is not a regular file (a FIFO, a socket or a device): make it a regular file\n"
    )
  })
})

describe("W002 in a read-only checkout (a CI probe: the line was said once per skill)", () => {
  it.skipIf(!canDropPrivileges())("a lint of five skills whose logs cannot be written says W002's line once, which call for three, then one line for the rest", () => {
    const sb = sandbox()
    for (const name of ["ra", "rb", "rc", "rd", "re"]) {
      const src = join(sb.work, ".skillc", "skills", name)
      mkdirSync(src, { recursive: true })
      writeFileSync(join(src, "SKILL.md"), skillMd.replace("name: demo", `name: ${name}`).replace("# Demo", `# ${name}`))
    }
    // Readable by nobody, writable by no one but root: neither the logs nor the cwd's fallback can be written.
    shareForUnprivileged(sb.root)
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/nonexistent", SKILLC_HOME: join(sb.root, "no-home"), NO_COLOR: "1" }
    const r = runUnprivileged([process.execPath, BIN, "lint"], { cwd: sb.work, env })
    expect(r.status, r.stderr).toBe(0)
    const lines = r.stderr.trimEnd().split("\n")
    expect(lines.filter((l) => l.startsWith("warning[W002]"))).toHaveLength(1)
    expect(lines.filter((l) => /^ {2}the lint of 'r[a-e]' was not recorded/.test(l))).toHaveLength(3)
    // A later CI probe: 25 skills printed 25 lines; past three, one line says the rest went unrecorded too.
    expect(lines.filter((l) => l === "  … and the run's later calls were not recorded either, for the same reason")).toHaveLength(1)
    expect(r.stdout).toContain("5 skills: 0 errors, 0 warnings")
  })
})

describe("a teammate's skill this user cannot read is not taken for a deleted one (a two-user probe)", () => {
  it.skipIf(!canDropPrivileges())("build --all says nothing of 'no longer in the project store' for a store skill whose folder it cannot enter", () => {
    const { sb, src } = project("private", { "SKILL.md": skillMd.replace("name: demo", "name: private").replace("# Demo", "# Private") })
    expect(sb.run(["build", "private"]).code).toBe(0)
    shareForUnprivileged(sb.root)
    // Made under umask 077 by its author: its folder is closed to others.
    chmodSync(src, 0o700)
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: join(sb.root, "nobody-home"), NO_COLOR: "1" }
    const r = runUnprivileged([process.execPath, BIN, "build", "--all"], { cwd: sb.work, env })
    expect(r.stderr).not.toContain("no longer in the project store")
    expect(r.stderr).not.toContain("rm -r")
    // Its folder really gone: said, as before.
    execFileSync("rm", ["-r", src])
    const gone = sb.run(["build", "--all"])
    expect(gone.stderr).toContain("whose source is no longer in the project store")
  })
})
