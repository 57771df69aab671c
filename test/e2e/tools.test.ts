// Tool skills as processes (issue 8, docs/tool-skills.md): one smoke test of
// tools/approve/run output and exit statuses, and what only a real process
// shows: the timeout kill of a process group, the memory bound under 100 MB
// of output, the prompt on a pseudo-terminal. The behaviour is tested in
// process in test/app/tools.test.ts.
import { spawnSync } from "node:child_process"
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { BIN, ROOT, sandbox, spawnAsync } from "../helpers/cli.js"
import { readLog } from "../helpers/logs.js"
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

describe("skc tools, approve, run (smoke)", () => {
  const w = world()

  it("spec §7.1, §9.1: the prompt manifest holds only tools that can run; the author is told of the others on stderr", async () => {
    const dir = join(w.store, "halfbroken")
    mkdirSync(dir, { recursive: true })
    const tool = (name: string, type: string) => [`### ${name}`, "", `Does ${name}.`, "", "#### Parameters", "", "| Name | Type | Required | Description |", "|---|---|---|---|", `| n | ${type} | no | A value |`, "", "#### Command", "", "```sh", "echo {{n}}", "```", ""]
    writeFileSync(join(dir, "SKILL.md"), ["---", "name: halfbroken", "description: Two tools. Use when testing.", "version: 1.0.0", "---", "", ...tool("good", "integer"), ...tool("bad", "float")].join("\n"))
    const r = await w.runAsync(["tools", "halfbroken", "--format", "prompt"])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe("You are a model that can do function calling with the following functions:\n\n[Skills]\n- good: Does good.\n")
    expect(r.stderr).toBe("warning: left out of the manifest, lint errors stop them: bad (skc lint halfbroken)\n")
    // The listing itself still shows both, the stopped one saying so.
    expect((await w.json(["tools", "halfbroken"])).doc.tools.map((t: { name: string; errors: ReadonlyArray<unknown> }) => [t.name, t.errors.length > 0])).toEqual([
      ["good", false],
      ["bad", true]
    ])
  })

  it("issue 8: tools JSON and prompt format, refusal without a terminal (exit 1), approve, run's output and exit statuses", async () => {
    const list = await w.json(["tools", "git"])
    expect(list.code).toBe(0)
    expect(list.doc.tools.map((t: { name: string }) => t.name)).toEqual(["git_status", "git_log", "git_diff"])
    expect((await w.runAsync(["tools", "deploy", "--mode", "Dev", "--format", "prompt"])).stdout).toBe(
      "You are a model that can do function calling with the following functions:\n\n[Skills]\n- deploy_preview: Deploy a preview build to Vercel.\n"
    )
    const refused = await w.runAsync(["run", "summarize", "summarize_url", "--arg", "url=x"])
    expect(refused.code).toBe(1)
    expect(refused.stdout).toBe("")
    expect(refused.stderr).toContain("error: tool 'summarize_url' of skill 'summarize' needs confirmation")
    expect(JSON.parse((await w.runAsync(["approve", "summarize", "--format", "json"])).stdout)).toMatchObject({ skill: "summarize", previous: "new" })
    const r = await w.json(["run", "summarize", "summarize_url", "--arg", "url=https://example.com/a b"])
    expect(r.code).toBe(0)
    expect(r.doc).toMatchObject({ success: true, exit_code: 0, parsed: { url: "https://example.com/a b" } })
    expect((await w.runAsync(["approve", "deploy"])).code).toBe(0)
    const text = await w.runAsync(["run", "deploy", "deploy_preview", "--yes", "--arg", "message=ship it; rm -rf /"])
    expect(text).toEqual({ code: 0, stdout: "deploying: preview\nmessage: ship it; rm -rf /\nskill: deploy mode: Dev\n", stderr: "" })
  })

  it("RFC-0005 a tool that fails prints its output, then the error; skc exits 1", async () => {
    expect((await w.runAsync(["approve", "hostile", "--yes"])).code).toBe(0)
    const fail = await w.runAsync(["run", "hostile", "fail"])
    expect(fail).toEqual({ code: 1, stdout: "failing\n", stderr: "error: Command failed with exit code 3\n" })
    const missing = await w.runAsync(["run", "hostile", "echo_args"])
    expect(missing).toEqual({ code: 1, stdout: "", stderr: "error: echo_args: missing required parameter 'value' (Any text)\n" })
    // RFC-0007:C-LOGGING, DECISIONS #17: each run, tools and approve resolved the skill and wrote its row; a run's
    // args are the tool and its exit code (null when it did not run), never the argument values.
    const rows = readLog(join(w.home, ".skillc", "runtime", "hostile", ".skillc-meta", "logs.db"))
    const runs = rows.filter((r) => r.command === "run").map((r) => [JSON.parse(r.args as string), r.error === null ? null : String(r.error).slice(0, 11)])
    expect(runs).toEqual([
      [{ tool: "fail", exit_code: 3, role: "agent" }, null],
      [{ tool: "echo_args", exit_code: null, role: "agent" }, "error: echo"]
    ])
    expect(rows.filter((r) => r.command === "approve")).toHaveLength(1)
  })
})

describe("issue 8: skc run limits as a process (timeout kill, bounded memory)", () => {
  const w = world()
  w.run(["approve", "hostile", "--yes"])

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

  it("spec §4.2: 400 MB of output, bounded memory, head/tail truncation", async () => {
    const FLOOD = 400_000_000
    const rssFile = join(w.root, "rss.txt")
    const peak = async (bytes: number) => {
      const r = await spawnAsync(process.execPath, ["--require", join(ROOT, "test", "fixtures", "maxrss.cjs"), BIN, "run", "hostile", "flood", "--arg", `bytes=${bytes}`, "--format", "json"], {
        cwd: w.work,
        env: { PATH: process.env.PATH, HOME: w.home, SKILLC_HOME: w.home, NO_COLOR: "1", SKC_TEST_MAXRSS_FILE: rssFile }
      })
      return { code: r.code, doc: JSON.parse(r.stdout), rssKb: Number(readFileSync(rssFile, "utf8")) }
    }
    const small = await peak(10)
    const big = await peak(FLOOD)
    expect(big.code).toBe(0)
    expect(big.doc.truncated).toBe(true)
    const total = FLOOD + 4
    expect(big.doc.output).toBe("a".repeat(2048) + `\n... [truncated ${total - 4096} bytes] ...\n` + "a".repeat(2044) + "END\n")
    // 400 MB went through; the process grew by far less than that (a reader
    // that kept the output would grow by 400 MB or more). The pipe's 64 KB
    // chunks are garbage at once, but V8 frees them only at its next
    // collection, which it starts by external memory grown since the last one
    // (about 64 MB): so the growth is bounded by that, not by the output
    // (measured: 18–26 MB on Node 22, 31–74 MB on Node 24, more under load).
    expect(big.rssKb - small.rssKb).toBeLessThan(160 * 1024)
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
    expect(no.out).toMatch(/Command: +\S*summarize\.sh -- 'a b'/)
    expect(no.out).toContain("declined")
    const yes = await pty(["run", "summarize", "summarize_url", "--arg", "url=a b"], "y")
    expect(yes.code).toBe(0)
    expect(yes.out).toContain("stand-in summary")
    // Approved at the prompt and read_only: the next run asks nothing, even without a terminal.
    expect((await w.runAsync(["run", "summarize", "summarize_url", "--arg", "url=x"])).code).toBe(0)
  })
})

describe("spec §5.1 working directory: the project root when skc knows it (issue 26 item 5)", () => {
  it("a tool runs in the skc project's root, not in the home directory", async () => {
    const sb = sandbox()
    const skill = join(sb.work, ".skillc", "skills", "where")
    mkdirSync(skill, { recursive: true })
    writeFileSync(
      join(skill, "SKILL.md"),
      "---\nname: where\ndescription: Says where tools run. Use when checking.\nversion: 1.0.0\nread_only: true\n---\n\n# Where\n\n## Tools\n\n### here\n\nPrint the working directory.\n\n#### Parameters\n\nNone.\n\n#### Command\n\n```sh\npwd\n```\n"
    )
    mkdirSync(join(sb.work, "src", "deep"), { recursive: true })
    expect((await sb.runAsync(["approve", "where"])).code).toBe(0)
    const r = await sb.runAsync(["run", "where", "here"], join(sb.work, "src", "deep"))
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toBe(`${sb.work}\n`)
    // A project known by its agent directory only (no .skillc/): the same.
    const other = sandbox()
    mkdirSync(join(other.work, ".claude"), { recursive: true })
    mkdirSync(join(other.work, "lib"), { recursive: true })
    cpSync(skill, join(other.home, ".skillc", "skills", "where"), { recursive: true })
    expect((await other.runAsync(["approve", "where"])).code).toBe(0)
    const r2 = await other.runAsync(["run", "where", "here"], join(other.work, "lib"))
    expect(r2.code, r2.stderr).toBe(0)
    expect(r2.stdout).toBe(`${other.work}\n`)
  })
})

describe("skc approve from several processes at once (issue 19: the approval store)", () => {
  it("every approval is kept: the store is updated by one process at a time (a lock held by the process: test/e2e/approve-killed-lock.test.ts)", async () => {
    const sb = sandbox()
    const { writeScriptTool } = await import("../helpers/toolSkills.js")
    const names = Array.from({ length: 6 }, (_, i) => `tool-${i}`)
    for (const name of names) writeScriptTool(sb.home, { skill: name, tool: "hello", description: "Says hello. Use when testing.", command: "./scripts/hello.sh", scripts: { "hello.sh": "#!/bin/sh\necho hello\n" } })
    const results = await Promise.all(names.map((name) => sb.runAsync(["approve", name, "--yes"])))
    expect(results.map((r) => r.code)).toEqual(names.map(() => 0))
    const store = join(sb.home, ".skillc", "approvals.json")
    const approved = () => Object.values((JSON.parse(readFileSync(store, "utf8")) as { approvals: Record<string, { skill: string }> }).approvals).map((a) => a.skill).sort()
    expect(approved()).toEqual(names)
  }, 180_000)
})

/**
 * A tool-skill probe: a command naming the skill's script without a slash (`python3 dump.py`, `node
 * index.js`) or as an option's value (`node --require=./scripts/hook.js …`) ran the project's file of that
 * name (the command runs in the project), and editing the skill's own file asked for no approval again.
 * Both are now the skill's file, by its real path, and hashed with the approval.
 */
describe("a script named without a slash, or as an option's value, is the skill's own and approved", () => {
  it("runs the skill's file, not the project's, and an edit of it asks again", async () => {
    const w = world()
    const dir = join(w.store, "pin")
    mkdirSync(join(dir, "scripts"), { recursive: true })
    const tool = (name: string, command: string) => [`### ${name}`, "", `Runs ${name}.`, "", "#### Command", "", "```sh", command, "```", ""]
    writeFileSync(
      join(dir, "SKILL.md"),
      ["---", "name: pin", "description: Pinned scripts. Use when testing.", "version: 1.0.0", "read_only: true", "---", "", ...tool("bare", "node main.js"), ...tool("opt", "node --require=./scripts/hook.js ./scripts/main.js")].join("\n")
    )
    writeFileSync(join(dir, "main.js"), 'console.log("SKILL main")\n')
    writeFileSync(join(dir, "hook.js"), 'console.log("SKILL hook")\n')
    writeFileSync(join(w.work, "hook.js"), 'console.log("PROJECT hook")\n')
    writeFileSync(join(dir, "scripts", "hook.js"), 'console.log("SKILL hook")\n')
    writeFileSync(join(dir, "scripts", "main.js"), 'console.log("SKILL scripts/main")\n')
    // The project's files of the same names.
    writeFileSync(join(w.work, "main.js"), 'console.log("PROJECT main")\n')
    mkdirSync(join(w.work, "scripts"), { recursive: true })
    writeFileSync(join(w.work, "scripts", "hook.js"), 'console.log("PROJECT hook")\n')
    expect((await w.runAsync(["approve", "pin", "--yes"])).code).toBe(0)
    const bare = await w.runAsync(["run", "pin", "bare"])
    expect(bare.stdout).toContain("SKILL main")
    expect(bare.stdout).not.toContain("PROJECT")
    const opt = await w.runAsync(["run", "pin", "opt"])
    expect(opt.stdout).toContain("SKILL hook")
    expect(opt.stdout).not.toContain("PROJECT")
    // The skill's own files are in the approval: edited, the run asks again.
    writeFileSync(join(dir, "main.js"), 'console.log("EDITED")\n')
    const edited = await w.runAsync(["run", "pin", "bare"])
    expect(edited.code).toBe(1)
    expect(edited.stderr).toContain("needs confirmation")
  }, 60_000)
})

/**
 * A tool-skill probe: a word an interpreter completes from the working directory — a module after
 * `python3 -m`, a script named without its extension (`node main`), a directory (`node ./app`) — named the
 * skill's content but ran the project's file of that name, unhashed, under the skill's approval. Such a
 * tool is refused, saying what to write; a word that is a plain argument (`grep -r TODO src`) is not code
 * and still runs.
 */
describe("a word an interpreter completes from the working directory is refused, never the project's code", () => {
  it("python3 -m helper, node main and node ./app are refused; grep over a directory the skill also has runs", async () => {
    const w = world()
    const dir = join(w.store, "unpinned")
    mkdirSync(join(dir, "app"), { recursive: true })
    mkdirSync(join(dir, "src"), { recursive: true })
    const tool = (name: string, command: string) => [`### ${name}`, "", `Runs ${name}.`, "", "#### Command", "", "```sh", command, "```", ""]
    writeFileSync(
      join(dir, "SKILL.md"),
      [
        "---", "name: unpinned", "description: Unpinned scripts. Use when testing.", "version: 1.0.0", "read_only: true", "---", "",
        ...tool("mod", "python3 -m helper"), ...tool("bare", "node main"), ...tool("dir", "node ./app"), ...tool("search", "grep -rc TODO src"),
        // What `node -r` loads is code too: the project's hook.js ran, the skill's never (a probe).
        ...tool("hook", "node -r ./hook main.js")
      ].join("\n")
    )
    writeFileSync(join(dir, "helper.py"), 'print("SKILL helper")\n')
    writeFileSync(join(dir, "main.js"), 'console.log("SKILL main")\n')
    writeFileSync(join(dir, "hook.js"), 'console.log("SKILL hook")\n')
    writeFileSync(join(w.work, "hook.js"), 'console.log("PROJECT hook")\n')
    writeFileSync(join(dir, "app", "index.js"), 'console.log("SKILL app")\n')
    writeFileSync(join(dir, "src", "a.txt"), "TODO skill\n")
    // The project's code of the same names, which ran before.
    writeFileSync(join(w.work, "helper.py"), 'print("PROJECT helper")\n')
    writeFileSync(join(w.work, "main.js"), 'console.log("PROJECT main")\n')
    mkdirSync(join(w.work, "app"), { recursive: true })
    writeFileSync(join(w.work, "app", "index.js"), 'console.log("PROJECT app")\n')
    mkdirSync(join(w.work, "src"), { recursive: true })
    writeFileSync(join(w.work, "src", "b.txt"), "TODO project\n")
    expect((await w.runAsync(["approve", "unpinned", "--yes"])).code).toBe(0)
    for (const [name, word] of [["mod", "helper"], ["bare", "main"], ["dir", "./app"], ["hook", "./hook"]] as const) {
      const r = await w.runAsync(["run", "unpinned", name])
      expect(r.code, name).toBe(1)
      expect(r.stdout, name).not.toContain("PROJECT")
      expect(r.stderr, name).toContain(`error: tool '${name}' names '${word}'`)
      expect(r.stderr, name).toContain("which its program finds from the working directory")
    }
    const search = await w.runAsync(["run", "unpinned", "search"])
    expect(search.code).toBe(0)
    expect(search.stdout).toContain("b.txt")
  }, 60_000)
})

/**
 * A tool-skill probe: a word naming a skill file that skc cannot pin inside the skill — a link leading out
 * of it, a script the skill lacks — stayed as written, and from the project's directory named the project's
 * file of that name, which ran unhashed under the skill's approval, without a prompt. Refused: E012 for a
 * link out of the skill (as for such a program), a clear error for a missing script.
 */
describe("a skill path the approval cannot pin never runs the project's file of that name", () => {
  it("bash scripts/ext.sh (a link out of the skill), bash lib/inner.sh (a linked directory) and bash scripts/setup.sh (absent) are refused", async () => {
    const w = world()
    const dir = join(w.store, "hz")
    mkdirSync(join(dir, "scripts"), { recursive: true })
    const outside = join(w.root, "outside")
    mkdirSync(outside, { recursive: true })
    writeFileSync(join(outside, "ext.sh"), "echo EXT-original\n")
    writeFileSync(join(outside, "inner.sh"), "echo INNER-original\n")
    symlinkSync(join(outside, "ext.sh"), join(dir, "scripts", "ext.sh"))
    symlinkSync(outside, join(dir, "lib"))
    writeFileSync(join(dir, "scripts", "ok.sh"), "echo SKILL-OK\n")
    const tool = (name: string, command: string) => [`### ${name}`, "", `Runs ${name}.`, "", "#### Command", "", "```sh", command, "```", ""]
    writeFileSync(
      join(dir, "SKILL.md"),
      [
        "---", "name: hz", "description: Hazards. Use when testing.", "version: 1.0.0", "read_only: true", "---", "",
        ...tool("viabash", "bash scripts/ext.sh"), ...tool("vialib", "bash lib/inner.sh"), ...tool("setup", "bash scripts/setup.sh"), ...tool("ok", "bash scripts/ok.sh")
      ].join("\n")
    )
    // The project's files of those names.
    mkdirSync(join(w.work, "scripts"), { recursive: true })
    mkdirSync(join(w.work, "lib"), { recursive: true })
    for (const f of ["scripts/ext.sh", "scripts/setup.sh", "lib/inner.sh"]) writeFileSync(join(w.work, f), "echo PROJECT-FILE-RAN\n")
    expect((await w.runAsync(["approve", "hz", "--yes"])).code).toBe(0)
    for (const name of ["viabash", "vialib"]) {
      const r = await w.runAsync(["run", "hz", name])
      expect(r.code, name).toBe(1)
      expect(r.stdout, name).not.toContain("PROJECT")
      expect(r.stderr, name).toMatch(/^error\[E012\]: path escapes skill root: '(scripts\/ext\.sh|lib\/inner\.sh)'/)
    }
    const setup = await w.runAsync(["run", "hz", "setup"])
    expect(setup.code).toBe(1)
    expect(setup.stdout).not.toContain("PROJECT")
    expect(setup.stderr).toContain("error: tool 'setup' runs 'scripts/setup.sh', which the skill does not hold")
    const ok = await w.runAsync(["run", "hz", "ok"])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain("SKILL-OK")
  }, 60_000)

  it("a script named by a path out of the skill (`bash ../outside/x.sh`) never runs: E012, as a program out of it (sixtieth pass)", async () => {
    // Run from the project's directory, `../outside/ext.sh` was the file beside the project: it ran, and an edit
    // of it after approval ran without a prompt, as the approval never hashed it.
    const w = world()
    const dir = join(w.store, "up")
    mkdirSync(dir, { recursive: true })
    const outside = join(w.work, "..", "outside")
    mkdirSync(outside, { recursive: true })
    writeFileSync(join(outside, "ext.sh"), "echo OUTSIDE-RAN\n")
    writeFileSync(join(outside, "ext.js"), "console.log('OUTSIDE-RAN')\n")
    const tool = (name: string, command: string) => [`### ${name}`, "", `Runs ${name}.`, "", "#### Command", "", "```sh", command, "```", ""]
    writeFileSync(
      join(dir, "SKILL.md"),
      [
        "---", "name: up", "description: Up. Use when testing.", "version: 1.0.0", "read_only: true", "---", "",
        ...tool("updir", "bash ../outside/ext.sh"), ...tool("updot", "sh ./../outside/ext.sh"), ...tool("upreq", "node --require=../outside/ext.js -e 1")
      ].join("\n")
    )
    expect((await w.runAsync(["approve", "up", "--yes"])).code).toBe(0)
    for (const [name, word] of [["updir", "../outside/ext.sh"], ["updot", "./../outside/ext.sh"], ["upreq", "../outside/ext.js"]] as const) {
      const r = await w.runAsync(["run", "up", name])
      expect(r.code, name).toBe(1)
      expect(r.stdout, name).not.toContain("OUTSIDE-RAN")
      expect(r.stderr, name).toBe(`error[E012]: path escapes skill root: '${word}'\n`)
    }
  }, 60_000)
})

describe("docs/tool-skills.md: the access log keeps no argument's value", () => {
  it("a refused value (a token passed where a choice was asked) is quoted to the caller and left out of the log's error", async () => {
    const w = world()
    const dir = join(w.store, "choose")
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, "SKILL.md"),
      [
        "---", "name: choose", "description: Chooses. Use when testing.", "version: 1.0.0", "read_only: true", "---", "",
        "### pick", "", "Picks one.", "", "#### Parameters", "",
        "| Name | Type | Required | Description | Values | Pattern |", "|---|---|---|---|---|---|", "| which | string | yes | The choice | a, b | |", "",
        "#### Command", "", "```sh", "echo {{which}}", "```", ""
      ].join("\n")
    )
    expect((await w.runAsync(["approve", "choose", "--yes"])).code).toBe(0)
    const r = await w.runAsync(["run", "choose", "pick", "--arg", "which=ghp_SECRETTOKEN123"])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('"ghp_SECRETTOKEN123" is not one of "a", "b"')
    const rows = readLog(join(w.home, ".skillc", "runtime", "choose", ".skillc-meta", "logs.db"))
    const errors = rows.map((row) => String(row.error ?? ""))
    expect(errors.some((e) => e.includes("<value> is not one of"))).toBe(true)
    expect(JSON.stringify(rows)).not.toContain("ghp_SECRETTOKEN123")
  }, 60_000)
})
