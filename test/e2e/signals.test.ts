// Issue 44 item 1: one runMain for the CLI. A real child process, a real
// signal: the signal interrupts the main fiber, its finalizers run, and the
// exit status comes from how it ended (src/cli/runMain.ts). Readiness is
// polled from the child's output or files, never assumed after a sleep.
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { describe, expect, it } from "vitest"
import { BIN, sandbox } from "../helpers/cli.js"
import { writeScriptTool } from "../helpers/toolSkills.js"
import { makeLogDb, readLog } from "../helpers/logs.js"

const until = async (check: () => boolean, what: string, ms = 30_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** `skc <args>` as a child we can signal: its output so far, and its exit code once closed. */
const start = (sb: ReturnType<typeof sandbox>, args: ReadonlyArray<string>) => {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: sb.work,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: sb.home, SKILLC_HOME: sb.home, NO_COLOR: "1" }
  })
  const io = { out: "", err: "", code: undefined as number | null | undefined, signal: undefined as NodeJS.Signals | null | undefined }
  child.stdout.setEncoding("utf8").on("data", (d: string) => (io.out += d))
  child.stderr.setEncoding("utf8").on("data", (d: string) => (io.err += d))
  const closed = new Promise<void>((resolve) =>
    child.on("close", (code, signal) => {
      io.code = code
      io.signal = signal
      resolve()
    })
  )
  return { child, io, closed }
}

const skill = (sb: ReturnType<typeof sandbox>, name: string) => {
  const dir = join(sb.work, ".skillc", "skills", name)
  mkdirSync(join(dir, "evals"), { recursive: true })
  writeFileSync(join(dir, "SKILL.md"), `---\nname: ${name}\ndescription: Fill in PDF forms. Use when the user mentions a PDF form.\n---\n# ${name}\n\n## Install\n\nText.\n`)
  writeFileSync(join(dir, "evals", "triggers.json"), JSON.stringify([{ query: "fill in this PDF form", should_trigger: true }]))
  return dir
}

/** Every file under `dir`, relative. */
const files = (dir: string, prefix = ""): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]
  )

describe("issue 44 item 1: signals interrupt the main fiber and its finalizers run", () => {
  it("SIGINT during skc build --watch: the watch stops, exit 0 (README), no stray state", { timeout: 180_000 }, async () => {
    const sb = sandbox()
    skill(sb, "demo")
    const run = start(sb, ["build", "--watch", "demo"])
    await until(() => /\] built demo in \d+ ms\n/.test(run.io.out), "the initial build")
    const runtime = join(sb.work, ".skillc", "runtime", "demo")
    const before = files(runtime).sort()
    run.child.kill("SIGINT")
    await run.closed
    expect([run.io.code, run.io.signal]).toEqual([0, null])
    // The interrupt's finalizer wrote the end of the watch.
    expect(run.io.err).toBe("watching demo (Ctrl-C to stop)\nstopped watching\n")
    // Nothing half-written is left behind, and the built skill still answers.
    const after = files(runtime).sort()
    expect(after).toEqual(before)
    expect(after.filter((f) => /\.tmp|-journal$|\.lock$/.test(f))).toEqual([])
    const search = await sb.runAsync(["search", "demo", "install", "--format", "json"])
    expect(search.code).toBe(0)
  })

  it("SIGTERM during skc eval --judge command: the agent's process is killed before skc exits 143", { timeout: 180_000 }, async () => {
    const sb = sandbox()
    skill(sb, "pdf-forms")
    expect((await sb.runAsync(["build", "pdf-forms"])).code).toBe(0)
    const pids = join(sb.root, "agent.pids")
    const agent = join(sb.root, "sleepy-agent.mjs")
    // An agent that records its pid and then takes its time (a minute: far longer than the test waits).
    writeFileSync(agent, `import { appendFileSync } from "node:fs"\nappendFileSync(${JSON.stringify(pids)}, process.pid + "\\n")\nsetTimeout(() => {}, 60_000)\n`)
    const run = start(sb, ["eval", "pdf-forms", "--judge", "command", "--extract-regex", "(?<skill>\\S+)", "--", process.execPath, agent, "{{query}}"])
    await until(() => existsSync(pids) && readFileSync(pids, "utf8").trim() !== "", "the agent to start")
    const agentPids = readFileSync(pids, "utf8").trim().split("\n").map(Number)
    expect(agentPids.every(alive)).toBe(true)
    run.child.kill("SIGTERM")
    await run.closed
    // The runner's interrupt finalizer ended the agent's process group and waited for it: gone by the time skc is.
    expect(agentPids.filter(alive)).toEqual([])
    expect([run.io.code, run.io.signal]).toEqual([143, null])
    expect(run.io.out).toBe("")
  })

  for (const [signal, code] of [["SIGINT", 130], ["SIGHUP", 129]] as const) {
    it(`issue 45 item 2: ${signal} during skc eval --judge command with a fast agent and --repeat 100 stops at once, exit ${code}, no verdict`, { timeout: 180_000 }, async () => {
      const sb = sandbox()
      skill(sb, "pdf-forms")
      const pids = join(sb.root, "agent.pids")
      const agent = join(sb.root, "fast-agent.mjs")
      // Answers at once: the attack run's agent, whose quick runs left no moment for the signal between them.
      writeFileSync(agent, `import { appendFileSync } from "node:fs"\nappendFileSync(${JSON.stringify(pids)}, process.pid + "\\n")\nconsole.log("pdf-forms")\n`)
      const run = start(sb, ["eval", "pdf-forms", "--judge", "command", "--repeat", "100", "--jobs", "1", "--extract-regex", "(?<skill>\\S+)", "--", process.execPath, agent, "{{query}}"])
      await until(() => existsSync(pids) && readFileSync(pids, "utf8").trim().split("\n").length >= 2, "two agent runs")
      run.child.kill(signal)
      await run.closed
      expect([run.io.code, run.io.signal]).toEqual([code, null])
      // No verdict: nothing on stdout, so no PASS; and the remaining runs never started.
      expect(run.io.out).toBe("")
      expect(readFileSync(pids, "utf8").trim().split("\n").length).toBeLessThan(100)
    })
  }

  it("SIGINT to an idle skc mcp (stdio): it exits promptly, 130, and the access-log DB is intact", { timeout: 180_000 }, async () => {
    const sb = sandbox()
    skill(sb, "demo")
    expect((await sb.runAsync(["build", "demo"])).code).toBe(0)
    const run = start(sb, ["mcp"])
    const send = (m: object) => run.child.stdin.write(JSON.stringify(m) + "\n")
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } } })
    await until(() => run.io.out.includes('"id":1'), "the initialize answer")
    send({ jsonrpc: "2.0", method: "notifications/initialized" })
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "skc_outline", arguments: { skill: "demo" } } })
    await until(() => run.io.out.includes('"id":2'), "the outline answer")
    // Idle now, its stdin still open: only the signal can end it.
    const signalled = Date.now()
    run.child.kill("SIGINT")
    await run.closed
    // Promptly: not after some timeout of its own (a loaded machine is slow, so the bound is wide; never is the test's timeout).
    expect(Date.now() - signalled).toBeLessThan(45_000)
    expect([run.io.code, run.io.signal]).toEqual([130, null])
    const db = join(sb.work, ".skillc", "runtime", "demo", ".skillc-meta", "logs.db")
    // The build's row and the server's: both there, and the file passes SQLite's own check.
    expect(readLog(db).map((r) => r.command)).toEqual(["build", "outline"])
    const check = new DatabaseSync(db, { readOnly: true })
    try {
      expect(check.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" })
    } finally {
      check.close()
    }
  })

  it("SIGTERM to skc mcp --tools during a tool call: the tool's process is ended before the server exits 143", { timeout: 180_000 }, async () => {
    const sb = sandbox()
    writeScriptTool(sb.home, {
      skill: "sleepy",
      tool: "nap",
      description: "Sleeps. Use when a test needs a tool that takes its time.",
      frontmatter: ["timeout: 120"],
      parameters: ["| file | string | yes | Where to write the pid |"],
      command: "./scripts/nap.sh -- {{file}}",
      // Records its pid, then becomes the sleep (same pid): a minute, far longer than the test waits.
      scripts: { "nap.sh": '#!/bin/sh\necho $$ >> "$2"\nexec sleep 60\n' }
    })
    expect((await sb.runAsync(["approve", "sleepy"])).code).toBe(0)
    const pids = join(sb.root, "tool.pids")
    const run = start(sb, ["mcp", "--tools"])
    const send = (m: object) => run.child.stdin.write(JSON.stringify(m) + "\n")
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } } })
    await until(() => run.io.out.includes('"id":1'), "the initialize answer")
    send({ jsonrpc: "2.0", method: "notifications/initialized" })
    send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "sleepy__nap", arguments: { file: pids } } })
    await until(() => existsSync(pids) && readFileSync(pids, "utf8").trim() !== "", "the tool to start")
    const toolPid = Number(readFileSync(pids, "utf8").trim())
    expect(alive(toolPid)).toBe(true)
    run.child.kill("SIGTERM")
    await run.closed
    // The server's finalizer ended the run in flight (its process group) before the process exited.
    expect(alive(toolPid)).toBe(false)
    expect([run.io.code, run.io.signal]).toEqual([143, null])
  })

  it("SIGINT during a long skc sync: it stops between skills with 130, and no row is lost or doubled once sync runs again (RFC-0007:C-SYNC)", { timeout: 120_000 }, async () => {
    const sb = sandbox()
    const names = Array.from({ length: 30 }, (_, i) => `s${String(i).padStart(2, "0")}`)
    const rows = 4_000
    for (const name of names) {
      const src = join(sb.work, ".skillc", "skills", name)
      mkdirSync(src, { recursive: true })
      writeFileSync(join(src, "SKILL.md"), `---\nname: ${name}\ndescription: d\n---\n# ${name}\n`)
      // A fallback log as skc writes one while the runtime is read-only.
      makeLogDb(
        join(sb.work, ".skillc", "logs", name, ".skillc-meta", "logs.db"),
        Array.from({ length: rows }, (_, i) => ({
          timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
          run_id: `run-${i}`,
          command: "show",
          args: { section: `S${i}` }
        })),
        { skill: name, skill_path: src, cwd: sb.work }
      )
    }
    const fallbackOf = (name: string) => join(sb.work, ".skillc", "logs", name, ".skillc-meta", "logs.db")
    const primaryOf = (name: string) => join(sb.work, ".skillc", "runtime", name, ".skillc-meta", "logs.db")
    const run = start(sb, ["sync"])
    // Interrupted in the middle: once the first skill's fallback is gone (synced and deleted).
    await until(() => names.some((n) => !existsSync(fallbackOf(n))) || run.io.code !== undefined, "the first skill to sync")
    run.child.kill("SIGINT")
    await run.closed
    // 29 skills of 4,000 rows were still to sync when the signal came: far more than a poll's 50 ms.
    expect([run.io.code, run.io.signal]).toEqual([130, null])
    expect(names.filter((n) => existsSync(fallbackOf(n))).length).toBeGreaterThan(0)
    expect(run.io.err).not.toMatch(/\n\s+at /)
    // Whatever the signal cut, the logs are whole: a second sync moves the rest, and every row is in
    // its primary log exactly once.
    const again = await sb.runAsync(["sync"])
    expect(again.code).toBe(0)
    for (const name of names) {
      expect(existsSync(fallbackOf(name))).toBe(false)
      const check = new DatabaseSync(primaryOf(name), { readOnly: true })
      try {
        expect(check.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" })
        expect(check.prepare("SELECT count(*) AS n, count(DISTINCT run_id) AS runs FROM access_log WHERE command = 'show'").get()).toEqual({ n: rows, runs: rows })
      } finally {
        check.close()
      }
    }
  })

  it("SIGTERM during the sync of one large fallback: it stops after the span in hand with 143, and a second sync moves every row exactly once (RFC-0007:C-SYNC)", { timeout: 180_000 }, async () => {
    const sb = sandbox()
    const src = join(sb.work, ".skillc", "skills", "demo")
    mkdirSync(src, { recursive: true })
    writeFileSync(join(src, "SKILL.md"), "---\nname: demo\ndescription: d\n---\n# demo\n")
    // One fallback large enough that merging it takes seconds (before the fix a signal waited for all of it:
    // 500,000 rows, 12 s, then exit 0), written as skc writes one (its columns and timestamp index), one row a second.
    const rows = 500_000
    const fallback = join(sb.work, ".skillc", "logs", "demo", ".skillc-meta", "logs.db")
    makeLogDb(fallback, [], { skill: "demo", skill_path: src, cwd: sb.work })
    const fill = new DatabaseSync(fallback)
    try {
      fill.exec("CREATE INDEX access_log_timestamp ON access_log(timestamp)")
      fill
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows - 1})
           INSERT INTO access_log (timestamp, run_id, command, skill, skill_path, cwd, args, error)
           SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 1767225600 + i, 'unixepoch'), 'run-' || i, 'show', 'demo', ?, ?, '{"section":"S' || (i % 50) || '"}', NULL FROM n`
        )
        .run(src, sb.work)
    } finally {
      fill.close()
    }
    const primary = join(sb.work, ".skillc", "runtime", "demo", ".skillc-meta", "logs.db")
    const held = join(sb.work, ".skillc", "logs", ".syncing-demo", ".skillc-meta", "logs.db")
    const run = start(sb, ["sync"])
    // In the middle of the merge: the fallback is held aside and the primary log is being written.
    await until(() => existsSync(primary) || run.io.code !== undefined, "the merge to start")
    const sent = Date.now()
    run.child.kill("SIGTERM")
    await run.closed
    const waited = Date.now() - sent
    expect([run.io.code, run.io.signal]).toEqual([143, null])
    expect(run.io.out).toBe("")
    expect(run.io.err).not.toMatch(/\n\s+at /)
    // Answered between two spans of about 2,000 rows: the rest of the log was not merged first. A bound of
    // work, not time (a loaded machine is slow, never wrong), and a generous one of time besides.
    const count = (file: string) => {
      const db = new DatabaseSync(file, { readOnly: true })
      try {
        return (db.prepare("SELECT count(*) AS n FROM access_log").get() as { n: number }).n
      } finally {
        db.close()
      }
    }
    const merged = count(primary)
    expect(merged).toBeLessThan(rows / 2)
    expect(waited).toBeLessThan(10_000)
    // Nothing lost: the held fallback keeps every row until a sync has merged them all.
    expect(count(held)).toBe(rows)
    const again = await sb.runAsync(["sync"])
    expect(again).toEqual({ code: 0, stdout: `Synced ${rows - merged} entries for 'demo' (local logs removed)\n`, stderr: "" })
    expect(existsSync(held)).toBe(false)
    expect(existsSync(fallback)).toBe(false)
    const check = new DatabaseSync(primary, { readOnly: true })
    try {
      expect(check.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" })
      expect(check.prepare("SELECT count(*) AS n, count(DISTINCT run_id) AS runs FROM access_log").get()).toEqual({ n: rows, runs: rows })
    } finally {
      check.close()
    }
  })
})
