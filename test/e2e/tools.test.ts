import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync, appendFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, ROOT, sandbox, spawnAsync } from "../helpers/cli.js"
import { alive } from "../helpers/processes.js"

const FIXTURES = join(ROOT, "test", "fixtures", "tool-skills")

const world = () => {
  const sb = sandbox()
  const store = join(sb.home, ".skillc", "skills")
  mkdirSync(store, { recursive: true })
  cpSync(FIXTURES, store, { recursive: true })
  spawnSync("git", ["init", "-q", sb.work])
  writeFileSync(join(sb.work, "file.txt"), "hello\n")
  const json = async (args: ReadonlyArray<string>, env?: Record<string, string | undefined>) => {
    const r = await sb.runAsync([...args, "--format", "json"], sb.work, env)
    return { ...r, doc: r.stdout ? JSON.parse(r.stdout) : undefined }
  }
  return { ...sb, store, json }
}

describe("issue 8: tool-skills spec §8 examples from the CLI", () => {
  const w = world()

  it("spec §8.1 git: tools list, approval needed without a TTY, then runs in the git root", async () => {
    const list = await w.json(["tools", "git"])
    expect(list.code).toBe(0)
    expect(list.doc.tools.map((t: { name: string }) => t.name)).toEqual(["git_status", "git_log", "git_diff"])
    expect(list.doc.tools[1].parameters).toEqual({
      type: "object",
      properties: { count: { type: "integer", description: "Number of commits (default: 10)", default: 10 } },
      required: [],
      additionalProperties: false
    })
    const refused = await w.runAsync(["run", "git", "git_status"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("error: tool 'git_status' of skill 'git' needs confirmation: the skill has not been approved yet")
    expect(refused.stderr).toContain("pass --yes")
    expect((await w.runAsync(["approve", "git"])).code).toBe(0)
    // git tools are not read_only: approved, but still confirmed on every run (--yes here).
    expect((await w.runAsync(["run", "git", "git_status"])).stderr).toContain("the tool is not read_only")
    const sub = join(w.work, "deep", "er")
    mkdirSync(sub, { recursive: true })
    const status = await w.runAsync(["run", "git", "git_status", "--yes", "--format", "json"], sub)
    expect(status.code).toBe(0)
    const env = JSON.parse(status.stdout)
    expect(env).toMatchObject({ success: true, exit_code: 0, truncated: false })
    expect(env.output).toContain("file.txt") // ran in the repository root, not in deep/er
    const diff = await w.runAsync(["run", "git", "git_diff", "--yes", "--json", '{"staged": true}'])
    expect(diff.code).toBe(0)
  })

  it("spec §8.2 summarize: read_only + approved runs without asking; JSON output is parsed", async () => {
    expect((await w.runAsync(["approve", "summarize"])).code).toBe(0)
    const r = await w.json(["run", "summarize", "summarize_url", "--arg", "url=https://example.com/a b"])
    expect(r.code).toBe(0)
    expect(r.doc.parsed).toEqual({ url: "https://example.com/a b", summary: "stand-in summary", args: 1 })
    // A changed SKILL.md needs approval again (spec §6.3).
    appendFileSync(join(w.store, "summarize", "SKILL.md"), "\n")
    const again = await w.runAsync(["run", "summarize", "summarize_url", "--arg", "url=x"])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain("SKILL.md changed since it was approved")
    expect(JSON.parse((await w.runAsync(["approve", "summarize", "--format", "json"])).stdout).previous).toBe("changed")
    expect((await w.runAsync(["run", "summarize", "summarize_url", "--arg", "url=x"])).code).toBe(0)
  })

  it("spec §8.3 deploy: Dev mode only, always_ask even when approved, --yes runs the script", async () => {
    expect((await w.json(["tools", "deploy"])).doc).toMatchObject({ available: false, tools: [] })
    expect((await w.json(["tools", "deploy", "--mode", "Dev"])).doc.tools[0].always_ask).toBe(true)
    expect((await w.runAsync(["tools", "deploy", "--mode", "Dev", "--format", "prompt"])).stdout).toBe(
      "You are a model that can do function calling with the following functions:\n\n[Skills]\n- deploy_preview: Deploy a preview build to Vercel.\n"
    )
    expect((await w.runAsync(["approve", "deploy"])).code).toBe(0)
    const asked = await w.runAsync(["run", "deploy", "deploy_preview"])
    expect(asked.code).toBe(1)
    expect(asked.stderr).toContain("always_ask")
    const r = await w.runAsync(["run", "deploy", "deploy_preview", "--yes", "--arg", "message=ship it; rm -rf /"])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe("deploying: preview\nmessage: ship it; rm -rf /\nskill: deploy mode: Dev\n")
    expect((await w.runAsync(["run", "deploy", "deploy_preview", "--yes", "--mode", "Global"])).stderr).toContain("not available in mode 'Global'")
  })
})

describe("issue 8: skc run safety (tool-skills spec §3.4-§6)", () => {
  const w = world()
  w.run(["approve", "hostile"])

  it("injection attempts arrive as single verbatim arguments", async () => {
    const hostile = ["-rf", "--upload-pack=evil", "a b", "it's \"quoted\"", "$(id)", "`id`", "a; echo pwned", "line1\nline2", "$HOME", "*"]
    const r = await w.json(["run", "hostile", "echo_args", "--json", JSON.stringify({ value: hostile[0], items: hostile.slice(1) })])
    expect(r.code).toBe(0)
    expect(r.doc.output).toBe(hostile.map((h) => `[${h}]\n`).join(""))
    const flagged = await w.json(["run", "hostile", "echo_args", "--arg", "value=--loud", "--arg", "loud=false"])
    expect(flagged.doc.output).toBe("[--loud]\n")
  })

  it("NUL bytes and missing required parameters are refused before anything runs", async () => {
    const nul = await w.runAsync(["run", "hostile", "echo_args", "--json", JSON.stringify({ value: "a\u0000b" })])
    expect(nul.code).toBe(1)
    expect(nul.stderr).toContain("NUL byte")
    const missing = await w.runAsync(["run", "hostile", "echo_args"])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe("error: echo_args: missing required parameter 'value' (Any text)\n")
    expect(missing.stdout).toBe("")
  })

  it("spec §5.2: secrets of the parent environment are absent in the child; skill identity injected", async () => {
    const r = await w.json(["run", "hostile", "env_dump"], { GITHUB_TOKEN: "g", AWS_ACCESS_KEY_ID: "a", OPENAI_API_KEY: "o", ANTHROPIC_API_KEY: "x", MY_SECRET: "s", NPM_TOKEN: "n", EDITOR: "vi", LC_ALL: "C" })
    const lines: Array<string> = r.doc.output.split("\n")
    const names = lines.filter((l) => l.includes("=")).map((l) => l.split("=")[0])
    for (const secret of ["GITHUB_TOKEN", "AWS_ACCESS_KEY_ID", "OPENAI_API_KEY", "ANTHROPIC_API_KEY", "MY_SECRET", "NPM_TOKEN", "EDITOR", "SKILLC_HOME", "NO_COLOR"]) {
      expect(names).not.toContain(secret)
    }
    expect(lines).toContain("SKC_SKILL_NAME=hostile")
    expect(lines).toContain("GIBBERISH_SKILL_NAME=hostile")
    expect(lines).toContain("SKC_MODE=Global")
    expect(lines).toContain(`SKC_SKILL_DIR=${join(w.store, "hostile")}`)
    expect(lines).toContain("LC_ALL=C")
  })

  it("spec §5.3: a timeout ends the process and every child; envelope exit_code 124, skc exit 1 (RFC-0005)", async () => {
    const pidfile = join(w.root, "pids.txt")
    const r = await w.json(["run", "hostile", "spawn_and_sleep", "--arg", `pidfile=${pidfile}`, "--timeout", "1"])
    expect(r.code).toBe(1)
    expect(r.doc).toMatchObject({ success: false, exit_code: 124 })
    expect(r.doc.error).toContain("Timeout exceeded")
    expect(r.doc.output).toContain("started")
    const pids = readFileSync(pidfile, "utf8").trim().split("\n").map(Number)
    expect(pids.length).toBe(3)
    for (const pid of pids) expect(alive(pid), `pid ${pid}`).toBe(false)
  })

  it("spec §4.2: 100 MB of output, bounded memory, head/tail truncation", async () => {
    const rssFile = join(w.root, "rss.txt")
    const peak = async (bytes: number) => {
      const r = await spawnAsync(process.execPath, ["--require", join(ROOT, "test", "fixtures", "maxrss.cjs"), BIN, "run", "hostile", "flood", "--arg", `bytes=${bytes}`, "--format", "json"], {
        cwd: w.work,
        env: { PATH: process.env.PATH, HOME: w.home, SKILLC_HOME: w.home, NO_COLOR: "1", SKC_TEST_MAXRSS_FILE: rssFile }
      })
      return { code: r.code, doc: JSON.parse(r.stdout), rssKb: Number(readFileSync(rssFile, "utf8")) }
    }
    const small = await peak(10)
    const big = await peak(100_000_000)
    expect(big.code).toBe(0)
    expect(big.doc.truncated).toBe(true)
    const total = 100_000_000 + 4
    expect(big.doc.output).toBe("a".repeat(2048) + `\n... [truncated ${total - 4096} bytes] ...\n` + "a".repeat(2044) + "END\n")
    // 100 MB went through; the process grew by far less than that.
    expect(big.rssKb - small.rssKb).toBeLessThan(40 * 1024)
  })

  it("spec §9.3: missing program (127), non-executable script (126), non-zero exit; skc itself exits 1 (RFC-0005)", async () => {
    const missing = await w.json(["run", "hostile", "missing"])
    expect(missing.code).toBe(1)
    expect(missing.doc).toMatchObject({ success: false, exit_code: 127, error: "Command not found: './scripts/nope.sh' (ENOENT)" })
    const plain = await w.json(["run", "hostile", "not_executable"])
    expect(plain.code).toBe(1)
    expect(plain.doc.error).toContain("EACCES")
    const fail = await w.runAsync(["run", "hostile", "fail"])
    expect(fail.code).toBe(1)
    expect(fail.stdout).toBe("failing\n")
    expect(fail.stderr).toBe("error: Command failed with exit code 3\n")
  })

  it("programs escaping the skill root are refused (E012)", async () => {
    writeFileSync(join(w.store, "escape.sh"), "#!/bin/sh\necho escaped\n", { mode: 0o755 })
    const r = await w.runAsync(["run", "hostile", "escape"])
    expect(r.code).toBe(1)
    expect(r.stderr).toBe("error[E012]: path escapes skill root: './../escape.sh'\n")
    symlinkSync("/bin/sh", join(w.store, "hostile", "scripts", "outside-link"))
    await w.runAsync(["approve", "hostile"])
    const link = await w.runAsync(["run", "hostile", "escape_link"])
    expect(link.stderr).toBe("error[E012]: path escapes skill root: './scripts/outside-link'\n")
  })

  it("spec §6.2: a skill run by path is untrusted: a warning, never auto-run, cannot be approved", async () => {
    const dir = join(w.root, "elsewhere")
    cpSync(join(FIXTURES, "summarize"), join(dir, "summarize"), { recursive: true })
    const p = join(dir, "summarize")
    const refused = await w.runAsync(["run", p, "summarize_url", "--arg", "url=x"])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("untrusted")
    expect((await w.runAsync(["approve", p])).stderr).toContain("outside the source stores")
    const yes = await w.runAsync(["run", p, "summarize_url", "--arg", "url=x", "--yes"])
    expect(yes.code).toBe(0)
    expect(yes.stderr).toContain("warning: skill 'summarize' is outside the source stores")
  })
})

describe("issue 8: approval on a terminal (pseudo-terminal)", () => {
  const w = world()
  const pty = async (args: ReadonlyArray<string>, answer: string) => {
    // python's pty module gives skc a real terminal; the answer is typed once the prompt shows.
    const script = [
      "import os, pty, sys, time",
      "pid, fd = pty.fork()",
      "if pid == 0:",
      "    os.execv(sys.argv[1], sys.argv[1:])",
      "out = b''",
      "sent = False",
      "while True:",
      "    try: data = os.read(fd, 4096)",
      "    except OSError: break",
      "    if not data: break",
      "    out += data",
      "    if not sent and b'[y/N]' in out:",
      `        os.write(fd, ${JSON.stringify(answer + "\n")}.encode()); sent = True`,
      "_, status = os.waitpid(pid, 0)",
      "sys.stdout.write(out.decode('utf-8', 'replace'))",
      "sys.exit(os.waitstatus_to_exitcode(status))"
    ].join("\n")
    const r = await spawnAsync("python3", ["-c", script, process.execPath, BIN, ...args], {
      cwd: w.work,
      env: { PATH: process.env.PATH, HOME: w.home, SKILLC_HOME: w.home, NO_COLOR: "1", TERM: "dumb" },
      timeoutMs: 30_000
    })
    return { code: r.code, out: r.stdout }
  }

  it("spec §6.3: the prompt shows name, description and the exact command; no declines; yes approves and runs", async () => {
    const no = await pty(["run", "summarize", "summarize_url", "--arg", "url=a b"], "n")
    expect(no.code).toBe(1)
    expect(no.out).toContain("Skill:       summarize 1.0.0")
    expect(no.out).toContain("Tool:        summarize_url: Fetch and summarize a webpage.")
    expect(no.out).toMatch(/Command: +\S*summarize\.sh 'a b'/)
    expect(no.out).toContain("declined")
    const yes = await pty(["run", "summarize", "summarize_url", "--arg", "url=a b"], "y")
    expect(yes.code).toBe(0)
    expect(yes.out).toContain("stand-in summary")
    // Approved at the prompt and read_only: the next run asks nothing, even without a terminal.
    expect((await w.runAsync(["run", "summarize", "summarize_url", "--arg", "url=x"])).code).toBe(0)
  })
})
