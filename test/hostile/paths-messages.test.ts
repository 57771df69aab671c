/**
 * Issue 19: paths and messages. One path-safety function for every command
 * and tool (RFC-0002:C-OPEN, C-SOURCES, C-SHOW `--file`); VCS directories are
 * outside a skill; messages say what happened (DECISIONS #16 for YAML);
 * broken stdout and an empty HOME never print a stack trace.
 */
import { spawn, spawnSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkSkillPath } from "../../src/domain/sourcePaths.js"
import { BIN, sandbox } from "../helpers/cli.js"
import { connectMcp, textOf, type McpSession } from "../helpers/mcpClient.js"
import { canDropPrivileges, runUnprivileged, shareForUnprivileged } from "./unprivileged.js"

const skillMd = `---\nname: demo\ndescription: A test skill. Use when testing.\n---\n# demo\n## Install\nrun it\n## Usage\nuse it\n`

const world = () => {
  const sb = sandbox()
  const src = join(sb.work, ".skillc", "skills", "demo")
  mkdirSync(join(src, "references"), { recursive: true })
  writeFileSync(join(src, "SKILL.md"), skillMd)
  writeFileSync(join(src, "references", "guide.md"), "# Guide\n## Setup\nsteps\n")
  for (const vcs of [".git", ".jj", ".hg", ".svn"]) {
    mkdirSync(join(src, vcs), { recursive: true })
    writeFileSync(join(src, vcs, "config"), "token = SECRET-TOKEN\n")
  }
  expect(sb.run(["build", "demo"]).code).toBe(0)
  return { ...sb, src }
}

describe("issue 19: the one path-safety rule", () => {
  it("checkSkillPath: normalises, rejects absolute, escaping and VCS paths; NUL is its own case", () => {
    expect(checkSkillPath("references/../SKILL.md")).toEqual({ _tag: "Inside", rel: "SKILL.md", trailingSlash: false })
    expect(checkSkillPath("./a//b/")).toEqual({ _tag: "Inside", rel: "a/b", trailingSlash: true })
    expect(checkSkillPath(".")).toEqual({ _tag: "Inside", rel: "", trailingSlash: false })
    for (const p of ["../x", "/etc/passwd", "a/../../x", "C:/x", "\\\\server\\x"]) {
      expect(checkSkillPath(p), p).toEqual({ _tag: "Outside" })
    }
    // Through a VCS directory: outside all the same, and which one is kept for the message (E012's second line).
    for (const [p, vcs] of [[".git/config", ".git"], ["a/.jj/x", ".jj"], [".hg", ".hg"], ["x/.svn/entries", ".svn"], [".git", ".git"]]) {
      expect(checkSkillPath(p!), p).toEqual({ _tag: "Outside", vcs })
    }
    expect(checkSkillPath("a\0b")).toEqual({ _tag: "NulByte" })
    // Names that merely look alike are ordinary files.
    expect(checkSkillPath(".gitignore")._tag).toBe("Inside")
    expect(checkSkillPath("x.git/y")._tag).toBe("Inside")
  })

  describe("CLI", () => {
    const w = world()
    it("open and sources refuse VCS directories with E012 and never print their content", () => {
      for (const vcs of [".git", ".jj", ".hg", ".svn"]) {
        const r = w.run(["open", "demo", `${vcs}/config`])
        expect(r.code).toBe(1)
        expect(r.stderr).toBe(`error[E012]: path escapes skill root: '${vcs}/config'\n  '${vcs}' is a version-control directory: no file under it is part of the skill\n`)
        expect(r.stdout).not.toContain("SECRET")
        const s = w.run(["sources", "demo", "--dir", vcs])
        expect(s.code).toBe(1)
        expect(s.stderr).toContain("E012")
      }
      expect(w.run(["sources", "demo"]).stdout).not.toMatch(/\.git|\.jj|\.hg|\.svn/)
    })

    it("show --file normalises (references/../SKILL.md) and rejects ../x and /etc/passwd with E012, a missing file with E021", () => {
      const ok = w.run(["show", "demo", "--section", "Install", "--file", "references/../SKILL.md", "--format", "json"])
      expect(ok.code).toBe(0)
      expect(JSON.parse(ok.stdout)).toMatchObject({ file: "SKILL.md", section: "Install" })
      expect(w.run(["show", "demo", "--section", "Install", "--file", "../x"]).stderr).toBe("error[E012]: path escapes skill root: '../x'\n")
      expect(w.run(["show", "demo", "--section", "Install", "--file", "/etc/passwd"]).stderr).toBe("error[E012]: path escapes skill root: '/etc/passwd'\n")
      expect(w.run(["show", "demo", "--section", "Install", "--file", ".git/config"]).stderr).toBe(
        "error[E012]: path escapes skill root: '.git/config'\n  '.git' is a version-control directory: no file under it is part of the skill\n"
      )
      expect(w.run(["show", "demo", "--section", "Install", "--file", "nope.md"]).stderr).toMatch(/^error\[E021\]:\ file\ not\ found:\ 'nope\.md'(\n  .*)*\n/)
    })

    it("outline --file follows the same rule: E012 for ../../etc/passwd, /etc/passwd and .git/config, E021 for a missing file (issue 19)", () => {
      expect(w.run(["outline", "demo", "--file", "../../etc/passwd"]).stderr).toBe("error[E012]: path escapes skill root: '../../etc/passwd'\n")
      expect(w.run(["outline", "demo", "--file", "/etc/passwd"]).stderr).toBe("error[E012]: path escapes skill root: '/etc/passwd'\n")
      expect(w.run(["outline", "demo", "--file", ".git/config"]).stderr).toContain("E012")
      expect(w.run(["outline", "demo", "--file", "nope.md"]).stderr).toMatch(/^error\[E021\]: file not found: 'nope\.md'/)
      const ok = w.run(["outline", "demo", "--file", "references/../references/guide.md", "--format", "json"])
      expect(ok.code, ok.stderr).toBe(0)
      expect(JSON.parse(ok.stdout).headings.map((h: { file: string }) => h.file)).toEqual(["references/guide.md", "references/guide.md"])
    })

    it("a skill name too long to be a path is not found (E001), not an internal error", () => {
      const r = w.run(["show", "a".repeat(300), "--section", "Install"])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/^error\[E001\]: skill 'a{300}' not found/)
      expect(r.stderr).not.toContain("E999")
    })

    it("a NUL byte is a clear message, not 'path escapes skill root'; `open SKILL.md/` fails with E021", () => {
      // argv cannot carry a NUL: the MCP test below sends one; here the trailing slash.
      const slash = w.run(["open", "demo", "SKILL.md/"])
      expect(slash.code).toBe(1)
      expect(slash.stderr).toMatch(/^error\[E021\]:\ file\ not\ found:\ 'SKILL\.md\/'(\n  .*)*\n/)
      expect(w.run(["open", "demo", "references/../SKILL.md"]).stdout).toBe(skillMd)
    })

    it.skipIf(!canDropPrivileges())("EACCES on a file is a clear error, not E999", () => {
      writeFileSync(join(w.src, "secret.txt"), "x")
      shareForUnprivileged(w.root)
      spawnSync("chmod", ["000", join(w.src, "secret.txt")])
      const env = { PATH: process.env.PATH ?? "", HOME: w.home, SKILLC_HOME: w.home, NO_COLOR: "1" }
      const r = runUnprivileged([process.execPath, BIN, "open", "demo", "secret.txt"], { cwd: w.work, env })
      expect(r.status).toBe(1)
      expect(r.stderr).toContain("error: cannot read 'secret.txt': permission denied\n")
      expect(r.stderr).not.toContain("E999")
    })
  })

  describe("MCP: the same rule for skc_open, skc_sources, skc_show and resources/read", () => {
    const w = world()
    let mcp: McpSession
    beforeAll(async () => {
      mcp = await connectMcp({ cwd: w.work, home: w.home })
    })
    afterAll(async () => mcp?.close())

    it("skc_open of .git/config and .jj/config is refused with E012, as resources/read refuses it", async () => {
      for (const vcs of [".git", ".jj", ".hg", ".svn"]) {
        const r = await mcp.call("skc_open", { skill: "demo", path: `${vcs}/config` })
        expect(r.isError).toBe(true)
        expect(textOf(r)).toContain("E012")
        expect(JSON.stringify(r)).not.toContain("SECRET")
        await expect(mcp.client.readResource({ uri: `skill://project/demo/${vcs}/config` })).rejects.toMatchObject({ code: -32602 })
      }
    })

    it("a NUL byte in a path says so", async () => {
      const r = await mcp.call("skc_open", { skill: "demo", path: "SKILL.md\0.txt" })
      expect(r.isError).toBe(true)
      expect(textOf(r)).toContain("a path cannot contain a NUL byte")
      // With its code, as every diagnostic (RFC-0005; a hostile-input probe found it bare).
      expect(textOf(r)).toContain("error[E100]: invalid option: invalid path 'SKILL.md\\u0000.txt': a path cannot contain a NUL byte")
      expect(textOf(r)).not.toContain("escapes")
    })

    it("skc_show with file ../x is E012", async () => {
      const r = await mcp.call("skc_show", { skill: "demo", section: "Install", file: "../x" })
      expect(r.isError).toBe(true)
      expect(textOf(r)).toContain("E012")
    })

    it("skc_outline with file /etc/passwd is E012; a 5,000-letter skill name is E001 and names no server path", async () => {
      const r = await mcp.call("skc_outline", { skill: "demo", file: "/etc/passwd" })
      expect(r.isError).toBe(true)
      expect(textOf(r)).toContain("E012")
      const long = await mcp.call("skc_show", { skill: "a".repeat(5000), section: "Install" })
      expect(long.isError).toBe(true)
      expect(textOf(long)).toMatch(/^error\[E001\]/)
      expect(textOf(long)).not.toContain(w.work)
    })
  })
})

describe("issue 19: messages", () => {
  it("YAML syntax errors: E011 says it is a YAML syntax error with the parser's message, line and column (issue 29 item 5), also for run/tools", () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc", "skills", "y")
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), `---\nname: y\ndescription: "unterminated\n---\n# y\n`)
    for (const args of [["build", "y"], ["tools", "y"], ["run", "y", "t"]]) {
      const r = sb.run(args)
      expect(r.code, args.join(" ")).toBe(1)
      expect(r.stderr, args.join(" ")).toMatch(/^error\[E011\]: invalid frontmatter in SKILL\.md: YAML syntax error: Missing closing "quote \(line \d+, column \d+\)\n(  'skc lint' on this skill names the quoting that repairs it, and how agents that read such a value anyway read it \(SKL100\)\n)?$/)
    }
  })

  it("an empty HOME without SKILLC_HOME is an error, never the cwd", () => {
    const sb = sandbox()
    mkdirSync(join(sb.work, ".skillc", "skills", "demo"), { recursive: true })
    writeFileSync(join(sb.work, ".skillc", "skills", "demo", "SKILL.md"), skillMd)
    for (const args of [["list"], ["build", "demo"]]) {
      const r = sb.run(args, sb.work, { HOME: "", SKILLC_HOME: undefined })
      expect(r.code).toBe(1)
      expect(r.stderr).toBe("error: no home directory: HOME is empty\n  set HOME, or SKILLC_HOME to the directory that holds .skillc/\n")
    }
  })

  it("EPIPE on stdout (skc … | head) ends quietly with status 0", async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc", "skills", "demo")
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), skillMd)
    writeFileSync(join(src, "big.txt"), "line of text\n".repeat(400_000))
    const child = spawn(process.execPath, [BIN, "open", "demo", "big.txt"], {
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
    })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d))
    child.stdout.once("data", () => child.stdout.destroy())
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)))
    // No error; at most the note of a file larger than one MCP page (how to page it).
    expect(stderr).toMatch(/^(this file is [\d,]+ bytes \(about [\d,]+ tokens\): --max-bytes 40960 reads it in pages, --from-line the next one\n)?$/)
    expect(code).toBe(0)
  })

  it("ENOSPC on stdout is one error line, no stack trace", () => {
    const sb = sandbox()
    const r = spawnSync("sh", ["-c", `"${process.execPath}" "${BIN}" list > /dev/full`], {
      cwd: sb.work,
      env: { PATH: process.env.PATH ?? "", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" },
      encoding: "utf8"
    })
    expect(r.status).toBe(1)
    expect(r.stderr).toBe("error: cannot write to standard output: no space left on device (ENOSPC)\n")
  })
})
